/**
 * The reading of a large file, started while the run still prepares. `prepareRun` starts it as soon
 * as the mapping (which gives the read options) is parsed, so the reading thread starts, opens the
 * file and parses its first batches while the service opens, the directories load and the mapping
 * is checked; `readAndValidate` then takes the stream already open.
 *
 * Only where the file is read on a worker thread anyway (`chooseReadThread`: `always`, or `auto` at
 * `WORKER_MIN_BYTES` and more): read in this thread, an early start would only move the same work
 * earlier on the same thread. The read-ahead is the worker's own flow control: at most its few
 * batches in flight are read before the main thread takes them, however long preparing takes.
 *
 * Nothing of the file is reported before preparing has succeeded: a failure to open (a
 * `SourceReadError`, a `LimitError`) is held and thrown by `take()`, where `readAndValidate` would
 * have thrown it, and file issues travel with the stream. A run that ends before taking the stream
 * (preparing failed, an import lock is held elsewhere, the run was aborted) calls `close()`, which
 * ends the reading thread and releases the file at once.
 */
import type { Deps } from '../core/deps.js';
import { InternalError } from '../core/errors.js';
import { chooseReadThread, openSourceOnThread, type KnownFileSize, type ReadInWorker } from '../sources/open-source-in-worker.js';
import type { ReadOptions, SourceStream } from '../sources/types.js';

/** A stream opened ahead of the read stage. */
export interface EarlySource {
  /** Where, what and how it reads: a consumer asking for another file, other options or another mode opens its own. */
  readonly mode: ReadInWorker;
  readonly path: string;
  readonly options: ReadOptions;
  /**
   * The file's SHA-256 (`hashFile`) when asked (`hash`), taken on the reading thread beside the
   * reading: the main thread spends nothing on it. Rejects when the file could not be hashed, or
   * the reading was ended before it was; never an unhandled rejection.
   */
  readonly hashing: Promise<string> | undefined;
  /** The open stream, or the failure to open it; once (a second call, or one after `close()`, gets `undefined`). */
  take(): Promise<SourceStream> | undefined;
  /** Ends the reading unless the stream was taken: the reading thread stops, the file is released. */
  close(): Promise<void>;
}

/**
 * Starts reading `path` when `mode` and its size put it on a worker thread; `undefined` when not
 * (the read stage opens it then, as it always did). Never throws: whatever fails surfaces in `take()`
 * or, for a file type no reader takes, when the read stage opens it. `known.size`: the file's size
 * as `prepareRun` found it, else looked at here (`chooseReadThread`). `hash`: the reading thread
 * hashes the file too (`hashing`).
 */
export async function openSourceEarly(
  mode: ReadInWorker,
  path: string,
  options: ReadOptions,
  deps: Pick<Deps, 'signal'>,
  known: KnownFileSize = {},
  { hash = false }: { hash?: boolean } = {},
): Promise<EarlySource | undefined> {
  // The choice is made once, and handed on rather than made again.
  const choice = await chooseReadThread(mode, path, known).catch(() => undefined);
  if (choice === undefined || !choice.inWorker) return undefined;
  // Our own signal beside the run's: `close()` aborts the stream without aborting the run.
  const stopper = new AbortController();
  const signal = deps.signal === undefined ? stopper.signal : AbortSignal.any([deps.signal, stopper.signal]);
  let received = undefined as Promise<string> | undefined;
  // Handed over before the opening's first wait (`openSourceOnThread` calls it at once).
  const opening = openSourceOnThread(choice, path, options, { signal }, hash ? (hashing) => (received = hashing) : undefined);
  const hashing = hash ? (received ?? Promise.reject(new InternalError(`${path}: the reading did not hash the file`))) : undefined;
  hashing?.catch(() => undefined);
  // Held for `take()`; never an unhandled rejection when the run ends before it.
  opening.catch(() => undefined);
  let taken = false;
  return {
    mode,
    path,
    options,
    hashing,
    take() {
      if (taken) return undefined;
      taken = true;
      return opening;
    },
    async close() {
      if (taken) return;
      taken = true;
      stopper.abort();
      const stream = await opening.catch(() => undefined);
      if (stream === undefined) return;
      // Ending the rows unread ends the thread (`releaseOnReturn` in the worker's stream).
      await stream.rows[Symbol.asyncIterator]().return?.(undefined).catch(() => undefined);
    },
  };
}
