/**
 * One look at the inbox and `processing/`, turned into what to do now. Pure: the loop lists the
 * folders, this decides, the loop acts.
 */
import { checkFileStability } from './check-file-stability.js';
import type { FileSnapshot, StabilityState } from './check-file-stability.js';
import { isIgnoredFile, parseMarkerName } from './is-ignored-file.js';
import { parseBookkeepingName } from './watch-folders.js';

/** What the loop saw. */
export interface WatchCycleInput {
  /** Regular files at the top of the inbox. */
  inbox: readonly FileSnapshot[];
  /** Names of the regular files in `processing/`, hidden ones included. */
  processing: readonly string[];
  /** The stability tracker's memory from the last look. */
  stability: StabilityState;
  /** The watcher's clock (ms). */
  nowMs: number;
  /** Quiet period after which an unchanged file counts as complete. */
  stableMs: number;
  /** Take a file only when its `NAME.ok` marker is present (its stability then does not matter). */
  markerMode: boolean;
  /** Files in `processing/` that failed for a passing reason, and the earliest time to try them again. */
  retryAt: ReadonlyMap<string, number>;
}

/** What to do now. */
export interface WatchCyclePlan {
  /** Tracker memory for the next look. */
  stability: StabilityState;
  /** Files in `processing/` to import or finish now (left by a crash, an interruption or a passing failure), by name. */
  finish: string[];
  /** Files in `processing/` waiting for their retry time. */
  deferred: string[];
  /** Files whose marker was already claimed but which are still in the inbox (a crash between the two renames). */
  completeClaims: string[];
  /** Complete inbox files to claim, oldest first (then by name), with what they looked like. */
  take: FileSnapshot[];
  /** Inbox files not complete yet: still changing, or without a marker in marker mode. */
  waiting: string[];
  /** Complete inbox files that wait because a file of the same name is still in `processing/`. */
  blocked: string[];
  /** Bookkeeping files in `processing/` whose file is gone (a crash after the final move); to delete. */
  orphans: string[];
}

/** Plans one cycle. */
export function planWatchCycle(input: WatchCycleInput): WatchCyclePlan {
  const candidates = input.inbox.filter((file) => !isIgnoredFile(file.name));
  const inboxNames = new Set(input.inbox.map((file) => file.name));
  const markers = new Set(input.inbox.flatMap((file) => parseMarkerName(file.name) ?? []));
  const { state, stable } = checkFileStability(input.stability, candidates, input.nowMs, input.stableMs);

  const busy = new Set(input.processing.filter((name) => !isIgnoredFile(name)));
  const finish: string[] = [];
  const deferred: string[] = [];
  for (const name of [...busy].sort()) {
    const at = input.retryAt.get(name);
    if (at !== undefined && at > input.nowMs) deferred.push(name);
    else finish.push(name);
  }

  const completeClaims: string[] = [];
  const orphans: string[] = [];
  for (const name of input.processing) {
    const parsed = parseBookkeepingName(name);
    if (parsed === undefined || busy.has(parsed.file)) continue;
    if (parsed.kind === 'marker' && inboxNames.has(parsed.file) && !isIgnoredFile(parsed.file)) completeClaims.push(parsed.file);
    else orphans.push(name);
  }
  const claiming = new Set(completeClaims);

  const complete = new Set(input.markerMode ? candidates.filter((file) => markers.has(file.name)).map((file) => file.name) : stable);
  const take: FileSnapshot[] = [];
  const waiting: string[] = [];
  const blocked: string[] = [];
  for (const file of candidates) {
    if (claiming.has(file.name)) continue;
    if (!complete.has(file.name)) waiting.push(file.name);
    else if (busy.has(file.name)) blocked.push(file.name);
    else take.push(file);
  }
  take.sort((a, b) => a.mtimeMs - b.mtimeMs || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { stability: state, finish, deferred, completeClaims: completeClaims.sort(), take, waiting: waiting.sort(), blocked: blocked.sort(), orphans: orphans.sort() };
}
