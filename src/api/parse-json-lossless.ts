/**
 * JSON.parse that keeps every integer exact. Node 20's `JSON.parse` has no access to a number's
 * source text, so an id above 2^53 (a job id of the live service is an int64) would lose digits.
 * Integers too long to be safe are turned into strings before parsing; everything else parses as
 * usual. Ids are carried as strings from there on.
 */

/** Digits from which an integer may no longer be exact as a JS number. */
const RISKY_DIGITS = 16;

/** Parses JSON text; integers beyond `Number.MAX_SAFE_INTEGER` become decimal strings. */
export function parseJsonLossless(text: string): unknown {
  // Fast path: no run of 16 digits anywhere means no integer can be unsafe.
  if (!/\d{16}/.test(text)) return JSON.parse(text) as unknown;
  return JSON.parse(quoteUnsafeIntegers(text)) as unknown;
}

/** Rewrites bare unsafe integers (outside strings) as quoted strings. */
function quoteUnsafeIntegers(text: string): string {
  let out = '';
  let copiedTo = 0;
  let index = 0;
  while (index < text.length) {
    const char = text.charCodeAt(index);
    if (char === 0x22 /* " */) {
      index = skipString(text, index);
      continue;
    }
    if (char === 0x2d /* - */ || (char >= 0x30 && char <= 0x39)) {
      const end = scanNumber(text, index);
      const token = text.slice(index, end);
      if (/^-?\d+$/.test(token) && token.replace('-', '').length >= RISKY_DIGITS && !Number.isSafeInteger(Number(token))) {
        out += `${text.slice(copiedTo, index)}"${token}"`;
        copiedTo = end;
      }
      index = end;
      continue;
    }
    index += 1;
  }
  return copiedTo === 0 ? text : out + text.slice(copiedTo);
}

function skipString(text: string, start: number): number {
  let index = start + 1;
  while (index < text.length) {
    const char = text.charCodeAt(index);
    if (char === 0x5c /* \ */) index += 2;
    else if (char === 0x22) return index + 1;
    else index += 1;
  }
  return index;
}

function scanNumber(text: string, start: number): number {
  let index = start + 1;
  while (index < text.length && /[0-9eE.+-]/.test(text.charAt(index))) index += 1;
  return index;
}
