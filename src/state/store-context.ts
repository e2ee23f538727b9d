/**
 * What the parts of the state store share: the open database, the account, the clock, the run
 * ownership check, and the translation of SQLite failures into `StateError`.
 */
import type Database from 'better-sqlite3';
import { StateError } from '../core/errors.js';

/** Shared by the id memory, run registry, spool and journal of one open store. */
export interface StoreContext {
  db: Database.Database;
  accountKey: string;
  /** Absolute path of the SQLite file, for messages. */
  path: string;
  /** The store's clock. */
  now: () => Date;
  /** The store's clock as an ISO string. */
  nowIso: () => string;
  /** Throws `StateError` unless the run exists in this account. */
  requireRun: (runId: string) => void;
}

/** Builds the context; run ownership answers are cached (runs never change account). */
export function createStoreContext(db: Database.Database, accountKey: string, path: string, now: () => Date): StoreContext {
  const ownedRuns = new Set<string>();
  const findRun = db.prepare<[string, string], { found: number }>('SELECT 1 AS found FROM runs WHERE run_id = ? AND account_key = ?');
  return {
    db,
    accountKey,
    path,
    now,
    nowIso: () => now().toISOString(),
    requireRun: (runId) => {
      if (ownedRuns.has(runId)) return;
      if (findRun.get(runId, accountKey) === undefined) {
        throw new StateError(`run ${runId} does not exist in the local state of this account (${path})`);
      }
      ownedRuns.add(runId);
    },
  };
}

interface SqliteLikeError {
  code: string;
  message: string;
}

function isSqliteError(error: unknown): error is SqliteLikeError {
  return error instanceof Error && error.name === 'SqliteError' && typeof (error as { code?: unknown }).code === 'string';
}

/**
 * Turns a SQLite failure into a `StateError` that says what to do; other errors pass unchanged
 * (a `StateError` thrown on purpose, a bug).
 */
export function toStateError(error: unknown, action: string, path: string): unknown {
  if (!isSqliteError(error)) return error;
  const code = error.code;
  let advice: string;
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    advice = 'the database is locked by another process (another import or watch of this state directory?); wait for it to finish and retry';
  } else if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') {
    advice = 'the database is corrupt or not a catalog-import state file; move it away to start with an empty state (ids learnt before are then forgotten: run reconcile)';
  } else if (code.startsWith('SQLITE_FULL')) {
    advice = 'the disk is full';
  } else if (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_PERM')) {
    advice = 'the state directory or database cannot be written; check its permissions';
  } else {
    advice = `SQLite said: ${error.message}`;
  }
  return new StateError(`cannot ${action} in the local state ${path}: ${advice} (${code})`, { cause: error });
}

/**
 * Wraps every method of a store part so that SQLite failures surface as `StateError`.
 * Generators are wrapped by their own code (their errors come while iterating).
 */
export function wrapSqliteErrors<T extends object>(part: T, path: string): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(part)) {
    if (typeof member !== 'function') {
      wrapped[name] = member;
      continue;
    }
    wrapped[name] = (...args: unknown[]): unknown => {
      try {
        return (member as (...a: unknown[]) => unknown)(...args);
      } catch (error) {
        throw toStateError(error, describeAction(name), path);
      }
    };
  }
  return wrapped as T;
}

function describeAction(methodName: string): string {
  // `markBatchesSending` → `mark batches sending`: enough to tell which step failed.
  return methodName.replace(/([A-Z])/g, ' $1').toLowerCase();
}
