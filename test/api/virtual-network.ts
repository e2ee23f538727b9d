/**
 * Requests through the real rate gate over a simulated network on a virtual clock: each request's
 * delay on the way there and back is given, and the receiving end records when each arrived. Time
 * moves only from one timer to the next, so a run of minutes takes milliseconds and is the same
 * on a loaded machine.
 */
import { createRateGate } from '../../src/api/create-rate-gate.js';

/** How the network treats request `i` (0-based, in the order they leave). */
export interface VirtualNetwork {
  /** Delay on the way to the service, ms. */
  there(i: number): number;
  /** Delay of the answer on the way back, ms. */
  back(i: number): number;
  /** Whether request `i` gets no answer (it fails this long after it arrived; `undefined`: answered). */
  failsAfter?(i: number): number | undefined;
}

/** What a run saw: per request in the order they left, when it left, arrived and settled. */
export interface VirtualRun {
  departures: number[];
  arrivals: number[];
  settled: number[];
}

/** Sends `count` requests, `concurrency` at a time, through a gate of `rate` per second. */
export async function runThroughGate(options: { rate: number; count: number; concurrency: number; network: VirtualNetwork }): Promise<VirtualRun> {
  const time = createVirtualTime();
  const gate = createRateGate({ rate: options.rate }, { monotonic: () => time.now, sleep: time.sleep, onEvent: () => undefined });
  const run: VirtualRun = { departures: [], arrivals: [], settled: [] };
  let next = 0;
  const send = async (): Promise<void> => {
    let sentAt = 0;
    let i = 0;
    try {
      await gate.pass('normal', undefined, async (at) => {
        sentAt = at;
        i = run.departures.push(at) - 1;
        await time.sleep(options.network.there(i));
        run.arrivals[i] = time.now;
        const failure = options.network.failsAfter?.(i);
        if (failure !== undefined) {
          await time.sleep(failure);
          throw new Error('connection reset');
        }
        await time.sleep(options.network.back(i));
      });
      run.settled[i] = time.now;
      gate.settle(sentAt, 200, undefined);
    } catch {
      run.settled[i] = time.now;
      gate.settle(sentAt, undefined, undefined);
    }
  };
  const slot = async (): Promise<void> => {
    while (next < options.count) {
      next += 1;
      await send();
    }
  };
  await time.runUntil(Promise.all(Array.from({ length: options.concurrency }, slot)));
  return run;
}

/** The most of `times` within any window of `ms` (a window holds times t with start ≤ t < start + ms). */
export function countBusiestWindow(times: readonly number[], ms: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let start = 0, end = 0; end < sorted.length; end += 1) {
    while ((sorted[end] as number) - (sorted[start] as number) >= ms) start += 1;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

/** A clock that moves only when every promise has settled and the next timer is due. */
function createVirtualTime() {
  const timers: { at: number; seq: number; fire: () => void; dead: boolean }[] = [];
  let seq = 0;
  const time = {
    now: 0,
    sleep(ms: number, signal?: AbortSignal): Promise<void> {
      return new Promise((resolve, reject) => {
        const timer = { at: time.now + ms, seq: (seq += 1), fire: resolve, dead: false };
        timers.push(timer);
        signal?.addEventListener(
          'abort',
          () => {
            timer.dead = true;
            reject(signal.reason as Error);
          },
          { once: true },
        );
      });
    },
    async runUntil(done: Promise<unknown>): Promise<void> {
      let finished = false;
      void done.then(() => (finished = true));
      while (!finished) {
        for (let turn = 0; turn < 5 && !finished; turn += 1) await new Promise((resolve) => setImmediate(resolve));
        if (finished) return;
        timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
        const timer = timers.shift();
        if (timer === undefined) throw new Error('stuck: requests wait and no timer is set');
        if (timer.dead) continue;
        time.now = Math.max(time.now, timer.at);
        timer.fire();
      }
    },
  };
  return time;
}
