/**
 * The shared-string table of a workbook, kept compact. Excel stores every text once in
 * `sharedStrings.xml` and cells refer to it by index, so a streaming reader must keep the whole
 * table while it reads the sheet. Instead of one JS string per entry (a header and a pointer each,
 * two bytes per Cyrillic letter), entries are packed into one byte buffer: one byte per character
 * when the text fits Windows-1251 (Russian, English, digits), UTF-8 otherwise (Kazakh letters,
 * emoji). Measured figures are in docs/input-files.md.
 */
import { Buffer } from 'node:buffer';
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

const SINGLE_BYTE = 1;
// Windows-1251 decodes natively (ICU) in Node; without ICU the table falls back to UTF-8 only.
const singleByteDecoder = createSingleByteDecoder();
const ENCODE = buildEncodeTable();

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

/** Creates an empty table. */
export function createSharedStringTable(): SharedStringTable {
  let bytes = Buffer.allocUnsafe(64 * 1024);
  let used = 0;
  let ends = new Uint32Array(1024);
  let modes = new Uint8Array(1024);
  let size = 0;

  const reserve = (extra: number): void => {
    if (used + extra > bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(bytes.length * 2, used + extra));
      bytes.copy(grown, 0, 0, used);
      bytes = grown;
    }
    if (size === ends.length) {
      const grownEnds = new Uint32Array(ends.length * 2);
      grownEnds.set(ends);
      ends = grownEnds;
      const grownModes = new Uint8Array(modes.length * 2);
      grownModes.set(modes);
      modes = grownModes;
    }
  };

  return {
    add(text) {
      reserve(text.length * 3);
      let single = singleByteDecoder !== undefined;
      for (let i = 0; i < text.length && single; i++) {
        const code = text.charCodeAt(i);
        const byte = code < ENCODE.length ? (ENCODE[code] ?? -1) : -1;
        if (byte < 0) single = false;
        else bytes[used + i] = byte;
      }
      if (single) {
        used += text.length;
        modes[size] = SINGLE_BYTE;
      } else {
        used += bytes.write(text, used, 'utf8');
        modes[size] = 0;
      }
      ends[size] = used;
      size++;
    },
    get(index) {
      if (!(index >= 0 && index < size)) return undefined;
      const start = index === 0 ? 0 : (ends[index - 1] ?? 0);
      const end = ends[index] ?? 0;
      if (modes[index] === SINGLE_BYTE) return (singleByteDecoder as TextDecoder).decode(bytes.subarray(start, end));
      return bytes.toString('utf8', start, end);
    },
    get size() {
      return size;
    },
    byteLength: () => bytes.length + ends.byteLength + modes.byteLength,
  };
}
