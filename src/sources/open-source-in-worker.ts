/**
 * `openSource` on a second thread: a worker (source-worker.ts) reads and parses the file while the
 * main thread maps and validates the rows already read. Same result as `openSource` — header,
 * file issues, rows deep-equal to the in-thread ones, `bytesRead()` — and the same errors: a
 * `SourceReadError` or `LimitError` thrown in the worker is thrown here, as its class with its
 * code and message, after the rows read before it. A worker that dies without finishing makes
 * the row stream fail (an `InternalError`), never end short. Leaving the loop early ends the worker.
 * The header comes on the worker's own port; the batches (row-batch.ts), then the end or the
 * failure, on a port of their own that this thread reads only when it needs the next batch
 * (`receiveMessageOnPort`): a batch waits serialized, outside the JavaScript heap (taken on arrival,
 * the batches queued behind the one in use were promoted to the old generation only to die there:
 * 15 MB more at the peak of a 100,000-row XLSX). Every `ANSWER_EVERY` batches taken are answered
 * with `taken` (the worker waits with `MAX_IN_FLIGHT` batches unanswered): an answer per batch woke
 * the waiting worker for each batch.
 */
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort, type WorkerOptions } from 'node:worker_threads';
import type { Deps } from '../core/deps.js';
import { AbortedError, InternalError, LimitError, PipelineError, SourceReadError, type PipelineErrorCode } from '../core/errors.js';
import type { Issue } from '../core/issue.js';
import { hashFile } from '../pipeline/hash-file.js';
import { openSource, pickReader } from './open-source.js';
import { releaseOnReturn } from './release-on-return.js';
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
/**
 * Rows per batch posted by the worker. The cells of the rows waiting for their batch are slices of
 * the decoded text they came from, which they keep alive: 512 rows (about 13 chunks of text)
 * survived the worker's scavenges and were promoted, only to die there, at ~3 MB a scavenge. At
 * 128 the reading thread took a third less CPU (100,000-row CSV through the thread: 1.5 s, was
 * 2.4 s) and its heap 25–30 MB less; more messages cost nothing measurable.
 */
const BATCH_ROWS = 128;
/** Batches posted and not answered by the main thread; the worker waits at that. */
const MAX_IN_FLIGHT = 8;
/** Batches taken per answer: the worker, waiting at `MAX_IN_FLIGHT`, resumes with this many free. */
const ANSWER_EVERY = 4;
/**
 * The worker's young generation, in MB. V8's default (as large as the main thread's) let a 100k-row
 * CSV dry run peak 10–20 MB higher, for no measurable gain in speed. Below 16 MB the thread falls
 * into a collection storm whenever another busy process shares the cores: at 8 MB a 500,000-row CSV
 * thread then promoted 1.2–1.3 GB (3 MB when alone), ran ~198 full collections instead of none, and
 * the dry run took 20–21 s of CPU instead of 14 (3 of 10 contended runs; none of 5 at 16 MB,
 * 14.3–14.9 s). 12 MB collects exactly as often as 8. An XLSX's scanner keeps more alive across a
 * collection: at 8 MB even a quiet 500,000-row XLSX thread took 8 s more CPU. The price is 7–20 MB
 * of peak memory for a CSV (500,000 rows: quiet medians 235 → 242 MB; 253 MB in a full benchmark).
 */
const WORKER_YOUNG_MB = 16;

/** Where a file is read, as `chooseReadThread` decided it. */
interface ReadThreadChoice {
  /** On a worker thread; else in this one. */
  readonly inWorker: boolean;
  /** `auto`: a worker that cannot be started leaves the file to this thread instead of failing. */
  readonly fallBack: boolean;
}

/**
 * Which thread reads `path` under `mode`: `auto` looks at the file's size, once (a missing or small
 * file stays in this thread, which gives the same errors without a thread). Rejects, as `openSource`
 * would, for a file type no reader takes, unless `mode` is `never`.
 */
export async function chooseReadThread(mode: ReadInWorker, path: string, known: KnownFileSize = {}): Promise<ReadThreadChoice> {
  if (mode === 'never') return { inWorker: false, fallBack: false };
  const reader = pickReader(path);
  if (mode === 'always') return { inWorker: true, fallBack: false };
  const size =
    known.size ??
    (await stat(path).then(
      (stats) => (stats.isFile() ? stats.size : 0),
      () => 0,
    ));
  return { inWorker: size >= WORKER_MIN_BYTES[reader.format], fallBack: true };
}

/** What a caller already knows of the file whose reading thread is chosen. */
export interface KnownFileSize {
  /**
   * The file's size in bytes, when the caller has just found it is a file (`prepareRun`): saves
   * looking again. It only chooses the thread; the reader looks at the file itself when it opens
   * it (empty, over the limit, gone).
   */
  size?: number | undefined;
}

/** Opens `path` on a worker or in this thread, as `mode` says; `known` as for `chooseReadThread`. */
export async function openSourceWhere(mode: ReadInWorker, path: string, options: ReadOptions, deps: Pick<Deps, 'signal'>, known: KnownFileSize = {}): Promise<SourceStream> {
  return openSourceOnThread(await chooseReadThread(mode, path, known), path, options, deps);
}

/**
 * Where the file's SHA-256 goes when the caller asks for it with the reading (`openSourceOnThread`):
 * called once, with the hash (`hashFile`'s) or why there is none.
 */
export type FileHashReceiver = (hashing: Promise<string>) => void;

/**
 * Opens `path` where `choice` (from `chooseReadThread`) says. With `onHash`, the file is hashed too,
 * by `hashFile`, on the thread that reads it: on a worker, its CPU (~1.3 ms a megabyte) and its
 * reads leave the main thread (a dry run's critical path); in this thread, beside the reading as
 * before. The hash comes from the worker before it posts its end: take it before reading the rows
 * through.
 */
export async function openSourceOnThread(choice: ReadThreadChoice, path: string, options: ReadOptions, deps: Pick<Deps, 'signal'>, onHash?: FileHashReceiver): Promise<SourceStream> {
  const hashHere = (): void => onHash?.(hashFile(path, { signal: deps.signal }));
  if (!choice.inWorker) {
    hashHere();
    return openSource(path, options, deps);
  }
  const { port1, port2 } = new MessageChannel();
  let worker: Worker;
  try {
    const data: SourceWorkerData = { path, options, batchRows: BATCH_ROWS, maxInFlight: MAX_IN_FLIGHT, rows: port2, hash: onHash !== undefined };
    worker = startModuleWorker('source-worker', import.meta.url, { workerData: data, transferList: [port2], resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB } });
  } catch (error) {
    port1.close();
    if (choice.fallBack) {
      hashHere();
      return openSource(path, options, deps);
    }
    onHash?.(Promise.reject(new InternalError(`${path}: the reader thread could not be started to hash it`)));
    throw new InternalError(`${path}: the reader thread could not be started (${(error as Error).message})`, { cause: error });
  }
  return connectSourceWorker(worker, path, deps.signal, port1, onHash);
}

/**
 * Ends the worker of a stream dropped unread (its consumer failed between opening and reading):
 * a long-lived process (`watch`) would otherwise keep a thread waiting for acknowledgements.
 */
const abandoned = new FinalizationRegistry<Worker>((worker) => void worker.terminate());

/** On the worker's own port: the header, a failure before it, a note after each message on the rows port, and the file's hash when asked. */
type WorkerMessage =
  | { type: 'open'; info: SourceInfo; issues: Issue[] }
  | { type: 'posted' }
  | { type: 'error'; error: PostedError }
  | { type: 'hash'; sha256: string }
  | { type: 'hash'; error: PostedError };

/**
 * The hash the worker posts; rejects when it could not hash the file, or stopped (ended, aborted,
 * crashed) before it posted one. Never an unhandled rejection: the receiver may drop it.
 */
function receiveFileHash(worker: Worker, watch: WorkerWatch, path: string): Promise<string> {
  // Awaited while nothing else keeps the process alive (a run whose directories came from the cache
  // awaits it first thing): the worker is held until the hash is out, else the process exited with
  // 13, the top-level await unsettled, and no word.
  const release = watch.hold();
  const hashing = new Promise<string>((resolve, reject) => {
    const onMessage = (message: WorkerMessage): void => {
      if (message.type !== 'hash') return;
      done();
      if ('sha256' in message) resolve(message.sha256);
      else reject(new SourceReadError(path, `cannot hash ${path}: ${message.error.message}`));
    };
    const onEnd = (): void => {
      done();
      reject(watch.failure ?? new InternalError(`${path}: the reader thread stopped before it hashed the file`));
    };
    const done = (): void => {
      release();
      worker.off('message', onMessage);
      worker.off('exit', onEnd);
    };
    worker.on('message', onMessage);
    worker.on('exit', onEnd);
  });
  hashing.catch(() => undefined);
  return hashing;
}
/** On the rows port, in order: the batches, then the end or the failure that stopped the read. */
type RowsMessage = { type: 'batch'; batch: RowBatch } | { type: 'end'; bytesRead: number } | { type: 'error'; error: PostedError };

/**
 * The main thread's side of a started reader worker: its header, then its batches as the consumer
 * needs them from `rows`. A test may hand in a worker of its own (one that dies, say) without one.
 */
export async function connectSourceWorker(worker: Worker, path: string, signal: AbortSignal | undefined, rows: MessagePort = new MessageChannel().port1, onHash?: FileHashReceiver): Promise<SourceStream> {
  const watch = watchSourceWorker(worker, path, signal, rows);
  if (onHash !== undefined) onHash(receiveFileHash(worker, watch, path));
  let opened: WorkerWatch['opened'];
  try {
    while ((opened = watch.opened) === undefined) {
      if (signal?.aborted) throw new AbortedError(undefined, { cause: signal.reason });
      if (watch.failure !== undefined) throw watch.failure;
      if (watch.crash !== undefined) throw watch.describeCrash(watch.crash);
      await watch.waitForMessage();
    }
  } catch (error) {
    await watch.stop();
    throw error;
  }
  // Ended unread (an early start given up), the generator's own `finally` would not run: the thread is ended either way.
  const stream = releaseOnReturn(generateWorkerRows(worker, watch, rows, path, signal), () => watch.stop());
  abandoned.register(stream, worker);
  return { info: opened.info, rows: stream, bytesRead: () => watch.bytesRead, issues: opened.issues };
}

/** What this thread knows of a reader worker, kept up to date by the worker's events. */
interface WorkerWatch {
  /** The header and file issues, once the worker posted them. */
  readonly opened: { info: SourceInfo; issues: Issue[] } | undefined;
  /** The first failure: posted by the worker before its header, an unreadable message, or the run's abort. */
  readonly failure: Error | undefined;
  /** Why the thread stopped, when it did not end its rows: turned into the error once the rows it posted are read. */
  readonly crash: string | undefined;
  /** The last row of the batches taken, and the bytes read up to them (the end's count once it came). */
  lastRow: number;
  bytesRead: number;
  describeCrash(why: string): InternalError;
  /** Sleeps until the worker posts or stops; the worker keeps the process alive only meanwhile. */
  waitForMessage(): Promise<void>;
  /** Keeps the process alive for the worker until the function returned is called (once). */
  hold(): () => void;
  /** Ends the worker and the rows port; once. */
  stop(): Promise<void>;
}

/** Listens to the worker's messages and its end, and to `signal`. */
function watchSourceWorker(worker: Worker, path: string, signal: AbortSignal | undefined, rows: MessagePort): WorkerWatch {
  let wake: (() => void) | undefined;
  let stopped = false;
  // Who holds the worker referenced: waiting for a message, awaiting the hash.
  let holders = 0;
  const hold = (): (() => void) => {
    if (holders++ === 0) worker.ref();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--holders === 0) worker.unref();
    };
  };
  const watch = {
    opened: undefined as WorkerWatch['opened'],
    failure: undefined as Error | undefined,
    crash: undefined as string | undefined,
    lastRow: 0,
    bytesRead: 0,
    describeCrash: (why: string): InternalError =>
      new InternalError(
        `${path}: the reader thread stopped unexpectedly (${why}) ${watch.lastRow > 0 ? `after row ${watch.lastRow}` : 'before the first row'}; the rows after it were not read`,
      ),
    async waitForMessage(): Promise<void> {
      const release = hold();
      try {
        await new Promise<void>((resolve) => (wake = resolve));
      } finally {
        release();
      }
    },
    hold,
    async stop(): Promise<void> {
      if (stopped) return;
      stopped = true;
      signal?.removeEventListener('abort', onAbort);
      rows.close();
      await worker.terminate();
    },
  };
  const notify = (): void => {
    wake?.();
    wake = undefined;
  };
  const fail = (error: Error): void => {
    watch.failure ??= error;
    notify();
  };
  worker.on('message', (message: WorkerMessage) => {
    if (message.type === 'open') watch.opened = { info: message.info, issues: message.issues };
    else if (message.type === 'error') fail(rebuildError(message.error, path));
    notify();
  });
  worker.on('messageerror', (error) => fail(watch.describeCrash(`a message could not be read: ${error.message}`)));
  worker.on('error', (error) => {
    watch.crash ??= error.message;
    notify();
  });
  worker.on('exit', (code) => {
    watch.crash ??= `exit code ${code}`;
    notify();
  });
  const onAbort = (): void => fail(new AbortedError(undefined, { cause: signal?.reason }));
  signal?.addEventListener('abort', onAbort, { once: true });
  // Referenced only while this thread waits for it: a stream nobody reads keeps no process alive.
  worker.unref();
  return watch;
}

/** The rows of the worker's batches, in order; ends the worker when left. */
async function* generateWorkerRows(worker: Worker, watch: WorkerWatch, rows: MessagePort, path: string, signal: AbortSignal | undefined): AsyncGenerator<SourceRow> {
  const decoder = createRowBatchDecoder();
  let unanswered = 0;
  try {
    for (;;) {
      if (watch.failure !== undefined) throw watch.failure;
      let message: RowsMessage | undefined;
      try {
        message = (receiveMessageOnPort(rows) as { message: RowsMessage } | undefined)?.message;
      } catch (error) {
        throw watch.describeCrash(`a message could not be read: ${(error as Error).message}`);
      }
      if (message?.type === 'batch') {
        if (++unanswered === ANSWER_EVERY) {
          worker.postMessage({ type: 'taken', count: unanswered });
          unanswered = 0;
        }
        const { batch } = message;
        if (batch.rows.length > 0) watch.lastRow = batch.rows[batch.rows.length - 1] as number;
        watch.bytesRead = Math.max(watch.bytesRead, batch.bytesRead);
        for (const row of decoder.decode(batch)) {
          if (signal?.aborted) throw new AbortedError(undefined, { cause: signal.reason });
          yield row;
        }
        continue;
      }
      if (message?.type === 'end') {
        watch.bytesRead = message.bytesRead;
        return;
      }
      if (message?.type === 'error') throw rebuildError(message.error, path);
      // What the thread posted before it stopped is in the port already: nothing left there means rows were lost.
      if (watch.crash !== undefined) throw watch.describeCrash(watch.crash);
      await watch.waitForMessage();
    }
  } finally {
    await watch.stop();
  }
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

/**
 * Starts a worker thread on one of our modules, in both worlds the code runs in: built (`dist`,
 * plain JavaScript: the module's `.js` file next to the caller's) and from the TypeScript sources
 * (vitest, `npm run cli`, through tsx). A worker does not inherit tsx's loader, and Node 20 ignores
 * `--import tsx` in a worker's execArgv for its entry module: the entry is then a line of
 * JavaScript that imports the TypeScript module through tsx's API. (The ESM build of tsx's API:
 * its CommonJS build fails to find its own parts through a symlinked node_modules.) The worker
 * runs the module `name` (no extension) that sits next to the module whose `import.meta.url` is
 * `callerUrl`. Throws when the thread cannot be made.
 */
function startModuleWorker(name: string, callerUrl: string, options: WorkerOptions): Worker {
  if (!callerUrl.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, callerUrl), options);
  const api = pathToFileURL(join(dirname(createRequire(callerUrl).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  const entry = new URL(`./${name}.ts`, callerUrl).href;
  const code = `import(${JSON.stringify(api)}).then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(callerUrl)}));`;
  return new Worker(code, { ...options, eval: true });
}
