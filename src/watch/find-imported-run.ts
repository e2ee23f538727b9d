/**
 * Finds, among the runs the local state remembers, the import that already took a file's content.
 * A content is the pair (file hash, mapping hash): the same file read through another mapping
 * means other products, so it is imported again.
 */
import { dirname, join } from 'node:path';
import type { RunRecord } from '../state/index.js';

/** Which content to look for. */
export interface ContentKey {
  fileSha256: string;
  mappingSha256: string;
}

/** The first finished import of this content (the one a duplicate points at), or undefined. */
export function findFirstImportedRun(runs: readonly RunRecord[], key: ContentKey): RunRecord | undefined {
  let first: RunRecord | undefined;
  for (const run of runs) {
    if (!isFinishedImportOf(run, key)) continue;
    if (first === undefined || (run.finishedAt ?? run.createdAt) < (first.finishedAt ?? first.createdAt)) first = run;
  }
  return first;
}

/**
 * The import of this content that finished at or after `sinceIso` (the moment the watcher decided
 * to import its file), or undefined: a file found in `processing/` after a crash whose import had
 * already finished is done, not imported a second time.
 */
export function findImportFinishedSince(runs: readonly RunRecord[], key: ContentKey, sinceIso: string): RunRecord | undefined {
  let latest: RunRecord | undefined;
  for (const run of runs) {
    if (!isFinishedImportOf(run, key) || run.finishedAt === null || run.finishedAt < sinceIso) continue;
    if (latest === undefined || run.finishedAt > (latest.finishedAt ?? '')) latest = run;
  }
  return latest;
}

/** The report folder of a run. */
export function buildRunReportDir(run: RunRecord): string {
  return run.summaryPath !== null ? dirname(run.summaryPath) : join(run.reportDir, run.runId);
}

function isFinishedImportOf(run: RunRecord, key: ContentKey): boolean {
  return run.command === 'import' && run.status === 'finished' && run.fileSha256 === key.fileSha256 && run.mappingSha256 === key.mappingSha256;
}
