/**
 * Group commit of the journal's `sending` marks. Each request must be on the disk as `sending`
 * before it leaves, and that sync costs milliseconds on the event loop; requests that become ready
 * while one sync runs are marked together by the next, so the sync cost is paid per wave of
 * requests, not per request.
 */
import { createGroupCommit } from './create-group-commit.js';
import type { SubmitTask } from './submit-batches.js';

/** Marks a task `sending` (durably); resolves when it may leave. */
export type SendingGate = (task: SubmitTask) => Promise<void>;

/**
 * Creates a gate over `commit`, which receives every task queued since the last commit.
 * `defer` runs the commit after the current turn of the event loop (default `setImmediate`).
 */
export function createSendingGate(commit: (tasks: readonly SubmitTask[]) => void, defer: (run: () => void) => void = setImmediate): SendingGate {
  return createGroupCommit(commit, defer);
}
