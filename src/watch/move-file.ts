/**
 * Moves of watched files. Every move is one `rename` inside the inbox's file system: atomic, so a
 * crash leaves the file either where it was or where it went, and a rename whose source is gone
 * tells a second taker that it lost the race.
 */
import { rename } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { checkPathExists } from '../core/check-path-exists.js';

/**
 * Claims a file by renaming it into another folder. Returns false when the source no longer
 * exists (someone else took or removed it); throws for other errors.
 */
export async function claimFile(from: string, to: string): Promise<boolean> {
  try {
    await rename(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * A name for `name` that is not taken in a folder: `name` itself when free, else the name with the
 * time before its extension (`catalog.20261122-153012.xlsx`), then with a counter
 * (`catalog.20261122-153012-2.xlsx`). `isTaken` says whether a candidate (or one of its side
 * files) exists.
 */
export async function buildUniqueName(name: string, at: Date, isTaken: (candidate: string) => Promise<boolean>): Promise<string> {
  if (!(await isTaken(name))) return name;
  const ext = extname(name);
  const stem = ext && ext !== name ? name.slice(0, -ext.length) : name;
  const iso = at.toISOString();
  const stamp = `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}`;
  for (let n = 1; ; n += 1) {
    const candidate = `${stem}.${stamp}${n > 1 ? `-${n}` : ''}${ext}`;
    if (!(await isTaken(candidate))) return candidate;
  }
}

/** Whether `name` or one of the side files the watcher writes beside it exists in `dir`. */
export async function checkNameTaken(dir: string, name: string, sideSuffixes: readonly string[]): Promise<boolean> {
  for (const suffix of ['', ...sideSuffixes]) if (await checkPathExists(join(dir, `${name}${suffix}`))) return true;
  return false;
}
