/**
 * The run's input file must not change while the run reads it. The run names the content by the
 * hash it took while preparing (journal, resume, report), and the reader reads the file again:
 * two reads. A write between them, or during either, would have the run validate and send one
 * content and record it under the hash of another; a resumed run would then continue it from
 * content it never held. The file's fingerprint (`file-fingerprint.ts`), taken before the hash
 * began, is compared again once the reading has ended, before anything is sent or reported.
 */
import { stat } from 'node:fs/promises';
import { isPipelineError, SourceChangedError } from '../core/errors.js';
import { describeFingerprintChange, readFileFingerprint } from './file-fingerprint.js';
import type { PreparedRun } from './prepare-run.js';

/** What `checkSourceUnchanged` looks at. */
export type CheckedSource = Pick<PreparedRun, 'sourcePath' | 'displayPath' | 'sourceFingerprint' | 'fileSha256'>;

/**
 * Why the file is no longer what the run hashed before it read it (`it was written to`, `another
 * file was put in its place`, `it is gone`), or `undefined` when it still is.
 */
export async function findSourceChange(source: CheckedSource): Promise<string | undefined> {
  let now;
  try {
    now = readFileFingerprint(await stat(source.sourcePath, { bigint: true }));
  } catch (error) {
    // Gone (or unreadable) by now: what was read can no longer be told to be what was hashed.
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'it is gone' : `it cannot be looked at: ${(error as Error).message}`;
  }
  return describeFingerprintChange(source.sourceFingerprint, now);
}

/**
 * Throws `SourceChangedError` when the file changed since the run took its fingerprint (before
 * hashing it); `consequence` says what the run did not do (`nothing was sent`).
 */
async function checkSourceUnchanged(source: CheckedSource, consequence: string): Promise<void> {
  const change = await findSourceChange(source);
  if (change !== undefined) throw buildSourceChangedError(source, change, consequence);
}

/**
 * Runs the read stage `read`, then checks the file did not change meanwhile. A read that failed
 * for the file (unreadable, over a limit) while it changed under it (a workbook rewritten while
 * it was unzipped) fails with `SourceChangedError` too, its cause kept: the file is not broken, it
 * was being written.
 */
export async function readUnchangedSource<T>(source: CheckedSource, consequence: string, read: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await read();
  } catch (error) {
    // Only a failure about the file itself may be the file changing under the reader.
    if (!isPipelineError(error) || (error.code !== 'SOURCE_UNREADABLE' && error.code !== 'LIMIT_EXCEEDED')) throw error;
    const change = await findSourceChange(source);
    if (change !== undefined) throw buildSourceChangedError(source, change, consequence, error);
    throw error;
  }
  await checkSourceUnchanged(source, consequence);
  return result;
}

function buildSourceChangedError(source: CheckedSource, change: string, consequence: string, cause?: unknown): SourceChangedError {
  const message =
    `${source.displayPath} changed while the run read it (${change}): what was read is not surely the content ` +
    `its hash (sha256 ${source.fileSha256}) names; ${consequence}. Run it again once the file is complete`;
  return new SourceChangedError(source.displayPath, message, cause === undefined ? undefined : { cause });
}
