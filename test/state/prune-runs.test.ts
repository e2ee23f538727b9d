/**
 * `pruneRuns` over a temp state folder: the rule (keep the newest N, or the runs of the last D
 * days, or both), runs it never removes (in progress, requests of unknown outcome), a dry run that
 * changes nothing, and a removal that takes the rows and the report folders in the state folder,
 * keeps the ids the service gave, leaves report folders elsewhere, and shrinks the file.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashRequest } from '../../src/state/content-hash.js';
import { parsePruneAge, pruneRuns, selectRunsToPrune } from '../../src/state/prune-runs.js';
import { compressRequestBody } from '../../src/state/request-journal.js';
import type { RunRecord, SpooledProduct, StateStore } from '../../src/state/types.js';
import { makeClock, makeItem, makeRun, makeTempDir, openTestStore } from './state-test-kit.js';

const DAY = 24 * 3_600_000;

/** A spooled product whose description makes the rows weigh a few kB, as real ones do. */
function makeHeavySpooled(productKey: string, firstRow: number): SpooledProduct {
  const row = { file: 'catalog.xlsx', sheet: 'Товары', row: firstRow };
  const item = makeItem({ description: { rus: `<p>${'Хлопок 100%, плотная ткань. '.repeat(80)}</p>`, kaz: '' } });
  return { productKey, firstRow, rows: [row], draft: { productKey, rows: [row], skuKeys: [`${productKey}-1`], skuRows: [row], item }, issues: [], contentHash: `hash-${productKey}` };
}

/**
 * A run as an import leaves it: 40 products spooled, sent in two batches, accepted, its ids
 * remembered; `finished` with a report folder unless `end` says otherwise.
 */
async function addImport(store: StateStore, reportsRoot: string, end: 'finished' | 'sending' | 'running' = 'finished'): Promise<string> {
  const { runId } = store.createRun(makeRun({ reportDir: reportsRoot }));
  const products = Array.from({ length: 40 }, (_, i) => makeHeavySpooled(`${runId}-P${i}`, i + 2));
  store.spoolProducts(runId, products);
  const batches = [0, 1].map((index) => ({ index, productKeys: products.slice(index * 20, index * 20 + 20).map((p) => p.productKey) }));
  const bodies = batches.map((batch) => JSON.stringify({ products: batch.productKeys.map((key) => products.find((p) => p.productKey === key)?.draft?.item) }));
  store.planBatches(runId, batches.map((batch, i) => ({ ...batch, requestHash: hashRequest(bodies[i] ?? '') })));
  for (const [i, batch] of batches.entries()) store.markBatchesSending(runId, [{ index: batch.index, gzippedBody: await compressRequestBody(bodies[i] ?? '') }]);
  if (end === 'sending') {
    store.setRunStatus(runId, 'interrupted');
    return runId;
  }
  batches.forEach((batch) => store.markBatchAccepted(runId, batch.index, { jobId: String(batch.index + 1), infoUrl: null, queuedAt: null, receivedItems: 20, httpStatus: 202 }));
  store.recordAccepted(products.map((p, i) => ({ productKey: p.productKey, productId: 1_000_000 + i, skus: [{ skuKey: `${p.productKey}-1`, skuId: 5_000_000 + i, barcode: `46${String(i).padStart(11, '0')}` }], contentHash: p.contentHash, runId })));
  if (end === 'running') return runId;
  const folder = join(reportsRoot, runId);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'summary.json'), '{}');
  writeFileSync(join(folder, 'annotated.xlsx'), Buffer.alloc(50_000, 1));
  store.setRunStatus(runId, 'finished', { exitCode: 0, summaryPath: join(folder, 'summary.json') });
  return runId;
}

/** A run record as `listRuns` gives it, for the pure selection. */
function makeRecord(runId: string, createdAt: string, overrides: Partial<RunRecord> = {}): RunRecord {
  return {
    ...makeRun(),
    runId,
    accountKey: 'a',
    status: 'finished',
    createdAt,
    updatedAt: createdAt,
    finishedAt: createdAt,
    exitCode: 0,
    summaryPath: null,
    spoolComplete: true,
    batchCounts: { planned: 0, sending: 0, accepted: 0, failed: 0, unknown: 0, done: 2 },
    ...overrides,
  };
}

describe('selectRunsToPrune', () => {
  const now = new Date('2026-11-29T12:00:00Z');
  const runs = [40, 20, 10, 3, 1].map((daysAgo) => makeRecord(`r${daysAgo}`, new Date(now.getTime() - daysAgo * DAY).toISOString()));
  const removed = (rule: Parameters<typeof selectRunsToPrune>[1]): string[] => selectRunsToPrune(runs, rule, now).remove.map((run) => run.runId);

  it('--keep N removes all but the newest N, in any input order', () => {
    expect(removed({ keep: 2 })).toEqual(['r10', 'r20', 'r40']);
    expect(selectRunsToPrune([...runs].reverse(), { keep: 2 }, now).keep.map((run) => run.runId)).toEqual(['r1', 'r3']);
    expect(removed({ keep: 0 })).toHaveLength(5);
  });

  it('--older-than D removes only the runs started before now − D', () => {
    expect(removed({ olderThanMs: 15 * DAY })).toEqual(['r20', 'r40']);
  });

  it('both: a run is kept when either rule keeps it', () => {
    expect(removed({ keep: 4, olderThanMs: 15 * DAY })).toEqual(['r40']);
    expect(removed({ keep: 1, olderThanMs: 15 * DAY })).toEqual(['r20', 'r40']);
  });

  it('no rule removes nothing', () => {
    expect(removed({})).toEqual([]);
  });

  it('never removes a run in progress or one with requests of unknown outcome, and says why', () => {
    const busy = [
      makeRecord('running', '2026-01-01T00:00:00Z', { status: 'running' }),
      makeRecord('unknown', '2026-01-02T00:00:00Z', { status: 'interrupted', batchCounts: { planned: 0, sending: 0, accepted: 0, failed: 0, unknown: 1, done: 0 } }),
      makeRecord('planned', '2026-01-03T00:00:00Z', { status: 'interrupted', batchCounts: { planned: 3, sending: 0, accepted: 0, failed: 0, unknown: 0, done: 0 } }),
    ];
    const selection = selectRunsToPrune(busy, { keep: 0 }, now);
    expect(selection.protect.map(({ run, reason }) => [run.runId, reason])).toEqual([
      ['unknown', 'requests-of-unknown-fate'],
      ['running', 'in-progress'],
    ]);
    expect(selection.remove.map((run) => run.runId)).toEqual(['planned']);
  });
});

describe('parsePruneAge', () => {
  it('reads hours, days, weeks and bare days; refuses anything else', () => {
    expect([parsePruneAge('12h'), parsePruneAge('30d'), parsePruneAge('2w'), parsePruneAge('7')]).toEqual([12 * 3_600_000, 30 * DAY, 14 * DAY, 7 * DAY]);
    expect([parsePruneAge('30 days'), parsePruneAge('-1d'), parsePruneAge('')]).toEqual([undefined, undefined, undefined]);
  });
});

describe('pruneRuns over a state folder', () => {
  async function makeState(): Promise<{ dir: string; store: StateStore; runs: string[]; advance: (ms: number) => void; reportsRoot: string }> {
    const dir = await makeTempDir();
    const clock = makeClock('2026-10-01T09:00:00.000Z');
    const store = openTestStore(dir, undefined, clock.now);
    const reportsRoot = join(dir, 'runs');
    const runs: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      runs.push(await addImport(store, reportsRoot));
      clock.advance(DAY);
    }
    return { dir, store, runs, advance: clock.advance, reportsRoot };
  }

  it('dry by default: lists the runs and their bytes, changes nothing', async () => {
    const { dir, store, runs } = await makeState();
    const before = statSync(join(dir, 'state.sqlite')).size;
    const result = pruneRuns(store, { rule: { keep: 2 }, apply: false, stateDir: dir, now: new Date('2026-10-06T09:00:00Z') });
    expect(result.applied).toBe(false);
    expect(result.removed.map((run) => run.runId)).toEqual([runs[2], runs[1], runs[0]]);
    for (const run of result.removed) {
      expect(run.stateBytes).toBeGreaterThan(40 * 2000);
      expect(run.reportBytes).toBeGreaterThanOrEqual(50_000);
      expect(run.reportDirs).toEqual([join(dir, 'runs', run.runId)]);
    }
    expect(store.listRuns()).toHaveLength(5);
    expect(runs.every((runId) => existsSync(join(dir, 'runs', runId)))).toBe(true);
    expect(result.databaseBytesAfter).toBe(result.databaseBytesBefore);
    expect(statSync(join(dir, 'state.sqlite')).size).toBe(before);
  });

  it('--apply removes the rows and report folders, keeps the ids learnt, and shrinks the file', async () => {
    const { dir, store, runs } = await makeState();
    const result = pruneRuns(store, { rule: { keep: 1 }, apply: true, stateDir: dir, now: new Date('2026-10-06T09:00:00Z') });
    expect(result.removed).toHaveLength(4);
    expect(store.listRuns().map((run) => run.runId)).toEqual([runs[4]]);
    for (const runId of runs.slice(0, 4)) {
      expect([...store.iterateSpooledProducts(runId)].length).toBe(0);
      expect(store.listBatches(runId)).toEqual([]);
      expect(existsSync(join(dir, 'runs', runId))).toBe(false);
      // The ids the service gave stay: a later import of these products updates, never creates.
      expect(store.getProductIds(`${runId}-P0`)?.productId).toBe(1_000_000);
    }
    expect(existsSync(join(dir, 'runs', runs[4] ?? ''))).toBe(true);
    expect([...store.iterateSpooledProducts(runs[4] ?? '')].length).toBe(40);
    expect(result.databaseBytesAfter).toBeLessThan(result.databaseBytesBefore / 2);
    expect(statSync(join(dir, 'state.sqlite')).size).toBe(result.databaseBytesAfter);
  });

  it('keeps runs with requests of unknown outcome and runs in progress, and names report folders outside the state folder without removing them', async () => {
    const dir = await makeTempDir();
    const elsewhere = await makeTempDir();
    const store = openTestStore(dir);
    const outside = await addImport(store, elsewhere);
    const unknown = await addImport(store, join(dir, 'runs'), 'sending');
    const running = await addImport(store, join(dir, 'runs'), 'running');
    const result = pruneRuns(store, { rule: { keep: 0 }, apply: true, stateDir: dir, now: new Date('2027-01-01T00:00:00Z') });
    expect(result.removed.map((run) => [run.runId, run.reportDirs, run.outsideDirs])).toEqual([[outside, [], [join(elsewhere, outside)]]]);
    expect(existsSync(join(elsewhere, outside, 'summary.json'))).toBe(true);
    expect(result.protected).toEqual(expect.arrayContaining([
      { runId: unknown, reason: 'requests-of-unknown-fate' },
      { runId: running, reason: 'in-progress' },
    ]));
    expect(store.listRuns().map((run) => run.runId).sort()).toEqual([unknown, running].sort());
    expect(store.listBatches(unknown).map((batch) => batch.status)).toEqual(['sending', 'sending']);
  });

  it('touches only its own account: the same run ids asked by another seller remove nothing', async () => {
    const dir = await makeTempDir();
    const store = openTestStore(dir);
    const runId = await addImport(store, join(dir, 'runs'));
    const other = openTestStore(dir, { baseUrl: 'http://127.0.0.1:4010', clientId: 'seller-2' });
    expect(other.measureRuns([runId]).get(runId)).toBe(0);
    other.deleteRuns([runId]);
    expect(store.getRun(runId)?.status).toBe('finished');
    expect([...store.iterateSpooledProducts(runId)].length).toBe(40);
  });
});
