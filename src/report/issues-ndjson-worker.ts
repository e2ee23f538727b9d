/**
 * The entry of the thread that writes `issues.ndjson` (write-issues-ndjson-in-worker.ts): reads
 * the spill from the snapshot it is given, writes the file with `writeIssuesNdjson` — the same
 * writer as in the main thread — and posts the digest, or the failure that stopped it (its class
 * name, code and message: no stack crosses the threads).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { isPipelineError } from '../core/errors.js';
import type { Issue } from '../core/issue.js';
import { openIssueSpillSnapshot, type IssueSpillSnapshot } from '../state/open-issue-spill.js';
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

async function runIssuesNdjsonWorker(): Promise<void> {
  const port = parentPort;
  if (port === null) return;
  const data = workerData as IssuesNdjsonWorkerData;
  let answer: IssuesNdjsonWorkerAnswer;
  try {
    const reader = openIssueSpillSnapshot(data.spill);
    try {
      const digest = await writeIssuesNdjson({
        path: data.path,
        otherIssues: data.otherIssues,
        rowRecords: reader.records(),
        ...(data.examplesPerCode !== undefined ? { examplesPerCode: data.examplesPerCode } : {}),
      });
      answer = { type: 'done', digest };
    } finally {
      reader.close();
    }
  } catch (error) {
    answer = { type: 'error', error: describeError(error) };
  }
  port.postMessage(answer);
}

await runIssuesNdjsonWorker();
