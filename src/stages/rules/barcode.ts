/**
 * The barcode: a GTIN with a right check digit, Excel's damage named (and leading zeros restored
 * when allowed); required. A cell with several barcodes is refused, or (`several: first`) gives
 * its first barcode to the SKU, each of the others checked and reported, or (`several: each`)
 * gives each barcode a SKU of its own: every one checked as a barcode (a bad or repeated one is an
 * error of the row), the others kept on the record for the row mapper to copy.
 */
import type { SourceCell } from '../../sources/types.js';
import { checkBarcode } from '../check-barcode.js';
import type { CellLocation } from '../mapped-row.js';
import type { RuleFactory } from './field-rule.js';
import type { RowContext } from './row-context.js';

/** Digits, then a separator (comma, semicolon, slash, line break or spaces), then digits again. */
const SEVERAL = /^\d{6,14}(?:\s*[,;/|\n]\s*|\s+)\d{6,14}/;
const SEPARATORS = /\s*[,;/|\n]\s*|\s+/;

/** Rule of `columns.barcode`; without an SKU key column the barcode is the SKU key. */
export const compileBarcodeRule: RuleFactory = ({ slots, mapping }) => {
  const slot = slots.barcode;
  const options = mapping.validation.barcode;
  const barcodeIsSkuKey = slots.skuKey === undefined;
  const several = options.several;
  const required = mapping.validation.requireBarcode;
  return {
    name: 'barcode',
    apply(ctx) {
      const record = ctx.record;
      if (record === null) return;
      let cell = ctx.readCell(slot);
      if (cell !== undefined && cell !== null && SEVERAL.test(cell.text.trim())) {
        if (several === 'each') {
          const extra = takeEachBarcode(ctx, cell, slot?.location, options);
          cell = extra.first;
          if (extra.others.length > 0) record.extraBarcodes = extra.others;
        } else cell = takeFirstBarcode(ctx, cell, slot?.location, several, options);
      }
      if (cell === undefined) {
        if (required) ctx.requireMissing(slot, 'barcode');
      } else if (cell !== null) {
        const location = slot?.location;
        const check = checkBarcode(cell, options);
        const value = cell.text;
        switch (check.status) {
          case 'ok':
            record.sku.barcode = check.barcode;
            break;
          case 'repaired':
            record.sku.barcode = check.barcode;
            ctx.report('barcode_leading_zero_restored', 'warning', location, { barcode: check.barcode }, value);
            break;
          case 'damaged':
            ctx.report(
              'barcode_damaged_by_excel',
              'error',
              location,
              { ...check.cause, ...(check.repaired === undefined ? { hint: 'retype_barcodes_as_text' } : { hint: 'barcode_probably', repaired: check.repaired }) },
              value,
            );
            break;
          case 'invalid':
            ctx.report('invalid_barcode', 'error', location, check.cause, value);
            break;
          case 'check_digit':
            ctx.report('barcode_check_digit_mismatch', 'error', location, { barcode: check.barcode, expected: check.expected }, value);
        }
      }
      // Without a barcode (allowed when the service does not require one) and without an SKU key
      // column, the product key stands for the SKU: one SKU per product.
      if (barcodeIsSkuKey) record.skuKey = record.sku.barcode !== '' || required ? record.sku.barcode : record.productKey;
    },
  };
};

/**
 * `several: each`: the first barcode of the cell (checked by the rule as the row's own) and the
 * others, each checked here like a barcode of its own: a bad one or one repeated in the cell is an
 * error at the cell, naming it; the row then sends none of them.
 */
function takeEachBarcode(ctx: RowContext, cell: SourceCell, location: CellLocation | undefined, options: { repairLeadingZeros: boolean }): { first: SourceCell; others: string[] } {
  const [first = '', ...rest] = splitBarcodes(cell.text);
  return { first: { kind: 'string', text: first, value: first }, others: checkOtherBarcodes(ctx, cell, location, first, rest, options, true) };
}

/**
 * The barcodes after the first of a cell, each checked like a barcode of its own: returns those
 * that pass; a repeated or bad one is an error under `several: each` (the row then sends none),
 * a warning under `several: first`.
 */
function checkOtherBarcodes(ctx: RowContext, cell: SourceCell, location: CellLocation | undefined, first: string, others: readonly string[], options: { repairLeadingZeros: boolean }, each: boolean): string[] {
  const severity = each ? 'error' : 'warning';
  const seen = new Set([first]);
  const passed: string[] = [];
  for (const other of others) {
    if (seen.has(other)) {
      ctx.report('several_barcodes', severity, location, { variant: each ? 'repeated_each' : 'repeated', barcode: other }, cell.text);
      continue;
    }
    seen.add(other);
    const check = checkBarcode({ kind: 'string', text: other, value: other }, options);
    if (check.status === 'ok' || check.status === 'repaired') passed.push(check.barcode);
    else if (check.status === 'check_digit') ctx.report('barcode_check_digit_mismatch', severity, location, each ? { barcode: check.barcode, expected: check.expected } : { variant: 'extra', barcode: other }, cell.text);
    else ctx.report('invalid_barcode', severity, location, { ...check.cause, variant: each ? 'other' : 'extra', barcode: other }, cell.text);
  }
  return passed;
}

function splitBarcodes(text: string): string[] {
  return text
    .trim()
    .split(SEPARATORS)
    .filter((piece) => piece !== '');
}

/**
 * The first barcode of a cell holding several, as a cell of its own; `null` (reported) when the
 * mapping refuses such cells. The others are checked one by one: each bad or repeated one is a
 * warning, and one warning lists those not sent.
 */
function takeFirstBarcode(
  ctx: RowContext,
  cell: SourceCell,
  location: CellLocation | undefined,
  several: 'error' | 'first',
  options: { repairLeadingZeros: boolean },
): SourceCell | null {
  const pieces = splitBarcodes(cell.text);
  if (several === 'error') {
    ctx.report(
      'several_barcodes',
      'error',
      location,
      { count: pieces.length, hint: 'set_several_barcodes' },
      cell.text,
    );
    return null;
  }
  const [first = '', ...others] = pieces;
  const sent = checkOtherBarcodes(ctx, cell, location, first, others, options, false);
  if (sent.length > 0) {
    ctx.report('several_barcodes', 'warning', location, { variant: sent.length === 1 ? 'first_one' : 'first', pieces: pieces.length, barcode: first, rest: sent.join(', ') }, cell.text);
  }
  return { kind: 'string', text: first, value: first };
}
