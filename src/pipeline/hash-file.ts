/**
 * Content hash of an input file, streamed: a run is identified by what the file holds, not by its
 * name, so a re-run of the same content resumes and a re-drop of the same content is recognised.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** SHA-256 of a file, hex. `signal` stops the reading (the file is closed; the promise rejects). */
export async function hashFile(path: string, signal?: AbortSignal): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20, ...(signal === undefined ? {} : { signal }) })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
