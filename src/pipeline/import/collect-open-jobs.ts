/**
 * The jobs to ask again: every request of this run and of the account's other unfinished runs
 * that the service took as a job (`accepted`, its job id journaled) whose results were not all
 * recorded — the run was stopped while following it, or the job had not finished by the job
 * time-out. Such a request is settled by asking its job, never by its content and never by
 * sending it again: a job can run long after the request, and only the job knows.
 */
import type { ProductDraft } from '../../core/types.js';
import type { StateStore } from '../../state/index.js';
import { listUnfinishedImportRuns, readSentProducts } from './collect-unknown-requests.js';

/** One journaled job to follow, with the drafts its request carried (as sent). */
export interface OpenJob {
  runId: string;
  index: number;
  job: { jobId: string; infoUrl: string | null };
  queuedAt: string | null;
  /** What the request carried, as sent (rows unknown: only keys and items are matched). */
  drafts: ProductDraft[];
}

/** The open jobs of `runId` and of the account's other unfinished import runs. */
export function collectOpenJobs(store: StateStore, runId: string): OpenJob[] {
  const open: OpenJob[] = [];
  for (const run of listUnfinishedImportRuns(store, runId)) {
    for (const batch of store.listBatches(run.runId)) {
      if (batch.status !== 'accepted' || batch.jobId === null) continue;
      const drafts = readSentProducts(store, run.runId, batch).map((sent): ProductDraft => ({ productKey: sent.productKey, rows: [], skuKeys: sent.skuKeys, skuRows: [], item: sent.item }));
      open.push({ runId: run.runId, index: batch.index, job: { jobId: batch.jobId, infoUrl: batch.infoUrl }, queuedAt: batch.queuedAt, drafts });
    }
  }
  return open;
}
