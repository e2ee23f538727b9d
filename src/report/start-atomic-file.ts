/**
 * Every report file is written under a temporary name in its folder and renamed to its final name
 * only once complete: a process killed while it writes leaves no half file under a final name
 * (`annotated.xlsx` that is not a zip), only a hidden `.<name>.<random>.partial`, which no reader
 * of the report takes for a result. The report's file openers (batched CSV output, the zip writer,
 * issues.ndjson, summary.json) all open their files through this one place.
 */
import { randomBytes } from 'node:crypto';
import { lstatSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** A report file being written under a temporary name. */
interface AtomicFile {
  /** Where the bytes go until `commit`. */
  readonly tempPath: string;
  /** The file is complete and closed: it takes its final name (replacing a file of that name). */
  commit(): Promise<void>;
  /** The file will not be completed: the temporary file goes. Never throws. */
  discard(): Promise<void>;
}

/** The temporary name of a report file in the making (hidden, marked `.partial`, unique). */
function namePartialFile(path: string): string {
  return join(dirname(path), `.${basename(path)}.${randomBytes(4).toString('hex')}.partial`);
}

/**
 * Starts writing `path` under a temporary name (see the file comment). A path that exists and is
 * not a regular file (a device such as /dev/stdout, a pipe, a folder) is written in place: a
 * rename would replace the device with a file, and a folder must fail as it did.
 */
export function startAtomicFile(path: string): AtomicFile {
  if (!isAbsentOrRegularFile(path)) return { tempPath: path, commit: () => Promise.resolve(), discard: () => Promise.resolve() };
  const tempPath = namePartialFile(path);
  return {
    tempPath,
    commit: () => rename(tempPath, path),
    discard: () => rm(tempPath, { force: true }).catch(() => undefined),
  };
}

function isAbsentOrRegularFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}
