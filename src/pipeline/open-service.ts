/**
 * Opens the service a run talks to: the live service from the settings, or the embedded sandbox
 * (`--sandbox`), which keeps its data in the state directory so repeated runs behave as repeated
 * runs against a real service would.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { createCatalogClient } from '../api/create-catalog-client.js';
import type { CatalogClient } from '../api/create-catalog-client.js';
import { ConfigError } from '../core/errors.js';
import type { Deps } from '../core/deps.js';
import { startSandbox } from '../sandbox/start-sandbox.js';
import type { SandboxHandle } from '../sandbox/start-sandbox.js';
import type { Settings } from '../settings/settings-schema.js';

/** The identity that keeps state apart per service and seller account. */
export interface ServiceAccount {
  /** Base URL, or `sandbox:<state dir>` for the embedded sandbox (its port changes every run). */
  baseUrl: string;
  clientId: string;
}

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

/** Resolves a path against the working directory. */
export function resolvePath(cwd: string, path: string): string {
  return isAbsolute(path) ? path : resolve(cwd, path);
}

/** Opens the live service or starts the embedded sandbox, and creates the client. */
export async function openService(settings: Settings, deps: Deps): Promise<ServiceContext> {
  const stateDir = resolvePath(deps.cwd, settings.stateDir);
  if (settings.sandbox) {
    await mkdir(join(stateDir, 'sandbox'), { recursive: true, mode: 0o700 });
    const sandbox = await startSandbox({ port: 0, stateFile: join(stateDir, 'sandbox', 'sandbox-state.json') });
    const credential = sandbox.credentials[0];
    if (!credential) throw new ConfigError('the sandbox has no credentials');
    const client = createCatalogClient(
      {
        baseUrl: sandbox.url,
        credentials: { clientId: credential.clientId, clientSecret: credential.clientSecret },
        timeoutMs: settings.timeoutMs,
        retry: { limit: settings.retryLimit },
      },
      deps,
    );
    return {
      client,
      account: { baseUrl: `sandbox:${stateDir}`, clientId: credential.clientId },
      baseUrl: sandbox.url,
      sandbox,
      stateDir,
      close: () => sandbox.close(),
    };
  }

  if (!settings.baseUrl) {
    throw new ConfigError('no service address: set CATALOG_BASE_URL or --base-url, or run against the embedded sandbox with --sandbox');
  }
  if (!settings.clientId) throw new ConfigError('no client id: set CATALOG_CLIENT_ID or --client-id');
  const clientSecret = await readSecret(settings, deps.cwd);
  const client = createCatalogClient(
    {
      baseUrl: settings.baseUrl,
      credentials: { clientId: settings.clientId, clientSecret },
      paths: Object.fromEntries(Object.entries(settings.paths).filter(([, v]) => v !== undefined)) as Record<string, string>,
      timeoutMs: settings.timeoutMs,
      retry: { limit: settings.retryLimit },
    },
    deps,
  );
  return {
    client,
    account: { baseUrl: settings.baseUrl, clientId: settings.clientId },
    baseUrl: settings.baseUrl,
    sandbox: null,
    stateDir,
    close: async () => {},
  };
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
