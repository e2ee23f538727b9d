/**
 * Just enough of the zip format to look into an XLSX before streaming it: the central directory
 * (which parts exist, where, how big) and a stream of one part. It tells a truncated file from a
 * whole one up front, lets the XLSX reader read `workbook.xml` and its relationships (sheet names,
 * hidden sheets) and pre-scan a sheet for merged ranges, which Excel writes after the rows.
 */
import { createReadStream } from 'node:fs';
import { Buffer } from 'node:buffer';
import { Readable } from 'node:stream';
import { crc32, createInflateRaw, inflateRawSync } from 'node:zlib';
import { loadFileBytes } from '../sources/load-source-file.js';

/** One file inside the zip. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  /** CRC-32 of the uncompressed bytes. */
  crc32: number;
  /** Offset of the entry's local header. */
  headerOffset: number;
}

/** The central directory: entries by name, in the order they are stored. */
export interface ZipDirectory {
  /** Looked up by exact name first, then ignoring case (see `PartNameMap`). */
  entries: Map<string, ZipEntry>;
}

/**
 * Entries by name, where `get` and `has` find a part whatever the case of its name: OPC part names
 * are case-insensitive, and some writers store `xl/SharedStrings.xml` or `xl/worksheets/Sheet1.xml`
 * while the relationships say lowercase. Iteration keeps the stored names, in stored order.
 */
class PartNameMap extends Map<string, ZipEntry> {
  readonly #byLowerName = new Map<string, ZipEntry>();

  override set(name: string, entry: ZipEntry): this {
    super.set(name, entry);
    const key = name.toLowerCase();
    if (!this.#byLowerName.has(key)) this.#byLowerName.set(key, entry);
    return this;
  }

  override get(name: string): ZipEntry | undefined {
    return super.get(name) ?? this.#byLowerName.get(name.toLowerCase());
  }

  override has(name: string): boolean {
    return super.has(name) || this.#byLowerName.has(name.toLowerCase());
  }
}

/** Why a zip directory could not be read. */
type ZipProblem = 'no_directory' | 'directory_out_of_bounds' | 'unsupported';

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

/** Reads the central directory of the zip at `path` (of `size` bytes). */
export async function loadZipDirectory(path: string, size: number): Promise<ZipDirectory | { problem: ZipProblem }> {
  const tailLength = Math.min(size, 22 + 65_535 + 20);
  const tail = await loadFileBytes(path, size - tailLength, tailLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return { problem: 'no_directory' };
  let count = tail.readUInt16LE(eocd + 10);
  let directorySize = tail.readUInt32LE(eocd + 12);
  let directoryOffset = tail.readUInt32LE(eocd + 16);
  if (eocd >= 20 && tail.readUInt32LE(eocd - 20) === ZIP64_LOCATOR_SIGNATURE) {
    const recordOffset = Number(tail.readBigUInt64LE(eocd - 20 + 8));
    const record = await loadFileBytes(path, recordOffset, 56);
    if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_EOCD_SIGNATURE) return { problem: 'directory_out_of_bounds' };
    count = Number(record.readBigUInt64LE(32));
    directorySize = Number(record.readBigUInt64LE(40));
    directoryOffset = Number(record.readBigUInt64LE(48));
  }
  if (directoryOffset + directorySize > size) return { problem: 'directory_out_of_bounds' };
  // The tail read above usually holds the directory already (a small file's whole directory): one
  // read of the file fewer, each an open, a read and a close on the thread pool (issue 39).
  const tailStart = size - tailLength;
  const directory = directoryOffset >= tailStart ? tail.subarray(directoryOffset - tailStart, directoryOffset - tailStart + directorySize) : await loadFileBytes(path, directoryOffset, directorySize);
  const entries = new PartNameMap();
  let at = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE) return { problem: 'directory_out_of_bounds' };
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const entry: ZipEntry = {
      name: directory.toString('utf8', at + 46, at + 46 + nameLength),
      method: directory.readUInt16LE(at + 10),
      crc32: directory.readUInt32LE(at + 16),
      compressedSize: directory.readUInt32LE(at + 20),
      uncompressedSize: directory.readUInt32LE(at + 24),
      headerOffset: directory.readUInt32LE(at + 42),
    };
    readZip64Extra(directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength), entry);
    entries.set(entry.name, entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { entries };
}

/** Sizes and offsets over 4 GB live in the zip64 extra field, in this order, only when their 32-bit field is full. */
function readZip64Extra(extra: Buffer, entry: ZipEntry): void {
  let at = 0;
  while (at + 4 <= extra.length) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const next = (): number => {
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.headerOffset === 0xffffffff) entry.headerOffset = next();
      return;
    }
    at += 4 + length;
  }
}

/**
 * A stream of the entry's uncompressed bytes. Rejects when the entry lies beyond the end of the file.
 * `chunkBytes` sizes the file reads and the inflated chunks (Node's defaults, 64 KiB and 16 KiB,
 * when absent): for a part of tens of megabytes, 256 KiB inflates it about 3x faster, the per-chunk
 * round trips to zlib's thread being most of the cost.
 */
export async function openZipEntry(path: string, entry: ZipEntry, chunkBytes?: number): Promise<Readable> {
  const small = entry.method === 8 && entry.uncompressedSize > 0 && entry.uncompressedSize <= SMALL_PART_BYTES && entry.compressedSize <= SMALL_PART_BYTES + DEFLATE_SLACK_BYTES;
  // A small part's local header and bytes come in one read (the header's name and extra field are
  // rarely longer than `LOCAL_FIELDS_SLACK_BYTES`): one open, read and close on the thread pool
  // instead of two of each, while the run waits (issue 39).
  const header = await loadFileBytes(path, entry.headerOffset, small ? 30 + LOCAL_FIELDS_SLACK_BYTES + entry.compressedSize : 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_SIGNATURE) throw new Error(`zip entry ${entry.name} has no local header`);
  const fieldsLength = header.readUInt16LE(26) + header.readUInt16LE(28);
  const start = entry.headerOffset + 30 + fieldsLength;
  if (entry.compressedSize === 0) return Readable.from([]);
  if (small) {
    const read = fieldsLength <= LOCAL_FIELDS_SLACK_BYTES ? header.subarray(30 + fieldsLength, 30 + fieldsLength + entry.compressedSize) : undefined;
    const whole = await inflateSmallEntry(path, start, entry, read);
    if (whole !== undefined) return Readable.from([whole]);
  }
  const source = createReadStream(path, { start, end: start + entry.compressedSize - 1, ...(chunkBytes !== undefined ? { highWaterMark: chunkBytes } : {}) });
  if (entry.method === 0) return source;
  if (entry.method !== 8) throw new Error(`zip entry ${entry.name} uses compression method ${entry.method}`);
  const inflate = createInflateRaw(chunkBytes !== undefined ? { chunkSize: chunkBytes } : {});
  source.on('error', (error) => inflate.destroy(error));
  inflate.on('close', () => source.destroy());
  return source.pipe(inflate);
}

/**
 * Parts up to this size (inflated) are read and inflated in one go: a small workbook's sheet as a
 * stream made ~30 round trips to zlib's thread and the file's, during which the run waited (issue 39).
 */
const SMALL_PART_BYTES = 1024 * 1024;
// What deflate may add to data it cannot compress; a directory declaring more compressed bytes than this for a small part
// is damaged, and reading them all at once would load up to the whole file: such a part is streamed, lazily, as before.
const DEFLATE_SLACK_BYTES = 64 * 1024;
// What a small part's first read takes beyond the local header for its name and extra field (each up to 64 KB by the format;
// a part name and a timestamp field are tens of bytes): when they are longer, the part's bytes are read again on their own.
const LOCAL_FIELDS_SLACK_BYTES = 1024;

/**
 * A small deflated entry's bytes, inflated at once, or undefined when that fails (damaged, cut short,
 * inflating past its declared size): the entry is then streamed as a large one is, which reports
 * what is wrong with it as it always did. One that inflates to fewer bytes than declared is returned
 * short, and the size check after it names it as it names a streamed one. `read`: the compressed bytes when
 * the header's read brought them (fewer at the end of a cut file: inflating them fails, as reading them would).
 */
async function inflateSmallEntry(path: string, start: number, entry: ZipEntry, read: Buffer | undefined): Promise<Buffer | undefined> {
  try {
    const compressed = read ?? (await loadFileBytes(path, start, entry.compressedSize));
    return inflateRawSync(compressed, { maxOutputLength: entry.uncompressedSize });
  } catch {
    return undefined;
  }
}

/** The whole entry as UTF-8 text (for the small XML parts: workbook, relationships). */
export async function loadZipEntryText(path: string, entry: ZipEntry): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of await openZipEntry(path, entry)) {
    size += (chunk as Buffer).length;
    if (size > entry.uncompressedSize) throw new Error(`part ${entry.name} inflates past its declared size of ${entry.uncompressedSize} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Inflates the entry once and compares size and CRC-32 with the directory: a damaged part is found
 * here, with a clear message, rather than inside exceljs (whose stream stalls on some inflate
 * errors) or not at all (bit flips that still inflate). `onChunk` sees the bytes on the way.
 */
export async function checkZipEntry(path: string, entry: ZipEntry, onChunk?: (chunk: Buffer) => void): Promise<void> {
  let crc = 0;
  let size = 0;
  for await (const chunk of await openZipEntry(path, entry)) {
    const bytes = chunk as Buffer;
    crc = crc32(bytes, crc);
    size += bytes.length;
    // A part inflating past its declared size is damaged or hostile: stop now, not gigabytes later.
    if (size > entry.uncompressedSize) throw new Error(`part ${entry.name} inflates past its declared size of ${entry.uncompressedSize} bytes`);
    onChunk?.(bytes);
  }
  if (size !== entry.uncompressedSize || crc !== entry.crc32) {
    throw new Error(`part ${entry.name} is damaged (size or checksum does not match)`);
  }
}
