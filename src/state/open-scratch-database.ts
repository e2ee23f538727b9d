/**
 * A scratch SQLite file for one run (the issue spill, the dry run's spool): replaced if a stale one
 * is left, private from the start, without a rollback journal or disk syncs (nothing in it outlives
 * the run, so a crash loses nothing worth keeping), deleted when closed.
 */
import { chmodSync, closeSync, openSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { toStateError } from './store-context.js';

/** Creates the file at `path` (replacing a stale one) with `schema`; a failure is a state error about `action`. */
export function openScratchDatabase(path: string, schema: string, action: string): Database.Database {
  try {
    rmSync(path, { force: true });
    // Seller data: private from the start (the umask aside).
    closeSync(openSync(path, 'wx', 0o600));
    chmodSync(path, 0o600);
    const db = new Database(path);
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.exec(schema);
    return db;
  } catch (error) {
    throw toStateError(error, action, path);
  }
}

/** Closes the database (if still open) and deletes its file. */
export function closeScratchDatabase(db: Database.Database, path: string): void {
  if (db.open) db.close();
  rmSync(path, { force: true });
}
