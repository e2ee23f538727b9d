/**
 * Requests journaled `sending` that were never handed to fetch — no departure mark — are known not
 * sent, and closed as such: their products are planned again, without asking the service.
 *
 * Why the absence of the mark is proof: the mark is committed in the turn the request is handed to
 * fetch, before it, and a WAL commit is in the operating system's hands when it returns, so a
 * killed process (`kill -9` included) leaves every mark it wrote. Only a lost boot (power loss, a
 * crashed system) can lose an unsynced commit; so the proof holds only on the boot that marked the
 * request `sending` (the boot id is journaled with that mark, which is synced). A request marked on
 * another boot, or where the boot could not be told, is settled by content as before.
 */
import { readBootClock } from '../../core/deps.js';
import type { Deps } from '../../core/deps.js';
import type { StateStore } from '../../state/index.js';
import { listUnfinishedImportRuns } from './collect-unknown-requests.js';

/** Closes the never-departed requests of `runId` and the account's other unfinished runs; returns how many. */
export function releaseNeverDeparted(store: StateStore, runId: string, deps: Pick<Deps, 'bootClock' | 'onEvent'>): number {
  const bootId = readBootClock(deps)?.bootId;
  if (bootId === undefined) return 0;
  let released = 0;
  for (const run of listUnfinishedImportRuns(store, runId)) {
    for (const batch of store.listBatches(run.runId)) {
      if (batch.status !== 'sending' || batch.departedAt !== null || batch.sentClock?.bootId !== bootId) continue;
      // Conditional in the database: a run still about to send it wins or loses there, never both.
      if (store.releaseNeverDeparted(run.runId, batch.index, 'journaled sending but never handed to fetch (no departure mark on this boot): never sent; its products were planned again')) released += 1;
    }
  }
  if (released > 0) {
    deps.onEvent({ type: 'log', level: 'info', message: `${released} request(s) marked sending never left (no departure mark): sent again, without asking the service`, text: { key: 'log.never_departed', data: { count: released } } });
  }
  return released;
}
