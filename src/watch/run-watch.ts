/**
 * `watch`: imports every file dropped into an inbox folder. The folder is polled (no `fs.watch`:
 * inotify events do not cross NFS and SMB mounts, and polling sees the same thing everywhere). A
 * file is taken once it is complete — unchanged for `stableSeconds`, or announced by its
 * `NAME.ok` marker — and claimed by an atomic rename into `processing/`; from there it is imported
 * and moved to `done/` or `failed/`. One watcher per inbox, kept by a lock file that is refreshed
 * while the watcher runs and taken over when its holder died. A stop request (SIGINT/SIGTERM via
 * `deps.signal`) stops taking files and interrupts the import in flight, which keeps its journal;
 * the file stays in `processing/` and is finished on the next start.
 */
import { stat, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Deps } from '../core/deps.js';
import { ConfigError, StateError } from '../core/errors.js';
import { loadMapping } from '../mapping/load-mapping.js';
import type { ResolvedSettings } from '../settings/resolve-settings.js';
import { acquireLock, isProcessAlive } from '../state/index.js';
import type { LockHandle } from '../state/index.js';
import { describeServiceAccount } from '../pipeline/describe-service-account.js';
import { createReportsRoot } from '../pipeline/create-reports-root.js';
import { checkSettling, loadFileSnapshot, loadFolderSnapshots } from './check-file-stability.js';
import type { StabilityState } from './check-file-stability.js';
import { MARKER_SUFFIX } from './is-ignored-file.js';
import { claimFile } from './move-file.js';
import { planWatchCycle } from './plan-watch-cycle.js';
import type { WatchCyclePlan } from './plan-watch-cycle.js';
import { processWatchFile } from './process-watch-file.js';
import type { WatchFileContext } from './process-watch-file.js';
import type { WatchFileRecord, WatchLogRecord, WatchNoticeEvent } from './render-watch-log.js';
import { buildClaimedMarkerName, buildWatchFolders, createWatchFolders } from './watch-folders.js';
import type { WatchFolders } from './watch-folders.js';

/** Options of `runWatch`. */
export interface WatchOptions {
  /** The inbox folder (relative to `deps.cwd` or absolute); it must exist. */
  inbox: string;
  /** Mapping file, read again for every file (so it can be fixed while the watcher runs). */
  mapping: string;
  /** Settings of the imports; the watcher turns on `changedOnly` and, unless a report folder is set, reports go to `INBOX/reports/`. */
  settings: ResolvedSettings;
  /** Process what is there (waiting up to `stableSeconds` for files to settle) and return, instead of watching on. */
  once: boolean;
  /** Seconds a file's size and modification time must stay unchanged before it is taken. */
  stableSeconds: number;
  /** Take a file only when `NAME.ok` is present (write it after the file is complete); stability is then not waited for. */
  markerMode: boolean;
  /** Files whose import left rows invalid or rejected go to `failed/` (default: `done/`, with issues in the report). */
  failOnRowErrors: boolean;
  /** Milliseconds between looks at the inbox. */
  pollIntervalMs: number;
  /** Receives every log record; the CLI renders them (`renderWatchLogLine`). */
  onLog: (record: WatchLogRecord) => void;
  /** This process's id, written into the lock. */
  pid: number;
  /** Whether a process of this host is alive; default `isProcessAlive`. */
  isAlive?: (pid: number) => boolean;
  /** A lock not refreshed for this long is taken over (a watcher on another host that died); default 60,000. It is refreshed 4 times as often. */
  lockStaleMs?: number;
  /** First wait before a file that failed for a passing reason (service down, bad mapping) is tried again; doubles up to 15 minutes. Default 60,000. */
  retryDelayMs?: number;
  /** Passed to `runImport` (wait before asking the service about requests of unknown fate). */
  settleAfterMs?: number;
}

/** What `runWatch` returns. */
export interface WatchResult {
  /**
   * `once`: the worst exit code of the files' imports (0 also when the inbox was empty; duplicates
   * count 0), 130 when stopped. Watching: 0 when stopped between files, 130 when an import was
   * interrupted. 3 in both when the lock was lost.
   */
  exitCode: number;
  /** The file records (the latest 1,000 when watching). */
  files: WatchFileRecord[];
}

const DEFAULT_LOCK_STALE_MS = 60_000;
const DEFAULT_RETRY_DELAY_MS = 60_000;
const MAX_RETRY_DELAY_MS = 15 * 60_000;
const KEPT_RECORDS = 1000;

/**
 * Runs the watcher. Throws before taking any file when the inbox, settings (a report folder that
 * cannot be made among them) or mapping are unusable (`ConfigError`, `MappingError`) or another
 * watcher holds the inbox (`StateError`).
 */
export async function runWatch(options: WatchOptions, deps: Deps): Promise<WatchResult> {
  const folders = buildWatchFolders(options.inbox, deps.cwd);
  await checkInbox(folders.inbox);
  const watchAccount = describeServiceAccount(options.settings.settings, deps.cwd);
  const mappingPath = resolve(deps.cwd, options.mapping);
  // Schema errors of the mapping are every file's problem: refuse to start rather than fail each file.
  await loadMapping(mappingPath, deps, { requiredFields: options.settings.settings.service.requiredFields });
  await createWatchFolders(folders);
  // A report folder that cannot be made is every file's problem too.
  if (options.settings.settings.reportDir !== undefined) await createReportsRoot(resolve(deps.cwd, options.settings.settings.reportDir), '--report-dir, setting reportDir');

  const notice: Notice = (event, level, message, data) =>
    options.onLog({ time: deps.now().toISOString(), level, event, message, ...(data ? { data } : {}) });

  const isAlive = options.isAlive ?? isProcessAlive;
  const keeper = keepWatchLock(folders, { ...options, isAlive }, deps, notice);
  const { stop, holdsLock } = keeper;

  const settings: ResolvedSettings = {
    ...options.settings,
    settings: { ...options.settings.settings, changedOnly: true, reportDir: options.settings.settings.reportDir ?? folders.reports },
  };
  const fileContext: WatchFileContext = {
    folders,
    mapping: mappingPath,
    settings,
    watchAccount,
    failOnRowErrors: options.failOnRowErrors,
    ...(options.settleAfterMs !== undefined ? { settleAfterMs: options.settleAfterMs } : {}),
    importLock: { pid: options.pid, isAlive },
    deps: { ...deps, signal: stop.signal },
  };

  const tracker = createFileTracker(options, fileContext, deps);
  const { retryAt } = tracker;
  const announced = new Set<string>();
  const stableMs = Math.max(0, options.stableSeconds * 1000);
  let stability: StabilityState = new Map();

  notice('started', 'info', `watching ${folders.inbox} (${options.once ? 'once' : `every ${options.pollIntervalMs} ms`}; ${options.markerMode ? 'files are taken when NAME.ok is present' : `files are taken after ${options.stableSeconds} s unchanged`})`, {
    inbox: folders.inbox,
    once: options.once,
    markerMode: options.markerMode,
    stableSeconds: options.stableSeconds,
  });
  const waitUntil = deps.now().getTime() + stableMs + 2 * options.pollIntervalMs;
  try {
    while (!stop.signal.aborted) {
      const nowMs = deps.now().getTime();
      let inbox;
      let processing;
      try {
        inbox = await loadFolderSnapshots(folders.inbox);
        processing = (await loadFolderSnapshots(folders.processing)).map((file) => file.name);
      } catch (error) {
        if (options.once) throw new StateError(`cannot list ${folders.inbox}: ${(error as Error).message}`, { cause: error });
        notice('error', 'error', `cannot list ${folders.inbox}: ${(error as Error).message}; trying again`);
        if (!(await pause(deps, options.pollIntervalMs * 10, stop.signal))) break;
        continue;
      }
      const plan = planWatchCycle({ inbox, processing, stability, nowMs, stableMs, markerMode: options.markerMode, retryAt });
      stability = plan.stability;
      for (const name of plan.orphans) await rm(join(folders.processing, name), { force: true });
      if (!options.once) announceWaiting(plan.waiting, announced, options.markerMode, notice);

      const acted = await importPlannedFiles(plan, { folders, markerMode: options.markerMode, holdsLock, tracker, announced, notice });

      if (options.once && !acted) {
        if (!isStillComing(plan.waiting, stability, options.markerMode, deps.now().getTime() < waitUntil)) {
          if (plan.waiting.length > 0) notice('waiting', 'info', `left for the next run: ${plan.waiting.join(', ')} (${options.markerMode ? 'no .ok marker' : 'still being written'})`, { files: plan.waiting });
          break;
        }
      }
      if (!acted && !(await pause(deps, options.pollIntervalMs, stop.signal))) break;
    }
  } finally {
    await keeper.release();
  }

  const stopped = stop.signal.aborted;
  const { worst, interruptedImport, files } = tracker;
  const exitCode = keeper.lockLost() ? 3 : options.once ? (stopped ? Math.max(worst(), 130) : worst()) : interruptedImport() ? 130 : 0;
  notice('stopped', 'info', `stopped (exit ${exitCode})`, { exitCode, files: files.length });
  return { exitCode, files };
}

type Notice = (event: WatchNoticeEvent, level: WatchLogRecord['level'], message: string, data?: Record<string, unknown>) => void;

/** The inbox's lock while the watcher runs, and the stop signal it shares with stop requests. */
interface WatchLockKeeper {
  /** Aborted by a stop request or a lost lock: ends the watch and interrupts the import in flight. */
  stop: AbortController;
  /**
   * Whether the lock is still ours, checked before every file: if it was deleted or taken over,
   * another watcher may be running, and it must not find the same file in `processing/`.
   */
  holdsLock(): boolean;
  lockLost(): boolean;
  /** Stops refreshing and releases the lock. */
  release(): Promise<void>;
}

/** Takes the inbox's lock (throws `StateError` when another watcher holds it) and refreshes it 4 times per stale period. */
function keepWatchLock(folders: WatchFolders, options: WatchOptions, deps: Deps, notice: Notice): WatchLockKeeper {
  const lockPath = folders.lock;
  const staleMs = options.lockStaleMs ?? DEFAULT_LOCK_STALE_MS;
  const lock: LockHandle = acquireLock(lockPath, {
    staleMs,
    now: deps.now,
    pid: options.pid,
    isAlive: options.isAlive ?? isProcessAlive,
    purpose: `watch ${folders.inbox}`,
  });
  notice('lock', 'info', `lock taken: ${lockPath}`, { lock: lockPath, pid: options.pid });

  const stop = new AbortController();
  const ended = new AbortController();
  const onStopRequest = (): void => {
    if (!stop.signal.aborted) notice('stopping', 'info', 'stop requested: no new files are taken; the import in flight keeps its journal');
    stop.abort(deps.signal?.reason);
  };
  if (deps.signal?.aborted) onStopRequest();
  else deps.signal?.addEventListener('abort', onStopRequest, { once: true });

  let lost = false;
  const holdsLock = (): boolean => {
    if (stop.signal.aborted) return false;
    try {
      lock.refresh();
      return true;
    } catch (error) {
      lost = true;
      notice('error', 'error', `${(error as Error).message}; stopping`);
      stop.abort(error);
      return false;
    }
  };
  const refresher = (async () => {
    const signal = AbortSignal.any([stop.signal, ended.signal]);
    while (!signal.aborted) {
      try {
        await deps.sleep(Math.max(10, Math.floor(staleMs / 4)), signal);
      } catch {
        return;
      }
      if (!holdsLock()) return;
    }
  })();
  return {
    stop,
    holdsLock,
    lockLost: () => lost,
    async release() {
      ended.abort();
      await refresher;
      deps.signal?.removeEventListener('abort', onStopRequest);
      const left = lock.release();
      if (left !== undefined) notice('error', 'warn', left);
    },
  };
}

/** Imports claimed files one at a time and keeps what the watch needs of their records. */
interface WatchFileTracker {
  handle(name: string): Promise<void>;
  /** The file records (the latest `KEPT_RECORDS` when watching). */
  files: WatchFileRecord[];
  /** When a file that failed for a passing reason is tried again (never, with `once`). */
  retryAt: Map<string, number>;
  worst(): number;
  interruptedImport(): boolean;
}

function createFileTracker(options: WatchOptions, fileContext: WatchFileContext, deps: Deps): WatchFileTracker {
  const files: WatchFileRecord[] = [];
  const retryAt = new Map<string, number>();
  const attempts = new Map<string, number>();
  const retryDelayMs = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
  let worst = 0;
  let interruptedImport = false;
  return {
    files,
    retryAt,
    worst: () => worst,
    interruptedImport: () => interruptedImport,
    async handle(name) {
      let record: WatchFileRecord | undefined;
      try {
        record = await processWatchFile(name, fileContext);
      } catch (error) {
        record = {
          time: deps.now().toISOString(),
          level: 'error',
          event: 'file',
          file: name,
          sha256: null,
          outcome: 'retry',
          exitCode: 3,
          runId: null,
          counts: null,
          reportDir: null,
          path: join(fileContext.folders.processing, name),
          error: (error as Error).message,
        };
      }
      if (record === undefined) return;
      options.onLog(record);
      files.push(record);
      if (files.length > KEPT_RECORDS && !options.once) files.shift();
      worst = Math.max(worst, record.exitCode);
      if (record.outcome === 'interrupted') interruptedImport = true;
      if (record.outcome === 'retry') {
        const n = (attempts.get(name) ?? 0) + 1;
        attempts.set(name, n);
        // `once` never tries a file twice: the next run does.
        retryAt.set(name, options.once ? Number.POSITIVE_INFINITY : deps.now().getTime() + Math.min(retryDelayMs * 2 ** (n - 1), MAX_RETRY_DELAY_MS));
      } else {
        attempts.delete(name);
        retryAt.delete(name);
      }
    },
  };
}

/**
 * Imports the files a cycle's plan holds, in its order: first claims the files whose marker was
 * claimed before a crash, then finishes the files in `processing/`, then takes the complete inbox
 * files. Stops when the lock is lost. True when a file was imported (or tried).
 */
async function importPlannedFiles(
  plan: Pick<WatchCyclePlan, 'completeClaims' | 'finish' | 'take'>,
  ctx: { folders: WatchFolders; markerMode: boolean; holdsLock: () => boolean; tracker: WatchFileTracker; announced: Set<string>; notice: Notice },
): Promise<boolean> {
  const { folders, holdsLock, tracker, notice } = ctx;
  let acted = false;
  for (const name of plan.completeClaims) {
    if (!holdsLock()) break;
    if (await claimFile(join(folders.inbox, name), join(folders.processing, name))) plan.finish.push(name);
  }
  for (const name of plan.finish) {
    if (!holdsLock()) break;
    if (!tracker.retryAt.has(name)) notice('recover', 'info', `finishing ${name}, left in processing/ by an earlier run`, { file: name });
    await tracker.handle(name);
    acted = true;
  }
  for (const file of plan.take) {
    if (!holdsLock()) break;
    if (!(await takeFile(file, folders, ctx.markerMode))) continue;
    ctx.announced.delete(file.name);
    await tracker.handle(file.name);
    acted = true;
  }
  return acted;
}

/** Claims a file the plan takes (with its marker in marker mode); false when it changed or went away since it was seen. */
async function takeFile(file: { name: string; size: number; mtimeMs: number }, folders: WatchFolders, markerMode: boolean): Promise<boolean> {
  // The plan is as old as the last import: take the file only if it is still as it was seen.
  const now = await loadFileSnapshot(folders.inbox, file.name);
  if (now === undefined || now.size !== file.size || now.mtimeMs !== file.mtimeMs) return false;
  if (markerMode) {
    const claimedMarker = await claimFile(join(folders.inbox, `${file.name}${MARKER_SUFFIX}`), join(folders.processing, buildClaimedMarkerName(file.name)));
    if (!claimedMarker) return false;
  }
  if (!(await claimFile(join(folders.inbox, file.name), join(folders.processing, file.name)))) {
    // The file went away after its marker was claimed: the marker must not vouch for a later file of that name.
    if (markerMode) await rm(join(folders.processing, buildClaimedMarkerName(file.name)), { force: true });
    return false;
  }
  return true;
}

/**
 * `once`: whether to wait on for a file still being written. A file untouched since it was first
 * seen is complete once its quiet period ends: always wait for it. A file seen changing gets until
 * the deadline, then it is left for the next run.
 */
function isStillComing(waiting: readonly string[], stability: StabilityState, markerMode: boolean, beforeDeadline: boolean): boolean {
  if (markerMode) return false;
  return waiting.some((name) => {
    const entry = stability.get(name);
    return entry !== undefined && (checkSettling(entry) || beforeDeadline);
  });
}

async function checkInbox(inbox: string): Promise<void> {
  let isDirectory: boolean;
  try {
    isDirectory = (await stat(inbox)).isDirectory();
  } catch (error) {
    throw new ConfigError(`the inbox ${inbox} cannot be used: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such folder' : (error as Error).message}`);
  }
  if (!isDirectory) throw new ConfigError(`the inbox ${inbox} is not a folder`);
}

/** Waits; false when the wait was cut short by a stop. */
async function pause(deps: Deps, ms: number, signal: AbortSignal): Promise<boolean> {
  try {
    await deps.sleep(ms, signal);
    return true;
  } catch {
    return false;
  }
}

/** Logs once per file that it is waiting to be complete. */
function announceWaiting(waiting: readonly string[], announced: Set<string>, markerMode: boolean, notice: (event: WatchNoticeEvent, level: 'info', message: string, data?: Record<string, unknown>) => void): void {
  const now = new Set(waiting);
  for (const name of announced) if (!now.has(name)) announced.delete(name);
  for (const name of waiting) {
    if (announced.has(name)) continue;
    announced.add(name);
    notice('waiting', 'info', markerMode ? `${name}: waiting for ${name}${MARKER_SUFFIX}` : `${name}: waiting until it stops changing`, { file: name });
  }
}
