/**
 * Waits and time-outs survive a wall-clock change (issue 34, item 4): durations and deadlines are
 * measured on the monotonic clock, and the settle wait kept across runs is measured on the
 * system's monotonic clock of the boot that sent the request (journaled with the boot id), so a
 * clock jump between the crash and the re-run neither waits an hour nor ends the wait at once.
 */
import { describe, expect, it } from 'vitest';
import { sleepWithSignal } from '../../src/core/deps.js';
import type { PipelineEvent } from '../../src/core/events.js';
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import { measureSettleWait } from '../../src/pipeline/import/settle-unknown-requests.js';
import { writeCatalogFixture } from '../helpers/catalog-fixture.js';
import { checkExactlyOnce, createTestDir, importOnce, isSettled, startTestSandbox } from './fault-kit.js';

const IMPORT = { path: DEFAULT_PATHS.import, method: 'POST' } as const;
const HOUR = 3_600_000;
/**
 * One import request at a time, so the one the sandbox drops is always the first batch (10 of the
 * 12 products): with requests in flight together, a loaded machine let the batch of 2 arrive first.
 */
const ONE_AT_A_TIME = { concurrency: 1 } as const;

async function setUp(jobDelayMs = 50) {
  const dir = await createTestDir();
  const sandbox = await startTestSandbox(dir, { jobDelayMs });
  const fixture = await writeCatalogFixture({ dir, products: 12, skusPerProduct: 1 });
  return { dir, sandbox, fixture };
}

describe('measureSettleWait', () => {
  const boot = (ms: number, bootId = 'boot-a') => ({ bootId, ms });
  it('waits what is left of settle-after on the boot clock, never more, never less than nothing', () => {
    expect(measureSettleWait([boot(10_000)], 3_000, boot(11_000))).toBe(2_000);
    expect(measureSettleWait([boot(10_000)], 3_000, boot(20_000))).toBe(0);
    // The longest wait of all the requests.
    expect(measureSettleWait([boot(8_000), boot(10_000)], 3_000, boot(11_000))).toBe(2_000);
    // Nothing unanswered (only finished jobs' missing results): no wait.
    expect(measureSettleWait([], 3_000, boot(11_000))).toBe(0);
  });

  it('sent on another boot: at least the time since this boot has passed; unknown: the whole settle-after', () => {
    expect(measureSettleWait([boot(900_000, 'boot-a')], 30_000, boot(12_000, 'boot-b'))).toBe(18_000);
    expect(measureSettleWait([boot(900_000, 'boot-a')], 30_000, boot(40_000, 'boot-b'))).toBe(0);
    expect(measureSettleWait([null], 30_000, boot(40_000))).toBe(30_000);
    expect(measureSettleWait([boot(10_000)], 30_000, undefined)).toBe(30_000);
  });
});

describe('a wall clock that jumps', () => {
  it('set back an hour before the re-run: the settle wait stays within --settle-after', async () => {
    const c = await setUp();
    c.sandbox.setFaults({ script: [{ ...IMPORT, times: 1, action: { dropAfterHandling: true } }] });
    const first = await importOnce(c, { settings: ONE_AT_A_TIME, deps: { bootClock: () => ({ bootId: 'boot-a', ms: 1_000 }) } });
    expect(first.result.summary.counts.byStatus.unknown).toBe(10);

    const waits: number[] = [];
    const second = await importOnce(c, {
      settleAfterMs: 300,
      deps: {
        bootClock: () => ({ bootId: 'boot-a', ms: 1_100 }),
        now: () => new Date(Date.now() - HOUR),
        // Capped, so that a wait of an hour shows in `waits` instead of hanging the test.
        sleep: (ms, signal) => {
          waits.push(ms);
          return sleepWithSignal(Math.min(ms, 1_000), signal);
        },
      },
    });
    // 100 ms passed on the boot clock: what is left of settle-after, whatever the wall clock says.
    expect(Math.max(...waits)).toBe(200);
    const told = second.events.find((e) => e.type === 'log' && e.message.startsWith('waiting '));
    expect(told).toMatchObject({ message: expect.stringMatching(/^waiting 1 s/) });
    expect(isSettled(second.result)).toBe(true);
    expect(await checkExactlyOnce(c.sandbox, c.fixture)).toEqual([]);
  });

  it('moved two hours on between the crash and the re-run: the settle wait is not over at once', async () => {
    const c = await setUp();
    c.sandbox.setFaults({ script: [{ ...IMPORT, times: 1, action: { dropAfterHandling: true } }] });
    const first = await importOnce(c, { settings: ONE_AT_A_TIME, deps: { bootClock: () => ({ bootId: 'boot-a', ms: 50_000 }) } });
    expect(first.result.summary.counts.byStatus.unknown).toBe(10);
    const waits: number[] = [];
    const second = await importOnce(c, {
      settleAfterMs: 30_000,
      deps: {
        bootClock: () => ({ bootId: 'boot-a', ms: 51_000 }),
        now: () => new Date(Date.now() + 2 * HOUR),
        sleep: (ms, signal) => {
          waits.push(ms);
          return sleepWithSignal(Math.min(ms, 50), signal);
        },
      },
    });
    // One second passed on the boot clock (the wall clock says two hours): 29 s are left.
    expect(Math.max(...waits)).toBe(29_000);
    expect(isSettled(second.result)).toBe(true);
    expect(await checkExactlyOnce(c.sandbox, c.fixture)).toEqual([]);
  });

  it('moved two hours on while jobs are followed: the jobs are followed to their end, not timed out', async () => {
    // Jobs of 1.5 s: polled several times, the clock moving on after the first poll.
    const c = await setUp(1_500);
    let offset = 0;
    const result = await importOnce(c, {
      deps: {
        now: () => new Date(Date.now() + offset),
        onEvent: (event: PipelineEvent) => {
          if (event.type === 'job:progress') offset = 2 * HOUR;
        },
      },
    });
    expect(result.result.summary.counts.byStatus).toEqual({ accepted: 12 });
    expect(await checkExactlyOnce(c.sandbox, c.fixture)).toEqual([]);
  });
});
