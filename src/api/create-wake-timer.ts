/**
 * One pending wake-up of the rate limiter: asking for an earlier one replaces it, a later one is
 * covered by it (the wake-up pumps and asks again for whatever still waits).
 */
import type { Deps } from '../core/deps.js';
import type { ForwardClock } from './create-forward-clock.js';

/** Schedules the wake-up at `at` (ms on the limiter's clock) unless one is due no later. */
export type WakeTimer = (at: number) => void;

/**
 * Creates a timer that calls `onWake()` once the wait for `at` (measured on `clock`) is over; the
 * clock then reads at least `at`, though the system clock may not have moved.
 */
export function createWakeTimer(deps: Pick<Deps, 'sleep'>, clock: ForwardClock, onWake: () => void): WakeTimer {
  let timer: { at: number; cancel: AbortController } | undefined;
  return (at) => {
    if (timer !== undefined && timer.at <= at) return;
    timer?.cancel.abort();
    const cancel = new AbortController();
    const current = { at, cancel };
    timer = current;
    deps.sleep(Math.max(1, at - clock.read()), cancel.signal).then(
      () => {
        if (timer !== current) return;
        timer = undefined;
        clock.reach(at);
        onWake();
      },
      () => {
        // Cancelled for an earlier wake-up, which pumps instead.
      },
    );
  };
}
