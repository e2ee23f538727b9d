/**
 * A small streaming zip writer (deflate, no zip64) for the benchmark workbooks. Each entry is
 * deflated into a temporary file first, so that its local header can carry the CRC and sizes the
 * way Excel writes them (no data descriptors), and memory stays flat however large the entry.
 * No zip library is a dependency of ours: exceljs's own writer breaks on large shared-string tables.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import type { WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { constants, crc32, createDeflateRaw } from 'node:zlib';

/** Buffered text output of one entry. */
export interface TextSink {
  /** Appends text; await it now and then (it applies back-pressure every 64 KiB). */
  write(text: string): Promise<void> | undefined;
}

/** Writes a zip archive entry by entry. */
export interface ZipWriter {
  /** Adds an entry whose content `produce` writes. Entries are stored in call order. */
  addEntry(name: string, produce: (sink: TextSink) => Promise<void>): Promise<void>;
  /** Adds an entry from a file, optionally with text before it. */
  addFileEntry(name: string, path: string, prefix?: string, suffix?: string): Promise<void>;
  /** Writes the central directory and closes the file. */
  close(): Promise<void>;
}

interface CentralRecord {
  name: Buffer;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

const FLUSH_CHARS = 64 * 1024;
const LIMIT = 0xffffffff;
// 2024-01-01 00:00 in DOS format: a fixed date keeps the files byte-identical between runs.
const DOS_TIME = 0;
const DOS_DATE = ((2024 - 1980) << 9) | (1 << 5) | 1;

/** Creates a writer for the zip file at `path`. */
export async function createZipWriter(path: string): Promise<ZipWriter> {
  const out = createWriteStream(path);
  const scratch = await mkdtemp(join(tmpdir(), 'bench-zip-'));
  const records: CentralRecord[] = [];
  let offset = 0;
  let counter = 0;

  const writeOut = async (chunk: Buffer): Promise<void> => {
    offset += chunk.length;
    if (!out.write(chunk)) await once(out, 'drain');
  };

  async function deflateEntry(produce: (sink: TextSink) => Promise<void>): Promise<{ file: string; crc: number; size: number; compressedSize: number }> {
    counter += 1;
    const file = join(scratch, `entry-${counter}`);
    const deflate = createDeflateRaw({ level: constants.Z_DEFAULT_COMPRESSION });
    const temp: WriteStream = createWriteStream(file);
    const piped = pipeline(deflate, temp);
    let crc = 0;
    let size = 0;
    let pending = '';
    const flush = async (): Promise<void> => {
      if (pending === '') return;
      const bytes = Buffer.from(pending, 'utf8');
      pending = '';
      crc = crc32(bytes, crc);
      size += bytes.length;
      if (!deflate.write(bytes)) await once(deflate, 'drain');
    };
    await produce({
      write(text) {
        pending += text;
        return pending.length >= FLUSH_CHARS ? flush() : undefined;
      },
    });
    await flush();
    deflate.end();
    await piped;
    return { file, crc, size, compressedSize: temp.bytesWritten };
  }

  async function storeEntry(name: string, entry: { file: string; crc: number; size: number; compressedSize: number }): Promise<void> {
    if (entry.size >= LIMIT || entry.compressedSize >= LIMIT || offset >= LIMIT) throw new Error(`zip entry ${name} needs zip64, which this writer does not write`);
    const nameBytes = Buffer.from(name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0800, 6); // UTF-8 names
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt16LE(DOS_TIME, 10);
    header.writeUInt16LE(DOS_DATE, 12);
    header.writeUInt32LE(entry.crc >>> 0, 14);
    header.writeUInt32LE(entry.compressedSize, 18);
    header.writeUInt32LE(entry.size, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    header.writeUInt16LE(0, 28);
    records.push({ name: nameBytes, crc: entry.crc, compressedSize: entry.compressedSize, size: entry.size, offset });
    await writeOut(header);
    await writeOut(nameBytes);
    for await (const chunk of createReadStream(entry.file) as AsyncIterable<Buffer>) await writeOut(chunk);
    await rm(entry.file);
  }

  return {
    async addEntry(name, produce) {
      await storeEntry(name, await deflateEntry(produce));
    },
    async addFileEntry(name, path, prefix = '', suffix = '') {
      const entry = await deflateEntry(async (sink) => {
        await sink.write(prefix);
        for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: FLUSH_CHARS }) as AsyncIterable<string>) await sink.write(chunk);
        await sink.write(suffix);
      });
      await storeEntry(name, entry);
    },
    async close() {
      const start = offset;
      for (const record of records) {
        const header = Buffer.alloc(46);
        header.writeUInt32LE(0x02014b50, 0);
        header.writeUInt16LE(20, 4);
        header.writeUInt16LE(20, 6);
        header.writeUInt16LE(0x0800, 8);
        header.writeUInt16LE(8, 10);
        header.writeUInt16LE(DOS_TIME, 12);
        header.writeUInt16LE(DOS_DATE, 14);
        header.writeUInt32LE(record.crc >>> 0, 16);
        header.writeUInt32LE(record.compressedSize, 20);
        header.writeUInt32LE(record.size, 24);
        header.writeUInt16LE(record.name.length, 28);
        header.writeUInt32LE(record.offset, 42);
        await writeOut(header);
        await writeOut(record.name);
      }
      const end = Buffer.alloc(22);
      end.writeUInt32LE(0x06054b50, 0);
      end.writeUInt16LE(records.length, 8);
      end.writeUInt16LE(records.length, 10);
      end.writeUInt32LE(offset - start, 12);
      end.writeUInt32LE(start, 16);
      await writeOut(end);
      out.end();
      await once(out, 'finish');
      await rm(scratch, { recursive: true, force: true });
    },
  };
}
