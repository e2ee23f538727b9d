/**
 * Flow control between the reading thread and the main thread, in four counters of shared memory
 * rather than a message per batch. Every message between threads wakes the other thread's event
 * loop; with the main thread the bottleneck, an acknowledgement per batch woke the waiting reader
 * for each batch, and on a loaded 2-core machine the main thread lost its core to it in
 * `postMessage` (7 % of its profile on the 100,000-row CSV dry run). Now each side reads the
 * counters and sends a message only to wake a thread that said it sleeps: the reader sleeps
 * once `maxInFlight` batches wait and is woken when the main thread has taken them down to
 * `resumeAt`; the main thread is signalled only when it found no batch.
 */

/** Slots of the shared counters. */
const POSTED = 0;
const TAKEN = 1;
const READER_SLEEPS = 2;
const MAIN_SLEEPS = 3;

/** The shared counters, as each thread sees them. */
export type ReaderFlow = Int32Array;

/** Creates the counters, to hand to the worker in its data. */
export function createReaderFlow(): ReaderFlow {
  return new Int32Array(new SharedArrayBuffer(4 * Int32Array.BYTES_PER_ELEMENT));
}

/** Batches posted and not taken yet. */
function countInFlight(flow: ReaderFlow): number {
  return Atomics.load(flow, POSTED) - Atomics.load(flow, TAKEN);
}

/** Reader: one batch more is posted. True when the main thread sleeps and must be woken. */
export function notePosted(flow: ReaderFlow): boolean {
  Atomics.add(flow, POSTED, 1);
  return Atomics.exchange(flow, MAIN_SLEEPS, 0) === 1;
}

/**
 * Reader: whether it must sleep now (`maxInFlight` batches waiting). It says so before looking a
 * last time, so that a batch taken meanwhile either shows here or finds the flag set.
 */
export function checkReaderMustSleep(flow: ReaderFlow, maxInFlight: number): boolean {
  if (countInFlight(flow) < maxInFlight) return false;
  Atomics.store(flow, READER_SLEEPS, 1);
  if (countInFlight(flow) < maxInFlight) {
    Atomics.store(flow, READER_SLEEPS, 0);
    return false;
  }
  return true;
}

/** Main thread: one batch is taken. True when the reader sleeps and enough room is free to wake it. */
export function noteTaken(flow: ReaderFlow, resumeAt: number): boolean {
  Atomics.add(flow, TAKEN, 1);
  return countInFlight(flow) <= resumeAt && Atomics.load(flow, READER_SLEEPS) === 1 && Atomics.exchange(flow, READER_SLEEPS, 0) === 1;
}

/**
 * Main thread: about to sleep for lack of a batch. `look` is called once more after the flag is
 * set, so that a batch posted meanwhile is either found or followed by a signal; what it found
 * is returned (and the flag cleared).
 */
export function announceMainSleep<T>(flow: ReaderFlow, look: () => T | undefined): T | undefined {
  Atomics.store(flow, MAIN_SLEEPS, 1);
  const found = look();
  if (found !== undefined) Atomics.store(flow, MAIN_SLEEPS, 0);
  return found;
}
