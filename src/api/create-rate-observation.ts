/**
 * What the rate limiter has seen of the service since the last 429 (an episode): the requests it
 * accepted and the time requests were in flight or waiting. A 429 divides the one by the other to
 * learn the rate the service accepts. Idle stretches (the file being read) never dilute the measure,
 * and demand that starts after a long idle stretch starts a new observation: the requests before it
 * (a directory fetch paged one request at a time, bound by latency, not by the rate) say nothing of
 * the rate the service accepts, and counting them set a learned rate a third low.
 */

/** An idle stretch at least this long ends the observation of the service's rate. */
const OBSERVATION_IDLE_RESET_MS = 1000;

/** Successes are spread over at least this long: a service that accepted S requests at once and then refused allows about S per second. */
const MIN_OBSERVATION_MS = 1000;

/** The limiter's observation of the service's rate. */
export interface RateObservation {
  /** When the current episode started. */
  readonly episodeStart: number;
  /** Whether a request sent at `sentAtMs` belongs to the current episode. */
  covers(sentAtMs: number): boolean;
  /** Counts an accepted request sent at `sentAtMs` (only one of the current episode counts). */
  countSuccess(sentAtMs: number): void;
  /** Told of every change of the limiter's demand: `before` and `after` are whether requests were in flight or waiting. */
  markBusy(now: number, before: boolean, after: boolean): void;
  /** The successes of the episode and the rate they make over its busy time (at least a second). */
  measure(now: number): { successes: number; perSecond: number };
  /** Starts a new episode at `now` (after a 429); `busyNow`: requests are in flight or waiting. */
  restart(now: number, busyNow: boolean): void;
}

/** Creates an observation whose first episode starts at `now`. */
export function createRateObservation(now: number): RateObservation {
  let episodeStart = now;
  let successes = 0;
  let busyMs = 0;
  let busySince: number | undefined;
  let idleSince: number | undefined;
  return {
    get episodeStart() {
      return episodeStart;
    },
    covers: (sentAtMs) => sentAtMs >= episodeStart,
    countSuccess(sentAtMs) {
      if (sentAtMs >= episodeStart) successes += 1;
    },
    markBusy(at, before, after) {
      if (before && busySince !== undefined) busyMs += at - busySince;
      if (!before && after && idleSince !== undefined && at - idleSince >= OBSERVATION_IDLE_RESET_MS) {
        episodeStart = at;
        successes = 0;
        busyMs = 0;
      }
      if (before && !after) idleSince = at;
      busySince = after ? at : undefined;
    },
    measure(at) {
      const observedMs = busyMs + (busySince === undefined ? 0 : at - busySince);
      return { successes, perSecond: (successes / Math.max(MIN_OBSERVATION_MS, observedMs)) * 1000 };
    },
    restart(at, busyNow) {
      episodeStart = at;
      successes = 0;
      busyMs = 0;
      busySince = busyNow ? at : undefined;
    },
  };
}
