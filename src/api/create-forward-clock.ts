/**
 * The rate limiter's clock: time never goes back, and a finished wait counts as that much time
 * passed even when the system clock does not move (tests with a frozen clock still progress).
 */
import { readMonotonicMs } from '../core/deps.js';
import type { Deps } from '../core/deps.js';

/** Milliseconds that only move forward. */
export interface ForwardClock {
  /** The time now: the system clock's, or the latest time reached, whichever is later. */
  read(): number;
  /** Records that a wait until `at` is over: the clock reads at least `at` from now on. */
  reach(at: number): void;
}

/** Creates a clock starting at the monotonic clock's time now (a wall-clock change moves no pause or window). */
export function createForwardClock(deps: Pick<Deps, 'monotonic'>): ForwardClock {
  let floor = readMonotonicMs(deps);
  return {
    read() {
      floor = Math.max(floor, readMonotonicMs(deps));
      return floor;
    },
    reach(at) {
      floor = Math.max(floor, at);
    },
  };
}
