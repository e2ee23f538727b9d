/**
 * Timed waits of the sandbox (scripted latency) that closing it can cut short, so that `close()`
 * never waits for a slow fault to run out.
 */

/** The waits under way. */
export interface Sleepers {
  /** Resolves after `ms`, or as soon as `wakeAll` is called. */
  sleep(ms: number): Promise<void>;
  /** Ends every wait under way now. */
  wakeAll(): void;
}

/** Creates an empty set of waits. */
export function createSleepers(): Sleepers {
  const sleepers = new Set<{ timer: NodeJS.Timeout; wake: () => void }>();
  return {
    sleep: (ms) =>
      new Promise((resolve) => {
        const sleeper = {
          timer: setTimeout(() => {
            sleepers.delete(sleeper);
            resolve();
          }, ms),
          wake: resolve,
        };
        sleepers.add(sleeper);
      }),
    wakeAll() {
      for (const sleeper of sleepers) {
        clearTimeout(sleeper.timer);
        sleeper.wake();
      }
      sleepers.clear();
    },
  };
}
