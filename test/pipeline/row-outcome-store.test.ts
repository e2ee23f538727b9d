import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createIssue } from '../../src/core/issue.js';
import { createProductKeyIndex } from '../../src/core/product-key-index.js';
import { createRowOutcomeStore } from '../../src/pipeline/row-outcome-store.js';
import { buildRunSummary } from '../../src/report/build-run-summary.js';
import { ROW_STATUSES, type RowOutcome } from '../../src/report/report-types.js';
import { openIssueSpill } from '../../src/pipeline/scratch/open-issue-spill.js';

describe('createRowOutcomeStore', () => {
  it('keeps statuses, ids and issues per row and grows past its capacity', () => {
    const store = createRowOutcomeStore({ initialCapacity: 4 });
    store.touch(2);
    store.setStatus(3, 'invalid');
    store.setStatus(5000, 'accepted');
    store.setIds(5000, { productId: 7, skuId: 70, jobId: '700' });
    const issue = createIssue({ code: 'x', severity: 'error', stage: 'validate', message: 'bad', row: 3 });
    store.addIssue(3, issue);
    expect(store.size()).toBe(3);
    expect([...store.rows()]).toEqual([2, 3, 5000]);
    expect(store.outcomeOf(5000)).toEqual({ row: 5000, status: 'accepted', productId: 7, skuId: 70, jobId: '700', issues: [] });
    expect(store.outcomeOf(3)?.issues).toEqual([issue]);
    expect(store.outcomeOf(4)).toBeUndefined();
    expect(store.counts()).toEqual({ valid: 1, invalid: 1, accepted: 1 });
    store.clearIssues(3, (i) => i === issue);
    expect(store.outcomeOf(3)?.issues).toEqual([]);
  });

  it('keeps ids set before and after the store grows, and clears them with null', () => {
    const store = createRowOutcomeStore({ initialCapacity: 4 });
    store.setStatus(2, 'valid');
    expect(store.outcomeOf(2)).toEqual({ row: 2, status: 'valid', issues: [] });
    store.setIds(3, { jobId: '9' });
    store.setIds(3000, { productId: 1, skuId: 2 });
    store.setIds(3, { productId: null, skuId: 5 });
    store.setIds(9000, { jobId: null });
    expect(store.outcomeOf(3)).toEqual({ row: 3, status: 'valid', skuId: 5, jobId: '9', issues: [] });
    expect(store.outcomeOf(3000)).toEqual({ row: 3000, status: 'valid', productId: 1, skuId: 2, issues: [] });
    store.setIds(3000, { productId: null });
    expect(store.outcomeOf(3000)?.productId).toBeUndefined();
    expect(store.outcomeOf(9000)).toEqual({ row: 9000, status: 'valid', issues: [] });
  });

  it('gives a spilled row the same outcome as a row kept in memory, as objects and as JSON', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outcomes-'));
    const spill = openIssueSpill(join(dir, 'issues.spill'));
    try {
      const spilled = createRowOutcomeStore({ spill });
      const kept = createRowOutcomeStore();
      for (const store of [spilled, kept]) {
        store.setStatus(4, 'invalid');
        store.setKeys(4, 'P-1');
        store.setIds(4, { productId: 11, jobId: '12' });
        store.addIssue(4, createIssue({ code: 'invalid_price', severity: 'error', stage: 'validate', message: 'the price must be a positive number, got "x"', row: 4, column: 'C', value: 'x' }));
        store.addIssue(4, createIssue({ code: 'odd', severity: 'warning', stage: 'validate', message: 'odd', row: 4 }));
      }
      const fromSpill = spilled.outcomeOf(4);
      const fromMemory = kept.outcomeOf(4);
      expect(fromSpill?.issues).toEqual(fromMemory?.issues);
      expect({ ...fromSpill, issues: fromSpill?.issues }).toEqual(fromMemory);
      expect(JSON.stringify(fromSpill)).toBe(JSON.stringify(fromMemory));
    } finally {
      spill.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  // The summary counts from `tally()` without an outcome per row: the same counts as walking them.
  it.each([
    ['its own key index', undefined],
    ['a key index shared with stages that named other products too', ['Q-1', 'P-3', 'Q-2']],
  ])('tallies rows and products by status as the summary counts the outcomes, with %s', (_, namedElsewhere) => {
    let seed = 7;
    const next = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 16) % n;
    };
    const productKeys = createProductKeyIndex();
    for (const key of namedElsewhere ?? []) productKeys.idOf(key);
    const store = namedElsewhere === undefined ? createRowOutcomeStore({ initialCapacity: 4 }) : createRowOutcomeStore({ initialCapacity: 4, productKeys });
    for (let row = 2; row < 400; row++) {
      if (next(10) === 0) continue; // a gap: a line the reader skipped
      store.touch(row);
      const pick = next(ROW_STATUSES.length + 1);
      if (pick < ROW_STATUSES.length) store.setStatus(row, ROW_STATUSES[pick] as (typeof ROW_STATUSES)[number]); // else no status: read as valid
      if (next(6) !== 0) store.setKeys(row, `P-${next(40)}`);
    }
    const outcomes = [...store.rows()].map((row) => store.outcomeOf(row, false) as RowOutcome);
    const parts = {
      toolVersion: '0',
      command: 'validate' as const,
      runId: 'r',
      startedAt: '2026-11-24T00:00:00.000Z',
      finishedAt: '2026-11-24T00:00:01.000Z',
      source: { file: 'f.csv', format: 'csv' as const, headerRow: 1, sha256: 'x' },
      mapping: { file: 'm.yaml', sha256: 'y' },
      service: { baseUrl: 'http://localhost', sandbox: true },
      settings: {},
      issueDigest: { digest: { total: 0, examples: [], bySeverity: { error: 0, warning: 0 }, byCode: {}, bySeverityAndCode: { error: {}, warning: {} }, byCodeAndColumn: {}, complete: true, examplesPerCode: 5 }, file: 'issues.ndjson' },
      exitCode: 0,
    };
    const walked = buildRunSummary({ ...parts, outcomes });
    const tallied = buildRunSummary({ ...parts, outcomes: [], tally: store.tally() });
    expect(tallied.counts).toEqual(walked.counts);
    expect(walked.counts.products).toBeGreaterThan(30);
    expect(walked.counts.products).toBeLessThanOrEqual(40);
    expect(Object.keys(walked.counts.byStatus)).toHaveLength(ROW_STATUSES.length);
    expect(Object.keys(walked.counts.productsByStatus).length).toBeGreaterThan(2);
  });
});
