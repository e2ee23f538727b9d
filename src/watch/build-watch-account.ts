/**
 * The service account whose local state a watcher reads to recognise content it already imported.
 * It must be the account `runImport` records its runs under (see `openService`): the live base URL
 * and client id, or `sandbox:<state dir>` with the sandbox's seller for `--sandbox`.
 */
import { ConfigError } from '../core/errors.js';
import { resolvePath } from '../pipeline/open-service.js';
import type { ServiceAccount } from '../pipeline/open-service.js';
import { SANDBOX_CLIENT_ID } from '../pipeline/sandbox-account.js';
import type { Settings } from '../settings/settings-schema.js';

/** Where a watcher finds its imports' state. */
export interface WatchAccount {
  account: ServiceAccount;
  /** Absolute state directory. */
  stateDir: string;
}

/** The account and state directory of these settings; throws `ConfigError` when the service is not named. */
export function buildWatchAccount(settings: Settings, cwd: string): WatchAccount {
  const stateDir = resolvePath(cwd, settings.stateDir);
  if (settings.sandbox) return { stateDir, account: { baseUrl: `sandbox:${stateDir}`, clientId: SANDBOX_CLIENT_ID } };
  if (!settings.baseUrl) throw new ConfigError('no service address: set CATALOG_BASE_URL or --base-url, or watch against the embedded sandbox with --sandbox');
  if (!settings.clientId) throw new ConfigError('no client id: set CATALOG_CLIENT_ID or --client-id');
  return { stateDir, account: { baseUrl: settings.baseUrl, clientId: settings.clientId } };
}
