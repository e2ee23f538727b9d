/**
 * The submit stage: sends import requests with a concurrency limit and returns one settled outcome
 * per request (never fails fast). The rate (and its adapting to 429s) is the client's rate
 * limiter's. Every request is recorded in the journal as `sending` before it leaves, so a crash
 * never loses what was already sent: requests are marked in waves as they are taken ahead, so one
 * durable commit covers many requests.
 */
import pLimit from 'p-limit';
import type { CatalogClient } from '../../api/create-catalog-client.js';
import { isAmbiguousSendError } from '../../api/ambiguous-send-error.js';
import type { ImportItem } from '../../domain/index.js';
import { AbortedError, ApiError, StateError, isPipelineError } from '../../core/errors.js';
import type { ApiFieldError } from '../../core/errors.js';
import type { PipelineEvent } from '../../core/events.js';
import type { PlannedBatch } from '../../state/index.js';

/** One import request to send. */
export interface SubmitTask {
  /** Batch index in the run's journal. */
  index: number;
  items: ImportItem[];
  /** The request body `{"products": items}` serialized once: journaled, then sent as is. */
  body?: string;
  /** Its plan, written to the journal by `beforeSend` together with its `sending` mark. */
  plan?: PlannedBatch;
}

/** What became of one request. */
export type SubmitOutcome =
  | { index: number; status: 'accepted'; jobId: string; infoUrl: string | null; queuedAt: string | null; receivedItems: number | null; httpStatus: number }
  | {
      index: number;
      status: 'failed';
      message: string;
      httpStatus?: number;
      fieldErrors: ApiFieldError[];
      /**
       * Never taken: the service kept answering 429, could not be reached through every retry, or
       * refused the credentials (no token); nothing of it was imported.
       */
      notTaken?: boolean;
      /** Never taken because the service could not be used (unreachable, no token), not for its pace (429): exit 3. */
      serviceFault?: boolean;
    }
  | { index: number; status: 'unknown'; message: string; /** The service answered something unreadable (exit 3). */ serviceFault?: boolean }
  | { index: number; status: 'skipped'; message: string; /** Released by another run before it left: that run sends its products. */ takenOver?: boolean };

/**
 * Thrown by `onDepart` to keep a request from leaving: it is no longer this run's to send (another
 * run found it journaled `sending` and never departed, and planned its products again).
 */
export class RequestTakenOverError extends Error {
  override name = 'RequestTakenOverError';
}

/** Options of `submitBatches`. */
export interface SubmitOptions {
  client: CatalogClient;
  /** Requests in flight at most; validated here (integer ≥ 1). */
  concurrency: number;
  signal?: AbortSignal;
  /**
   * Called when a task is taken ahead, before it waits for a free slot; the request leaves only
   * once it resolves (the journal has committed `sending`). The tasks of one wave are handed over
   * in the same turn of the event loop, so a group-committing gate marks them in one commit. A
   * task marked this way that never leaves ends `skipped` (never sent).
   */
  beforeSend(task: SubmitTask): void | Promise<void>;
  /**
   * Called in the turn the request is handed to fetch (each attempt): the journal's departure
   * mark. Throwing `RequestTakenOverError` keeps it from leaving (it ends `skipped`, `takenOver`);
   * any other error stops the run.
   */
  onDepart?(task: SubmitTask): void;
  /** Called as soon as a request settles (the journal commits the answer). */
  onOutcome(outcome: SubmitOutcome): void | Promise<void>;
  /**
   * Asked after a refused request's outcome was handled: a request to send in its place (a
   * refused request's remainder, already planned), which goes through `beforeSend` and the
   * concurrency limit like any other.
   */
  resend?(outcome: Extract<SubmitOutcome, { status: 'failed' }>): SubmitTask | undefined;
  onEvent(event: PipelineEvent): void;
}

/**
 * Sends every task; resolves with an outcome per task in completion order. Tasks may come from a
 * lazy (async) iterable: at most twice the concurrency are taken ahead, in waves of about the
 * concurrency, so a 200,000-product import never builds all its requests in memory and the journal
 * commits once per wave, not once per request.
 */
export async function submitBatches(tasks: Iterable<SubmitTask> | AsyncIterable<SubmitTask>, options: SubmitOptions): Promise<SubmitOutcome[]> {
  if (!Number.isInteger(options.concurrency) || options.concurrency < 1) {
    throw new RangeError(`concurrency must be an integer of at least 1, got ${options.concurrency}`);
  }
  const limit = pLimit(options.concurrency);
  const concurrency = options.concurrency;
  // Up to `concurrency` requests run and up to as many wait, ready and marked `sending`. A new
  // wave is taken while a quarter of the concurrency still waits (so no slot idles while it is
  // built and committed): about `concurrency` tasks, marked in one durable commit.
  const ahead = concurrency * 2;
  const refillAt = Math.min(ahead, concurrency + Math.ceil(concurrency / 4) + 1);
  // No clearQueue on abort: queued tasks start, see the abort and settle as `skipped`, so every
  // task gets an outcome and nothing waits forever on a discarded promise.
  const outcomes: SubmitOutcome[] = [];
  const inFlight = new Set<Promise<void>>();
  const settle = async (outcome: SubmitOutcome, task: SubmitTask): Promise<void> => {
    outcomes.push(outcome);
    await options.onOutcome(outcome);
    // Told only once the journal has the answer: whoever acts on it finds it recorded.
    if (outcome.status === 'accepted') options.onEvent({ type: 'submit:accepted', batch: task.index, jobId: outcome.jobId, products: task.items.length });
  };
  const run = async (task: SubmitTask): Promise<void> => {
    if (options.signal?.aborted) return settle({ index: task.index, status: 'skipped', message: 'interrupted before sending' }, task);
    const outcome = await sendOne(task, options);
    await settle(outcome, task);
    const again = outcome.status === 'failed' ? options.resend?.(outcome) : undefined;
    if (again !== undefined) start(again);
  };
  function start(task: SubmitTask): void {
    // Marked now, with the rest of its wave; it queues for a slot once the mark is durable.
    const promise: Promise<void> = Promise.resolve(options.beforeSend(task))
      .then(() => limit(() => run(task)))
      .finally(() => {
        inFlight.delete(promise);
      });
    inFlight.add(promise);
  }

  const iterator = Symbol.asyncIterator in tasks ? tasks[Symbol.asyncIterator]() : toAsync(tasks[Symbol.iterator]());
  let exhausted = false;
  while (!exhausted) {
    const wave: SubmitTask[] = [];
    while (inFlight.size + wave.length < ahead) {
      const next = await iterator.next();
      if (next.done === true) {
        exhausted = true;
        break;
      }
      wave.push(next.value);
    }
    for (const task of wave) start(task);
    while (!exhausted && inFlight.size >= refillAt) await Promise.race(inFlight);
    if (wave.length === 0 && !exhausted && inFlight.size > 0) await Promise.race(inFlight);
  }
  // A re-sent remainder joins the set while the others run.
  while (inFlight.size > 0) await Promise.all(inFlight);
  return outcomes;
}

function toAsync<T>(iterator: Iterator<T>): AsyncIterator<T> {
  return { next: async () => iterator.next() };
}

async function sendOne(task: SubmitTask, options: SubmitOptions): Promise<SubmitOutcome> {
  options.onEvent({ type: 'submit:request', batch: task.index, products: task.items.length });
  try {
    const onDepart = options.onDepart;
    const response = await options.client.importProducts(task.items, task.body, onDepart === undefined ? undefined : { onDepart: () => onDepart(task) });
    return {
      index: task.index,
      status: 'accepted',
      jobId: response.jobId,
      infoUrl: response.infoUrl ?? null,
      queuedAt: response.queuedAt ?? null,
      receivedItems: response.receivedItems ?? null,
      httpStatus: response.httpStatus,
    };
  } catch (error) {
    if (error instanceof RequestTakenOverError) return { index: task.index, status: 'skipped', message: error.message, takenOver: true };
    // The journal failed as the request was about to leave (it did not): the state is unusable.
    if (error instanceof StateError) throw error;
    if (error instanceof AbortedError || (options.signal?.aborted && !(error instanceof ApiError))) {
      // The request may have left before the abort: its fate is unknown, settle it on resume.
      return { index: task.index, status: 'unknown', message: 'interrupted while the request was in flight' };
    }
    const message = isPipelineError(error) || error instanceof Error ? error.message : String(error);
    options.onEvent({ type: 'submit:failed', batch: task.index, products: task.items.length, message });
    if (isAmbiguousSendError(error)) return { index: task.index, status: 'unknown', message };
    if (error instanceof ApiError) {
      const notTaken = error.code === 'API_UNREACHABLE' || error.code === 'API_AUTH_REJECTED';
      return {
        index: task.index,
        status: 'failed',
        message,
        ...(error.status !== undefined ? { httpStatus: error.status } : {}),
        // Not ambiguous (handled above): a 429 or a connection that never opened, after the retries,
        // or no token to send it with. A 429 is the service's pace, the rest a service not usable.
        ...(notTaken ? { notTaken: true } : {}),
        ...(notTaken && error.status !== 429 ? { serviceFault: true } : {}),
        fieldErrors: error.fieldErrors.map((f) => ({
          field: f.field,
          ...(f.code ? { code: f.code } : {}),
          ...(f.description ? { description: f.description } : {}),
          ...(f.details ? { details: f.details } : {}),
        })),
      };
    }
    // Anything else (a 2xx answer that is not JSON or not an import answer, a failure of our
    // own while reading it) came after the request may have been taken: its fate is unknown, and
    // one broken answer never stops the other requests or the jobs being followed.
    return { index: task.index, status: 'unknown', message: `${message}; the request may have been processed`, serviceFault: true };
  }
}
