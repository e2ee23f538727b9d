/**
 * Opens the service a run talks to: the live service from the settings, or the embedded sandbox
 * (`--sandbox`), which keeps its data in the state directory so repeated runs behave as repeated
 * runs against a real service would.
 *
 * A dry run may ask for the client, and with `--sandbox` the sandbox itself, to be created at the
 * first request (issue 39): with its directories cached it sends none, and loading the HTTP client
 * and the sandbox was a fifth of its start-up. What can be checked without a request (the account,
 * the secret) is still checked at once. Every other command opens the service here, so that a
 * client or sandbox that cannot start stops it before anything is sent (an import's first request
 * failing inside the submission would be taken for a request whose fate is unknown).
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { CatalogClient } from '../api/create-catalog-client.js';
import { ConfigError } from '../core/errors.js';
import type { Deps } from '../core/deps.js';
import type { SandboxHandle } from '../sandbox/start-sandbox.js';
import type { Settings } from '../settings/settings-schema.js';
import { createDeferredClient } from './create-deferred-client.js';
import type { DeferredClient } from './create-deferred-client.js';
import { describeServiceAccount } from './describe-service-account.js';
import type { ServiceAccount } from './describe-service-account.js';
import type { ServiceProfile } from '../api/service-profile.js';
import type { PathName } from '../domain/index.js';


/** What `baseUrl` says of an embedded sandbox that no request needed. */
export const SANDBOX_NOT_STARTED = 'not started';

/** An open connection to the service. */
export interface ServiceContext {
  /** The client: created by `openService`, or by its first request (`startOnFirstRequest`), which also starts the embedded sandbox then. */
  client: CatalogClient;
  account: ServiceAccount;
  /** The URL requests go to; for the embedded sandbox, its URL once a request started it, else `SANDBOX_NOT_STARTED`. */
  readonly baseUrl: string;
  /** The embedded sandbox, when `--sandbox`, once started. */
  readonly sandbox: SandboxHandle | null;
  /** Absolute state directory. */
  stateDir: string;
  close(): Promise<void>;
}

/** Options of `openService`. */
interface OpenServiceOptions {
  /** Create the client (and start the embedded sandbox) at the first request instead of now: for a dry run, which may send none. */
  startOnFirstRequest?: boolean | undefined;
}

/** Opens the live service or starts the embedded sandbox, and creates the client (at the first request, when asked). */
export async function openService(settings: Settings, deps: Deps, options: OpenServiceOptions = {}): Promise<ServiceContext> {
  const { stateDir, account } = describeServiceAccount(settings, deps.cwd);
  if (settings.sandbox) {
    const opened = openSandboxService(settings, deps, stateDir, account);
    if (options.startOnFirstRequest !== true) {
      try {
        await opened.deferred.create();
      } catch (error) {
        await opened.service.close();
        throw error;
      }
    }
    return opened.service;
  }

  const clientSecret = await readSecret(settings, deps.cwd);
  const deferred = createDeferredClient(() => createClientFor(settings, account.baseUrl, { clientId: account.clientId, clientSecret }, deps));
  if (options.startOnFirstRequest !== true) await deferred.create();
  return { client: deferred.client, account, baseUrl: account.baseUrl, sandbox: null, stateDir, close: async () => {} };
}

/** The embedded sandbox, started (in its state directory) when the client is created. */
function openSandboxService(settings: Settings, deps: Deps, stateDir: string, account: ServiceAccount): { service: ServiceContext; deferred: DeferredClient } {
  let sandbox: SandboxHandle | null = null;
  let closed = false;
  const deferred = createDeferredClient(async () => {
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
  const service: ServiceContext = {
    client: deferred.client,
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
  return { service, deferred };
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
    const path = resolve(cwd, settings.clientSecretFile);
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

/** Paths and profile for `createCatalogClient`. */
interface ClientProfile {
  paths: Partial<Record<PathName, string>>;
  profile: ServiceProfile;
}

/**
 * The client's view of the settings' service profile: paths (the top-level `paths` is the older
 * place; `service.paths` wins), page sizes, field names, status words and the details limit.
 */
export function buildClientProfile(settings: Settings): ClientProfile {
  const paths = Object.fromEntries(
    Object.entries({ ...settings.paths, ...settings.service.paths }).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  ) as Partial<Record<PathName, string>>;
  const profile: ServiceProfile = {
    fields: settings.service.fields,
    statuses: settings.service.statuses,
    pageSizes: settings.service.pageSizes,
    detailsBatch: settings.service.detailsBatch,
    attributeTypes: settings.service.attributeTypes,
  };
  return { paths, profile };
}
