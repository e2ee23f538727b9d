/**
 * The shared-string table of a workbook, kept compact. Excel stores every text once in
 * `sharedStrings.xml` and cells refer to it by index, so a streaming reader must keep the whole
 * table while it reads the sheet. Instead of one JS string per entry (a header and a pointer each,
 * two bytes per Cyrillic letter), entries are packed into byte pages: one byte per character
 * when the text fits Windows-1251 (Russian, English, digits), or, failing that, Windows-1251 with
 * the Kazakh letters in place of the Serbian, Macedonian and Belarusian ones (the layout of
 * KZ-1048), UTF-8 otherwise (emoji, other scripts), in 1 MB pages, with 5 bytes of index a string.
 * Kazakh text took 1.65 bytes a character in UTF-8 (every Cyrillic letter two bytes): on the
 * 500,000-row bench workbook that was 99 MB of the table's 166 MB, 39 MB more than one byte a
 * character. Measured figures are in docs/input-files.md. One pass over a string writes its
 * bytes and finds its page (`encodeOneByte`); only a string that fits neither is written again.
 */
import { Buffer } from 'node:buffer';
import { endianness } from 'node:os';
import { TextDecoder } from 'node:util';

/** Append-only table of strings by index. */
export interface SharedStringTable {
  add(text: string): void;
  /** The string at `index`, or `undefined` past the end. */
  get(index: number): string | undefined;
  /** Number of strings. */
  readonly size: number;
  /** Bytes held by the table's buffers (for measurements). */
  byteLength(): number;
}

const UTF8 = 0;
const SINGLE_BYTE = 1;
const KAZAKH_BYTE = 2;
// What the one-byte table tells of a character besides its byte: the page it is missing from.
const NOT_IN_1251 = 1 << 8;
const NOT_IN_KAZAKH = 1 << 9;

// Windows-1251 decodes natively (ICU) in Node; without ICU the table falls back to UTF-8 only.
const singleByteDecoder = createSingleByteDecoder();
const ENCODE = buildEncodeTable();
// The Kazakh page: Windows-1251 with 16 letters no Kazakh text uses (Ђђ Ѓѓ Љљ Њњ Ќќ Ћћ Џџ Ўў)
// replaced by the 16 Kazakh letters it lacks (Іі are in Windows-1251 already). No decoder knows
// it, so a string is expanded to UTF-16 through a table and decoded natively from there, which
// needs a little-endian machine (every machine Node runs on in practice; else UTF-8 is used).
const KAZAKH_SWAPS: readonly (readonly [string, string])[] = [
  ['Ђ', 'Ә'], ['ђ', 'ә'], ['Ѓ', 'Ғ'], ['ѓ', 'ғ'], ['Љ', 'Қ'], ['љ', 'қ'], ['Њ', 'Ң'], ['њ', 'ң'],
  ['Ќ', 'Ө'], ['ќ', 'ө'], ['Ћ', 'Ұ'], ['ћ', 'ұ'], ['Џ', 'Ү'], ['џ', 'ү'], ['Ў', 'Һ'], ['ў', 'һ'],
];
const KAZAKH_DECODE = buildKazakhDecodeTable();
const ONE_BYTE = buildOneByteTable(ENCODE, buildKazakhEncodeTable(KAZAKH_DECODE));
// Strings up to this many characters expand in one reused buffer; longer ones get their own.
const SCRATCH_CHARS = 1 << 16;
const scratch = Buffer.allocUnsafe(SCRATCH_CHARS * 2);
const scratchUnits = new Uint16Array(scratch.buffer, scratch.byteOffset, SCRATCH_CHARS);

function createSingleByteDecoder(): TextDecoder | undefined {
  try {
    return new TextDecoder('windows-1251');
  } catch {
    return undefined;
  }
}

/** Character code → Windows-1251 byte, -1 when the character has none. */
function buildEncodeTable(): Int16Array {
  const table = new Int16Array(0x2200).fill(-1);
  if (singleByteDecoder === undefined) return table;
  const chars = singleByteDecoder.decode(Uint8Array.from({ length: 256 }, (_, i) => i));
  for (let byte = 0; byte < 256; byte++) {
    const code = chars.charCodeAt(byte);
    if (code < table.length && table[code] === -1) table[code] = byte;
  }
  return table;
}

/** Byte → UTF-16 code unit of the Kazakh page; empty where the table cannot use it. */
function buildKazakhDecodeTable(): Uint16Array {
  if (singleByteDecoder === undefined || endianness() !== 'LE') return new Uint16Array(0);
  const chars = singleByteDecoder.decode(Uint8Array.from({ length: 256 }, (_, i) => i));
  const table = Uint16Array.from({ length: 256 }, (_, byte) => chars.charCodeAt(byte));
  for (const [from, to] of KAZAKH_SWAPS) table[chars.indexOf(from)] = to.charCodeAt(0);
  return table;
}

/**
 * Character code → its byte in both one-byte pages, with `NOT_IN_1251` or `NOT_IN_KAZAKH` when one
 * of them lacks it; -1 when neither has it. A character both pages have has the same byte in both
 * (the Kazakh page only swaps 16 places), so one pass writes a string's bytes and learns which
 * page it fits: Windows-1251 unless it holds a Kazakh letter, neither when it holds a letter of
 * each (then UTF-8).
 */
function buildOneByteTable(encode: Int16Array, kazakh: Int16Array): Int16Array {
  const table = new Int16Array(encode.length).fill(-1);
  for (let code = 0; code < table.length; code++) {
    const common = encode[code] ?? -1;
    const swapped = kazakh[code] ?? -1;
    // Never apart in practice; were they, the character would simply keep Kazakh text in UTF-8.
    if (common >= 0) table[code] = swapped === common ? common : common | NOT_IN_KAZAKH;
    else if (swapped >= 0) table[code] = swapped | NOT_IN_1251;
  }
  return table;
}

/** Character code → byte of the Kazakh page, -1 when the character has none. */
function buildKazakhEncodeTable(decode: Uint16Array): Int16Array {
  const table = new Int16Array(0x2200).fill(-1);
  for (let byte = 0; byte < decode.length; byte++) {
    const code = decode[byte] as number;
    if (code < table.length && table[code] === -1) table[code] = byte;
  }
  return table;
}

// Text is stored in pages of 1 MB and indexes in chunks of 64 Ki entries: no doubling, so
// neither slack of up to half the table nor copies while it grows. A cell holds at most 32,767
// characters (98 KB in UTF-8), so a string always fits in one page.
const PAGE_BYTES = 1 << 20;
const INDEX_BITS = 16;
const INDEX_CHUNK = 1 << INDEX_BITS;

// Decoded strings are kept in a small direct-mapped cache by index: the SKU rows of a product refer
// to the same strings (its name, description, photos) and a column such as the category or the
// colour repeats a few strings all the file long. Handing out the same string object again costs
// nothing, where decoding a fresh copy costs its bytes twice: once to build, and once more for the
// collector, which copies every string the pipeline still holds (products stay open for a while)
// out of the young generation. The cache holds at most CACHE_CHARS characters, so a table of huge
// strings cannot make it large.
const CACHE_SLOTS = 1 << 12;
const CACHE_CHARS = 1 << 22;

/** Creates an empty table. */
export function createSharedStringTable(): SharedStringTable {
  const pages: Buffer[] = [];
  // Index of the first string of each page, to find a string's page by binary search.
  const pageFirst: number[] = [];
  // Per string: end offset within its page, and how it is stored (UTF8, SINGLE_BYTE or KAZAKH_BYTE).
  const endChunks: Uint32Array[] = [];
  const modeChunks: Uint8Array[] = [];
  let page: Buffer = Buffer.alloc(0);
  let used = 0;
  let size = 0;

  const endOf = (index: number): number => (endChunks[index >> INDEX_BITS] as Uint32Array)[index & (INDEX_CHUNK - 1)] ?? 0;

  const cachedIndex = new Int32Array(CACHE_SLOTS).fill(-1);
  const cachedText: string[] = new Array<string>(CACHE_SLOTS).fill('');
  let cachedChars = 0;

  const decode = (index: number): string => {
    const pageIndex = findPage(pageFirst, index);
    const bytes = pages[pageIndex] as Buffer;
    const start = pageFirst[pageIndex] === index ? 0 : endOf(index - 1);
    const end = endOf(index);
    const mode = (modeChunks[index >> INDEX_BITS] as Uint8Array)[index & (INDEX_CHUNK - 1)];
    if (mode === SINGLE_BYTE) return (singleByteDecoder as TextDecoder).decode(bytes.subarray(start, end));
    if (mode === KAZAKH_BYTE) return decodeKazakh(bytes, start, end);
    return bytes.toString('utf8', start, end);
  };

  return {
    add(text) {
      // Worst case: three UTF-8 bytes a UTF-16 unit.
      const worst = text.length * 3;
      if (pages.length === 0 || used + worst > page.length) {
        page = Buffer.allocUnsafe(Math.max(PAGE_BYTES, worst));
        pages.push(page);
        pageFirst.push(size);
        used = 0;
      }
      const mode = encodeOneByte(text, page, used);
      if (mode === UTF8) used += page.write(text, used, 'utf8');
      else used += text.length;
      if ((size & (INDEX_CHUNK - 1)) === 0) {
        endChunks.push(new Uint32Array(INDEX_CHUNK));
        modeChunks.push(new Uint8Array(INDEX_CHUNK));
      }
      (endChunks[size >> INDEX_BITS] as Uint32Array)[size & (INDEX_CHUNK - 1)] = used;
      (modeChunks[size >> INDEX_BITS] as Uint8Array)[size & (INDEX_CHUNK - 1)] = mode;
      size++;
    },
    get(index) {
      if (!(Number.isInteger(index) && index >= 0 && index < size)) return undefined;
      const slot = index & (CACHE_SLOTS - 1);
      if (cachedIndex[slot] === index) return cachedText[slot];
      const text = decode(index);
      const freed = cachedChars - (cachedText[slot] as string).length;
      if (freed + text.length <= CACHE_CHARS) {
        cachedIndex[slot] = index;
        cachedText[slot] = text;
        cachedChars = freed + text.length;
      }
      return text;
    },
    get size() {
      return size;
    },
    byteLength: () =>
      pages.reduce((sum, bytes) => sum + bytes.length, 0) + endChunks.length * INDEX_CHUNK * 4 + modeChunks.length * INDEX_CHUNK,
  };
}

/**
 * Writes `text` into `page` from `at` one byte a character, in one pass, and says in which page:
 * `SINGLE_BYTE` (Windows-1251), `KAZAKH_BYTE`, or `UTF8` when it fits neither (what it wrote is
 * then overwritten).
 */
function encodeOneByte(text: string, page: Buffer, at: number): number {
  // Without the decoder every string is UTF-8: the empty one too, which the loop would call Windows-1251.
  if (singleByteDecoder === undefined) return UTF8;
  let missing = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const entry = code < ONE_BYTE.length ? (ONE_BYTE[code] ?? -1) : -1;
    if (entry < 0) return UTF8;
    missing |= entry;
    page[at + i] = entry & 0xff;
  }
  // A letter of each page (rare) is only seen at the end: no second test a character.
  if ((missing & NOT_IN_1251) === 0) return SINGLE_BYTE;
  return (missing & NOT_IN_KAZAKH) === 0 ? KAZAKH_BYTE : UTF8;
}

/** The text of `bytes` from `start` to `end` stored one byte a character in the Kazakh page. */
function decodeKazakh(bytes: Buffer, start: number, end: number): string {
  const length = end - start;
  const wide = length <= SCRATCH_CHARS ? scratch : Buffer.allocUnsafe(length * 2);
  const units = length <= SCRATCH_CHARS ? scratchUnits : new Uint16Array(wide.buffer, wide.byteOffset, length);
  for (let i = 0; i < length; i++) units[i] = KAZAKH_DECODE[bytes[start + i] as number] as number;
  return wide.toString('utf16le', 0, length * 2);
}

/** The page holding string `index`, by binary search over the index of each page's first string. */
function findPage(pageFirst: readonly number[], index: number): number {
  let low = 0;
  let high = pageFirst.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((pageFirst[middle] ?? 0) <= index) low = middle;
    else high = middle - 1;
  }
  return low;
}
