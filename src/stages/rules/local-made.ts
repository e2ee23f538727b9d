/** Made in Kazakhstan: a yes/no cell (or `defaults.isLocalMade`); required. */
import { parseBoolean } from '../parse-boolean.js';
import type { RuleFactory } from './field-rule.js';
import { compileParsedCellRule } from './parsed-cell-rule.js';

/** Rule of `columns.isLocalMade` / `defaults.isLocalMade`. */
export const compileLocalMadeRule: RuleFactory = ({ slots, mapping, booleans }) =>
  compileParsedCellRule<boolean>({
    name: 'isLocalMade',
    slot: slots.isLocalMade,
    fallback: mapping.defaults.isLocalMade,
    field: 'local_made',
    parse: (cell) => (typeof cell.value === 'boolean' ? cell.value : parseBoolean(cell.text, booleans)),
    invalidCode: 'invalid_boolean',
    invalidData: { hint: 'use_one_of', words: [...mapping.booleans.true, ...mapping.booleans.false].join(', ') },
    assign(record, value) {
      record.product.isLocalMade = value;
    },
  });
