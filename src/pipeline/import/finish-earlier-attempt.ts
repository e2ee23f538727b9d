/**
 * What an earlier attempt of the run left, finished before the plan: requests planned but never
 * sent and refused requests whose unjudged products were left to this run are closed (their
 * products are planned again), jobs accepted but not yet recorded — of this run and of the
 * account's other unfinished runs — are followed to their results (a job still running at the
 * job time-out stays `accepted`, its products `pending`), and requests of unknown fate without a
 * job id are settled by what they carried.
 */
import { readBootClock } from '../../core/deps.js';
import type { Deps } from '../../core/deps.js';
import type { StateStore } from '../../state/index.js';
import type { RecordFollow } from './create-import-work.js';
import { settleUnknownRequests } from './settle-unknown-requests.js';
import type { SettleResult } from './settle-unknown-requests.js';
import type { JournalRun } from '../prepare-run.js';
import type { ProductDraft } from '../../core/types.js';
import { listUnfinishedImportRuns, readSentProducts } from './collect-unknown-requests.js';

/** What finishing the earlier attempt decided for the report and the plan. */
export interface EarlierAttemptResult extends SettleResult {
  /** Products of another run's job still running: not sent while it runs, and which job. */
  pendingElsewhere: Map<string, string>;
}

/** Finishes the earlier attempt of `runId` (see the file comment). */
export async function finishEarlierAttempt(ctx: { prep: JournalRun; runId: string; deps: Deps; settleAfterMs: number }, recordFollow: RecordFollow): Promise<EarlierAttemptResult> {
  const { runId, deps } = ctx;
  const { store } = ctx.prep;
  const batches = store.listBatches(runId);
  // Planned but never sent (the process stopped in between): their products are planned again.
  for (const batch of batches) {
    if (batch.status === 'planned') store.markBatchFailed(runId, batch.index, { error: 'never sent; its products were planned again', retryable: false });
    // A refused request whose unjudged products were left to this run: they are planned again.
    if (batch.status === 'failed' && batch.retryable === true) {
      store.markBatchFailed(runId, batch.index, { ...(batch.httpStatus !== null ? { httpStatus: batch.httpStatus } : {}), error: `${batch.error ?? 'refused'}; its products not judged were planned again`, retryable: false });
    }
  }
  // Marked `sending` and never handed to fetch: known not sent, planned again (no settling).
  releaseNeverDeparted(store, runId, deps);
  // Jobs taken by the service, of this run and of the account's other unfinished runs: asked, never
  // settled by content nor sent again (a job may run long after its request).
  const open = collectOpenJobs(store, runId);
  if (open.length > 0) deps.onEvent({ type: 'log', level: 'info', message: `asking ${open.length} job(s) an earlier run left unfinished (each waited for up to the job time-out)`, text: { key: 'log.earlier_jobs', data: { count: open.length } } });
  await Promise.all(open.map((job) => recordFollow(job.runId, job.index, job.job, job.queuedAt, job.drafts)));
  // Requests of unknown fate without a job id, of this run and of the account's other unfinished
  // runs (the seller may have edited the file after a crash): settled by what they carried.
  const settled = await settleUnknownRequests({ store, client: ctx.prep.service.client, runId, deps, settleAfterMs: ctx.settleAfterMs });
  const pendingElsewhere = readOtherRunsJobs(store, runId, open, settled);
  return { ...settled, pendingElsewhere };
}

/**
 * What the jobs of other runs said about products: created ones are reported `accepted` naming the
 * request (the plan sends the current file as updates of them), those still running are held back.
 */
function readOtherRunsJobs(store: StateStore, runId: string, open: readonly OpenJob[], settled: SettleResult): Map<string, string> {
  const pending = new Map<string, string>();
  const claimed: string[] = [];
  const resultsOf = new Map<string, ReturnType<StateStore['listProductResults']>>();
  for (const job of open) {
    if (job.runId === runId) continue;
    let results = resultsOf.get(job.runId);
    if (results === undefined) {
      results = store.listProductResults(job.runId);
      resultsOf.set(job.runId, results);
    }
    for (const draft of job.drafts) {
      const result = results.get(draft.productKey);
      if (result?.batchIndex !== job.index) continue;
      const request = `request ${job.index + 1} of run ${job.runId} (job ${job.job.jobId})`;
      if (result.status === 'pending') pending.set(draft.productKey, `not sent: ${request} carries it and is still running; run the same command again once it has finished`);
      else if (result.status === 'accepted' && draft.item.productId === null) {
        settled.settledKeys.add(draft.productKey);
        settled.createdBy.set(draft.productKey, `${request}, whose job finished after that run stopped following it`);
        claimed.push(draft.productKey);
      }
    }
  }
  // Found by this run: a later attempt of it reports them created by this run too, never `unchanged`.
  store.claimProductIds(claimed, runId);
  return pending;
}

/**
 * One journaled job to follow, with the drafts its request carried (as sent). The jobs to ask
 * again: every request of this run and of the account's other unfinished runs
 * that the service took as a job (`accepted`, its job id journaled) whose results were not all
 * recorded — the run was stopped while following it, or the job had not finished by the job
 * time-out. Such a request is settled by asking its job, never by its content and never by
 * sending it again: a job can run long after the request, and only the job knows.
 */
interface OpenJob {
  runId: string;
  index: number;
  job: { jobId: string; infoUrl: string | null };
  queuedAt: string | null;
  /** What the request carried, as sent (rows unknown: only keys and items are matched). */
  drafts: ProductDraft[];
}

/** The open jobs of `runId` and of the account's other unfinished import runs. */
function collectOpenJobs(store: StateStore, runId: string): OpenJob[] {
  const open: OpenJob[] = [];
  for (const run of listUnfinishedImportRuns(store, runId)) {
    for (const batch of store.listBatches(run.runId)) {
      if (batch.status !== 'accepted' || batch.jobId === null) continue;
      const drafts = readSentProducts(store, run.runId, batch).map((sent): ProductDraft => ({ productKey: sent.productKey, rows: [], skuKeys: sent.skuKeys, skuRows: [], item: sent.item }));
      open.push({ runId: run.runId, index: batch.index, job: { jobId: batch.jobId, infoUrl: batch.infoUrl }, queuedAt: batch.queuedAt, drafts });
    }
  }
  return open;
}

/**
 * Requests journaled `sending` that were never handed to fetch — no departure mark — are known not
 * sent, and closed as such: their products are planned again, without asking the service.
 *
 * Why the absence of the mark is proof: the mark is committed in the turn the request is handed to
 * fetch, before it, and a WAL commit is in the operating system's hands when it returns, so a
 * killed process (`kill -9` included) leaves every mark it wrote. Only a lost boot (power loss, a
 * crashed system) can lose an unsynced commit; so the proof holds only on the boot that marked the
 * request `sending` (the boot id is journaled with that mark, which is synced). A request marked on
 * another boot, or where the boot could not be told, is settled by content as before.
 *
 * Closes the never-departed requests of `runId` and the account's other unfinished runs; returns how many.
 */
function releaseNeverDeparted(store: StateStore, runId: string, deps: Pick<Deps, 'bootClock' | 'onEvent'>): number {
  const bootId = readBootClock(deps)?.bootId;
  if (bootId === undefined) return 0;
  let released = 0;
  for (const run of listUnfinishedImportRuns(store, runId)) {
    for (const batch of store.listBatches(run.runId)) {
      if (batch.status !== 'sending' || batch.departedAt !== null || batch.sentClock?.bootId !== bootId) continue;
      // Conditional in the database: a run still about to send it wins or loses there, never both.
      if (store.releaseNeverDeparted(run.runId, batch.index, 'journaled sending but never handed to fetch (no departure mark on this boot): never sent; its products were planned again')) released += 1;
    }
  }
  if (released > 0) {
    deps.onEvent({ type: 'log', level: 'info', message: `${released} request(s) marked sending never left (no departure mark): sent again, without asking the service`, text: { key: 'log.never_departed', data: { count: released } } });
  }
  return released;
}
