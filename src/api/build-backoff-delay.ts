/**
 * Retry waits: exponential backoff with full jitter (a uniformly random wait between 0 and the
 * exponential ceiling), which spreads clients that failed together instead of retrying in step.
 */

/** How long retries wait. */
export interface BackoffPolicy {
  /** Ceiling of the first retry's wait. */
  baseDelayMs: number;
  /** No wait is longer than this, whatever the attempt or the server's `Retry-After`. */
  maxDelayMs: number;
}

/**
 * The wait before retry number `attempt` (1 for the first retry): `random × min(max, base × 2^(attempt−1))`,
 * rounded down. `random` is a number in [0, 1) from `deps.random`.
 */
export function buildBackoffDelay(attempt: number, random: number, policy: BackoffPolicy): number {
  const exponent = Math.max(0, attempt - 1);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** exponent);
  const unit = Math.min(Math.max(random, 0), 1);
  return Math.floor(unit * ceiling);
}
