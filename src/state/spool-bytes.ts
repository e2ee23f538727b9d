/**
 * A compact binary record format for the dry run's scratch spool: short ASCII strings as their bytes
 * with a one-byte length, any other string as its UTF-16 code units (a copy, where UTF-8 would be a
 * transcoding: the Cyrillic names and descriptions of a catalog took most of the spool's encoding
 * time, and read back four to ten times faster too); numbers as a tag and a 32-bit integer or a
 * double. Written straight into one growing buffer, so spooling a product makes no intermediate JSON
 * text and no garbage per field. The spool is read back only by the run that wrote it.
 */

/** Counts below this take one byte; larger ones a marker and four bytes. */
const SHORT = 0xfe;
const LONG = 0xff;
/** Marks a string written as UTF-16LE code units; its length in units follows as a count. */
const UTF16 = 0xfe;
/**
 * ASCII strings up to this long (keys, barcodes, photo links) are written as bytes with a one-byte
 * length; up to `ASCII_BYTE_LOOP` by a loop (cheaper than a call into the encoder), longer ones by
 * the UTF-8 encoder, whose byte count tells whether they were ASCII (a 58-character link: ~2× faster
 * than the loop).
 */
const ASCII_LOOP = 160;
const ASCII_BYTE_LOOP = 24;

const NUMBER_NULL = 0;
const NUMBER_UINT = 1;
const NUMBER_DOUBLE = 2;

/** Appends values to a buffer that grows as needed. */
export class SpoolWriter {
  /** The bytes written so far are `buffer[0, length)`. */
  buffer: Buffer;
  length = 0;

  constructor(initialBytes = 64 * 1024) {
    this.buffer = Buffer.allocUnsafe(initialBytes);
  }

  /** Forgets what was written; keeps the buffer unless it grew past `keepBytes`. */
  reset(keepBytes: number): void {
    this.length = 0;
    if (this.buffer.length > keepBytes) this.buffer = Buffer.allocUnsafe(keepBytes);
  }

  /** Makes room for `bytes` more. */
  reserve(bytes: number): void {
    const need = this.length + bytes;
    if (need <= this.buffer.length) return;
    const next = Buffer.allocUnsafe(Math.max(need, this.buffer.length * 2));
    this.buffer.copy(next, 0, 0, this.length);
    this.buffer = next;
  }

  /** One byte (0–255). */
  byte(value: number): void {
    this.reserve(1);
    this.buffer[this.length++] = value;
  }

  /** An unsigned 32-bit integer, little-endian. */
  uint32(value: number): void {
    this.reserve(4);
    this.buffer.writeUInt32LE(value, this.length);
    this.length += 4;
  }

  /** A count (of list items). */
  count(value: number): void {
    if (value < SHORT) this.byte(value);
    else {
      this.byte(LONG);
      this.uint32(value);
    }
  }

  /** A number or null; integers in 0…2³²−1 take five bytes, any other number nine (bit for bit). */
  number(value: number | null): void {
    if (value === null) {
      this.byte(NUMBER_NULL);
    } else if (value >>> 0 === value && !Object.is(value, -0)) {
      this.byte(NUMBER_UINT);
      this.uint32(value);
    } else {
      this.reserve(9);
      this.buffer[this.length] = NUMBER_DOUBLE;
      this.buffer.writeDoubleLE(value, this.length + 1);
      this.length += 9;
    }
  }

  /** A string: ASCII up to `ASCII_LOOP` characters as bytes, anything else as UTF-16 code units (exact, lone surrogates too). */
  string(value: string): void {
    const chars = value.length;
    // Room for the short form's UTF-8 attempt (3 bytes a unit at most) or two bytes a unit plus 6
    // for the marker and the longest count.
    this.reserve(6 + chars * (chars <= ASCII_LOOP ? 3 : 2));
    const buffer = this.buffer;
    const at = this.length;
    if (chars <= ASCII_BYTE_LOOP) {
      let i = 0;
      for (; i < chars; i++) {
        const code = value.charCodeAt(i);
        if (code >= 0x80) break;
        buffer[at + 1 + i] = code;
      }
      if (i === chars) {
        buffer[at] = chars;
        this.length = at + 1 + chars;
        return;
      }
    } else if (chars <= ASCII_LOOP && buffer.write(value, at + 1, 'utf8') === chars) {
      // As many UTF-8 bytes as units: every unit was ASCII, and the bytes are in place.
      buffer[at] = chars;
      this.length = at + 1 + chars;
      return;
    }
    buffer[at] = UTF16;
    this.length = at + 1;
    this.count(chars);
    this.length += buffer.write(value, this.length, 'utf16le');
  }
}

/** Reads back what a `SpoolWriter` wrote, in the same order. */
export class SpoolReader {
  constructor(
    private readonly buffer: Buffer,
    private at: number,
  ) {}

  /** One byte. */
  byte(): number {
    const value = this.buffer[this.at];
    if (value === undefined) throw new Error(`the spool record ends early (byte ${this.at})`);
    this.at += 1;
    return value;
  }

  /** An unsigned 32-bit integer. */
  uint32(): number {
    const value = this.buffer.readUInt32LE(this.at);
    this.at += 4;
    return value;
  }

  /** A count. */
  count(): number {
    const first = this.byte();
    return first === LONG ? this.uint32() : first;
  }

  /** A number or null. */
  number(): number | null {
    const tag = this.byte();
    if (tag === NUMBER_NULL) return null;
    if (tag === NUMBER_UINT) return this.uint32();
    if (tag !== NUMBER_DOUBLE) throw new Error(`unknown number tag ${tag} in the spool record`);
    const value = this.buffer.readDoubleLE(this.at);
    this.at += 8;
    return value;
  }

  /** A string. */
  string(): string {
    const first = this.byte();
    const utf16 = first === UTF16;
    const bytes = utf16 ? this.count() * 2 : first;
    const start = this.at;
    this.at += bytes;
    if (this.at > this.buffer.length) throw new Error(`the spool record ends inside a string (byte ${start})`);
    return this.buffer.toString(utf16 ? 'utf16le' : 'latin1', start, this.at);
  }
}
