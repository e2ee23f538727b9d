/**
 * `directories pull`: fetches the four directories into the cache, tells what changed since the
 * previous snapshot, and optionally writes them as a browsable workbook.
 */
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Deps } from '../core/deps.js';
import { countDirectories } from '../pipeline/load-directories.js';
import { openService } from '../pipeline/open-service.js';
import type { Settings } from '../settings/settings-schema.js';
import { buildDirectoryDiff, type DirectoryDiff } from './diff-directories.js';
import { loadFreshDirectories } from './load-fresh-directories.js';
import { writeDirectoriesWorkbook } from './write-directories-workbook.js';

/** What `directories pull` did. */
export interface DirectoriesPullResult {
  /** Records per directory. */
  counts: Record<string, number>;
  /** Leaf categories among `counts.categories` (the count `doctor` gives too). */
  leafCategories: number;
  fetchedAt: string;
  /** Fetch time of the snapshot compared with, when there was one. */
  baselineFetchedAt?: string;
  /** Changes since that snapshot. */
  diff?: DirectoryDiff;
  /** The workbook written, absolute. */
  exportPath?: string;
}

/** Runs `directories pull`. */
export async function runDirectoriesPull(options: { settings: Settings; exportPath?: string }, deps: Deps): Promise<DirectoriesPullResult> {
  const service = await openService(options.settings, deps);
  try {
    const fresh = await loadFreshDirectories(service, deps);
    const result: DirectoriesPullResult = { counts: countDirectories(fresh.directories), leafCategories: fresh.directories.categories.filter((c) => c.isLeaf).length, fetchedAt: fresh.directories.fetchedAt };
    if (fresh.baseline !== undefined) {
      result.baselineFetchedAt = fresh.baseline.fetchedAt;
      result.diff = buildDirectoryDiff(fresh.baseline, fresh.directories);
    }
    if (options.exportPath !== undefined) {
      const path = resolve(deps.cwd, options.exportPath);
      await mkdir(dirname(path), { recursive: true });
      deps.onEvent({ type: 'stage:start', stage: 'export', detail: `writing ${options.exportPath}` });
      await writeDirectoriesWorkbook(fresh.directories, path);
      result.exportPath = path;
    }
    return result;
  } finally {
    await service.close();
  }
}
