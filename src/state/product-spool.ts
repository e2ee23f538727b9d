/**
 * The product spool: each run's built products on disk, so that a 500,000-row import need not
 * hold them in memory. A resume reads the file again and replaces them (`keepSpooledProducts`
 * drops those it did not read); the spool is never replayed instead of reading.
 */
import type { StoreContext } from './store-context.js';
import { toStateError } from './store-context.js';
import type { ProductDraft } from '../core/types.js';
import type { SpooledDraft, SpooledProduct, StateStore } from './types.js';

/** Products read per query while iterating. */
const PAGE_SIZE = 500;

/** The spool part of a `StateStore`. */
type ProductSpool = Pick<
  StateStore,
  | 'spoolProducts'
  | 'takeSpooledProduct'
  | 'getSpooledProduct'
  | 'iterateSpooledProducts'
  | 'iterateSpooledDrafts'
  | 'clearSpool'
  | 'keepSpooledProducts'
>;

/**
 * What `data_json` holds; the key, first row and draft have their own columns. A product spooled
 * before the draft had its column (schema version 1) has its draft here.
 */
type SpoolData = Pick<SpooledProduct, 'rows' | 'issues' | 'records'> & { draft?: SpooledProduct['draft'] };

interface SpoolRow {
  rowid: number;
  product_key: string;
  first_row: number;
  content_hash: string | null;
  data_json: string;
  draft_json: string | null;
}

/** A spool row with only its draft's JSON (null for a product without one). */
interface DraftRow {
  rowid: number;
  product_key: string;
  first_row: number;
  content_hash: string | null;
  draft_json: string | null;
}

/** Where a keyset page ends: the next page starts after it. */
interface PageRow {
  rowid: number;
  first_row: number;
}

/** The spool's SQL, prepared once per store. */
function prepareSpoolStatements(db: StoreContext['db']) {
  return {
    // The upsert keeps the rowid of a product spooled again, so it keeps its place among equal first rows.
    upsert: db.prepare<[string, string, number, string | null, string, string | null]>(`
    INSERT INTO spool (run_id, product_key, first_row, content_hash, data_json, draft_json) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (run_id, product_key) DO UPDATE SET
      first_row = excluded.first_row, content_hash = excluded.content_hash, data_json = excluded.data_json, draft_json = excluded.draft_json`),
    selectOne: db.prepare<[string, string], SpoolRow>('SELECT rowid, product_key, first_row, content_hash, data_json, draft_json FROM spool WHERE run_id = ? AND product_key = ?'),
    deleteOne: db.prepare<[string, string]>('DELETE FROM spool WHERE run_id = ? AND product_key = ?'),
    selectPage: db.prepare<[string, number, number, number], SpoolRow>(`
    SELECT rowid, product_key, first_row, content_hash, data_json, draft_json FROM spool
    WHERE run_id = ? AND (first_row, rowid) > (?, ?)
    ORDER BY first_row, rowid LIMIT ?`),
    // Only the draft: the records kept with it are as large again, and decoding and parsing them
    // cost the submit stage about as much as the draft itself. A row spooled before the draft had its
    // column has it in data_json, from which SQLite cuts it out.
    selectDraftPage: db.prepare<[string, number, number, number], DraftRow>(`
    SELECT rowid, product_key, first_row, content_hash, COALESCE(draft_json, data_json ->> '$.draft') AS draft_json FROM spool
    WHERE run_id = ? AND (first_row, rowid) > (?, ?)
    ORDER BY first_row, rowid LIMIT ?`),
    count: db.prepare<[string], number>('SELECT COUNT(*) FROM spool WHERE run_id = ?').pluck(),
    deleteAll: db.prepare<[string]>('DELETE FROM spool WHERE run_id = ?'),
    selectKeys: db.prepare<[string], string>('SELECT product_key FROM spool WHERE run_id = ?').pluck(),
  };
}

/**
 * The spool's rows in (first row, rowid) order, a page at a time (`select` gives the page after a
 * place), never a live cursor: the caller may write to the store between items, which
 * better-sqlite3 refuses while a statement is iterating.
 */
function* iterateSpoolPages<R extends PageRow>(ctx: StoreContext, select: (afterRow: number, afterRowid: number) => R[]): Generator<R[]> {
  let afterRow = Number.MIN_SAFE_INTEGER;
  let afterRowid = Number.MIN_SAFE_INTEGER;
  for (;;) {
    let page: R[];
    try {
      page = select(afterRow, afterRowid);
    } catch (error) {
      throw toStateError(error, 'read the product spool', ctx.path);
    }
    yield page;
    const last = page.at(-1);
    if (last === undefined || page.length < PAGE_SIZE) return;
    afterRow = last.first_row;
    afterRowid = last.rowid;
  }
}

/** Creates the spool on an open store. */
export function createProductSpool(ctx: StoreContext): ProductSpool {
  const { db } = ctx;
  const { upsert, selectOne, deleteOne, selectPage, selectDraftPage, count, deleteAll, selectKeys } = prepareSpoolStatements(db);

  const write = (runId: string, entry: SpooledProduct): void => {
    const data: SpoolData = { rows: entry.rows, issues: entry.issues, ...(entry.records ? { records: entry.records } : {}) };
    upsert.run(runId, entry.productKey, entry.firstRow, entry.contentHash, JSON.stringify(data), entry.draft === null ? null : JSON.stringify(entry.draft));
  };
  const writeMany = db.transaction((runId: string, entries: readonly SpooledProduct[]) => {
    for (const entry of entries) write(runId, entry);
  });
  // The keys are read whole before the first delete: better-sqlite3 refuses writes while a statement iterates.
  const keepOnly = db.transaction((runId: string, keep: ReadonlySet<string>) => {
    let removed = 0;
    for (const key of selectKeys.all(runId)) if (!keep.has(key)) removed += deleteOne.run(runId, key).changes;
    return removed;
  });
  const take = db.transaction((runId: string, productKey: string) => {
    const row = selectOne.get(runId, productKey);
    if (row !== undefined) deleteOne.run(runId, productKey);
    return row;
  });

  function* iterate(runId: string): Generator<SpooledProduct> {
    for (const page of iterateSpoolPages(ctx, (afterRow, afterRowid) => selectPage.all(runId, afterRow, afterRowid, PAGE_SIZE))) {
      for (const row of page) yield parseSpoolRow(row);
    }
  }

  function* iterateDrafts(runId: string): Generator<SpooledDraft> {
    for (const page of iterateSpoolPages(ctx, (afterRow, afterRowid) => selectDraftPage.all(runId, afterRow, afterRowid, PAGE_SIZE))) {
      for (const row of page) {
        if (row.draft_json === null) continue;
        yield { productKey: row.product_key, firstRow: row.first_row, draft: JSON.parse(row.draft_json) as ProductDraft, contentHash: row.content_hash };
      }
    }
  }

  return {
    spoolProducts: (runId, entries) => {
      ctx.requireRun(runId);
      writeMany(runId, entries);
    },
    takeSpooledProduct: (runId, productKey) => {
      ctx.requireRun(runId);
      const row = take(runId, productKey);
      return row === undefined ? undefined : parseSpoolRow(row);
    },
    getSpooledProduct: (runId, productKey) => {
      ctx.requireRun(runId);
      const row = selectOne.get(runId, productKey);
      return row === undefined ? undefined : parseSpoolRow(row);
    },
    iterateSpooledProducts: (runId) => {
      ctx.requireRun(runId);
      return iterate(runId);
    },
    iterateSpooledDrafts: (runId) => {
      ctx.requireRun(runId);
      return iterateDrafts(runId);
    },
    clearSpool: (runId) => {
      ctx.requireRun(runId);
      return deleteAll.run(runId).changes;
    },
    keepSpooledProducts: (runId, keep) => {
      ctx.requireRun(runId);
      // Every key kept is spooled: a spool no larger than `keep` has nothing else.
      if ((count.get(runId) ?? 0) <= keep.size) return 0;
      return keepOnly(runId, keep);
    },
  };
}

function parseSpoolRow(row: SpoolRow): SpooledProduct {
  const data = JSON.parse(row.data_json) as SpoolData;
  return {
    productKey: row.product_key,
    firstRow: row.first_row,
    rows: data.rows,
    draft: row.draft_json === null ? (data.draft ?? null) : (JSON.parse(row.draft_json) as ProductDraft),
    issues: data.issues,
    contentHash: row.content_hash,
    ...(data.records ? { records: data.records } : {}),
  };
}
