/**
 * Runs mean what they say (issue 21, item 7): a run is `finished` once every row has its final
 * outcome (an invalid row and its product's other rows included), `interrupted` only while work is
 * left; a finished run is never resumed or overwritten; an `import --plan` and a `reconcile` are
 * runs of their own kinds, never an import of the content for `watch`; each attempt of a run
 * writes its own report folder.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import { ConfigError } from '../../src/core/errors.js';
import { openStateStore } from '../../src/state/index.js';
import type { RunRecord } from '../../src/state/index.js';
import { findFirstImportedRun } from '../../src/watch/find-imported-run.js';
import { writeCatalogFixture } from '../helpers/catalog-fixture.js';
import { createTestDir, importOnce, SELLER, startTestSandbox } from './fault-kit.js';

async function setUp() {
  const dir = await createTestDir('catalog-runs-');
  const sandbox = await startTestSandbox(dir);
  // SM-2's second SKU has a price that is not a number: that row is invalid, its sibling not sent.
  const fixture = await writeCatalogFixture({ dir, products: 4, skusPerProduct: 2, override: (i) => (i === 3 ? { Цена: 'дорого' } : undefined) });
  const runs = (): RunRecord[] => {
    const store = openStateStore({ dir: join(dir, 'state'), account: { baseUrl: sandbox.url, clientId: SELLER.clientId }, now: () => new Date() });
    try {
      return store.listRuns();
    } finally {
      store.close();
    }
  };
  return { dir, sandbox, fixture, runs };
}

describe('runs mean what they say', () => {
  it('an import with an invalid row is finished; the next import of the file is a new run; a finished run is not resumed', async () => {
    const c = await setUp();
    const first = await importOnce(c);
    expect(first.result.summary.counts.byStatus).toEqual({ accepted: 6, invalid: 1, not_sent: 1 });
    expect(first.result.exitCode).toBe(1);
    expect(c.runs().map((r) => [r.command, r.status])).toEqual([['import', 'finished']]);

    const second = await importOnce(c);
    expect(second.result.runId).not.toBe(first.result.runId);
    expect(second.events.some((e) => e.type === 'log' && e.message.startsWith('resuming run'))).toBe(false);
    expect(existsSync(first.result.reportPaths.summary)).toBe(true);

    const resumed = importOnce(c, { resumeRunId: first.result.runId });
    await expect(resumed).rejects.toBeInstanceOf(ConfigError);
    await expect(resumed).rejects.toThrow(/is finished.*nothing to resume/);
  });

  it('a plan is its own kind, never an import of the content for watch, never resumed', async () => {
    const c = await setUp();
    const plan = await importOnce(c, { settings: { plan: true } });
    expect(c.sandbox.stats().importRequests).toBe(0);
    let runs = c.runs();
    expect(runs.map((r) => [r.command, r.status])).toEqual([['plan', 'finished']]);
    expect(findFirstImportedRun(runs, { fileSha256: runs[0]?.fileSha256 ?? '', mappingSha256: runs[0]?.mappingSha256 ?? '' })).toBeUndefined();
    // The real import is a run of its own, not a resume of the plan.
    const real = await importOnce(c);
    expect(real.result.runId).not.toBe(plan.result.runId);
    expect(c.sandbox.stats().importRequests).toBeGreaterThan(0);
    runs = c.runs();
    expect(findFirstImportedRun(runs, { fileSha256: runs[0]?.fileSha256 ?? '', mappingSha256: runs[0]?.mappingSha256 ?? '' })?.runId).toBe(real.result.runId);
    await expect(importOnce(c, { settings: { plan: true }, resumeRunId: real.result.runId })).rejects.toBeInstanceOf(ConfigError);
  });

  it('a run with work left is interrupted, its resume writes a report folder of its own', async () => {
    const c = await setUp();
    c.sandbox.setFaults({ script: [{ path: DEFAULT_PATHS.import, method: 'POST', times: 1, action: { status: 503 } }] });
    const first = await importOnce(c);
    expect(first.result.summary.counts.byStatus.unknown).toBeGreaterThan(1);
    expect(c.runs().map((r) => r.status)).toEqual(['interrupted']);
    const second = await importOnce(c);
    expect(second.result.runId).toBe(first.result.runId);
    expect(second.result.reportDir).not.toBe(first.result.reportDir);
    expect(second.result.reportDir).toBe(`${first.result.reportDir}-attempt-2`);
    expect(existsSync(first.result.reportPaths.summary)).toBe(true);
    expect(c.runs().map((r) => r.status)).toEqual(['finished']);
  });
});
