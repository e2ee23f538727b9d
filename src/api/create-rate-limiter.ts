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
 * just before the 429 arrived waits like the others. Waiting requests are served by priority: `normal` ones (imports, token,
 * directories, products) before `background` ones (job polls), which fill the spare capacity; once
 * a background request has waited `maxBackgroundWaitMs`, background requests get at least one slot
 * in ten, so polls never starve.
 *
 * The rate a 429 sets is measured, not guessed: the successful requests since the previous 429
 * (or since the start) divided by the time requests were in flight or waiting since then (at
 * least a second), which counts a pause the service imposed against the rate (a conservative
 * estimate), times 0.95. With fewer than 5 successes to go by, a rate in force is cut by a fifth
 * (none in force: only the pause).
 *
 * Time comes from `now`, waits from `sleep`; a finished wait counts as that much time passed even
 * when the clock does not move (tests with a frozen clock still progress).
 */
import type { Deps } from '../core/deps.js';
import { createDepartureWindows } from './create-departure-windows.js';
import type { Departure, DepartureWindow } from './create-departure-windows.js';

/** `normal`: serve first; `background`: fill spare capacity (job polls). */
export type RequestPriority = 'normal' | 'background';

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
export type RateLimiterDeps = Pick<Deps, 'now' | 'sleep' | 'onEvent'>;

/** Defaults of the options. */
export const RATE_LIMITER_DEFAULTS = {
  minRate: 0.5,
  maxBackgroundWaitMs: 5_000,
  probeIntervalMs: 2_000,
  maxPauseMs: 30_000,
} as const;

/** Below the observed rate a 429 sets, so that the service's bucket can refill. */
const BACKOFF_FACTOR = 0.95;
/** Each probe step raises the rate by this share (at least 0.5 per second). */
const PROBE_STEP = 0.03;
/** Fewer successes than this in a 429 episode cannot tell the service's rate. */
const MIN_OBSERVED_SUCCESSES = 5;
/** Successes are spread over at least this long: a service that accepted S requests at once and then refused allows about S per second. */
const MIN_OBSERVATION_MS = 1000;

interface Waiter {
  priority: RequestPriority;
  since: number;
  resolve: (at: number) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}


/** An idle stretch at least this long ends the observation of the service's rate (see `markBusy`). */
const OBSERVATION_IDLE_RESET_MS = 1000;

/** Creates a limiter. */
export function createRateLimiter(options: RateLimiterOptions, deps: RateLimiterDeps): RateLimiter {
  const configured = options.rate;
  if (configured !== undefined && !(Number.isFinite(configured) && configured > 0)) {
    throw new RangeError(`rate must be a positive number of requests per second, got ${configured}`);
  }
  const ceiling = configured ?? Number.POSITIVE_INFINITY;
  const minRate = Math.min(options.minRate ?? RATE_LIMITER_DEFAULTS.minRate, ceiling);
  const maxBackgroundWaitMs = options.maxBackgroundWaitMs ?? RATE_LIMITER_DEFAULTS.maxBackgroundWaitMs;
  const probeIntervalMs = options.probeIntervalMs ?? RATE_LIMITER_DEFAULTS.probeIntervalMs;
  const maxPauseMs = options.maxPauseMs ?? RATE_LIMITER_DEFAULTS.maxPauseMs;

  // Time never goes back, and a completed wait counts as time passed (see the file comment).
  let floor = deps.now().getTime();
  const clock = (): number => {
    floor = Math.max(floor, deps.now().getTime());
    return floor;
  };

  let rate = ceiling;
  let burst = burstOf(rate);
  let tokens = burst;
  let refilledAt = clock();
  const departures = createDepartureWindows();
  let pausedUntil = 0;
  /** Start of the current 429 episode; successes and busy time since then measure the service. */
  let episodeStart = refilledAt;
  let successes = 0;
  let busyMs = 0;
  let busySince: number | undefined;
  let active = 0;
  let lastRaise = refilledAt;
  /** Whether the rate held requests back since the last step up (only then is probing useful). */
  let constrained = false;
  /** Normal requests served in a row while an aged background request waited. */
  let normalStreak = 0;
  const normal: Waiter[] = [];
  const background: Waiter[] = [];
  let timer: { at: number; cancel: AbortController } | undefined;

  const limited = (): boolean => Number.isFinite(rate);
  const busy = (): boolean => active > 0 || normal.length > 0 || background.length > 0;
  let idleSince: number | undefined;
  // Busy time is summed at every change of `busy()`, so that idle stretches (reading the file) never dilute the measure.
  // A stretch of demand that starts after a long idle one starts a new observation: the requests
  // before it (a directory fetch paged one request at a time, bound by latency, not by the rate)
  // say nothing of the rate the service accepts, and counting them set a learned rate a third low.
  const markBusy = (now: number, before: boolean): void => {
    const after = busy();
    if (before && busySince !== undefined) busyMs += now - busySince;
    if (!before && after && idleSince !== undefined && now - idleSince >= OBSERVATION_IDLE_RESET_MS) {
      episodeStart = now;
      successes = 0;
      busyMs = 0;
    }
    if (before && !after) idleSince = now;
    busySince = after ? now : undefined;
  };

  const refill = (now: number): void => {
    if (!limited()) return;
    tokens = Math.min(burst, tokens + ((now - refilledAt) / 1000) * rate);
    refilledAt = now;
  };

  /** Milliseconds until a request may leave (0: now). */
  const waitFor = (now: number): number => {
    if (now < pausedUntil) return pausedUntil - now;
    if (!limited()) return 0;
    refill(now);
    return tokens >= 1 ? 0 : Math.ceil(((1 - tokens) / rate) * 1000);
  };

  const take = (now: number, before: boolean): void => {
    active += 1;
    markBusy(now, before);
    if (!limited()) return;
    tokens -= 1;
  };

  const nextWaiter = (now: number): Waiter | undefined => {
    const oldest = background[0];
    if (oldest === undefined) return normal.shift();
    if (normal.length === 0 || (now - oldest.since >= maxBackgroundWaitMs && normalStreak >= 9)) {
      normalStreak = 0;
      return background.shift();
    }
    if (now - oldest.since >= maxBackgroundWaitMs) normalStreak += 1;
    return normal.shift();
  };

  const pump = (): void => {
    for (;;) {
      if (normal.length === 0 && background.length === 0) return;
      const now = clock();
      const wait = waitFor(now);
      if (wait > 0) {
        if (now >= pausedUntil) constrained = true;
        schedule(now + wait);
        return;
      }
      const before = busy();
      const waiter = nextWaiter(now);
      if (waiter === undefined) return;
      if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
      take(now, before);
      waiter.resolve(now);
    }
  };

  const schedule = (at: number): void => {
    if (timer !== undefined && timer.at <= at) return;
    timer?.cancel.abort();
    const cancel = new AbortController();
    const current = { at, cancel };
    timer = current;
    deps.sleep(Math.max(1, at - clock()), cancel.signal).then(
      () => {
        if (timer !== current) return;
        timer = undefined;
        floor = Math.max(floor, at);
        pump();
      },
      () => {
        // Cancelled for an earlier wake-up, which pumps instead.
      },
    );
  };

  const setRate = (next: number, message: string, level: 'info' | 'warn' | 'debug', extra: Record<string, unknown>): void => {
    const previous = rate;
    const now = clock();
    refill(now);
    rate = next;
    burst = burstOf(next);
    tokens = Number.isFinite(previous) ? Math.min(tokens, burst) : Math.min(1, burst);
    refilledAt = now;
    deps.onEvent({
      type: 'log',
      level,
      message: `rate limit: ${message}; ${formatRate(next)} now (was ${formatRate(previous)})`,
      data: { rate: next, previousRate: Number.isFinite(previous) ? previous : null, configuredRate: configured ?? null, ...extra },
    });
  };

  const onThrottled = (now: number, sentAtMs: number, retryAfterMs: number | undefined): void => {
    const pause = retryAfterMs === undefined ? 0 : Math.min(Math.max(0, retryAfterMs), maxPauseMs);
    if (sentAtMs >= episodeStart) {
      const observedMs = busyMs + (busySince === undefined ? 0 : now - busySince);
      const observed = (successes / Math.max(MIN_OBSERVATION_MS, observedMs)) * 1000;
      const measured = successes >= MIN_OBSERVED_SUCCESSES;
      // Too short an episode cannot tell the service's rate: cut the rate in force, if any, instead.
      const target = measured ? Math.min(rate, observed) * BACKOFF_FACTOR : limited() ? rate * 0.8 : rate;
      const next = Math.max(minRate, target);
      const answered = `the service answered 429${retryAfterMs === undefined ? '' : ` with Retry-After ${Math.round(retryAfterMs)} ms`}`;
      const why = measured ? `${answered} after accepting ${formatRate(observed)}` : answered;
      const data = { observedRate: measured ? Math.round(observed * 100) / 100 : null, retryAfterMs: retryAfterMs ?? null, pauseMs: pause };
      if (next !== rate) setRate(next, `${why}${pause > 0 ? `, pausing every request ${pause} ms` : ''}`, 'warn', data);
      else deps.onEvent({ type: 'log', level: 'warn', message: `rate limit: ${why}; pausing every request ${pause} ms`, data: { rate: limited() ? rate : null, ...data } });
      episodeStart = now;
      successes = 0;
      busyMs = 0;
      busySince = busy() ? now : undefined;
      constrained = false;
    }
    pausedUntil = Math.max(pausedUntil, now + pause);
  };

  const onAnswered = (now: number, sentAtMs: number): void => {
    if (sentAtMs >= episodeStart) successes += 1;
    // Probe up only while the rate held requests back and no 429 came for a while.
    if (!limited() || rate >= ceiling || !constrained || now - Math.max(lastRaise, episodeStart) < probeIntervalMs) return;
    lastRaise = now;
    constrained = false;
    const next = Math.min(ceiling, rate + Math.max(0.5, rate * PROBE_STEP));
    const back = next === ceiling;
    setRate(next, back ? 'no 429 for a while, back to the configured rate' : 'no 429 for a while, probing higher', back ? 'info' : 'debug', {});
  };

  return {
    get rate() {
      return limited() ? rate : undefined;
    },

    acquire(priority, signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      const now = clock();
      if (normal.length === 0 && (background.length === 0 || priority === 'normal') && waitFor(now) === 0) {
        take(now, busy());
        return Promise.resolve(now);
      }
      return new Promise<number>((resolve, reject) => {
        const waiter: Waiter = { priority, since: now, resolve, reject, signal, onAbort: undefined };
        const queue = priority === 'normal' ? normal : background;
        if (signal !== undefined) {
          waiter.onAbort = () => {
            const before = busy();
            const at = queue.indexOf(waiter);
            if (at >= 0) queue.splice(at, 1);
            markBusy(clock(), before);
            reject(signal.reason);
          };
          signal.addEventListener('abort', waiter.onAbort, { once: true });
        }
        const before = busy();
        queue.push(waiter);
        markBusy(now, before);
        pump();
      });
    },

    depart(signal) {
      return departures.depart(limited() ? windowsOf(rate, burst) : [], { now: clock, pausedUntil: () => pausedUntil, sleep: deps.sleep }, signal);
    },

    onResponse(sentAtMs, status, retryAfterMs) {
      const now = clock();
      const before = busy();
      active = Math.max(0, active - 1);
      if (status === 429) onThrottled(now, sentAtMs, retryAfterMs);
      else if (status !== undefined) onAnswered(now, sentAtMs);
      markBusy(now, before);
      if (normal.length > 0 || background.length > 0) pump();
      return Math.max(0, pausedUntil - now);
    },
  };
}

/** The windows a rate imposes: R in any second, and the burst plus a tenth of R in any tenth of a second. */
function windowsOf(rate: number, burst: number): DepartureWindow[] {
  return [
    { spanMs: 1000, max: Math.max(1, Math.floor(rate)) },
    { spanMs: 100, max: Math.max(1, Math.floor(burst) + Math.ceil(rate / 10)) },
  ];
}

function burstOf(rate: number): number {
  return Number.isFinite(rate) ? Math.max(1, rate / 10) : Number.POSITIVE_INFINITY;
}

function formatRate(rate: number): string {
  if (!Number.isFinite(rate)) return 'unlimited';
  return `${rate >= 10 ? Math.round(rate) : Math.round(rate * 10) / 10} requests/s`;
}
