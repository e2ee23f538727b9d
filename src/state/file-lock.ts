/**
 * A lock file that keeps two processes from doing the same thing at once: one watcher per inbox,
 * one import per account. The file is created with `wx` (fails when it exists) and names its
 * holder (pid, host, since). A lock is taken over when its holder is a dead process on this host,
 * or when it was not refreshed for `staleMs` (a holder on another host, or a hung one): holders of
 * long-lived locks call `refresh()` more often than that.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, ftruncateSync, linkSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { StateError } from '../core/errors.js';

/** What a lock file says about its holder. */
interface LockHolder {
  pid: number;
  host: string;
  /** ISO time the lock was taken. */
  since: string;
  /** ISO time of the last `refresh()` (or `since`). Staleness counts from here. */
  updatedAt: string;
  /** What the lock is for, for the message a blocked process shows (e.g. `import`, `watch inbox/`). */
  purpose?: string;
  /** Identifies this holding, so that a holder never removes a lock that was taken over. */
  token: string;
}

/** A held lock. */
export interface LockHandle {
  path: string;
  holder: LockHolder;
  /** Moves `updatedAt` to now. Throws `StateError` when the lock was taken over meanwhile. */
  refresh(): void;
  /**
   * Removes the lock file if it is still this holding's, never a lock that took its place meanwhile.
   * Idempotent. Never throws: a lock that cannot be removed (its folder made read-only) is left to
   * be taken over as any lock of a dead holder is; the reason is returned for the caller to warn
   * with (undefined when all went well), since the work the lock guarded is done either way.
   */
  release(): string | undefined;
}

/** Options of `acquireLock`. */
export interface AcquireLockOptions {
  /** A lock not refreshed for longer than this is taken over. */
  staleMs: number;
  now: () => Date;
  /** This process's id. */
  pid: number;
  /** Whether a process of this host is alive; the CLI passes `isProcessAlive`. */
  isAlive: (pid: number) => boolean;
  /** This host's name; defaults to `os.hostname()`. */
  host?: string;
  purpose?: string;
}

/** Attempts before giving up when other processes keep changing the lock under us. */
const MAX_ATTEMPTS = 5;
/** An unreadable lock (its writer died between create and write) is taken over after this long at most. */
const UNREADABLE_GRACE_MS = 5000;

/**
 * Takes the lock at `path`, or throws `StateError` naming the holder (pid, host, since) when
 * another live holding has it. Not re-entrant: a second acquire in the same process fails too.
 */
export function acquireLock(path: string, options: AcquireLockOptions): LockHandle {
  const host = options.host ?? hostname();
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const at = options.now().toISOString();
    const holder: LockHolder = {
      pid: options.pid,
      host,
      since: at,
      updatedAt: at,
      ...(options.purpose !== undefined ? { purpose: options.purpose } : {}),
      token: randomBytes(8).toString('hex'),
    };
    if (tryCreate(path, holder)) return createHandle(path, holder, options.now);

    let text: string;
    let mtimeMs: number;
    try {
      text = readFileSync(path, 'utf8');
      mtimeMs = statSync(path).mtimeMs;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // released meanwhile
      throw new StateError(`cannot read the lock ${path}: ${(error as Error).message}`, { cause: error });
    }
    const current = parseLockHolder(text);
    if (!isStale(current, mtimeMs, host, options)) {
      throw new StateError(describeHeld(path, current));
    }
    takeOver(path, text);
  }
  throw new StateError(`cannot take the lock ${path}: other processes keep taking it; retry`);
}

/** The holder named by a lock file, or undefined when there is no lock or it is unreadable. */
export function readLockHolder(path: string): LockHolder | undefined {
  try {
    return parseLockHolder(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}


function tryCreate(path: string, holder: LockHolder): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new StateError(`cannot create the lock ${path}: ${(error as Error).message}`, { cause: error });
  }
  try {
    writeSync(fd, JSON.stringify(holder));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return true;
}

function isStale(current: LockHolder | undefined, mtimeMs: number, host: string, options: AcquireLockOptions): boolean {
  const nowMs = options.now().getTime();
  if (current === undefined) return nowMs - mtimeMs > Math.min(options.staleMs, UNREADABLE_GRACE_MS);
  if (current.host === host && !options.isAlive(current.pid)) return true;
  return nowMs - Date.parse(current.updatedAt) > options.staleMs;
}

/**
 * Removes a stale lock, but only the one we judged: it is first moved aside, and if what was moved
 * is not what we read (another process took the lock in between), it is put back.
 */
function takeOver(path: string, staleText: string): void {
  const aside = `${path}.${randomBytes(4).toString('hex')}.stale`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new StateError(`cannot take over the stale lock ${path}: ${(error as Error).message}`, { cause: error });
  }
  if (readFileSync(aside, 'utf8') !== staleText) {
    try {
      // link, not rename: never overwrite a lock that a third process created meanwhile.
      linkSync(aside, path);
    } catch {
      // A newer lock exists; the one moved aside lost anyway.
    }
  }
  rmSync(aside, { force: true });
}

function createHandle(path: string, holder: LockHolder, now: () => Date): LockHandle {
  let released = false;
  const isOurs = (): boolean => readLockHolder(path)?.token === holder.token;
  const lost = (): StateError => new StateError(`the lock ${path} is no longer held by this process: ${describeHeld(path, readLockHolder(path))}`);
  const handle: LockHandle = {
    path,
    holder,
    refresh: () => {
      if (released) throw lost();
      // Checked and rewritten through one descriptor of the file we hold. A new file renamed in
      // over ours between the check and a write (another host taking a lock we let go stale) kept
      // ours then, as a path is renamed over, and lost theirs; written through the descriptor, our
      // refresh goes to the replaced file and theirs stands, for the next refresh to see.
      let fd: number;
      try {
        fd = openSync(path, 'r+');
      } catch {
        throw lost();
      }
      try {
        if (parseLockHolder(readFileSync(fd, 'utf8'))?.token !== holder.token) throw lost();
        handle.holder = { ...handle.holder, updatedAt: now().toISOString() };
        const bytes = Buffer.from(JSON.stringify(handle.holder));
        // Written over in place, then cut to length: the text is as long as before (an ISO time
        // of fixed width), so a reader never finds the file empty.
        writeSync(fd, bytes, 0, bytes.length, 0);
        ftruncateSync(fd, bytes.length);
      } finally {
        closeSync(fd);
      }
    },
    release: () => {
      if (released) return undefined;
      released = true;
      // A lock taken over long ago is left alone without being moved.
      if (!isOurs()) return undefined;
      try {
        removeOwnLock(path, holder.token);
        return undefined;
      } catch (error) {
        return `cannot remove the lock ${path} (${(error as Error).message}): it is left, and taken over once this process has ended (on another host: once not refreshed for the stale time)`;
      }
    },
  };
  return handle;
}

/**
 * Removes the lock at `path` if it is the holding `token`'s. Removed by path after the check, a
 * takeover landing between the two (a contender that judged our lock stale moves it aside and
 * creates its own) lost its new lock, and a third process could then take the lock while the taker
 * runs. So the file is moved aside first, which takes exactly the file then at the path, and the
 * moved file is checked: ours is deleted; another's is put back with `link`, which never overwrites.
 * The path is empty only between that move and that link, and only in the race where it used to
 * stay empty; a lock a third process creates in that instant wins, as in `takeOver`, and the holder
 * of the one put back finds out at its next refresh or check.
 */
function removeOwnLock(path: string, token: string): void {
  const aside = `${path}.${randomBytes(4).toString('hex')}.released`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (readLockHolder(aside)?.token !== token) {
    try {
      linkSync(aside, path);
    } catch {
      // A newer lock exists; the one moved aside lost anyway.
    }
  }
  rmSync(aside, { force: true });
}

function parseLockHolder(text: string): LockHolder | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockHolder> | null;
    if (
      value === null ||
      typeof value !== 'object' ||
      typeof value.pid !== 'number' ||
      typeof value.host !== 'string' ||
      typeof value.since !== 'string' ||
      typeof value.token !== 'string'
    ) {
      return undefined;
    }
    return { ...value, updatedAt: typeof value.updatedAt === 'string' ? value.updatedAt : value.since } as LockHolder;
  } catch {
    return undefined;
  }
}

function describeHeld(path: string, holder: LockHolder | undefined): string {
  if (holder === undefined) return `the lock ${path} is held by an unknown process (the lock file is unreadable); if no other catalog-import is running, remove it`;
  const what = holder.purpose !== undefined ? ` (${holder.purpose})` : '';
  return `the lock ${path} is held by pid ${holder.pid} on host ${holder.host} since ${holder.since}${what}; wait for it to finish, or remove the lock file if that process is gone`;
}
