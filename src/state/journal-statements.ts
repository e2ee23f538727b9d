/**
 * The request journal's SQL: its statements, prepared once per open store, and the rows they read
 * turned into the journal's records.
 */
import type Database from 'better-sqlite3';
import type { BatchRecord, BatchStatus, ProductResultRecord, ProductResultStatus, ResultError, ResultSku } from './types.js';

type Statement<P extends unknown[] = unknown[], R = unknown> = Database.Statement<P, R>;

/** The journal's prepared statements. */
export interface JournalStatements {
  selectPlanned: Statement<[string, number], { status: string; request_hash: string }>;
  insertBatch: Statement<[string, number, string, string]>;
  replanBatch: Statement<[string, string, string, number]>;
  selectBatches: Statement<[string], BatchRow>;
  /** Named parameters: body, at, bootId, clockMs, runId, index. */
  updateSending: Statement;
  /** Named parameters: at, clockMs, runId, index; changes no row unless the batch is still `sending`. */
  updateDeparted: Statement;
  /** Named parameters: error, runId, index; changes no row unless the batch is `sending` and never departed. */
  releaseNeverDeparted: Statement;
  /** Named parameters: runId, index; adds one to the job's 404 count and returns it (plucked). */
  countJobMissing: Statement;
  /** Named parameters: runId, index. */
  clearJobMissing: Statement;
  selectSettleProgress: Statement<[string], { kind: string; key: string; value_json: string | null }>;
  upsertSettleProgress: Statement<[string, string, string, string | null]>;
  deleteSettleProgress: Statement<[string]>;
  /** Plucked: the body alone. */
  selectBody: Statement<[string, number], Buffer | null>;
  /** Named parameters: jobId, infoUrl, queuedAt, receivedItems, httpStatus, at, runId, index. */
  updateAccepted: Statement;
  /** Named parameters: httpStatus, error, retryable, runId, index. */
  updateFailed: Statement;
  updateUnknown: Statement<[string, string, number]>;
  updateDone: Statement<[string, string, number]>;
  /** Leaves the batch's status as it is (an open job's batch stays `accepted`); changes 0 rows for a batch never planned. */
  touchAccepted: Statement<[string, number]>;
  upsertResult: Statement<[string, string, number, number, string, number | null, string, string]>;
  /** Plucked: the content hash alone. */
  selectSpooledHash: Statement<[string, string], string | null>;
  selectResults: Statement<[string], ResultRow>;
}

/** A row of `batches` as the journal reads it. */
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
  sent_boot_id: string | null;
  sent_clock_ms: number | null;
  departed_at: string | null;
  departed_clock_ms: number | null;
  job_missing_count: number;
}

/** A row of `product_results`. */
interface ResultRow {
  product_key: string;
  batch_index: number;
  position: number;
  status: string;
  product_id: number | null;
  skus_json: string;
  errors_json: string;
}

/** Prepares every statement the journal runs. */
export function prepareJournalStatements(db: Database.Database): JournalStatements {
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
      http_status, error, retryable, sent_at, accepted_at, finished_at, attempts,
      sent_boot_id, sent_clock_ms, departed_at, departed_clock_ms, job_missing_count
    FROM batches WHERE run_id = ? ORDER BY batch_index`);
  const updateSending = db.prepare(`
    UPDATE batches SET status = 'sending', request_body = @body, sent_at = @at, attempts = attempts + 1,
      error = NULL, http_status = NULL, retryable = NULL, sent_boot_id = @bootId, sent_clock_ms = @clockMs,
      departed_at = NULL, departed_clock_ms = NULL
    WHERE run_id = @runId AND batch_index = @index`);
  const updateDeparted = db.prepare(`
    UPDATE batches SET departed_at = @at, departed_clock_ms = @clockMs
    WHERE run_id = @runId AND batch_index = @index AND status = 'sending'`);
  const releaseNeverDeparted = db.prepare(`
    UPDATE batches SET status = 'failed', error = @error, retryable = 0
    WHERE run_id = @runId AND batch_index = @index AND status = 'sending' AND departed_at IS NULL`);
  const countJobMissing = db.prepare(`
    UPDATE batches SET job_missing_count = job_missing_count + 1
    WHERE run_id = @runId AND batch_index = @index RETURNING job_missing_count`).pluck();
  const selectSettleProgress = db.prepare<[string], { kind: string; key: string; value_json: string | null }>(
    'SELECT kind, key, value_json FROM settle_progress WHERE account_key = ?',
  );
  const upsertSettleProgress = db.prepare<[string, string, string, string | null]>(
    'INSERT OR REPLACE INTO settle_progress (account_key, kind, key, value_json) VALUES (?, ?, ?, ?)',
  );
  const deleteSettleProgress = db.prepare<[string]>('DELETE FROM settle_progress WHERE account_key = ?');
  const clearJobMissing = db.prepare(`UPDATE batches SET job_missing_count = 0 WHERE run_id = @runId AND batch_index = @index AND job_missing_count > 0`);
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
  const touchAccepted = db.prepare<[string, number]>('UPDATE batches SET status = status WHERE run_id = ? AND batch_index = ?');
  const upsertResult = db.prepare<[string, string, number, number, string, number | null, string, string]>(`
    INSERT OR REPLACE INTO product_results (run_id, product_key, batch_index, position, status, product_id, skus_json, errors_json)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  const selectSpooledHash = db.prepare<[string, string], string | null>(
    'SELECT content_hash FROM spool WHERE run_id = ? AND product_key = ?',
  ).pluck();
  const selectResults = db.prepare<[string], ResultRow>(`
    SELECT product_key, batch_index, position, status, product_id, skus_json, errors_json
    FROM product_results WHERE run_id = ? ORDER BY batch_index, position`);

  return {
    selectPlanned,
    insertBatch,
    replanBatch,
    selectBatches,
    updateSending,
    updateDeparted,
    releaseNeverDeparted,
    countJobMissing,
    clearJobMissing,
    selectSettleProgress,
    upsertSettleProgress,
    deleteSettleProgress,
    selectBody,
    updateAccepted,
    updateFailed,
    updateUnknown,
    updateDone,
    touchAccepted,
    upsertResult,
    selectSpooledHash,
    selectResults,
  };
}

/** A `batches` row as a batch record. */
export function buildBatchRecord(row: BatchRow): BatchRecord {
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
    sentClock: row.sent_boot_id === null || row.sent_clock_ms === null ? null : { bootId: row.sent_boot_id, ms: row.sent_clock_ms },
    departedAt: row.departed_at,
    departedClockMs: row.departed_clock_ms,
    jobMissingCount: row.job_missing_count,
  };
}

/** A `product_results` row as a product result record. */
export function buildProductResultRecord(row: ResultRow): ProductResultRecord {
  return {
    productKey: row.product_key,
    batchIndex: row.batch_index,
    position: row.position,
    status: row.status as ProductResultStatus,
    productId: row.product_id,
    skus: JSON.parse(row.skus_json) as ResultSku[],
    errors: JSON.parse(row.errors_json) as ResultError[],
  };
}
