/**
 * The request journal: every import request of a run, from planned to done. A request is recorded
 * as `sending` before it leaves and its answer right after, so that after a crash the import knows
 * which batches may have reached the service (settle them by asking it) instead of sending them
 * again and creating duplicates.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { StateError } from '../core/errors.js';
import type { IdMemory } from './id-memory.js';
import type { StoreContext } from './store-context.js';
import type {
  AcceptedProduct,
  BatchRecord,
  BatchStatus,
  FinishedJob,
  PlannedBatch,
  ProductResultRecord,
  ProductResultStatus,
  ResultError,
  ResultSku,
  StateStore,
} from './types.js';

/** The journal part of a `StateStore`. */
export type RequestJournal = Pick<
  StateStore,
  | 'planBatches'
  | 'listBatches'
  | 'markBatchSending'
  | 'markBatchesSending'
  | 'getBatchRequestBody'
  | 'markBatchAccepted'
  | 'markBatchFailed'
  | 'markBatchUnknown'
  | 'recordJobResults'
  | 'listProductResults'
>;

/** Statuses in which a batch certainly never reached the service, so it may be re-planned with other content. */
const REPLANNABLE: ReadonlySet<BatchStatus> = new Set(['planned', 'failed']);

interface BatchRow {
  batch_index: number;
  status: string;
  product_keys_json: string;
  request_hash: string;
  job_id: string | null;
  info_url: string | null;
  queued_at: string | null;
  received_items: number | null;
  http_status: number | null;
  error: string | null;
  retryable: number | null;
  sent_at: string | null;
  accepted_at: string | null;
  finished_at: string | null;
  attempts: number;
}

interface ResultRow {
  product_key: string;
  batch_index: number;
  position: number;
  status: string;
  product_id: number | null;
  skus_json: string;
  errors_json: string;
}

/** Creates the journal on an open store; job results update `idMemory` in the same transaction. */
export function createRequestJournal(ctx: StoreContext, idMemory: Pick<IdMemory, 'recordAccepted'>): RequestJournal {
  const { db } = ctx;
  const selectPlanned = db.prepare<[string, number], { status: string; request_hash: string }>(
    'SELECT status, request_hash FROM batches WHERE run_id = ? AND batch_index = ?',
  );
  const insertBatch = db.prepare<[string, number, string, string]>(
    `INSERT INTO batches (run_id, batch_index, status, product_keys_json, request_hash) VALUES (?, ?, 'planned', ?, ?)`,
  );
  const replanBatch = db.prepare<[string, string, string, number]>(`
    UPDATE batches SET status = 'planned', product_keys_json = ?, request_hash = ?, error = NULL, http_status = NULL, retryable = NULL
    WHERE run_id = ? AND batch_index = ?`);
  const selectBatches = db.prepare<[string], BatchRow>(`
    SELECT batch_index, status, product_keys_json, request_hash, CAST(job_id AS TEXT) AS job_id, info_url, queued_at, received_items,
      http_status, error, retryable, sent_at, accepted_at, finished_at, attempts
    FROM batches WHERE run_id = ? ORDER BY batch_index`);
  const updateSending = db.prepare<[Buffer, string, string, number]>(`
    UPDATE batches SET status = 'sending', request_body = ?, sent_at = ?, attempts = attempts + 1,
      error = NULL, http_status = NULL, retryable = NULL
    WHERE run_id = ? AND batch_index = ?`);
  const selectBody = db.prepare<[string, number], Buffer | null>(
    'SELECT request_body FROM batches WHERE run_id = ? AND batch_index = ?',
  ).pluck();
  const updateAccepted = db.prepare(`
    UPDATE batches SET status = 'accepted', job_id = @jobId, info_url = @infoUrl, queued_at = @queuedAt,
      received_items = @receivedItems, http_status = @httpStatus, accepted_at = @at, error = NULL, retryable = NULL
    WHERE run_id = @runId AND batch_index = @index`);
  const updateFailed = db.prepare(`
    UPDATE batches SET status = 'failed', http_status = @httpStatus, error = @error, retryable = @retryable
    WHERE run_id = @runId AND batch_index = @index`);
  const updateUnknown = db.prepare<[string, string, number]>(
    `UPDATE batches SET status = 'unknown', error = ? WHERE run_id = ? AND batch_index = ?`,
  );
  const updateDone = db.prepare<[string, string, number]>(
    `UPDATE batches SET status = 'done', finished_at = ? WHERE run_id = ? AND batch_index = ?`,
  );
  const upsertResult = db.prepare<[string, string, number, number, string, number | null, string, string]>(`
    INSERT OR REPLACE INTO product_results (run_id, product_key, batch_index, position, status, product_id, skus_json, errors_json)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  const selectSpooledHash = db.prepare<[string, string], string | null>(
    'SELECT content_hash FROM spool WHERE run_id = ? AND product_key = ?',
  ).pluck();
  const selectResults = db.prepare<[string], ResultRow>(`
    SELECT product_key, batch_index, position, status, product_id, skus_json, errors_json
    FROM product_results WHERE run_id = ? ORDER BY batch_index, position`);

  const sendingTransaction = db.transaction((runId: string, batches: readonly { index: number; requestBody: string }[]) => {
    const at = ctx.nowIso();
    for (const batch of batches) requireChange(updateSending.run(compressBody(batch.requestBody), at, runId, batch.index).changes, runId, batch.index);
  });
  // The one commit that must reach the disk before anything leaves: with it (and every commit
  // before it, same WAL) synced, even a power loss cannot hide a request that was sent.
  const markSending = (runId: string, batches: readonly { index: number; requestBody: string }[]): void => {
    db.pragma('synchronous = FULL');
    try {
      sendingTransaction(runId, batches);
    } finally {
      db.pragma('synchronous = NORMAL');
    }
  };

  const requireChange = (changes: number, runId: string, index: number): void => {
    if (changes === 0) throw new StateError(`batch ${index} of run ${runId} was never planned (${ctx.path})`);
  };

  const planBatches = db.transaction((runId: string, batches: readonly PlannedBatch[]) => {
    for (const batch of batches) {
      const keysJson = JSON.stringify(batch.productKeys);
      const existing = selectPlanned.get(runId, batch.index);
      if (existing === undefined) {
        insertBatch.run(runId, batch.index, keysJson, batch.requestHash);
      } else if (existing.request_hash !== batch.requestHash) {
        if (!REPLANNABLE.has(existing.status as BatchStatus)) {
          throw new StateError(
            `batch ${batch.index} of run ${runId} is ${existing.status} with other content: it may have reached the service, so it cannot be re-planned (${ctx.path})`,
          );
        }
        replanBatch.run(keysJson, batch.requestHash, runId, batch.index);
      }
    }
  });

  // One transaction for the results of many jobs: a commit per job cost more than its rows.
  const recordJobResults = db.transaction((runId: string, jobs: readonly FinishedJob[]) => {
    const at = ctx.nowIso();
    const accepted: AcceptedProduct[] = [];
    for (const { index, results } of jobs) {
      requireChange(updateDone.run(at, runId, index).changes, runId, index);
      for (const result of results) {
        upsertResult.run(
          runId,
          result.productKey,
          index,
          result.position,
          result.status,
          result.productId,
          JSON.stringify(result.skus),
          JSON.stringify(result.errors),
        );
        if (result.status !== 'accepted' || result.productId === null) continue;
        accepted.push({
          productKey: result.productKey,
          productId: result.productId,
          skus: result.skus.flatMap((sku) => (sku.skuId === null ? [] : [{ skuKey: sku.skuKey, skuId: sku.skuId, barcode: sku.barcode }])),
          contentHash: result.contentHash !== undefined ? result.contentHash : (selectSpooledHash.get(runId, result.productKey) ?? null),
          runId,
        });
      }
    }
    idMemory.recordAccepted(accepted);
  });

  return {
    planBatches: (runId, batches) => {
      ctx.requireRun(runId);
      planBatches(runId, batches);
    },
    listBatches: (runId) => {
      ctx.requireRun(runId);
      return selectBatches.all(runId).map(buildBatchRecord);
    },
    markBatchSending: (runId, index, requestBody) => {
      ctx.requireRun(runId);
      markSending(runId, [{ index, requestBody }]);
    },
    markBatchesSending: (runId, batches) => {
      ctx.requireRun(runId);
      if (batches.length) markSending(runId, batches);
    },
    getBatchRequestBody: (runId, index) => {
      ctx.requireRun(runId);
      const body = selectBody.get(runId, index);
      return body === undefined || body === null ? undefined : gunzipSync(body).toString('utf8');
    },
    markBatchAccepted: (runId, index, acceptance) => {
      ctx.requireRun(runId);
      const result = updateAccepted.run({
        jobId: acceptance.jobId,
        infoUrl: acceptance.infoUrl,
        queuedAt: acceptance.queuedAt,
        receivedItems: acceptance.receivedItems,
        httpStatus: acceptance.httpStatus,
        at: ctx.nowIso(),
        runId,
        index,
      });
      requireChange(result.changes, runId, index);
    },
    markBatchFailed: (runId, index, failure) => {
      ctx.requireRun(runId);
      const result = updateFailed.run({
        httpStatus: failure.httpStatus ?? null,
        error: failure.error,
        retryable: failure.retryable ? 1 : 0,
        runId,
        index,
      });
      requireChange(result.changes, runId, index);
    },
    markBatchUnknown: (runId, index, error) => {
      ctx.requireRun(runId);
      requireChange(updateUnknown.run(error, runId, index).changes, runId, index);
    },
    recordJobResults: (runId, jobs) => {
      ctx.requireRun(runId);
      if (jobs.length > 0) recordJobResults(runId, jobs);
    },
    listProductResults: (runId) => {
      ctx.requireRun(runId);
      const results = new Map<string, ProductResultRecord>();
      for (const row of selectResults.all(runId)) {
        results.set(row.product_key, {
          productKey: row.product_key,
          batchIndex: row.batch_index,
          position: row.position,
          status: row.status as ProductResultStatus,
          productId: row.product_id,
          skus: JSON.parse(row.skus_json) as ResultSku[],
          errors: JSON.parse(row.errors_json) as ResultError[],
        });
      }
      return results;
    },
  };
}

/**
 * The body as kept in the journal (a record of what was sent, read back with gunzip). Level 1: a
 * request of 30 products still shrinks about 10× (level 6: 13×), at about half the CPU, and this
 * runs on the event loop once per request, right before it may leave.
 */
function compressBody(body: string): Buffer {
  return gzipSync(body, { level: 1 });
}

function buildBatchRecord(row: BatchRow): BatchRecord {
  return {
    index: row.batch_index,
    status: row.status as BatchStatus,
    productKeys: JSON.parse(row.product_keys_json) as string[],
    requestHash: row.request_hash,
    jobId: row.job_id,
    infoUrl: row.info_url,
    queuedAt: row.queued_at,
    receivedItems: row.received_items,
    httpStatus: row.http_status,
    error: row.error,
    retryable: row.retryable === null ? null : row.retryable === 1,
    sentAt: row.sent_at,
    acceptedAt: row.accepted_at,
    finishedAt: row.finished_at,
    attempts: row.attempts,
  };
}
