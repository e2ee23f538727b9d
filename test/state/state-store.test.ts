import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { StateError } from '../../src/core/errors.js';
import { buildAccountKey, normalizeBaseUrl } from '../../src/state/account-key.js';
import { openStateStore } from '../../src/state/open-state-store.js';
import { compressRequestBody } from '../../src/state/request-journal.js';
import { STATE_MIGRATIONS, STATE_SCHEMA_VERSION } from '../../src/state/state-schema.js';
import type { SpooledProduct } from '../../src/state/types.js';
import { LIVE, SANDBOX, makeClock, makeItem, makeRun, makeTempDir, openTestStore } from './state-test-kit.js';

function makeSpooled(productKey: string, firstRow: number, contentHash: string | null = `hash-${productKey}`): SpooledProduct {
  return {
    productKey,
    firstRow,
    rows: [{ file: 'catalog.xlsx', sheet: 'Товары', row: firstRow }],
    draft: {
      productKey,
      rows: [{ file: 'catalog.xlsx', sheet: 'Товары', row: firstRow }],
      skuKeys: [`${productKey}-1`],
      skuRows: [{ file: 'catalog.xlsx', sheet: 'Товары', row: firstRow }],
      item: makeItem(),
    },
    issues: [],
    contentHash,
  };
}

describe('openStateStore', () => {
  it('creates a private directory and database file, in WAL mode with synchronous FULL', async () => {
    const root = await makeTempDir();
    const dir = join(root, 'nested', '.catalog-import');
    const store = openTestStore(dir);
    expect(store.path).toBe(join(dir, 'state.sqlite'));
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
    store.createRun(makeRun()); // a write makes the -wal file exist
    expect(statSync(`${store.path}-wal`).mode & 0o777).toBe(0o600);

    const probe = new Database(store.path, { readonly: true });
    try {
      expect(probe.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(probe.prepare('SELECT version FROM schema_version').pluck().get()).toBe(STATE_SCHEMA_VERSION);
    } finally {
      probe.close();
    }
  });

  it('derives the account key from the normalised base URL and the client id', async () => {
    const dir = await makeTempDir();
    const store = openTestStore(dir, { baseUrl: 'HTTPS://Seller-API.teez.kz:443/', clientId: 'seller-1' });
    expect(normalizeBaseUrl('HTTPS://Seller-API.teez.kz:443/')).toBe('https://seller-api.teez.kz');
    expect(store.accountKey).toBe(buildAccountKey(LIVE));
    expect(store.accountKey).toMatch(/^[0-9a-f]{64}$/);
    expect(buildAccountKey({ ...LIVE, clientId: 'seller-2' })).not.toBe(store.accountKey);
    expect(buildAccountKey({ ...LIVE, baseUrl: 'https://seller-api.teez.kz/api/external' })).not.toBe(store.accountKey);
  });

  it('refuses a corrupt database with a StateError that says what to do', async () => {
    const dir = await makeTempDir();
    writeFileSync(join(dir, 'state.sqlite'), 'this is not a database, just some text that is long enough '.repeat(40));
    expect(() => openStateStore({ dir, account: SANDBOX, now: makeClock().now })).toThrow(StateError);
    expect(() => openStateStore({ dir, account: SANDBOX, now: makeClock().now })).toThrow(/corrupt or not a catalog-import state file/);
  });

  it('refuses a database written by a newer version', async () => {
    const dir = await makeTempDir();
    openStateStore({ dir, account: SANDBOX, now: makeClock().now }).close();
    const db = new Database(join(dir, 'state.sqlite'));
    db.prepare('UPDATE schema_version SET version = ?').run(STATE_SCHEMA_VERSION + 1);
    db.close();
    expect(() => openStateStore({ dir, account: SANDBOX, now: makeClock().now })).toThrow(
      new RegExp(`newer catalog-import \\(schema version ${STATE_SCHEMA_VERSION + 1}`),
    );
  });

  it('fails with a StateError when another process holds the database locked', async () => {
    const dir = await makeTempDir();
    const holder = new Database(join(dir, 'state.sqlite'));
    holder.pragma('journal_mode = WAL');
    holder.exec('BEGIN IMMEDIATE; CREATE TABLE held (x);');
    try {
      expect(() => openStateStore({ dir, account: SANDBOX, now: makeClock().now, busyTimeoutMs: 50 })).toThrow(
        /locked by another process/,
      );
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
    const store = openTestStore(dir);
    expect(store.countKnownProducts()).toBe(0);
  });

  it('turns SQLite failures during use into StateError', async () => {
    const dir = await makeTempDir();
    const store = openStateStore({ dir, account: SANDBOX, now: makeClock().now, busyTimeoutMs: 50 });
    const { runId } = store.createRun(makeRun());
    const holder = new Database(store.path);
    holder.exec('BEGIN IMMEDIATE');
    try {
      const attempt = (): void => store.setRunStatus(runId, 'finished');
      expect(attempt).toThrow(StateError);
      expect(attempt).toThrow(/cannot set run status .* locked by another process/);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
      store.close();
    }
  });
});

describe('id memory', () => {
  it('remembers the ids of accepted products, looked up one by one or many at once', async () => {
    const store = openTestStore(await makeTempDir());
    expect(store.getProductIds('A-1')).toBeUndefined();
    store.recordAccepted([
      { productKey: 'A-1', productId: 1001, contentHash: 'h1', runId: null, skus: [{ skuKey: 'A-1-red', skuId: 5001, barcode: '111' }, { skuKey: 'A-1-blue', skuId: 5002, barcode: '222' }] },
      { productKey: 'A-2', productId: 1002, contentHash: null, runId: null, skus: [] },
    ]);
    expect(store.getProductIds('A-1')).toMatchObject({ productId: 1001, contentHash: 'h1', skus: new Map([['A-1-red', 5001], ['A-1-blue', 5002]]) });
    expect(store.getProductIds('A-2')).toMatchObject({ productId: 1002, contentHash: null, skus: new Map() });
    expect(store.countKnownProducts()).toBe(2);

    // More keys than one lookup chunk, most of them unknown.
    const keys = ['A-2', ...Array.from({ length: 2500 }, (_, i) => `X-${i}`), 'A-1'];
    const many = store.getProductIdsMany(keys);
    expect([...many.keys()].sort()).toEqual(['A-1', 'A-2']);
    expect(many.get('A-1')?.skus.get('A-1-blue')).toBe(5002);
    expect(store.getProductIdsMany([]).size).toBe(0);
  });

  it('keeps SKUs not listed again, updates those listed, and forgets SKUs when the product id changes', async () => {
    const clock = makeClock();
    const store = openTestStore(await makeTempDir(), SANDBOX, clock.now);
    store.recordAccepted([{ productKey: 'A', productId: 1, contentHash: 'h1', runId: null, skus: [{ skuKey: 'A-1', skuId: 11, barcode: '111' }, { skuKey: 'A-2', skuId: 12, barcode: '222' }] }]);
    clock.advance(1000);
    store.recordAccepted([{ productKey: 'A', productId: 1, contentHash: 'h2', runId: null, skus: [{ skuKey: 'A-3', skuId: 13, barcode: '333' }] }]);
    expect(store.getProductIds('A')).toMatchObject({ productId: 1, contentHash: 'h2', skus: new Map([['A-1', 11], ['A-2', 12], ['A-3', 13]]) });

    store.recordAccepted([{ productKey: 'A', productId: 2, contentHash: 'h3', runId: null, skus: [{ skuKey: 'A-1', skuId: 21, barcode: '111' }] }]);
    expect(store.getProductIds('A')).toMatchObject({ productId: 2, contentHash: 'h3', skus: new Map([['A-1', 21]]) });
  });

  it('says which run learnt the ids, and a run that found them claims them without changing them', async () => {
    const store = openTestStore(await makeTempDir());
    const first = store.createRun(makeRun()).runId;
    const second = store.createRun(makeRun()).runId;
    store.recordAccepted([{ productKey: 'A', productId: 1, contentHash: 'h', runId: first, skus: [{ skuKey: 'A-1', skuId: 11, barcode: '111' }] }]);
    expect(store.getProductIds('A')).toEqual({ productId: 1, contentHash: 'h', learntBy: first, skus: new Map([['A-1', 11]]) });
    store.claimProductIds(['A', 'unknown-key'], second);
    expect(store.getProductIds('A')).toEqual({ productId: 1, contentHash: 'h', learntBy: second, skus: new Map([['A-1', 11]]) });
    expect(store.getProductIds('unknown-key')).toBeUndefined();
  });

  it('follows a SKU whose key the service confirmed changed (a corrected barcode): the old key and barcode are forgotten', async () => {
    const store = openTestStore(await makeTempDir());
    store.recordAccepted([{ productKey: 'A', productId: 1, contentHash: 'h1', runId: null, skus: [{ skuKey: '111', skuId: 11, barcode: '111' }, { skuKey: '222', skuId: 12, barcode: '222' }] }]);
    // The first SKU's barcode corrected to 333 (the barcode is its key), accepted as an update of SKU 11.
    store.recordAccepted([{ productKey: 'A', productId: 1, contentHash: 'h2', runId: null, skus: [{ skuKey: '333', skuId: 11, barcode: '333' }, { skuKey: '222', skuId: 12, barcode: '222' }] }]);
    expect(store.getProductIds('A')?.skus).toEqual(new Map([['333', 11], ['222', 12]]));
    expect(store.findProductKeyByBarcode('111')).toBeUndefined();
    expect(store.findProductKeyByBarcode('333')).toMatchObject({ productKey: 'A', skuKey: '333', skuId: 11 });
  });

  it('finds a SKU by barcode, the most recently recorded when several have it', async () => {
    const clock = makeClock();
    const store = openTestStore(await makeTempDir(), SANDBOX, clock.now);
    store.recordAccepted([{ productKey: 'A', productId: 1, contentHash: null, runId: null, skus: [{ skuKey: 'A-red', skuId: 11, barcode: '4601234567893' }] }]);
    expect(store.findProductKeyByBarcode('4601234567893')).toEqual({ productKey: 'A', skuKey: 'A-red', productId: 1, skuId: 11 });
    expect(store.findProductKeyByBarcode('0000')).toBeUndefined();
    clock.advance(1000);
    store.recordAccepted([{ productKey: 'B', productId: 2, contentHash: null, runId: null, skus: [{ skuKey: 'B-red', skuId: 21, barcode: '4601234567893' }] }]);
    expect(store.findProductKeyByBarcode('4601234567893')).toEqual({ productKey: 'B', skuKey: 'B-red', productId: 2, skuId: 21 });
  });

  it('replaces the whole id memory of the account on reconcile, and only of that account', async () => {
    const dir = await makeTempDir();
    const sandbox = openTestStore(dir, SANDBOX);
    const live = openTestStore(dir, LIVE);
    live.recordAccepted([{ productKey: 'L', productId: 900, contentHash: null, runId: null, skus: [] }]);
    sandbox.recordAccepted([
      { productKey: 'A', productId: 1, contentHash: 'h', runId: null, skus: [{ skuKey: 'A-1', skuId: 11, barcode: '111' }] },
      { productKey: 'B', productId: 2, contentHash: 'h', runId: null, skus: [] },
    ]);
    sandbox.replaceIdMemory([{ productKey: 'C', productId: 3, contentHash: null, runId: null, skus: [{ skuKey: 'C-1', skuId: 31, barcode: '111' }] }]);
    expect(sandbox.countKnownProducts()).toBe(1);
    expect(sandbox.getProductIds('A')).toBeUndefined();
    expect(sandbox.findProductKeyByBarcode('111')).toEqual({ productKey: 'C', skuKey: 'C-1', productId: 3, skuId: 31 });
    expect(live.getProductIds('L')?.productId).toBe(900);
  });

  it('keeps the ids of two accounts apart, even for the same seller keys', async () => {
    const dir = await makeTempDir();
    const sandbox = openTestStore(dir, SANDBOX);
    const live = openTestStore(dir, LIVE);
    const otherSeller = openTestStore(dir, { ...SANDBOX, clientId: 'seller-2' });
    expect(new Set([sandbox.accountKey, live.accountKey, otherSeller.accountKey]).size).toBe(3);

    sandbox.recordAccepted([{ productKey: 'A', productId: 1, contentHash: 's', runId: null, skus: [{ skuKey: 'A-1', skuId: 11, barcode: '111' }] }]);
    live.recordAccepted([{ productKey: 'A', productId: 777, contentHash: 'l', runId: null, skus: [{ skuKey: 'A-1', skuId: 7771, barcode: '111' }] }]);
    expect(sandbox.getProductIds('A')?.productId).toBe(1);
    expect(live.getProductIds('A')?.productId).toBe(777);
    expect(otherSeller.getProductIds('A')).toBeUndefined();
    expect(otherSeller.findProductKeyByBarcode('111')).toBeUndefined();
    expect(live.findProductKeyByBarcode('111')?.skuId).toBe(7771);

    const { runId } = sandbox.createRun(makeRun());
    expect(sandbox.getRun(runId)?.runId).toBe(runId);
    expect(live.getRun(runId)).toBeUndefined();
    expect(live.listRuns()).toEqual([]);
    expect(() => live.planBatches(runId, [{ index: 0, productKeys: ['A'], requestHash: 'r' }])).toThrow(StateError);
    expect(() => live.spoolProducts(runId, [makeSpooled('A', 2)])).toThrow(/does not exist in the local state of this account/);
    expect(() => live.setRunStatus(runId, 'finished')).toThrow(StateError);
  });

  it('survives closing and reopening', async () => {
    const dir = await makeTempDir();
    const first = openStateStore({ dir, account: SANDBOX, now: makeClock().now });
    first.recordAccepted([{ productKey: 'A', productId: 1, contentHash: 'h', runId: null, skus: [{ skuKey: 'A-1', skuId: 11, barcode: '111' }] }]);
    first.close();
    first.close();
    const second = openTestStore(dir);
    expect(second.getProductIds('A')).toMatchObject({ productId: 1, contentHash: 'h', skus: new Map([['A-1', 11]]) });
  });
});

describe('runs', () => {
  it('creates runs with sortable, readable ids from the clock and lists them newest first', async () => {
    const clock = makeClock('2026-11-22T15:30:12.345Z');
    const store = openTestStore(await makeTempDir(), SANDBOX, clock.now);
    const first = store.createRun(makeRun());
    expect(first.runId).toMatch(/^20261122-153012-[0-9a-f]{4}$/);
    const sameSecond = store.createRun(makeRun({ command: 'validate' }));
    expect(sameSecond.runId).not.toBe(first.runId);
    clock.advance(60_000);
    const later = store.createRun(makeRun({ file: 'other.csv' }));
    expect(later.runId.startsWith('20261122-153112-')).toBe(true);

    expect(store.listRuns().map((run) => run.runId)).toEqual([later.runId, sameSecond.runId, first.runId]);
    expect(store.listRuns({ limit: 1 }).map((run) => run.runId)).toEqual([later.runId]);
    expect(store.getRun(first.runId)).toEqual({
      ...makeRun(),
      runId: first.runId,
      accountKey: store.accountKey,
      status: 'running',
      createdAt: '2026-11-22T15:30:12.345Z',
      updatedAt: '2026-11-22T15:30:12.345Z',
      finishedAt: null,
      exitCode: null,
      summaryPath: null,
      spoolComplete: false,
      batchCounts: { planned: 0, sending: 0, accepted: 0, failed: 0, unknown: 0, done: 0 },
    });
    expect(store.getRun('20990101-000000-0000')).toBeUndefined();
  });

  it('moves runs through their statuses and counts their batches per status', async () => {
    const clock = makeClock();
    const store = openTestStore(await makeTempDir(), SANDBOX, clock.now);
    const { runId } = store.createRun(makeRun());
    store.planBatches(runId, [0, 1, 2].map((index) => ({ index, productKeys: [`P${index}`], requestHash: `r${index}` })));
    store.markBatchesSending(runId, [{ index: 1, gzippedBody: await compressRequestBody('{}') }]);
    store.markBatchFailed(runId, 2, { error: 'HTTP 400', httpStatus: 400, retryable: false });
    store.markSpoolComplete(runId);
    clock.advance(5000);
    store.setRunStatus(runId, 'finished', { exitCode: 1, summaryPath: 'reports/run/summary.json' });
    const run = store.getRun(runId);
    expect(run).toMatchObject({
      status: 'finished',
      exitCode: 1,
      summaryPath: 'reports/run/summary.json',
      finishedAt: '2026-11-22T15:30:17.000Z',
      updatedAt: '2026-11-22T15:30:17.000Z',
      spoolComplete: true,
      batchCounts: { planned: 1, sending: 1, accepted: 0, failed: 1, unknown: 0, done: 0 },
    });
    expect(store.listRuns()[0]?.batchCounts.failed).toBe(1);

    store.setRunStatus(runId, 'running');
    expect(store.getRun(runId)).toMatchObject({ status: 'running', finishedAt: null, exitCode: 1, summaryPath: 'reports/run/summary.json' });
    expect(() => store.setRunStatus('nope', 'failed')).toThrow(StateError);
  });

  it('finds the latest unfinished import of the same file and mapping content', async () => {
    const clock = makeClock();
    const store = openTestStore(await makeTempDir(), SANDBOX, clock.now);
    const fileSha256 = 'a'.repeat(64);
    const mappingSha256 = 'b'.repeat(64);
    expect(store.findResumableRun(fileSha256, mappingSha256)).toBeUndefined();

    const older = store.createRun(makeRun({ fileSha256, mappingSha256 }));
    store.setRunStatus(older.runId, 'interrupted');
    clock.advance(1000);
    const newer = store.createRun(makeRun({ fileSha256, mappingSha256 }));
    store.setRunStatus(newer.runId, 'failed', { exitCode: 3 });
    clock.advance(1000);
    const finished = store.createRun(makeRun({ fileSha256, mappingSha256 }));
    store.setRunStatus(finished.runId, 'finished');
    clock.advance(1000);
    store.createRun(makeRun({ fileSha256, mappingSha256, command: 'validate' }));
    store.createRun(makeRun({ fileSha256, mappingSha256: 'c'.repeat(64) }));

    expect(store.findResumableRun(fileSha256, mappingSha256)?.runId).toBe(newer.runId);
    expect(store.findResumableRun(fileSha256, mappingSha256, { commands: ['validate'] })?.command).toBe('validate');
    store.setRunStatus(newer.runId, 'finished');
    expect(store.findResumableRun(fileSha256, mappingSha256)?.runId).toBe(older.runId);

    const live = openTestStore(store.path.replace(/\/state\.sqlite$/, ''), LIVE);
    expect(live.findResumableRun(fileSha256, mappingSha256)).toBeUndefined();
  });
});

describe('product spool', () => {
  it('returns spooled products ordered by first row, across pages, and survives reopening', async () => {
    const dir = await makeTempDir();
    const store = openStateStore({ dir, account: SANDBOX, now: makeClock().now });
    const { runId } = store.createRun(makeRun());
    const rows = Array.from({ length: 1203 }, (_, i) => i + 2);
    // Spooled in a scrambled order; read back by first row.
    const scrambled = rows.map((row, i) => rows[(i * 7) % rows.length] ?? row);
    expect(new Set(scrambled).size).toBe(rows.length);
    store.spoolProducts(runId, scrambled.map((row) => makeSpooled(`P${row}`, row)));
    store.spoolProducts(runId, [makeSpooled('late', 1)]);
    expect([...store.iterateSpooledProducts(runId)].length).toBe(1204);
    store.close();

    const reopened = openTestStore(dir);
    const read = [...reopened.iterateSpooledProducts(runId)];
    expect(read.map((entry) => entry.firstRow)).toEqual([1, ...rows]);
    expect(read[1]).toEqual(makeSpooled('P2', 2));
  });

  it('keeps spool order among equal first rows and lets the caller write while iterating', async () => {
    const store = openTestStore(await makeTempDir());
    const { runId } = store.createRun(makeRun());
    store.spoolProducts(runId, ['b', 'a', 'c'].map((key) => makeSpooled(key, 5)));
    store.spoolProducts(runId, Array.from({ length: 600 }, (_, i) => makeSpooled(`Q${i}`, 10 + i)));
    store.planBatches(runId, [{ index: 0, productKeys: [], requestHash: 'r' }]);
    const seen: string[] = [];
    for (const entry of store.iterateSpooledProducts(runId)) {
      seen.push(entry.productKey);
      // Writing between items must not break the iteration (no live cursor is held).
      if (seen.length === 1) store.markBatchesSending(runId, [{ index: 0, gzippedBody: await compressRequestBody('{"products":[]}') }]);
      if (seen.length === 2) store.spoolProducts(runId, [makeSpooled('b', 5, 'changed')]);
    }
    expect(seen.slice(0, 3)).toEqual(['b', 'a', 'c']);
    expect(seen).toHaveLength(603);
    expect(store.getSpooledProduct(runId, 'b')?.contentHash).toBe('changed');
  });

  it('takes a spooled product out (to rebuild it) and keeps runs apart', async () => {
    const store = openTestStore(await makeTempDir());
    const first = store.createRun(makeRun());
    const second = store.createRun(makeRun());
    store.spoolProducts(first.runId, [makeSpooled('A', 2)]);
    store.spoolProducts(second.runId, [makeSpooled('A', 9, 'other')]);
    const withIssue = { ...makeSpooled('B', 3, null), draft: null, issues: [{ code: 'unknown_brand', severity: 'error' as const, stage: 'map' as const, message: 'brand "X" is not in the directory', row: 3, column: 'D' }] };
    store.spoolProducts(first.runId, [withIssue]);

    expect(store.takeSpooledProduct(first.runId, 'A')).toEqual(makeSpooled('A', 2));
    expect(store.takeSpooledProduct(first.runId, 'A')).toBeUndefined();
    expect(store.getSpooledProduct(second.runId, 'A')?.contentHash).toBe('other');
    expect([...store.iterateSpooledProducts(first.runId)]).toEqual([withIssue]);
    expect([...store.iterateSpooledProducts(second.runId)].map((entry) => entry.firstRow)).toEqual([9]);

    expect(store.clearSpool(first.runId)).toBe(1);
    expect([...store.iterateSpooledProducts(first.runId)].length).toBe(0);
    expect([...store.iterateSpooledProducts(second.runId)].length).toBe(1);
  });

  it('keeps only the spooled products of the given keys, in one run, leaving other runs alone', async () => {
    const store = openTestStore(await makeTempDir());
    const first = store.createRun(makeRun());
    const second = store.createRun(makeRun());
    store.spoolProducts(first.runId, ['A', 'B', 'C', 'D'].map((key, i) => makeSpooled(key, i + 2)));
    store.spoolProducts(second.runId, [makeSpooled('B', 9)]);
    expect(store.keepSpooledProducts(first.runId, new Set(['A', 'B', 'C', 'D']))).toBe(0);
    expect(store.keepSpooledProducts(first.runId, new Set(['A', 'C']))).toBe(2);
    expect([...store.iterateSpooledProducts(first.runId)].map((entry) => entry.productKey)).toEqual(['A', 'C']);
    expect([...store.iterateSpooledProducts(second.runId)].length).toBe(1);
  });

  it('migrates a version 1 state and still reads products spooled with the draft inside their data', async () => {
    const dir = await makeTempDir();
    const v1 = new Database(join(dir, 'state.sqlite'));
    v1.exec(STATE_MIGRATIONS[0] ?? '');
    v1.exec('CREATE TABLE schema_version (version INTEGER NOT NULL); INSERT INTO schema_version (version) VALUES (1)');
    v1.close();

    const store = openTestStore(dir);
    const { runId } = store.createRun(makeRun());
    store.spoolProducts(runId, [makeSpooled('new', 3)]);
    // A product as version 1 spooled it: the draft inside data_json, no draft column value.
    const old = makeSpooled('old', 2);
    const db = new Database(store.path);
    try {
      expect(db.prepare('SELECT version FROM schema_version').pluck().get()).toBe(STATE_SCHEMA_VERSION);
      db.prepare('INSERT INTO spool (run_id, product_key, first_row, content_hash, data_json) VALUES (?, ?, ?, ?, ?)').run(
        runId, 'old', 2, old.contentHash, JSON.stringify({ rows: old.rows, draft: old.draft, issues: old.issues }),
      );
    } finally {
      db.close();
    }

    expect(store.getSpooledProduct(runId, 'old')).toEqual(old);
    expect([...store.iterateSpooledProducts(runId)]).toEqual([old, makeSpooled('new', 3)]);
    expect([...store.iterateSpooledDrafts(runId)].map((entry) => [entry.productKey, entry.draft])).toEqual([['old', old.draft], ['new', makeSpooled('new', 3).draft]]);
  });

  it('reads back only the drafts, in spool order across pages, as they were spooled', async () => {
    const store = openTestStore(await makeTempDir());
    const { runId } = store.createRun(makeRun());
    // Text the JSON cut must give back exactly: escapes, non-Latin letters, a lone surrogate.
    const odd = makeSpooled('odd', 4);
    const oddItem = { ...makeItem(), name: { rus: 'Кружка "Утро"\n\\ 😀 \u2028', kaz: '\ud800 жалғыз' } };
    const oddDraft = { ...(odd.draft as NonNullable<SpooledProduct['draft']>), item: oddItem };
    store.spoolProducts(runId, [
      ...Array.from({ length: 700 }, (_, i) => makeSpooled(`P${i}`, 10 + i)),
      { ...odd, draft: oddDraft, records: [{ mapped: 'kept in the spool, not read back' }] },
      { ...makeSpooled('bad', 3, null), draft: null, issues: [{ code: 'unknown_brand', severity: 'error', stage: 'map', message: 'no brand', row: 3 }] },
    ]);

    const drafts = [...store.iterateSpooledDrafts(runId)];
    expect(drafts.map((entry) => entry.productKey)).toEqual([...store.iterateSpooledProducts(runId)].filter((p) => p.draft).map((p) => p.productKey));
    expect(drafts).toHaveLength(701);
    expect(drafts[0]).toEqual({ productKey: 'odd', firstRow: 4, draft: oddDraft, contentHash: 'hash-odd' });
    expect(drafts[700]).toEqual({ productKey: 'P699', firstRow: 709, draft: makeSpooled('P699', 709).draft, contentHash: 'hash-P699' });
  });
});

describe('request journal', () => {
  it('plans batches idempotently and refuses to re-plan a batch that may have been sent', async () => {
    const store = openTestStore(await makeTempDir());
    const { runId } = store.createRun(makeRun());
    const plan = [
      { index: 0, productKeys: ['A', 'B'], requestHash: 'r0' },
      { index: 1, productKeys: ['C'], requestHash: 'r1' },
    ];
    store.planBatches(runId, plan);
    store.markBatchesSending(runId, [{ index: 0, gzippedBody: await compressRequestBody('{"products":[1]}') }]);
    store.planBatches(runId, plan);
    expect(store.listBatches(runId).map((b) => [b.index, b.status, b.productKeys, b.requestHash])).toEqual([
      [0, 'sending', ['A', 'B'], 'r0'],
      [1, 'planned', ['C'], 'r1'],
    ]);

    store.planBatches(runId, [{ index: 1, productKeys: ['C', 'D'], requestHash: 'r1b' }]);
    expect(store.listBatches(runId)[1]).toMatchObject({ productKeys: ['C', 'D'], requestHash: 'r1b', status: 'planned' });
    expect(() => store.planBatches(runId, [{ index: 0, productKeys: ['A'], requestHash: 'other' }])).toThrow(/may have reached the service/);
    // The refused plan left nothing half-done (one transaction).
    expect(store.listBatches(runId)[0]?.requestHash).toBe('r0');
  });

  it('records each step of a batch, from sending to done, with the request body and the answer', async () => {
    const clock = makeClock();
    const store = openTestStore(await makeTempDir(), SANDBOX, clock.now);
    const { runId } = store.createRun(makeRun());
    store.planBatches(runId, [{ index: 0, productKeys: ['A', 'B'], requestHash: 'r0' }]);
    expect(store.listBatches(runId)[0]).toEqual({
      index: 0, status: 'planned', productKeys: ['A', 'B'], requestHash: 'r0', jobId: null, infoUrl: null, queuedAt: null,
      receivedItems: null, httpStatus: null, error: null, retryable: null, sentAt: null, acceptedAt: null, finishedAt: null, attempts: 0,
      sentClock: null, departedAt: null, departedClockMs: null, jobMissingCount: 0,
    });

    const body = JSON.stringify({ products: [makeItem(), makeItem({ vat: 0 })] });
    store.markBatchesSending(runId, [{ index: 0, gzippedBody: await compressRequestBody(body) }]);
    expect(store.getBatchRequestBody(runId, 0)).toBe(body);
    store.markBatchUnknown(runId, 0, 'socket hang up');
    expect(store.listBatches(runId)[0]).toMatchObject({ status: 'unknown', error: 'socket hang up', attempts: 1 });
    store.markBatchFailed(runId, 0, { httpStatus: 503, error: 'HTTP 503', retryable: true });
    expect(store.listBatches(runId)[0]).toMatchObject({ status: 'failed', httpStatus: 503, retryable: true });
    store.markBatchFailed(runId, 0, { error: 'ECONNREFUSED', retryable: false });
    expect(store.listBatches(runId)[0]).toMatchObject({ status: 'failed', httpStatus: null, retryable: false });

    clock.advance(1000);
    store.markBatchesSending(runId, [{ index: 0, gzippedBody: await compressRequestBody(body) }]);
    clock.advance(1000);
    store.markBatchAccepted(runId, 0, { jobId: '42', infoUrl: '/info?jobId=42', queuedAt: '2026-11-22T15:30:14Z', receivedItems: 2, httpStatus: 202 });
    expect(store.listBatches(runId)[0]).toMatchObject({
      status: 'accepted', jobId: '42', infoUrl: '/info?jobId=42', receivedItems: 2, httpStatus: 202, error: null, retryable: null,
      attempts: 2, sentAt: '2026-11-22T15:30:13.000Z', acceptedAt: '2026-11-22T15:30:14.000Z',
    });

    store.spoolProducts(runId, [makeSpooled('A', 2, 'spooled-hash-A')]);
    clock.advance(1000);
    store.recordJobResults(runId, [
      {
        index: 0,
        results: [
          { position: 0, productKey: 'A', status: 'accepted', productId: 1001, skus: [{ skuKey: 'A-1', skuId: 5001, barcode: '111' }, { skuKey: 'A-2', skuId: null, barcode: '222' }], errors: [] },
          { position: 1, productKey: 'B', status: 'rejected', productId: null, skus: [{ skuKey: 'B-1', skuId: null, barcode: '333' }], errors: [{ field: 'skus[0].barcode', code: 'DUPLICATE', message: 'barcode already used' }] },
        ],
      },
    ]);
    expect(store.listBatches(runId)[0]).toMatchObject({ status: 'done', finishedAt: '2026-11-22T15:30:15.000Z' });
    const results = store.listProductResults(runId);
    expect([...results.keys()]).toEqual(['A', 'B']);
    expect(results.get('B')).toEqual({
      productKey: 'B', batchIndex: 0, position: 1, status: 'rejected', productId: null,
      skus: [{ skuKey: 'B-1', skuId: null, barcode: '333' }],
      errors: [{ field: 'skus[0].barcode', code: 'DUPLICATE', message: 'barcode already used' }],
    });
    // Accepted ids are remembered in the same transaction, with the spooled content hash.
    expect(store.getProductIds('A')).toMatchObject({ productId: 1001, contentHash: 'spooled-hash-A', skus: new Map([['A-1', 5001]]) });
    expect(store.getProductIds('B')).toBeUndefined();
    expect(store.getRun(runId)?.batchCounts.done).toBe(1);
  });

  it('uses the content hash given with a job result over the spooled one', async () => {
    const store = openTestStore(await makeTempDir());
    const { runId } = store.createRun(makeRun());
    store.planBatches(runId, [{ index: 0, productKeys: ['A'], requestHash: 'r0' }]);
    store.recordJobResults(runId, [{ index: 0, results: [{ position: 0, productKey: 'A', status: 'accepted', productId: 7, skus: [], errors: [], contentHash: 'given' }] }]);
    expect(store.getProductIds('A')?.contentHash).toBe('given');
  });

  it('refuses steps of a batch that was never planned, and leaves nothing half-recorded', async () => {
    const store = openTestStore(await makeTempDir());
    const { runId } = store.createRun(makeRun());
    const unplanned = await compressRequestBody('{}');
    expect(() => store.markBatchesSending(runId, [{ index: 3, gzippedBody: unplanned }])).toThrow(/batch 3 of run .* was never planned/);
    expect(() => store.markBatchAccepted(runId, 3, { jobId: '1', infoUrl: null, queuedAt: null, receivedItems: null, httpStatus: 202 })).toThrow(StateError);
    expect(() => store.markBatchUnknown(runId, 3, 'x')).toThrow(StateError);
    expect(() =>
      store.recordJobResults(runId, [{ index: 3, results: [{ position: 0, productKey: 'A', status: 'accepted', productId: 1, skus: [], errors: [] }] }]),
    ).toThrow(StateError);
    expect(store.getProductIds('A')).toBeUndefined();
    expect(store.listProductResults(runId).size).toBe(0);
    expect(store.getBatchRequestBody(runId, 3)).toBeUndefined();
  });

  it('records the results of several jobs in one transaction: all of them, or none when one batch was never planned', async () => {
    const store = openTestStore(await makeTempDir());
    const { runId } = store.createRun(makeRun());
    store.planBatches(runId, [
      { index: 0, productKeys: ['A'], requestHash: 'r0' },
      { index: 1, productKeys: ['B'], requestHash: 'r1' },
    ]);
    const accepted = (productKey: string, productId: number) => [{ position: 0, productKey, status: 'accepted' as const, productId, skus: [{ skuKey: `${productKey}-1`, skuId: productId * 10, barcode: productKey }], errors: [], contentHash: `h-${productKey}` }];

    expect(() => store.recordJobResults(runId, [{ index: 0, results: accepted('A', 1) }, { index: 3, results: accepted('C', 3) }])).toThrow(/batch 3 of run .* was never planned/);
    expect(store.getProductIds('A')).toBeUndefined();
    expect(store.listProductResults(runId).size).toBe(0);
    expect(store.listBatches(runId).map((b) => b.status)).toEqual(['planned', 'planned']);

    store.recordJobResults(runId, [{ index: 0, results: accepted('A', 1) }, { index: 1, results: accepted('B', 2) }]);
    expect(store.listBatches(runId).map((b) => b.status)).toEqual(['done', 'done']);
    expect([...store.listProductResults(runId).values()].map((r) => [r.productKey, r.batchIndex, r.productId])).toEqual([['A', 0, 1], ['B', 1, 2]]);
    expect(store.getProductIds('B')).toMatchObject({ productId: 2, contentHash: 'h-B', skus: new Map([['B-1', 20]]) });
  });
});
