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
 * One field as every CSV the tool writes has it: passed through `neutralizeFormula`, then quoted
 * with `"` when it holds the delimiter, a quote, a line break, or leading/trailing space. Made once
 * per delimiter.
 */
export function createCsvFieldFormatter(delimiter: string): (value: string) => string {
  // The delimiter, a quote or a line break: one character class.
  const special = new RegExp(`[${delimiter.replace(/[\\\]^-]/g, '\\$&')}"\\n\\r]`);
  return (text) => {
    const value = neutralizeFormula(text);
    return needsQuotes(value, special) ? `"${value.replaceAll('"', '""')}"` : value;
  };
}

/**
 * Whether a record given as UTF-8 bytes with no quote, CR or LF in it (the copies' byte path,
 * `copy-csv-records.ts`), split at a one-byte `delimiter`, is exactly what the field formatter writes
 * of its fields: its number of fields when every field is written as it stands (no formula start,
 * nothing that may be white space at either end), else -1. Only each field's first and last
 * characters are looked at.
 */
export function measureVerbatimBytes(bytes: Uint8Array, start: number, end: number, delimiter: number): number {
  let count = 0;
  let field = start;
  for (;;) {
    count++;
    let fieldEnd = bytes.indexOf(delimiter, field);
    if (fieldEnd === -1 || fieldEnd > end) fieldEnd = end;
    if (fieldEnd > field) {
      const first = readCodeUnitAt(bytes, field);
      if (first === 61 || first === 43 || first === 45 || first === 64 || mayBeSpecialAtEnd(first)) return -1;
      let last = fieldEnd - 1;
      while (((bytes[last] as number) & 0xc0) === 0x80) last--;
      if (mayBeSpecialAtEnd(readCodeUnitAt(bytes, last))) return -1;
    }
    if (fieldEnd === end) return count;
    field = fieldEnd + 1;
  }
}

/** The UTF-16 code unit (`charCodeAt`) of the character whose UTF-8 starts at `at`; a character past U+FFFF gives its high surrogate. */
function readCodeUnitAt(bytes: Uint8Array, at: number): number {
  const lead = bytes[at] as number;
  if (lead < 0x80) return lead;
  if (lead < 0xe0) return ((lead & 0x1f) << 6) | ((bytes[at + 1] as number) & 0x3f);
  if (lead < 0xf0) return ((lead & 0x0f) << 12) | (((bytes[at + 1] as number) & 0x3f) << 6) | ((bytes[at + 2] as number) & 0x3f);
  return 0xd800;
}


/**
 * A character that may be white space (`\s`) or a formula trigger (`neutralizeFormula`): ASCII
 * controls and space, DEL, C1 controls and no-break space, the Unicode space and format blocks,
 * the BOM and the full-width forms block. Wider than needed: a false alarm only costs formatting.
 */
function mayBeSpecialAtEnd(code: number): boolean {
  if (code > 32 && code < 127) return false;
  if (code < 0x1680) return code <= 32 || (code >= 127 && code <= 0xa0);
  return code === 0x1680 || (code >= 0x2000 && code <= 0x206f) || code === 0x3000 || code === 0xfeff || (code >= 0xff00 && code <= 0xff60);
}

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

/** Whether the UTF-16 code unit at `index` is white space as a field's ends are tested for quoting (`\s`). */
function isSpaceAt(value: string, index: number): boolean {
  const code = value.charCodeAt(index);
  if (code > 32 && code < 127) return false;
  return SPACE.test(String.fromCharCode(code));
}
