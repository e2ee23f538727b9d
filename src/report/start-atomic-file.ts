/**
 * Every report file is written under a temporary name in its folder and renamed to its final name
 * only once complete: a process killed while it writes leaves no half file under a final name
 * (`annotated.xlsx` that is not a zip), only a hidden `.<name>.<random>.partial`, which no reader
 * of the report takes for a result. The report's file openers (batched CSV output, the zip writer,
 * issues.ndjson, summary.json) all open their files through this one place, and the state
 * directory's caches write theirs through `writeFileAtomically` and clear what a killed write left
 * with `removeStalePartials`.
 */
import { randomBytes } from 'node:crypto';
import { lstatSync } from 'node:fs';
import { open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
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

/** Writes a whole report file of `text` (UTF-8) through `startAtomicFile`: `summary.json`, `report.html`. */
export async function writeReportFile(path: string, text: string): Promise<void> {
  const file = startAtomicFile(path);
  try {
    await writeFile(file.tempPath, text, 'utf8');
    await file.commit();
  } catch (error) {
    await file.discard();
    throw error;
  }
}

function isAbsentOrRegularFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/**
 * How old a temporary file (`.<name>.<random>.partial`) must be to be the leftover of a write that
 * died (kill -9), not the write of a run under way.
 */
const STALE_PARTIAL_MS = 60 * 60 * 1000;

/**
 * Writes `bytes` to `path` so that readers see the old content or the new, never a part: a new
 * temporary file (mode `options.mode`, whatever the umask), fsync, rename. Unlike `startAtomicFile`
 * it never writes in place: its callers are the state directory's caches, whose path is theirs, so
 * a pipe or device standing there is replaced by the rename, never written into (a FIFO would hold
 * the write until a reader came). Throws what the file system threw, with the temporary file
 * removed; the caller decides whether that stops the run.
 */
export async function writeFileAtomically(path: string, bytes: string | Uint8Array, options: { mode: number }): Promise<void> {
  const tempPath = namePartialFile(path);
  try {
    const handle = await open(tempPath, 'wx', options.mode);
    try {
      await handle.writeFile(bytes);
      await handle.chmod(options.mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tempPath, path);
  } catch (error) {
    await rm(tempPath, { force: true }).catch(() => undefined);
    throw error;
  }
}

/**
 * Removes from `folder` the temporary files of writes that died: those at least `olderThanMs` old at
 * `now` (default `STALE_PARTIAL_MS`; 0 when the caller knows no write of its folder is alive, as a
 * resume holding the import lock does). One that goes meanwhile is no failure. Throws when the
 * folder cannot be listed.
 */
export async function removeStalePartials(folder: string, now: Date, olderThanMs = STALE_PARTIAL_MS): Promise<void> {
  const partials = (await readdir(folder)).filter((name) => name.startsWith('.') && name.endsWith('.partial'));
  await Promise.all(
    partials.map(async (name) => {
      const path = join(folder, name);
      try {
        if (now.getTime() - (await stat(path)).mtimeMs >= olderThanMs) await rm(path, { force: true });
      } catch {
        // Removed by another run meanwhile.
      }
    }),
  );
}
