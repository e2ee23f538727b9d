/**
 * The journal-driven part of the import: finishing what an earlier attempt left (jobs to follow,
 * requests of unknown fate to settle), the plan against what the service holds, the requests to
 * send, and following each accepted job to its results.
 */
import pLimit from 'p-limit';
import type { Deps } from '../../core/deps.js';
import type { ProductDraft } from '../../core/types.js';
import type { PlanCounts, PlannedProduct } from '../../plan/plan-types.js';
import type { RunSummaryJob } from '../../report/report-types.js';
import type { FinishedJob } from '../../state/index.js';
import { createGroupCommit } from './create-group-commit.js';
import { finishEarlierAttempt } from './finish-earlier-attempt.js';
import { planImport } from './plan-import.js';
import { recordFollowedJob } from './record-followed-job.js';
import type { JournalRun } from '../prepare-run.js';
import type { SubmitTask } from './submit-batches.js';
import { buildImportTask, buildImportTasks, findNextBatchIndex } from './build-import-tasks.js';

/**
 * How long a finished job's results wait for others to share their commit. Nothing sent later
 * depends on them, and until they are committed the batch stays `accepted`, which a resumed run
 * follows again: the wait costs no safety, and at concurrency 16 it saves ~0.3 ms of commit per job.
 */
const RESULT_COMMIT_WAIT_MS = 50;

/**
 * Follows an accepted job to its results and records them (`recordFollowedJob`) in the journal of
 * `runId` (this run's, or another unfinished run's whose job is still open).
 */
export type RecordFollow = (runId: string, index: number, job: { jobId: string; infoUrl: string | null }, queuedAt: string | null, sent: ProductDraft[], hashes?: readonly (string | null)[]) => Promise<void>;

/**
 * How a run follows its accepted jobs: polls limited to the run's concurrency (a job waiting
 * between polls holds no slot), results committed in groups.
 */
function createJobRecorder(ctx: { prep: JournalRun; runId: string; deps: Deps; jobs: RunSummaryJob[] }): RecordFollow {
  const { prep, runId, deps } = ctx;
  const { store, settings } = prep;
  const client = prep.service.client;
  const pollLimit = pLimit(Math.max(2, settings.concurrency));
  const pollClient = { getJobStatus: (job: { jobId: string; infoUrl?: string | null }) => pollLimit(() => client.getJobStatus(job)) };
  const commits = new Map<string, Parameters<typeof recordFollowedJob>[0]>();
  /** One group commit per run whose jobs are recorded; another run's jobs are not this run's summary. */
  const recordingOf = (jobRunId: string): Parameters<typeof recordFollowedJob>[0] => {
    let recording = commits.get(jobRunId);
    if (recording === undefined) {
      const recordResults = createGroupCommit<FinishedJob>(
        (finished) => store.recordJobResults(jobRunId, finished),
        (commit) => void deps.sleep(RESULT_COMMIT_WAIT_MS).then(commit, commit),
      );
      const jobMissing = { missing: (index: number) => store.countJobMissing(jobRunId, index), read: (index: number) => store.clearJobMissing(jobRunId, index) };
      recording = { client: pollClient, settings, deps, recordResults, jobs: jobRunId === runId ? ctx.jobs : [], jobMissing };
      commits.set(jobRunId, recording);
    }
    return recording;
  };
  return (jobRunId, index, job, queuedAt, sent, hashes) => recordFollowedJob(recordingOf(jobRunId), index, job, queuedAt, sent, hashes);
}

/** The journal-driven part of the import: resume, plan, follow. */
export function createImportWork(ctx: { prep: JournalRun; runId: string; deps: Deps; jobs: RunSummaryJob[]; settleAfterMs: number }) {
  const { prep, runId } = ctx;
  const { store, settings } = prep;
  /** Drafts as sent and their content hashes, per batch in flight (released once recorded). */
  const inFlight = new Map<number, { drafts: ProductDraft[]; hashes: (string | null)[] }>();
  /**
   * Products whose earlier request's fate was unknown: when the plan finds the service already
   * holding their content, that request did its work, and they are reported accepted.
   */
  const settledKeys = new Set<string>();
  /** Products whose SKUs settling found on several service products: never sent, reported. */
  const conflicts = new Map<string, string>();
  /** Products an earlier request of unknown fate created, and which request. */
  const createdBy = new Map<string, string>();
  /** Products in another run's job still running: not sent while it runs, reported `pending`. */
  const pendingElsewhere = new Map<string, string>();
  /** What the plan leaves out: conflicts and products whose job is still running. */
  const heldBack = { has: (key: string): boolean => conflicts.has(key) || pendingElsewhere.has(key) };
  /** Keys to send, in plan order, and the drafts the blank policy changed. */
  let sendKeys: string[] = [];
  const outgoing = new Map<string, ProductDraft>();
  /** The journal index of the next request: the planned ones and a refused request's remainder share it. */
  let nextIndex: number | undefined;
  const allocateIndex = (): number => {
    nextIndex ??= findNextBatchIndex(store, runId);
    return nextIndex++;
  };
  /** Products the state knew ids for when they were planned: only their requests look ids up again. */
  let keysWithIds = new Set<string>();
  /** Requests that are a refused request's remainder sent again: never split and sent again themselves. */
  const resends = new Set<number>();

  const recordFollow = createJobRecorder(ctx);

  return {
    async finishEarlierAttempt(): Promise<void> {
      const settled = await finishEarlierAttempt(ctx, recordFollow);
      for (const key of settled.settledKeys) settledKeys.add(key);
      for (const [key, message] of settled.conflicts) conflicts.set(key, message);
      for (const [key, request] of settled.createdBy) createdBy.set(key, request);
      for (const [key, why] of settled.pendingElsewhere) pendingElsewhere.set(key, why);
    },
    /**
     * The plan: every product not finally settled, with the ids the state knows, compared with
     * what the service holds for it (details of the known ids). Unchanged products are not sent;
     * an empty field over a held value keeps the held value unless the mapping says `clear`.
     * `only` restricts it to those products (a second round in the same run).
     */
    async plan(unchanged: Set<string>, onPlanned: (planned: PlannedProduct) => Promise<void>, only?: ReadonlySet<string>): Promise<PlanCounts> {
      const plan = await planImport({ prep, runId, conflicts: heldBack }, { unchanged, onPlanned, outgoing }, only);
      sendKeys = plan.sendKeys;
      keysWithIds = plan.keysWithIds;
      return plan.counts;
    },
    /**
     * The requests to send, built lazily in plan order, each with its body serialized once. The
     * plan keeps the spool's order, so the drafts are read by walking the spool a page at a time
     * rather than by one lookup per product.
     */
    tasks(): Generator<SubmitTask> {
      return buildImportTasks({ store, runId, batchSize: settings.batchSize, keys: sendKeys, outgoing, allocateIndex, mayHaveIds: (key) => keysWithIds.has(key), onTask: (index, sent) => inFlight.set(index, sent) });
    },
    toSendCount: () => sendKeys.length,
    settledKeys,
    conflicts,
    createdBy,
    pendingElsewhere,
    keysOf: (index: number): string[] => (inFlight.get(index)?.drafts ?? []).map((d) => d.productKey),
    /** The drafts a request in flight carried, as sent, and their content hashes. */
    sentOf: (index: number): { drafts: ProductDraft[]; hashes: (string | null)[] } => inFlight.get(index) ?? { drafts: [], hashes: [] },
    /** Whether the request is a refused request's remainder sent again. */
    isResend: (index: number): boolean => resends.has(index),
    /**
     * The products of a refused request the service did not judge, as a new request of their own
     * (journaled like any other: planned and marked `sending` before it leaves).
     */
    planRemainder(sent: { drafts: ProductDraft[]; hashes: (string | null)[] }): SubmitTask {
      const task = buildImportTask(allocateIndex(), sent.drafts);
      inFlight.set(task.index, sent);
      resends.add(task.index);
      return task;
    },
    release(index: number): void {
      inFlight.delete(index);
    },
    async follow(index: number, job: { jobId: string; infoUrl: string | null }, queuedAt: string | null): Promise<void> {
      const sent = inFlight.get(index);
      try {
        await recordFollow(runId, index, job, queuedAt, sent?.drafts ?? [], sent?.hashes);
      } finally {
        inFlight.delete(index);
      }
    },
  };
}
