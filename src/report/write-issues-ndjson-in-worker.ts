/**
 * `writeIssuesNdjson` of a spilled run on a thread of its own (issues-ndjson-worker.ts), so that
 * the main thread writes the annotated copy and `rejected-rows.csv` meanwhile: once the read stage
 * is over the reading thread is gone, and a file where every row is wrong has a million issues to
 * write (1.3 s at 500,000 rows) beside its copies (4.5 s). The thread reads the spill from a
 * snapshot (`IssueSpill.snapshot`: the file flushed, the tables copied and then moved to it), runs
 * the same writer over the same records, and posts the digest back: the same file, byte for byte,
 * and the same digest (its examples parsed there, cloned here) as `writeIssuesNdjson` here.
 *
 * A failure there (a full disk, a folder not writable) is thrown here as it would have been thrown
 * in this thread: a `PipelineError` as one with its code, a system error with its code (`ENOSPC`)
 * and message; a thread that stops without answering is an `InternalError`. The thread is always
 * ended before the promise settles, and `stop` ends it early (the caller failed meanwhile). The
 * failure is also signalled at once (`failure`, aborted with the error), so that a caller busy
 * elsewhere — writing the copies — stops there instead of finishing work the run will not keep.
 */
import { InternalError, PipelineError, type PipelineErrorCode } from '../core/errors.js';
import type { Issue } from '../core/issue.js';
import { startModuleWorker } from '../core/start-module-worker.js';
import { listSnapshotBuffers, type IssueSpill, type IssueSpillSnapshot } from '../state/open-issue-spill.js';
import type { IssuesNdjsonWorkerAnswer, IssuesNdjsonWorkerData, PostedWriteError } from './issues-ndjson-worker.js';
import { openIssueCellFeed, type IssueCellFeed } from './open-issue-cell-feed.js';
import { writeIssuesNdjson, type IssueDigest, type IssueRecord } from './write-issues-ndjson.js';

/** Options of `startIssuesNdjsonWorker`. */
export interface IssuesNdjsonWorkerOptions {
  path: string;
  otherIssues: readonly Issue[];
  /** The spill's records, as `IssueSpill.snapshot` took them; its tables are moved to the thread (unusable here afterwards). */
  spill: IssueSpillSnapshot;
  examplesPerCode?: number;
}

/** A started writer thread. */
export interface IssuesNdjsonWorker {
  /** The digest, once the file is written and the thread ended; rejects with the failure that stopped it. */
  digest: Promise<IssueDigest>;
  /** Aborted, its reason the error `digest` rejects with, as soon as `digest` rejects (`stop` itself never aborts it). */
  failure: AbortSignal;
  /** Ends the thread now (the file is left partial); resolves once it has ended. */
  stop(): Promise<void>;
  /** The CSV copy's issue cells, rendered on the thread when the copy asks (`open-issue-cell-feed.ts`). */
  cells: IssueCellFeed;
}

/**
 * The thread's young generation, in MB: it holds a row's records and one parsed example at a time
 * (its megabyte buffers are outside the heap), and V8's default of the main thread's size only let
 * garbage live longer.
 */
const WORKER_YOUNG_MB = 8;

/** Starts the thread writing `options.path`. Throws when the thread cannot be made. */
export function startIssuesNdjsonWorker(options: IssuesNdjsonWorkerOptions): IssuesNdjsonWorker {
  const data: IssuesNdjsonWorkerData = {
    path: options.path,
    otherIssues: [...options.otherIssues],
    spill: options.spill,
    ...(options.examplesPerCode !== undefined ? { examplesPerCode: options.examplesPerCode } : {}),
  };
  const worker = startModuleWorker('issues-ndjson-worker', import.meta.url, {
    workerData: data,
    transferList: listSnapshotBuffers(options.spill),
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB },
  });
  const cells = openIssueCellFeed((request, transfer) => worker.postMessage(request, transfer));
  // Whatever ends the thread, the copy renders the cells it did not get.
  worker.once('exit', () => cells.end());
  let settled = false;
  let ended: Promise<void> | undefined;
  const end = (): Promise<void> => (ended ??= worker.terminate().then(
    () => undefined,
    () => undefined,
  ));
  const digest = new Promise<IssueDigest>((resolve, reject) => {
    // Settled once the thread has ended: nothing of it outlives the promise.
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      void end().then(outcome);
    };
    const stopped = (why: string): InternalError => new InternalError(`${options.path}: the thread writing the issue list stopped unexpectedly (${why})`);
    worker.on('message', (answer: IssuesNdjsonWorkerAnswer) => {
      if (cells.receive(answer)) return;
      if (answer.type === 'done') settle(() => resolve(answer.digest));
      else settle(() => reject(rebuildPostedError(answer.error)));
    });
    worker.once('messageerror', (error) => settle(() => reject(stopped(`its answer could not be read: ${error.message}`))));
    worker.once('error', (error) => settle(() => reject(stopped(error.message))));
    worker.once('exit', (code) => settle(() => reject(stopped(`exit code ${code}`))));
  });
  // A failure while the caller is busy elsewhere (writing the copies) is not an unhandled rejection:
  // it is signalled (`failure`) and thrown where the digest is awaited.
  const failure = new AbortController();
  void digest.catch((error: unknown) => failure.abort(error));
  return {
    digest,
    failure: failure.signal,
    async stop() {
      settled = true;
      await end();
    },
    cells,
  };
}

/** The error the thread posted, as it would have been thrown in this thread. */
export function rebuildPostedError(posted: PostedWriteError): Error {
  if (posted.pipeline && posted.code !== undefined) {
    const error = new PipelineError(posted.code as PipelineErrorCode, posted.message);
    error.name = posted.name;
    return error;
  }
  const error: NodeJS.ErrnoException = new Error(posted.message);
  if (posted.name !== 'Error') error.name = posted.name;
  if (posted.code !== undefined) error.code = posted.code;
  if (posted.errno !== undefined) error.errno = posted.errno;
  if (posted.syscall !== undefined) error.syscall = posted.syscall;
  if (posted.path !== undefined) error.path = posted.path;
  return error;
}

/**
 * Fewest spilled issues written on a thread of their own under `auto`; fewer are written here,
 * before the copies. Measured (built code, 2 issues a row): the thread costs 30–35 ms of CPU more
 * (it loads the writer and the spill's reader) and holds this thread 10–20 ms (the snapshot, the
 * start); writing here takes ~40 ms for 2,000 issues, ~100 ms for 20,000, ~300 ms for 200,000.
 * A file with this many issues also has an annotated copy of thousands of rows to write meanwhile.
 */
export const ISSUE_THREAD_MIN_ISSUES = 10_000;

/** Where `issues.ndjson` is written: `auto` on a thread of its own from `ISSUE_THREAD_MIN_ISSUES` spilled issues. */
export type IssueThread = 'auto' | 'always' | 'never';

/** Options of `startIssuesNdjson`. */
export interface StartIssuesNdjsonOptions {
  path: string;
  otherIssues: readonly Issue[];
  /** Every row's issues as records, in row order (the outcome store's): what this thread writes from. */
  rowRecords: () => Iterable<IssueRecord[]>;
  /** The spill those records come from, when they are spilled: a thread can read it. */
  spill?: IssueSpill | undefined;
  thread?: IssueThread;
  examplesPerCode?: number;
}

/** `issues.ndjson` being written: its digest to come, and whether the list has an issue at all (known at once). */
export interface IssuesNdjsonWriting {
  digest: Promise<IssueDigest>;
  /**
   * Aborted with the error `digest` rejects with as soon as a thread writing the list fails (see
   * `IssuesNdjsonWorker.failure`); absent when the list was written here (a failure then is thrown
   * by `startIssuesNdjson`), so that nothing watches for a failure that cannot come.
   */
  failure?: AbortSignal;
  /** Whether there is at least one issue (the digest's `total` is not 0). */
  hasIssues: boolean;
  /** Ends a thread still writing (the caller failed meanwhile); resolves once it has ended. */
  stop(): Promise<void>;
  /** The CSV copy's issue cells from the thread writing the list, when there is one (see `IssuesNdjsonWorker.cells`). */
  cells?: IssueCellFeed;
}

/**
 * Starts writing `issues.ndjson`: on a thread of its own (`startIssuesNdjsonWorker`) when the
 * issues are spilled and many, the caller going on with the copies meanwhile; else here, finished
 * before this resolves, as before. One writer either way (`writeIssuesNdjson`), so one file.
 */
export async function startIssuesNdjson(options: StartIssuesNdjsonOptions): Promise<IssuesNdjsonWriting> {
  const { spill, thread = 'auto' } = options;
  const examples = options.examplesPerCode !== undefined ? { examplesPerCode: options.examplesPerCode } : {};
  if (spill !== undefined && thread !== 'never' && (thread === 'always' || spill.size() >= ISSUE_THREAD_MIN_ISSUES)) {
    let worker: IssuesNdjsonWorker | undefined;
    try {
      worker = startIssuesNdjsonWorker({ path: options.path, otherIssues: options.otherIssues, spill: spill.snapshot(), ...examples });
    } catch (error) {
      // No thread to be had (resources): written here, as a small list is.
      if (thread === 'always') throw new InternalError(`${options.path}: the thread writing the issue list could not be started (${(error as Error).message})`, { cause: error });
    }
    if (worker !== undefined) return { digest: worker.digest, failure: worker.failure, hasIssues: spill.size() + options.otherIssues.length > 0, stop: worker.stop, cells: worker.cells };
  }
  const digest = await writeIssuesNdjson({ path: options.path, otherIssues: options.otherIssues, rowRecords: options.rowRecords(), ...examples });
  return { digest: Promise.resolve(digest), hasIssues: digest.total > 0, stop: async () => undefined };
}
