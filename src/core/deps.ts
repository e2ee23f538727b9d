/**
 * Every side effect enters through this object. Core code never touches `process`, `console`,
 * `Date.now` or the global `fetch`; the CLI builds the real one with `createNodeDeps`, tests build
 * their own.
 */
import { readFileSync } from 'node:fs';
import type { PipelineEvent } from './events.js';

/** A reading of the system's monotonic clock, with the boot it belongs to. */
export interface BootClockReading {
  /** The kernel's id of this boot: readings of one boot are comparable across processes. */
  bootId: string;
  /** Milliseconds of the system's monotonic clock (from boot; never set, never jumps). */
  ms: number;
}

/** The side effects the library needs. */
export interface Deps {
  /** HTTP. */
  fetch: typeof globalThis.fetch;
  /** The wall clock: for timestamps people read and for what is stored across runs. */
  now: () => Date;
  /**
   * Milliseconds from an arbitrary origin that never jumps when the wall clock is set (durations,
   * deadlines and waits within one process). Optional so a test's hand-made `Deps` keeps working;
   * read it through {@link readMonotonicMs}.
   */
  monotonic?: () => number;
  /**
   * The system-wide monotonic clock and the boot id, for deadlines kept across runs (a reading
   * stored by one process and compared by the next on the same boot). `undefined` when the system
   * does not tell (no boot id); optional for hand-made `Deps`. Read it through {@link readBootClock}.
   */
  bootClock?: () => BootClockReading | undefined;
  /** Waits; must honour the signal (reject with its reason when aborted). */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Random numbers in [0, 1), for jitter. */
  random: () => number;
  /** Environment variables (a copy, never `process.env` itself in tests). */
  env: Readonly<Record<string, string | undefined>>;
  /** Working directory for relative paths. */
  cwd: string;
  /**
   * The id of the user the run acts as (POSIX), whose own files are the only state-directory caches
   * trusted; `undefined` where the system has none (Windows) or in a hand-made `Deps`.
   */
  userId?: number;
  /** Progress and log events; the CLI renders them. */
  onEvent: (event: PipelineEvent) => void;
  /** Cancels the run (Ctrl-C). */
  signal?: AbortSignal;
}

/** Real dependencies for Node. Only the CLI entry and tests that want the real clock call this. */
export function createNodeDeps(overrides: Partial<Deps> = {}): Deps {
  return {
    fetch: globalThis.fetch.bind(globalThis),
    now: () => new Date(),
    monotonic: () => globalThis.performance.now(),
    bootClock: createBootClock(),
    sleep: sleepWithSignal,
    random: Math.random,
    env: { ...globalThis.process.env },
    cwd: globalThis.process.cwd(),
    ...readUserId(),
    onEvent: () => {},
    ...overrides,
  };
}

/** The process's user id where the system has one (`getuid` exists on POSIX only). */
function readUserId(): Pick<Deps, 'userId'> {
  const userId = globalThis.process.getuid?.();
  return userId === undefined ? {} : { userId };
}

/**
 * The monotonic clock of `deps`, in milliseconds. Without one (a hand-made `Deps` in a test), the
 * process's own monotonic clock: never the wall clock, which a clock change moves.
 */
export function readMonotonicMs(deps: Pick<Deps, 'monotonic'>): number {
  return deps.monotonic === undefined ? globalThis.performance.now() : deps.monotonic();
}

/** The boot clock of `deps`, or `undefined` when it has none or the system does not tell. */
export function readBootClock(deps: Pick<Deps, 'bootClock'>): BootClockReading | undefined {
  return deps.bootClock?.();
}

/**
 * Linux's boot id and `CLOCK_MONOTONIC` (`process.hrtime`, the same for every process of a boot).
 * Elsewhere (no boot id to read) it gives `undefined`: a reading could not be told from another
 * boot's.
 */
function createBootClock(): () => BootClockReading | undefined {
  let bootId: string | null | undefined;
  return () => {
    if (bootId === undefined) bootId = readBootId();
    if (bootId === null) return undefined;
    return { bootId, ms: Number(globalThis.process.hrtime.bigint() / 1000n) / 1000 };
  };
}

function readBootId(): string | null {
  try {
    const id = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return id === '' ? null : id;
  } catch {
    return null;
  }
}

/**
 * The sleeps waiting on each signal. A followed job sleeps between polls, and an import follows
 * many jobs at once: one abort listener per sleep put more than ten on the run's signal and Node
 * warned `MaxListenersExceededWarning` (issue 38). One listener per signal wakes all its sleeps.
 */
const sleepsBySignal = new WeakMap<AbortSignal, Set<() => void>>();

function onAbortOf(signal: AbortSignal, wake: () => void): () => void {
  let sleeps = sleepsBySignal.get(signal);
  if (sleeps === undefined) {
    const own = new Set<() => void>();
    sleeps = own;
    sleepsBySignal.set(signal, own);
    signal.addEventListener(
      'abort',
      () => {
        sleepsBySignal.delete(signal);
        for (const abortSleep of own) abortSleep();
      },
      { once: true },
    );
  }
  sleeps.add(wake);
  const registered = sleeps;
  return () => {
    registered.delete(wake);
  };
}

/** `setTimeout` as a promise that rejects with the signal's reason on abort. */
export function sleepWithSignal(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      forget();
      resolve();
    }, ms);
    const forget =
      signal === undefined
        ? () => undefined
        : onAbortOf(signal, () => {
            clearTimeout(timer);
            reject(signal.reason);
          });
  });
}
