/**
 * The rate limiter's departure windows: the moments requests are handed to `fetch`, kept so that
 * no window of time holds more departures than the rate allows, whatever happened between a
 * request's slot and its departure (see `create-rate-limiter.ts`).
 */
import type { Deps } from '../core/deps.js';

type RateLimiterDeps = Pick<Deps, 'sleep'>;

/** A sliding window: at most `max` departures within any `spanMs`. */
export interface DepartureWindow {
  spanMs: number;
  max: number;
}

/** A request's place in the departure windows. */
export interface Departure {
  /** Moves its departure to now, the moment it is handed to `fetch` (a stalled process leaves later than it was let go). */
  leave(): void;
}

/**
 * The times requests left (`createDepartureTimes`) and the requests waiting to leave, in arrival
 * order, let go as soon as the windows (and a `Retry-After` pause) allow.
 */
export function createDepartureWindows() {
  const waiting: { resolve: (departure: Departure) => void; reject: (reason: unknown) => void; signal: AbortSignal | undefined; onAbort: (() => void) | undefined }[] = [];
  let current: DepartureWindow[] = [];
  let timer: AbortController | undefined;
  let clock: () => number = () => 0;
  let pausedUntil: () => number = () => 0;
  let sleep: RateLimiterDeps['sleep'] = async () => undefined;

  const departed = createDepartureTimes(() => clock());
  const waitFor = (now: number): number => {
    // A Retry-After pauses requests that already hold a slot too.
    if (now < pausedUntil()) return pausedUntil() - now;
    return departed.waitFor(now, current);
  };
  const pump = (): void => {
    while (waiting.length > 0) {
      const now = clock();
      const wait = waitFor(now);
      if (wait > 0) {
        schedule(wait);
        return;
      }
      const next = waiting.shift() as (typeof waiting)[number];
      if (next.onAbort) next.signal?.removeEventListener('abort', next.onAbort);
      next.resolve(departed.record(now));
    }
  };
  const schedule = (wait: number): void => {
    if (timer !== undefined) return;
    const cancel = new AbortController();
    timer = cancel;
    sleep(Math.max(1, wait), cancel.signal).then(
      () => {
        timer = undefined;
        pump();
      },
      () => undefined,
    );
  };

  return {
    depart(windows: DepartureWindow[], limiter: { now: () => number; pausedUntil: () => number; sleep: RateLimiterDeps['sleep'] }, signal: AbortSignal | undefined): Departure | Promise<Departure> {
      current = windows;
      clock = limiter.now;
      pausedUntil = limiter.pausedUntil;
      sleep = limiter.sleep;
      if (signal?.aborted) return Promise.reject(signal.reason);
      const at = clock();
      if (waiting.length === 0 && waitFor(at) === 0) return departed.record(at);
      return new Promise<Departure>((resolve, reject) => {
        const entry: (typeof waiting)[number] = { resolve, reject, signal, onAbort: undefined };
        if (signal !== undefined) {
          entry.onAbort = () => {
            const index = waiting.indexOf(entry);
            if (index >= 0) waiting.splice(index, 1);
            reject(signal.reason);
            if (waiting.length === 0) {
              timer?.abort();
              timer = undefined;
            }
          };
          signal.addEventListener('abort', entry.onAbort, { once: true });
        }
        waiting.push(entry);
        pump();
      });
    },
  };
}

/** The times requests left, sorted. */
interface DepartureTimes {
  /** Milliseconds until one more departure at `now` keeps every window within its `max` (0: now). */
  waitFor(now: number, windows: readonly DepartureWindow[]): number;
  /** Counts a departure at `now`. */
  record(now: number): Departure;
}

/**
 * A request let go is counted at once, and counted again at the time it really leaves (`leave`,
 * read on `clock`), so a pause of the process between the two (a stalled event loop, a garbage
 * collection, a descheduled process) can never squeeze more than the rate into a window.
 * Departures are kept for the longest window: the clock counts whole milliseconds, so a
 * departure leaves a window of `spanMs` once it is more than `spanMs` old.
 */
function createDepartureTimes(clock: () => number): DepartureTimes {
  const times: { at: number }[] = [];
  return {
    waitFor(now, windows) {
      const longest = Math.max(0, ...windows.map((window) => window.spanMs));
      while (times.length > 0 && (times[0] as { at: number }).at < now - longest) times.shift();
      let wait = 0;
      for (const window of windows) {
        let inWindow = 0;
        for (let i = times.length - 1; i >= 0 && (times[i] as { at: number }).at > now - window.spanMs - 1; i -= 1) inWindow += 1;
        if (inWindow >= window.max) wait = Math.max(wait, (times[times.length - window.max] as { at: number }).at + window.spanMs + 1 - now);
      }
      return wait;
    },
    record(now) {
      const entry = { at: now };
      times.push(entry);
      return {
        leave() {
          const at = clock();
          if (at <= entry.at) return;
          entry.at = at;
          // Keep the list sorted: the entry only moves later.
          const from = times.indexOf(entry);
          if (from < 0) return;
          let to = from;
          while (to + 1 < times.length && (times[to + 1] as { at: number }).at < at) {
            times[to] = times[to + 1] as { at: number };
            to += 1;
          }
          times[to] = entry;
        },
      };
    },
  };
}
