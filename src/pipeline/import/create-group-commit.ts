/**
 * Group commit: items handed in while a commit is pending are committed together, so the fixed
 * cost of a transaction (its commit, and the disk sync when it has one) is paid per group of
 * items, not per item.
 */

/** Queues an item for the next commit; resolves once the commit holding it is done. */
export type GroupCommit<T> = (item: T) => Promise<void>;

/**
 * Creates a group commit over `commit`, which receives every item queued since the last commit.
 * `defer` schedules the commit when the first item of a group arrives (default `setImmediate`: the
 * items of one turn of the event loop go together). A commit may be asynchronous (work off the
 * event loop before its transaction): its items settle when it does. Items queued meanwhile form
 * the next group, whose commit starts without waiting for it: two commits may run at once, and the
 * later may finish first. Each item settles with its own group's commit only, so whoever waits for
 * an item waits for that commit, whatever the state of an earlier one. A failed commit fails every
 * item it held, and no other group.
 */
export function createGroupCommit<T>(commit: (items: readonly T[]) => void | Promise<void>, defer: (run: () => void) => void = setImmediate): GroupCommit<T> {
  let waiting: { item: T; resolve: () => void; reject: (error: unknown) => void }[] = [];
  const flush = (): void => {
    const group = waiting;
    waiting = [];
    const resolveAll = (): void => {
      for (const entry of group) entry.resolve();
    };
    const rejectAll = (error: unknown): void => {
      for (const entry of group) entry.reject(error);
    };
    try {
      const done = commit(group.map((entry) => entry.item));
      if (done instanceof Promise) done.then(resolveAll, rejectAll);
      else resolveAll();
    } catch (error) {
      rejectAll(error);
    }
  };
  return (item) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (waiting.length === 1) defer(flush);
    });
}
