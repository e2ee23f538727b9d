/**
 * Content hash of an input file, streamed: a run is identified by what the file holds, not by its
 * name, so a re-run of the same content resumes and a re-drop of the same content is recognised.
 *
 * A large file is hashed on a thread of its own: SHA-256 of a 164 MB CSV is ~150 ms of CPU, which
 * on the main thread competed with the service opening and the directories loading beside it
 * (`prepareRun` hashes while it prepares). The thread loads nothing of ours (a few lines of
 * JavaScript over `node:crypto` and `node:fs`), so it starts in a few milliseconds.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';

/** Smallest file hashed on a thread of its own: below it starting one costs more than it saves. */
export const HASH_THREAD_MIN_BYTES = 16 * 1024 * 1024;

/** Options of `hashFile`. */
export interface HashFileOptions {
  /** Stops the reading: the file is closed, the promise rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
  /**
   * The file's size in bytes, when the caller has just looked at the file: saves looking again. It
   * only chooses the thread: the hash is of every byte read to the end, whatever the file holds by then.
   */
  size?: number | undefined;
}

/** SHA-256 of a file, hex. */
export async function hashFile(path: string, options: HashFileOptions = {}): Promise<string> {
  const { signal } = options;
  const size =
    options.size ??
    (await stat(path).then(
      (stats) => stats.size,
      () => 0,
    ));
  if (size >= HASH_THREAD_MIN_BYTES) return hashOnThread(path, signal);
  return hashHere(path, signal);
}

async function hashHere(path: string, signal: AbortSignal | undefined): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20, ...(signal === undefined ? {} : { signal }) })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The thread's code: CommonJS, as an `eval` worker runs it. */
const HASH_THREAD_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { createReadStream } = require('node:fs');
(async () => {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(workerData, { highWaterMark: 1 << 20 })) hash.update(chunk);
  parentPort.postMessage({ hex: hash.digest('hex') });
})().catch((error) => parentPort.postMessage({ message: String(error && error.message), code: error && error.code }));
`;

/** The thread's answer: the hash, or why the file could not be read. */
type HashAnswer = { hex: string } | { message: string; code?: string };

function hashOnThread(path: string, signal: AbortSignal | undefined): Promise<string> {
  if (signal?.aborted) return Promise.reject(signal.reason as Error);
  return new Promise((resolve, reject) => {
    // A small heap: the thread holds one 1 MB chunk at a time.
    const worker = new Worker(HASH_THREAD_CODE, { eval: true, workerData: path, resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 32 } });
    let settled = false;
    // Settled once the thread has ended: a caller that stops hashing leaves no thread behind.
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      worker.terminate().then(outcome, outcome);
    };
    const onAbort = (): void => settle(() => reject(signal?.reason as Error));
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (answer: HashAnswer) => {
      if ('hex' in answer) settle(() => resolve(answer.hex));
      else settle(() => reject(Object.assign(new Error(answer.message), answer.code === undefined ? {} : { code: answer.code })));
    });
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) => settle(() => reject(new Error(`hashing ${path} stopped unexpectedly (exit code ${code})`))));
  });
}
