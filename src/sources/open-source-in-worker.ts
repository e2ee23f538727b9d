/**
 * `openSource` on a second thread: a worker (source-worker.ts) reads and parses the file while the
 * main thread maps and validates the rows already read. Same result as `openSource` — header,
 * file issues, rows deep-equal to the in-thread ones, `bytesRead()` — and the same errors: a
 * `SourceReadError` or `LimitError` thrown in the worker is thrown here, as its class with its
 * code and message, after the rows read before it. A worker that dies without finishing makes
 * the row stream fail (an `InternalError`), never end short. Leaving the loop early ends the worker.
 */
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Deps } from '../core/deps.js';
import { AbortedError, InternalError, LimitError, PipelineError, SourceReadError, type PipelineErrorCode } from '../core/errors.js';
import type { Issue } from '../core/issue.js';
import { openSource, pickReader } from './open-source.js';
import { createRowBatchDecoder, type RowBatch } from './row-batch.js';
import type { PostedError, SourceWorkerData } from './source-worker.js';
import type { ReadOptions, SourceFormat, SourceInfo, SourceRow, SourceStream } from './types.js';

/** Where rows are read: `auto` uses a worker for files of at least `WORKER_MIN_BYTES` of their format. */
export type ReadInWorker = 'auto' | 'always' | 'never';

/**
 * Smallest file `auto` reads on a worker, by format. Starting one costs 150–200 ms of CPU (it loads
 * the readers, exceljs included) and every row is encoded and decoded once more; the gain is the
 * reader's time, overlapped. On the bench catalog (19 columns, 1.6 KB a CSV row) that paid at
 * 100,000 rows (CSV 164 MB, XLSX 9 MB) and not yet at 10,000 (CSV 16 MB: 12 % more CPU; XLSX
 * 0.9 MB: even): both limits are about 20,000 such rows.
 */
export const WORKER_MIN_BYTES: Readonly<Record<SourceFormat, number>> = { csv: 32 * 1024 * 1024, xlsx: 2 * 1024 * 1024 };
/** Rows per batch posted by the worker. */
const BATCH_ROWS = 512;
/** Batches posted and not yet taken by the main thread; the worker waits beyond that. */
const MAX_IN_FLIGHT = 4;
/**
 * The worker's young generation, in MB. V8's default (as large as the main thread's) let a 100k-row
 * dry run peak 10–20 MB higher, for no measurable gain in speed.
 */
const WORKER_YOUNG_MB = 16;

/** Opens `path` on a worker or in this thread, as `mode` says. */
export async function openSourceWhere(mode: ReadInWorker, path: string, options: ReadOptions, deps: Pick<Deps, 'signal'>): Promise<SourceStream> {
  if (mode === 'never') return openSource(path, options, deps);
  const reader = pickReader(path);
  if (mode === 'auto') {
    const size = await stat(path).then(
      (stats) => (stats.isFile() ? stats.size : 0),
      () => 0,
    );
    // A missing or small file: the in-thread read gives the same errors without a thread.
    if (size < WORKER_MIN_BYTES[reader.format]) return openSource(path, options, deps);
  }
  let worker: Worker;
  try {
    worker = startSourceWorker(path, options);
  } catch (error) {
    if (mode === 'auto') return openSource(path, options, deps);
    throw new InternalError(`${path}: the reader thread could not be started (${(error as Error).message})`, { cause: error });
  }
  return connectSourceWorker(worker, path, deps.signal);
}

/** Opens `path` with `openSource` run on a worker thread. */
export function openSourceInWorker(path: string, options: ReadOptions, deps: Pick<Deps, 'signal'>): Promise<SourceStream> {
  return openSourceWhere('always', path, options, deps);
}

function startSourceWorker(path: string, options: ReadOptions): Worker {
  const data: SourceWorkerData = { path, options, batchRows: BATCH_ROWS, maxInFlight: MAX_IN_FLIGHT };
  const own = import.meta.url;
  const resourceLimits = { maxYoungGenerationSizeMb: WORKER_YOUNG_MB };
  if (!own.endsWith('.ts')) return new Worker(new URL('./source-worker.js', own), { workerData: data, resourceLimits });
  // Running from TypeScript sources (vitest, `npm run cli`). A worker does not inherit tsx's
  // loader, and Node 20 ignores `--import tsx` in a worker's execArgv for its entry module: the
  // entry is a line of JavaScript that imports the TypeScript one through tsx's API.
  // (The ESM build of tsx's API: its CommonJS build fails to find its own parts through a symlinked node_modules.)
  const api = pathToFileURL(join(dirname(createRequire(own).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  const entry = new URL('./source-worker.ts', own).href;
  const code = `import(${JSON.stringify(api)}).then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(own)}));`;
  return new Worker(code, { eval: true, workerData: data, resourceLimits });
}

/**
 * Ends the worker of a stream dropped unread (its consumer failed between opening and reading):
 * a long-lived process (`watch`) would otherwise keep a thread waiting for acknowledgements.
 */
const abandoned = new FinalizationRegistry<Worker>((worker) => void worker.terminate());

type WorkerMessage =
  | { type: 'open'; info: SourceInfo; issues: Issue[] }
  | { type: 'batch'; batch: RowBatch }
  | { type: 'end'; bytesRead: number }
  | { type: 'error'; error: PostedError };

/**
 * The main thread's side of a started reader worker: a queue of batches and the first failure.
 * Exported for tests that hand it a worker of their own (one that dies, say).
 */
export function connectSourceWorker(worker: Worker, path: string, signal: AbortSignal | undefined): Promise<SourceStream> {
  const queue: RowBatch[] = [];
  let opened: { info: SourceInfo; issues: Issue[] } | undefined;
  let ended = false;
  let failure: Error | undefined;
  let stopped = false;
  let wake: (() => void) | undefined;
  let lastRow = 0;
  let bytesRead = 0;

  const notify = (): void => {
    wake?.();
    wake = undefined;
  };
  const fail = (error: Error): void => {
    failure ??= error;
    notify();
  };
  const describeCrash = (why: string): InternalError =>
    new InternalError(
      `${path}: the reader thread stopped unexpectedly (${why}) ${lastRow > 0 ? `after row ${lastRow}` : 'before the first row'}; the rows after it were not read`,
    );

  worker.on('message', (message: WorkerMessage) => {
    if (message.type === 'open') opened = { info: message.info, issues: message.issues };
    else if (message.type === 'batch') {
      queue.push(message.batch);
      const count = message.batch.rowCount;
      if (count > 0) lastRow = message.batch.rows[count - 1] as number;
    } else if (message.type === 'end') {
      bytesRead = message.bytesRead;
      ended = true;
    } else fail(rebuildError(message.error, path));
    notify();
  });
  worker.on('messageerror', (error) => fail(describeCrash(`a message could not be read: ${error.message}`)));
  worker.on('error', (error) => fail(describeCrash(error.message)));
  worker.on('exit', (code) => {
    if (!stopped && !ended && failure === undefined) fail(describeCrash(`exit code ${code}`));
  });
  const onAbort = (): void => fail(new AbortedError(undefined, { cause: signal?.reason }));
  signal?.addEventListener('abort', onAbort, { once: true });
  // Referenced only while this thread waits for it: a stream nobody reads keeps no process alive.
  worker.unref();

  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    signal?.removeEventListener('abort', onAbort);
    await worker.terminate();
  };
  const waitForMessage = async (): Promise<void> => {
    worker.ref();
    try {
      await new Promise<void>((resolve) => (wake = resolve));
    } finally {
      worker.unref();
    }
  };

  async function* generateRows(): AsyncGenerator<SourceRow> {
    const decoder = createRowBatchDecoder();
    try {
      for (;;) {
        const batch = queue.shift();
        if (batch !== undefined) {
          worker.postMessage({ type: 'ack' });
          const rows = decoder.decode(batch);
          bytesRead = Math.max(bytesRead, batch.bytesRead);
          for (const row of rows) {
            if (signal?.aborted) throw new AbortedError(undefined, { cause: signal.reason });
            yield row;
          }
          continue;
        }
        if (failure !== undefined) throw failure;
        if (ended) return;
        await waitForMessage();
      }
    } finally {
      await stop();
    }
  }

  const open = async (): Promise<SourceStream> => {
    try {
      while (opened === undefined) {
        if (signal?.aborted) throw new AbortedError(undefined, { cause: signal.reason });
        if (failure !== undefined) throw failure;
        await waitForMessage();
      }
    } catch (error) {
      await stop();
      throw error;
    }
    const rows = generateRows();
    abandoned.register(rows, worker);
    return { info: opened.info, rows, bytesRead: () => bytesRead, issues: opened.issues };
  };
  return open();
}

/** The error the worker posted, as the class it was thrown as. */
function rebuildError(posted: PostedError, path: string): Error {
  switch (posted.name) {
    case 'SourceReadError':
      return new SourceReadError(posted.file ?? path, posted.message, posted.sheet !== undefined ? { sheet: posted.sheet } : {});
    case 'LimitError':
      return new LimitError(posted.message);
    case 'AbortedError':
      return new AbortedError(posted.message);
    case 'InternalError':
      return new InternalError(posted.message);
    default:
      if (posted.code !== undefined) return new PipelineError(posted.code as PipelineErrorCode, posted.message);
      return new InternalError(`${path}: reading failed in the reader thread: ${posted.name}: ${posted.message}`);
  }
}
