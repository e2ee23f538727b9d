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
import { readMonotonicMs } from '../core/deps.js';
import type { Deps } from '../core/deps.js';
import { AbortedError, ConfigError, SourceChangedError, asStopWhenAborted } from '../core/errors.js';
import { createIssue } from '../core/issue.js';
import type { Issue } from '../core/issue.js';
import type { PipelineEvent } from '../core/events.js';
import { createProductKeyIndex } from '../core/product-key-index.js';
import type { RunSummaryJob } from '../report/report-types.js';
import { acquireLock } from '../state/index.js';
import type { LockHandle, RunRecord } from '../state/index.js';
import { createSpoolSink } from './create-spool-sink.js';
import { finishRun } from './finish-run.js';
import type { RunResult } from '../report/write-result-json.js';
import { createPreparedRun, prepareRun } from './prepare-run.js';
import type { JournalRun, PreparedRun, RunInputs } from './prepare-run.js';
import { createLapTimer } from './create-lap-timer.js';
import { readAndValidate, type ReadAndValidateResult } from './read-and-validate.js';
import { createRowOutcomeStore, type RowOutcomeStore } from './row-outcome-store.js';
import { nameScratchFile } from './scratch/scratch-files.js';
import { clearDeadRuns } from './clear-dead-runs.js';
import { openIssueSpill, type IssueSpill } from './scratch/open-issue-spill.js';
import { sendAndFollow } from './import/send-and-follow.js';
import type { SendOutcome } from './import/send-and-follow.js';
import { reportProductOutcomes } from './import/report-product-outcomes.js';
import { createImportWork } from './import/create-import-work.js';
import { removeKilledPartials } from './import/remove-killed-partials.js';
import { buildPlanIssues } from '../plan/build-plan-issues.js';
import { createPlanCsvWriter } from '../plan/create-plan-csv-writer.js';
import { renderPlannedProduct, renderPlanSummary } from '../plan/render-plan.js';
import type { PlanCounts, PlannedProduct } from '../plan/plan-types.js';
import { healDuplicateRefusals } from './import/heal-duplicate-refusals.js';
import { readUnchangedSource } from './check-source-unchanged.js';

/** Options of `runImport`. */
export interface ImportOptions extends RunInputs {
  /** Continue this run (`--resume RUN`). */
  resumeRunId?: string;
  /** Start a new run even when an unfinished run of the same content exists. */
  fresh?: boolean;
  /** Wait at least this long after a request was sent before asking the service whether its products exist. Default: the setting `settleAfterSeconds`. */
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
  let refreshed = readMonotonicMs(deps);
  const onEvent = runDeps.onEvent;
  runDeps.onEvent = (event) => {
    const now = readMonotonicMs(deps);
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
  const { settings } = prep;
  const previous = findRunToContinue(options, prep, settings.plan);
  const { reportsRoot } = prep;
  const runId =
    previous?.runId ??
    createPreparedRun(prep, options.mapping, {
      // A plan sends nothing: a run of its own kind, never resumed, never an import of its content.
      command: settings.plan ? 'plan' : 'import',
      options: { batchSize: settings.batchSize, concurrency: settings.concurrency, changedOnly: settings.changedOnly, strict: settings.strict, maxErrors: settings.maxErrors ?? null },
      reportDir: reportsRoot,
    });
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
export function chooseAttemptReportDir(reportsRoot: string, runId: string): string {
  const first = join(reportsRoot, runId);
  if (!existsSync(first)) return first;
  for (let attempt = 2; ; attempt += 1) {
    const dir = join(reportsRoot, `${runId}-attempt-${attempt}`);
    if (!existsSync(dir)) return dir;
  }
}

/** What planning, sending and healing left for the report. */
export interface SentWork {
  planOnly: boolean;
  settledKeys: ReadonlySet<string>;
  conflicts: ReadonlyMap<string, string>;
  createdBy: ReadonlyMap<string, string>;
  pendingElsewhere: ReadonlyMap<string, string>;
  heldElsewhere: ReadonlyMap<string, string>;
  interrupted: boolean;
  serviceFault: boolean;
}

const NOTHING_SENT: SentWork = { planOnly: false, settledKeys: new Set(), conflicts: new Map(), createdBy: new Map(), pendingElsewhere: new Map(), heldElsewhere: new Map(), interrupted: false, serviceFault: false };

/**
 * Steps 1–3 of an import that may send: finish what an earlier attempt left (jobs to follow,
 * requests of unknown fate), plan against the live catalog, send and follow, then heal refusals
 * that mean "it already exists".
 */
export async function planSendAndHeal(input: {
  prep: JournalRun;
  runId: string;
  reportDir: string;
  jobs: RunSummaryJob[];
  unchanged: Set<string>;
  requestFailures: SendOutcome['requestFailures'];
  addPlanIssues: (planned: PlannedProduct) => void;
  lap: (name: string) => void;
  settleAfterMs: number;
  deps: Deps;
}): Promise<SentWork> {
  const { prep, runId, lap, deps } = input;
  const work = createImportWork({ prep, runId, deps, jobs: input.jobs, settleAfterMs: input.settleAfterMs });
  const sent = { ...NOTHING_SENT, settledKeys: work.settledKeys, conflicts: work.conflicts, createdBy: work.createdBy, pendingElsewhere: work.pendingElsewhere };
  // 1. What an earlier attempt left: jobs to follow, requests whose fate is unknown.
  await work.finishEarlierAttempt();
  lap('resume');
  // 2. The plan: what sending would do to the live catalog, before anything is sent.
  deps.onEvent({ type: 'stage:start', stage: 'plan', detail: 'comparing the products with what the service holds', text: { key: 'stage.plan.compare' } });
  const planOnly = prep.settings.plan;
  await writeImportPlan(work, { reportDir: input.reportDir, planOnly, unchanged: input.unchanged, addPlanIssues: input.addPlanIssues, deps });
  lap('plan');
  if (planOnly) return { ...sent, planOnly };
  const sending: SendOutcome = { requestFailures: input.requestFailures, interrupted: false, serviceFault: false };
  await sendAndFollow(work, { prep, runId, deps, outcome: sending, onSubmitted: () => lap('submit') });
  lap('jobs');
  let { interrupted, serviceFault } = sending;
  let heldElsewhere: ReadonlyMap<string, string> = new Map();
  // 3. Refusals that mean "it already exists" heal in the same run.
  if (!interrupted && !deps.signal?.aborted) {
    const healed = await healAndResend(work, { prep, runId, requestFailures: input.requestFailures, unchanged: input.unchanged, addPlanIssues: input.addPlanIssues, deps });
    heldElsewhere = healed.heldElsewhere;
    interrupted ||= healed.interrupted;
    serviceFault ||= healed.serviceFault;
    if (healed.healedCount > 0) lap('heal');
  }
  return { ...sent, heldElsewhere, interrupted, serviceFault };
}

/** Why nothing may be sent (`--strict` or `--max-errors` against the rows with errors), or null. */
function findSendingBlock(settings: PreparedRun['settings'], invalidRows: number): string | null {
  if (settings.strict && invalidRows > 0) return `--strict: ${invalidRows} row(s) have errors, nothing was sent`;
  if (settings.maxErrors !== undefined && invalidRows > settings.maxErrors) {
    return `${invalidRows} row(s) have errors, more than --max-errors ${settings.maxErrors}; nothing was sent`;
  }
  return null;
}

type ImportWork = ReturnType<typeof createImportWork>;

/**
 * Step 2 of an import: what sending would do to the live catalog, before anything is sent. Every
 * product that changes (or blanks a field) goes to `plan.csv`; with `--plan` each is also logged.
 */
async function writeImportPlan(
  work: ImportWork,
  input: { reportDir: string; planOnly: boolean; unchanged: Set<string>; addPlanIssues: (planned: PlannedProduct) => void; deps: Deps },
): Promise<void> {
  const { reportDir, planOnly, deps } = input;
  await mkdir(reportDir, { recursive: true });
  const planWriter = await createPlanCsvWriter(join(reportDir, 'plan.csv'), ';');
  let counts: PlanCounts;
  try {
    counts = await work.plan(input.unchanged, async (planned) => {
      // An unchanged product with fields not compared is written too: its line says so (NOT_COMPARED_NOTE), else nothing would.
      if (planned.action !== 'unchanged' || planned.blanked.length || planned.notCompared?.length) await planWriter.write(planned);
      if (planOnly && planned.action !== 'unchanged') for (const line of renderPlannedProduct(planned)) deps.onEvent({ type: 'log', level: 'info', message: line });
      input.addPlanIssues(planned);
    });
    await planWriter.close();
  } catch (error) {
    await planWriter.destroy();
    throw error;
  }
  deps.onEvent({
    type: 'log',
    level: 'info',
    message: `${renderPlanSummary(counts)} (details: ${join(reportDir, 'plan.csv')})`,
    text: { key: counts.missing + counts.blankKept + counts.blankCleared > 0 ? 'log.plan_summary_more' : 'log.plan_summary', data: { ...counts, file: join(reportDir, 'plan.csv') } },
  });
}

/**
 * Step 3 of an import: refusals that mean "it already exists" heal in the same run. The product
 * found is planned again as an update of itself and sent; a product held by another is named.
 */
async function healAndResend(
  work: ImportWork,
  input: {
    prep: JournalRun;
    runId: string;
    requestFailures: SendOutcome['requestFailures'];
    unchanged: Set<string>;
    addPlanIssues: (planned: PlannedProduct) => void;
    deps: Deps;
  },
): Promise<{ heldElsewhere: ReadonlyMap<string, string>; healedCount: number; interrupted: boolean; serviceFault: boolean }> {
  const { prep, runId, deps } = input;
  const heal = await healDuplicateRefusals({ store: prep.store, client: prep.service.client, runId, deps });
  const result = { heldElsewhere: heal.heldElsewhere, healedCount: heal.healed.size, interrupted: false, serviceFault: false };
  if (heal.healed.size === 0) return result;
  for (const key of heal.healed) {
    work.settledKeys.add(key);
    work.createdBy.set(key, 'an earlier request whose ids this state folder did not hold (its answer lost, or the state folder lost or replaced; found when the service refused its barcode as taken)');
  }
  await work.plan(input.unchanged, async (planned) => input.addPlanIssues(planned), heal.healed);
  if (work.toSendCount() > 0) {
    const again: SendOutcome = { requestFailures: input.requestFailures, interrupted: false, serviceFault: false };
    await sendAndFollow(work, { prep, runId, deps, outcome: again });
    result.interrupted = again.interrupted;
    result.serviceFault = again.serviceFault;
  }
  return result;
}

/**
 * Reads, maps and validates every row: the products go to the run's spool, each row's outcome to
 * the outcome store (its issues spilled to `spill`, which the caller closes however the run ends);
 * the run's spool is marked complete once every row is in.
 *
 * Then, before anything is sent, the file must still be as it was when the run hashed it: else
 * `SourceChangedError`, and the run's spool is emptied. The run is recorded under the hash of
 * what the file held before; its spool holds products of what it held after. Left there, a later
 * run of the earlier content would resume this run and send them with its own. Emptied, the run is
 * like one that stopped before reading: resumed, it reads its content again. A pass killed before
 * its check leaves such a spool all the same: so a read that passed the check keeps only the
 * products it put, replacing (upsert) those it read again and removing the others.
 */
async function readIntoSpool(prep: PreparedRun, runId: string, spill: IssueSpill, deps: Deps): Promise<{ read: ReadAndValidateResult; outcomes: RowOutcomeStore }> {
  // One index of the product keys for the outcome store and the assembler (see `runValidate`).
  const productKeys = createProductKeyIndex();
  const outcomes = createRowOutcomeStore({ spill, productKeys });
  const sink = createSpoolSink(prep.store, runId);
  let read: ReadAndValidateResult;
  try {
    read = await readUnchangedSource(prep, 'nothing was sent', async () => {
      const result = await readAndValidate({ ...prep, sink, outcomes, productKeys, deps, readInWorker: prep.settings.readThread });
      sink.flush();
      return result;
    });
  } catch (error) {
    if (error instanceof SourceChangedError) {
      prep.store.clearSpool(runId);
      prep.store.markSpoolComplete(runId, false);
    }
    throw error;
  }
  // A resumed run's spool may hold products this read did not put: those of a pass that read the
  // file while it changed and was killed before its check (a kill -9 leaves the run `running`, its
  // spool mixed). The content is the hashed one now; what it no longer holds goes, or it would be sent.
  prep.store.keepSpooledProducts(runId, sink.putKeys());
  prep.store.markSpoolComplete(runId);
  return { read, outcomes };
}

/** A lock not refreshed for this long is taken over (a holder on another host that died). */
const IMPORT_LOCK_STALE_MS = 10 * 60_000;

/** Runs an import; never throws for bad rows, only for run-stopping failures. */
export async function runImport(options: ImportOptions, deps: Deps): Promise<RunResult> {
  const startedAt = deps.now();
  const runDeps: Deps = { ...deps, onEvent: (event: PipelineEvent) => deps.onEvent(event) };
  const { timings, lap } = createLapTimer(deps);

  const prep = await prepareRun(options, runDeps).catch((error: unknown) => {
    throw asStopWhenAborted(error, deps.signal);
  });
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
      await removeKilledPartials(previous, reportsRoot, { locked: lock !== undefined, now: deps.now() });
      runDeps.onEvent({ type: 'log', level: 'info', message: `resuming run ${runId}`, text: { key: 'log.resuming', data: { runId } } });
    }
    runDeps.onEvent({ type: 'stage:start', stage: 'read', detail: `${prep.displayPath} (run ${runId})`, text: { key: 'stage.read.import', data: { file: prep.displayPath, runId } } });

    // Row issues go to a scratch spill (deleted when the run ends), as in the dry run: a first
    // import with a wrong mapping has an issue on every row, and memory must not grow with them.
    const owner = options.owner ?? options.lock;
    clearDeadRuns(prep, owner, runDeps);
    spill = openIssueSpill(nameScratchFile(prep.service.stateDir, 'import-issues', runId, owner));
    const { read, outcomes } = await readIntoSpool(prep, runId, spill, runDeps);
    lap('read');

    const extraIssues: Issue[] = [];
    const blocked = findSendingBlock(settings, outcomes.counts().invalid ?? 0);

    const jobs: RunSummaryJob[] = [];
    const unchanged = new Set<string>();
    const requestFailures = new Map<string, { message: string; fieldErrors: string }>();
    const addPlanIssues = (planned: PlannedProduct): void => {
      for (const issue of buildPlanIssues(planned)) {
        extraIssues.push(issue);
        if (issue.row !== undefined) outcomes.addIssue(issue.row, issue);
      }
    };
    let sent: SentWork = NOTHING_SENT;
    if (blocked) {
      runDeps.onEvent({ type: 'log', level: 'warn', message: blocked });
      extraIssues.push(createIssue({ code: 'import_blocked', severity: 'error', stage: 'submit', data: { detail: blocked } }));
    } else {
      sent = await planSendAndHeal({ prep, runId, reportDir, jobs, unchanged, requestFailures, addPlanIssues, lap, settleAfterMs: options.settleAfterMs ?? settings.settleAfterSeconds * 1000, deps: runDeps });
    }
    const { planOnly, settledKeys, conflicts, createdBy, pendingElsewhere, heldElsewhere, interrupted, serviceFault } = sent;

    // 4. Every row gets its outcome from the journal (and, with --verify, is read back).
    await reportProductOutcomes({
      prep,
      runId,
      header: read.info.header,
      outcomes,
      extraIssues,
      outcome: { planOnly, settledKeys, unchanged, requestFailures, conflicts, createdBy, pendingElsewhere, heldElsewhere, runId, blocked: blocked !== null },
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
  } catch (thrown) {
    // Whatever a wait or a request cut off by a stop threw, the stop is what happened (exit 130).
    const error = asStopWhenAborted(thrown, deps.signal);
    // A run stopped by a failure says so (and stays resumable) instead of looking still under way.
    if (activeRunId !== undefined) prep.store.setRunStatus(activeRunId, error instanceof AbortedError ? 'interrupted' : 'failed');
    throw error;
  } finally {
    spill?.close();
    // A lock left behind must not replace the result of an import that ran: it goes stale.
    const left = lock?.release();
    if (left !== undefined) deps.onEvent({ type: 'log', level: 'warn', message: left });
    await prep.close();
  }
}
