/**
 * Reads the names of a file (`readProductName`), in chunks given in file order. A large file's names are read in two
 * threads: this one and a worker (`read-product-names-worker.ts`) running the same function on the same index, read from
 * its cache file beside the directories. Reading is most of `mapping review`'s time (~90 % of 100,000 names' CPU) and every
 * name reads the same in any order, so the two threads take chunks as each is free; the chunks are given back in file
 * order, so the review counts the names as if read one by one. A small file is read here alone (a worker costs
 * ~0.5 s to start, loading the classifier's modules and its index), and so is any file when the worker cannot start or
 * fails: then this thread reads what it had not read.
 */
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ClassifyOptions } from '../classify/classifier-types.js';
import { readProductName, type ProductNameReader, type ProductNameReading } from './read-product-name.js';

/** Where the worker reads the classifier's index, and the options the names are read with. */
export interface ProductNamesWorkerInput {
  /** The cached index (`buildClassifierIndexPath`) and the directory content hash it must carry. */
  indexPath: string;
  directoryHash: string;
  classifyOptions?: ClassifyOptions;
}

/** A worker's message: ready to read, the readings of a chunk, or that it cannot read. */
export type ProductNamesWorkerMessage = { kind: 'ready' } | { kind: 'read'; chunk: number; readings: ProductNameReading[] } | { kind: 'failed'; reason: string };

/** Options of `readProductNamesInChunks`. */
export interface ReadProductNamesOptions {
  reader: ProductNameReader;
  /** The worker's index and options; without it, every name is read in this thread. */
  worker?: ProductNamesWorkerInput;
  /** The fewest names read with a worker (default `MIN_NAMES_FOR_WORKER`). */
  minNamesForWorker?: number;
  /** Names a chunk holds (default `CHUNK_NAMES`). */
  chunkNames?: number;
}

/** Chunks of consecutive names: `from` is the first one's position. */
export interface ReadChunk {
  from: number;
  readings: ProductNameReading[];
  /** Read by the worker thread. */
  byWorker: boolean;
}

// Below this many names a worker's start costs more than it saves (~0.25 ms a name on one core).
const MIN_NAMES_FOR_WORKER = 10_000;
// A chunk takes ~0.1 s: small enough that neither thread waits long for the other at the end.
const CHUNK_NAMES = 500;

/** The readings of `texts` (trimmed, non-empty names), in order; see the file comment. */
export async function* readProductNamesInChunks(texts: readonly string[], options: ReadProductNamesOptions): AsyncGenerator<ReadChunk> {
  const size = options.chunkNames ?? CHUNK_NAMES;
  const chunks = Math.ceil(texts.length / size);
  const textsOf = (chunk: number): readonly string[] => texts.slice(chunk * size, (chunk + 1) * size);
  const readChunk = (chunk: number): ProductNameReading[] => textsOf(chunk).map((text) => readProductName(text, options.reader));
  if (options.worker === undefined || texts.length < (options.minNamesForWorker ?? MIN_NAMES_FOR_WORKER)) {
    for (let chunk = 0; chunk < chunks; chunk += 1) yield { from: chunk * size, readings: readChunk(chunk), byWorker: false };
    return;
  }
  const helper = startHelper(options.worker, textsOf);
  const read = helper.read;
  try {
    // The first chunk no thread has taken: each takes the next one when free.
    let next = 0;
    for (let chunk = 0; chunk < chunks; chunk += 1) {
      while (!read.has(chunk)) {
        while (next < chunks && helper.offer(next)) next += 1;
        const lost = helper.takeLost();
        if (lost !== undefined) read.set(lost, readChunk(lost));
        else if (next < chunks) {
          read.set(next, readChunk(next));
          next += 1;
        } else await helper.settle();
        // The worker's messages arrive only while this thread waits: it waits a turn after each chunk it reads.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      const readings = read.get(chunk) ?? [];
      read.delete(chunk);
      yield { from: chunk * size, readings, byWorker: helper.readByWorker(chunk) };
    }
  } finally {
    await helper.stop();
  }
}

/** The worker as the reader sees it. */
interface Helper {
  /** Chunks read by either thread and not yet given out. */
  read: Map<number, ProductNameReading[]>;
  /** Gives the worker a chunk when it is free; whether it took it. */
  offer(chunk: number): boolean;
  /** A chunk the worker was given and will not read (it failed). */
  takeLost(): number | undefined;
  readByWorker(chunk: number): boolean;
  /** Waits for the worker's next message (at once when it is gone). */
  settle(): Promise<void>;
  stop(): Promise<void>;
}

// Chunks the worker holds at once: it reads the next while this thread, busy with its own, has not yet seen the last one's readings.
const WORKER_QUEUE = 2;

function startHelper(input: ProductNamesWorkerInput, textsOf: (chunk: number) => readonly string[]): Helper {
  const read = new Map<number, ProductNameReading[]>();
  const lost: number[] = [];
  let state: 'starting' | 'ready' | 'gone' = 'starting';
  const held = new Set<number>();
  const byWorker = new Set<number>();
  let wake: (() => void) | undefined;
  const worker = spawnWorker(input);
  const awake = (): void => {
    wake?.();
    wake = undefined;
  };
  const giveUp = (): void => {
    lost.push(...held);
    held.clear();
    state = 'gone';
    awake();
  };
  worker.on('message', (message: ProductNamesWorkerMessage) => {
    if (message.kind === 'failed') return giveUp();
    if (message.kind === 'read') {
      read.set(message.chunk, message.readings);
      held.delete(message.chunk);
      byWorker.add(message.chunk);
    } else state = 'ready';
    awake();
  });
  worker.on('error', giveUp);
  worker.on('exit', () => {
    if (state !== 'gone') giveUp();
  });
  return {
    read,
    offer(chunk) {
      // Chunks sent before the worker is ready wait in its queue: the first ones are its own from the start.
      if (state === 'gone' || held.size >= WORKER_QUEUE) return false;
      held.add(chunk);
      worker.postMessage({ chunk, texts: textsOf(chunk) });
      return true;
    },
    takeLost: () => lost.shift(),
    readByWorker: (chunk) => byWorker.has(chunk),
    settle: () => (state === 'gone' || held.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (wake = resolve))),
    async stop() {
      state = 'gone';
      await worker.terminate();
    },
  };
}

/**
 * The worker, from the compiled file beside this one; run from the TypeScript sources (the tests, `tsx`), its `.ts` file is
 * loaded through `tsx`, which is how the sources run.
 */
function spawnWorker(input: ProductNamesWorkerInput): Worker {
  const extension = extname(fileURLToPath(import.meta.url));
  const file = new URL(`./read-product-names-worker${extension}`, import.meta.url);
  if (extension !== '.ts') return new Worker(file, { workerData: input });
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); });`;
  return new Worker(boot, { eval: true, workerData: input });
}
