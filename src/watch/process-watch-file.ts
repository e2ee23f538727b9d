/**
 * Takes one claimed file in `processing/` to its end: recognise content already imported (a
 * duplicate, or a file whose import finished just before a crash), else import it with
 * `runImport` (which resumes an unfinished run of the same content from its journal), then move
 * it to `done/` or `failed/` with a result note beside it. A file whose import was interrupted, or
 * failed for a reason that is not the file's, stays in `processing/`; unless it was removed from
 * there meanwhile (`gone`).
 */
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Deps } from '../core/deps.js';
import { StateError } from '../core/errors.js';
import { loadMappingWithHash } from '../mapping/load-mapping.js';
import type { LoadedMapping } from '../mapping/load-mapping.js';
import { describeChangeSinceHash, hashFileWithFingerprint, readFileFingerprint } from '../pipeline/file-fingerprint.js';
import type { KnownFileHash } from '../pipeline/file-fingerprint.js';
import { runImport } from '../pipeline/run-import.js';
import type { RunSummaryCounts } from '../report/report-types.js';
import type { ResolvedSettings } from '../settings/resolve-settings.js';
import { openStateStore } from '../state/index.js';
import type { RunRecord } from '../state/index.js';
import type { AccountLocation } from '../pipeline/describe-service-account.js';
import { classifyImportError, type ImportFailure } from './classify-import-error.js';
import { buildRunReportDir, findFirstImportedRun, findImportFinishedSince } from './find-imported-run.js';
import type { ContentKey } from './find-imported-run.js';
import { buildUniqueName, checkNameTaken } from './move-file.js';
import type { WatchFileCounts, WatchFileRecord, WatchOutcome } from './render-watch-log.js';
import { buildClaimedMarkerName, buildDecisionNoteName } from './watch-folders.js';
import type { WatchFolders } from './watch-folders.js';

/** Side files written beside a file in `done/` or `failed/`. */
const RESULT_SUFFIXES = { result: '.result.json', error: '.error.txt', duplicate: '.duplicate.txt' } as const;

/** What processing one file needs. */
export interface WatchFileContext {
  folders: WatchFolders;
  /** Absolute mapping path. */
  mapping: string;
  /** Settings for every import (the watcher sets `changedOnly` and the report folder). */
  settings: ResolvedSettings;
  watchAccount: AccountLocation;
  /** Send files whose import left rows invalid or rejected (exit 1) to `failed/` instead of `done/`. */
  failOnRowErrors: boolean;
  /** Passed to `runImport`. */
  settleAfterMs?: number;
  /** Passed to `runImport`: its account lock, so a watcher's import and a manual import of the same seller never interleave. */
  importLock?: { pid: number; isAlive: (pid: number) => boolean };
  /** Side effects; `signal` is the watcher's stop request. */
  deps: Deps;
}

/** The note in `processing/` recording the decision to import a file. */
interface DecisionNote {
  sha256: string;
  mappingSha256: string;
  /** ISO time of the decision: a run of this content finished after it was this file's import. */
  decidedAt: string;
}

/**
 * Processes `processing/<name>`. Returns the file's log record, or undefined when the file
 * vanished before it could be read (someone removed it).
 */
export async function processWatchFile(name: string, ctx: WatchFileContext): Promise<WatchFileRecord | undefined> {
  const { folders, deps } = ctx;
  const path = join(folders.processing, name);
  const base = { file: name, path };

  // Hashed once: the run takes this hash (and refuses the file if it changed since) rather than
  // reading the file a second time, so the duplicate decision, the decision note, the run's
  // journal and its report all name the same content.
  let hashed: KnownFileHash;
  try {
    // A stop request ends the hash too: a large file would otherwise hold the stop for as long as
    // reading it takes.
    hashed = await hashFileWithFingerprint(path, { signal: deps.signal });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    // Stopped while hashing: nothing decided, noted or imported; the next start takes it again.
    if (deps.signal?.aborted === true) return keep({ ...base, sha256: null, outcome: 'interrupted', exitCode: 130, error: `stopped while hashing ${name}` }, ctx);
    const message = `cannot read ${name}: ${(error as Error).message}`;
    return moveOut(ctx, name, { ...base, sha256: null, outcome: 'failed', exitCode: 2, runId: null, counts: null, reportDir: null, error: message }, message);
  }
  const { sha256 } = hashed;

  // The mapping, read once per file too: the run takes the mapping parsed here and its hash, so
  // the duplicate check, the decision note and the run all mean the same mapping. One that cannot
  // be read or parsed now is the run's failure it would have been (retry, exit 2). A bug (exit 70)
  // is the import's bug too: the file goes to failed/, as from the import, not retried forever.
  let mapping: LoadedMapping;
  try {
    mapping = await loadMappingWithHash(ctx.mapping, deps, { requiredFields: ctx.settings.settings.service.requiredFields });
  } catch (error) {
    const failure = classifyMappingError(error, deps.signal?.aborted === true);
    if (failure.outcome !== 'failed') return keep({ ...base, sha256, outcome: failure.outcome, exitCode: failure.exitCode, error: failure.message }, ctx);
    return moveOut(ctx, name, { ...base, sha256, outcome: 'failed', exitCode: failure.exitCode, runId: null, counts: null, reportDir: null, error: failure.message }, failure.message);
  }
  const key: ContentKey = { fileSha256: sha256, mappingSha256: mapping.sha256 };
  let runs: RunRecord[];
  try {
    runs = loadRuns(ctx);
  } catch (error) {
    return keep({ ...base, sha256, outcome: 'retry', exitCode: 3, error: (error as Error).message }, ctx);
  }

  const note = await loadDecisionNote(join(folders.processing, buildDecisionNoteName(name)));
  if (note !== undefined && note.sha256 === key.fileSha256 && note.mappingSha256 === key.mappingSha256) {
    const finished = findImportFinishedSince(runs, key, note.decidedAt);
    if (finished !== undefined) return (await keepIfChanged(hashed, base, ctx)) ?? finishFromRun(ctx, name, sha256, finished);
  } else {
    const first = findFirstImportedRun(runs, key);
    if (first !== undefined) {
      const changed = await keepIfChanged(hashed, base, ctx);
      if (changed !== undefined) return changed;
      const reportDir = buildRunReportDir(first);
      const text = (finalPath: string): string =>
        `${name} was not imported: the same content (sha256 ${sha256}) with the same mapping was imported by run ${first.runId}${first.finishedAt ? ` at ${first.finishedAt}` : ''}.\nReport of that run: ${reportDir}\nTo import it again anyway, run: ${buildReimportCommand(ctx, finalPath)}\n`;
      return moveOut(
        ctx,
        name,
        { ...base, sha256, outcome: 'duplicate', exitCode: 0, runId: first.runId, counts: null, reportDir, duplicateOf: { runId: first.runId, reportDir, finishedAt: first.finishedAt } },
        undefined,
        text,
      );
    }
    await writeDecisionNote(join(folders.processing, buildDecisionNoteName(name)), { sha256, mappingSha256: key.mappingSha256, decidedAt: deps.now().toISOString() });
  }

  try {
    const result = await runImport(
      {
        file: path,
        mapping: ctx.mapping,
        settings: ctx.settings,
        knownHash: hashed,
        loadedMapping: mapping,
        ...(ctx.settleAfterMs !== undefined ? { settleAfterMs: ctx.settleAfterMs } : {}),
        ...(ctx.importLock ? { lock: ctx.importLock } : {}),
      },
      deps,
    );
    const record = { ...base, sha256, runId: result.runId, counts: buildCounts(result.summary.counts), reportDir: result.reportDir, exitCode: result.exitCode };
    if (result.exitCode === 130) return keep({ ...record, outcome: 'interrupted' }, ctx);
    return moveOut(ctx, name, { ...record, outcome: decideOutcome(result.exitCode, ctx.failOnRowErrors) });
  } catch (error) {
    const failure = classifyImportError(error, deps.signal?.aborted === true);
    if (failure.outcome !== 'failed') return keep({ ...base, sha256, outcome: failure.outcome, exitCode: failure.exitCode, error: failure.message }, ctx);
    return moveOut(ctx, name, { ...base, sha256, outcome: 'failed', exitCode: failure.exitCode, runId: null, counts: null, reportDir: null, error: failure.message }, failure.message);
  }
}

/**
 * What loading the mapping for a file ends in: a failure about the mapping (unreadable, invalid,
 * not fitting the service) is no fault of the file, which stays for another try (`retry`, exit 2);
 * a bug (a failure that is no `PipelineError`, or `INTERNAL`) is `failed`, exit 70, as from the
 * import; a stop request is `interrupted`.
 */
function classifyMappingError(error: unknown, aborted: boolean): ImportFailure {
  const failure = classifyImportError(error, aborted);
  if (failure.outcome !== 'failed' || failure.exitCode === 70) return failure;
  return { ...failure, outcome: 'retry', exitCode: 2 };
}

/**
 * The command that imports a duplicate anyway: the file where it now lies, the watcher's mapping
 * and state directory (without it, the import would use another state and create the products a
 * second time), and the service settings from the same environment as the watcher.
 */
function buildReimportCommand(ctx: WatchFileContext, path: string): string {
  const quote = (text: string): string => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);
  return `catalog-import import ${quote(path)} --mapping ${quote(ctx.mapping)} --state-dir ${quote(ctx.watchAccount.stateDir)} --fresh`;
}

/** `done` for exit 0 and 1 (rows rejected or invalid count as done with issues), unless `failOnRowErrors`. */
function decideOutcome(exitCode: number, failOnRowErrors: boolean): WatchOutcome {
  if (exitCode === 0) return 'done';
  return exitCode === 1 && !failOnRowErrors ? 'done' : 'failed';
}

/** Row counts of a run for the log: the total and each status. */
function buildCounts(counts: RunSummaryCounts): WatchFileCounts {
  const flat: WatchFileCounts = { rows: counts.rows };
  for (const [status, n] of Object.entries(counts.byStatus)) if (n !== undefined) flat[status] = n;
  return flat;
}

function loadRuns(ctx: WatchFileContext): RunRecord[] {
  const store = openStateStore({ dir: ctx.watchAccount.stateDir, account: ctx.watchAccount.account, now: ctx.deps.now });
  try {
    return store.listRuns();
  } finally {
    store.close();
  }
}

/** A file whose import finished before a crash kept it from being moved: done, with that run's report. */
async function finishFromRun(ctx: WatchFileContext, name: string, sha256: string, run: RunRecord): Promise<WatchFileRecord> {
  const exitCode = run.exitCode ?? 0;
  const counts = await loadSummaryCounts(run.summaryPath);
  return moveOut(ctx, name, {
    file: name,
    path: join(ctx.folders.processing, name),
    sha256,
    outcome: decideOutcome(exitCode, ctx.failOnRowErrors),
    exitCode,
    runId: run.runId,
    counts,
    reportDir: buildRunReportDir(run),
  });
}

async function loadSummaryCounts(summaryPath: string | null): Promise<WatchFileCounts | null> {
  if (summaryPath === null) return null;
  try {
    const summary = JSON.parse(await readFile(summaryPath, 'utf8')) as { counts?: RunSummaryCounts };
    return summary.counts ? buildCounts(summary.counts) : null;
  } catch {
    return null;
  }
}

/**
 * A file moved on its hash alone (a duplicate, or done by a run that finished before a crash) is
 * moved only while it still holds what was hashed; else it is kept for another try, as the run
 * keeps a file changed since the hash (`SourceChangedError`). A file gone or unreadable by now is
 * left to the move, which reports it.
 */
async function keepIfChanged(hashed: KnownFileHash, base: { file: string; path: string }, ctx: Pick<WatchFileContext, 'folders' | 'deps'>): Promise<WatchFileRecord | undefined> {
  const now = await stat(base.path, { bigint: true }).then(readFileFingerprint, () => undefined);
  const change = now === undefined ? undefined : describeChangeSinceHash(base.path, hashed, now);
  return change === undefined ? undefined : keep({ ...base, sha256: hashed.sha256, outcome: 'retry', exitCode: 2, error: change }, ctx);
}

/**
 * A file that stays in `processing/`, for another try or the next start; or, when it is no longer
 * there (removed during its import), `gone`: nothing is kept or tried again, so its bookkeeping
 * files go too, and the line says so rather than promise a try of a file that is not there.
 */
async function keep(
  fields: Pick<WatchFileRecord, 'file' | 'path' | 'sha256' | 'outcome' | 'exitCode'> & Partial<Pick<WatchFileRecord, 'runId' | 'counts' | 'reportDir' | 'error'>>,
  ctx: Pick<WatchFileContext, 'folders' | 'deps'>,
): Promise<WatchFileRecord> {
  const gone = await stat(fields.path).then(
    () => false,
    (error: NodeJS.ErrnoException) => error.code === 'ENOENT',
  );
  if (gone) {
    await rm(join(ctx.folders.processing, buildClaimedMarkerName(fields.file)), { force: true });
    await rm(join(ctx.folders.processing, buildDecisionNoteName(fields.file)), { force: true });
  }
  const outcome: WatchOutcome = gone ? 'gone' : fields.outcome;
  return {
    time: ctx.deps.now().toISOString(),
    level: outcome === 'interrupted' || outcome === 'gone' ? 'warn' : 'error',
    event: 'file',
    runId: null,
    counts: null,
    reportDir: null,
    ...fields,
    outcome,
  };
}

/**
 * Moves a file out of `processing/` into `done/` or `failed/` under a free name, after writing its
 * result note (and the error or duplicate note) there, then removes its bookkeeping files.
 */
async function moveOut(
  ctx: WatchFileContext,
  name: string,
  fields: Omit<WatchFileRecord, 'time' | 'level' | 'event'>,
  errorText?: string,
  duplicateText?: (finalPath: string) => string,
): Promise<WatchFileRecord> {
  const { folders, deps } = ctx;
  const dir = fields.outcome === 'failed' ? folders.failed : folders.done;
  const finalName = await buildUniqueName(name, deps.now(), (candidate) => checkNameTaken(dir, candidate, Object.values(RESULT_SUFFIXES)));
  const finalPath = join(dir, finalName);
  const record: WatchFileRecord = {
    time: deps.now().toISOString(),
    level: fields.outcome === 'failed' ? 'error' : fields.exitCode === 0 ? 'info' : 'warn',
    event: 'file',
    ...fields,
    path: finalPath,
  };
  await writeFile(`${finalPath}${RESULT_SUFFIXES.result}`, `${JSON.stringify(record, null, 2)}\n`);
  if (errorText !== undefined) await writeFile(`${finalPath}${RESULT_SUFFIXES.error}`, `${errorText}\n`);
  if (duplicateText !== undefined) await writeFile(`${finalPath}${RESULT_SUFFIXES.duplicate}`, duplicateText(finalPath));
  // The claimed marker goes before the file: left behind by a crash, it would vouch for the next
  // file of this name while that one is still being written.
  await rm(join(folders.processing, buildClaimedMarkerName(name)), { force: true });
  try {
    await rename(join(folders.processing, name), finalPath);
  } catch (error) {
    throw new StateError(`cannot move ${name} from ${folders.processing} to ${dir}: ${(error as Error).message}`, { cause: error });
  }
  await rm(join(folders.processing, buildDecisionNoteName(name)), { force: true });
  return record;
}

async function loadDecisionNote(path: string): Promise<DecisionNote | undefined> {
  try {
    const value = JSON.parse(await readFile(path, 'utf8')) as Partial<DecisionNote> | null;
    if (value && typeof value.sha256 === 'string' && typeof value.mappingSha256 === 'string' && typeof value.decidedAt === 'string') {
      return { sha256: value.sha256, mappingSha256: value.mappingSha256, decidedAt: value.decidedAt };
    }
  } catch {
    // Missing or torn (a crash while writing it): decide again.
  }
  return undefined;
}

async function writeDecisionNote(path: string, note: DecisionNote): Promise<void> {
  await writeFile(path, `${JSON.stringify(note)}\n`);
}
