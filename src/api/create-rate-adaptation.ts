/**
 * How the rate limiter adapts its rate to the service: a 429 lowers the rate to what the service
 * was seen to accept (measured, not guessed: the successes since the previous 429 over the time
 * requests were in flight or waiting, times 0.95; with fewer than 5 successes to go by, a rate in
 * force is cut by a fifth, none in force: only the pause), and a long enough run without 429, while
 * the rate held requests back, probes it back up slowly, never above the configured rate.
 */
import type { Deps } from '../core/deps.js';
import type { RateObservation } from './create-rate-observation.js';
import type { TokenBucket } from './create-token-bucket.js';

/** Below the observed rate a 429 sets, so that the service's bucket can refill. */
const BACKOFF_FACTOR = 0.95;
/** Each probe step raises the rate by this share (at least 0.5 per second). */
const PROBE_STEP = 0.03;
/** Fewer successes than this in a 429 episode cannot tell the service's rate. */
const MIN_OBSERVED_SUCCESSES = 5;

/** The adapting part of a rate limiter. */
export interface RateAdaptation {
  /**
   * A request sent at `sentAtMs` got a 429 at `now`: lowers the rate once per episode (a 429 of a
   * request sent before the last reaction changes nothing) and starts a new episode; `busyNow`:
   * requests are in flight or waiting. Returns the pause every request must take (ms, 0: none).
   */
  onThrottled(now: number, sentAtMs: number, retryAfterMs: number | undefined, busyNow: boolean): number;
  /** A request sent at `sentAtMs` was answered (not 429) at `now`: counted, and the rate probed up when due. */
  onAnswered(now: number, sentAtMs: number): void;
  /** The rate held a request back (only then is probing higher useful). */
  markConstrained(): void;
}

/** Creates the adaptation of `bucket`'s rate between `minRate` and `ceiling` (the configured rate, or unlimited). */
export function createRateAdaptation(
  limits: { bucket: TokenBucket; observation: RateObservation; ceiling: number; configured: number | undefined; minRate: number; probeIntervalMs: number; maxPauseMs: number },
  deps: { clock: () => number; onEvent: Deps['onEvent'] },
): RateAdaptation {
  const { bucket, observation, ceiling } = limits;
  let lastRaise = observation.episodeStart;
  /** Whether the rate held requests back since the last step up (only then is probing useful). */
  let constrained = false;

  const setRate = (next: number, message: string, level: 'info' | 'warn' | 'debug', extra: Record<string, unknown>): void => {
    const previous = bucket.rate;
    bucket.setRate(next, deps.clock());
    deps.onEvent({
      type: 'log',
      level,
      message: `rate limit: ${message}; ${formatRate(next)} now (was ${formatRate(previous)})`,
      data: { rate: next, previousRate: Number.isFinite(previous) ? previous : null, configuredRate: limits.configured ?? null, ...extra },
    });
  };

  return {
    onThrottled(now, sentAtMs, retryAfterMs, busyNow) {
      const pause = retryAfterMs === undefined ? 0 : Math.min(Math.max(0, retryAfterMs), limits.maxPauseMs);
      if (!observation.covers(sentAtMs)) return pause;
      const reaction = decideThrottledRate({ rate: bucket.rate, minRate: limits.minRate, observed: observation.measure(now), retryAfterMs, pauseMs: pause });
      if (reaction.rate !== bucket.rate) setRate(reaction.rate, reaction.message, 'warn', reaction.data);
      else deps.onEvent({ type: 'log', level: 'warn', message: `rate limit: ${reaction.why}; pausing every request ${pause} ms`, data: { rate: bucket.limited() ? bucket.rate : null, ...reaction.data } });
      observation.restart(now, busyNow);
      constrained = false;
      return pause;
    },
    onAnswered(now, sentAtMs) {
      observation.countSuccess(sentAtMs);
      // Probe up only while the rate held requests back and no 429 came for a while.
      if (!bucket.limited() || bucket.rate >= ceiling || !constrained || now - Math.max(lastRaise, observation.episodeStart) < limits.probeIntervalMs) return;
      lastRaise = now;
      constrained = false;
      const next = Math.min(ceiling, bucket.rate + Math.max(0.5, bucket.rate * PROBE_STEP));
      const back = next === ceiling;
      setRate(next, back ? 'no 429 for a while, back to the configured rate' : 'no 429 for a while, probing higher', back ? 'info' : 'debug', {});
    },
    markConstrained() {
      constrained = true;
    },
  };
}

/**
 * The rate a 429 sets: the rate observed since the last one, times 0.95, never above the rate in
 * force; with fewer than 5 successes to go by, the rate in force cut by a fifth (none in force:
 * unlimited still, only the pause). Never below `minRate`. With the words and data of its log line.
 */
function decideThrottledRate(input: {
  rate: number;
  minRate: number;
  observed: { successes: number; perSecond: number };
  retryAfterMs: number | undefined;
  pauseMs: number;
}): { rate: number; why: string; message: string; data: Record<string, unknown> } {
  const { rate, observed, retryAfterMs, pauseMs } = input;
  const measured = observed.successes >= MIN_OBSERVED_SUCCESSES;
  // Too short an episode cannot tell the service's rate: cut the rate in force, if any, instead.
  const target = measured ? Math.min(rate, observed.perSecond) * BACKOFF_FACTOR : Number.isFinite(rate) ? rate * 0.8 : rate;
  const answered = `the service answered 429${retryAfterMs === undefined ? '' : ` with Retry-After ${Math.round(retryAfterMs)} ms`}`;
  const why = measured ? `${answered} after accepting ${formatRate(observed.perSecond)}` : answered;
  return {
    rate: Math.max(input.minRate, target),
    why,
    message: `${why}${pauseMs > 0 ? `, pausing every request ${pauseMs} ms` : ''}`,
    data: { observedRate: measured ? Math.round(observed.perSecond * 100) / 100 : null, retryAfterMs: retryAfterMs ?? null, pauseMs },
  };
}

function formatRate(rate: number): string {
  if (!Number.isFinite(rate)) return 'unlimited';
  return `${rate >= 10 ? Math.round(rate) : Math.round(rate * 10) / 10} requests/s`;
}
