/**
 * A product spool for a run that is never resumed (the dry run): an append-only file of its own,
 * private, deleted when closed. The state database's spool is the import's crash-safe record; a dry
 * run needs the spool only to take back a product that a late row reopens, which is rare, while
 * every product is put. So putting is made cheap: the caller writes each product as a binary record
 * (`SpoolWriter`) into a batch in memory, the batch goes to the file with one write per 256 KiB, and
 * where each key's record is, kept in typed arrays by the key's id in the run's `ProductKeyIndex`,
 * finds a record again. Products are encoded as they are put, so the objects of a closed product die
 * young instead of waiting in a buffer.
 *
 * A key put again (reopened, then closed with its late rows) gets a new record; the old one is dead
 * space. When dead space passes both the live records' size and `COMPACT_BYTES`, the live records
 * are copied to a fresh file, so a file whose rows are scattered cannot make the spool grow without
 * bound. Memory holds the batch and the index only, however the rows are ordered.
 */
import { chmodSync, closeSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { StateError } from '../core/errors.js';
import { createProductKeyIndex, type ProductKeyIndex } from '../core/product-key-index.js';
import { SpoolReader, SpoolWriter } from './spool-bytes.js';

/** A spool of binary records by key; `close` deletes the file. */
export interface ScratchSpool {
  /** Stores a record for `key` (replacing an earlier one), written by `write`. */
  put(key: string, write: (out: SpoolWriter) => void): void;
  /** Reads the record of `key` with `read` and forgets it; undefined when none is stored. */
  take<T>(key: string, read: (input: SpoolReader) => T): T | undefined;
  /** Deletes the file (safe to call twice). */
  close(): void;
}

/** Dead space tolerated before the live records are copied to a fresh file. */
const COMPACT_BYTES = 256 * 1024 * 1024;
/** Bytes gathered in memory before one write to the file. */
const BATCH_BYTES = 256 * 1024;

/**
 * Where each key's record is — its first byte (counted over the file and then the batch; -1: no
 * record) and its length — by key id, in typed arrays grown by doubling. A `{ offset, length }`
 * object per product took 40 bytes of the main thread's old generation (111,000 of them at 500,000
 * rows), which every full collection walked; a map of key → slot number, 32 bytes per key more.
 */
interface SlotTable {
  offsets: Float64Array;
  lengths: Float64Array;
}

function createSlotTable(): SlotTable {
  return { offsets: new Float64Array(1024).fill(-1), lengths: new Float64Array(1024) };
}

/** Makes room in `table` for `id`. */
function ensureSlot(table: SlotTable, id: number): void {
  if (id < table.offsets.length) return;
  let capacity = table.offsets.length * 2;
  while (capacity <= id) capacity *= 2;
  const offsets = new Float64Array(capacity).fill(-1);
  offsets.set(table.offsets);
  table.offsets = offsets;
  const lengths = new Float64Array(capacity);
  lengths.set(table.lengths);
  table.lengths = lengths;
}

/** The ids below `size` that have a record. */
function* liveSlots(table: SlotTable, size: number): Generator<number> {
  const end = Math.min(size, table.offsets.length);
  for (let id = 0; id < end; id++) if ((table.offsets[id] as number) >= 0) yield id;
}

/** Options of `openScratchSpool`. */
export interface ScratchSpoolOptions {
  /** Dead space tolerated before compacting; default 256 MiB. */
  compactBytes?: number;
  /** Bytes gathered before a write; default 256 KiB. */
  batchBytes?: number;
  /** The run's product key ids (the assembler's and the outcome store's); an own index when not given. */
  productKeys?: ProductKeyIndex;
}

/** Creates the spool file at `path` (replacing a stale one) and opens it. */
export function openScratchSpool(path: string, options: ScratchSpoolOptions = {}): ScratchSpool {
  const compactBytes = options.compactBytes ?? COMPACT_BYTES;
  const batchBytes = options.batchBytes ?? BATCH_BYTES;
  let fd = createPrivateFile(path, 'create the dry run spool');
  const productKeys = options.productKeys ?? createProductKeyIndex();
  const table = createSlotTable();
  const batch = new SpoolWriter(batchBytes + 64 * 1024);
  /** Bytes in the file; the batch follows them. */
  let end = 0;
  let liveBytes = 0;
  let deadBytes = 0;
  let closed = false;

  const flush = (): void => {
    const used = batch.length;
    if (used === 0) return;
    try {
      writeFully(fd, batch.buffer, used, end);
    } catch (error) {
      throw spoolError(path, 'write products', error);
    }
    end += used;
    batch.reset(batchBytes + 64 * 1024);
  };

  const compact = (): void => {
    flush();
    ({ fd, bytes: end } = copyLiveRecords(path, fd, liveSlots(table, productKeys.size), table));
    deadBytes = 0;
  };

  const forget = (slot: number): void => {
    liveBytes -= table.lengths[slot] as number;
    deadBytes += table.lengths[slot] as number;
  };

  return {
    put(key, write) {
      const start = batch.length;
      write(batch);
      const slot = productKeys.idOf(key);
      ensureSlot(table, slot);
      if ((table.offsets[slot] as number) >= 0) forget(slot);
      table.offsets[slot] = end + start;
      table.lengths[slot] = batch.length - start;
      liveBytes += batch.length - start;
      if (batch.length >= batchBytes) flush();
      if (deadBytes > compactBytes && deadBytes > liveBytes) compact();
    },
    take(key, read) {
      const slot = productKeys.find(key);
      if (slot < 0 || slot >= table.offsets.length || (table.offsets[slot] as number) < 0) return undefined;
      let value;
      try {
        // Still in the batch: read in place (the bytes become dead space there).
        const offset = table.offsets[slot] as number;
        value = offset >= end ? read(new SpoolReader(batch.buffer.subarray(0, batch.length), offset - end)) : read(new SpoolReader(readRecord(fd, table, slot), 0));
      } catch (error) {
        throw spoolError(path, 'read a product back', error);
      }
      forget(slot);
      table.offsets[slot] = -1;
      return value;
    },
    close() {
      if (closed) return;
      closed = true;
      closeSync(fd);
      rmSync(path, { force: true });
    },
  };
}

function spoolError(path: string, action: string, error: unknown): StateError {
  return new StateError(`cannot ${action} in the dry run spool ${path}: ${(error as Error).message}`, { cause: error });
}

/** Writes `bytes[0, length)` at `at` of `fd`, however many writes it takes. */
function writeFully(fd: number, bytes: Buffer, length: number, at: number): void {
  let written = 0;
  while (written < length) written += writeSync(fd, bytes, written, length - written, at + written);
}

/** The bytes of the record in `slot` (in the file, not the batch). */
function readRecord(fd: number, table: SlotTable, slot: number): Buffer {
  const offset = table.offsets[slot] as number;
  const length = table.lengths[slot] as number;
  const bytes = Buffer.allocUnsafe(length);
  let read = 0;
  while (read < length) {
    const n = readSync(fd, bytes, read, length - read, offset + read);
    if (n === 0) throw new Error(`the spool file ends inside a record (byte ${offset + read})`);
    read += n;
  }
  return bytes;
}

/**
 * Compaction: copies the records of `live` (slots of `table`, all in the file: the batch flushed)
 * into a fresh file that then replaces `path`, their offsets updated; closes `fd` and returns the
 * fresh file's descriptor and length. On failure (the copy or the replacing) the fresh file is
 * removed and the old one, still open as `fd`, and the offsets stay as they were.
 */
function copyLiveRecords(path: string, fd: number, live: Iterable<number>, table: SlotTable): { fd: number; bytes: number } {
  const fresh = `${path}.compact`;
  const next = createPrivateFile(fresh, 'compact the dry run spool');
  const moved: [number, number][] = [];
  let at = 0;
  try {
    for (const slot of live) {
      const bytes = readRecord(fd, table, slot);
      writeFully(next, bytes, bytes.length, at);
      moved.push([slot, at]);
      at += bytes.length;
    }
    renameSync(fresh, path);
  } catch (error) {
    closeSync(next);
    rmSync(fresh, { force: true });
    throw spoolError(path, 'compact', error);
  }
  // Replaced: the offsets now point into the fresh file, and the old one's descriptor can go.
  for (const [slot, offset] of moved) table.offsets[slot] = offset;
  closeSync(fd);
  return { fd: next, bytes: at };
}

/** Creates `path` (replacing a stale file), private from the start (the umask aside), open for reading and writing. */
function createPrivateFile(path: string, action: string): number {
  try {
    rmSync(path, { force: true });
    const fd = openSync(path, 'wx+', 0o600);
    chmodSync(path, 0o600);
    return fd;
  } catch (error) {
    throw new StateError(`cannot ${action} at ${path}: ${(error as Error).message}`, { cause: error });
  }
}
