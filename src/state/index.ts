/** The local state: id memory, runs, spool and request journal (SQLite), directory cache, locks. */
export { buildAccountKey } from './account-key.js';
export { buildCanonicalJson } from './canonical-json.js';
export { hashProductContent } from './content-hash.js';
export {
  hashDirectories,
  loadCachedDirectories,
  loadPreviousCachedDirectories,
} from './directory-cache.js';
export { acquireLock, readLockHolder } from './file-lock.js';
export { isProcessAlive } from './is-process-alive.js';
export type { LockHandle } from './file-lock.js';
export { openStateStore, STATE_DB_FILE } from './open-state-store.js';
export { parsePruneAge, pruneRuns } from './prune-runs.js';
export type { PrunedRun, PruneResult } from './prune-runs.js';
export type {
  AcceptedProduct,
  JobProductOutcome,
  KnownSku,
  PlannedBatch,
  ProductResultRecord,
  RunRecord,
  FinishedJob,
  SpooledDraft,
  StateStore,
} from './types.js';
