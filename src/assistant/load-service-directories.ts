/**
 * The directories for an assistant command that needs nothing else from the service: opens it (or
 * the sandbox), loads the directories as the settings say (the cache while fresh, `--refresh`), and
 * closes it again.
 */
import type { Deps } from '../core/deps.js';
import type { Directories } from '../domain/index.js';
import { loadDirectories } from '../pipeline/load-directories.js';
import { openService } from '../pipeline/open-service.js';
import type { Settings } from '../settings/settings-schema.js';
import { buildAccountKey } from '../state/index.js';

/** Loads the directories of the settings' account; the service is closed when this returns. */
export async function loadServiceDirectories(settings: Settings, deps: Deps): Promise<Directories> {
  const service = await openService(settings, deps);
  try {
    const loaded = await loadDirectories({
      client: service.client,
      stateDir: service.stateDir,
      accountKey: buildAccountKey(service.account),
      ttlMinutes: settings.directoriesTtlMinutes,
      refresh: settings.refreshDirectories,
      deps,
    });
    return loaded.directories;
  } finally {
    await service.close();
  }
}
