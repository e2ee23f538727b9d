/**
 * A product spool for a run that is never resumed (the dry run): an append-only file of its own,
 * private, deleted when closed. The state database's spool is the import's crash-safe record; a dry
 * run needs the spool only to take back a product that a late row reopens, which is rare, while
 * every product is put. So putting is made cheap: each product is one length-prefixed JSON record
 * (its fields by position) appended in a batch with one write, and an in-memory index (product key →
 * where its record is) replaces SQLite's two B-tree indexes, transactions and page cache. Before,
 * SQLite's insert cost about as much as the JSON it stored.
 *
 * A product spooled again (reopened, then closed with its late rows) gets a new record; the old one
 * is dead space. When dead space passes both the live records' size and `COMPACT_BYTES`, the live
 * records are copied to a fresh file, so a file whose rows are scattered cannot make the spool grow
 * without bound.
 */
import { chmodSync, closeSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { StateError } from '../core/errors.js';
import type { ProductSpool } from './product-spool.js';
import type { SpooledProduct } from './types.js';

/** The spool calls a product sink uses, and `close`, which deletes the file. */
export type ScratchSpool = Pick<ProductSpool, 'spoolProducts' | 'takeSpooledProduct'> & { close(): void };

/** Dead space tolerated before the live records are copied to a fresh file. */
const COMPACT_BYTES = 256 * 1024 * 1024;
const HEADER_BYTES = 4;

/** Where a product's record is in the file (the 4-byte length header included). */
interface Slot {
  offset: number;
  length: number;
}

/** A spooled product by position: [firstRow, rows, draft, issues, contentHash, records?]. */
type SpoolRecord = [number, SpooledProduct['rows'], SpooledProduct['draft'], SpooledProduct['issues'], string | null, SpooledProduct['records']?];

/** Options of `openScratchSpool`. */
export interface ScratchSpoolOptions {
  /** Dead space tolerated before compacting; default 256 MiB. */
  compactBytes?: number;
}

/** Creates the spool file at `path` (replacing a stale one) and opens it. `now` is kept for the callers' signature; the file keeps no time. */
export function openScratchSpool(path: string, _now?: () => Date, options: ScratchSpoolOptions = {}): ScratchSpool {
  const compactBytes = options.compactBytes ?? COMPACT_BYTES;
  let fd = createPrivateFile(path, 'create the dry run spool');
  const runs = new Map<string, Map<string, Slot>>();
  let end = 0;
  let liveBytes = 0;
  let deadBytes = 0;
  let batch: Buffer = Buffer.allocUnsafe(1024 * 1024);
  let closed = false;

  const fail = (action: string, error: unknown): StateError =>
    new StateError(`cannot ${action} in the dry run spool ${path}: ${(error as Error).message}`, { cause: error });

  const slotsOf = (runId: string): Map<string, Slot> => {
    let slots = runs.get(runId);
    if (slots === undefined) runs.set(runId, (slots = new Map()));
    return slots;
  };
  const forget = (slot: Slot | undefined): void => {
    if (slot === undefined) return;
    liveBytes -= slot.length;
    deadBytes += slot.length;
  };

  const compact = (): void => {
    const fresh = `${path}.compact`;
    const next = createPrivateFile(fresh, 'compact the dry run spool');
    let at = 0;
    try {
      for (const slots of runs.values()) {
        for (const slot of slots.values()) {
          const bytes = readBytes(slot);
          writeSync(next, bytes, 0, bytes.length, at);
          slot.offset = at;
          at += bytes.length;
        }
      }
    } catch (error) {
      closeSync(next);
      rmSync(fresh, { force: true });
      throw fail('compact', error);
    }
    closeSync(fd);
    renameSync(fresh, path);
    fd = next;
    end = at;
    deadBytes = 0;
  };

  const readBytes = (slot: Slot): Buffer => {
    const bytes = Buffer.allocUnsafe(slot.length);
    let read = 0;
    while (read < slot.length) {
      const n = readSync(fd, bytes, read, slot.length - read, slot.offset + read);
      if (n === 0) throw new Error(`the spool file ends at a record (byte ${slot.offset + read})`);
      read += n;
    }
    return bytes;
  };

  return {
    spoolProducts(runId, entries) {
      const slots = slotsOf(runId);
      let used = 0;
      const placed: [string, Slot][] = [];
      for (const entry of entries) {
        const record: SpoolRecord = [entry.firstRow, entry.rows, entry.draft, entry.issues, entry.contentHash];
        if (entry.records !== undefined) record.push(entry.records);
        const json = JSON.stringify(record);
        // UTF-8 takes at most 3 bytes per UTF-16 unit.
        const room = HEADER_BYTES + json.length * 3;
        if (used + room > batch.length) batch = growBatch(batch, used, used + room);
        const length = batch.write(json, used + HEADER_BYTES, 'utf8');
        batch.writeUInt32LE(length, used);
        placed.push([entry.productKey, { offset: end + used, length: HEADER_BYTES + length }]);
        used += HEADER_BYTES + length;
      }
      try {
        let written = 0;
        while (written < used) written += writeSync(fd, batch, written, used - written, end + written);
      } catch (error) {
        throw fail('write products', error);
      }
      end += used;
      for (const [key, slot] of placed) {
        forget(slots.get(key));
        slots.set(key, slot);
        liveBytes += slot.length;
      }
      if (batch.length > 4 * 1024 * 1024) batch = Buffer.allocUnsafe(1024 * 1024);
      if (deadBytes > compactBytes && deadBytes > liveBytes) compact();
    },
    takeSpooledProduct(runId, productKey) {
      const slots = runs.get(runId);
      const slot = slots?.get(productKey);
      if (slots === undefined || slot === undefined) return undefined;
      let bytes: Buffer;
      try {
        bytes = readBytes(slot);
      } catch (error) {
        throw fail('read a product back', error);
      }
      slots.delete(productKey);
      forget(slot);
      const [firstRow, rows, draft, issues, contentHash, records] = JSON.parse(bytes.toString('utf8', HEADER_BYTES)) as SpoolRecord;
      return { productKey, firstRow, rows, draft, issues, contentHash, ...(records === undefined ? {} : { records }) };
    },
    close() {
      if (closed) return;
      closed = true;
      closeSync(fd);
      runs.clear();
      rmSync(path, { force: true });
    },
  };
}

function growBatch(batch: Buffer, used: number, need: number): Buffer {
  const next = Buffer.allocUnsafe(Math.max(need, batch.length * 2));
  batch.copy(next, 0, 0, used);
  return next;
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
