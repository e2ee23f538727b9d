/**
 * `import`: read → map → validate → assemble (spooled) → fill ids from the state → skip unchanged
 * → submit in batches with a concurrency limit and adaptive pacing → follow every job to the end →
 * remember the ids → report every row. Every step is journaled, so running the same command again
 * after a crash (`kill -9` included) finishes the run: accepted requests are followed, not re-sent;
 * requests whose answer was never recorded are settled by asking the service which of their
 * products exist before anything is sent again.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import pLimit from 'p-limit';
import type { Deps } from '../core/deps.js';
import { AbortedError, ConfigError } from '../core/errors.js';
import { createIssue } from '../core/issue.js';
import type { Issue } from '../core/issue.js';
import type { ProductDraft } from '../core/types.js';
import type { PipelineEvent } from '../core/events.js';
import type { RunSummaryJob } from '../report/report-types.js';
import { hashProductContent, hashRequest } from '../state/content-hash.js';
import { acquireLock } from '../state/index.js';
import type { JobProductOutcome, LockHandle, SpooledProduct, StateStore } from '../state/index.js';
import { createSpoolSink } from './create-spool-sink.js';
import { findLiveSkusByBarcode } from './find-live-skus.js';
import { finishRun } from './finish-run.js';
import type { RunResult } from './finish-run.js';
import { followJob } from './follow-job.js';
import { locateServiceErrors } from './locate-service-errors.js';
import { matchJobResults } from './match-job-results.js';
import type { Pacer } from './create-pacer.js';
import { prepareRun } from './prepare-run.js';
import type { PreparedRun, RunInputs } from './prepare-run.js';
import { readAndValidate } from './read-and-validate.js';
import { createRowOutcomeStore } from './row-outcome-store.js';
import type { RowOutcomeStore } from './row-outcome-store.js';
import { createSendingGate } from './create-sending-gate.js';
import { submitBatches } from './submit-batches.js';
import type { SubmitTask } from './submit-batches.js';
import { verifyProducts } from './verify-products.js';
import { addToPlanCounts, buildPlanIssues, createCodeLookups, createPlanCounts, fetchHeldProducts, planProduct } from '../plan/index.js';
import { createPlanCsvWriter } from '../plan/create-plan-csv-writer.js';
import { renderPlannedProduct, renderPlanSummary } from '../plan/render-plan.js';
import type { PlanCounts, PlannedProduct } from '../plan/plan-types.js';
import type { SourceColumn } from '../sources/types.js';

/** Products planned per round of details requests. */
const PLAN_CHUNK = 120;

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

/** A lock not refreshed for this long is taken over (a holder on another host that died). */
const IMPORT_LOCK_STALE_MS = 10 * 60_000;

/** Runs an import; never throws for bad rows, only for run-stopping failures. */
export async function runImport(options: ImportOptions, deps: Deps): Promise<RunResult> {
  const startedAt = deps.now();
  const timings: Record<string, number> = {};
  let pacer: Pacer | undefined;
  const runDeps: Deps = {
    ...deps,
    onEvent: (event: PipelineEvent) => {
      if (event.type === 'http:retry' && event.status === 429 && event.endpoint.includes('import')) pacer?.onThrottled();
      deps.onEvent(event);
    },
  };
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
  try {
    if (options.lock) {
      lock = acquireLock(join(prep.service.stateDir, `import-${prep.store.accountKey.slice(0, 12)}.lock`), {
        staleMs: IMPORT_LOCK_STALE_MS,
        now: deps.now,
        pid: options.lock.pid,
        isAlive: options.lock.isAlive,
        purpose: `import ${prep.displayPath}`,
      });
      let refreshed = deps.now().getTime();
      const onEvent = runDeps.onEvent;
      runDeps.onEvent = (event) => {
        const now = deps.now().getTime();
        if (now - refreshed > 30_000) {
          refreshed = now;
          lock?.refresh();
        }
        onEvent(event);
      };
    }
    const { store, settings } = prep;
    const previous = options.resumeRunId ? store.getRun(options.resumeRunId) : options.fresh ? undefined : store.findResumableRun(prep.fileSha256, prep.mappingSha256);
    if (options.resumeRunId && !previous) throw new ConfigError(`no run ${options.resumeRunId} for this service and seller; see \`catalog-import runs\``);
    if (previous && (previous.fileSha256 !== prep.fileSha256 || previous.mappingSha256 !== prep.mappingSha256)) {
      throw new ConfigError(`run ${previous.runId} was made from other content of the file or mapping; it cannot be resumed with these`);
    }
    const reportsRoot = settings.reportDir ?? join(prep.service.stateDir, 'runs');
    const runId =
      previous?.runId ??
      store.createRun({
        command: 'import',
        file: prep.displayPath,
        fileSha256: prep.fileSha256,
        mappingFile: options.mapping,
        mappingSha256: prep.mappingSha256,
        options: { batchSize: settings.batchSize, concurrency: settings.concurrency, changedOnly: settings.changedOnly, strict: settings.strict, maxErrors: settings.maxErrors ?? null },
        reportDir: reportsRoot,
      }).runId;
    activeRunId = runId;
    if (previous) {
      store.setRunStatus(runId, 'running');
      runDeps.onEvent({ type: 'log', level: 'info', message: `resuming run ${runId}` });
    }
    runDeps.onEvent({ type: 'stage:start', stage: 'read', detail: `${prep.displayPath} (run ${runId})` });

    const outcomes = createRowOutcomeStore();
    const sink = createSpoolSink(store, runId);
    const read = await readAndValidate({
      sourcePath: prep.sourcePath,
      displayPath: prep.displayPath,
      mapping: prep.mapping,
      directories: prep.directories,
      readOptions: prep.readOptions,
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
    let planOnly = false;
    let settledKeys: ReadonlySet<string> = new Set();

    if (blocked) {
      runDeps.onEvent({ type: 'log', level: 'warn', message: blocked });
      extraIssues.push(createIssue({ code: 'import_blocked', severity: 'error', stage: 'submit', message: blocked }));
    } else {
      const work = createImportWork({ prep, runId, deps: runDeps, jobs, settleAfterMs: options.settleAfterMs ?? 30_000 });
      settledKeys = work.settledKeys;
      // 1. What an earlier attempt left: jobs to follow, requests whose fate is unknown.
      await work.finishEarlierAttempt();
      lap('resume');
      // 2. The plan: what sending would do to the live catalog, before anything is sent.
      runDeps.onEvent({ type: 'stage:start', stage: 'plan', detail: 'comparing the products with what the service holds' });
      await mkdir(join(reportsRoot, runId), { recursive: true });
      const planWriter = await createPlanCsvWriter(join(reportsRoot, runId, 'plan.csv'), ';');
      let counts: PlanCounts;
      try {
        counts = await work.plan(unchanged, async (planned) => {
          if (planned.action !== 'unchanged' || planned.blanked.length) await planWriter.write(planned);
          if (settings.plan && planned.action !== 'unchanged') for (const line of renderPlannedProduct(planned)) runDeps.onEvent({ type: 'log', level: 'info', message: line });
          for (const issue of buildPlanIssues(planned)) {
            extraIssues.push(issue);
            if (issue.row !== undefined) outcomes.addIssue(issue.row, issue);
          }
        });
        await planWriter.close();
      } catch (error) {
        planWriter.destroy();
        throw error;
      }
      runDeps.onEvent({ type: 'log', level: 'info', message: `${renderPlanSummary(counts)} (details: ${join(reportsRoot, runId, 'plan.csv')})` });
      lap('plan');
      planOnly = settings.plan;
      if (!planOnly) {
        const tasks = work.tasks();
        runDeps.onEvent({ type: 'stage:start', stage: 'submit', detail: `${work.toSendCount()} products in requests of ${settings.batchSize}, ${settings.concurrency} at a time` });
        const followers: Promise<void>[] = [];
        await submitBatches(tasks, {
          client: prep.service.client,
          concurrency: settings.concurrency,
          ...(runDeps.signal ? { signal: runDeps.signal } : {}),
          beforeSend: createSendingGate((wave) => store.markBatchesSending(runId, wave.map((task) => ({ index: task.index, requestBody: JSON.stringify({ products: task.items }) })))),
          onOutcome: (outcome) => {
            switch (outcome.status) {
              case 'accepted':
                store.markBatchAccepted(runId, outcome.index, {
                  jobId: outcome.jobId,
                  infoUrl: outcome.infoUrl,
                  queuedAt: outcome.queuedAt,
                  receivedItems: outcome.receivedItems,
                  httpStatus: outcome.httpStatus,
                });
                followers.push(work.follow(outcome.index, { jobId: outcome.jobId, infoUrl: outcome.infoUrl }, outcome.queuedAt));
                break;
              case 'failed': {
                store.markBatchFailed(runId, outcome.index, { httpStatus: outcome.httpStatus, error: outcome.message, retryable: false });
                const fieldErrors = outcome.fieldErrors.map((f) => `${f.field}: ${f.description ?? f.code ?? ''}`).join('; ');
                for (const key of work.keysOf(outcome.index)) requestFailures.set(key, { message: outcome.message, fieldErrors });
                work.release(outcome.index);
                break;
              }
              case 'unknown':
                store.markBatchUnknown(runId, outcome.index, outcome.message);
                work.release(outcome.index);
                break;
              case 'skipped':
                interrupted = true;
                work.release(outcome.index);
                break;
            }
          },
          onEvent: runDeps.onEvent,
          onPacer: (p) => {
            pacer = p;
          },
        });
        lap('submit');
        await Promise.all(followers);
        lap('jobs');
        if (runDeps.signal?.aborted) interrupted = true;
      }
    }

    // 3. Every row gets its outcome from the journal.
    const finalResults = store.listProductResults(runId);
    const toVerify: ProductDraft[] = [];
    const lookups = createCodeLookups(prep.directories);
    const verifyChunk = async (): Promise<void> => {
      for (const issue of await verifyProducts(prep.service.client, toVerify.splice(0), { mapping: prep.mapping, lookups })) {
        extraIssues.push(issue);
        if (issue.row !== undefined) outcomes.addIssue(issue.row, issue);
      }
    };
    if (settings.verify) runDeps.onEvent({ type: 'stage:start', stage: 'verify', detail: 'reading the accepted products back' });
    for (const spooled of store.iterateSpooledProducts(runId)) {
      if (!spooled.draft) continue;
      const result = finalResults.get(spooled.productKey);
      applyProductOutcome(spooled, result, { outcomes, prep, header: read.info.header, planOnly, settledKeys, unchanged, requestFailures, blocked: blocked !== null, extraIssues });
      if (settings.verify && result?.status === 'accepted' && result.productId !== null) {
        const skuIds = new Map(result.skus.map((sku) => [sku.skuKey, sku.skuId]));
        const draft = spooled.draft;
        toVerify.push({
          ...draft,
          item: { ...draft.item, productId: result.productId, skus: draft.item.skus.map((sku, i) => ({ ...sku, skuId: skuIds.get(draft.skuKeys[i] ?? '') ?? sku.skuId })) },
        });
        if (toVerify.length >= PLAN_CHUNK) await verifyChunk();
      }
    }
    if (toVerify.length) await verifyChunk();
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
      reportsRoot,
      deps: runDeps,
    });
  } catch (error) {
    // A run stopped by a failure says so (and stays resumable) instead of looking still under way.
    if (activeRunId !== undefined) prep.store.setRunStatus(activeRunId, error instanceof AbortedError ? 'interrupted' : 'failed');
    throw error;
  } finally {
    lock?.release();
    await prep.close();
  }
}

/** Writes one product's outcome onto its rows. */
function applyProductOutcome(
  spooled: SpooledProduct,
  result: ReturnType<StateStore['listProductResults']> extends Map<string, infer R> ? R | undefined : never,
  ctx: { outcomes: RowOutcomeStore; prep: PreparedRun; header: SourceColumn[]; planOnly: boolean; settledKeys: ReadonlySet<string>; unchanged: Set<string>; requestFailures: Map<string, { message: string; fieldErrors: string }>; blocked: boolean; extraIssues: Issue[] },
): void {
  const draft = spooled.draft as ProductDraft;
  const { outcomes } = ctx;
  const skuRowOf = (skuKey: string): number | undefined => {
    const i = draft.skuKeys.indexOf(skuKey);
    return i >= 0 ? draft.skuRows[i]?.row : undefined;
  };
  if (result?.status === 'accepted') {
    for (const ref of draft.skuRows) outcomes.setStatus(ref.row, 'accepted');
    for (const ref of draft.rows) outcomes.setIds(ref.row, { productId: result.productId });
    for (const sku of result.skus) {
      const row = skuRowOf(sku.skuKey);
      if (row !== undefined) outcomes.setIds(row, { skuId: sku.skuId });
    }
    return;
  }
  if (ctx.unchanged.has(spooled.productKey)) {
    const ids = ctx.prep.store.getProductIds(spooled.productKey);
    const status = ctx.settledKeys.has(spooled.productKey) ? 'accepted' : 'unchanged';
    for (const ref of draft.rows) {
      outcomes.setStatus(ref.row, status);
      if (ids) outcomes.setIds(ref.row, { productId: ids.productId });
    }
    draft.skuRows.forEach((ref, i) => {
      const skuId = ids?.skus.get(draft.skuKeys[i] ?? '');
      if (skuId !== undefined) outcomes.setIds(ref.row, { skuId });
    });
    return;
  }
  if (result?.status === 'rejected' || result?.status === 'unknown') {
    for (const ref of draft.rows) outcomes.setStatus(ref.row, result.status);
    const issues = locateServiceErrors(result.status, result.errors, draft, { mapping: ctx.prep.mapping, header: ctx.header });
    for (const issue of issues) {
      ctx.extraIssues.push(issue);
      if (issue.row !== undefined) outcomes.addIssue(issue.row, issue);
    }
    return;
  }
  if (ctx.planOnly) return; // --plan: the rows stay `valid`; nothing was meant to be sent
  const failure = ctx.requestFailures.get(spooled.productKey);
  if (failure) {
    for (const ref of draft.rows) {
      outcomes.setStatus(ref.row, 'rejected');
      const issue = createIssue({
        code: 'request_rejected',
        severity: 'error',
        stage: 'submit',
        message: `the service refused the whole request: ${failure.message}`,
        file: ref.file,
        ...(ref.sheet !== undefined ? { sheet: ref.sheet } : {}),
        row: ref.row,
        productKey: spooled.productKey,
      });
      ctx.extraIssues.push(issue);
      outcomes.addIssue(ref.row, issue);
    }
    return;
  }
  for (const ref of draft.rows) {
    outcomes.setStatus(ref.row, 'not_sent');
    const issue = createIssue({
      code: ctx.blocked ? 'not_sent_blocked' : 'not_sent_interrupted',
      severity: ctx.blocked ? 'warning' : 'error',
      stage: 'submit',
      message: ctx.blocked ? 'valid, but not sent because the import was blocked (see the summary)' : 'not sent: the run was interrupted or the request could not be settled; run the same command again to finish',
      file: ref.file,
      ...(ref.sheet !== undefined ? { sheet: ref.sheet } : {}),
      row: ref.row,
      productKey: spooled.productKey,
    });
    ctx.extraIssues.push(issue);
    outcomes.addIssue(ref.row, issue);
  }
}

/** The journal-driven part of the import: resume, plan, follow. */
function createImportWork(ctx: { prep: PreparedRun; runId: string; deps: Deps; jobs: RunSummaryJob[]; settleAfterMs: number }) {
  const { prep, runId, deps } = ctx;
  const { store, settings } = prep;
  const client = prep.service.client;
  const followLimit = pLimit(Math.max(2, settings.concurrency));
  /** Drafts as sent, per batch in flight (released once recorded). */
  const inFlight = new Map<number, ProductDraft[]>();
  /**
   * Products whose earlier request's fate was unknown: when the plan finds the service already
   * holding their content, that request did its work, and they are reported accepted.
   */
  const settledKeys = new Set<string>();
  /** Keys to send, in plan order, and the drafts the blank policy changed. */
  let sendKeys: string[] = [];
  const outgoing = new Map<string, ProductDraft>();

  const draftsOf = (keys: readonly string[]): ProductDraft[] =>
    keys.map((key) => {
      const spooled = store.getSpooledProduct(runId, key);
      if (!spooled?.draft) throw new ConfigError(`the run's spool lacks product ${key}; start a new run with --fresh`);
      return spooled.draft;
    });

  const recordFollow = async (index: number, job: { jobId: number; infoUrl: string | null }, queuedAt: string | null, sent: ProductDraft[]): Promise<void> => {
    const followed = await followJob({
      client,
      job,
      expected: sent.length,
      timeoutMs: settings.jobTimeoutSeconds * 1000,
      pollIntervalMs: settings.pollIntervalMs,
      deps,
    });
    if (deps.signal?.aborted && followed.status !== 'done') return; // keep `accepted`: the next run follows it
    const matched = matchJobResults(sent, followed.status === 'done' ? followed.job : followed.job);
    if (followed.status === 'timeout') {
      for (const result of matched) {
        if (result.status === 'unknown') result.errors = [{ message: `job ${job.jobId} did not finish within ${settings.jobTimeoutSeconds} s${followed.lastError ? ` (${followed.lastError})` : ''}` }];
      }
    }
    const outcomes: JobProductOutcome[] = matched.map((result, position) => ({
      position,
      productKey: result.productKey,
      status: result.status,
      productId: result.productId,
      skus: result.skus,
      errors: result.errors,
      contentHash: hashProductContent((sent[position] as ProductDraft).item),
    }));
    store.recordJobResults(runId, index, outcomes);
    const count = (status: string): number => matched.filter((r) => r.status === status).length;
    deps.onEvent({ type: 'job:finished', jobId: job.jobId, accepted: count('accepted'), rejected: count('rejected'), unknown: count('unknown') });
    ctx.jobs.push({
      jobId: job.jobId,
      batch: index,
      products: sent.length,
      ...(queuedAt ? { queuedAt } : {}),
      finishedAt: deps.now().toISOString(),
      status: followed.status === 'done' ? (followed.job.status ?? 'done') : 'timeout',
      durationMs: followed.durationMs,
    });
  };

  /**
   * Settles products that may or may not have reached the service: the ids of those that exist
   * are remembered (so they are sent again as updates, never as second creates); the rest are sent
   * again as they are.
   */
  const settle = async (keys: readonly string[], sentAt: number): Promise<void> => {
    const drafts = draftsOf(keys);
    const barcodes = new Set<string>();
    for (const draft of drafts) if (draft.item.productId === null) for (const sku of draft.item.skus) barcodes.add(sku.barcode);
    if (barcodes.size === 0) return;
    const wait = sentAt + ctx.settleAfterMs - deps.now().getTime();
    if (wait > 0) {
      deps.onEvent({ type: 'log', level: 'info', message: `waiting ${Math.ceil(wait / 1000)} s for requests of unknown fate to be processed before checking them` });
      await deps.sleep(wait, deps.signal);
    }
    deps.onEvent({ type: 'stage:start', stage: 'settle', detail: `asking the service which of ${drafts.length} product(s) of unknown fate exist` });
    const live = await findLiveSkusByBarcode(client, barcodes);
    const known = store.getProductIdsMany(keys);
    const found = drafts.flatMap((draft) => {
      const skus = draft.item.skus.flatMap((sku, i) => {
        const hit = live.get(sku.barcode);
        return hit ? [{ skuKey: draft.skuKeys[i] ?? sku.barcode, skuId: hit.skuId, barcode: sku.barcode, productId: hit.productId }] : [];
      });
      const productIds = new Set(skus.map((s) => s.productId));
      const productId = skus[0]?.productId;
      if (productId === undefined || productIds.size !== 1 || draft.item.productId !== null) return [];
      return [{ productKey: draft.productKey, productId, skus: skus.map(({ productId: _p, ...sku }) => sku), contentHash: known.get(draft.productKey)?.contentHash ?? null, runId }];
    });
    if (found.length) store.recordAccepted(found);
    deps.onEvent({ type: 'log', level: 'info', message: `settled: ${found.length} of ${drafts.length} product(s) already exist and will be updated, not created again` });
  };

  return {
    async finishEarlierAttempt(): Promise<void> {
      const batches = store.listBatches(runId);
      // Planned but never sent (the process stopped in between): their products are planned again.
      for (const batch of batches) {
        if (batch.status === 'planned') store.markBatchFailed(runId, batch.index, { error: 'never sent; its products were planned again', retryable: false });
      }
      const toFollow = batches.filter((b) => b.status === 'accepted' && b.jobId !== null);
      await Promise.all(toFollow.map((b) => followLimit(() => recordFollow(b.index, { jobId: b.jobId as number, infoUrl: b.infoUrl }, b.queuedAt, draftsOf(b.productKeys)))));
      const uncertain = batches.filter((b) => b.status === 'sending' || b.status === 'unknown');
      // Products whose job never gave a result may exist too.
      const results = store.listProductResults(runId);
      const keys = new Set([...uncertain.flatMap((b) => b.productKeys), ...[...results.values()].filter((r) => r.status === 'unknown').map((r) => r.productKey)]);
      // So may products of this file that an earlier, unfinished run of another file content sent
      // (the seller edited the file after a crash): their creates must not be repeated either.
      const foreign = listForeignUncertain(store, runId);
      for (const key of foreign.keys) if (store.getSpooledProduct(runId, key)?.draft) keys.add(key);
      for (const key of keys) settledKeys.add(key);
      if (keys.size) {
        const sentAt = Math.max(0, ...batches.map((b) => Date.parse(b.sentAt ?? '') || 0), foreign.sentAt);
        await settle([...keys], sentAt);
        const error = `fate unknown; its products were checked on the service by run ${runId} and sent again in later requests`;
        for (const batch of uncertain) store.markBatchFailed(runId, batch.index, { error, retryable: false });
        for (const batch of foreign.batches) store.markBatchFailed(batch.runId, batch.index, { error, retryable: false });
      }
    },
    /**
     * The plan: every product not finally settled, with the ids the state knows, compared with
     * what the service holds for it (details of the known ids). Unchanged products are not sent;
     * an empty field over a held value keeps the held value unless the mapping says `clear`.
     */
    async plan(unchanged: Set<string>, onPlanned: (planned: PlannedProduct) => Promise<void>): Promise<PlanCounts> {
      const results = store.listProductResults(runId);
      const keys: string[] = [];
      for (const spooled of store.iterateSpooledProducts(runId)) {
        if (!spooled.draft) continue;
        const result = results.get(spooled.productKey);
        if (result && result.status !== 'unknown') continue;
        keys.push(spooled.productKey);
      }
      // Ids the state knows (also those learnt moments ago by settling).
      const known = store.getProductIdsMany(keys);
      const counts = createPlanCounts();
      const lookups = createCodeLookups(prep.directories);
      sendKeys = [];
      const candidates: string[] = [];
      for (const key of keys) {
        const ids = known.get(key);
        if (settings.changedOnly && ids?.contentHash && store.getSpooledProduct(runId, key)?.contentHash === ids.contentHash) {
          unchanged.add(key);
          counts.unchanged += 1;
          continue;
        }
        candidates.push(key);
      }
      for (let start = 0; start < candidates.length; start += PLAN_CHUNK) {
        const drafts = draftsOf(candidates.slice(start, start + PLAN_CHUNK)).map((draft) => withKnownIds(draft, known.get(draft.productKey)));
        const held = await fetchHeldProducts(client, drafts.map((d) => d.item.productId));
        for (const draft of drafts) {
          const planned = planProduct(draft, held, prep.mapping, lookups);
          addToPlanCounts(counts, planned);
          await onPlanned(planned);
          if (planned.action === 'unchanged') {
            unchanged.add(planned.productKey);
            continue;
          }
          sendKeys.push(planned.productKey);
          // Only drafts the blank policy changed are kept; the others are rebuilt from the spool.
          if (planned.blanked.length > 0) outgoing.set(planned.productKey, planned.draft);
        }
      }
      return counts;
    },
    /** The requests to send, built lazily from the spool in plan order. */
    tasks(): Generator<SubmitTask> {
      const batches = store.listBatches(runId);
      let nextIndex = batches.reduce((max, b) => Math.max(max, b.index + 1), 0);
      const batchSize = settings.batchSize;
      const keys = sendKeys;
      return (function* () {
        for (let start = 0; start < keys.length; start += batchSize) {
          const slice = keys.slice(start, start + batchSize);
          const known = store.getProductIdsMany(slice);
          const drafts = draftsOf(slice).map((draft) => outgoing.get(draft.productKey) ?? withKnownIds(draft, known.get(draft.productKey)));
          const items = drafts.map((d) => d.item);
          const index = nextIndex;
          nextIndex += 1;
          store.planBatches(runId, [{ index, productKeys: slice, requestHash: hashRequest(items) }]);
          inFlight.set(index, drafts);
          yield { index, items };
        }
      })();
    },
    toSendCount: () => sendKeys.length,
    settledKeys,
    keysOf: (index: number): string[] => (inFlight.get(index) ?? []).map((d) => d.productKey),
    release(index: number): void {
      inFlight.delete(index);
    },
    follow(index: number, job: { jobId: number; infoUrl: string | null }, queuedAt: string | null): Promise<void> {
      const sent = inFlight.get(index) ?? [];
      return followLimit(async () => {
        try {
          await recordFollow(index, job, queuedAt, sent);
        } finally {
          inFlight.delete(index);
        }
      });
    },
  };
}

/**
 * Requests of the account's other unfinished import runs whose fate is unknown (never answered,
 * or accepted with a job never followed), and the product keys they carried.
 */
function listForeignUncertain(store: StateStore, runId: string): { keys: Set<string>; batches: { runId: string; index: number }[]; sentAt: number } {
  const keys = new Set<string>();
  const batches: { runId: string; index: number }[] = [];
  let sentAt = 0;
  for (const run of store.listRuns({ limit: 200 })) {
    if (run.runId === runId || run.status === 'finished' || run.command === 'validate') continue;
    for (const batch of store.listBatches(run.runId)) {
      if (batch.status !== 'sending' && batch.status !== 'unknown' && batch.status !== 'accepted') continue;
      batches.push({ runId: run.runId, index: batch.index });
      for (const key of batch.productKeys) keys.add(key);
      sentAt = Math.max(sentAt, Date.parse(batch.sentAt ?? '') || 0);
    }
    for (const result of store.listProductResults(run.runId).values()) if (result.status === 'unknown') keys.add(result.productKey);
  }
  return { keys, batches, sentAt };
}

/** The draft with the marketplace ids the state remembers for its keys (ids given in the sheet win). */
function withKnownIds(draft: ProductDraft, ids: { productId: number; skus: Map<string, number> } | undefined): ProductDraft {
  if (!ids) return draft;
  return {
    ...draft,
    item: {
      ...draft.item,
      productId: draft.item.productId ?? ids.productId,
      skus: draft.item.skus.map((sku, i) => ({ ...sku, skuId: sku.skuId ?? ids.skus.get(draft.skuKeys[i] ?? '') ?? null })),
    },
  };
}
