/**
 * Types of the local state: what the SQLite store remembers across runs and crashes (marketplace
 * ids per seller key, runs, the product spool and the request journal), per service and seller
 * account. The store itself is built by `openStateStore`.
 */
import type { Issue } from '../core/issue.js';
import type { ProductDraft, RowRef } from '../core/types.js';

/** The service and seller account whose state is read and written. The secret never enters the state. */
export interface StateAccount {
  /** Base address of the service, e.g. `https://seller-api.teez.kz`. */
  baseUrl: string;
  /** The seller's client identifier (not secret). */
  clientId: string;
}

/** A seller SKU key and the marketplace SKU id it received. */
export interface KnownSku {
  skuKey: string;
  skuId: number;
  barcode: string;
}

/** What the state remembers of one seller product. */
export interface KnownProductIds {
  productId: number;
  /** Seller SKU key → marketplace SKU id. */
  skus: Map<string, number>;
  /** `hashProductContent` of the last accepted import of the product, or null when not known. */
  contentHash: string | null;
  /** The run that learnt these ids (null: reconcile outside a run): a product learnt by this run was created or changed by it. */
  learntBy?: string | null;
}

/** One product whose ids the service gave, as recorded after an accepted import or a reconcile. */
export interface AcceptedProduct {
  productKey: string;
  productId: number;
  skus: KnownSku[];
  contentHash: string | null;
  /** Run that learnt the ids; null for ids learnt by reconcile outside a run. */
  runId: string | null;
}

/** A SKU found by barcode. */
export interface BarcodeMatch {
  productKey: string;
  skuKey: string;
  productId: number;
  skuId: number;
}

/**
 * What started a run: `plan` is an `import --plan` (nothing sent; never resumed, never an import
 * of its content), `reconcile` a rebuild of the id memory.
 */
export type RunCommand = 'import' | 'validate' | 'watch' | 'plan' | 'reconcile';

/** Life cycle of a run. Every status but `finished` can be resumed. */
export type RunStatus = 'running' | 'submitted' | 'finished' | 'interrupted' | 'failed';

/** What `createRun` needs. */
export interface NewRun {
  command: RunCommand;
  /** Input file as the user named it. */
  file: string;
  fileSha256: string;
  mappingFile: string;
  mappingSha256: string;
  /** Effective options, for the report and for resume (never secrets). */
  options: Record<string, unknown>;
  reportDir: string;
}

/**
 * Life cycle of one import request:
 * `planned` → `sending` (committed before the HTTP request) → `accepted` (job id known) → `done`
 * (job results recorded); `failed` when the service refused it or it could not be sent, `unknown`
 * when it may or may not have reached the service (settle by asking the service).
 */
export type BatchStatus = 'planned' | 'sending' | 'accepted' | 'failed' | 'unknown' | 'done';

/** Every batch status, in life-cycle order. */
export const BATCH_STATUSES: readonly BatchStatus[] = ['planned', 'sending', 'accepted', 'failed', 'unknown', 'done'];

/** A run as stored. */
export interface RunRecord extends NewRun {
  runId: string;
  accountKey: string;
  status: RunStatus;
  /** ISO times from the store's clock. */
  createdAt: string;
  updatedAt: string;
  /** Set when the run reached `finished`, `failed` or `interrupted`; cleared when it runs again. */
  finishedAt: string | null;
  exitCode: number | null;
  summaryPath: string | null;
  /** True once the whole input was spooled (`markSpoolComplete`); informational: a resume always reads the file again. */
  spoolComplete: boolean;
  /** Number of batches of the run in each status. */
  batchCounts: Record<BatchStatus, number>;
}

/** One product as spooled for a run: the build stage's output, kept on disk instead of in memory. */
export interface SpooledProduct {
  productKey: string;
  /** Row number of the product's first source row; the spool is read back in this order. */
  firstRow: number;
  rows: RowRef[];
  /** Null when the product has errors and will not be sent. */
  draft: ProductDraft | null;
  issues: Issue[];
  /** `hashProductContent(draft.item)`, or null without a draft. */
  contentHash: string | null;
  /**
   * What the product was assembled from (the stages' mapped rows), kept so that a product whose
   * rows turn up late can be reassembled. Opaque to the store.
   */
  records?: readonly unknown[];
}

/** A spooled product that has a draft, without the rest of what the spool keeps for it. */
export interface SpooledDraft {
  productKey: string;
  firstRow: number;
  draft: ProductDraft;
  /** `hashProductContent(draft.item)`. */
  contentHash: string | null;
}

/** What an unfinished settle learnt (see `StateStore.loadSettleProgress`). */
export interface SettleProgress {
  found: Map<string, { productId: number; skuId: number; barcode: string }>;
  searched: Set<string>;
}

/** One batch as planned. */
export interface PlannedBatch {
  /** Position of the batch in the run, from 0. */
  index: number;
  /** The products of the request, in request order (results are matched by position). */
  productKeys: string[];
  /** `hashRequest` of the request body. */
  requestHash: string;
}

/** One batch of the journal. */
export interface BatchRecord extends PlannedBatch {
  status: BatchStatus;
  /** Exact decimal text (int64 job ids may exceed 2^53). */
  jobId: string | null;
  infoUrl: string | null;
  queuedAt: string | null;
  receivedItems: number | null;
  httpStatus: number | null;
  error: string | null;
  /** For `failed`: whether sending again may help (5xx, network) or not (400). Null otherwise. */
  retryable: boolean | null;
  sentAt: string | null;
  acceptedAt: string | null;
  finishedAt: string | null;
  /** How many times the batch was marked `sending`. */
  attempts: number;
  /** The boot and the system's monotonic clock when it was last marked `sending`; null when the system did not tell. */
  sentClock: { bootId: string; ms: number } | null;
  /** When it was last handed to fetch (it may have left); null: never since its `sending` mark. */
  departedAt: string | null;
  /** The system's monotonic clock then (same boot as `sentClock`). */
  departedClockMs: number | null;
  /** Runs in a row whose status request of its job the service answered 404. */
  jobMissingCount: number;
}

/** The service's answer to an accepted import request. */
interface BatchAcceptance {
  /** Exact decimal text. */
  jobId: string;
  infoUrl: string | null;
  queuedAt: string | null;
  receivedItems: number | null;
  httpStatus: number;
}

/** A refused or failed import request. */
interface BatchFailure {
  httpStatus?: number | undefined;
  error: string;
  retryable: boolean;
}

/**
 * Outcome of one product in a job. `pending`: its job was still running when the run stopped
 * following it (its batch stays `accepted`); the next run asks the job again, never re-sends it.
 */
export type ProductResultStatus = 'accepted' | 'rejected' | 'unknown' | 'pending';

/** One SKU of a job result. */
export interface ResultSku {
  skuKey: string;
  skuId: number | null;
  barcode: string;
}

/** One error of a job result. */
export interface ResultError {
  field?: string;
  code?: string;
  message: string;
}

/** One finished job's results, as `recordJobResults` takes them. */
export interface FinishedJob {
  /** The job's batch. */
  index: number;
  results: readonly JobProductOutcome[];
  /**
   * The job had not finished (still running at the job time-out, or its status unreadable): the
   * results known so far are recorded, the batch stays `accepted`, and the next run follows it.
   */
  open?: boolean;
}

/** The job result of one product, as `recordJobResults` takes it. */
export interface JobProductOutcome {
  /** Position of the product in the request, from 0. */
  position: number;
  productKey: string;
  status: ProductResultStatus;
  productId: number | null;
  skus: ResultSku[];
  errors: ResultError[];
  /**
   * Content hash to remember with the ids of an accepted product. When absent, the hash of the
   * run's spooled product is used.
   */
  contentHash?: string | null;
}

/** The job result of one product, as stored. */
export interface ProductResultRecord {
  productKey: string;
  batchIndex: number;
  position: number;
  status: ProductResultStatus;
  productId: number | null;
  skus: ResultSku[];
  errors: ResultError[];
}

/**
 * The local state of one service and seller account. Synchronous (better-sqlite3): every method
 * that writes has committed (WAL; see docs/state.md for what is synced to the disk) when it returns, so a crash right
 * after, `kill -9` included, loses nothing it wrote. Methods that take a `runId` throw `StateError`
 * for a run of another account or an unknown batch.
 */
export interface StateStore {
  /** sha256 of the normalised base URL and the client id; everything is kept apart by it. */
  readonly accountKey: string;
  /** Absolute path of the SQLite file. */
  readonly path: string;

  /** The ids the service gave the seller product, if any. */
  getProductIds(productKey: string): KnownProductIds | undefined;
  /** `getProductIds` for many keys; one query per chunk of 1,000 keys. Unknown keys are absent from the map. */
  getProductIdsMany(productKeys: readonly string[]): Map<string, KnownProductIds>;
  /** Remembers the ids of accepted products (one transaction). SKUs not listed keep their remembered ids. */
  recordAccepted(entries: readonly AcceptedProduct[]): void;
  /**
   * Records that `runId` learnt the remembered ids of these products (`learntBy`), leaving the ids
   * as they are: products another run's request created and this run found are reported by it as
   * created by it in every later attempt.
   */
  claimProductIds(productKeys: readonly string[], runId: string): void;
  /** The SKU that has this barcode; the most recently recorded one when several do. */
  findProductKeyByBarcode(barcode: string): BarcodeMatch | undefined;
  /** Replaces all ids of the account (reconcile rebuilds them from the service), in one transaction. */
  replaceIdMemory(entries: readonly AcceptedProduct[]): void;
  /** Number of seller products with a remembered id. */
  countKnownProducts(): number;

  /** Starts a run (status `running`) and returns its id, e.g. `20261122-153012-ab12`. */
  createRun(run: NewRun): { runId: string };
  /** The latest run of the same file and mapping content that has not `finished`, among `commands` (default import and watch). */
  findResumableRun(fileSha256: string, mappingSha256: string, options?: { commands?: readonly RunCommand[] }): RunRecord | undefined;
  /** One run of this account. */
  getRun(runId: string): RunRecord | undefined;
  /** Runs of this account, newest first. */
  listRuns(options?: { limit?: number }): RunRecord[];
  /** Moves a run to a status; `extra` fields are kept when not given. */
  setRunStatus(runId: string, status: RunStatus, extra?: { exitCode?: number; summaryPath?: string }): void;
  /**
   * Records that the whole input of the run is in the spool; `complete: false` takes it back (a
   * spool emptied because the file changed while the run read it). Nothing reads the flag yet: a
   * resume always reads the file again.
   */
  markSpoolComplete(runId: string, complete?: boolean): void;

  /** Spools products (each replacing one of the same key) in one transaction. */
  spoolProducts(runId: string, entries: readonly SpooledProduct[]): void;
  /** Removes a spooled product and returns it (to rebuild it when more of its rows turn up). */
  takeSpooledProduct(runId: string, productKey: string): SpooledProduct | undefined;
  /** One spooled product, left in place. */
  getSpooledProduct(runId: string, productKey: string): SpooledProduct | undefined;
  /**
   * The run's spooled products ordered by `firstRow` (then spool order), read in pages so that
   * memory stays flat and the store can be written while iterating.
   */
  iterateSpooledProducts(runId: string): IterableIterator<SpooledProduct>;
  /**
   * The run's spooled drafts in the same order, skipping products without one: only the draft is
   * read back and parsed, not the rows, issues and records kept with it.
   */
  iterateSpooledDrafts(runId: string): IterableIterator<SpooledDraft>;
  /** Empties the run's spool once it is no longer needed (a finished run); returns how many products were removed. */
  clearSpool(runId: string): number;
  /**
   * Removes the run's spooled products whose key is not in `keep` (those a resumed run's read of
   * its content did not put again); returns how many were removed. `keep` must hold only keys
   * spooled: when the spool holds no more products than `keep`, nothing is read or removed.
   */
  keepSpooledProducts(runId: string, keep: ReadonlySet<string>): number;

  /**
   * Plans the run's batches. Idempotent: a batch already planned with the same request hash is
   * left as it is; a `planned` or `failed` batch with another hash is re-planned; a batch that may
   * have reached the service with another hash throws `StateError`.
   */
  planBatches(runId: string, batches: readonly PlannedBatch[]): void;
  /** The run's batches in index order. */
  listBatches(runId: string): BatchRecord[];
  /**
   * Marks batches `sending` and keeps their request bodies, as `compressRequestBody` gzipped them,
   * in one synced commit (requests leaving together). Commit this BEFORE sending.
   */
  markBatchesSending(runId: string, batches: readonly { index: number; gzippedBody: Buffer }[], clock?: { bootId: string; ms: number }): void;
  /**
   * Marks a `sending` batch as handed to fetch, in the turn it leaves (a plain WAL commit: it
   * survives a killed process; a lost boot is told by the boot id). False when the batch is no
   * longer `sending` (another run released it): it must not leave.
   */
  markBatchDeparted(runId: string, index: number, clock: { bootId: string; ms: number } | undefined): boolean;
  /** A `sending` batch that never departed is closed as never sent (`failed`); false when it is not such a batch. */
  releaseNeverDeparted(runId: string, index: number, error: string): boolean;
  /** Counts one more 404 on the batch's job; returns the count. */
  countJobMissing(runId: string, index: number): number;
  /** The batch's job was read again: its 404 count starts over. */
  clearJobMissing(runId: string, index: number): void;
  /** What the account's unfinished settle learnt: barcodes found on the service, and search terms asked. */
  loadSettleProgress(): SettleProgress;
  /** Barcodes a settle found on the service (committed at once: a stopped settle keeps them). */
  recordSettleFound(found: readonly { barcode: string; productId: number; skuId: number }[]): void;
  /** A search term a settle asked (its hits are recorded as found before). */
  recordSettleSearched(term: string): void;
  /** A settle completed: its progress is forgotten. */
  clearSettleProgress(): void;
  /** The last request body sent for a batch. */
  getBatchRequestBody(runId: string, index: number): string | undefined;
  /** The service accepted the batch as a job. */
  markBatchAccepted(runId: string, index: number, acceptance: BatchAcceptance): void;
  /** The service refused the batch, or it could not be sent at all. */
  markBatchFailed(runId: string, index: number, failure: BatchFailure): void;
  /** The batch may or may not have reached the service; settle it later by asking the service. */
  markBatchUnknown(runId: string, index: number, error: string): void;
  /**
   * Records finished jobs' per-product results, marks their batches `done` (an `open` job's stays
   * `accepted`), and remembers the ids
   * of the accepted products (as `recordAccepted`), all in one transaction: a crash cannot leave a
   * job recorded whose ids are lost. Several jobs share the transaction's commit.
   */
  recordJobResults(runId: string, jobs: readonly FinishedJob[]): void;
  /** The run's job results by product key. */
  listProductResults(runId: string): Map<string, ProductResultRecord>;

  /** Bytes of each run's rows (spool, request bodies, job results), by run id; runs of other accounts measure 0. */
  measureRuns(runIds: readonly string[]): Map<string, number>;
  /** Removes the runs' rows (run, spool, journal, job results) in one transaction; ids learnt stay. */
  deleteRuns(runIds: readonly string[]): void;
  /** Gives the space of removed rows back to the file system (WAL checkpoint, VACUUM). */
  compact(): void;

  /** Closes the database. Idempotent. */
  close(): void;
}
