/**
 * Lists a watched folder: the regular files at its top (sub-folders are not watched), with their
 * size and modification time. Files removed while the folder is read are left out.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileSnapshot } from './check-file-stability.js';

/** Regular files at the top of `dir` (symbolic links to files included), in no particular order. */
export async function loadFolderSnapshots(dir: string): Promise<FileSnapshot[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const snapshots: FileSnapshot[] = [];
  for (const entry of entries) {
    if (!entry.isFile() && !entry.isSymbolicLink()) continue;
    try {
      const info = await stat(join(dir, entry.name));
      if (info.isFile()) snapshots.push({ name: entry.name, size: info.size, mtimeMs: info.mtimeMs });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return snapshots;
}

/** One file's snapshot now, or undefined when it is gone or not a regular file. */
export async function loadFileSnapshot(dir: string, name: string): Promise<FileSnapshot | undefined> {
  try {
    const info = await stat(join(dir, name));
    return info.isFile() ? { name, size: info.size, mtimeMs: info.mtimeMs } : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
