/** The price: a positive finite number (a numeric cell, or text in the mapping's decimal format); required. */
import { parseDecimal } from '../parse-decimal.js';
import type { RuleFactory } from './field-rule.js';
import { compileParsedCellRule } from './parsed-cell-rule.js';
import { rememberLast } from './remember-last.js';

/** Rule of `columns.price`. */
export const compilePriceRule: RuleFactory = ({ slots, decimalFormat }) => {
  // The SKUs of a product often share a price, and a file with a wrong decimal setting or a "price
  // on request" column repeats the same bad text on every row: the last text's answer is kept
  // (parsing text is a pure function of it and of the file's format).
  const parseText = rememberLast((text: string): number | null => parseDecimal(text, decimalFormat));
  return compileParsedCellRule<number>({
    name: 'price',
    slot: slots.price,
    field: 'price',
    parse(cell) {
      const price = typeof cell.value === 'number' && cell.kind === 'number' ? cell.value : parseText(cell.text);
      return price === null || !Number.isFinite(price) || price <= 0 ? null : price;
    },
    invalidCode: 'invalid_price',
    invalidData: {},
    // "54990.9" under `decimal: ','` is a number, in the other notation: say so, not "must be a number".
    explainInvalid: (text) => {
      if (decimalFormat.decimal === 'auto') return undefined;
      const other = parseDecimal(text, { ...decimalFormat, decimal: 'auto' });
      return other !== null && other > 0 ? { variant: 'decimal', decimal: decimalFormat.decimal } : undefined;
    },
    assign(record, price) {
      record.sku.price = price;
    },
  });
};
