/**
 * A product spool for a run that is never resumed (the dry run): an append-only file of its own,
 * private, deleted when closed. The state database's spool is the import's crash-safe record; a dry
 * run needs the spool only to take back a product that a late row reopens, which is rare, while
 * every product is put. So putting is made cheap: each value is serialized with `v8.serialize` as
 * it is put (its objects then die young instead of waiting in a buffer), gathered in memory and
 * written with one write per 256 KiB; where each key's record is, by the key's id in the run's
 * `ProductKeyIndex`, finds it again.
 *
 * A key put again (reopened, then closed with its late rows) gets a new record; the old one is dead
 * space. When dead space passes both the live records' size and `COMPACT_BYTES`, the live records
 * are copied to a fresh file, so a file whose rows are scattered cannot make the spool grow without
 * bound. Memory holds the batch and the index only, however the rows are ordered.
 */
import { chmodSync, closeSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import { StateError } from '../core/errors.js';
import { createProductKeyIndex, type ProductKeyIndex } from '../core/product-key-index.js';

/** A spool of serialized values by key; `close` deletes the file. */
export interface ScratchSpool {
  /** Stores `value` (anything `v8.serialize` takes) for `key`, replacing an earlier one. */
  put(key: string, value: unknown): void;
  /** The value of `key`, forgotten here; undefined when none is stored. */
  take<T>(key: string): T | undefined;
  /** Deletes the file (safe to call twice). */
  close(): void;
}

/** Dead space tolerated before the live records are copied to a fresh file. */
const COMPACT_BYTES = 256 * 1024 * 1024;
/** Bytes gathered in memory before one write to the file. */
const BATCH_BYTES = 256 * 1024;

/**
 * Where each key's record is, by key id: its first byte in the file (or, past the file's end, in
 * the batch; -1 or a hole: no record) and its length. Plain arrays of numbers, not an object per
 * product, which every full collection of the main thread would walk.
 */
interface Places {
  offsets: number[];
  lengths: number[];
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
  const places: Places = { offsets: [], lengths: [] };
  let batch: Buffer[] = [];
  let batchLength = 0;
  /** Bytes in the file; the batch follows them. */
  let end = 0;
  let liveBytes = 0;
  let deadBytes = 0;
  let closed = false;

  const flush = (): void => {
    if (batchLength === 0) return;
    try {
      writeFully(fd, Buffer.concat(batch, batchLength), end);
    } catch (error) {
      throw spoolError(path, 'write products', error);
    }
    end += batchLength;
    batch = [];
    batchLength = 0;
  };

  const forget = (id: number): void => {
    liveBytes -= places.lengths[id] as number;
    deadBytes += places.lengths[id] as number;
    places.offsets[id] = -1;
  };

  return {
    put(key, value) {
      const bytes = serialize(value);
      const id = productKeys.idOf(key);
      while (places.offsets.length < id) {
        places.offsets.push(-1);
        places.lengths.push(0);
      }
      if ((places.offsets[id] ?? -1) >= 0) forget(id);
      places.offsets[id] = end + batchLength;
      places.lengths[id] = bytes.length;
      batch.push(bytes);
      batchLength += bytes.length;
      liveBytes += bytes.length;
      if (batchLength >= batchBytes) flush();
      if (deadBytes > compactBytes && deadBytes > liveBytes) {
        flush();
        ({ fd, bytes: end } = copyLiveRecords(path, fd, places));
        deadBytes = 0;
      }
    },
    take<T>(key: string): T | undefined {
      const id = productKeys.find(key);
      const offset = id < 0 ? -1 : (places.offsets[id] ?? -1);
      if (offset < 0) return undefined;
      // Still in the batch: written now (a reopened product is rare).
      if (offset >= end) flush();
      let value: T;
      try {
        value = deserialize(readRecord(fd, offset, places.lengths[id] as number)) as T;
      } catch (error) {
        throw spoolError(path, 'read a product back', error);
      }
      forget(id);
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

/** Writes `bytes` at `at` of `fd`, however many writes it takes. */
function writeFully(fd: number, bytes: Buffer, at: number): void {
  let written = 0;
  while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written, at + written);
}

/** The `length` bytes at `offset` of `fd`. */
function readRecord(fd: number, offset: number, length: number): Buffer {
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
 * Compaction: copies the live records of `places` (all in the file: the batch flushed) into a
 * fresh file that then replaces `path`, their offsets updated; closes `fd` and returns the fresh
 * file's descriptor and length. On failure (the copy or the replacing) the fresh file is removed
 * and the old one, still open as `fd`, and the offsets stay as they were.
 */
function copyLiveRecords(path: string, fd: number, places: Places): { fd: number; bytes: number } {
  const fresh = `${path}.compact`;
  const next = createPrivateFile(fresh, 'compact the dry run spool');
  const moved: [number, number][] = [];
  let at = 0;
  try {
    for (let id = 0; id < places.offsets.length; id++) {
      const offset = places.offsets[id] as number;
      if (offset < 0) continue;
      const bytes = readRecord(fd, offset, places.lengths[id] as number);
      writeFully(next, bytes, at);
      moved.push([id, at]);
      at += bytes.length;
    }
    renameSync(fresh, path);
  } catch (error) {
    closeSync(next);
    rmSync(fresh, { force: true });
    throw spoolError(path, 'compact', error);
  }
  // Replaced: the offsets now point into the fresh file, and the old one's descriptor can go.
  for (const [id, offset] of moved) places.offsets[id] = offset;
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
