/**
 * The rate gate's margin on a virtual clock (`virtual-network.ts`): a request counts from leaving
 * until a second after its margin, the round trip until 16 requests were answered (and for a
 * request with no answer), then its own jitter plus 25 ms. Counted at the receiving end, no second
 * holds more than the rate, with a constant latency and with jitter; and a constant latency no
 * longer costs its whole length per second.
 */
import { describe, expect, it } from 'vitest';
import { createPrng } from '../../src/sandbox/create-prng.js';
import { countBusiestWindow, runThroughGate } from './virtual-network.js';

const constant = (there: number, back: number) => ({ there: () => there, back: () => back });

/** Delays drawn evenly from [0, `spreadMs`) on the way there and back, from `seed`. */
function jittery(seed: number, thereMs: number, backMs: number) {
  const random = createPrng(seed);
  const there: number[] = [];
  const back: number[] = [];
  return {
    there: (i: number) => (there[i] ??= random() * thereMs),
    back: (i: number) => 100 + (back[i] ??= random() * backMs),
  };
}

describe('the rate gate’s margin', () => {
  it('counts a request until a second after its answer while fewer than 16 requests were answered', async () => {
    const run = await runThroughGate({ rate: 5, count: 12, concurrency: 16, network: constant(0, 100) });
    // The bucket lets one out every 200 ms; the sixth waits for the first's answer (100 ms) + 1 s.
    expect(run.departures.slice(0, 5)).toEqual([0, 200, 400, 600, 800]);
    expect(run.departures[5]).toBeGreaterThanOrEqual(1100);
  });

  it('counts an answered request until 1 s + 25 ms + its jitter after it left, once 16 were answered', async () => {
    const run = await runThroughGate({ rate: 5, count: 60, concurrency: 16, network: constant(0, 100) });
    // Past the first 16 answers, 5 requests leave per 1 s + 25 ms (+ 1 ms: whole milliseconds),
    // not per 1 s + 100 ms: the round trips never vary, so the margin is the floor alone.
    const gaps = run.departures.slice(40).map((at, j) => at - (run.departures[40 + j - 5] as number));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1026);
    expect(Math.max(...gaps)).toBeLessThan(1030);
  });

  it('sends more than R × 1 s / (1 s + latency) under a constant latency of 100 ms, none over R in a second', async () => {
    const run = await runThroughGate({ rate: 20, count: 400, concurrency: 16, network: constant(0, 100) });
    const perSecond = (run.departures.length / (Math.max(...run.settled) as number)) * 1000;
    // Counting until a second after the answer caps it at 20 × 1000 / 1100 = 18.2 a second.
    expect(perSecond).toBeGreaterThan(19);
    expect(countBusiestWindow(run.arrivals, 1000)).toBeLessThanOrEqual(20);
  });

  it('keeps every second at the receiving end within the rate when delays vary evenly over 200 ms', async () => {
    for (const rate of [5, 20]) {
      for (let seed = 1; seed <= 12; seed += 1) {
        const run = await runThroughGate({ rate, count: rate * 15, concurrency: 16, network: jittery(seed, 200, 0) });
        expect(countBusiestWindow(run.arrivals, 1000), `rate ${rate}, seed ${seed}`).toBeLessThanOrEqual(rate);
      }
    }
  });

  it('keeps every second within the rate when one request in ten is held up 300 ms on the way', async () => {
    for (let seed = 1; seed <= 8; seed += 1) {
      const random = createPrng(seed);
      const held: boolean[] = [];
      const network = { there: (i: number) => ((held[i] ??= random() < 0.1) ? 300 : 0), back: () => 100 };
      const run = await runThroughGate({ rate: 10, count: 150, concurrency: 16, network });
      expect(countBusiestWindow(run.arrivals, 1000), `seed ${seed}`).toBeLessThanOrEqual(10);
    }
  });

  it('counts a request with no answer until a second after it failed, whatever the jitter seen', async () => {
    // Request 30 arrives at once and fails 400 ms later (a reset): it may have arrived any time.
    const network = { ...constant(0, 100), failsAfter: (i: number) => (i === 30 ? 400 : undefined) };
    // At one a second only one request counts at a time: the next leaves a second after it failed,
    // not a second after the margin its 400 ms would give an answered request (325 ms).
    const run = await runThroughGate({ rate: 1, count: 32, concurrency: 16, network });
    const failedAt = run.settled[30] as number;
    expect(failedAt - (run.departures[30] as number)).toBe(400);
    expect(run.departures[31]).toBeGreaterThanOrEqual(failedAt + 1000);
    // The one before it left 1026 ms (1 s + 25 ms + 1 ms) after the one before that.
    expect((run.departures[30] as number) - (run.departures[29] as number)).toBe(1026);
  });
});
