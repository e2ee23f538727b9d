/**
 * A job the service no longer knows (issue 34): its status answered 404 in every poll. Its rows
 * stay `pending` and nothing is sent again for a bounded number of runs (a service restored from a
 * backup, or not caught up yet, may know it again); after `MISSING_JOB_RUNS` runs in a row its
 * products are looked up by content, never sent again blindly: found, they are `accepted`; not
 * found, they are sent again.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import { MISSING_POLLS } from '../../src/pipeline/import/follow-job.js';
import { MISSING_JOB_RUNS } from '../../src/pipeline/import/record-followed-job.js';
import { writeCatalogFixture } from '../helpers/catalog-fixture.js';
import { checkEveryRowReported, checkExactlyOnce, createTestDir, importOnce, isSettled, startTestSandbox } from './fault-kit.js';

const JOB_STATUS = { path: DEFAULT_PATHS.importInfo, method: 'GET' } as const;

/** 5 products of 2 SKUs: one request; every status poll of the runs that give the job up answers 404. */
async function setUp(jobDelayMs: number) {
  const dir = await createTestDir();
  const sandbox = await startTestSandbox(dir, { jobDelayMs });
  const fixture = await writeCatalogFixture({ dir, products: 5, skusPerProduct: 2 });
  sandbox.setFaults({ script: [{ ...JOB_STATUS, times: MISSING_POLLS * MISSING_JOB_RUNS, action: { status: 404 } }] });
  return { dir, sandbox, fixture };
}

describe('a job the service answers 404 for', () => {
  it('stays pending for a bounded number of runs, then its products are found by content and reported accepted, never sent again', async () => {
    const c = await setUp(50);
    for (let run = 1; run < MISSING_JOB_RUNS; run += 1) {
      const attempt = await importOnce(c);
      expect(attempt.result.summary.counts.byStatus).toEqual({ pending: 10 });
      expect(isSettled(attempt.result)).toBe(false);
      expect(c.sandbox.stats().importRequests).toBe(1);
      expect(c.sandbox.stats().byRoute.list ?? 0).toBe(0);
    }
    const last = await importOnce(c);
    expect(last.result.summary.counts.byStatus).toEqual({ accepted: 10 });
    expect(isSettled(last.result)).toBe(true);
    expect(await checkEveryRowReported(last.result, c.fixture)).toEqual([]);
    expect(c.sandbox.stats().importRequests).toBe(1);
    expect(await checkExactlyOnce(c.sandbox, c.fixture)).toEqual([]);
  });

  it('whose job never ran: after the bounded runs, nothing found, its products are sent again once', async () => {
    // The job would run in an hour: the service lost it as far as anyone can tell.
    const c = await setUp(3_600_000);
    for (let run = 1; run < MISSING_JOB_RUNS; run += 1) await importOnce(c);
    expect(c.sandbox.stats().importRequests).toBe(1);
    await importOnce(c);
    // Looked up (nothing there), then sent again: one more request.
    expect(c.sandbox.stats().importRequests).toBe(2);
    expect(c.sandbox.stats().byRoute.list ?? 0).toBeGreaterThan(0);
  });
});
