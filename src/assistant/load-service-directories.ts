/**
 * The directories for an assistant command that needs nothing else from the service: opens it (or
 * the sandbox), loads the directories as the settings say (the cache while fresh, `--refresh`), and
 * closes it again.
 */
import type { Deps } from '../core/deps.js';
import type { Directories } from '../domain/index.js';
import { loadServiceDirectoriesOf } from '../pipeline/load-directories.js';
import { openService } from '../pipeline/open-service.js';
import type { Settings } from '../settings/settings-schema.js';

/** Loads the directories of the settings' account; the service is closed when this returns. */
export async function loadServiceDirectories(settings: Settings, deps: Deps): Promise<Directories> {
  const service = await openService(settings, deps);
  try {
    const loaded = await loadServiceDirectoriesOf(service, settings, deps);
    return loaded.directories;
  } finally {
    await service.close();
  }
}
