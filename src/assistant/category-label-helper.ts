/**
 * The helper thread of `matchCategoryLabels` (`match-category-labels.ts`): a worker (`category-label-worker.ts`) that
 * builds its own directory matchers and category matcher over a copy of the directories while this thread reads the
 * file, then matches the labels it claims with the same functions. Issue 33 item 6: `mapping init` of the 713-label
 * evaluation file spent nearly all its time matching labels one after another on one of the machine's cores
 * (docs/performance.md). A batch's jobs are claimed from a shared counter (`Atomics.add`), so a helper still setting up
 * takes none and a slow one takes few; its matches come back on a port of their own, which this thread reads without
 * leaving its synchronous loop (`receiveMessageOnPort`), each followed by a count it waits on (`Atomics.wait`). The
 * categories in a match crossed the thread boundary as copies: they are put back as this thread's own objects.
 */
import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import type { Category, Directories } from '../domain/index.js';
import type { DirectoryIndex } from '../mapping/directory-index.js';
import { startModuleWorker } from '../sources/open-source-in-worker.js';
import { DELIVERED, NEXT_JOB, type CategoryLabelWorkerData, type PostedBatch, type PostedMatch } from './category-label-protocol.js';
import type { CategoryLabelHelper, SharedLabelBatch } from './match-category-labels.js';
import type { ValueMatch } from './match-value.js';

/**
 * Fewest labels worth a helper: starting one costs about 1.5 s of CPU (its modules, the directories' matchers and the
 * category matcher), which the labels it takes must repay; a label takes 5–10 ms.
 */
export const MIN_HELPED_LABELS = 200;
/** A helper that delivers nothing for this long while holding jobs is taken for dead: its jobs are matched here. */
const STALL_MS = 10_000;

/**
 * Starts the helper thread over these directories; undefined when no thread can be made (the labels are then all
 * matched on this thread).
 */
export function startCategoryLabelHelper(directories: Directories, index: DirectoryIndex, stateDir: string): CategoryLabelHelper | undefined {
  const { port1, port2 } = new MessageChannel();
  let worker: Worker;
  try {
    const data: CategoryLabelWorkerData = { directories, stateDir, matches: port2 };
    worker = startModuleWorker('category-label-worker', import.meta.url, { workerData: data, transferList: [port2] });
  } catch {
    port1.close();
    return undefined;
  }
  // A failing helper costs only its share: its jobs are matched here.
  worker.on('error', () => undefined);
  let batches = 0;
  return {
    share(jobs) {
      const batch = (batches += 1);
      const counters = new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT);
      const posted: PostedBatch = { batch, jobs, counters };
      worker.postMessage(posted);
      return createSharedBatch(batch, jobs.length, new Int32Array(counters), port1, index);
    },
    async close() {
      port1.close();
      await worker.terminate();
    },
  };
}

function createSharedBatch(batch: number, size: number, counters: Int32Array, port: MessagePort, index: DirectoryIndex): SharedLabelBatch {
  let own = 0;
  return {
    claim() {
      const next = Atomics.add(counters, NEXT_JOB, 1);
      if (next >= size) return -1;
      own += 1;
      return next;
    },
    collect() {
      const received = new Map<number, ValueMatch<Category>>();
      // Called once this thread's claims ran out, so every job is claimed: the helper holds the ones this thread did not take.
      const held = size - own;
      let answered = 0;
      while (answered < held) {
        const delivered = Atomics.load(counters, DELIVERED);
        for (let message = receiveMessageOnPort(port); message !== undefined; message = receiveMessageOnPort(port)) {
          const posted = message.message as PostedMatch;
          if (posted.batch !== batch) continue;
          answered += 1;
          if (posted.match !== undefined) received.set(posted.index, relinkCategories(posted.match, index));
        }
        if (answered < held && Atomics.wait(counters, DELIVERED, delivered, STALL_MS) === 'timed-out') break;
      }
      return received;
    },
  };
}

/** The match with this thread's categories in place of the copies that crossed (same ids, same content). */
function relinkCategories(match: ValueMatch<Category>, index: DirectoryIndex): ValueMatch<Category> {
  // Mutated in place: the copy keeps `best` and its candidate one object, as the helper's match had them.
  for (const candidate of [...(match.best === undefined ? [] : [match.best]), ...match.candidates]) {
    candidate.entry = index.categoryById.get(candidate.entry.id) ?? candidate.entry;
  }
  return match;
}
