/**
 * The entry of the thread that writes `issues.ndjson` (write-issues-ndjson-in-worker.ts): reads
 * the spill from the snapshot it is given, writes the file with `writeIssuesNdjson` — the same
 * writer as in the main thread — and posts the digest, or the failure that stopped it (its class
 * name, code and message: no stack crosses the threads). When the CSV copy asks, it also renders
 * the copy's issue cells from the same spill (`issue-cell-batches.ts`), and answers only once that
 * is done too.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { isPipelineError } from '../core/errors.js';
import type { Issue } from '../core/issue.js';
import { openIssueSpillSnapshot, type IssueSpillSnapshot, type IssueSpillSnapshotReader } from '../state/open-issue-spill.js';
import { CELL_BATCHES, createIssueCellBatch, renderIssueCellBatches, type IssueCellAnswer, type IssueCellBatch, type IssueCellChannel, type IssueCellRequest } from './issue-cell-batches.js';
import { writeIssuesNdjson, type IssueDigest } from './write-issues-ndjson.js';

/** What the main thread gives the thread. */
export interface IssuesNdjsonWorkerData {
  path: string;
  otherIssues: Issue[];
  spill: IssueSpillSnapshot;
  examplesPerCode?: number;
}

/** A failure as it crosses threads: what the main thread throws again (see `rebuildPostedError`). */
export interface PostedWriteError {
  name: string;
  message: string;
  /** A `PipelineError`'s code, or a system error's (`ENOSPC`). */
  code: string | undefined;
  pipeline: boolean;
  errno?: number;
  syscall?: string;
  path?: string;
}

/** What the thread posts once, at its end. */
export type IssuesNdjsonWorkerAnswer = { type: 'done'; digest: IssueDigest } | { type: 'error'; error: PostedWriteError };

function describeError(error: unknown): PostedWriteError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), code: undefined, pipeline: false };
  const system = error as NodeJS.ErrnoException;
  return {
    name: error.name,
    message: error.message,
    code: typeof system.code === 'string' ? system.code : undefined,
    pipeline: isPipelineError(error),
    ...(typeof system.errno === 'number' ? { errno: system.errno } : {}),
    ...(typeof system.syscall === 'string' ? { syscall: system.syscall } : {}),
    ...(typeof system.path === 'string' ? { path: system.path } : {}),
  };
}

/**
 * Renders the copy's issue cells once the copy asks (`cells:start`), beside the list, into the
 * batches it gives back; `finished` resolves once the last batch is posted or the copy wants no
 * more (at once when it never asked); `stop` ends the rendering at its next batch and resolves once
 * it has ended (so the spill it reads can be closed).
 */
function serveIssueCells(port: MessagePort, reader: IssueSpillSnapshotReader): { finished(): Promise<void>; stop(): Promise<void> } {
  // Made when the copy asks: an XLSX run, or a CSV run without a byte copy, never does.
  let pool: IssueCellBatch[] = [];
  let stopped = false;
  let waiting: ((batch: IssueCellBatch | undefined) => void) | undefined;
  let rendering: Promise<void> | undefined;
  const channel: IssueCellChannel = {
    take: () => (stopped ? Promise.resolve(undefined) : pool.length > 0 ? Promise.resolve(pool.pop()) : new Promise((resolve) => (waiting = resolve))),
    post: (batch) => port.postMessage({ type: 'cells', batch } satisfies IssueCellAnswer, [batch.bytes, batch.index]),
  };
  const hand = (batch: IssueCellBatch | undefined): void => {
    const resume = waiting;
    waiting = undefined;
    if (resume !== undefined) resume(batch);
    else if (batch !== undefined) pool.push(batch);
  };
  port.on('message', (request: IssueCellRequest) => {
    if (request.type === 'cells:start' && rendering === undefined && !stopped) {
      pool = Array.from({ length: CELL_BATCHES }, createIssueCellBatch);
      // Not the run's failure: the copy renders the cells it did not get (a spill that cannot be read fails the list too).
      rendering = renderIssueCellBatches(reader.storedRows(), request.delimiter, channel).catch(() => port.postMessage({ type: 'cells:gone' } satisfies IssueCellAnswer));
    }
    else if (request.type === 'cells:back') hand(request.batch);
    else if (request.type === 'cells:stop') {
      stopped = true;
      hand(undefined);
    }
  });
  return {
    finished: async () => {
      await rendering;
      // Asked for after this: the copy renders its cells itself.
      stopped = true;
    },
    stop: async () => {
      stopped = true;
      hand(undefined);
      await rendering;
    },
  };
}

async function runIssuesNdjsonWorker(): Promise<void> {
  const port = parentPort;
  if (port === null) return;
  const data = workerData as IssuesNdjsonWorkerData;
  let answer: IssuesNdjsonWorkerAnswer;
  try {
    const reader = openIssueSpillSnapshot(data.spill);
    const cells = serveIssueCells(port, reader);
    try {
      const digest = await writeIssuesNdjson({
        path: data.path,
        otherIssues: data.otherIssues,
        rowRecords: reader.records(),
        ...(data.examplesPerCode !== undefined ? { examplesPerCode: data.examplesPerCode } : {}),
      });
      await cells.finished();
      answer = { type: 'done', digest };
    } catch (error) {
      // The list failed (a full disk): the renderer may be waiting for a batch back, and would read
      // the spill again on the next one. It ends before the spill's file is closed, not after: a
      // descriptor read after its close may by then be another file's the main thread opened.
      await cells.stop();
      throw error;
    } finally {
      reader.close();
    }
  } catch (error) {
    answer = { type: 'error', error: describeError(error) };
  }
  port.postMessage(answer);
}

await runIssuesNdjsonWorker();
