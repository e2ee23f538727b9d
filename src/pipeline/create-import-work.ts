/**
 * The journal-driven part of the import: finishing what an earlier attempt left (jobs to follow,
 * requests of unknown fate to settle), the plan against what the service holds, the requests to
 * send, and following each accepted job to its results.
 */
import pLimit from 'p-limit';
import type { Deps } from '../core/deps.js';
import { ConfigError } from '../core/errors.js';
import type { ProductDraft } from '../core/types.js';
import { addToPlanCounts, createCodeLookups, createPlanCounts, fetchHeldProducts, planProduct } from '../plan/index.js';
import type { PlanCounts, PlannedProduct } from '../plan/plan-types.js';
import type { RunSummaryJob } from '../report/report-types.js';
import { hashProductContent } from '../state/content-hash.js';
import type { FinishedJob, JobProductOutcome } from '../state/index.js';
import { createGroupCommit } from './create-group-commit.js';
import { followJob } from './follow-job.js';
import { matchJobResults } from './match-job-results.js';
import { settleUnknownRequests } from './settle-unknown-requests.js';
import type { PreparedRun } from './prepare-run.js';
import type { SubmitTask } from './submit-batches.js';
import { buildImportTask, buildImportTasks, findNextBatchIndex, withKnownIds } from './build-import-tasks.js';

/** Products planned per round of details requests. */
export const PLAN_CHUNK = 120;

/**
 * How long a finished job's results wait for others to share their commit. Nothing sent later
 * depends on them, and until they are committed the batch stays `accepted`, which a resumed run
 * follows again: the wait costs no safety, and at concurrency 16 it saves ~0.3 ms of commit per job.
 */
const RESULT_COMMIT_WAIT_MS = 50;

/** The journal-driven part of the import: resume, plan, follow. */
export function createImportWork(ctx: { prep: PreparedRun; runId: string; deps: Deps; jobs: RunSummaryJob[]; settleAfterMs: number }) {
  const { prep, runId, deps } = ctx;
  const { store, settings } = prep;
  const client = prep.service.client;
  // Job polls in flight at once; a job waiting between polls holds no slot.
  const pollLimit = pLimit(Math.max(2, settings.concurrency));
  const pollClient = { getJobStatus: (job: { jobId: string; infoUrl?: string | null }) => pollLimit(() => client.getJobStatus(job)) };
  /** Drafts as sent and their content hashes, per batch in flight (released once recorded). */
  const inFlight = new Map<number, { drafts: ProductDraft[]; hashes: (string | null)[] }>();
  /**
   * Products whose earlier request's fate was unknown: when the plan finds the service already
   * holding their content, that request did its work, and they are reported accepted.
   */
  const settledKeys = new Set<string>();
  /** Products whose SKUs settling found on several service products: never sent, reported. */
  const conflicts = new Map<string, string>();
  /** Products an earlier request of unknown fate created, and which request. */
  const createdBy = new Map<string, string>();
  const recordResults = createGroupCommit<FinishedJob>(
    (finished) => store.recordJobResults(runId, finished),
    (commit) => void deps.sleep(RESULT_COMMIT_WAIT_MS).then(commit, commit),
  );
  /** Keys to send, in plan order, and the drafts the blank policy changed. */
  let sendKeys: string[] = [];
  const outgoing = new Map<string, ProductDraft>();
  /** The journal index of the next request: the planned ones and a refused request's remainder share it. */
  let nextIndex: number | undefined;
  const allocateIndex = (): number => {
    nextIndex ??= findNextBatchIndex(store, runId);
    return nextIndex++;
  };
  /** Products the state knew ids for when they were planned: only their requests look ids up again. */
  let keysWithIds = new Set<string>();
  /** Requests that are a refused request's remainder sent again: never split and sent again themselves. */
  const resends = new Set<number>();

  const draftsOf = (keys: readonly string[]): ProductDraft[] =>
    keys.map((key) => {
      const spooled = store.getSpooledProduct(runId, key);
      if (!spooled?.draft) throw new ConfigError(`the run's spool lacks product ${key}; start a new run with --fresh`);
      return spooled.draft;
    });

  const recordFollow = async (
    index: number,
    job: { jobId: string; infoUrl: string | null },
    queuedAt: string | null,
    sent: ProductDraft[],
    hashes: readonly (string | null)[] = [],
  ): Promise<void> => {
    const followed = await followJob({
      client: pollClient,
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
    if (followed.status === 'unreadable') {
      // The service answered; the tool could not read it. Lead with that, and the settings key that fixes it.
      const message = `job ${job.jobId}: its status answer could not be read: ${followed.lastError}; the products' fate is not known — map the service's names under service.fields (e.g. "job.products") in the settings, then run the same command again`;
      for (const result of matched) if (result.status === 'unknown') result.errors = [{ message }];
    }
    const outcomes: JobProductOutcome[] = matched.map((result, position) => ({
      position,
      productKey: result.productKey,
      status: result.status,
      productId: result.productId,
      skus: result.skus,
      errors: result.errors,
      // The spool's hash when the draft went out as spooled (ids are not part of it); else hashed now.
      contentHash: hashes[position] ?? hashProductContent((sent[position] as ProductDraft).item),
    }));
    await recordResults({ index, results: outcomes });
    const count = (status: string): number => matched.filter((r) => r.status === status).length;
    deps.onEvent({ type: 'job:finished', jobId: job.jobId, accepted: count('accepted'), rejected: count('rejected'), unknown: count('unknown') });
    ctx.jobs.push({
      jobId: job.jobId,
      batch: index,
      products: sent.length,
      ...(queuedAt ? { queuedAt } : {}),
      finishedAt: deps.now().toISOString(),
      status: followed.status === 'done' ? (followed.job.status ?? 'done') : followed.status,
      durationMs: followed.durationMs,
    });
  };

  return {
    async finishEarlierAttempt(): Promise<void> {
      const batches = store.listBatches(runId);
      // Planned but never sent (the process stopped in between): their products are planned again.
      for (const batch of batches) {
        if (batch.status === 'planned') store.markBatchFailed(runId, batch.index, { error: 'never sent; its products were planned again', retryable: false });
        // A refused request whose unjudged products were left to this run: they are planned again.
        if (batch.status === 'failed' && batch.retryable === true) {
          store.markBatchFailed(runId, batch.index, { ...(batch.httpStatus !== null ? { httpStatus: batch.httpStatus } : {}), error: `${batch.error ?? 'refused'}; its products not judged were planned again`, retryable: false });
        }
      }
      const toFollow = batches.filter((b) => b.status === 'accepted' && b.jobId !== null);
      await Promise.all(toFollow.map((b) => recordFollow(b.index, { jobId: b.jobId as string, infoUrl: b.infoUrl }, b.queuedAt, draftsOf(b.productKeys))));
      // Requests of unknown fate, of this run and of the account's other unfinished runs (the
      // seller may have edited the file after a crash): settled by what they carried.
      const settled = await settleUnknownRequests({ store, client, runId, deps, settleAfterMs: ctx.settleAfterMs });
      for (const key of settled.settledKeys) settledKeys.add(key);
      for (const [key, message] of settled.conflicts) conflicts.set(key, message);
      for (const [key, request] of settled.createdBy) createdBy.set(key, request);
    },
    /**
     * The plan: every product not finally settled, with the ids the state knows, compared with
     * what the service holds for it (details of the known ids). Unchanged products are not sent;
     * an empty field over a held value keeps the held value unless the mapping says `clear`.
     * `only` restricts it to those products (a second round in the same run).
     */
    async plan(unchanged: Set<string>, onPlanned: (planned: PlannedProduct) => Promise<void>, only?: ReadonlySet<string>): Promise<PlanCounts> {
      const results = store.listProductResults(runId);
      const keys: string[] = [];
      for (const spooled of store.iterateSpooledProducts(runId)) {
        if (!spooled.draft) continue;
        const result = results.get(spooled.productKey);
        // A second round (`only`) plans products the first one finished: those whose refusal healed.
        if (only ? !only.has(spooled.productKey) : result && result.status !== 'unknown') continue;
        if (conflicts.has(spooled.productKey)) continue;
        keys.push(spooled.productKey);
      }
      // Ids the state knows (also those learnt moments ago by settling).
      const known = store.getProductIdsMany(keys);
      keysWithIds = new Set(known.keys());
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
    /**
     * The requests to send, built lazily in plan order, each with its body serialized once. The
     * plan keeps the spool's order, so the drafts are read by walking the spool a page at a time
     * rather than by one lookup per product.
     */
    tasks(): Generator<SubmitTask> {
      return buildImportTasks({ store, runId, batchSize: settings.batchSize, keys: sendKeys, outgoing, allocateIndex, mayHaveIds: (key) => keysWithIds.has(key), onTask: (index, sent) => inFlight.set(index, sent) });
    },
    toSendCount: () => sendKeys.length,
    settledKeys,
    conflicts,
    createdBy,
    keysOf: (index: number): string[] => (inFlight.get(index)?.drafts ?? []).map((d) => d.productKey),
    /** The drafts a request in flight carried, as sent, and their content hashes. */
    sentOf: (index: number): { drafts: ProductDraft[]; hashes: (string | null)[] } => inFlight.get(index) ?? { drafts: [], hashes: [] },
    /** Whether the request is a refused request's remainder sent again. */
    isResend: (index: number): boolean => resends.has(index),
    /**
     * The products of a refused request the service did not judge, as a new request of their own
     * (journaled like any other: planned and marked `sending` before it leaves).
     */
    planRemainder(sent: { drafts: ProductDraft[]; hashes: (string | null)[] }): SubmitTask {
      const task = buildImportTask(allocateIndex(), sent.drafts);
      inFlight.set(task.index, sent);
      resends.add(task.index);
      return task;
    },
    release(index: number): void {
      inFlight.delete(index);
    },
    async follow(index: number, job: { jobId: string; infoUrl: string | null }, queuedAt: string | null): Promise<void> {
      const sent = inFlight.get(index);
      try {
        await recordFollow(index, job, queuedAt, sent?.drafts ?? [], sent?.hashes);
      } finally {
        inFlight.delete(index);
      }
    },
  };
}
