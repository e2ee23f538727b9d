/**
 * What a run does first about runs whose process was killed (`kill -9`, a crash of the machine):
 * it removes their scratch files from the state directory (`scratch/scratch-files.ts`), and a dry
 * run among them still recorded as `running` is recorded as `interrupted`, as a stopped dry run
 * is — nothing of it can continue. An import's record is left as it is: the next import of the
 * same content resumes that run (it may be this very run, resumed), and says so.
 */
import type { Deps } from '../core/deps.js';
import type { PreparedRun } from './prepare-run.js';
import { removeDeadRunsScratch, type RemovedScratch, type ScratchOwner } from './scratch/scratch-files.js';

/** Clears what dead runs left in the state directory of `prep`; returns the scratch files removed. */
export function clearDeadRuns(prep: Pick<PreparedRun, 'service' | 'store'>, owner: ScratchOwner | undefined, deps: Pick<Deps, 'onEvent'>): RemovedScratch[] {
  const removed = removeDeadRunsScratch(prep.service.stateDir, owner, deps);
  const deadDryRuns = new Set(removed.filter((file) => file.kind !== 'import-issues').map((file) => file.runId));
  for (const runId of deadDryRuns) {
    // A run of another account (one state directory serves several) is not this store's to mark.
    if (prep.store.getRun(runId)?.status === 'running') prep.store.setRunStatus(runId, 'interrupted');
  }
  return removed;
}
