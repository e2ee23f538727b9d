/**
 * Guesses the encoding of a seller's CSV from its first bytes. A BOM decides (UTF-8, UTF-16 LE/BE);
 * otherwise bytes that are (nearly all) valid UTF-8 mean UTF-8, and anything else is a Cyrillic
 * single-byte code page: Windows-1251, or KZ-1048 when the bytes that differ between the two read
 * as Kazakh letters (ә қ ң ө ... ) rather than Serbian or Ukrainian ones.
 */

/** Encodings the CSV reader can decode. */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1251' | 'kz-1048';

/** Every supported encoding, for messages. */
export const TEXT_ENCODINGS: readonly TextEncodingName[] = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1251', 'kz-1048'];

/** What `detectEncoding` found. */
interface DetectedEncoding {
  encoding: TextEncodingName;
  /** Bytes of the byte-order mark to skip (0 when none). */
  bomLength: number;
  /** True when the encoding is a guess (no BOM, not UTF-8): reported as a warning (its reason is the reader's to word). */
  guessed: boolean;
}

/** Normalises a user-given encoding name (`cp1251`, `UTF8`, `rk1048`, ...); `undefined` when unsupported. */
export function parseEncodingName(name: string): TextEncodingName | undefined {
  const key = name.trim().toLowerCase().replace(/[^a-z0-9]/g, '');
  const aliases: Record<string, TextEncodingName> = {
    utf8: 'utf-8',
    utf16le: 'utf-16le',
    utf16: 'utf-16le',
    ucs2: 'utf-16le',
    utf16be: 'utf-16be',
    windows1251: 'windows-1251',
    win1251: 'windows-1251',
    cp1251: 'windows-1251',
    '1251': 'windows-1251',
    kz1048: 'kz-1048',
    rk1048: 'kz-1048',
    strk10482002: 'kz-1048',
    windows1048: 'kz-1048',
  };
  // `Object.hasOwn`: `--encoding constructor` is unsupported, never the table's prototype.
  return Object.hasOwn(aliases, key) ? aliases[key] : undefined;
}

/** Reads the BOM at the start of `bytes`, if any. */
export function detectBom(bytes: Uint8Array): { encoding: TextEncodingName; length: number } | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return undefined;
}

/**
 * Detects the encoding of `sample` (the first bytes of the file). `complete` tells that the sample
 * is the whole file, so that a multi-byte character cut at its end is not held against UTF-8.
 */
export function detectEncoding(sample: Uint8Array, complete = false): DetectedEncoding {
  const bom = detectBom(sample);
  if (bom) return { encoding: bom.encoding, bomLength: bom.length, guessed: false };

  const utf16 = detectUtf16WithoutBom(sample);
  // Zero bytes in every other position: UTF-16 without a BOM.
  if (utf16) return { encoding: utf16, bomLength: 0, guessed: true };

  const { valid, invalid } = countUtf8Sequences(sample, complete);
  if (invalid === 0) return { encoding: 'utf-8', bomLength: 0, guessed: false };
  // A UTF-8 file with a few damaged bytes stays UTF-8 (the damage is reported per cell); Cyrillic
  // in a single-byte code page is almost never valid UTF-8.
  if (valid >= 9 * invalid) return { encoding: 'utf-8', bomLength: 0, guessed: false };

  // Not UTF-8: Kazakh letters in KZ-1048 positions, else Cyrillic single-byte text.
  return { encoding: scoreKazakhLetters(sample) ? 'kz-1048' : 'windows-1251', bomLength: 0, guessed: true };
}

function detectUtf16WithoutBom(sample: Uint8Array): TextEncodingName | undefined {
  const pairs = Math.min(Math.floor(sample.length / 2), 2048);
  if (pairs < 4) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < pairs; i++) {
    if (sample[2 * i] === 0) evenZeros++;
    if (sample[2 * i + 1] === 0) oddZeros++;
  }
  if (oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) return 'utf-16be';
  return undefined;
}

/** Counts valid multi-byte UTF-8 sequences and invalid bytes (ASCII is neither). */
function countUtf8Sequences(bytes: Uint8Array, complete: boolean): { valid: number; invalid: number } {
  let valid = 0;
  let invalid = 0;
  let i = 0;
  while (i < bytes.length) {
    const length = measureUtf8Sequence(bytes, i);
    if (length === 1 && (bytes[i] ?? 0) < 0x80) {
      i++;
      continue;
    }
    if (length > 0) {
      valid++;
      i += length;
      continue;
    }
    // A sequence cut by the end of the sample is not evidence against UTF-8.
    if (!complete && bytes.length - i < 4 && -length === bytes.length - i) break;
    invalid++;
    i += Math.max(1, -length);
  }
  return { valid, invalid };
}

/**
 * Length of the well-formed UTF-8 sequence at `at` (1..4), or minus the length of the maximal
 * invalid subpart (which is replaced by one U+FFFD, as the WHATWG decoder does).
 */
export function measureUtf8Sequence(bytes: Uint8Array, at: number): number {
  const lead = bytes[at] ?? 0;
  if (lead < 0x80) return 1;
  let need: number;
  let low = 0x80;
  let high = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) need = 1;
  else if (lead >= 0xe0 && lead <= 0xef) {
    need = 2;
    if (lead === 0xe0) low = 0xa0;
    if (lead === 0xed) high = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    need = 3;
    if (lead === 0xf0) low = 0x90;
    if (lead === 0xf4) high = 0x8f;
  } else return -1;
  for (let k = 1; k <= need; k++) {
    const byte = bytes[at + k];
    if (byte === undefined || byte < low || byte > high) return -k;
    low = 0x80;
    high = 0xbf;
  }
  return need + 1;
}

// Bytes where KZ-1048 has a Kazakh letter and Windows-1251 a Serbian/Macedonian letter or the rare
// Ukrainian ґ: in a Russian or Kazakh catalog these can only be Kazakh.
const KAZAKH_ONLY = new Set([0x8d, 0x8e, 0x9d, 0x9e, 0xa3, 0xa5, 0xb4, 0xbc, 0xbd, 0xbe]);
// Bytes where KZ-1048 has ұ ғ ү and Windows-1251 the Ukrainian/Belarusian ў є ї: either is plausible.
const AMBIGUOUS = new Set([0xa1, 0xa2, 0xaa, 0xaf, 0xba, 0xbf]);
// ы э ъ (both cases): Russian and Kazakh have them, Ukrainian does not.
const NOT_UKRAINIAN = new Set([0xfb, 0xdb, 0xfd, 0xdd, 0xfa, 0xda]);

function isLetterByte(byte: number | undefined): boolean {
  if (byte === undefined) return false;
  return byte >= 0xc0 || byte === 0xa8 || byte === 0xb8 || byte === 0xb2 || byte === 0xb3 || KAZAKH_ONLY.has(byte) || AMBIGUOUS.has(byte);
}

/** Letter-frequency score: true when the sample reads as Kazakh in KZ-1048 rather than as Windows-1251 text. */
function scoreKazakhLetters(sample: Uint8Array): boolean {
  let kazakh = 0;
  let ambiguous = 0;
  let notUkrainian = 0;
  for (let i = 0; i < sample.length; i++) {
    const byte = sample[i] ?? 0;
    if (NOT_UKRAINIAN.has(byte)) notUkrainian++;
    // Count letters inside words only, so that a stray symbol byte does not decide.
    if (!isLetterByte(sample[i - 1]) && !isLetterByte(sample[i + 1])) continue;
    if (KAZAKH_ONLY.has(byte)) kazakh++;
    else if (AMBIGUOUS.has(byte)) ambiguous++;
  }
  if (kazakh > 0 && kazakh * 4 >= ambiguous) return true;
  return ambiguous > 0 && notUkrainian > 0;
}
