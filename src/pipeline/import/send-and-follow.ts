/**
 * The sending step of an import: the planned requests go out with the concurrency limit, each
 * journaled `sending` before it leaves and its answer right after; every accepted job is followed
 * to its results. The jobs already accepted are followed to the end whatever happens to the rest,
 * so the state is closed once, after everything, never under a job still being recorded.
 */
import { readBootClock } from '../../core/deps.js';
import type { Deps } from '../../core/deps.js';
import { compressRequestBody } from '../../state/request-journal.js';
import { createGroupCommit } from './create-group-commit.js';
import type { createImportWork } from './create-import-work.js';
import type { JournalRun } from '../prepare-run.js';
import { settleRefusedRequest } from './settle-refused-request.js';
import type { RequestFailure } from './settle-refused-request.js';
import { RequestTakenOverError, submitBatches } from './submit-batches.js';
import type { SubmitTask } from './submit-batches.js';

/** What sending left for the report. */
export interface SendOutcome {
  /**
   * Products of requests refused as a whole, by product key; `unsettled`: taken (2xx) with an
   * answer that could not be read, so the products' fate is not known; `notSent`: refused with
   * another product's request and not judged.
   */
  requestFailures: Map<string, RequestFailure>;
  /** Some request was not sent because the run was stopped. */
  interrupted: boolean;
  /**
   * The service could not be used (exit 3): it answered something unreadable to an import, or a
   * request never reached it (unreachable through every retry, credentials refused).
   */
  serviceFault: boolean;
}

/** Sends the work's planned requests and follows their jobs (see the file comment). */
export async function sendAndFollow(work: ReturnType<typeof createImportWork>, ctx: { prep: JournalRun; runId: string; deps: Deps; outcome: SendOutcome; onSubmitted?: () => void }): Promise<void> {
  const { prep, runId, deps, outcome: sent } = ctx;
  const { store, settings } = prep;
  deps.onEvent({ type: 'stage:start', stage: 'submit', detail: `${work.toSendCount()} products in requests of ${settings.batchSize}, ${settings.concurrency} at a time`, text: { key: 'stage.submit.start', data: { count: work.toSendCount(), batchSize: settings.batchSize, concurrency: settings.concurrency } } });
  const followers: Promise<void>[] = [];
  /** Remainders of refused requests, by the refused request, until `submitBatches` takes them. */
  const remainders = new Map<number, SubmitTask>();
  const submitted = submitBatches(work.tasks(), {
    client: prep.service.client,
    concurrency: settings.concurrency,
    ...(deps.signal ? { signal: deps.signal } : {}),
    // Each request is on the disk as `sending` before it leaves: the requests ready in one turn
    // form a wave, whose plans and marks take one transaction (the sync paid per wave, not per
    // request). A wave's bodies are compressed together in the thread pool first, so the event loop
    // goes on serving answers meanwhile; requests ready during that form the next wave, compressed
    // alongside, so two waves' commits may overlap and the later may be durable first. That is
    // safe: a request leaves only once its own wave's marks are, whatever an earlier wave's state.
    beforeSend: createGroupCommit<SubmitTask>(async (wave) => {
      const bodies = wave.map((task) => task.body ?? JSON.stringify({ products: task.items }));
      const gzipped = await Promise.all(bodies.map(compressRequestBody));
      const plans = wave.flatMap((task) => (task.plan ? [task.plan] : []));
      if (plans.length > 0) store.planBatches(runId, plans);
      store.markBatchesSending(runId, wave.map((task, i) => ({ index: task.index, gzippedBody: gzipped[i] as Buffer })), readBootClock(deps));
    }),
    // The second mark, as the bytes are handed to fetch: a request `sending` without it never
    // left, and a resume on the same boot sends it again without asking the service.
    onDepart: (task) => {
      if (!store.markBatchDeparted(runId, task.index, readBootClock(deps))) {
        throw new RequestTakenOverError(`request ${task.index + 1} was taken over by another run before it left (it never did); that run sends its products`);
      }
    },
    onOutcome: (outcome) => {
      switch (outcome.status) {
        case 'accepted':
          store.markBatchAccepted(runId, outcome.index, {
            jobId: outcome.jobId,
            infoUrl: outcome.infoUrl,
            queuedAt: outcome.queuedAt,
            receivedItems: outcome.receivedItems,
            httpStatus: outcome.httpStatus,
          });
          followers.push(work.follow(outcome.index, { jobId: outcome.jobId, infoUrl: outcome.infoUrl }, outcome.queuedAt));
          break;
        case 'failed': {
          if (outcome.serviceFault === true) sent.serviceFault = true;
          const remainder = settleRefusedRequest(outcome, {
            store,
            runId,
            sent: work.sentOf(outcome.index),
            mayResend: !work.isResend(outcome.index) && deps.signal?.aborted !== true,
            planRemainder: (rest) => work.planRemainder(rest),
            requestFailures: sent.requestFailures,
            onEvent: deps.onEvent,
          });
          if (remainder) remainders.set(outcome.index, remainder);
          work.release(outcome.index);
          break;
        }
        case 'unknown':
          store.markBatchUnknown(runId, outcome.index, outcome.message);
          // A re-sent remainder of unknown fate is settled by the next run like any other request.
          for (const key of work.keysOf(outcome.index)) if (sent.requestFailures.get(key)?.notSent === true) sent.requestFailures.delete(key);
          if (outcome.serviceFault === true) sent.serviceFault = true;
          // Sent, and the service may have processed it (answered 2xx unreadably, or its answer was
          // lost): its products are `unknown` until the next run settles them, never `not_sent`.
          for (const key of work.keysOf(outcome.index)) {
            sent.requestFailures.set(key, { message: outcome.message, fieldErrors: '', unsettled: true, ...(outcome.serviceFault === true ? {} : { code: 'request_fate_unknown' }) });
          }
          work.release(outcome.index);
          break;
        case 'skipped':
          if (outcome.takenOver === true) {
            // Already closed by the run that took it over; its products are that run's to send.
            for (const key of work.keysOf(outcome.index)) sent.requestFailures.set(key, { message: outcome.message, fieldErrors: '', notSent: true });
            work.release(outcome.index);
            break;
          }
          // Marked `sending` ahead of its turn but never sent: no need to settle it on resume.
          store.markBatchFailed(runId, outcome.index, { error: 'interrupted before sending; its products are planned again', retryable: false });
          sent.interrupted = true;
          work.release(outcome.index);
          break;
      }
    },
    resend: (outcome) => {
      const remainder = remainders.get(outcome.index);
      remainders.delete(outcome.index);
      return remainder;
    },
    onEvent: deps.onEvent,
  });
  await submitted.catch(async (error: unknown) => {
    await Promise.allSettled(followers);
    throw error;
  });
  ctx.onSubmitted?.();
  await Promise.all(followers);
  if (deps.signal?.aborted) sent.interrupted = true;
}
