/**
 * The service account whose local state a command reads and writes, derived from the settings
 * alone (no connection): the live base URL and client id, or `sandbox:<state dir>` with the
 * sandbox's seller for `--sandbox`. `openService`, `runs` and `watch` all use this one derivation,
 * so they always agree on where a seller's ids and runs are kept.
 */
import { resolve } from 'node:path';
import { ConfigError } from '../core/errors.js';
import type { Settings } from '../settings/settings-schema.js';

/** Client id of the embedded sandbox's first seller, the account the CLI uses against it. */
const SANDBOX_CLIENT_ID = 'sandbox-seller';

/** The identity that keeps state apart per service and seller account. */
export interface ServiceAccount {
  /** Base URL, or `sandbox:<state dir>` for the embedded sandbox (its port changes every run). */
  baseUrl: string;
  clientId: string;
}

/** An account and its absolute state directory. */
export interface AccountLocation {
  account: ServiceAccount;
  stateDir: string;
}

/** The account and state directory of these settings; throws `ConfigError` when the service is not named. */
export function describeServiceAccount(settings: Settings, cwd: string): AccountLocation {
  const stateDir = resolve(cwd, settings.stateDir);
  if (settings.sandbox) return { stateDir, account: { baseUrl: `sandbox:${stateDir}`, clientId: SANDBOX_CLIENT_ID } };
  if (!settings.baseUrl) throw new ConfigError('no service address: set CATALOG_BASE_URL or --base-url, or run against the embedded sandbox with --sandbox');
  if (!settings.clientId) throw new ConfigError('no client id: set CATALOG_CLIENT_ID or --client-id');
  return { stateDir, account: { baseUrl: settings.baseUrl, clientId: settings.clientId } };
}
