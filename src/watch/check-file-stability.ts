/**
 * Decides when a file in the inbox is complete by watching it: a file is stable once two looks at
 * least `stableMs` apart saw the same size and modification time. Times are the watcher's own
 * clock at each look, never the file's modification time compared with our clock, so a network
 * share whose clock is off does not fool it.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** What one look at a file saw. */
export interface FileSnapshot {
  /** Base name inside the inbox. */
  name: string;
  size: number;
  mtimeMs: number;
}

/** What the tracker remembers of a file: its last size and time, and since when they have not changed. */
export interface StabilityEntry {
  size: number;
  mtimeMs: number;
  /** The watcher's clock (ms) at the first look that saw this size and time. */
  sinceMs: number;
  /** The watcher's clock (ms) at the first look that saw the file at all; equal to `sinceMs` while it has not changed since. */
  firstSeenMs: number;
}

/** The tracker's memory, by file name. */
export type StabilityState = ReadonlyMap<string, StabilityEntry>;

/** True when the file has not changed since it was first seen: it will be stable once its quiet period has passed. */
export function checkSettling(entry: StabilityEntry): boolean {
  return entry.sinceMs === entry.firstSeenMs;
}

/** Result of one look at the inbox. */
export interface StabilityCheck {
  /** Memory for the next look: files gone from the inbox are forgotten. */
  state: StabilityState;
  /** Files unchanged for at least `stableMs`, in the order given. */
  stable: string[];
  /** Files seen changing (or seen for the first time) less than `stableMs` ago. */
  changing: string[];
}

/**
 * Feeds one look (`snapshots` at `nowMs`) to the tracker. A file seen for the first time, or with
 * another size or modification time than at the last look, starts its quiet period again; it is
 * stable when a later look sees it unchanged and the quiet period has lasted `stableMs`.
 */
export function checkFileStability(previous: StabilityState, snapshots: readonly FileSnapshot[], nowMs: number, stableMs: number): StabilityCheck {
  const state = new Map<string, StabilityEntry>();
  const stable: string[] = [];
  const changing: string[] = [];
  for (const snapshot of snapshots) {
    const before = previous.get(snapshot.name);
    const unchanged = before !== undefined && before.size === snapshot.size && before.mtimeMs === snapshot.mtimeMs;
    const entry: StabilityEntry = { size: snapshot.size, mtimeMs: snapshot.mtimeMs, sinceMs: unchanged ? before.sinceMs : nowMs, firstSeenMs: before?.firstSeenMs ?? nowMs };
    state.set(snapshot.name, entry);
    if (unchanged && nowMs - entry.sinceMs >= stableMs) stable.push(snapshot.name);
    else changing.push(snapshot.name);
  }
  return { state, stable, changing };
}

/**
 * Lists a watched folder: the regular files at its top (symbolic links to files included; sub-folders
 * are not watched), in no particular order. Files removed while the folder is read are left out.
 */
export async function loadFolderSnapshots(dir: string): Promise<FileSnapshot[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const snapshots: FileSnapshot[] = [];
  for (const entry of entries) {
    if (!entry.isFile() && !entry.isSymbolicLink()) continue;
    try {
      const info = await stat(join(dir, entry.name));
      if (info.isFile()) snapshots.push({ name: entry.name, size: info.size, mtimeMs: info.mtimeMs });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return snapshots;
}

/** One file's snapshot now, or undefined when it is gone or not a regular file. */
export async function loadFileSnapshot(dir: string, name: string): Promise<FileSnapshot | undefined> {
  try {
    const info = await stat(join(dir, name));
    return info.isFile() ? { name, size: info.size, mtimeMs: info.mtimeMs } : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
