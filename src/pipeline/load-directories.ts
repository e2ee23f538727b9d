/**
 * The four directories for a run: from the on-disk cache while it is fresh, else from the service
 * (every page), then cached again. `--refresh-directories` skips the cache. Their lookup tables are
 * built with the name keys kept beside the cache when those are of the same content.
 */
import type { CatalogClient } from '../api/create-catalog-client.js';
import type { Directories } from '../domain/index.js';
import type { Deps } from '../core/deps.js';
import { createDirectoryIndex, listDirectoryNameKeys, stampNameKeyRules } from '../mapping/directory-index.js';
import type { DirectoryIndex } from '../mapping/directory-index.js';
import type { Settings } from '../settings/settings-schema.js';
import { buildAccountKey } from '../state/account-key.js';
import { loadCachedDirectories, loadDirectoryNameKeys, saveCachedDirectories, saveDirectoryNameKeys } from '../state/directory-cache.js';
import type { ServiceContext } from './open-service.js';

/** Options of `loadDirectories`. */
interface LoadDirectoriesOptions {
  client: CatalogClient;
  stateDir: string;
  accountKey: string;
  ttlMinutes: number;
  refresh: boolean;
  deps: Pick<Deps, 'now' | 'onEvent'>;
}

/** Directories and where they came from. */
export interface LoadedDirectories {
  directories: Directories;
  source: 'cache' | 'service';
  /** `hashDirectories(directories)`, as the cache holds it. */
  contentHash: string;
}

/** Loads the directories, from the cache when fresh. */
export async function loadDirectories(options: LoadDirectoriesOptions): Promise<LoadedDirectories> {
  const { deps } = options;
  if (!options.refresh && options.ttlMinutes > 0) {
    const cached = await loadCachedDirectories({
      dir: options.stateDir,
      accountKey: options.accountKey,
      ttlMs: options.ttlMinutes * 60_000,
      now: deps.now,
    });
    if (cached) {
      deps.onEvent({ type: 'directories:loaded', source: 'cache', counts: countDirectories(cached.directories) });
      return { directories: cached.directories, source: 'cache', contentHash: cached.contentHash };
    }
  }
  deps.onEvent({ type: 'stage:start', stage: 'directories', detail: 'fetching the directories from the service', text: { key: 'stage.directories.fetch' } });
  const directories = await options.client.fetchDirectories();
  const { contentHash } = await saveCachedDirectories({ dir: options.stateDir, accountKey: options.accountKey, directories });
  deps.onEvent({ type: 'directories:loaded', source: 'service', counts: countDirectories(directories) });
  return { directories, source: 'service', contentHash };
}

/** Loads the directories of an open service's account with the settings' cache age and refresh. */
export function loadServiceDirectoriesOf(service: ServiceContext, settings: Pick<Settings, 'directoriesTtlMinutes' | 'refreshDirectories'>, deps: Pick<Deps, 'now' | 'onEvent'>): Promise<LoadedDirectories> {
  return loadDirectories({
    client: service.client,
    stateDir: service.stateDir,
    accountKey: buildAccountKey(service.account),
    ttlMinutes: settings.directoriesTtlMinutes,
    refresh: settings.refreshDirectories,
    deps,
  });
}

/**
 * The lookup tables over loaded directories. Their name keys (normalising ~15,000 category and brand
 * names, most of the index's cost) are read from beside the cache when they were kept for the same
 * content under the same key rules; otherwise they are made and kept for the next run.
 */
export async function indexLoadedDirectories(loaded: LoadedDirectories, place: { stateDir: string; accountKey: string }): Promise<DirectoryIndex> {
  const where = { dir: place.stateDir, accountKey: place.accountKey, contentHash: loaded.contentHash, rules: stampNameKeyRules() };
  const kept = await loadDirectoryNameKeys(where);
  const index = createDirectoryIndex(loaded.directories, kept);
  // Kept keys the index refused (naming ids the directories lack) are written anew, else every run reads them in vain.
  if (index.fromNameKeys !== true) await saveDirectoryNameKeys({ ...where, keys: listDirectoryNameKeys(index) });
  return index;
}

/** Record counts per directory. */
export function countDirectories(directories: Directories): Record<string, number> {
  return {
    categories: directories.categories.length,
    attributes: directories.attributes.length,
    values: directories.values.length,
    brands: directories.brands.length,
  };
}
