/** The price: a positive finite number (a numeric cell, or text in the mapping's decimal format); required. */
import { parseDecimal } from '../parse-decimal.js';
import type { RuleFactory } from './field-rule.js';

/** Rule of `columns.price`. */
export const compilePriceRule: RuleFactory = ({ slots, decimalFormat }) => {
  const slot = slots.price;
  return {
    name: 'price',
    apply(ctx) {
      const record = ctx.record;
      if (record === null) return;
      const cell = ctx.readCell(slot);
      if (cell === null) return;
      if (cell === undefined) {
        ctx.requireMissing(slot, 'the price');
        return;
      }
      const price = typeof cell.value === 'number' && cell.kind === 'number' ? cell.value : parseDecimal(cell.text, decimalFormat);
      if (price === null || !Number.isFinite(price) || price <= 0) {
        ctx.report('invalid_price', 'error', slot?.location, `the price must be a positive number, got "${cell.text}"`, cell.text);
      } else {
        record.sku.price = price;
      }
    },
  };
};
