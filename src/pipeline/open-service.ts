/**
 * Opens the service a run talks to: the live service from the settings, or the embedded sandbox
 * (`--sandbox`), which keeps its data in the state directory so repeated runs behave as repeated
 * runs against a real service would.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createCatalogClient } from '../api/create-catalog-client.js';
import type { CatalogClient } from '../api/create-catalog-client.js';
import { ConfigError } from '../core/errors.js';
import type { Deps } from '../core/deps.js';
import { startSandbox } from '../sandbox/start-sandbox.js';
import type { SandboxHandle } from '../sandbox/start-sandbox.js';
import type { Settings } from '../settings/settings-schema.js';
import { buildClientProfile } from '../settings/build-client-profile.js';
import { describeServiceAccount } from './describe-service-account.js';
import type { ServiceAccount } from './describe-service-account.js';
import { resolvePath } from './resolve-path.js';

export { resolvePath } from './resolve-path.js';
export type { ServiceAccount } from './describe-service-account.js';

/** An open connection to the service. */
export interface ServiceContext {
  client: CatalogClient;
  account: ServiceAccount;
  /** The URL requests go to. */
  baseUrl: string;
  /** The embedded sandbox, when `--sandbox`. */
  sandbox: SandboxHandle | null;
  /** Absolute state directory. */
  stateDir: string;
  close(): Promise<void>;
}

/** Opens the live service or starts the embedded sandbox, and creates the client. */
export async function openService(settings: Settings, deps: Deps): Promise<ServiceContext> {
  const { stateDir, account } = describeServiceAccount(settings, deps.cwd);
  if (settings.sandbox) {
    await mkdir(join(stateDir, 'sandbox'), { recursive: true, mode: 0o700 });
    const sandbox = await startSandbox({ port: 0, stateFile: join(stateDir, 'sandbox', 'sandbox-state.json'), dialect: settings.sandboxDialect, requiredFields: settings.service.requiredFields });
    const credential = sandbox.credentials.find((c) => c.clientId === account.clientId);
    if (!credential) throw new ConfigError(`the sandbox has no seller ${account.clientId}`);
    return {
      client: createClientFor(settings, sandbox.url, { clientId: credential.clientId, clientSecret: credential.clientSecret }, deps),
      account,
      baseUrl: sandbox.url,
      sandbox,
      stateDir,
      close: () => sandbox.close(),
    };
  }

  const clientSecret = await readSecret(settings, deps.cwd);
  return {
    client: createClientFor(settings, account.baseUrl, { clientId: account.clientId, clientSecret }, deps),
    account,
    baseUrl: account.baseUrl,
    sandbox: null,
    stateDir,
    close: async () => {},
  };
}

/** The client with the settings' time-out, retries, rate limit and (for the live service) paths. */
function createClientFor(settings: Settings, baseUrl: string, credentials: { clientId: string; clientSecret: string }, deps: Deps): CatalogClient {
  return createCatalogClient(
    {
      baseUrl,
      credentials,
      // The sandbox serves the interface's own paths; path overrides are for the live service.
      ...(settings.sandbox ? {} : { paths: buildClientProfile(settings).paths }),
      profile: buildClientProfile(settings).profile,
      timeoutMs: settings.timeoutMs,
      retry: { limit: settings.retryLimit },
      rateLimit: settings.rateLimit,
    },
    deps,
  );
}

async function readSecret(settings: Settings, cwd: string): Promise<string> {
  if (settings.clientSecret) return settings.clientSecret;
  if (settings.clientSecretFile) {
    const path = resolvePath(cwd, settings.clientSecretFile);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      throw new ConfigError(`cannot read the client secret file ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
    }
    const secret = text.split(/\r?\n/)[0]?.trim() ?? '';
    if (!secret) throw new ConfigError(`the client secret file ${path} is empty`);
    return secret;
  }
  throw new ConfigError('no client secret: set CATALOG_CLIENT_SECRET, CATALOG_CLIENT_SECRET_FILE or --client-secret-file');
}
