/**
 * Opens the service a run talks to: the live service from the settings, or the embedded sandbox
 * (`--sandbox`), which keeps its data in the state directory so repeated runs behave as repeated
 * runs against a real service would.
 *
 * The client, and with `--sandbox` the sandbox itself, are created at the first request (issue 39):
 * a dry run whose directories are cached sends none, and loading the HTTP client and the sandbox
 * was a fifth of its start-up. What can be checked without a request (the account, the secret) is
 * still checked here, so a bad setting stops the run before anything is read.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CatalogClient } from '../api/create-catalog-client.js';
import { ConfigError } from '../core/errors.js';
import type { Deps } from '../core/deps.js';
import type { SandboxHandle } from '../sandbox/start-sandbox.js';
import type { Settings } from '../settings/settings-schema.js';
import { buildClientProfile } from '../settings/build-client-profile.js';
import { createDeferredClient } from './create-deferred-client.js';
import { describeServiceAccount } from './describe-service-account.js';
import type { ServiceAccount } from './describe-service-account.js';
import { resolvePath } from './resolve-path.js';

export { resolvePath } from './resolve-path.js';
export type { ServiceAccount } from './describe-service-account.js';

/** What `baseUrl` says of an embedded sandbox that no request needed. */
export const SANDBOX_NOT_STARTED = 'not started';

/** An open connection to the service. */
export interface ServiceContext {
  /** The client; the first request creates it (and starts the embedded sandbox). */
  client: CatalogClient;
  account: ServiceAccount;
  /** The URL requests go to; for the embedded sandbox, its URL once a request started it, else `SANDBOX_NOT_STARTED`. */
  readonly baseUrl: string;
  /** The embedded sandbox, when `--sandbox` and a request started it. */
  readonly sandbox: SandboxHandle | null;
  /** Absolute state directory. */
  stateDir: string;
  close(): Promise<void>;
}

/** Opens the live service or prepares the embedded sandbox; the client and the sandbox start at the first request. */
export async function openService(settings: Settings, deps: Deps): Promise<ServiceContext> {
  const { stateDir, account } = describeServiceAccount(settings, deps.cwd);
  if (settings.sandbox) return openSandboxService(settings, deps, stateDir, account);

  const clientSecret = await readSecret(settings, deps.cwd);
  const { client } = createDeferredClient(() => createClientFor(settings, account.baseUrl, { clientId: account.clientId, clientSecret }, deps));
  return { client, account, baseUrl: account.baseUrl, sandbox: null, stateDir, close: async () => {} };
}

/** The embedded sandbox, started (in its state directory) by the client's first request. */
function openSandboxService(settings: Settings, deps: Deps, stateDir: string, account: ServiceAccount): ServiceContext {
  let sandbox: SandboxHandle | null = null;
  let closed = false;
  const { client } = createDeferredClient(async () => {
    if (closed) throw new ConfigError('the embedded sandbox was closed');
    await mkdir(join(stateDir, 'sandbox'), { recursive: true, mode: 0o700 });
    const { startSandbox } = await import('../sandbox/start-sandbox.js');
    const started = await startSandbox({ port: 0, stateFile: join(stateDir, 'sandbox', 'sandbox-state.json'), dialect: settings.sandboxDialect, requiredFields: settings.service.requiredFields });
    sandbox = started;
    if (closed) {
      await started.close();
      throw new ConfigError('the embedded sandbox was closed');
    }
    const credential = started.credentials.find((c) => c.clientId === account.clientId);
    if (!credential) throw new ConfigError(`the sandbox has no seller ${account.clientId}`);
    return createClientFor(settings, started.url, { clientId: credential.clientId, clientSecret: credential.clientSecret }, deps);
  });
  return {
    client,
    account,
    get baseUrl() {
      return sandbox?.url ?? SANDBOX_NOT_STARTED;
    },
    get sandbox() {
      return sandbox;
    },
    stateDir,
    close: async () => {
      closed = true;
      await sandbox?.close();
    },
  };
}

/** The client with the settings' time-out, retries, rate limit and (for the live service) paths. */
async function createClientFor(settings: Settings, baseUrl: string, credentials: { clientId: string; clientSecret: string }, deps: Deps): Promise<CatalogClient> {
  const { createCatalogClient } = await import('../api/create-catalog-client.js');
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
