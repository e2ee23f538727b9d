/**
 * The rate limiter's token bucket: rate R, a burst of a tenth of a second's worth (at least 1).
 * It spreads the slots the limiter hands out evenly; an infinite rate is no limit at all.
 */

/** A token bucket whose rate may change while it runs. */
export interface TokenBucket {
  /** Requests per second in force; `Infinity` while unlimited. */
  readonly rate: number;
  /** The largest number of tokens held at once. */
  readonly burst: number;
  /** Whether a finite rate is in force. */
  limited(): boolean;
  /** Milliseconds until a token is there at `now` (0: now). */
  waitFor(now: number): number;
  /** Takes a token (nothing while unlimited). */
  take(): void;
  /**
   * Puts `next` in force at `now`: the tokens held are capped at the new burst, and a bucket that
   * was unlimited starts with one token at most.
   */
  setRate(next: number, now: number): void;
}

/** Creates a full bucket of `rate` at `now`. */
export function createTokenBucket(rate: number, now: number): TokenBucket {
  let current = rate;
  let burst = burstOf(rate);
  let tokens = burst;
  let refilledAt = now;
  const limited = (): boolean => Number.isFinite(current);
  const refill = (at: number): void => {
    if (!limited()) return;
    tokens = Math.min(burst, tokens + ((at - refilledAt) / 1000) * current);
    refilledAt = at;
  };
  return {
    get rate() {
      return current;
    },
    get burst() {
      return burst;
    },
    limited,
    waitFor(at) {
      if (!limited()) return 0;
      refill(at);
      return tokens >= 1 ? 0 : Math.ceil(((1 - tokens) / current) * 1000);
    },
    take() {
      if (limited()) tokens -= 1;
    },
    setRate(next, at) {
      const previous = current;
      refill(at);
      current = next;
      burst = burstOf(next);
      tokens = Number.isFinite(previous) ? Math.min(tokens, burst) : Math.min(1, burst);
      refilledAt = at;
    },
  };
}

function burstOf(rate: number): number {
  return Number.isFinite(rate) ? Math.max(1, rate / 10) : Number.POSITIVE_INFINITY;
}
