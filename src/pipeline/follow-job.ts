/**
 * Follows one import job until every product in it has a result, with growing poll intervals. A
 * job whose status cannot be read in time is reported as unknown, never as success.
 */
import type { CatalogClient } from '../api/create-catalog-client.js';
import type { JobStatus } from '../domain/index.js';
import type { Deps } from '../core/deps.js';

/** The end of following a job. */
export type JobFollowResult =
  | { status: 'done'; job: JobStatus; polls: number; durationMs: number }
  | { status: 'timeout'; job: JobStatus | null; polls: number; durationMs: number; lastError: string | null };

/** Options of `followJob`. */
export interface FollowJobOptions {
  /** Only job status is asked (the import passes one whose polls share a concurrency limit). */
  client: Pick<CatalogClient, 'getJobStatus'>;
  job: { jobId: number; infoUrl?: string | null };
  /** Products sent in the request: the job is finished when it lists a result for each. */
  expected: number;
  timeoutMs: number;
  pollIntervalMs: number;
  /** Largest interval between polls. */
  maxIntervalMs?: number;
  deps: Pick<Deps, 'now' | 'sleep' | 'onEvent' | 'signal'>;
}

const FINISHED = new Set(['done', 'completed', 'finished', 'success', 'failed', 'error', 'processed']);

/** True when the job status says every product has a result. */
export function isJobFinished(job: JobStatus, expected: number): boolean {
  const status = (job.status ?? '').toLowerCase();
  const withResult = job.products.filter((p) => p.status !== undefined && p.status !== null && !['queued', 'pending', 'processing'].includes(p.status.toLowerCase()));
  if (withResult.length >= expected && expected > 0) return true;
  // A status word alone is not enough: a finished job that lists fewer results than products sent leaves those unknown.
  return FINISHED.has(status) && job.products.length >= expected;
}

/** Polls the job until finished or the time is up. */
export async function followJob(options: FollowJobOptions): Promise<JobFollowResult> {
  const { deps } = options;
  const started = deps.now().getTime();
  const deadline = started + options.timeoutMs;
  const maxInterval = options.maxIntervalMs ?? 10_000;
  let interval = options.pollIntervalMs;
  let polls = 0;
  let last: JobStatus | null = null;
  let lastError: string | null = null;

  for (;;) {
    if (deps.signal?.aborted) break;
    try {
      polls += 1;
      const job = await options.client.getJobStatus(options.job);
      last = job;
      lastError = null;
      deps.onEvent({ type: 'job:progress', jobId: options.job.jobId, status: job.status ?? 'unknown', done: job.products.length, total: options.expected });
      if (isJobFinished(job, options.expected)) {
        return { status: 'done', job, polls, durationMs: deps.now().getTime() - started };
      }
    } catch (error) {
      if (deps.signal?.aborted) break;
      lastError = error instanceof Error ? error.message : String(error);
      deps.onEvent({ type: 'log', level: 'warn', message: `job ${options.job.jobId}: status not readable: ${lastError}` });
    }
    const now = deps.now().getTime();
    if (now >= deadline) break;
    try {
      await deps.sleep(Math.min(interval, Math.max(0, deadline - now)), deps.signal);
    } catch {
      break;
    }
    interval = Math.min(maxInterval, Math.round(interval * 1.5));
  }
  return { status: 'timeout', job: last, polls, durationMs: deps.now().getTime() - started, lastError };
}
