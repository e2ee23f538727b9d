/**
 * What the state directory's caches read back decides a run (a kept settings entry holds `baseUrl`,
 * where a `clientSecretFile`'s secret is sent), and their keys can be computed from public code and
 * the input. In a shared or group-writable state directory another user could plant an entry: a
 * cache file is therefore trusted only when the run's own user owns it and nobody else may write it.
 */
import { closeSync, constants as fsConstants, fstatSync, openSync, readFileSync, type Stats } from 'node:fs';
import type { Deps } from '../core/deps.js';

/** The write bits of group and others. */
const FOREIGN_WRITE_BITS = 0o022;

/**
 * Whether a cache file of these `stats` may be trusted by the user `userId`: owned by that user and
 * not writable by group or others. Without a user id (a system with none, such as Windows, or a
 * hand-made `Deps`) the modes say nothing of owners and the file is trusted as before.
 */
function isOwnCacheFile(stats: Pick<Stats, 'uid' | 'mode'>, userId: number | undefined): boolean {
  if (userId === undefined) return true;
  return stats.uid === userId && (stats.mode & FOREIGN_WRITE_BITS) === 0;
}

/**
 * The bytes of the cache file at `path`, or undefined when it is missing, unreadable or not the
 * run's own (see `isOwnCacheFile`): a cache miss. Read as `readRegularFile` reads.
 */
export function readOwnCacheFile(path: string, deps: Pick<Deps, 'userId'>): Buffer | undefined {
  return readRegularFile(path, (stats) => isOwnCacheFile(stats, deps.userId));
}

// Without it, opening a FIFO waits for a writer, and synchronously so: the main thread, Ctrl-C with it.
// Windows has no such flag (and no FIFOs to open this way).
const OPEN_FLAGS = fsConstants.O_RDONLY | (fsConstants.O_NONBLOCK ?? 0);

/**
 * The bytes of the regular file at `path` that `accept` (if given) takes, or undefined when it is
 * missing, unreadable, not a regular file (a FIFO, a device, a directory) or not accepted: a cache
 * miss. Checked on the opened file, so a file swapped between the check and the read is not read.
 * Read synchronously: the state directory's files are small and read while a run starts, when
 * nothing else is under way, and each asynchronous step (open, stat, read, close) was a round trip
 * to the thread pool the run waited for (issue 39); the open never waits, so nothing blocks.
 */
export function readRegularFile(path: string, accept?: (stats: Stats) => boolean): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    return stats.isFile() && (accept === undefined || accept(stats)) ? readFileSync(fd) : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
