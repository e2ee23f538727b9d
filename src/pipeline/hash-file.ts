/**
 * Content hash of an input file, streamed: a run is identified by what the file holds, not by its
 * name, so a re-run of the same content resumes and a re-drop of the same content is recognised.
 *
 * A large file is hashed on a thread of its own: SHA-256 of a 164 MB CSV is ~150 ms of CPU, which
 * on the main thread competed with the service opening and the directories loading beside it
 * (`prepareRun` hashes while it prepares). The thread loads nothing of ours (a few lines of
 * JavaScript over `node:crypto` and `node:fs`), so it starts in a few milliseconds. Until the caller
 * needs the hash it runs at the lowest priority, on whatever core the main thread leaves (measured
 * on two cores: the directories fetched ~80 ms sooner, preparing ~50 ms shorter); then it gets its
 * priority back, or is raced by this thread where that is not allowed, so a busy machine that
 * starves it never makes the run wait longer than hashing here would.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { Worker } from 'node:worker_threads';

/** Smallest file hashed on a thread of its own: below it starting one costs more than it saves. */
export const HASH_THREAD_MIN_BYTES = 16 * 1024 * 1024;

/**
 * SHA-256 of a file, hex. `signal` stops the reading (the file is closed; the promise rejects).
 * With `needed`, a large file's thread runs at the lowest priority until `needed` settles (the
 * caller now waits for the hash); then its priority is restored, or, where a thread's priority
 * cannot be raised again, this thread hashes the file too and the first to finish gives the hash.
 */
export async function hashFile(path: string, signal?: AbortSignal, needed?: Promise<unknown>): Promise<string> {
  const size = await stat(path).then(
    (stats) => stats.size,
    () => 0,
  );
  if (size >= HASH_THREAD_MIN_BYTES) return hashOnThread(path, signal, needed);
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
// The lowest priority while the hash is not yet needed (on Linux a nice value is per thread;
// elsewhere this does nothing): the main thread, which prepares meanwhile, is the run's critical
// path, and at equal priority this thread took a third of a core from it on two cores.
if (workerData.lowPriority) {
  try {
    const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0 && tid !== process.pid) {
      require('node:os').setPriority(tid, 19);
      parentPort.postMessage({ tid });
    }
  } catch {}
}
(async () => {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(workerData.path, { highWaterMark: 1 << 20 })) hash.update(chunk);
  parentPort.postMessage({ hex: hash.digest('hex') });
})().catch((error) => parentPort.postMessage({ message: String(error && error.message), code: error && error.code }));
`;

/** The thread's messages: its thread id once lowered in priority, then the hash or why the file could not be read. */
type HashAnswer = { tid: number } | { hex: string } | { message: string; code?: string };

function hashOnThread(path: string, signal: AbortSignal | undefined, needed: Promise<unknown> | undefined): Promise<string> {
  if (signal?.aborted) return Promise.reject(signal.reason as Error);
  return new Promise((resolve, reject) => {
    // A small heap: the thread holds one 1 MB chunk at a time.
    const worker = new Worker(HASH_THREAD_CODE, { eval: true, workerData: { path, lowPriority: needed !== undefined }, resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 32 } });
    let settled = false;
    let lowered: number | undefined;
    // Stops this thread's own hashing when the thread's answer comes first (or the caller stops).
    const stopHere = new AbortController();
    // Settled once the thread has ended: a caller that stops hashing leaves no thread behind.
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      stopHere.abort();
      worker.terminate().then(outcome, outcome);
    };
    const onAbort = (): void => settle(() => reject(signal?.reason as Error));
    signal?.addEventListener('abort', onAbort, { once: true });
    let hurried = false;
    const hurry = (): void => {
      hurried = true;
      if (settled || lowered === undefined) return;
      try {
        setPriority(lowered, 0);
      } catch {
        // Not allowed to raise a priority again (no CAP_SYS_NICE): a thread starved by a busy
        // machine must not hold the run up, so the hash is computed here too; the first one wins.
        hashHere(path, stopHere.signal).then(
          (hex) => settle(() => resolve(hex)),
          () => undefined,
        );
      }
    };
    void needed?.then(hurry, hurry);
    worker.on('message', (answer: HashAnswer) => {
      if ('tid' in answer) {
        lowered = answer.tid;
        if (hurried) hurry();
      } else if ('hex' in answer) settle(() => resolve(answer.hex));
      else settle(() => reject(Object.assign(new Error(answer.message), answer.code === undefined ? {} : { code: answer.code })));
    });
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) => settle(() => reject(new Error(`hashing ${path} stopped unexpectedly (exit code ${code})`))));
  });
}
