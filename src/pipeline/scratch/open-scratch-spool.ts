/**
 * A product spool for a run that is never resumed (the dry run): an append-only file of its own,
 * private, deleted when closed. The state database's spool is the import's crash-safe record; a dry
 * run needs the spool only to take back a product that a late row reopens, which is rare, while
 * every product is put. So putting is made cheap: values wait in memory until `groupSize` of them
 * are put, then the group is written as one `v8.serialize` record (one call and one buffer per group:
 * per value, the calls cost twice as much; docs/performance.md). Where each key's value is, by the
 * key's id in the run's `ProductKeyIndex`, finds it again; a value still waiting is taken as it is.
 *
 * A key put again (reopened, then closed with its late rows) goes to a new group; a group whose
 * values were all taken is dead space. When dead space passes both the live groups' size and
 * `COMPACT_BYTES`, the live groups are copied to a fresh file, so a file whose rows are scattered
 * cannot make the spool grow without bound. Memory holds one group and the index only.
 */
import { closeSync, readSync, renameSync, rmSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import { StateError } from '../../core/errors.js';
import { createProductKeyIndex, type ProductKeyIndex } from '../../core/product-key-index.js';
import { createScratchFile, writeFully } from './spill-byte-file.js';

/** A spool of values by key; `close` deletes the file. */
export interface ScratchSpool {
  /** Stores `value` (anything `v8.serialize` takes) for `key`, replacing an earlier one. */
  put(key: string, value: unknown): void;
  /** The value of `key`, forgotten here; undefined when none is stored. */
  take<T>(key: string): T | undefined;
  /** Deletes the file (safe to call twice). */
  close(): void;
}

/** Dead space tolerated before the live groups are copied to a fresh file. */
const COMPACT_BYTES = 256 * 1024 * 1024;
/** Values per group. */
const GROUP_SIZE = 64;
/** The group number of a value still waiting in memory. */
const WAITING = -2;

/** Options of `openScratchSpool`. */
interface ScratchSpoolOptions {
  /** Dead space tolerated before compacting; default 256 MiB. */
  compactBytes?: number;
  /** Values per group written; default 64. */
  groupSize?: number;
  /** The run's product key ids (the assembler's and the outcome store's); an own index when not given. */
  productKeys?: ProductKeyIndex;
}

/** The groups in the file, by number: where each is, and how many of its values are not taken yet. Plain arrays of numbers: no object per group. */
interface Groups {
  offsets: number[];
  lengths: number[];
  live: number[];
}

/** Creates the spool file at `path` (replacing a stale one) and opens it. */
export function openScratchSpool(path: string, options: ScratchSpoolOptions = {}): ScratchSpool {
  const compactBytes = options.compactBytes ?? COMPACT_BYTES;
  const groupSize = options.groupSize ?? GROUP_SIZE;
  let fd = createScratchFile(path, 'create the dry run spool');
  const productKeys = options.productKeys ?? createProductKeyIndex();
  // By key id: the group of its value (-1 or a hole: none; WAITING: in `waiting`) and its place there.
  const groupOf: number[] = [];
  const indexOf: number[] = [];
  const groups: Groups = { offsets: [], lengths: [], live: [] };
  let waiting: unknown[] = [];
  let waitingIds: number[] = [];
  let waitingLive = 0;
  /** Bytes in the file. */
  let end = 0;
  let liveBytes = 0;
  let deadBytes = 0;
  let closed = false;

  const write = (): void => {
    const group = groups.offsets.length;
    if (waitingLive === 0) {
      waiting = [];
      waitingIds = [];
      return;
    }
    const bytes = serialize(waiting);
    try {
      writeFully(fd, bytes, end);
    } catch (error) {
      throw spoolError(path, 'write products', error);
    }
    for (const id of waitingIds) if (groupOf[id] === WAITING) groupOf[id] = group;
    groups.offsets.push(end);
    groups.lengths.push(bytes.length);
    groups.live.push(waitingLive);
    end += bytes.length;
    liveBytes += bytes.length;
    waiting = [];
    waitingIds = [];
    waitingLive = 0;
    if (deadBytes > compactBytes && deadBytes > liveBytes) {
      ({ fd, bytes: end } = copyLiveGroups(path, fd, groups));
      deadBytes = 0;
    }
  };

  /** Forgets the value of `id`: a waiting one is dropped, a written one counted off its group. */
  const forget = (id: number): void => {
    const group = groupOf[id] ?? -1;
    groupOf[id] = -1;
    if (group === WAITING) {
      waiting[indexOf[id] as number] = undefined;
      waitingLive -= 1;
    } else if (group >= 0) {
      const live = (groups.live[group] as number) - 1;
      groups.live[group] = live;
      if (live > 0) return;
      liveBytes -= groups.lengths[group] as number;
      deadBytes += groups.lengths[group] as number;
    }
  };

  return {
    put(key, value) {
      const id = productKeys.idOf(key);
      while (groupOf.length < id) groupOf.push(-1);
      forget(id);
      groupOf[id] = WAITING;
      indexOf[id] = waiting.length;
      waiting.push(value);
      waitingIds.push(id);
      waitingLive += 1;
      if (waiting.length >= groupSize) write();
    },
    take<T>(key: string): T | undefined {
      const id = productKeys.find(key);
      const group = id < 0 ? -1 : (groupOf[id] ?? -1);
      if (group === -1) return undefined;
      let value: T;
      if (group === WAITING) value = waiting[indexOf[id] as number] as T;
      else {
        try {
          const values = deserialize(readBytes(fd, groups.offsets[group] as number, groups.lengths[group] as number)) as T[];
          value = values[indexOf[id] as number] as T;
        } catch (error) {
          throw spoolError(path, 'read a product back', error);
        }
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
 * Compaction: copies the groups with a live value into a fresh file that then replaces `path`,
 * their offsets updated; closes `fd` and returns the fresh file's descriptor and length. On failure
 * (the copy or the replacing) the fresh file is removed and the old one, still open as `fd`, and
 * the offsets stay as they were.
 */
function copyLiveGroups(path: string, fd: number, groups: Groups): { fd: number; bytes: number } {
  const fresh = `${path}.compact`;
  const next = createScratchFile(fresh, 'compact the dry run spool');
  const moved: [number, number][] = [];
  let at = 0;
  try {
    for (let group = 0; group < groups.offsets.length; group++) {
      if (groups.live[group] === 0) continue;
      const bytes = readBytes(fd, groups.offsets[group] as number, groups.lengths[group] as number);
      writeFully(next, bytes, at);
      moved.push([group, at]);
      at += bytes.length;
    }
    renameSync(fresh, path);
  } catch (error) {
    closeSync(next);
    rmSync(fresh, { force: true });
    throw spoolError(path, 'compact', error);
  }
  // Replaced: the offsets now point into the fresh file, and the old one's descriptor can go.
  for (const [group, offset] of moved) groups.offsets[group] = offset;
  closeSync(fd);
  return { fd: next, bytes: at };
}
