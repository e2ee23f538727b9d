/**
 * Writing the sandbox's state file: every interval while something changed, one write at a time,
 * and a last write of the state brought up to the clock when the sandbox closes.
 */
import type { SandboxStore } from './create-sandbox-store.js';
import { writeStateFile } from './state-file.js';

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
