/**
 * CSV output. Reading CSV is the readers' job; writing is this one small, tested function, so
 * that every CSV the tool writes quotes and neutralises the same way.
 */
import { neutralizeFormula } from './neutralize-formula.js';

/** The byte-order mark written first, so that Excel opens UTF-8 Cyrillic text correctly. */
export const CSV_BOM = '\uFEFF';

/** Line ending of written CSV (what Excel writes and expects). */
export const CSV_NEWLINE = '\r\n';

/**
 * One CSV record (without the line ending): each value passed through `neutralizeFormula`, then
 * quoted with `"` when it holds the delimiter, a quote, a line break, or leading/trailing space.
 */
export function formatCsvRecord(values: readonly string[], delimiter: string): string {
  const needsQuotes = quotePattern(delimiter);
  let record = '';
  for (let i = 0; i < values.length; i++) {
    const value = neutralizeFormula(values[i] as string);
    if (i > 0) record += delimiter;
    record += needsQuotes.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  }
  return record;
}

const QUOTE_PATTERNS = new Map<string, RegExp>();

/**
 * The fields that need quotes: with the delimiter, a quote or a line break, or with white space
 * at either end (`\s` is the set `String.prototype.trim` removes). One test per field, compiled
 * once per delimiter.
 */
function quotePattern(delimiter: string): RegExp {
  let pattern = QUOTE_PATTERNS.get(delimiter);
  if (pattern === undefined) {
    const escaped = delimiter.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
    pattern = new RegExp(`${escaped}|["\\n\\r]|^\\s|\\s$`);
    QUOTE_PATTERNS.set(delimiter, pattern);
  }
  return pattern;
}
