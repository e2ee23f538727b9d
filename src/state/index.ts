/** The local state: id memory, runs, spool and request journal (SQLite), directory cache, locks. */
export { buildAccountKey, normalizeBaseUrl } from './account-key.js';
export { buildCanonicalJson } from './canonical-json.js';
export { hashProductContent, hashRequest } from './content-hash.js';
export {
  buildDirectoryCachePath,
  hashDirectories,
  loadCachedDirectories,
  loadPreviousCachedDirectories,
  saveCachedDirectories,
} from './directory-cache.js';
export type { CachedDirectories, DirectorySnapshot } from './directory-cache.js';
export { acquireLock, isProcessAlive, readLockHolder } from './file-lock.js';
export type { AcquireLockOptions, LockHandle } from './file-lock.js';
export { openStateStore, STATE_DB_FILE } from './open-state-store.js';
export { parsePruneAge, pruneRuns, selectRunsToPrune } from './prune-runs.js';
export type { PrunedRun, PruneResult } from './prune-runs.js';
export { STATE_SCHEMA_VERSION } from './state-schema.js';
export { BATCH_STATUSES } from './types.js';
export type {
  AcceptedProduct,
  BarcodeMatch,
  BatchRecord,
  BatchStatus,
  JobProductOutcome,
  KnownProductIds,
  KnownSku,
  NewRun,
  PlannedBatch,
  ProductResultRecord,
  ProductResultStatus,
  ResultError,
  ResultSku,
  SettleProgress,
  RunCommand,
  RunRecord,
  RunStatus,
  FinishedJob,
  SpooledDraft,
  SpooledProduct,
  StateAccount,
  StateStore,
} from './types.js';
