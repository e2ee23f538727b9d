/**
 * Follows one import job until it is finished, with growing poll intervals. Finished means the
 * job-level status is a known terminal word, or every product carries a known terminal status
 * (`status-vocabulary.ts`). A word the tool does not know keeps the job polled until the job
 * time-out, which then ends it as unknown with the word quoted: an unknown word is never success.
 * A status answer it cannot read ends following at once as `unreadable`, never as a time-out;
 * a job the service answers 404 for, `MISSING_POLLS` times in a row, ends as `missing`.
 */
import type { CatalogClient } from '../../api/create-catalog-client.js';
import type { JobStatus, StatusMeaning } from '../../domain/index.js';
import { readMonotonicMs } from '../../core/deps.js';
import { ApiError } from '../../core/errors.js';
import type { Deps } from '../../core/deps.js';

/** The end of following a job. */
export type JobFollowResult =
  | { status: 'done'; job: JobStatus; polls: number; durationMs: number }
  | { status: 'timeout'; job: JobStatus | null; polls: number; durationMs: number; lastError: string | null }
  /** The job's status answer could not be read (a shape error): not a time-out, and waiting will not help. */
  | { status: 'unreadable'; job: JobStatus | null; polls: number; durationMs: number; lastError: string }
  /** The service answered 404 to the job's status `MISSING_POLLS` times in a row: it does not know the job (now). */
  | { status: 'missing'; job: JobStatus | null; polls: number; durationMs: number; lastError: string };

/** 404s in a row that end following a job as `missing` (one could be a service not caught up yet). */
export const MISSING_POLLS = 3;

/** Options of `followJob`. */
export interface FollowJobOptions {
  /** Only job status is asked (the import passes one whose polls share a concurrency limit). */
  client: Pick<CatalogClient, 'getJobStatus'>;
  job: { jobId: string; infoUrl?: string | null };
  /** Products sent in the request: without a terminal job-level word, each needs a terminal result. */
  expected: number;
  timeoutMs: number;
  pollIntervalMs: number;
  /** Largest interval between polls. */
  maxIntervalMs?: number;
  /** `monotonic` measures the time-out: a wall-clock change neither ends it early nor stretches it. */
  deps: Pick<Deps, 'monotonic' | 'sleep' | 'onEvent' | 'signal'>;
}

const TERMINAL: ReadonlySet<StatusMeaning> = new Set(['succeeded', 'failed', 'partial']);

/** True when the job is finished: a known terminal job-level word, or a known terminal word for every product sent. */
export function isJobFinished(job: JobStatus, expected: number): boolean {
  if (TERMINAL.has(job.meaning)) return true;
  if (expected <= 0) return false;
  const terminal = job.products.filter((product) => TERMINAL.has(product.meaning));
  return terminal.length >= expected && terminal.length === job.products.length;
}

/** Status words in `job` that the tool does not know, quoted, for messages. */
function listUnknownWords(job: JobStatus | null): string[] {
  if (job === null) return [];
  const words = [job, ...job.products].filter((entry) => entry.meaning === 'unknown').map((entry) => `"${entry.status ?? ''}"`);
  return [...new Set(words)];
}

/** Says that a job's status, unreadable for `failedPolls` polls, was read again (the warnings said each error once only). */
function sayStatusReadableAgain(jobId: string, failedPolls: number, deps: Pick<Deps, 'onEvent'>): void {
  const count = String(failedPolls);
  deps.onEvent({ type: 'log', level: 'info', message: `job ${jobId}: status readable again after ${count} poll(s) that could not read it`, text: { key: 'log.job_status_readable_again', data: { jobId, count } } });
}

/** Polls the job until finished or the time is up. */
export async function followJob(options: FollowJobOptions): Promise<JobFollowResult> {
  const { deps } = options;
  const started = readMonotonicMs(deps);
  const deadline = started + options.timeoutMs;
  const maxInterval = options.maxIntervalMs ?? 10_000;
  let interval = options.pollIntervalMs;
  let polls = 0;
  let last: JobStatus | null = null;
  let lastError: string | null = null;
  let notFound = 0;
  const warned = new Set<string>();
  // Errors already said for this job, and the polls that failed since the last readable answer: a
  // service down for the whole time-out says its error once a job, not once a poll.
  const errorsSaid = new Set<string>();
  let failedPolls = 0;

  for (;;) {
    if (deps.signal?.aborted) break;
    try {
      polls += 1;
      const job = await options.client.getJobStatus(options.job);
      last = job;
      lastError = null;
      notFound = 0;
      if (failedPolls > 0) sayStatusReadableAgain(options.job.jobId, failedPolls, deps);
      failedPolls = 0;
      deps.onEvent({ type: 'job:progress', jobId: options.job.jobId, status: job.status ?? 'unknown', done: job.products.filter((p) => TERMINAL.has(p.meaning)).length, total: options.expected });
      if (isJobFinished(job, options.expected)) {
        return { status: 'done', job, polls, durationMs: readMonotonicMs(deps) - started };
      }
      for (const word of listUnknownWords(job)) {
        if (warned.has(word)) continue;
        warned.add(word);
        deps.onEvent({ type: 'log', level: 'warn', message: `job ${options.job.jobId}: status ${word} is not a known status word; the job is polled until it finishes or times out, and is never taken as success. Add the word under service.statuses in the settings — see docs/service-profile.md`, text: { key: 'log.job_unknown_status', data: { jobId: String(options.job.jobId), word } } });
      }
    } catch (error) {
      if (deps.signal?.aborted) break;
      lastError = error instanceof Error ? error.message : String(error);
      failedPolls += 1;
      if (!errorsSaid.has(lastError)) {
        errorsSaid.add(lastError);
        deps.onEvent({ type: 'log', level: 'warn', message: `job ${options.job.jobId}: status not readable: ${lastError}`, text: { key: 'log.job_status_unreadable', data: { jobId: String(options.job.jobId), error: lastError } } });
      }
      // A status answer the client cannot read will not become readable by waiting.
      if (error instanceof Error && 'code' in error && error.code === 'API_SCHEMA_MISMATCH') {
        return { status: 'unreadable', job: last, polls, durationMs: readMonotonicMs(deps) - started, lastError };
      }
      notFound = error instanceof ApiError && error.status === 404 ? notFound + 1 : 0;
      if (notFound >= MISSING_POLLS) return { status: 'missing', job: last, polls, durationMs: readMonotonicMs(deps) - started, lastError };
    }
    const now = readMonotonicMs(deps);
    if (now >= deadline) break;
    try {
      await deps.sleep(Math.min(interval, Math.max(0, deadline - now)), deps.signal);
    } catch {
      break;
    }
    interval = Math.min(maxInterval, Math.round(interval * 1.5));
  }
  const unknownWords = listUnknownWords(last);
  if (lastError === null && unknownWords.length > 0) lastError = `status ${unknownWords.join(', ')} not understood (service.statuses in the settings)`;
  return { status: 'timeout', job: last, polls, durationMs: readMonotonicMs(deps) - started, lastError };
}
