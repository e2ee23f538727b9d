/** The price: a positive finite number (a numeric cell, or text in the mapping's decimal format); required. */
import { parseDecimal } from '../parse-decimal.js';
import type { RuleFactory } from './field-rule.js';
import { compileParsedCellRule } from './parsed-cell-rule.js';

/** Rule of `columns.price`. */
export const compilePriceRule: RuleFactory = ({ slots, decimalFormat }) =>
  compileParsedCellRule<number>({
    name: 'price',
    slot: slots.price,
    what: 'the price',
    parse(cell) {
      const price = typeof cell.value === 'number' && cell.kind === 'number' ? cell.value : parseDecimal(cell.text, decimalFormat);
      return price === null || !Number.isFinite(price) || price <= 0 ? null : price;
    },
    invalidCode: 'invalid_price',
    describeInvalid: (text) => `the price must be a positive number, got "${text}"`,
    assign(record, price) {
      record.sku.price = price;
    },
  });
