/**
 * A file written in byte batches: texts and bytes are put straight into a buffer of about 256 KB,
 * handed to the file stream when full, and the buffer goes back to a small pool once on disk.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { startAtomicFile } from './start-atomic-file.js';

/** An open batched output. `put*` never wait: `settle()` says when the stream wants a pause. */
interface BatchedFileOutput {
  /** Puts `text` as UTF-8. */
  putText(text: string): void;
  /** Puts `bytes[start, end)` as they are. */
  putBytes(bytes: Buffer, start: number, end: number): void;
  /** Puts `text`, all ASCII, as its bytes (no call into the runtime to encode a few digits). */
  putAscii(text: string): void;
  /** Puts one byte (an ASCII delimiter). */
  putByte(byte: number): void;
  /** Copies the last `length` bytes put by one `putText` into `target` (to reuse them). */
  copyLast(target: Buffer, length: number): void;
  /** `undefined` when the stream can take more; else a promise of its drain, to await before putting more. */
  settle(): Promise<void> | undefined;
  /** Throws the stream's error, if it failed. */
  checkFailure(): void;
  /** Writes what is left and ends the file; resolves when it is on disk under its final name. */
  close(): Promise<void>;
  /**
   * Stops writing and removes the partial file; resolves once both are done. The stream opens its
   * file asynchronously: the removal waits for the close, or an output destroyed before its open
   * landed would create the file again after the removal.
   */
  destroy(): Promise<void>;
}

const WRITE_BUFFER_BYTES = 1 << 20;
const BATCH_BYTES = 256 * 1024;
// Batches in flight at most: the stream's buffer (1 MB) and one being written.
const POOL_SIZE = 6;

/** Opens `path` for writing (replacing it once closed; until then it is written under a temporary name), created with `mode` when given. */
export function openBatchedFileOutput(path: string, options: { mode?: number } = {}): BatchedFileOutput {
  const file = startAtomicFile(path);
  // The default 16 KB buffer fills every dozen rows and the writer then waits for the disk: a
  // 100,000-row report spent over a second idle that way.
  const stream = createWriteStream(file.tempPath, { highWaterMark: WRITE_BUFFER_BYTES, ...options });
  let failure: unknown;
  stream.on('error', (error) => {
    failure = error;
  });
  // A write per record cost a third of a 100,000-row annotated CSV's time in per-chunk work
  // (writev, encoding), and building one string per batch cost its concatenation and a flatten.
  // Batches go back to a pool once on disk: a new 256 KB buffer per batch (1,300 for a large
  // copy) is external memory the collector is driven by, each time with the whole run's heap.
  const pool: Buffer[] = [];
  let buffer: Buffer = Buffer.allocUnsafe(BATCH_BYTES);
  let used = 0;
  let flushed = true;
  const flush = (): void => {
    const batch = buffer;
    const ok = stream.write(batch.subarray(0, used), () => {
      if (batch.length === BATCH_BYTES && pool.length < POOL_SIZE) pool.push(batch);
    });
    buffer = pool.pop() ?? Buffer.allocUnsafe(BATCH_BYTES);
    used = 0;
    if (!ok) flushed = false;
  };
  const makeRoom = (length: number): void => {
    if (used + length <= buffer.length) return;
    if (used > 0) flush();
    if (length > buffer.length) buffer = Buffer.allocUnsafe(length);
  };
  return {
    putText(text) {
      if (text === '') return;
      // A UTF-16 unit takes at most 3 bytes of UTF-8.
      makeRoom(text.length * 3);
      used += buffer.write(text, used);
    },
    putBytes(bytes, start, end) {
      makeRoom(end - start);
      used += copyBytes(bytes, start, end, buffer, used);
    },
    putAscii(text) {
      makeRoom(text.length);
      for (let i = 0; i < text.length; i++) buffer[used++] = text.charCodeAt(i);
    },
    putByte(byte) {
      makeRoom(1);
      buffer[used++] = byte;
    },
    copyLast(target, length) {
      buffer.copy(target, 0, used - length, used);
    },
    settle() {
      if (flushed) return undefined;
      flushed = true;
      return once(stream, 'drain').then(() => undefined);
    },
    checkFailure() {
      if (failure !== undefined) throw failure;
    },
    async close() {
      if (failure !== undefined) throw failure;
      if (used > 0) flush();
      stream.end();
      await once(stream, 'finish');
      if (!stream.closed) await once(stream, 'close');
      await file.commit();
    },
    async destroy() {
      stream.destroy();
      if (!stream.closed) await new Promise<void>((resolve) => stream.once('close', () => resolve()));
      await file.discard();
    },
  };
}

/**
 * Copies `source[start, end)` to `target` at `at`; returns the number of bytes copied. `Buffer#copy`
 * for the short values a row's cells and issues mostly are: below 64 bytes a plain loop costs less
 * than the call's set-up (a view and its checks).
 */
function copyBytes(source: Buffer, start: number, end: number, target: Buffer, at: number): number {
  const length = end - start;
  if (length > 64) return source.copy(target, at, start, end);
  for (let i = 0; i < length; i++) target[at + i] = source[start + i] as number;
  return length;
}
