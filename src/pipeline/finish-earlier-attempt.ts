/**
 * What an earlier attempt of the run left, finished before the plan: requests planned but never
 * sent and refused requests whose unjudged products were left to this run are closed (their
 * products are planned again), jobs accepted but not yet recorded are followed to their results,
 * and requests of unknown fate are settled by what they carried.
 */
import type { Deps } from '../core/deps.js';
import type { ProductDraft } from '../core/types.js';
import { readSpooledDrafts } from './read-spooled-drafts.js';
import { settleUnknownRequests } from './settle-unknown-requests.js';
import type { PreparedRun } from './prepare-run.js';

/** Finishes the earlier attempt of `runId`; resolves with what settling the requests of unknown fate found. */
export async function finishEarlierAttempt(
  ctx: { prep: PreparedRun; runId: string; deps: Deps; settleAfterMs: number },
  recordFollow: (index: number, job: { jobId: string; infoUrl: string | null }, queuedAt: string | null, sent: ProductDraft[]) => Promise<void>,
): Promise<Awaited<ReturnType<typeof settleUnknownRequests>>> {
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
  const toFollow = batches.filter((b) => b.status === 'accepted' && b.jobId !== null);
  await Promise.all(toFollow.map((b) => recordFollow(b.index, { jobId: b.jobId as string, infoUrl: b.infoUrl }, b.queuedAt, readSpooledDrafts(store, runId, b.productKeys))));
  // Requests of unknown fate, of this run and of the account's other unfinished runs (the
  // seller may have edited the file after a crash): settled by what they carried.
  return settleUnknownRequests({ store, client: ctx.prep.service.client, runId, deps, settleAfterMs: ctx.settleAfterMs });
}
