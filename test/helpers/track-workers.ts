import { createHook } from 'node:async_hooks';
import { onTestFinished } from 'vitest';

/** What `trackWorkers` sees: worker threads started since it was called, and those still alive. */
export interface WorkerTracker {
  started(): number;
  /**
   * Threads alive once the handles of the ended ones are closed: an ended thread's handle closes
   * in the next turn of the event loop. Not waited for longer: a thread nobody ended is also
   * ended when its dropped stream is garbage collected, which would hide the leak.
   */
  alive(): Promise<number>;
}

/** Counts the worker threads started from now on, and those still alive, until the test ends. */
export function trackWorkers(): WorkerTracker {
  const live = new Set<number>();
  let started = 0;
  const hook = createHook({
    init(id, type) {
      if (type !== 'WORKER') return;
      started += 1;
      live.add(id);
    },
    destroy(id) {
      live.delete(id);
    },
  }).enable();
  onTestFinished(() => void hook.disable());
  return {
    started: () => started,
    async alive(): Promise<number> {
      for (let turn = 0; turn < 5 && live.size > 0; turn++) await new Promise((done) => setImmediate(done));
      return live.size;
    },
  };
}
