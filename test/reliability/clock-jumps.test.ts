/**
 * Waits and time-outs survive a wall-clock change (issue 34, item 4): durations and deadlines are
 * measured on the monotonic clock, and the settle wait kept across runs (from the journal's
 * wall-clock sending time) is never longer than `--settle-after`, whatever the clock did.
 */
import { describe, expect, it } from 'vitest';
import { sleepWithSignal } from '../../src/core/deps.js';
import type { PipelineEvent } from '../../src/core/events.js';
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import { measureSettleWait } from '../../src/pipeline/settle-unknown-requests.js';
import { writeCatalogFixture } from '../helpers/catalog-fixture.js';
import { checkExactlyOnce, createTestDir, importOnce, isSettled, startTestSandbox } from './fault-kit.js';

const IMPORT = { path: DEFAULT_PATHS.import, method: 'POST' } as const;
const HOUR = 3_600_000;

async function setUp(jobDelayMs = 50) {
  const dir = await createTestDir();
  const sandbox = await startTestSandbox(dir, { jobDelayMs });
  const fixture = await writeCatalogFixture({ dir, products: 12, skusPerProduct: 1 });
  return { dir, sandbox, fixture };
}

describe('measureSettleWait', () => {
  it('waits what is left of settle-after, never more, never less than nothing', () => {
    expect(measureSettleWait(10_000, 3_000, 11_000)).toBe(2_000);
    expect(measureSettleWait(10_000, 3_000, 20_000)).toBe(0);
    // The clock set back an hour after sending: settle-after, not an hour more.
    expect(measureSettleWait(10_000 + HOUR, 3_000, 11_000)).toBe(3_000);
    // Nothing unanswered (only finished jobs' missing results): no wait.
    expect(measureSettleWait(0, 3_000, 11_000)).toBe(0);
  });
});

describe('a wall clock that jumps', () => {
  it('set back an hour before the re-run: the settle wait stays within --settle-after', async () => {
    const c = await setUp();
    c.sandbox.setFaults({ script: [{ ...IMPORT, times: 1, action: { dropAfterHandling: true } }] });
    const first = await importOnce(c);
    expect(first.result.summary.counts.byStatus.unknown).toBe(10);

    const waits: number[] = [];
    const second = await importOnce(c, {
      settleAfterMs: 300,
      deps: {
        now: () => new Date(Date.now() - HOUR),
        // Capped, so that a wait of an hour shows in `waits` instead of hanging the test.
        sleep: (ms, signal) => {
          waits.push(ms);
          return sleepWithSignal(Math.min(ms, 1_000), signal);
        },
      },
    });
    expect(Math.max(...waits)).toBeLessThanOrEqual(300);
    const told = second.events.find((e) => e.type === 'log' && e.message.startsWith('waiting '));
    expect(told).toMatchObject({ message: expect.stringMatching(/^waiting 1 s/) });
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
