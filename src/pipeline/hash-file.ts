/**
 * Content hash of an input file, streamed: a run is identified by what the file holds, not by its
 * name, so a re-run of the same content resumes and a re-drop of the same content is recognised.
 * Hashed on the main thread: SHA-256 of a 164 MB CSV is ~150 ms of CPU, beside the directories
 * loading (`prepareRun` hashes while it prepares); docs/performance.md has the measurement.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** Options of `hashFile`. */
export interface HashFileOptions {
  /** Stops the reading: the file is closed, the promise rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
}

/** SHA-256 of a file, hex. */
export async function hashFile(path: string, options: HashFileOptions = {}): Promise<string> {
  const { signal } = options;
  const hash = createHash('sha256');
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20, ...(signal === undefined ? {} : { signal }) })) hash.update(chunk as Buffer);
  } catch (error) {
    throw signal?.aborted === true ? (signal.reason as Error) : error;
  }
  return hash.digest('hex');
}
