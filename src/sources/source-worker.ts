/**
 * The reader thread's entry (see open-source-in-worker.ts): opens the file with `openSource`,
 * posts its header and file issues, then its rows in batches (row-batch.ts) on the rows port, each
 * followed by a `posted` note on its own port (which wakes the main thread if it waits). The main
 * thread answers every few batches it takes with `taken` and their count; with `maxInFlight`
 * batches not answered yet the thread waits, so a slow consumer holds the reader back and memory
 * stays flat. A failure is posted as
 * its class name, code and message, after the rows read before it, so that the main thread throws
 * it where the in-thread read would have.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { isPipelineError, SourceReadError } from '../core/errors.js';
import { hashFile } from '../pipeline/hash-file.js';
import { openSource } from './open-source.js';
import { createRowBatchEncoder } from './row-batch.js';
import type { ReadOptions } from './types.js';

/** What the main thread gives the reader thread. */
export interface SourceWorkerData {
  path: string;
  options: ReadOptions;
  batchRows: number;
  maxInFlight: number;
  /** Where the batches and then the end (or the failure that stopped the read) are posted. */
  rows: MessagePort;
  /**
   * Hash the file too (`hashFile`, beside the reading, on this thread): its SHA-256 is posted as
   * `hash` on the worker's own port, before the end, so the main thread spends neither its CPU
   * (~1.3 ms a megabyte) nor turns of its event loop on it while it loads the directories
   * (docs/performance.md).
   */
  hash?: boolean | undefined;
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
  let inFlight = 0;
  let wake: (() => void) | undefined;
  const onMessage = (message: { type: string; count: number }): void => {
    if (message.type !== 'taken') return;
    inFlight -= message.count;
    wake?.();
    wake = undefined;
  };
  port.on('message', onMessage);
  const post = (message: object): void => {
    data.rows.postMessage(message);
    port.postMessage({ type: 'posted' });
  };
  // Started at once and independent of the reading: a file the reader refuses is hashed all the
  // same (`prepareRun` hashes before anything of the file is reported); awaited before the thread
  // posts its end, so the main thread never ends it before the hash is out.
  const hashing = data.hash === true ? postFileHash(port, data.path) : Promise.resolve();
  let opened = false;
  try {
    const stream = await openSource(data.path, data.options, {});
    port.postMessage({ type: 'open', info: stream.info, issues: stream.issues });
    opened = true;
    const encoder = createRowBatchEncoder();
    const send = async (): Promise<void> => {
      post({ type: 'batch', batch: encoder.take(stream.bytesRead()) });
      inFlight += 1;
      while (inFlight >= data.maxInFlight) await new Promise<void>((resolve) => (wake = resolve));
    };
    try {
      for await (const row of stream.rows) {
        encoder.add(row);
        if (encoder.size >= data.batchRows) await send();
      }
    } finally {
      if (encoder.size > 0) await send();
    }
    await hashing;
    post({ type: 'end', bytesRead: stream.bytesRead() });
  } catch (error) {
    await hashing;
    if (opened) post({ type: 'error', error: describeError(error) });
    else port.postMessage({ type: 'error', error: describeError(error) });
  }
  // Nothing left to wait for: the thread ends once its messages are out.
  port.off('message', onMessage);
  data.rows.close();
}

/** Hashes the file and posts its SHA-256, or why it could not be hashed, as `hash`; never rejects. */
async function postFileHash(port: MessagePort, path: string): Promise<void> {
  try {
    port.postMessage({ type: 'hash', sha256: await hashFile(path) });
  } catch (error) {
    port.postMessage({ type: 'hash', error: describeError(error) });
  }
}

await runSourceWorker();
