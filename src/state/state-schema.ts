/**
 * The SQLite schema of the local state, as ordered migrations. Migration N (1-based) brings the
 * database from version N-1 to N; `schema_version` holds the version reached. A database of a
 * version newer than `STATE_SCHEMA_VERSION` is refused instead of being misread.
 */

/** Migrations in order; never edit a released one, add a new one. */
export const STATE_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE accounts (
    account_key TEXT PRIMARY KEY,
    base_url TEXT NOT NULL,
    client_id TEXT NOT NULL,
    first_seen_at TEXT NOT NULL
  );

  CREATE TABLE product_ids (
    account_key TEXT NOT NULL,
    product_key TEXT NOT NULL,
    product_id INTEGER NOT NULL,
    content_hash TEXT,
    run_id TEXT,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (account_key, product_key)
  ) WITHOUT ROWID;

  CREATE TABLE sku_ids (
    account_key TEXT NOT NULL,
    product_key TEXT NOT NULL,
    sku_key TEXT NOT NULL,
    sku_id INTEGER NOT NULL,
    barcode TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (account_key, product_key, sku_key)
  ) WITHOUT ROWID;
  CREATE INDEX sku_ids_by_barcode ON sku_ids (account_key, barcode, updated_at);

  CREATE TABLE runs (
    run_id TEXT PRIMARY KEY,
    account_key TEXT NOT NULL,
    command TEXT NOT NULL,
    file TEXT NOT NULL,
    file_sha256 TEXT NOT NULL,
    mapping_file TEXT NOT NULL,
    mapping_sha256 TEXT NOT NULL,
    options_json TEXT NOT NULL,
    report_dir TEXT NOT NULL,
    status TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    finished_at TEXT,
    exit_code INTEGER,
    summary_path TEXT,
    spool_complete INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX runs_by_account ON runs (account_key, created_at);
  CREATE INDEX runs_by_content ON runs (account_key, file_sha256, mapping_sha256, created_at);

  CREATE TABLE spool (
    run_id TEXT NOT NULL,
    product_key TEXT NOT NULL,
    first_row INTEGER NOT NULL,
    content_hash TEXT,
    data_json TEXT NOT NULL
  );
  CREATE UNIQUE INDEX spool_by_key ON spool (run_id, product_key);
  CREATE INDEX spool_by_row ON spool (run_id, first_row);

  -- A rowid table: request bodies make rows large, which WITHOUT ROWID tables handle badly.
  CREATE TABLE batches (
    run_id TEXT NOT NULL,
    batch_index INTEGER NOT NULL,
    status TEXT NOT NULL,
    product_keys_json TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    request_body BLOB,
    job_id INTEGER,
    info_url TEXT,
    queued_at TEXT,
    received_items INTEGER,
    http_status INTEGER,
    error TEXT,
    retryable INTEGER,
    sent_at TEXT,
    accepted_at TEXT,
    finished_at TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (run_id, batch_index)
  );

  CREATE TABLE product_results (
    run_id TEXT NOT NULL,
    product_key TEXT NOT NULL,
    batch_index INTEGER NOT NULL,
    position INTEGER NOT NULL,
    status TEXT NOT NULL,
    product_id INTEGER,
    skus_json TEXT NOT NULL,
    errors_json TEXT NOT NULL,
    PRIMARY KEY (run_id, product_key)
  ) WITHOUT ROWID;
  CREATE INDEX product_results_by_batch ON product_results (run_id, batch_index, position);
  `,
  // The draft apart from the rest of a spooled product: building requests reads drafts only, and
  // the records kept beside them are as large again. Rows spooled before keep the draft in
  // data_json (draft_json NULL) and are read from there.
  `
  ALTER TABLE spool ADD COLUMN draft_json TEXT;
  `,
  // The clocks of a request (issue 34): the boot and the system's monotonic clock when it was
  // marked `sending` and when it was handed to fetch (`departed_*`, NULL while it never left),
  // so a resume on the same boot knows a request that never left and measures waits without the
  // wall clock; how many runs in a row its job was unknown to the service (404).
  `
  ALTER TABLE batches ADD COLUMN sent_boot_id TEXT;
  ALTER TABLE batches ADD COLUMN sent_clock_ms REAL;
  ALTER TABLE batches ADD COLUMN departed_at TEXT;
  ALTER TABLE batches ADD COLUMN departed_clock_ms REAL;
  ALTER TABLE batches ADD COLUMN job_missing_count INTEGER NOT NULL DEFAULT 0;

  -- What a settle of requests of unknown fate learnt so far, so a settle stopped half-way
  -- continues: 'found' a barcode on the service (value: its product and SKU ids), 'searched' a
  -- search term asked of the list. Emptied when a settle completes.
  CREATE TABLE settle_progress (
    account_key TEXT NOT NULL,
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    value_json TEXT,
    PRIMARY KEY (account_key, kind, key)
  ) WITHOUT ROWID;
  `,
];

/** The schema version this code writes and understands. */
export const STATE_SCHEMA_VERSION = STATE_MIGRATIONS.length;
