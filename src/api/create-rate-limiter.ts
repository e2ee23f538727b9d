/**
 * The client's request rate limiter: every request of one client takes a slot from it before it
 * leaves. It enforces the configured rate (`rateLimit`, requests per second) and adapts to the
 * service: a 429 lowers the rate to what the service was seen to accept, a `Retry-After` pauses
 * every request (not only the one that got it), and a long enough run without 429 probes the rate
 * back up, slowly, never above the configured rate. Without a configured rate nothing is limited
 * until the first 429. See `docs/client.md`, "Rate limit".
 *
 * Two limits hold together while a rate R is in force. A token bucket (rate R, a burst of a tenth
 * of a second's worth, at least 1) hands out slots (`acquire`) and spreads requests evenly. Sliding
 * windows of the times requests actually leave (`depart`, called at the moment the request is
 * handed to `fetch`) admit at most R in any one second and at most the burst plus a tenth of R in
 * any tenth of a second: a slot granted before the event loop stalled cannot leave together with
 * the slots granted after it, so the configured rate holds where the service counts it, whatever
 * the window it counts in. A `Retry-After` pause holds back at departure too, so a request let go
 * just before the 429 arrived waits like the others. Waiting requests are served by priority:
 * `normal` ones (imports, token, directories, products) before `background` ones (job polls),
 * which fill the spare capacity; once a background request has waited `maxBackgroundWaitMs`,
 * background requests get at least one slot in ten, so polls never starve.
 *
 * The rate a 429 sets is measured, not guessed: the successful requests since the previous 429
 * (or since the start) divided by the time requests were in flight or waiting since then (at
 * least a second), which counts a pause the service imposed against the rate (a conservative
 * estimate), times 0.95. With fewer than 5 successes to go by, a rate in force is cut by a fifth
 * (none in force: only the pause).
 *
 * Time comes from the monotonic clock (`readMonotonicMs`), waits from `sleep`; a finished wait counts as that much time passed even
 * when the clock does not move (tests with a frozen clock still progress).
 *
 * Its parts: the token bucket (`create-token-bucket.ts`), the departure windows
 * (`create-departure-windows.ts`), the waiting queues and their priorities
 * (`create-waiter-queues.ts`), the clock that never goes back (`create-forward-clock.ts`), the observation of the service's rate (`create-rate-observation.ts`)
 * and the adapting of the rate to 429s (`create-rate-adaptation.ts`); this file holds them together.
 */
import type { Deps } from '../core/deps.js';
import { createDepartureWindows } from './create-departure-windows.js';
import { createForwardClock } from './create-forward-clock.js';
import type { Departure, DepartureWindow } from './create-departure-windows.js';
import { createRateAdaptation } from './create-rate-adaptation.js';
import { createRateObservation } from './create-rate-observation.js';
import { createTokenBucket } from './create-token-bucket.js';
import { createWaiterQueues } from './create-waiter-queues.js';
import type { RequestPriority, Waiter } from './create-waiter-queues.js';
import { createWakeTimer } from './create-wake-timer.js';

export type { RequestPriority } from './create-waiter-queues.js';

/** Options of `createRateLimiter`. */
export interface RateLimiterOptions {
  /** Requests per second at most; undefined: unlimited until the service answers 429. */
  rate?: number | undefined;
  /** Lowest rate adapting goes down to, default 0.5 per second. */
  minRate?: number;
  /** A background request waiting this long gets at least one slot in ten, default 5 000. */
  maxBackgroundWaitMs?: number;
  /** Quiet time (no 429) between two steps up of an adapted rate, default 2 000. */
  probeIntervalMs?: number;
  /** Longest pause a `Retry-After` may impose, default 30 000. */
  maxPauseMs?: number;
}

/** A rate limiter shared by every request of one client. */
export interface RateLimiter {
  /**
   * Waits for a slot; resolves with the time (ms) the request may leave, which is passed back to
   * `onResponse`. Rejects with the signal's reason when aborted while waiting.
   */
  acquire(priority: RequestPriority, signal?: AbortSignal): Promise<number>;
  /**
   * Tells the limiter how a request that left at `sentAtMs` ended: its HTTP status, or
   * `undefined` when no answer came (network error, time-out). A 429 lowers the rate (once per
   * episode of 429s: those of requests sent before the last reaction only extend the pause) and
   * pauses every request for `retryAfterMs` when given; returns the pause left in ms (0: none).
   */
  onResponse(sentAtMs: number, status: number | undefined, retryAfterMs: number | undefined): number;
  /**
   * Called when a request that holds a slot is about to be handed to `fetch`: its departure at
   * once when leaving now keeps every window within the rate, else a promise of it once it does
   * (rejected with the signal's reason when aborted while waiting). Call `leave()` on it right
   * before `fetch`.
   */
  depart(signal?: AbortSignal): Departure | Promise<Departure>;
  /** Requests per second now in force; `undefined` while unlimited. */
  readonly rate: number | undefined;
}

/** The side effects the limiter uses. */
export type RateLimiterDeps = Pick<Deps, 'monotonic' | 'sleep' | 'onEvent'>;

/** Defaults of the options. */
export const RATE_LIMITER_DEFAULTS = {
  minRate: 0.5,
  maxBackgroundWaitMs: 5_000,
  probeIntervalMs: 2_000,
  maxPauseMs: 30_000,
} as const;

/** Creates a limiter. */
export function createRateLimiter(options: RateLimiterOptions, deps: RateLimiterDeps): RateLimiter {
  const limits = readLimits(options);

  const forward = createForwardClock(deps);
  const clock = forward.read;
  const start = clock();
  const bucket = createTokenBucket(limits.ceiling, start);
  const observation = createRateObservation(start);
  const queues = createWaiterQueues(limits.maxBackgroundWaitMs);
  const departures = createDepartureWindows();
  const adaptation = createRateAdaptation({ ...limits, bucket, observation }, { clock, onEvent: deps.onEvent });
  let pausedUntil = 0;
  let active = 0;

  const busy = (): boolean => active > 0 || !queues.isEmpty();
  // Busy time is summed at every change of `busy()` (see `create-rate-observation.ts`).
  const markBusy = (now: number, before: boolean): void => observation.markBusy(now, before, busy());

  /** Milliseconds until a request may leave (0: now). */
  const waitFor = (now: number): number => (now < pausedUntil ? pausedUntil - now : bucket.waitFor(now));

  const take = (now: number, before: boolean): void => {
    active += 1;
    markBusy(now, before);
    bucket.take();
  };

  const pump = (): void => {
    for (;;) {
      if (queues.isEmpty()) return;
      const now = clock();
      const wait = waitFor(now);
      if (wait > 0) {
        if (now >= pausedUntil) adaptation.markConstrained();
        schedule(now + wait);
        return;
      }
      const before = busy();
      const waiter = queues.next(now);
      if (waiter === undefined) return;
      if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
      take(now, before);
      waiter.resolve(now);
    }
  };

  const schedule = createWakeTimer(deps, forward, () => pump());

  const enqueue = (priority: RequestPriority, signal: AbortSignal | undefined, now: number): Promise<number> =>
    new Promise<number>((resolve, reject) => {
      const waiter: Waiter = { priority, since: now, resolve, reject, signal, onAbort: undefined };
      if (signal !== undefined) {
        waiter.onAbort = () => {
          const before = busy();
          queues.remove(waiter);
          markBusy(clock(), before);
          reject(signal.reason);
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      const before = busy();
      queues.push(waiter);
      markBusy(now, before);
      pump();
    });

  return {
    get rate() {
      return bucket.limited() ? bucket.rate : undefined;
    },

    acquire(priority, signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      const now = clock();
      if (queues.mayPass(priority) && waitFor(now) === 0) {
        take(now, busy());
        return Promise.resolve(now);
      }
      return enqueue(priority, signal, now);
    },

    depart(signal) {
      return departures.depart(bucket.limited() ? windowsOf(bucket.rate, bucket.burst) : [], { now: clock, pausedUntil: () => pausedUntil, sleep: deps.sleep }, signal);
    },

    onResponse(sentAtMs, status, retryAfterMs) {
      const now = clock();
      const before = busy();
      active = Math.max(0, active - 1);
      if (status === 429) pausedUntil = Math.max(pausedUntil, now + adaptation.onThrottled(now, sentAtMs, retryAfterMs, busy()));
      else if (status !== undefined) adaptation.onAnswered(now, sentAtMs);
      markBusy(now, before);
      if (!queues.isEmpty()) pump();
      return Math.max(0, pausedUntil - now);
    },
  };
}

/** The options checked, with their defaults: `ceiling` is the configured rate, or unlimited. */
function readLimits(options: RateLimiterOptions) {
  const configured = options.rate;
  if (configured !== undefined && !(Number.isFinite(configured) && configured > 0)) {
    throw new RangeError(`rate must be a positive number of requests per second, got ${configured}`);
  }
  const ceiling = configured ?? Number.POSITIVE_INFINITY;
  return {
    configured,
    ceiling,
    minRate: Math.min(options.minRate ?? RATE_LIMITER_DEFAULTS.minRate, ceiling),
    maxBackgroundWaitMs: options.maxBackgroundWaitMs ?? RATE_LIMITER_DEFAULTS.maxBackgroundWaitMs,
    probeIntervalMs: options.probeIntervalMs ?? RATE_LIMITER_DEFAULTS.probeIntervalMs,
    maxPauseMs: options.maxPauseMs ?? RATE_LIMITER_DEFAULTS.maxPauseMs,
  };
}

/**
 * How much longer than a second the window of R requests is kept where they leave: the service
 * counts arrivals, and a request held up on the way (a retransmission, a busy proxy) arrives closer
 * to the next ones than it left (`--rate-limit 5` let 6 arrive within 908 ms). The cost: the rate
 * sustained is R × 1000 / 1100.
 */
export const NETWORK_JITTER_MARGIN_MS = 100;

/** The windows a rate imposes: R in any second (plus the margin), and the burst plus a tenth of R in any tenth of a second. */
function windowsOf(rate: number, burst: number): DepartureWindow[] {
  return [
    { spanMs: 1000 + NETWORK_JITTER_MARGIN_MS, max: Math.max(1, Math.floor(rate)) },
    { spanMs: 100, max: Math.max(1, Math.floor(burst) + Math.ceil(rate / 10)) },
  ];
}
