/**
 * The folders a watcher keeps inside its inbox, and the names of its bookkeeping files. A file
 * moves `INBOX/NAME` → `processing/NAME` → `done/NAME` or `failed/NAME` by renames inside one
 * file system, so a move is never half done. Bookkeeping files in `processing/` are hidden
 * (`.NAME.watch.json`, `.NAME.ok`), so that no seller file can be mistaken for one.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** Absolute paths of a watcher's folders and lock. */
export interface WatchFolders {
  inbox: string;
  /** Files being imported; a file left here by a crash is finished on the next start. */
  processing: string;
  /** Imported files (rows rejected or invalid included, unless `failOnRowErrors`), duplicates, with `NAME.result.json`. */
  done: string;
  /** Files that could not be imported, with `NAME.error.txt` and `NAME.result.json`. */
  failed: string;
  /** Run reports, `reports/<runId>/`, unless the settings name another report folder. */
  reports: string;
  /** The lock that keeps a second watcher off this inbox. */
  lock: string;
}

/** Name of the lock file inside the inbox. */
const WATCH_LOCK_FILE = '.catalog-import-watch.lock';

/** The folders of the inbox `inbox` (resolved against `cwd`). */
export function buildWatchFolders(inbox: string, cwd: string): WatchFolders {
  const root = resolve(cwd, inbox);
  return {
    inbox: root,
    processing: join(root, 'processing'),
    done: join(root, 'done'),
    failed: join(root, 'failed'),
    reports: join(root, 'reports'),
    lock: join(root, WATCH_LOCK_FILE),
  };
}

/** Creates the folders that are missing. */
export async function createWatchFolders(folders: WatchFolders): Promise<void> {
  for (const dir of [folders.processing, folders.done, folders.failed, folders.reports]) await mkdir(dir, { recursive: true });
}

/** The note in `processing/` that records the decision to import `name` (content hash and time). */
export function buildDecisionNoteName(name: string): string {
  return `.${name}.watch.json`;
}

/** Where the `.ok` marker of `name` waits in `processing/` while its file is claimed. */
export function buildClaimedMarkerName(name: string): string {
  return `.${name}.ok`;
}

/** The data file a bookkeeping name in `processing/` belongs to, with its kind; undefined for other names. */
export function parseBookkeepingName(name: string): { kind: 'decision' | 'marker'; file: string } | undefined {
  if (!name.startsWith('.')) return undefined;
  if (name.endsWith('.watch.json') && name.length > '..watch.json'.length) return { kind: 'decision', file: name.slice(1, -'.watch.json'.length) };
  if (name.endsWith('.ok') && name.length > '..ok'.length) return { kind: 'marker', file: name.slice(1, -'.ok'.length) };
  return undefined;
}
