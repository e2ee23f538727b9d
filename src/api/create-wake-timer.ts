/**
 * One pending wake-up of the rate limiter: asking for an earlier one replaces it, a later one is
 * covered by it (the wake-up pumps and asks again for whatever still waits).
 */
import type { Deps } from '../core/deps.js';

/** Schedules the wake-up at `at` (ms on the limiter's clock) unless one is due no later. */
export type WakeTimer = (at: number) => void;

/** Creates a timer that calls `onWake(at)` once the wait for `at` (measured from `clock()`) is over. */
export function createWakeTimer(deps: Pick<Deps, 'sleep'>, clock: () => number, onWake: (at: number) => void): WakeTimer {
  let timer: { at: number; cancel: AbortController } | undefined;
  return (at) => {
    if (timer !== undefined && timer.at <= at) return;
    timer?.cancel.abort();
    const cancel = new AbortController();
    const current = { at, cancel };
    timer = current;
    deps.sleep(Math.max(1, at - clock()), cancel.signal).then(
      () => {
        if (timer !== current) return;
        timer = undefined;
        onWake(at);
      },
      () => {
        // Cancelled for an earlier wake-up, which pumps instead.
      },
    );
  };
}
