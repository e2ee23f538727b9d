/** Made in Kazakhstan: a yes/no cell (or `defaults.isLocalMade`); required. */
import { parseBoolean } from '../parse-boolean.js';
import type { RuleFactory } from './field-rule.js';

/** Rule of `columns.isLocalMade` / `defaults.isLocalMade`. */
export const compileLocalMadeRule: RuleFactory = ({ slots, mapping, booleans }) => {
  const slot = slots.isLocalMade;
  const fallback = mapping.defaults.isLocalMade;
  const words = `use one of: ${[...mapping.booleans.true, ...mapping.booleans.false].join(', ')}`;
  return {
    name: 'isLocalMade',
    apply(ctx) {
      const record = ctx.record;
      if (record === null) return;
      const cell = ctx.readCell(slot);
      if (cell === null) return;
      if (cell === undefined) {
        if (fallback !== undefined) record.product.isLocalMade = fallback;
        else ctx.requireMissing(slot, 'the made-in-Kazakhstan flag');
        return;
      }
      const value = typeof cell.value === 'boolean' ? cell.value : parseBoolean(cell.text, booleans);
      if (value === null) ctx.report('invalid_boolean', 'error', slot?.location, `"${cell.text}" is not a yes/no word`, cell.text, words);
      else record.product.isLocalMade = value;
    },
  };
};
