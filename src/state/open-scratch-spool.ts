/**
 * A product spool for a run that is never resumed (the dry run): a SQLite file of its own, without
 * a rollback journal or disk syncs, deleted when closed. The state database's spool is the import's
 * crash-safe record; a dry run needs the spool only to take back a product that a late row reopens.
 * Writing the dry run's products there went through the write-ahead log twice and left the database
 * file grown by their size (SQLite keeps freed pages): ~130 MB per 100,000 rows.
 */
import { closeScratchDatabase, openScratchDatabase } from './open-scratch-database.js';
import { createProductSpool, type ProductSpool } from './product-spool.js';

/** The spool calls a product sink uses, and `close`, which deletes the file. */
export type ScratchSpool = Pick<ProductSpool, 'spoolProducts' | 'takeSpooledProduct'> & { close(): void };

// The state database's spool table as of schema version 2 (`state-schema.ts`).
const SCRATCH_SCHEMA = `
  CREATE TABLE spool (run_id TEXT NOT NULL, product_key TEXT NOT NULL, first_row INTEGER NOT NULL,
    content_hash TEXT, data_json TEXT NOT NULL, draft_json TEXT);
  CREATE UNIQUE INDEX spool_by_key ON spool (run_id, product_key);
  CREATE INDEX spool_by_row ON spool (run_id, first_row);`;

/** Creates the spool file at `path` (replacing a stale one) and opens it. */
export function openScratchSpool(path: string, now: () => Date): ScratchSpool {
  const db = openScratchDatabase(path, SCRATCH_SCHEMA, 'create the dry run spool');
  const spool = createProductSpool({ db, accountKey: '', path, now, nowIso: () => now().toISOString(), requireRun: () => undefined });
  return {
    spoolProducts: spool.spoolProducts,
    takeSpooledProduct: spool.takeSpooledProduct,
    close() {
      closeScratchDatabase(db, path);
    },
  };
}
