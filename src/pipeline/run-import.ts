/**
 * `import`: read → map → validate → assemble (spooled) → fill ids from the state → skip unchanged
 * → submit in batches with a concurrency limit (the client paces the rate) → follow every job to the end →
 * remember the ids → report every row. Every step is journaled, so running the same command again
 * after a crash (`kill -9` included) finishes the run: accepted requests are followed, not re-sent;
 * requests whose answer was never recorded are settled by asking the service which of their
 * products exist before anything is sent again.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Deps } from '../core/deps.js';
import { AbortedError, ConfigError } from '../core/errors.js';
import { createIssue } from '../core/issue.js';
import type { Issue } from '../core/issue.js';
import type { PipelineEvent } from '../core/events.js';
import type { RunSummaryJob } from '../report/report-types.js';
import { acquireLock } from '../state/index.js';
import type { LockHandle, RunRecord } from '../state/index.js';
import { createSpoolSink } from './create-spool-sink.js';
import { finishRun } from './finish-run.js';
import type { RunResult } from './finish-run.js';
import { prepareRun } from './prepare-run.js';
import type { PreparedRun, RunInputs } from './prepare-run.js';
import { readAndValidate } from './read-and-validate.js';
import { createRowOutcomeStore } from './row-outcome-store.js';
import { openIssueSpill, type IssueSpill } from '../state/open-issue-spill.js';
import { sendAndFollow } from './send-and-follow.js';
import type { SendOutcome } from './send-and-follow.js';
import { reportProductOutcomes } from './report-product-outcomes.js';
import { createImportWork } from './create-import-work.js';
import { buildPlanIssues } from '../plan/index.js';
import { createPlanCsvWriter } from '../plan/create-plan-csv-writer.js';
import { renderPlannedProduct, renderPlanSummary } from '../plan/render-plan.js';
import type { PlanCounts, PlannedProduct } from '../plan/plan-types.js';
import { healDuplicateRefusals } from './heal-duplicate-refusals.js';

/** Options of `runImport`. */
export interface ImportOptions extends RunInputs {
  /** Continue this run (`--resume RUN`). */
  resumeRunId?: string;
  /** Start a new run even when an unfinished run of the same content exists. */
  fresh?: boolean;
  /** Wait at least this long after a request was sent before asking the service whether its products exist. */
  settleAfterMs?: number;
  /**
   * Hold the account's import lock while running, so two imports of one seller never interleave
   * their requests (the CLI passes its pid; a lock of a dead process is taken over).
   */
  lock?: { pid: number; isAlive: (pid: number) => boolean };
}

/**
 * Takes the account's import lock, refreshed while the run reports progress (`runDeps.onEvent` is
 * wrapped), so two imports of one seller never interleave their requests.
 */
function holdImportLock(prep: PreparedRun, holder: NonNullable<ImportOptions['lock']>, deps: Deps, runDeps: Deps): LockHandle {
  const lock = acquireLock(join(prep.service.stateDir, `import-${prep.store.accountKey.slice(0, 12)}.lock`), {
    staleMs: IMPORT_LOCK_STALE_MS,
    now: deps.now,
    pid: holder.pid,
    isAlive: holder.isAlive,
    purpose: `import ${prep.displayPath}`,
  });
  let refreshed = deps.now().getTime();
  const onEvent = runDeps.onEvent;
  runDeps.onEvent = (event) => {
    const now = deps.now().getTime();
    if (now - refreshed > 30_000) {
      refreshed = now;
      lock.refresh();
    }
    onEvent(event);
  };
  return lock;
}

/** The run this import continues or starts, and this attempt's report folder. */
function openImportRun(options: ImportOptions, prep: PreparedRun): { runId: string; previous: RunRecord | undefined; reportsRoot: string; reportDir: string } {
  const { store, settings } = prep;
  const previous = findRunToContinue(options, prep, settings.plan);
  const reportsRoot = settings.reportDir ?? join(prep.service.stateDir, 'runs');
  const runId =
    previous?.runId ??
    store.createRun({
      // A plan sends nothing: a run of its own kind, never resumed, never an import of its content.
      command: settings.plan ? 'plan' : 'import',
      file: prep.displayPath,
      fileSha256: prep.fileSha256,
      mappingFile: options.mapping,
      mappingSha256: prep.mappingSha256,
      options: { batchSize: settings.batchSize, concurrency: settings.concurrency, changedOnly: settings.changedOnly, strict: settings.strict, maxErrors: settings.maxErrors ?? null },
      reportDir: reportsRoot,
    }).runId;
  // One report folder per attempt: a resumed run never writes over an earlier attempt's report.
  return { runId, previous, reportsRoot, reportDir: chooseAttemptReportDir(reportsRoot, runId) };
}

/**
 * The run to continue: the one `--resume` names (never a finished one: its report and plan stay
 * as they are), else the latest unfinished import of the same content unless `--fresh`. A plan
 * (`--plan`) continues nothing: it is a run of its own.
 */
function findRunToContinue(options: ImportOptions, prep: PreparedRun, planOnly: boolean): RunRecord | undefined {
  const { store } = prep;
  if (options.resumeRunId !== undefined) {
    const run = store.getRun(options.resumeRunId);
    if (!run || (run.command !== 'import' && run.command !== 'watch')) throw new ConfigError(`no import run ${options.resumeRunId} for this service and seller; see \`catalog-import runs\``);
    if (run.status === 'finished') {
      throw new ConfigError(`run ${run.runId} is finished: every row has its outcome (see its report${run.summaryPath ? ` ${run.summaryPath}` : ''}); there is nothing to resume — run the import without --resume to import the file again`);
    }
    if (planOnly) throw new ConfigError('--plan starts a run of its own and sends nothing; it cannot be combined with --resume');
    if (run.fileSha256 !== prep.fileSha256 || run.mappingSha256 !== prep.mappingSha256) {
      throw new ConfigError(`run ${run.runId} was made from other content of the file or mapping; it cannot be resumed with these`);
    }
    return run;
  }
  if (options.fresh || planOnly) return undefined;
  return store.findResumableRun(prep.fileSha256, prep.mappingSha256, { commands: ['import', 'watch'] });
}

/** `<root>/<run>` for a run's first attempt, `<root>/<run>-attempt-N` for the N-th: never over an earlier one. */
function chooseAttemptReportDir(reportsRoot: string, runId: string): string {
  const first = join(reportsRoot, runId);
  if (!existsSync(first)) return first;
  for (let attempt = 2; ; attempt += 1) {
    const dir = join(reportsRoot, `${runId}-attempt-${attempt}`);
    if (!existsSync(dir)) return dir;
  }
}

/** A lock not refreshed for this long is taken over (a holder on another host that died). */
const IMPORT_LOCK_STALE_MS = 10 * 60_000;

/** Runs an import; never throws for bad rows, only for run-stopping failures. */
export async function runImport(options: ImportOptions, deps: Deps): Promise<RunResult> {
  const startedAt = deps.now();
  const timings: Record<string, number> = {};
  const runDeps: Deps = { ...deps, onEvent: (event: PipelineEvent) => deps.onEvent(event) };
  let mark = deps.now().getTime();
  const lap = (name: string): void => {
    const now = deps.now().getTime();
    timings[name] = (timings[name] ?? 0) + (now - mark);
    mark = now;
  };

  const prep = await prepareRun(options, runDeps);
  lap('prepare');
  let lock: LockHandle | undefined;
  let activeRunId: string | undefined;
  let spill: IssueSpill | undefined;
  try {
    if (options.lock) lock = holdImportLock(prep, options.lock, deps, runDeps);
    const { store, settings } = prep;
    const { runId, previous, reportsRoot, reportDir } = openImportRun(options, prep);
    activeRunId = runId;
    if (previous) {
      store.setRunStatus(runId, 'running');
      runDeps.onEvent({ type: 'log', level: 'info', message: `resuming run ${runId}` });
    }
    runDeps.onEvent({ type: 'stage:start', stage: 'read', detail: `${prep.displayPath} (run ${runId})` });

    // Row issues go to a scratch spill (deleted when the run ends), as in the dry run: a first
    // import with a wrong mapping has an issue on every row, and memory must not grow with them.
    spill = openIssueSpill(join(prep.service.stateDir, `import-issues-${runId}.sqlite`));
    const outcomes = createRowOutcomeStore({ spill });
    const sink = createSpoolSink(store, runId);
    const read = await readAndValidate({
      ...prep,
      sink,
      outcomes,
      deps: runDeps,
    });
    sink.flush();
    store.markSpoolComplete(runId);
    lap('read');

    const extraIssues: Issue[] = [];
    const invalidRows = outcomes.counts().invalid ?? 0;
    const blocked =
      settings.strict && invalidRows > 0
        ? `--strict: ${invalidRows} row(s) have errors, nothing was sent`
        : settings.maxErrors !== undefined && invalidRows > settings.maxErrors
          ? `${invalidRows} row(s) have errors, more than --max-errors ${settings.maxErrors}; nothing was sent`
          : null;

    const jobs: RunSummaryJob[] = [];
    const unchanged = new Set<string>();
    const requestFailures = new Map<string, { message: string; fieldErrors: string }>();
    let interrupted = false;
    let serviceFault = false;
    let planOnly = false;
    let settledKeys: ReadonlySet<string> = new Set();
    let conflicts: ReadonlyMap<string, string> = new Map();
    let createdBy: ReadonlyMap<string, string> = new Map();
    let heldElsewhere: ReadonlyMap<string, string> = new Map();
    const addPlanIssues = (planned: PlannedProduct): void => {
      for (const issue of buildPlanIssues(planned)) {
        extraIssues.push(issue);
        if (issue.row !== undefined) outcomes.addIssue(issue.row, issue);
      }
    };

    if (blocked) {
      runDeps.onEvent({ type: 'log', level: 'warn', message: blocked });
      extraIssues.push(createIssue({ code: 'import_blocked', severity: 'error', stage: 'submit', message: blocked }));
    } else {
      const work = createImportWork({ prep, runId, deps: runDeps, jobs, settleAfterMs: options.settleAfterMs ?? 30_000 });
      settledKeys = work.settledKeys;
      conflicts = work.conflicts;
      createdBy = work.createdBy;
      // 1. What an earlier attempt left: jobs to follow, requests whose fate is unknown.
      await work.finishEarlierAttempt();
      lap('resume');
      // 2. The plan: what sending would do to the live catalog, before anything is sent.
      runDeps.onEvent({ type: 'stage:start', stage: 'plan', detail: 'comparing the products with what the service holds' });
      await mkdir(reportDir, { recursive: true });
      const planWriter = await createPlanCsvWriter(join(reportDir, 'plan.csv'), ';');
      let counts: PlanCounts;
      try {
        counts = await work.plan(unchanged, async (planned) => {
          if (planned.action !== 'unchanged' || planned.blanked.length) await planWriter.write(planned);
          if (settings.plan && planned.action !== 'unchanged') for (const line of renderPlannedProduct(planned)) runDeps.onEvent({ type: 'log', level: 'info', message: line });
          addPlanIssues(planned);
        });
        await planWriter.close();
      } catch (error) {
        planWriter.destroy();
        throw error;
      }
      runDeps.onEvent({ type: 'log', level: 'info', message: `${renderPlanSummary(counts)} (details: ${join(reportDir, 'plan.csv')})` });
      lap('plan');
      planOnly = settings.plan;
      if (!planOnly) {
        const sending: SendOutcome = { requestFailures, interrupted: false, serviceFault: false };
        await sendAndFollow(work, { prep, runId, deps: runDeps, outcome: sending, onSubmitted: () => lap('submit') });
        lap('jobs');
        interrupted ||= sending.interrupted;
        serviceFault ||= sending.serviceFault;
        // 3. Refusals that mean "it already exists" heal in the same run: the product found is
        //    planned again as an update of itself.
        if (!interrupted && !runDeps.signal?.aborted) {
          const heal = await healDuplicateRefusals({ store, client: prep.service.client, runId, deps: runDeps });
          heldElsewhere = heal.heldElsewhere;
          if (heal.healed.size > 0) {
            for (const key of heal.healed) {
              work.settledKeys.add(key);
              work.createdBy.set(key, 'an earlier request (found when the service refused its barcode as taken)');
            }
            await work.plan(unchanged, async (planned) => addPlanIssues(planned), heal.healed);
            if (work.toSendCount() > 0) {
              const again: SendOutcome = { requestFailures, interrupted: false, serviceFault: false };
              await sendAndFollow(work, { prep, runId, deps: runDeps, outcome: again });
              interrupted ||= again.interrupted;
              serviceFault ||= again.serviceFault;
            }
            lap('heal');
          }
        }
      }
    }

    // 4. Every row gets its outcome from the journal (and, with --verify, is read back).
    await reportProductOutcomes({
      prep,
      runId,
      header: read.info.header,
      outcomes,
      extraIssues,
      outcome: { planOnly, settledKeys, unchanged, requestFailures, conflicts, createdBy, heldElsewhere, blocked: blocked !== null },
      deps: runDeps,
    });
    if (settings.verify) lap('verify');

    return await finishRun({
      command: 'import',
      runId,
      prep,
      read,
      outcomes,
      extraIssues,
      jobs,
      timings,
      startedAt,
      interrupted,
      blocked: blocked !== null,
      // A job status answer that could not be read is the service's answer not understood (exit 3).
      serviceFault: serviceFault || jobs.some((job) => job.status === 'unreadable'),
      planOnly,
      reportsRoot,
      reportDir,
      deps: runDeps,
    });
  } catch (error) {
    // A run stopped by a failure says so (and stays resumable) instead of looking still under way.
    if (activeRunId !== undefined) prep.store.setRunStatus(activeRunId, error instanceof AbortedError ? 'interrupted' : 'failed');
    throw error;
  } finally {
    spill?.close();
    lock?.release();
    await prep.close();
  }
}
