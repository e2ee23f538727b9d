/**
 * Adaptive pacing of import requests: additive increase, multiplicative decrease. A 429 halves the
 * number of requests in flight; every run of successes as long as the current limit adds one back,
 * up to the configured concurrency. The limit is applied to a p-limit queue.
 */
import type { LimitFunction } from 'p-limit';

/** The pacer's view of the world. */
export interface Pacer {
  /** Current concurrency. */
  readonly current: number;
  /** The service answered 429 (or asked us to wait). */
  onThrottled(): void;
  /** A request went through. */
  onSuccess(): void;
}

/** Creates a pacer that drives `limit.concurrency` between 1 and `max`. */
export function createPacer(limit: LimitFunction, max: number, onChange?: (concurrency: number) => void): Pacer {
  let current = max;
  let successes = 0;
  const apply = (next: number): void => {
    if (next === current) return;
    current = next;
    limit.concurrency = next;
    onChange?.(next);
  };
  return {
    get current() {
      return current;
    },
    onThrottled() {
      successes = 0;
      apply(Math.max(1, Math.floor(current / 2)));
    },
    onSuccess() {
      successes += 1;
      if (current < max && successes >= current) {
        successes = 0;
        apply(current + 1);
      }
    },
  };
}
