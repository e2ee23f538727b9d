/** The timings of a run's stages: each lap is the time since the previous one, summed by name. */
import { readMonotonicMs } from '../core/deps.js';
import type { Deps } from '../core/deps.js';

/** Stage timings being taken. */
export interface LapTimer {
  /** Milliseconds by stage name, filled as laps are taken. */
  timings: Record<string, number>;
  /** Adds the time since the previous lap (or the timer's start) to `name`. */
  lap(name: string): void;
}

/** Starts a timer now, on the monotonic clock (a wall-clock change does not count as time spent). */
export function createLapTimer(deps: Pick<Deps, 'monotonic'>): LapTimer {
  const timings: Record<string, number> = {};
  let mark = readMonotonicMs(deps);
  return {
    timings,
    lap(name) {
      const now = readMonotonicMs(deps);
      timings[name] = (timings[name] ?? 0) + (now - mark);
      mark = now;
    },
  };
}
