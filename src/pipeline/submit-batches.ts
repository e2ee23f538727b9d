/**
 * The submit stage: sends import requests with a concurrency limit and adaptive pacing, and
 * returns one settled outcome per request (never fails fast). Every request is recorded in the
 * journal as `sending` before it leaves, so a crash never loses what was already sent.
 */
import pLimit from 'p-limit';
import type { CatalogClient } from '../api/create-catalog-client.js';
import { isAmbiguousSendError } from '../api/index.js';
import type { ImportItem } from '../api/wire.js';
import { AbortedError, ApiError, isPipelineError } from '../core/errors.js';
import type { PipelineEvent } from '../core/events.js';
import { createPacer } from './create-pacer.js';
import type { Pacer } from './create-pacer.js';

/** One import request to send. */
export interface SubmitTask {
  /** Batch index in the run's journal. */
  index: number;
  items: ImportItem[];
}

/** What became of one request. */
export type SubmitOutcome =
  | { index: number; status: 'accepted'; jobId: number; infoUrl: string | null; queuedAt: string | null; receivedItems: number | null; httpStatus: number }
  | { index: number; status: 'failed'; message: string; httpStatus?: number; fieldErrors: { field: string; code?: string; description?: string }[] }
  | { index: number; status: 'unknown'; message: string }
  | { index: number; status: 'skipped'; message: string };

/** Options of `submitBatches`. */
export interface SubmitOptions {
  client: CatalogClient;
  /** Requests in flight at most; validated here (integer ≥ 1). */
  concurrency: number;
  signal?: AbortSignal;
  /** Called right before a request is sent; the request leaves once it resolves (the journal has committed `sending`). */
  beforeSend(task: SubmitTask): void | Promise<void>;
  /** Called as soon as a request settles (the journal commits the answer). */
  onOutcome(outcome: SubmitOutcome): void | Promise<void>;
  onEvent(event: PipelineEvent): void;
  /** Receives the pacer so that the caller can feed it 429 signals seen by the client. */
  onPacer?(pacer: Pacer): void;
}

/**
 * Sends every task; resolves with an outcome per task in completion order. Tasks may come from a
 * lazy (async) iterable: at most twice the concurrency are taken ahead, so a 200,000-product import
 * never builds all its requests in memory.
 */
export async function submitBatches(tasks: Iterable<SubmitTask> | AsyncIterable<SubmitTask>, options: SubmitOptions): Promise<SubmitOutcome[]> {
  if (!Number.isInteger(options.concurrency) || options.concurrency < 1) {
    throw new RangeError(`concurrency must be an integer of at least 1, got ${options.concurrency}`);
  }
  const limit = pLimit(options.concurrency);
  const pacer = createPacer(limit, options.concurrency, (concurrency) =>
    options.onEvent({ type: 'log', level: 'info', message: `pacing: ${concurrency} request(s) in flight`, data: { concurrency } }),
  );
  options.onPacer?.(pacer);
  // No clearQueue on abort: queued tasks start, see the abort and settle as `skipped`, so every
  // task gets an outcome and nothing waits forever on a discarded promise.
  const outcomes: SubmitOutcome[] = [];
  const inFlight = new Set<Promise<void>>();
  const run = async (task: SubmitTask): Promise<void> => {
    let outcome: SubmitOutcome;
    if (options.signal?.aborted) outcome = { index: task.index, status: 'skipped', message: 'interrupted before sending' };
    else outcome = await sendOne(task, options, pacer);
    outcomes.push(outcome);
    await options.onOutcome(outcome);
    // Told only once the journal has the answer: whoever acts on it finds it recorded.
    if (outcome.status === 'accepted') options.onEvent({ type: 'submit:accepted', batch: task.index, jobId: outcome.jobId, products: task.items.length });
  };
  for await (const task of tasks) {
    const promise: Promise<void> = limit(() => run(task)).finally(() => {
      inFlight.delete(promise);
    });
    inFlight.add(promise);
    while (inFlight.size >= options.concurrency * 2) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  return outcomes;
}

async function sendOne(task: SubmitTask, options: SubmitOptions, pacer: Pacer): Promise<SubmitOutcome> {
  await options.beforeSend(task);
  options.onEvent({ type: 'submit:request', batch: task.index, products: task.items.length });
  try {
    const response = await options.client.importProducts(task.items);
    pacer.onSuccess();
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
    if (error instanceof AbortedError || (options.signal?.aborted && !(error instanceof ApiError))) {
      // The request may have left before the abort: its fate is unknown, settle it on resume.
      return { index: task.index, status: 'unknown', message: 'interrupted while the request was in flight' };
    }
    const message = isPipelineError(error) || error instanceof Error ? error.message : String(error);
    options.onEvent({ type: 'submit:failed', batch: task.index, products: task.items.length, message });
    if (isAmbiguousSendError(error)) return { index: task.index, status: 'unknown', message };
    if (error instanceof ApiError) {
      return {
        index: task.index,
        status: 'failed',
        message,
        ...(error.status !== undefined ? { httpStatus: error.status } : {}),
        fieldErrors: error.fieldErrors.map((f) => ({ field: f.field, ...(f.code ? { code: f.code } : {}), ...(f.description ? { description: f.description } : {}) })),
      };
    }
    throw error;
  }
}
