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
  return values.map((value) => quoteCsvField(neutralizeFormula(value), delimiter)).join(delimiter);
}

function quoteCsvField(value: string, delimiter: string): string {
  const needsQuotes =
    value.includes(delimiter) || value.includes('"') || value.includes('\n') || value.includes('\r') || value !== value.trim();
  return needsQuotes ? `"${value.replaceAll('"', '""')}"` : value;
}
