/**
 * The requests waiting for a slot of the rate limiter, served by priority: `normal` ones
 * (imports, token, directories, products) before `background` ones (job polls), which fill the
 * spare capacity; once a background request has waited `maxBackgroundWaitMs`, background requests
 * get at least one slot in ten, so polls never starve.
 */

/** `normal`: serve first; `background`: fill spare capacity (job polls). */
export type RequestPriority = 'normal' | 'background';

/** A request waiting for a slot. */
export interface Waiter {
  priority: RequestPriority;
  /** When it started waiting. */
  since: number;
  resolve: (at: number) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

/** The two queues and the rule that picks the next waiter. */
export interface WaiterQueues {
  /** Whether nobody waits. */
  isEmpty(): boolean;
  /** Whether a request of `priority` arriving now may take a free slot ahead of every waiter. */
  mayPass(priority: RequestPriority): boolean;
  push(waiter: Waiter): void;
  /** Removes a waiter (aborted); nothing if it is no longer waiting. */
  remove(waiter: Waiter): void;
  /** Takes the waiter to serve next at `now`, if any. */
  next(now: number): Waiter | undefined;
}

/** Creates empty queues. */
export function createWaiterQueues(maxBackgroundWaitMs: number): WaiterQueues {
  const normal: Waiter[] = [];
  const background: Waiter[] = [];
  /** Normal requests served in a row while an aged background request waited. */
  let normalStreak = 0;
  const queueOf = (waiter: Waiter): Waiter[] => (waiter.priority === 'normal' ? normal : background);
  return {
    isEmpty: () => normal.length === 0 && background.length === 0,
    mayPass: (priority) => normal.length === 0 && (background.length === 0 || priority === 'normal'),
    push(waiter) {
      queueOf(waiter).push(waiter);
    },
    remove(waiter) {
      const queue = queueOf(waiter);
      const at = queue.indexOf(waiter);
      if (at >= 0) queue.splice(at, 1);
    },
    next(now) {
      const oldest = background[0];
      if (oldest === undefined) return normal.shift();
      if (normal.length === 0 || (now - oldest.since >= maxBackgroundWaitMs && normalStreak >= 9)) {
        normalStreak = 0;
        return background.shift();
      }
      if (now - oldest.since >= maxBackgroundWaitMs) normalStreak += 1;
      return normal.shift();
    },
  };
}
