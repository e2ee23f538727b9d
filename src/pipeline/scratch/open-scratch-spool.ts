/**
 * A product spool for a run that is never resumed (the dry run): an append-only file of its own,
 * private, deleted when closed. The state database's spool is the import's crash-safe record; a dry
 * run needs the spool only to take back a product that a late row reopens, which is rare, while
 * every product is put. So putting is made cheap: each value is written at once as JSON (UTF-8),
 * the import spool's record format, into one reused buffer of a megabyte that goes to the file when
 * full, and nothing of the value stays in memory. Where each key's value is (offset and length, by
 * the key's id in the run's `ProductKeyIndex`) finds it again.
 *
 * Not `v8.serialize`: with a call per product, or per 64, the scavenges of the dry run promoted
 * about four times as much to the old generation (100 MB instead of 20–25 per 100,000 CSV rows)
 * and the run spent a second more in garbage collection; JSON into a reused buffer promotes no more
 * than writing nothing (docs/history/performance-rounds.md, "The CSV dry run won back").
 *
 * A key put again (reopened, then closed with its late rows) is written anew; its old bytes are dead
 * space. When dead space passes both the live values' size and `COMPACT_BYTES`, the live values are
 * copied to a fresh file, so a file whose rows are scattered cannot make the spool grow without
 * bound. Memory holds the buffer and two numbers per key; a value too large for the buffer is
 * written to the file at once, so the buffer never grows.
 */
import { closeSync, readSync, renameSync, rmSync } from 'node:fs';
import { StateError } from '../../core/errors.js';
import { createProductKeyIndex, type ProductKeyIndex } from '../../core/product-key-index.js';
import { createScratchFile, writeFully } from './spill-byte-file.js';

/** A spool of values by key; `close` deletes the file. */
export interface ScratchSpool {
  /** Stores `value` (plain JSON data: what `JSON.stringify` drops or changes is not given back) for `key`, replacing an earlier one. */
  put(key: string, value: unknown): void;
  /** The value of `key`, forgotten here; undefined when none is stored. */
  take<T>(key: string): T | undefined;
  /** Deletes the file (safe to call twice). */
  close(): void;
}

/** Dead space tolerated before the live values are copied to a fresh file. */
const COMPACT_BYTES = 256 * 1024 * 1024;
/** Bytes gathered in memory before one write to the file. */
const PENDING_BYTES = 1 << 20;

/** Options of `openScratchSpool`. */
interface ScratchSpoolOptions {
  /** Dead space tolerated before compacting; default 256 MiB. */
  compactBytes?: number;
  /** Bytes gathered before a write; default 1 MiB (a value that might not fit goes straight to the file). */
  pendingBytes?: number;
  /** The run's product key ids (the assembler's and the outcome store's); an own index when not given. */
  productKeys?: ProductKeyIndex;
}

/** Where each key's value is, by key id: its offset in the file (-1 or a hole: none) and its length in bytes. Plain arrays of numbers: no object per value. */
interface Places {
  offsets: number[];
  lengths: number[];
}

/** Creates the spool file at `path` (replacing a stale one) and opens it. */
export function openScratchSpool(path: string, options: ScratchSpoolOptions = {}): ScratchSpool {
  const compactBytes = options.compactBytes ?? COMPACT_BYTES;
  let fd = createScratchFile(path, 'create the dry run spool');
  const productKeys = options.productKeys ?? createProductKeyIndex();
  const places: Places = { offsets: [], lengths: [] };
  let pending = Buffer.allocUnsafe(options.pendingBytes ?? PENDING_BYTES);
  let pendingUsed = 0;
  /** Bytes in the file; the pending bytes follow them. */
  let end = 0;
  let liveBytes = 0;
  let deadBytes = 0;
  let closed = false;

  const flush = (): void => {
    if (pendingUsed === 0) return;
    try {
      writeFully(fd, pending.subarray(0, pendingUsed), end);
    } catch (error) {
      throw spoolError(path, 'write products', error);
    }
    end += pendingUsed;
    pendingUsed = 0;
  };

  /** Writes `json` as the value of `id`, into the buffer or, when it might not fit an empty one, straight to the file; returns its bytes. */
  const append = (json: string, id: number): number => {
    // At most three bytes of UTF-8 per UTF-16 unit.
    const most = json.length * 3;
    if (pendingUsed + most > pending.length) flush();
    if (most > pending.length) {
      // Not a buffer grown for it: one that size would stay for the rest of the run.
      const bytes = Buffer.from(json, 'utf8');
      try {
        writeFully(fd, bytes, end);
      } catch (error) {
        throw spoolError(path, 'write products', error);
      }
      places.offsets[id] = end;
      places.lengths[id] = bytes.length;
      end += bytes.length;
      return bytes.length;
    }
    const length = pending.write(json, pendingUsed);
    places.offsets[id] = end + pendingUsed;
    places.lengths[id] = length;
    pendingUsed += length;
    return length;
  };

  /** Forgets the value of `id`: its bytes are dead space. */
  const forget = (id: number): void => {
    if ((places.offsets[id] ?? -1) < 0) return;
    places.offsets[id] = -1;
    liveBytes -= places.lengths[id] as number;
    deadBytes += places.lengths[id] as number;
  };

  return {
    put(key, value) {
      const json = JSON.stringify(value);
      const id = productKeys.idOf(key);
      while (places.offsets.length < id) {
        places.offsets.push(-1);
        places.lengths.push(0);
      }
      forget(id);
      const length = append(json, id);
      liveBytes += length;
      if (deadBytes > compactBytes && deadBytes > liveBytes) {
        flush();
        ({ fd, bytes: end } = copyLiveValues(path, fd, places));
        deadBytes = 0;
      }
    },
    take<T>(key: string): T | undefined {
      const id = productKeys.find(key);
      const offset = id < 0 ? -1 : (places.offsets[id] ?? -1);
      if (offset < 0) return undefined;
      const length = places.lengths[id] as number;
      let value: T;
      try {
        const text = offset >= end ? pending.toString('utf8', offset - end, offset - end + length) : readBytes(fd, offset, length).toString('utf8');
        value = JSON.parse(text) as T;
      } catch (error) {
        throw spoolError(path, 'read a product back', error);
      }
      forget(id);
      return value;
    },
    close() {
      if (closed) return;
      closed = true;
      pending = Buffer.alloc(0);
      closeSync(fd);
      rmSync(path, { force: true });
    },
  };
}

function spoolError(path: string, action: string, error: unknown): StateError {
  return new StateError(`cannot ${action} in the dry run spool ${path}: ${(error as Error).message}`, { cause: error });
}

/** The `length` bytes at `offset` of `fd`. */
function readBytes(fd: number, offset: number, length: number): Buffer {
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
 * Compaction: copies the live values into a fresh file that then replaces `path`, their offsets
 * updated; closes `fd` and returns the fresh file's descriptor and length. On failure (the copy or
 * the replacing) the fresh file is removed and the old one, still open as `fd`, and the offsets stay
 * as they were.
 */
function copyLiveValues(path: string, fd: number, places: Places): { fd: number; bytes: number } {
  const fresh = `${path}.compact`;
  const next = createScratchFile(fresh, 'compact the dry run spool');
  const moved: [number, number][] = [];
  let at = 0;
  try {
    for (let id = 0; id < places.offsets.length; id++) {
      const offset = places.offsets[id] ?? -1;
      if (offset < 0) continue;
      const bytes = readBytes(fd, offset, places.lengths[id] as number);
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
