/**
 * The client's one rate gate. Every request of a client passes it at the moment it leaves: ky hands
 * the gate the call of `fetch`, and the gate makes that call when the rate allows, in the same
 * turn, so nothing (a stalled event loop, a garbage collection) can come between the moment a
 * request is counted and the moment it leaves. See `docs/client.md`, "Rate limit".
 *
 * While a rate R is in force, two rules hold together:
 * - a token bucket (rate R, a burst of a tenth of a second's worth, at least 1) spreads requests
 *   evenly;
 * - at most R requests are counted within any second, a request counting from the moment it leaves
 *   until its answer comes back, and for a second after that. The service counts arrivals, and a
 *   request arrives somewhere between the two: counted this way, no R + 1 requests can arrive
 *   within one second however the network delays them (a bare second between departures let 6
 *   arrive within 908 ms at `--rate-limit 5`). The margin this leaves is the latency itself: R
 *   requests per (1 s + latency) when the rate is what holds requests back.
 *
 * It adapts to the service: a 429 lowers the rate to what the service was seen to accept (the
 * successes since the last 429, or since demand started after an idle second, over the time
 * requests were in flight or waiting, at least a second, times 0.95; with fewer than 5 successes a
 * rate in force is cut by a fifth, none in force: only the pause); a `Retry-After` pauses every
 * request, not only the refused one; a quiet stretch (no 429 for 2 s while the rate
 * held requests back) raises it by 3 % (at least 0.5/s), never above the configured rate. Without a
 * configured rate nothing is limited until the first 429.
 *
 * Waiting requests are served by priority: `normal` (imports, token, directories, products) before
 * `background` (job polls), which fill the spare capacity; once a background request has waited
 * 5 s, background requests get at least one turn in ten, so polls never starve.
 *
 * Time is the monotonic clock (`readMonotonicMs`): a wall-clock change moves no pause or window. A
 * finished wait counts as that much time passed even when that clock does not move (tests with a
 * frozen clock still progress). Waits go through `deps.sleep`.
 */
import { readMonotonicMs } from '../core/deps.js';
import type { Deps } from '../core/deps.js';

/** `normal`: served first; `background`: fills spare capacity (job polls). */
export type RequestPriority = 'normal' | 'background';

/** Options of `createRateGate`. */
export interface RateGateOptions {
  /** Requests per second at most; undefined: unlimited until the service answers 429. */
  rate?: number | undefined;
  /** Longest pause a `Retry-After` may impose, default 30 000. */
  maxPauseMs?: number;
}

/** The rate gate shared by every request of one client. */
export interface RateGate {
  /**
   * Waits for the request's turn, then calls `send(sentAtMs)` at once (the request leaves) and
   * resolves as it does; the request counts in the window until `send` settles. Rejects with the
   * signal's reason when aborted while waiting (`send` is then never called).
   */
  pass<T>(priority: RequestPriority, signal: AbortSignal | undefined, send: (sentAtMs: number) => Promise<T>): Promise<T>;
  /**
   * Tells the gate how a request that left at `sentAtMs` ended: its HTTP status, or `undefined`
   * when no answer came. A 429 lowers the rate (once per episode of 429s) and pauses every request
   * for `retryAfterMs` when given; returns the pause left in ms (0: none).
   */
  settle(sentAtMs: number, status: number | undefined, retryAfterMs: number | undefined): number;
  /** Requests per second now in force; `undefined` while unlimited. */
  readonly rate: number | undefined;
}

/** The side effects the gate uses. */
export type RateGateDeps = Pick<Deps, 'monotonic' | 'sleep' | 'onEvent'>;

/** Lowest rate adapting goes down to, per second. */
const MIN_RATE = 0.5;
/** A background request waiting this long gets at least one turn in ten. */
const MAX_BACKGROUND_WAIT_MS = 5_000;
/** Quiet time (no 429) between two steps up of an adapted rate. */
const PROBE_INTERVAL_MS = 2_000;
/** Longest pause a `Retry-After` may impose when `maxPauseMs` is not given. */
const MAX_PAUSE_MS = 30_000;

/** The window the service is assumed to count in. */
const WINDOW_MS = 1000;
/** Below the observed rate a 429 sets, so that the service's bucket can refill. */
const BACKOFF_FACTOR = 0.95;
/** Each probe step raises the rate by this share (at least 0.5 per second). */
const PROBE_STEP = 0.03;
/** Fewer successes than this in a 429 episode cannot tell the service's rate. */
const MIN_OBSERVED_SUCCESSES = 5;
/** An idle stretch this long ends the observation: paged requests before it were bound by latency, not by the rate. */
const OBSERVATION_IDLE_RESET_MS = 1000;

interface Waiter {
  priority: RequestPriority;
  since: number;
  /** Lets the request leave now. */
  go(now: number): void;
}

/** Creates a gate. */
export function createRateGate(options: RateGateOptions, deps: RateGateDeps): RateGate {
  const limits = readLimits(options);
  const clock = createForwardClock(deps);
  const start = clock.read();
  const bucket = createTokenBucket(limits.ceiling, start);
  const seen = createObservation(start);
  const flights = createFlightWindow();
  const queue = createWaiterQueue(MAX_BACKGROUND_WAIT_MS);
  const adapt = createRateAdaptation({ bucket, seen, limits, start, clock, onEvent: deps.onEvent });
  const schedule = createWakeTimer(deps, clock, () => pump());
  let pausedUntil = 0;
  let active = 0;

  /** Tells the observation whether requests are in flight or waiting, after each change of either. */
  const noteDemand = (now: number): void => seen.markBusy(now, active > 0 || !queue.isEmpty());

  /** Milliseconds until a request may leave (0: now; `Infinity`: when an answer comes back). */
  const waitFor = (now: number): number => {
    if (now < pausedUntil) return pausedUntil - now;
    if (!bucket.limited()) return 0;
    return Math.max(bucket.waitFor(now), flights.waitFor(now, Math.max(1, Math.floor(bucket.rate))));
  };

  const depart = <T>(now: number, send: (sentAtMs: number) => Promise<T>): Promise<T> => {
    active += 1;
    noteDemand(now);
    bucket.take();
    return flights.record(now, send, clock.read, pump);
  };

  function pump(): void {
    for (;;) {
      if (queue.isEmpty()) return;
      const now = clock.read();
      const wait = waitFor(now);
      if (wait > 0) {
        if (now >= pausedUntil) adapt.heldBack();
        if (Number.isFinite(wait)) schedule(now + wait);
        return;
      }
      (queue.next(now) as Waiter).go(now);
    }
  }

  return {
    get rate() {
      return bucket.limited() ? bucket.rate : undefined;
    },

    pass(priority, signal, send) {
      if (signal?.aborted) return Promise.reject(signal.reason as Error);
      const now = clock.read();
      if (queue.mayPass(priority) && waitFor(now) === 0) return depart(now, send);
      return new Promise((resolve, reject) => {
        const onAbort = (): void => {
          queue.remove(waiter);
          noteDemand(clock.read());
          reject(signal?.reason);
        };
        const waiter: Waiter = {
          priority,
          since: now,
          go(at) {
            signal?.removeEventListener('abort', onAbort);
            resolve(depart(at, send));
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(waiter);
        noteDemand(now);
        pump();
      });
    },

    settle(sentAtMs, status, retryAfterMs) {
      const now = clock.read();
      active = Math.max(0, active - 1);
      if (status === 429) pausedUntil = Math.max(pausedUntil, now + adapt.throttled(now, sentAtMs, retryAfterMs));
      else if (status !== undefined) adapt.answered(now, sentAtMs);
      noteDemand(now);
      pump();
      // Whole milliseconds, rounded up: on a fractional clock \`now + 1000 - now\` can be 999.9999…
      return Math.max(0, Math.ceil(pausedUntil - now));
    },
  };
}

/** The options checked, with their defaults: `ceiling` is the configured rate, or unlimited. */
function readLimits(options: RateGateOptions) {
  const configured = options.rate;
  if (configured !== undefined && !(Number.isFinite(configured) && configured > 0)) {
    throw new RangeError(`rate must be a positive number of requests per second, got ${configured}`);
  }
  const ceiling = configured ?? Number.POSITIVE_INFINITY;
  return {
    configured,
    ceiling,
    minRate: Math.min(MIN_RATE, ceiling),
    maxPauseMs: options.maxPauseMs ?? MAX_PAUSE_MS,
  };
}

/** The monotonic clock, never going back, and at least as late as the last finished wait. */
function createForwardClock(deps: Pick<Deps, 'monotonic'>) {
  let floor = readMonotonicMs(deps);
  return {
    read: (): number => (floor = Math.max(floor, readMonotonicMs(deps))),
    reach(at: number): void {
      floor = Math.max(floor, at);
    },
  };
}

/**
 * One pending wake-up for `onWake`: an earlier one replaces it, a later one is covered by it. Waits
 * go through `deps.sleep`; a wait that ends, the clock reaches its end at least.
 */
function createWakeTimer(deps: Pick<Deps, 'monotonic' | 'sleep'>, clock: ReturnType<typeof createForwardClock>, onWake: () => void): (at: number) => void {
  let timer: { at: number; cancel: AbortController } | undefined;
  const schedule = (at: number): void => {
    if (timer !== undefined && timer.at <= at) return;
    timer?.cancel.abort();
    const current = { at, cancel: new AbortController() };
    timer = current;
    const before = readMonotonicMs(deps);
    deps.sleep(Math.max(1, Math.ceil(at - clock.read())), current.cancel.signal).then(
      () => {
        if (timer !== current) return;
        timer = undefined;
        // A timer may fire early on a clock that moves (Node times it from the event loop's cached
        // time, stale by the length of the turn that set it): wait the rest, or a Retry-After or a
        // window would end early. A clock that did not move at all is a test's frozen one: the
        // finished wait counts as the time passed.
        if (readMonotonicMs(deps) > before && clock.read() < at) {
          schedule(at);
          return;
        }
        clock.reach(at);
        onWake();
      },
      () => undefined,
    );
  };
  return schedule;
}

/**
 * How the rate in force follows the service: a 429 sets it from what the service was seen to
 * accept (`decideThrottledRate`), once per episode of 429s; a quiet stretch while the rate held
 * requests back raises it a step, never above the configured rate. Each change is logged.
 */
function createRateAdaptation(parts: {
  bucket: ReturnType<typeof createTokenBucket>;
  seen: ReturnType<typeof createObservation>;
  limits: ReturnType<typeof readLimits>;
  start: number;
  clock: ReturnType<typeof createForwardClock>;
  onEvent: Deps['onEvent'];
}) {
  const { bucket, seen, limits, clock, onEvent } = parts;
  let lastRaise = parts.start;
  /** Whether the rate held a request back since the last change: only then is a step up tried. */
  let constrained = false;

  const setRate = (next: number, message: string, level: 'info' | 'warn' | 'debug', extra: Record<string, unknown>): void => {
    const previous = bucket.rate;
    bucket.setRate(next, clock.read());
    onEvent({
      type: 'log',
      level,
      message: `rate limit: ${message}; ${formatRate(next)} now (was ${formatRate(previous)})`,
      data: { rate: next, previousRate: Number.isFinite(previous) ? previous : null, configuredRate: limits.configured ?? null, ...extra },
    });
  };

  return {
    /** The rate (not a pause) kept a request waiting. */
    heldBack(): void {
      constrained = true;
    },
    /** A 429 of the request that left at `sentAtMs`: returns the pause every request makes (0: none). */
    throttled(now: number, sentAtMs: number, retryAfterMs: number | undefined): number {
      const pause = retryAfterMs === undefined ? 0 : Math.min(Math.max(0, retryAfterMs), limits.maxPauseMs);
      // A 429 of a request that left before the last reaction belongs to that episode.
      if (sentAtMs < seen.episodeStart) return pause;
      const reaction = decideThrottledRate({ rate: bucket.rate, minRate: limits.minRate, observed: seen.measure(now), retryAfterMs, pauseMs: pause });
      if (reaction.rate !== bucket.rate) setRate(reaction.rate, reaction.message, 'warn', reaction.data);
      else onEvent({ type: 'log', level: 'warn', message: `rate limit: ${reaction.why}; pausing every request ${pause} ms`, data: { rate: bucket.limited() ? bucket.rate : null, ...reaction.data } });
      seen.restart(now);
      constrained = false;
      return pause;
    },
    /** An answer other than 429 to the request that left at `sentAtMs`. */
    answered(now: number, sentAtMs: number): void {
      seen.countSuccess(sentAtMs);
      // Probe up only while the rate held requests back and no 429 came for a while.
      if (!bucket.limited() || bucket.rate >= limits.ceiling || !constrained || now - Math.max(lastRaise, seen.episodeStart) < PROBE_INTERVAL_MS) return;
      lastRaise = now;
      constrained = false;
      const next = Math.min(limits.ceiling, bucket.rate + Math.max(0.5, bucket.rate * PROBE_STEP));
      const back = next === limits.ceiling;
      setRate(next, back ? 'no 429 for a while, back to the configured rate' : 'no 429 for a while, probing higher', back ? 'info' : 'debug', {});
    },
  };
}

/** A token bucket whose rate may change; an infinite rate is no limit at all. */
function createTokenBucket(initial: number, now: number) {
  const burstOf = (rate: number): number => (Number.isFinite(rate) ? Math.max(1, rate / 10) : Number.POSITIVE_INFINITY);
  let rate = initial;
  let burst = burstOf(rate);
  let tokens = burst;
  let refilledAt = now;
  const limited = (): boolean => Number.isFinite(rate);
  const refill = (at: number): void => {
    if (!limited()) return;
    tokens = Math.min(burst, tokens + ((at - refilledAt) / 1000) * rate);
    refilledAt = at;
  };
  return {
    get rate(): number {
      return rate;
    },
    limited,
    /** Milliseconds until a token is there at `at` (0: now). */
    waitFor(at: number): number {
      if (!limited()) return 0;
      refill(at);
      return tokens >= 1 ? 0 : Math.ceil(((1 - tokens) / rate) * 1000);
    },
    take(): void {
      if (limited()) tokens -= 1;
    },
    /** The tokens held are capped at the new burst; a bucket that was unlimited starts with one at most. */
    setRate(next: number, at: number): void {
      const wasLimited = limited();
      refill(at);
      rate = next;
      burst = burstOf(next);
      tokens = wasLimited ? Math.min(tokens, burst) : Math.min(1, burst);
      refilledAt = at;
    },
  };
}

/** The requests counted in the window: each from its departure until a second after its answer. */
function createFlightWindow() {
  const flights: { until: number }[] = [];
  /** Forgets the requests out of the window at `now` (an answer more than a second old: whole milliseconds). */
  const prune = (now: number): void => {
    const edge = now - WINDOW_MS - 1;
    for (let i = flights.length - 1; i >= 0; i -= 1) if ((flights[i] as { until: number }).until <= edge) flights.splice(i, 1);
  };
  return {
    /** Milliseconds until one more request keeps at most `max` in the window (`Infinity`: after an answer). */
    waitFor(now: number, max: number): number {
      prune(now);
      if (flights.length < max) return 0;
      const ends = flights.map((flight) => flight.until).sort((a, b) => a - b);
      return (ends[flights.length - max] as number) + WINDOW_MS + 1 - now;
    },
    /** Sends now; the request counts until `send` settles, read on `clock`, then `onAnswer` is called. */
    record<T>(now: number, send: (sentAtMs: number) => Promise<T>, clock: () => number, onAnswer: () => void): Promise<T> {
      // Kept while unlimited too (a 429 may put a rate in force), so pruned here as well.
      prune(now);
      const flight = { until: Number.POSITIVE_INFINITY };
      flights.push(flight);
      let sent: Promise<T>;
      try {
        sent = send(now);
      } catch (error) {
        sent = Promise.reject(error as Error);
      }
      const answered = (): void => {
        flight.until = clock();
        onAnswer();
      };
      sent.then(answered, answered);
      return sent;
    },
  };
}

/**
 * What the gate has seen of the service since the last 429 (an episode): the requests it accepted
 * and the time requests were in flight or waiting. Idle stretches never dilute the measure, and
 * demand that starts after an idle second starts a new observation.
 */
function createObservation(now: number) {
  let episodeStart = now;
  let successes = 0;
  let busyMs = 0;
  let busySince: number | undefined;
  let idleSince: number | undefined;
  return {
    get episodeStart(): number {
      return episodeStart;
    },
    countSuccess(sentAtMs: number): void {
      if (sentAtMs >= episodeStart) successes += 1;
    },
    /** Told after every change of demand: whether requests are in flight or waiting now. */
    markBusy(at: number, busy: boolean): void {
      const wasBusy = busySince !== undefined;
      if (busySince !== undefined) busyMs += at - busySince;
      if (!wasBusy && busy && idleSince !== undefined && at - idleSince >= OBSERVATION_IDLE_RESET_MS) {
        episodeStart = at;
        successes = 0;
        busyMs = 0;
      }
      if (wasBusy && !busy) idleSince = at;
      busySince = busy ? at : undefined;
    },
    /** The successes of the episode and the rate they make over its busy time (at least a second). */
    measure(at: number): { successes: number; perSecond: number } {
      const observedMs = busyMs + (busySince === undefined ? 0 : at - busySince);
      return { successes, perSecond: (successes / Math.max(WINDOW_MS, observedMs)) * 1000 };
    },
    /** A new episode from `at`; the busy stretch under way, if any, counts from `at`. */
    restart(at: number): void {
      episodeStart = at;
      successes = 0;
      busyMs = 0;
      if (busySince !== undefined) busySince = at;
    },
  };
}

/** The waiting requests, two queues by priority, and the rule that picks the next one. */
function createWaiterQueue(maxBackgroundWaitMs: number) {
  const normal: Waiter[] = [];
  const background: Waiter[] = [];
  /** Normal requests served in a row while an aged background request waited. */
  let normalStreak = 0;
  const queueOf = (waiter: Waiter): Waiter[] => (waiter.priority === 'normal' ? normal : background);
  return {
    isEmpty: (): boolean => normal.length === 0 && background.length === 0,
    /** Whether a request of `priority` arriving now may go ahead of every waiter. */
    mayPass: (priority: RequestPriority): boolean => normal.length === 0 && (background.length === 0 || priority === 'normal'),
    push(waiter: Waiter): void {
      queueOf(waiter).push(waiter);
    },
    remove(waiter: Waiter): void {
      const queue = queueOf(waiter);
      const at = queue.indexOf(waiter);
      if (at >= 0) queue.splice(at, 1);
    },
    next(now: number): Waiter | undefined {
      const oldest = background[0];
      if (oldest === undefined) return normal.shift();
      const aged = now - oldest.since >= maxBackgroundWaitMs;
      if (normal.length === 0 || (aged && normalStreak >= 9)) {
        normalStreak = 0;
        return background.shift();
      }
      if (aged) normalStreak += 1;
      return normal.shift();
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
