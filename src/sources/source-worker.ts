/**
 * The reader thread's entry (see open-source-in-worker.ts): opens the file with `openSource`,
 * posts its header and file issues, then its rows in batches (row-batch.ts) on the rows port
 * (the main thread reads it only when it needs a batch). At most `maxInFlight` batches are not
 * taken yet at a time, so a slow consumer holds the reader back and memory stays flat; the
 * counters of reader-flow.ts say when either thread must wake the other. A failure is posted as its class name, code and message, after the rows
 * read before it, so that the main thread throws it where the in-thread read would have.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { isPipelineError, SourceReadError } from '../core/errors.js';
import { openSource } from './open-source.js';
import { checkReaderMustSleep, notePosted, type ReaderFlow } from './reader-flow.js';
import { createRowBatchEncoder, listBatchBuffers } from './row-batch.js';
import type { ReadOptions } from './types.js';

/** What the main thread gives the reader thread. */
export interface SourceWorkerData {
  path: string;
  options: ReadOptions;
  batchRows: number;
  maxInFlight: number;
  /** Where the batches and then the end (or the failure that stopped the read) are posted. */
  port: MessagePort;
  /** The counters shared with the main thread. */
  flow: ReaderFlow;
}

/** A failure, as it crosses threads: no stack, no cause. */
export interface PostedError {
  name: string;
  code: string | undefined;
  message: string;
  file?: string | undefined;
  sheet?: string | undefined;
}

function describeError(error: unknown): PostedError {
  if (error instanceof SourceReadError) return { name: error.name, code: error.code, message: error.message, file: error.file, sheet: error.sheet };
  if (isPipelineError(error)) return { name: error.name, code: error.code, message: error.message };
  if (error instanceof Error) return { name: error.name, code: undefined, message: error.message };
  return { name: 'Error', code: undefined, message: String(error) };
}

async function runSourceWorker(): Promise<void> {
  const port = parentPort;
  if (port === null) return;
  const data = workerData as SourceWorkerData;
  const { flow } = data;
  let wake: (() => void) | undefined;
  const onMessage = (message: { type: string }): void => {
    if (message.type !== 'wake') return;
    wake?.();
    wake = undefined;
  };
  port.on('message', onMessage);

  let stream;
  try {
    stream = await openSource(data.path, data.options, {});
  } catch (error) {
    port.postMessage({ type: 'error', error: describeError(error) });
    port.off('message', onMessage);
    data.port.close();
    return;
  }
  port.postMessage({ type: 'open', info: stream.info, issues: stream.issues });

  const rows = data.port;
  const post = (message: object, transfer?: ArrayBuffer[]): void => {
    rows.postMessage(message, transfer);
    if (notePosted(flow)) port.postMessage({ type: 'posted' });
  };
  const encoder = createRowBatchEncoder();
  const send = async (): Promise<void> => {
    const batch = encoder.take(stream.bytesRead());
    post({ type: 'batch', batch }, listBatchBuffers(batch));
    while (checkReaderMustSleep(flow, data.maxInFlight)) await new Promise<void>((resolve) => (wake = resolve));
  };
  try {
    for await (const row of stream.rows) {
      encoder.add(row);
      if (encoder.size >= data.batchRows) await send();
    }
    if (encoder.size > 0) await send();
    post({ type: 'end', bytesRead: stream.bytesRead() });
  } catch (error) {
    if (encoder.size > 0) await send();
    post({ type: 'error', error: describeError(error) });
  }
  // Nothing left to wait for: the thread ends once its messages are out.
  port.off('message', onMessage);
  rows.close();
}

await runSourceWorker();
