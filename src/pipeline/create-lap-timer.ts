/** The timings of a run's stages: each lap is the time since the previous one, summed by name. */
import type { Deps } from '../core/deps.js';

/** Stage timings being taken. */
export interface LapTimer {
  /** Milliseconds by stage name, filled as laps are taken. */
  timings: Record<string, number>;
  /** Adds the time since the previous lap (or the timer's start) to `name`. */
  lap(name: string): void;
}

/** Starts a timer now. */
export function createLapTimer(deps: Pick<Deps, 'now'>): LapTimer {
  const timings: Record<string, number> = {};
  let mark = deps.now().getTime();
  return {
    timings,
    lap(name) {
      const now = deps.now().getTime();
      timings[name] = (timings[name] ?? 0) + (now - mark);
      mark = now;
    },
  };
}
