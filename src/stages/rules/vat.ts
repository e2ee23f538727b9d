/** The VAT rate: a number (or an "exempt" word) among `validation.vat`, else `defaults.vat`; required. */
import { normalizeName } from '../../mapping/normalize-name.js';
import type { SourceCell } from '../../sources/types.js';
import { parseDecimal, type DecimalFormat } from '../parse-decimal.js';
import type { RuleFactory } from './field-rule.js';
import { compileParsedCellRule } from './parsed-cell-rule.js';

// VAT cells that mean "exempt", in Russian and Kazakh.
const VAT_EXEMPT = new Set(['без НДС', 'НДС не облагается', 'не облагается', 'ҚҚС жоқ', 'ҚҚС салынбайды'].map(normalizeName));

/** Rule of `columns.vat` / `defaults.vat`. */
export const compileVatRule: RuleFactory = ({ slots, mapping, decimalFormat }) => {
  const allowed = mapping.validation.vat;
  const invalidData = { allowed: allowed.join(', ') };
  return compileParsedCellRule<number>({
    name: 'vat',
    slot: slots.vat,
    fallback: mapping.defaults.vat,
    field: 'vat',
    parse(cell) {
      const vat = parseVat(cell, decimalFormat);
      return vat === null || !allowed.includes(vat) ? null : vat;
    },
    invalidCode: 'invalid_vat',
    invalidData,
    assign(record, vat) {
      record.product.vat = vat;
    },
  });
};

function parseVat(cell: SourceCell, format: DecimalFormat): number | null {
  if (cell.kind === 'number' && typeof cell.value === 'number') return Number.isInteger(cell.value) ? cell.value : null;
  const text = cell.text.trim();
  if (VAT_EXEMPT.has(normalizeName(text))) return 0;
  const value = parseDecimal(text.replace(/%$/, ''), format);
  return value !== null && Number.isInteger(value) ? value : null;
}
