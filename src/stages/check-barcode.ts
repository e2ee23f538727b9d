/**
 * Barcodes: GTIN check digits (EAN-8, UPC-A, EAN-13, GTIN-14) and the ways Excel damages them
 * (exponent notation, more than 15 significant digits, dropped leading zeros).
 */
import type { IssueData } from '../core/issue.js';
import type { SourceCell } from '../sources/types.js';

/** GTIN lengths the service can take: EAN-8, UPC-A, EAN-13, GTIN-14. */
const GTIN_LENGTHS: readonly number[] = [8, 12, 13, 14];

/** The outcome of reading a barcode cell. */
export type BarcodeCheck =
  | { status: 'ok'; barcode: string }
  /** Leading zeros were restored (only when asked to and the check digit then verifies). */
  | { status: 'repaired'; barcode: string }
  /** `cause`: why, as issue data (`reason` names the catalog's `reason.<x>`). */
  | { status: 'damaged'; cause: IssueData; repaired?: string }
  | { status: 'invalid'; cause: IssueData }
  | { status: 'check_digit'; expected: number; barcode: string };

/** True when `digits` is a GTIN of a supported length with a correct check digit. */
export function isValidGtin(digits: string): boolean {
  return /^\d+$/.test(digits) && GTIN_LENGTHS.includes(digits.length) && computeCheckDigit(digits) === Number(digits[digits.length - 1]);
}

/** The GTIN check digit of a code (the last digit of `digits` is the one being checked and is ignored). */
export function computeCheckDigit(digits: string): number {
  let sum = 0;
  // Weights 3,1,3,… from the digit left of the check digit, whatever the length.
  for (let i = digits.length - 2, weight = 3; i >= 0; i--, weight = 4 - weight) sum += Number(digits[i]) * weight;
  return (10 - (sum % 10)) % 10;
}

/** Checks one barcode cell. Text cells keep their leading zeros; number cells are checked for Excel damage. */
export function checkBarcode(cell: SourceCell, options: { repairLeadingZeros: boolean }): BarcodeCheck {
  const text = cell.text.trim();
  const flags = cell.flags ?? [];
  if (flags.includes('exponent') || /^\d([.,]\d+)?e\+?\d+$/i.test(text)) {
    return { status: 'damaged', cause: { reason: 'exponent', text } };
  }
  if (flags.includes('precision_lost')) {
    return { status: 'damaged', cause: { reason: 'over_15_digits', text } };
  }
  const digits = text.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return { status: 'invalid', cause: { reason: 'not_digits', text } };
  if (cell.kind === 'number' && !GTIN_LENGTHS.includes(digits.length) && digits.length < 14) {
    const padded = padToValidGtin(digits);
    if (padded !== undefined) {
      return options.repairLeadingZeros
        ? { status: 'repaired', barcode: padded }
        : { status: 'damaged', cause: { reason: 'leading_zeros', digits: digits.length }, repaired: padded };
    }
  }
  if (!GTIN_LENGTHS.includes(digits.length)) {
    return { status: 'invalid', cause: { reason: 'length', digits: digits.length } };
  }
  const expected = computeCheckDigit(digits);
  if (expected !== Number(digits[digits.length - 1])) return { status: 'check_digit', expected, barcode: digits };
  return { status: 'ok', barcode: digits };
}

function padToValidGtin(digits: string): string | undefined {
  for (const length of GTIN_LENGTHS) {
    if (length > digits.length) {
      const padded = digits.padStart(length, '0');
      if (isValidGtin(padded)) return padded;
    }
  }
  return undefined;
}
