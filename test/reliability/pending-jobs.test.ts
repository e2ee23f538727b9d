/**
 * A job slower than the job time-out (issue 34, item 1): its request is never sent again. Its
 * rows are `pending`, the run stays resumable, and the next run asks the job — also when the
 * file was edited in between (another run) — until the job has finished.
 */
import { describe, expect, it } from 'vitest';
import { writeCatalogFixture } from '../helpers/catalog-fixture.js';
import { editFixture } from './edit-fixture.js';
import { checkEveryRowReported, checkExactlyOnce, createTestDir, importOnce, isSettled, startTestSandbox } from './fault-kit.js';

/** 12 products of 2 SKUs: 2 requests of 10 and 2, whose jobs take an hour unless settled by hand. */
async function setUp() {
  const dir = await createTestDir();
  const sandbox = await startTestSandbox(dir, { jobDelayMs: 3_600_000 });
  const fixture = await writeCatalogFixture({ dir, products: 12, skusPerProduct: 2 });
  return { dir, sandbox, fixture };
}

const SLOW = { settings: { jobTimeoutSeconds: 1 } } as const;

describe('a job that outlives the job time-out', () => {
  it('leaves its rows pending, is asked again (never re-sent) until it finishes, then reports them accepted', async () => {
    const c = await setUp();
    const first = await importOnce(c, SLOW);
    expect(first.result.summary.counts.byStatus).toEqual({ pending: 24 });
    expect(first.result.exitCode).toBe(1);
    expect(await checkEveryRowReported(first.result, c.fixture)).toEqual([]);
    expect(isSettled(first.result)).toBe(false);
    expect(c.sandbox.stats().importRequests).toBe(2);

    // Still running: asked again, nothing sent, still pending, the same run.
    const second = await importOnce(c, SLOW);
    expect(second.result.runId).toBe(first.result.runId);
    expect(second.result.summary.counts.byStatus).toEqual({ pending: 24 });
    expect(c.sandbox.stats().importRequests).toBe(2);

    await c.sandbox.settleJobs();
    const third = await importOnce(c, SLOW);
    expect(third.result.runId).toBe(first.result.runId);
    expect(third.result.summary.counts.byStatus).toEqual({ accepted: 24 });
    expect(third.result.exitCode).toBe(0);
    expect(c.sandbox.stats().importRequests).toBe(2);
    expect(await checkExactlyOnce(c.sandbox, c.fixture)).toEqual([]);
  });

  it('a run of an edited file holds back the products of the other run\'s running job, then updates them once it finished', async () => {
    const c = await setUp();
    const first = await importOnce(c, SLOW);
    expect(first.result.summary.counts.byStatus).toEqual({ pending: 24 });
    const productKey = [...c.fixture.expected.values()][0]?.productKey as string;
    const edited = { ...c, fixture: await editFixture(c.fixture, [{ kind: 'price', productKey, priceTenge: 777 }]) };

    const second = await importOnce(edited, SLOW);
    expect(second.result.runId).not.toBe(first.result.runId);
    expect(second.result.summary.counts.byStatus).toEqual({ pending: 24 });
    expect(c.sandbox.stats().importRequests).toBe(2);

    await c.sandbox.settleJobs();
    const third = await importOnce(edited, SLOW);
    expect(third.result.runId).toBe(second.result.runId);
    // Created by the first run's job: accepted naming it; the edited price sent as an update (whose job is slow too).
    expect(third.result.summary.counts.byStatus).toEqual({ accepted: 22, pending: 2 });
    expect(third.result.summary.issues.some((i) => i.code === 'accepted_by_earlier_request' && i.message.includes(first.result.runId))).toBe(true);
    expect(c.sandbox.stats().importRequests).toBe(3);

    await c.sandbox.settleJobs();
    const fourth = await importOnce(edited, SLOW);
    expect(fourth.result.summary.counts.byStatus).toEqual({ accepted: 24 });
    expect(c.sandbox.stats().importRequests).toBe(3);
    expect(await checkExactlyOnce(c.sandbox, edited.fixture)).toEqual([]);
  });
});
