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
  const formatField = createCsvFieldFormatter(delimiter);
  let record = '';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) record += delimiter;
    record += formatField(values[i] as string);
  }
  return record;
}

/** One field as `formatCsvRecord` writes it (neutralised, quoted when needed); made once per delimiter. */
export function createCsvFieldFormatter(delimiter: string): (value: string) => string {
  const special = specialPattern(delimiter);
  return (text) => {
    const value = neutralizeFormula(text);
    return needsQuotes(value, special) ? `"${value.replaceAll('"', '""')}"` : value;
  };
}

const SPECIAL_PATTERNS = new Map<string, RegExp>();
const SPACE = /\s/;

/**
 * Whether a field needs quotes: the delimiter, a quote or a line break anywhere, or white space
 * at either end (`\s` is the set `String.prototype.trim` removes). The ends are tested by char
 * code first: a regex with `^\s|\s$` alternatives tried at every position cost a tenth of a large
 * annotated CSV's write.
 */
function needsQuotes(value: string, special: RegExp): boolean {
  const length = value.length;
  if (length === 0) return false;
  if (isSpaceAt(value, 0) || isSpaceAt(value, length - 1)) return true;
  return special.test(value);
}

function isSpaceAt(value: string, index: number): boolean {
  const code = value.charCodeAt(index);
  if (code > 32 && code < 127) return false;
  return SPACE.test(value[index] as string);
}

/** The delimiter, a quote or a line break: one character class, compiled once per delimiter. */
function specialPattern(delimiter: string): RegExp {
  let pattern = SPECIAL_PATTERNS.get(delimiter);
  if (pattern === undefined) {
    const escaped = delimiter.replace(/[\\\]^-]/g, '\\$&');
    pattern = new RegExp(`[${escaped}"\\n\\r]`);
    SPECIAL_PATTERNS.set(delimiter, pattern);
  }
  return pattern;
}
