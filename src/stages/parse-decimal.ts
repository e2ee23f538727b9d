/** Numbers written by people and regional Excel: `1 298,00`, `1.355,90`, `12%`, `4 500 ₸`. */

/** How text numbers are written. */
export interface DecimalFormat {
  /** Decimal separator; `auto` decides per value. */
  decimal: ',' | '.' | 'auto';
  /** Characters removed as thousands separators (space, NBSP, narrow NBSP by default). */
  thousands: readonly string[];
}

const CURRENCY = /\s*(₸|тг\.?|тенге|kzt)$/i;

/**
 * Parses a decimal number from text, or returns null. With `decimal: auto`, when both `,` and `.`
 * occur the last one is the decimal separator and the other groups thousands; a separator that
 * occurs more than once groups thousands; a single one is the decimal separator. With a fixed
 * decimal separator the other one may only group thousands by three, before it.
 */
export function parseDecimal(text: string, format: DecimalFormat): number | null {
  // Most cells are plain digits with at most one separator: read them without the general path's
  // dozen intermediate strings (same answer, checked against it in the tests), unless the format
  // groups thousands with that separator.
  if (format.decimal !== ',' && PLAIN_POINT.test(text) && !format.thousands.includes('.')) return Number(text);
  if (format.decimal !== '.' && PLAIN_COMMA.test(text) && !format.thousands.includes(',')) return Number(text.replace(',', '.'));
  return parseDecimalText(text, format);
}

const PLAIN_POINT = /^\d{1,15}(?:\.\d{1,15})?$/;
const PLAIN_COMMA = /^\d{1,15},\d{1,15}$/;

/** The general path of `parseDecimal`, exported for the tests that hold the fast path to it. */
export function parseDecimalText(text: string, format: DecimalFormat): number | null {
  let body = text.trim().replace(CURRENCY, '');
  // Checked before the thousands separators are removed, which would hide where they stood.
  if (format.decimal !== 'auto' && isOtherSeparatorAfterDecimal(body, format.decimal)) return null;
  for (const separator of format.thousands) body = body.split(separator).join('');
  body = body.replace(/\s+/g, '');
  if (!/^[+-]?[\d.,]+$/.test(body) || !/\d/.test(body)) return null;
  const decimal = format.decimal === 'auto' ? pickDecimal(body) : format.decimal;
  const grouping = decimal === ',' ? '.' : ',';
  if (decimal !== null && body.split(decimal).length > 2) return null;
  const integerPart = (decimal === null ? body : (body.split(decimal)[0] ?? '')).replace(/^[+-]/, '');
  // A grouping separator must group by three, so that `1,5` with `decimal: '.'` is refused, not read as 15.
  if (integerPart.includes(grouping) && !new RegExp(`^\\d{1,3}(\\${grouping}\\d{3})+$`).test(integerPart)) return null;
  body = body.split(grouping).join('');
  if (decimal === ',') body = body.replace(',', '.');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(body)) return null;
  const value = Number(body);
  return Number.isFinite(value) ? value : null;
}

/**
 * Whether the other separator stands after the decimal one: under `decimal: ','` the text `1,299.50`
 * is a number in the other notation, and reading it as 1.2995 would send a price 1000 times too low.
 */
function isOtherSeparatorAfterDecimal(body: string, decimal: ',' | '.'): boolean {
  const at = body.indexOf(decimal);
  return at >= 0 && body.includes(decimal === ',' ? '.' : ',', at + 1);
}

function pickDecimal(body: string): ',' | '.' | null {
  const lastComma = body.lastIndexOf(',');
  const lastDot = body.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) return lastComma > lastDot ? ',' : '.';
  if (lastComma >= 0) return body.indexOf(',') === lastComma ? ',' : '.';
  if (lastDot >= 0) return body.indexOf('.') === lastDot ? '.' : ',';
  return null;
}
