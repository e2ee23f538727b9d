/**
 * Content hash of an input file, read a megabyte at a time into one reused buffer (not a read
 * stream, see `hashFile`): a run is identified by what the file holds, not by its name, so a
 * re-run of the same content resumes and a re-drop of the same content is recognised.
 * SHA-256 of a 157 MB CSV is ~200 ms of CPU; `prepareRun` has it taken while it prepares, by the
 * reading thread when the file is read on one (source-worker.ts), else on this thread; the watcher
 * takes it itself. docs/history/performance-rounds.md has the measurement.
 */
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';

/** Options of `hashFile`. */
export interface HashFileOptions {
  /** Stops the reading: the file is closed, the promise rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
}

/** Bytes read at a time, into one buffer for the whole file. */
const CHUNK_BYTES = 1 << 20;

/**
 * SHA-256 of a file, hex. The file is read into one reused buffer: a new buffer per megabyte (a
 * read stream's) is memory outside the heap that V8 answers with a full collection about every
 * 64 MB, five per 164 MB file, on the thread that also maps the rows (docs/history/performance-rounds.md).
 */
export async function hashFile(path: string, options: HashFileOptions = {}): Promise<string> {
  const { signal } = options;
  signal?.throwIfAborted();
  const hash = createHash('sha256');
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    for (;;) {
      signal?.throwIfAborted();
      const { bytesRead } = await file.read(buffer, 0, CHUNK_BYTES, null);
      if (bytesRead === 0) break;
      hash.update(bytesRead === CHUNK_BYTES ? buffer : buffer.subarray(0, bytesRead));
    }
  } finally {
    await file.close();
  }
  return hash.digest('hex');
}
