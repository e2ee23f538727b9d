/**
 * The request journal: every import request of a run, from planned to done. A request is recorded
 * as `sending` before it leaves and its answer right after, so that after a crash the import knows
 * which batches may have reached the service (settle them by asking it) instead of sending them
 * again and creating duplicates.
 */
import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';
import { StateError } from '../core/errors.js';
import { buildBatchRecord, buildProductResultRecord, prepareJournalStatements } from './journal-statements.js';
import type { JournalStatements } from './journal-statements.js';
import type { IdMemory } from './id-memory.js';
import type { StoreContext } from './store-context.js';
import type { AcceptedProduct, BatchStatus, FinishedJob, PlannedBatch, ProductResultRecord, SettleProgress, StateStore } from './types.js';

/** The journal part of a `StateStore`. */
type RequestJournal = Pick<
  StateStore,
  | 'planBatches'
  | 'listBatches'
  | 'markBatchesSending'
  | 'markBatchDeparted'
  | 'releaseNeverDeparted'
  | 'countJobMissing'
  | 'clearJobMissing'
  | 'loadSettleProgress'
  | 'recordSettleFound'
  | 'recordSettleSearched'
  | 'clearSettleProgress'
  | 'getBatchRequestBody'
  | 'markBatchAccepted'
  | 'markBatchFailed'
  | 'markBatchUnknown'
  | 'recordJobResults'
  | 'listProductResults'
>;

/** Statuses in which a batch certainly never reached the service, so it may be re-planned with other content. */
const REPLANNABLE: ReadonlySet<BatchStatus> = new Set(['planned', 'failed']);

/** A batch about to be sent, with the request body to keep, compressed by `compressRequestBody`. */
type SendingBatch = { index: number; gzippedBody: Buffer };

/** A reading of the boot clock (`Deps.bootClock`). */
type ClockReading = { bootId: string; ms: number };

/** Creates the journal on an open store; job results update `idMemory` in the same transaction. */
export function createRequestJournal(ctx: StoreContext, idMemory: Pick<IdMemory, 'recordAccepted'>): RequestJournal {
  const { db } = ctx;
  const st = prepareJournalStatements(db);
  const planBatches = db.transaction((runId: string, batches: readonly PlannedBatch[]) => planBatchesIn(ctx, st, runId, batches));
  const markSending = db.transaction((runId: string, batches: readonly SendingBatch[], clock: ClockReading | undefined) => markSendingIn(ctx, st, runId, batches, clock));
  // One transaction for the results of many jobs: a commit per job cost more than its rows.
  const recordJobResults = db.transaction((runId: string, jobs: readonly FinishedJob[]) => {
    idMemory.recordAccepted(recordJobResultsIn(ctx, st, runId, jobs));
  });

  const recordFound = db.transaction((found: readonly { barcode: string; productId: number; skuId: number }[]) => {
    for (const sku of found) st.upsertSettleProgress.run(ctx.accountKey, 'found', sku.barcode, JSON.stringify({ productId: sku.productId, skuId: sku.skuId }));
  });

  return {
    planBatches: (runId, batches) => {
      ctx.requireRun(runId);
      planBatches(runId, batches);
    },
    listBatches: (runId) => {
      ctx.requireRun(runId);
      return st.selectBatches.all(runId).map(buildBatchRecord);
    },
    markBatchesSending: (runId, batches, clock) => {
      ctx.requireRun(runId);
      if (batches.length) commitDurably(ctx, () => markSending(runId, batches, clock));
    },
    // Not synced: the mark is written to the WAL (the operating system's hands) before the request
    // is handed to fetch, so a killed process leaves it; a power loss may lose it, but then the
    // machine booted again and a resume settles the request by content (see findNeverDeparted).
    markBatchDeparted: (runId, index, clock) => {
      ctx.requireRun(runId);
      return st.updateDeparted.run({ at: ctx.nowIso(), clockMs: clock?.ms ?? null, runId, index }).changes > 0;
    },
    releaseNeverDeparted: (runId, index, error) => {
      ctx.requireRun(runId);
      return st.releaseNeverDeparted.run({ error, runId, index }).changes > 0;
    },
    countJobMissing: (runId, index) => {
      ctx.requireRun(runId);
      const count = st.countJobMissing.get({ runId, index }) as number | undefined;
      if (count === undefined) throw new StateError(`batch ${index} of run ${runId} was never planned (${ctx.path})`);
      return count;
    },
    clearJobMissing: (runId, index) => {
      ctx.requireRun(runId);
      st.clearJobMissing.run({ runId, index });
    },
    loadSettleProgress: () => {
      const progress: SettleProgress = { found: new Map(), searched: new Set() };
      for (const row of st.selectSettleProgress.all(ctx.accountKey)) {
        if (row.kind === 'searched') progress.searched.add(row.key);
        else if (row.kind === 'found' && row.value_json !== null) progress.found.set(row.key, { ...(JSON.parse(row.value_json) as { productId: number; skuId: number }), barcode: row.key });
      }
      return progress;
    },
    recordSettleFound: (found) => {
      if (found.length > 0) recordFound(found);
    },
    recordSettleSearched: (term) => {
      st.upsertSettleProgress.run(ctx.accountKey, 'searched', term, null);
    },
    clearSettleProgress: () => {
      st.deleteSettleProgress.run(ctx.accountKey);
    },
    getBatchRequestBody: (runId, index) => {
      ctx.requireRun(runId);
      const body = st.selectBody.get(runId, index);
      return body === undefined || body === null ? undefined : gunzipSync(body).toString('utf8');
    },
    markBatchAccepted: (runId, index, acceptance) => {
      ctx.requireRun(runId);
      const { jobId, infoUrl, queuedAt, receivedItems, httpStatus } = acceptance;
      const result = st.updateAccepted.run({ jobId, infoUrl, queuedAt, receivedItems, httpStatus, at: ctx.nowIso(), runId, index });
      requireChange(ctx, result.changes, runId, index);
    },
    markBatchFailed: (runId, index, failure) => {
      ctx.requireRun(runId);
      const result = st.updateFailed.run({ httpStatus: failure.httpStatus ?? null, error: failure.error, retryable: failure.retryable ? 1 : 0, runId, index });
      requireChange(ctx, result.changes, runId, index);
    },
    markBatchUnknown: (runId, index, error) => {
      ctx.requireRun(runId);
      requireChange(ctx, st.updateUnknown.run(error, runId, index).changes, runId, index);
    },
    recordJobResults: (runId, jobs) => {
      ctx.requireRun(runId);
      if (jobs.length > 0) recordJobResults(runId, jobs);
    },
    listProductResults: (runId) => {
      ctx.requireRun(runId);
      const results = new Map<string, ProductResultRecord>();
      for (const row of st.selectResults.all(runId)) results.set(row.product_key, buildProductResultRecord(row));
      return results;
    },
  };
}

/** Plans batches (inside a transaction): new ones are inserted, changed ones re-planned unless they may have reached the service. */
function planBatchesIn(ctx: StoreContext, st: JournalStatements, runId: string, batches: readonly PlannedBatch[]): void {
  for (const batch of batches) {
    const keysJson = JSON.stringify(batch.productKeys);
    const existing = st.selectPlanned.get(runId, batch.index);
    if (existing === undefined) {
      st.insertBatch.run(runId, batch.index, keysJson, batch.requestHash);
    } else if (existing.request_hash !== batch.requestHash) {
      if (!REPLANNABLE.has(existing.status as BatchStatus)) {
        throw new StateError(
          `batch ${batch.index} of run ${runId} is ${existing.status} with other content: it may have reached the service, so it cannot be re-planned (${ctx.path})`,
        );
      }
      st.replanBatch.run(keysJson, batch.requestHash, runId, batch.index);
    }
  }
}

/** Marks batches as sending (inside a transaction), keeping each compressed request body. */
function markSendingIn(ctx: StoreContext, st: JournalStatements, runId: string, batches: readonly SendingBatch[], clock: ClockReading | undefined): void {
  const at = ctx.nowIso();
  const bootId = clock?.bootId ?? null;
  const clockMs = clock?.ms ?? null;
  for (const batch of batches) {
    const changes = st.updateSending.run({ body: batch.gzippedBody, at, bootId, clockMs, runId, index: batch.index }).changes;
    requireChange(ctx, changes, runId, batch.index);
  }
}

// The one commit that must reach the disk before anything leaves: with it (and every commit
// before it, same WAL) synced, even a power loss cannot hide a request that was sent.
function commitDurably(ctx: StoreContext, commit: () => void): void {
  ctx.db.pragma('synchronous = FULL');
  try {
    commit();
  } finally {
    ctx.db.pragma('synchronous = NORMAL');
  }
}

/** Records the results of finished jobs (inside a transaction); returns the products they accepted, for the id memory. */
function recordJobResultsIn(ctx: StoreContext, st: JournalStatements, runId: string, jobs: readonly FinishedJob[]): AcceptedProduct[] {
  const at = ctx.nowIso();
  const accepted: AcceptedProduct[] = [];
  for (const { index, results, open } of jobs) {
    if (open === true) requireChange(ctx, st.touchAccepted.run(runId, index).changes, runId, index);
    else requireChange(ctx, st.updateDone.run(at, runId, index).changes, runId, index);
    for (const result of results) {
      st.upsertResult.run(runId, result.productKey, index, result.position, result.status, result.productId, JSON.stringify(result.skus), JSON.stringify(result.errors));
      if (result.status !== 'accepted' || result.productId === null) continue;
      accepted.push({
        productKey: result.productKey,
        productId: result.productId,
        skus: result.skus.flatMap((sku) => (sku.skuId === null ? [] : [{ skuKey: sku.skuKey, skuId: sku.skuId, barcode: sku.barcode }])),
        contentHash: result.contentHash !== undefined ? result.contentHash : (st.selectSpooledHash.get(runId, result.productKey) ?? null),
        runId,
      });
    }
  }
  return accepted;
}

function requireChange(ctx: StoreContext, changes: number, runId: string, index: number): void {
  if (changes === 0) throw new StateError(`batch ${index} of run ${runId} was never planned (${ctx.path})`);
}

/** Level 1: a request of 30 products still shrinks about 10× (level 6: 13×), at about half the CPU. */
const BODY_GZIP = { level: 1 };
const gzipAsync = promisify(gzip);

/**
 * A request body as `markBatchesSending` keeps it (a record of what was sent, read back with
 * gunzip), compressed in libuv's thread pool: an import compresses a wave's bodies there together,
 * off the event loop that serves the answers (about 1 ms a 30-product request on it).
 */
export function compressRequestBody(body: string): Promise<Buffer> {
  return gzipAsync(body, BODY_GZIP);
}
