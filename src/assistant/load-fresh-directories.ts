/**
 * The directories as the service has them now (always fetched, whatever the cache's age), cached,
 * and the snapshot to compare them with: the cached one when it differs, else the snapshot kept
 * from before the last change.
 */
import type { Directories } from '../domain/index.js';
import type { Deps } from '../core/deps.js';
import { loadDirectories } from '../pipeline/load-directories.js';
import type { ServiceContext } from '../pipeline/open-service.js';
import { buildAccountKey, hashDirectories, loadCachedDirectories, loadPreviousCachedDirectories } from '../state/index.js';

/** Fresh directories and their baseline. */
export interface FreshDirectories {
  directories: Directories;
  /** The snapshot before the current content, when there is one. */
  baseline?: Directories;
  /** True when the fetched content differs from what the cache held. */
  changedSinceCache: boolean;
}

/** Fetches the directories, caches them and finds the snapshot to compare with. */
export async function loadFreshDirectories(service: Pick<ServiceContext, 'client' | 'account' | 'stateDir'>, deps: Pick<Deps, 'now' | 'onEvent'>): Promise<FreshDirectories> {
  const accountKey = buildAccountKey(service.account);
  const cached = await loadCachedDirectories({ dir: service.stateDir, accountKey, ttlMs: Number.POSITIVE_INFINITY, now: deps.now, allowStale: true });
  const loaded = await loadDirectories({ client: service.client, stateDir: service.stateDir, accountKey, ttlMinutes: 0, refresh: true, deps });
  const changedSinceCache = cached !== undefined && cached.contentHash !== hashDirectories(loaded.directories);
  const fresh: FreshDirectories = { directories: loaded.directories, changedSinceCache };
  if (changedSinceCache && cached !== undefined) {
    fresh.baseline = cached.directories;
  } else {
    // Unchanged since the cache: the last change, if any, is between the previous snapshot and now.
    const previous = await loadPreviousCachedDirectories({ dir: service.stateDir, accountKey });
    if (previous !== undefined) fresh.baseline = previous.directories;
  }
  return fresh;
}
