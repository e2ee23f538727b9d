/**
 * One accepted import job followed to its end and recorded: its results matched to the drafts the
 * request carried, each product's outcome written to the journal (in a group commit with other jobs
 * ending about the same time), and the job added to the run summary. A job the run was stopped
 * under, or that had not finished by the job time-out, stays `accepted`, so the next run follows
 * it again (its products without a final result are recorded `pending`).
 */
import type { Deps } from '../../core/deps.js';
import type { ProductDraft } from '../../core/types.js';
import type { RunSummaryJob } from '../../report/report-types.js';
import { hashProductContent } from '../../state/content-hash.js';
import type { FinishedJob, JobProductOutcome } from '../../state/index.js';
import type { GroupCommit } from './create-group-commit.js';
import { followJob } from './follow-job.js';
import type { FollowJobOptions } from './follow-job.js';
import { matchJobResults } from './match-job-results.js';

/** What following and recording a job needs. */
export interface JobRecording {
  /** Job polls (the import passes one whose polls share a concurrency limit). */
  client: FollowJobOptions['client'];
  settings: { jobTimeoutSeconds: number; pollIntervalMs: number };
  deps: Deps;
  /** Commits the job's product outcomes (grouped with other jobs'). */
  recordResults: GroupCommit<FinishedJob>;
  /** The run summary's jobs, appended to. */
  jobs: RunSummaryJob[];
  /**
   * The journal's count of runs in a row whose job was unknown to the service: `missing` adds one
   * and returns the count, `read` starts it over. Without it, a missing job stays `pending`.
   */
  jobMissing?: { missing(index: number): number; read(index: number): void };
}

/**
 * Runs in a row (each after `MISSING_POLLS` 404s) after which a job the service does not know is
 * given up: its products are settled by content like a request whose answer was lost, never sent
 * again blindly. One run's 404s may be a service restored from a backup or not caught up yet.
 */
export const MISSING_JOB_RUNS = 3;

/**
 * Follows the job of request `index` and records its results; `sent` are the drafts the request
 * carried, as sent, and `hashes` their content hashes where known (else hashed here).
 */
export async function recordFollowedJob(
  ctx: JobRecording,
  index: number,
  job: { jobId: string; infoUrl: string | null },
  queuedAt: string | null,
  sent: ProductDraft[],
  hashes: readonly (string | null)[] = [],
): Promise<void> {
  const { settings, deps } = ctx;
  const followed = await followJob({
    client: ctx.client,
    job,
    expected: sent.length,
    timeoutMs: settings.jobTimeoutSeconds * 1000,
    pollIntervalMs: settings.pollIntervalMs,
    deps,
  });
  const matched = matchJobResults(sent, followed.job);
  const missingRuns = followed.status === 'missing' ? (ctx.jobMissing?.missing(index) ?? 1) : 0;
  if (followed.status !== 'missing' && followed.job !== null) ctx.jobMissing?.read(index);
  const givenUp = missingRuns >= MISSING_JOB_RUNS;
  // A job not finished (or whose following the run was stopped under) is asked again by the next
  // run, never sent again: its products without a final result are `pending`, the batch stays
  // `accepted`. A job unknown to the service for MISSING_JOB_RUNS runs in a row is closed: its
  // products without a result stay `unknown`, and settling asks the service for them by content.
  const open = followed.status !== 'done' && !givenUp;
  if (followed.status === 'missing') {
    const why = givenUp
      ? `the service does not know job ${job.jobId} (404, ${missingRuns} runs in a row); its products are looked up on the service by what was sent, never sent again blindly`
      : `the service answered 404 for job ${job.jobId} (${missingRuns} of ${MISSING_JOB_RUNS} runs in a row); run the same command again to ask it again (nothing is sent again); after ${MISSING_JOB_RUNS} runs its products are looked up by content`;
    for (const result of matched) if (result.status === 'unknown') result.errors = [{ message: why }];
  }
  if (open && deps.signal?.aborted) {
    const why = `the run was stopped while job ${job.jobId} was followed; run the same command again to ask the job again (nothing is sent again)`;
    for (const result of matched) if (result.status === 'unknown') result.errors = [{ message: why }];
  }
  if (followed.status === 'timeout' && !deps.signal?.aborted) {
    const why = `job ${job.jobId} had not finished after ${settings.jobTimeoutSeconds} s${followed.lastError ? ` (${followed.lastError})` : ''}; it was not sent again: run the same command again to ask the job again`;
    for (const result of matched) if (result.status === 'unknown') result.errors = [{ message: why }];
  }
  if (followed.status === 'unreadable') {
    // The service answered; the tool could not read it. Lead with that, and the settings key that fixes it.
    // The reader's error already names the settings key to map; only what happens next is added.
    const message = `job ${job.jobId}: its status answer could not be read: ${followed.lastError}; the products' fate is not known yet: once the settings read it, run the same command again (the job is asked again, nothing is sent again)`;
    for (const result of matched) if (result.status === 'unknown') result.errors = [{ message }];
  }
  const outcomes: JobProductOutcome[] = matched.map((result, position) => ({
    position,
    productKey: result.productKey,
    status: open && result.status === 'unknown' ? 'pending' : result.status,
    productId: result.productId,
    skus: result.skus,
    errors: result.errors,
    // The spool's hash when the draft went out as spooled (ids are not part of it); else hashed now.
    contentHash: hashes[position] ?? hashProductContent((sent[position] as ProductDraft).item),
  }));
  await ctx.recordResults({ index, results: outcomes, ...(open ? { open } : {}) });
  const count = (status: string): number => matched.filter((r) => r.status === status).length;
  deps.onEvent({ type: 'job:finished', jobId: job.jobId, accepted: count('accepted'), rejected: count('rejected'), unknown: count('unknown') });
  if (open) deps.onEvent({ type: 'log', level: 'warn', message: `job ${job.jobId} of request ${index + 1}: ${count('unknown')} product(s) pending (the job is asked again by the next run, nothing is sent again)`, text: { key: 'log.job_pending', data: { jobId: job.jobId, request: index + 1, count: count('unknown') } } });
  ctx.jobs.push({
    jobId: job.jobId,
    batch: index,
    products: sent.length,
    ...(queuedAt ? { queuedAt } : {}),
    finishedAt: deps.now().toISOString(),
    status: followed.status === 'done' ? (followed.job.status ?? 'done') : followed.status,
    durationMs: followed.durationMs,
  });
}
