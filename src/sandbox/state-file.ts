/**
 * The sandbox's state file: products, jobs and id counters as one JSON document, so that a
 * restarted sandbox answers as before. Writes are atomic (a temporary file in the same directory,
 * then a rename), so a crash never leaves half a file: every interval while something changed and
 * no write is under way, and a last write of the state brought up to the clock when the sandbox closes.
 * The store is paused while a write is under way, so the file holds the state of one instant (the
 * counters aside, read last): a job finishes at most one write later than its delay says.
 */
import { randomBytes } from 'node:crypto';
import { open, readFile, rename, rm, type FileHandle } from 'node:fs/promises';
import { StateError } from '../core/errors.js';
import type { SandboxStore } from './create-sandbox-store.js';
import type { StoreSnapshot } from './types.js';

/** Reads the state file; null when it does not exist. Throws `StateError` when it exists but is not a sandbox state. */
export async function loadStateFile(path: string): Promise<StoreSnapshot | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new StateError(`cannot read the sandbox state file ${path}`, { cause: error });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new StateError(`the sandbox state file ${path} is not valid JSON`, { cause: error });
  }
  if (!isSnapshot(data)) throw new StateError(`the sandbox state file ${path} is not a version 1 sandbox state`);
  return data;
}

/** Products or jobs stringified between two writes: the service answers requests in between. */
const RECORDS_PER_WRITE = 500;

/**
 * Writes the state file atomically, a few hundred records at a time. A state of 200,000 SKUs is
 * about 150 MB of JSON: stringified at once it held the service for seconds every interval, and a
 * client's keep-alive connection closed under its request then (ECONNRESET, an import's answer
 * lost). Each record is stringified when its turn comes, so it may hold ids given since the
 * snapshot: the counters are read (`readCounters`) and written last, never older than those ids.
 */
export async function writeStateFile(path: string, snapshot: StoreSnapshot, readCounters = (): StoreSnapshot['counters'] => snapshot.counters): Promise<void> {
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const file = await open(temp, 'w');
    try {
      await file.write(`{"version":${JSON.stringify(snapshot.version)},"products":`);
      await writeRecords(file, snapshot.products);
      await file.write(',"jobs":');
      await writeRecords(file, snapshot.jobs);
      await file.write(`,"counters":${JSON.stringify(readCounters())}}`);
    } finally {
      await file.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw new StateError(`cannot write the sandbox state file ${path}`, { cause: error });
  }
}

/** Writes `records` as a JSON array, one write per `RECORDS_PER_WRITE`. */
async function writeRecords(file: FileHandle, records: readonly unknown[]): Promise<void> {
  for (let start = 0; start < records.length || start === 0; start += RECORDS_PER_WRITE) {
    const part = records.slice(start, start + RECORDS_PER_WRITE).map((record) => JSON.stringify(record));
    await file.write(`${start === 0 ? '[' : ','}${part.join(',')}${start + RECORDS_PER_WRITE >= records.length ? ']' : ''}`);
  }
}

function isSnapshot(data: unknown): data is StoreSnapshot {
  if (typeof data !== 'object' || data === null) return false;
  const record = data as Record<string, unknown>;
  const counters = record['counters'] as Record<string, unknown> | undefined;
  return (
    record['version'] === 1 &&
    Array.isArray(record['products']) &&
    Array.isArray(record['jobs']) &&
    typeof counters === 'object' &&
    counters !== null &&
    ['nextProductId', 'nextSkuId', 'nextJobId'].every((key) => Number.isInteger(counters[key]))
  );
}

/** Time between two periodic writes, in the last write's durations. */
const WRITE_SPACING = 3;

/** The periodic writer of one sandbox. */
interface StatePersistence {
  /** Stops the periodic writes. */
  stop(): void;
  /** Waits for the write under way, then writes the state as of now. */
  writeFinal(): Promise<void>;
  /** The periodic write under way (settling when the store is no longer paused by it), or undefined. */
  underway(): Promise<void> | undefined;
}

/** Starts writing the store to `stateFile` every `intervalMs` while it is dirty; does nothing without a state file. */
export function startStatePersistence(store: SandboxStore, stateFile: string | null, intervalMs: number): StatePersistence {
  let writing: Promise<void> = Promise.resolve();
  let busy = false;
  // A write pauses the jobs: the next one waits out thrice the last one's time, so a large state
  // (200,000 SKUs, ~1.5 s a write) holds the jobs still a quarter of the time at most, not most of it.
  let nextWriteAt = 0;
  const persist = (file: string): void => {
    busy = true;
    const started = performance.now();
    // The product list is taken now, the job objects are stringified last: a job that ran in
    // between would be written Done with products the file lacks (lost by a crash before the next write).
    const resume = store.pause();
    const data = store.toSnapshot();
    store.markSaved();
    writing = writeStateFile(file, data, () => store.readCounters())
      // A failed periodic write is retried by the next one and by writeFinal().
      .catch(() => {})
      .finally(() => {
        resume();
        busy = false;
        const ended = performance.now();
        nextWriteAt = ended + WRITE_SPACING * (ended - started);
      });
  };
  // One write at a time: a write slower than the interval is not queued behind by another each tick.
  const timer = stateFile
    ? setInterval(() => {
        if (store.isDirty() && !busy && performance.now() >= nextWriteAt) persist(stateFile);
      }, intervalMs)
    : null;
  timer?.unref();
  return {
    stop() {
      if (timer) clearInterval(timer);
    },
    async writeFinal() {
      await writing;
      if (stateFile) {
        store.advance();
        const resume = store.pause();
        try {
          await writeStateFile(stateFile, store.toSnapshot(), () => store.readCounters());
        } finally {
          resume();
        }
      }
    },
    underway: () => (busy ? writing : undefined),
  };
}
