/**
 * The rate gate's margin on a virtual clock (`virtual-network.ts`): a request counts from leaving
 * until a second after its answer, the only bound the client can see on when it arrived. Counted
 * at the receiving end, no second holds more than the rate, however the network splits the delay
 * between the way there and the way back. A shorter margin read from the round trips' jitter (tried
 * in session 26) let R + 1 arrive where the delay moved from the way there to the way back, where a
 * route became faster, and on a rare fast path: those networks are the cases below.
 */
import { describe, expect, it } from 'vitest';
import { createPrng } from '../../src/sandbox/create-prng.js';
import { countBusiestWindow, runThroughGate } from './virtual-network.js';
import type { VirtualNetwork } from './virtual-network.js';

const constant = (there: number, back: number): VirtualNetwork => ({ there: () => there, back: () => back });

/** Delays drawn evenly from [0, `thereMs`) on the way there and 100 ms + [0, `backMs`) back, from `seed`. */
function jittery(seed: number, thereMs: number, backMs: number): VirtualNetwork {
  const random = createPrng(seed);
  const there: number[] = [];
  const back: number[] = [];
  return {
    there: (i: number) => (there[i] ??= random() * thereMs),
    back: (i: number) => 100 + (back[i] ??= random() * backMs),
  };
}

const SHIFT_AT = 40;
/** Networks whose round trips say nothing of a later request arriving sooner (review30's R1 and R2). */
const SHIFTING: Record<string, (seed: number) => VirtualNetwork> = {
  'the delay moves from the way there to the way back, the round trip unchanged': () => ({ there: (i) => (i < SHIFT_AT ? 100 : 0), back: (i) => (i < SHIFT_AT ? 0 : 100) }),
  'the route becomes faster': () => ({ there: (i) => (i < SHIFT_AT ? 100 : 0), back: () => 100 }),
  'a queue before the service clears': () => ({ there: (i) => (i < SHIFT_AT ? 150 : 10), back: () => 50 }),
  'a rare fast path (3 % arrive at once, the rest after 100 ms)': (seed) => {
    const random = createPrng(seed);
    const fast: boolean[] = [];
    return { there: (i) => ((fast[i] ??= random() < 0.03) ? 0 : 100), back: () => 10 };
  },
};

describe('the rate gate’s margin', () => {
  it('counts a request until a second after its answer', async () => {
    const run = await runThroughGate({ rate: 5, count: 40, concurrency: 16, network: constant(0, 100) });
    // The bucket lets one out every 200 ms; each sixth waits for the answer of the one five before it (100 ms) + 1 s.
    expect(run.departures.slice(0, 5)).toEqual([0, 200, 400, 600, 800]);
    const gaps = run.departures.slice(5).map((at, j) => at - (run.departures[j] as number));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1100);
  });

  it('keeps every second at the receiving end within the rate when delays vary over 200 ms each way', async () => {
    for (const rate of [5, 20]) {
      for (let seed = 1; seed <= 12; seed += 1) {
        const run = await runThroughGate({ rate, count: rate * 15, concurrency: 16, network: jittery(seed, 200, 200) });
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

  it('keeps every second within the rate where the round trips cannot show that a later request arrives sooner', async () => {
    for (const rate of [5, 20]) {
      for (const [name, network] of Object.entries(SHIFTING)) {
        for (let seed = 1; seed <= 6; seed += 1) {
          const run = await runThroughGate({ rate, count: Math.max(SHIFT_AT + 3 * rate, 100), concurrency: 16, network: network(seed) });
          expect(countBusiestWindow(run.arrivals, 1000), `${name}, rate ${rate}, seed ${seed}`).toBeLessThanOrEqual(rate);
        }
      }
    }
  });

  it('counts a request with no answer until a second after it failed', async () => {
    // Request 30 arrives at once and fails 400 ms later (a reset): it may have arrived any time.
    const network = { ...constant(0, 100), failsAfter: (i: number) => (i === 30 ? 400 : undefined) };
    const run = await runThroughGate({ rate: 1, count: 32, concurrency: 16, network });
    const failedAt = run.settled[30] as number;
    expect(failedAt - (run.departures[30] as number)).toBe(400);
    expect(run.departures[31]).toBeGreaterThanOrEqual(failedAt + 1000);
  });
});
