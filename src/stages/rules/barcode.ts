/** The barcode: a GTIN with a right check digit, Excel's damage named (and leading zeros restored when allowed); required. */
import { checkBarcode } from '../check-barcode.js';
import type { RuleFactory } from './field-rule.js';

/** Rule of `columns.barcode`; without an SKU key column the barcode is the SKU key. */
export const compileBarcodeRule: RuleFactory = ({ slots, mapping }) => {
  const slot = slots.barcode;
  const options = mapping.validation.barcode;
  const barcodeIsSkuKey = slots.skuKey === undefined;
  return {
    name: 'barcode',
    apply(ctx) {
      const record = ctx.record;
      if (record === null) return;
      const cell = ctx.readCell(slot);
      if (cell === undefined) {
        ctx.requireMissing(slot, 'the barcode');
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
            ctx.report('barcode_leading_zero_restored', 'warning', location, `Excel dropped leading zeros of the barcode; restored as ${check.barcode}`, value);
            break;
          case 'damaged':
            ctx.report(
              'barcode_damaged_by_excel',
              'error',
              location,
              check.reason,
              value,
              check.repaired === undefined
                ? 'format the column as text and type the barcodes again'
                : `probably ${check.repaired}; format the column as text, or set validation.barcode.repairLeadingZeros`,
            );
            break;
          case 'invalid':
            ctx.report('invalid_barcode', 'error', location, check.reason, value);
            break;
          case 'check_digit':
            ctx.report('barcode_check_digit_mismatch', 'error', location, `the check digit of barcode ${check.barcode} should be ${check.expected}`, value);
        }
      }
      if (barcodeIsSkuKey) record.skuKey = record.sku.barcode;
    },
  };
};
