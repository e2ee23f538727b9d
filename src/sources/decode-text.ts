/**
 * Streaming text decoding that never hides a bad byte. Chunks are decoded as they arrive, a
 * character split between two chunks is kept whole (papaparse given Buffers splits them:
 * papaparse#751), and every U+FFFD in the output comes with a mark saying where it came from:
 * invalid bytes (with their byte offset) or a U+FFFD the file really contained. The CSV reader
 * pairs marks with the U+FFFD it finds in cells, in order, to name the row and column.
 */
import { Buffer, isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';
import { measureUtf8Sequence, type TextEncodingName } from './detect-encoding.js';

/** The origin of one U+FFFD in decoded text. */
export interface ReplacementMark {
  /** Byte offset in the file of the first byte concerned. */
  byteOffset: number;
  /** The bytes concerned, in hex (`D0 3F`). */
  bytes: string;
  /** True when the file really holds U+FFFD there (valid bytes EF BF BD); false for invalid bytes. */
  genuine: boolean;
}

/** Text decoded from one chunk, with a mark per U+FFFD it holds, in order. */
export interface DecodedText {
  text: string;
  marks: ReplacementMark[];
}

/** A streaming decoder: `write` each chunk in order, then `end`. */
interface StreamDecoder {
  write(chunk: Uint8Array): DecodedText;
  end(): DecodedText;
}

const REPLACEMENT = '\uFFFD';

/** Creates a decoder for `encoding`; `startOffset` is the file offset of the first byte written (after a BOM). */
export function createStreamDecoder(encoding: TextEncodingName, startOffset = 0): StreamDecoder {
  switch (encoding) {
    case 'utf-8':
      return createUtf8Decoder(startOffset);
    case 'utf-16le':
    case 'utf-16be':
      return createUtf16Decoder(encoding === 'utf-16be', startOffset);
    case 'windows-1251':
      return createSingleByteDecoder('windows-1251', startOffset);
    case 'kz-1048':
      return createSingleByteDecoder('rk1048', startOffset);
  }
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).toUpperCase().padStart(2, '0')).join(' ');
}

function concatBytes(head: Uint8Array, chunk: Uint8Array): Buffer {
  if (head.length === 0) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.concat([head, chunk]);
}

function createUtf8Decoder(startOffset: number): StreamDecoder {
  let carry: Uint8Array = new Uint8Array(0);
  let offset = startOffset;

  const decode = (bytes: Buffer, final: boolean): DecodedText => {
    const cut = final ? bytes.length : findCompleteUtf8End(bytes);
    const body = bytes.subarray(0, cut);
    carry = Uint8Array.from(bytes.subarray(cut));
    const base = offset;
    offset += cut;
    // Fast path: valid and without a literal U+FFFD (EF BF BD), so there is nothing to mark.
    // `stream: true` takes ICU's converter, which decodes Cyrillic about twice as fast as Node's
    // one-shot UTF-8 path (and Buffer#toString); `body` is complete, so the decoder keeps nothing.
    if (isUtf8(body) && body.indexOf(GENUINE_REPLACEMENT) === -1) return { text: UTF8.decode(body, STREAM), marks: [] };
    return decodeUtf8Slowly(body, base);
  };

  return {
    write: (chunk) => decode(concatBytes(carry, chunk), false),
    end: () => decode(Buffer.from(carry), true),
  };
}

const GENUINE_REPLACEMENT = Buffer.from([0xef, 0xbf, 0xbd]);
// ignoreBOM: a U+FEFF that starts a chunk is text, not a byte-order mark (the file's BOM is skipped before).
// One decoder for every file is safe: it is only given complete, valid UTF-8, so no state is left
// between calls.
const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });
const STREAM = { stream: true } as const;

/** End of the last complete UTF-8 sequence: an incomplete one at the end waits for the next chunk. */
function findCompleteUtf8End(bytes: Uint8Array): number {
  const length = bytes.length;
  for (let back = 1; back <= Math.min(3, length); back++) {
    const byte = bytes[length - back] ?? 0;
    if ((byte & 0xc0) === 0x80) continue;
    const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return need > back ? length - back : length;
  }
  return length;
}

function decodeUtf8Slowly(body: Buffer, base: number): DecodedText {
  const marks: ReplacementMark[] = [];
  const parts: string[] = [];
  let start = 0;
  let i = 0;
  while (i < body.length) {
    if ((body[i] ?? 0) < 0x80) {
      i++;
      continue;
    }
    const length = measureUtf8Sequence(body, i);
    if (length > 0) {
      if (body[i] === 0xef && body[i + 1] === 0xbf && body[i + 2] === 0xbd) marks.push({ byteOffset: base + i, bytes: 'EF BF BD', genuine: true });
      i += length;
      continue;
    }
    parts.push(body.toString('utf8', start, i), REPLACEMENT);
    marks.push({ byteOffset: base + i, bytes: toHex(body.subarray(i, i - length)), genuine: false });
    i -= length;
    start = i;
  }
  parts.push(body.toString('utf8', start));
  return { text: parts.join(''), marks };
}

function createUtf16Decoder(bigEndian: boolean, startOffset: number): StreamDecoder {
  let carry: Uint8Array = new Uint8Array(0);
  let offset = startOffset;

  const decode = (bytes: Buffer, final: boolean): DecodedText => {
    let cut = bytes.length - (bytes.length % 2);
    const units = Buffer.from(bytes.subarray(0, cut));
    if (bigEndian) units.swap16();
    let text = units.toString('utf16le');
    // A high surrogate at the end may pair with the first unit of the next chunk.
    const last = text.charCodeAt(text.length - 1);
    if (!final && last >= 0xd800 && last <= 0xdbff) {
      text = text.slice(0, -1);
      cut -= 2;
    }
    carry = Uint8Array.from(bytes.subarray(cut));
    const base = offset;
    offset += cut;
    const marks: ReplacementMark[] = [];
    if (LONE_SURROGATE.test(text) || text.includes(REPLACEMENT)) text = markUtf16(text, base, bytes, marks);
    if (final && carry.length > 0) {
      marks.push({ byteOffset: offset, bytes: toHex(carry), genuine: false });
      text += REPLACEMENT;
      offset += carry.length;
      carry = new Uint8Array(0);
    }
    return { text, marks };
  };

  return {
    write: (chunk) => decode(concatBytes(carry, chunk), false),
    end: () => decode(Buffer.from(carry), true),
  };
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function markUtf16(text: string, base: number, bytes: Uint8Array, marks: ReplacementMark[]): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += text[i] ?? '';
        out += text[i + 1] ?? '';
        i++;
        continue;
      }
    }
    if ((unit >= 0xd800 && unit <= 0xdfff) || unit === 0xfffd) {
      marks.push({ byteOffset: base + 2 * i, bytes: toHex(bytes.subarray(2 * i, 2 * i + 2)), genuine: unit === 0xfffd });
      out += REPLACEMENT;
      continue;
    }
    out += text[i] ?? '';
  }
  return out;
}

function createSingleByteDecoder(iconvName: string, startOffset: number): StreamDecoder {
  const table = iconv.decode(Buffer.from(Array.from({ length: 256 }, (_, i) => i)), iconvName);
  let offset = startOffset;
  return {
    write(chunk) {
      const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      const text = iconv.decode(bytes, iconvName);
      const base = offset;
      offset += bytes.length;
      if (!text.includes(REPLACEMENT)) return { text, marks: [] };
      // Single-byte code pages have no invalid sequences, only unmapped bytes (0x98 in both).
      const marks: ReplacementMark[] = [];
      for (let i = 0; i < bytes.length; i++) {
        if (table[bytes[i] ?? 0] === REPLACEMENT) marks.push({ byteOffset: base + i, bytes: toHex(bytes.subarray(i, i + 1)), genuine: false });
      }
      return { text, marks };
    },
    end: () => ({ text: '', marks: [] }),
  };
}
