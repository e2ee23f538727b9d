/**
 * Content hash of an input file, streamed: a run is identified by what the file holds, not by its
 * name, so a re-run of the same content resumes and a re-drop of the same content is recognised.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** SHA-256 of a file, hex. */
export async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
