/**
 * Opens the local state: a SQLite database (`state.sqlite`) in the state directory, in WAL mode.
 * Every committed write survives a crashed process (`kill -9` included): WAL commits are in the
 * operating system's hands when they return. Commits are synced to the disk (`synchronous = FULL`)
 * only where a power loss could otherwise cause a duplicate: the `sending` mark before a request
 * leaves (which also syncs everything committed before it); an fsync per commit would cap the
 * import at a few requests in flight.
 * One file holds every account; each store reads and writes only its own account's rows.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { StateError } from '../core/errors.js';
import { buildAccountKey, normalizeBaseUrl } from './account-key.js';
import { createIdMemory } from './id-memory.js';
import { createProductSpool } from './product-spool.js';
import { createRunPruner } from './prune-runs.js';
import { createRequestJournal } from './request-journal.js';
import { createRunRegistry } from './run-registry.js';
import { STATE_MIGRATIONS, STATE_SCHEMA_VERSION } from './state-schema.js';
import { createStoreContext, toStateError, wrapSqliteErrors } from './store-context.js';
import type { StateAccount, StateStore } from './types.js';

/** Name of the database file inside the state directory. */
export const STATE_DB_FILE = 'state.sqlite';

/** Options of `openStateStore`. */
interface OpenStateStoreOptions {
  /** The state directory (resolved by the caller; the CLI's default is `.catalog-import/`). Created with mode 0o700. */
  dir: string;
  /** Whose state to open. */
  account: StateAccount;
  /** The clock for every recorded time and for run ids. */
  now: () => Date;
  /** How long to wait for another process's write lock before failing with `StateError`. Default 5,000 ms. */
  busyTimeoutMs?: number;
}

/**
 * Opens (creating when needed) the state database and migrates it to the current schema.
 * Throws `StateError` when the directory cannot be created, or the database is locked by another
 * process, corrupt, or written by a newer version of the tool.
 */
export function openStateStore(options: OpenStateStoreOptions): StateStore {
  const dir = resolve(options.dir);
  const path = join(dir, STATE_DB_FILE);
  prepareFiles(dir, path);

  let db: Database.Database;
  try {
    db = new Database(path, { timeout: options.busyTimeoutMs ?? 5000 });
  } catch (error) {
    throw toStateError(error, 'open the database', path);
  }
  try {
    const mode = db.pragma('journal_mode = WAL', { simple: true });
    if (mode !== 'wal') throw new StateError(`cannot switch ${path} to WAL mode (got "${String(mode)}")`);
    db.pragma('synchronous = NORMAL');
    migrate(db, path);
    const accountKey = buildAccountKey(options.account);
    registerAccount(db, accountKey, options.account, options.now().toISOString());
    return assembleStore(db, accountKey, path, options.now);
  } catch (error) {
    db.close();
    throw toStateError(error, 'open the database', path);
  }
}

function prepareFiles(dir: string, path: string): void {
  try {
    if (!existsSync(dir)) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      // mkdir's mode goes through the umask; the state holds seller data, so make it private for sure.
      chmodSync(dir, 0o700);
    }
    if (!existsSync(path)) {
      // SQLite creates its -wal and -shm files with the database file's mode, so set it first.
      try {
        closeSync(openSync(path, 'wx', 0o600));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      chmodSync(path, 0o600);
    }
  } catch (error) {
    throw new StateError(`cannot create the local state in ${dir}: ${(error as Error).message}`, { cause: error });
  }
}

function migrate(db: Database.Database, path: string): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
  const readVersion = (): number => (db.prepare('SELECT MAX(version) FROM schema_version').pluck().get() as number | null) ?? 0;
  const checkVersion = (version: number): void => {
    if (version > STATE_SCHEMA_VERSION) {
      throw new StateError(
        `the local state ${path} was written by a newer catalog-import (schema version ${version}; this version knows up to ${STATE_SCHEMA_VERSION}): upgrade catalog-import, or use another state directory`,
      );
    }
  };
  checkVersion(readVersion());
  if (readVersion() === STATE_SCHEMA_VERSION) return;
  // IMMEDIATE: two processes opening a fresh state at once must not both run the migrations.
  db.transaction(() => {
    const version = readVersion();
    checkVersion(version);
    for (let next = version + 1; next <= STATE_SCHEMA_VERSION; next += 1) {
      db.exec(STATE_MIGRATIONS[next - 1] ?? '');
      db.prepare('DELETE FROM schema_version').run();
      db.prepare('INSERT INTO schema_version (version) VALUES (?)').run(next);
    }
  }).immediate();
}

function registerAccount(db: Database.Database, accountKey: string, account: StateAccount, at: string): void {
  const known = db.prepare('SELECT 1 FROM accounts WHERE account_key = ?').get(accountKey);
  if (known !== undefined) return;
  db.prepare('INSERT OR IGNORE INTO accounts (account_key, base_url, client_id, first_seen_at) VALUES (?, ?, ?, ?)').run(
    accountKey,
    normalizeBaseUrl(account.baseUrl),
    account.clientId,
    at,
  );
}

function assembleStore(db: Database.Database, accountKey: string, path: string, now: () => Date): StateStore {
  const ctx = createStoreContext(db, accountKey, path, now);
  const idMemory = createIdMemory(ctx);
  const parts = {
    ...idMemory,
    ...createRunRegistry(ctx),
    ...createProductSpool(ctx),
    ...createRequestJournal(ctx, idMemory),
    ...createRunPruner(ctx),
    close: (): void => {
      if (db.open) db.close();
    },
  };
  return { accountKey, path, ...wrapSqliteErrors(parts, path) };
}
