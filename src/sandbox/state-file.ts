/**
 * The sandbox's state file: products, jobs and id counters as one JSON document, so that a
 * restarted sandbox answers as before. Writes are atomic (a temporary file in the same directory,
 * then a rename), so a crash never leaves half a file: every interval while something changed, one
 * write at a time, and a last write of the state brought up to the clock when the sandbox closes.
 */
import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
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

/** Writes the state file atomically. */
export async function writeStateFile(path: string, snapshot: StoreSnapshot): Promise<void> {
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, JSON.stringify(snapshot), 'utf8');
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw new StateError(`cannot write the sandbox state file ${path}`, { cause: error });
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

/** The periodic writer of one sandbox. */
interface StatePersistence {
  /** Stops the periodic writes. */
  stop(): void;
  /** Waits for the write under way, then writes the state as of now. */
  writeFinal(): Promise<void>;
}

/** Starts writing the store to `stateFile` every `intervalMs` while it is dirty; does nothing without a state file. */
export function startStatePersistence(store: SandboxStore, stateFile: string | null, intervalMs: number): StatePersistence {
  let writing: Promise<void> = Promise.resolve();
  const persist = (file: string): void => {
    writing = writing
      .then(() => {
        const data = store.toSnapshot();
        store.markSaved();
        return writeStateFile(file, data);
      })
      // A failed periodic write is retried by the next one and by writeFinal().
      .catch(() => {});
  };
  const timer = stateFile
    ? setInterval(() => {
        if (store.isDirty()) persist(stateFile);
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
        await writeStateFile(stateFile, store.toSnapshot());
      }
    },
  };
}
