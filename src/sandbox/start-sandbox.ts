/**
 * The sandbox: a local implementation of the Seller Catalog Service over real HTTP (`node:http`),
 * serving the interface's shapes (`test/sandbox/wire-schemas.ts`) at `DEFAULT_PATHS`. The tool, the tests and new
 * users run against it. Behaviour the interface leaves open is documented in `docs/sandbox.md`.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_PATHS } from '../domain/index.js';
import type { PathName } from '../domain/index.js';
import { buildDefaultErrorBody } from './build-error-body.js';
import { createFaultController } from './create-fault-controller.js';
import { createPrng } from './create-prng.js';
import { createReferenceIndex } from './create-reference-index.js';
import type { ReferenceIndex } from './create-reference-index.js';
import { createRoutes } from './create-routes.js';
import type { Route } from './create-routes.js';
import { createSandboxStore } from './create-sandbox-store.js';
import { createSleepers } from './create-sleepers.js';
import { resolveSandboxDialect } from './dialects/index.js';
import { createTokenRegistry } from './create-token-registry.js';
import { handleSandboxRequest, writeSandboxReply } from './handle-sandbox-request.js';
import type { SandboxRequestContext, SandboxTraffic } from './handle-sandbox-request.js';
import { createReferenceData } from './reference-data.js';
import type { ReferenceData } from './reference-data.js';
import { loadStateFile, startStatePersistence } from './state-file.js';
import type { SandboxCredential, SandboxHandle, SandboxOptions, SandboxStats } from './types.js';

export type { FaultRule, SandboxCredential, SandboxFaults, SandboxHandle, SandboxOptions } from './types.js';

/** The sellers a sandbox knows when no credentials are given: two, so that isolation can be checked. */
export const DEFAULT_SANDBOX_CREDENTIALS: readonly SandboxCredential[] = [
  { clientId: 'sandbox-seller', clientSecret: 'sandbox-secret-1', shopIds: [1001] },
  { clientId: 'sandbox-seller-2', clientSecret: 'sandbox-secret-2', shopIds: [2001] },
];

/** Default timings of the sandbox. */
const SANDBOX_DEFAULTS = {
  host: '127.0.0.1',
  tokenTtlSeconds: 3600,
  jobDelayMs: 300,
  moderationDelayMs: 2000,
  seed: 1,
  persistIntervalMs: 1000,
  /** Largest request body accepted, in bytes (413 above). */
  maxBodyBytes: 10 * 1024 * 1024,
} as const;

/** Starts a sandbox; resolves once it listens. Rejects with `StateError` if the state file is unreadable, `ConfigError` for an unknown dialect. */
export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  const now = options.now ?? (() => new Date());
  const credentials = (options.credentials ?? DEFAULT_SANDBOX_CREDENTIALS).map((c) => ({ ...c, shopIds: [...c.shopIds] }));
  const paths: Record<PathName, string> = { ...DEFAULT_PATHS, ...options.paths };
  // Built at the first request that needs them, not at start: a dry run whose directories are
  // cached starts the sandbox and sends it nothing (issue 39).
  let reference: ReferenceData | undefined;
  let index: ReferenceIndex | undefined;
  const getReference = (): ReferenceData => (reference ??= createReferenceData(1));
  const getIndex = (): ReferenceIndex => (index ??= createReferenceIndex(getReference()));
  const stateFile = options.stateFile ?? null;
  const snapshot = stateFile ? await loadStateFile(stateFile) : null;

  const store = createSandboxStore(
    {
      now,
      jobDelayMs: options.jobDelayMs ?? SANDBOX_DEFAULTS.jobDelayMs,
      moderationDelayMs: options.moderationDelayMs ?? SANDBOX_DEFAULTS.moderationDelayMs,
      credentials,
      getIndex,
      requiredFields: options.requiredFields,
    },
    snapshot ?? undefined,
  );
  const tokens = createTokenRegistry(options.tokenTtlSeconds ?? SANDBOX_DEFAULTS.tokenTtlSeconds, now);
  const traffic: SandboxTraffic = { stats: emptyStats(), inFlight: 0, closed: false };
  const dialect = typeof options.dialect === 'object' ? options.dialect : resolveSandboxDialect(options.dialect ?? 'interface');
  const routes = createRoutes({
    dialect,
    store,
    getIndex,
    tokens,
    credentials,
    paths,
    onImportAccepted: (count) => {
      traffic.stats.importRequests += 1;
      traffic.stats.importedProducts += count;
    },
  });
  const ctx: SandboxRequestContext = {
    routesByPath: new Map<string, Route>(routes.map((route) => [route.path, route])),
    faults: createFaultController(options.faults ?? {}, createPrng(options.seed ?? SANDBOX_DEFAULTS.seed), now),
    tokens,
    dialect,
    sleepers: createSleepers(),
    traffic,
    hostForUrl: '',
    maxBodyBytes: SANDBOX_DEFAULTS.maxBodyBytes,
  };

  const server = createServer((req, res) => {
    handleSandboxRequest(ctx, req, res).catch(() => {
      if (!res.headersSent) writeSandboxReply(res, { status: 500, body: buildDefaultErrorBody(500) }, dialect);
    });
  });
  const host = options.host ?? SANDBOX_DEFAULTS.host;
  const port = await listen(server, options.port ?? 0, host);
  ctx.hostForUrl = `${formatHost(host)}:${port}`;
  const persistence = startStatePersistence(store, stateFile, options.persistIntervalMs ?? SANDBOX_DEFAULTS.persistIntervalMs);

  return {
    url: `http://${ctx.hostForUrl}`,
    port,
    credentials,
    get reference() {
      return getReference();
    },
    async close() {
      if (traffic.closed) return;
      traffic.closed = true;
      persistence.stop();
      ctx.sleepers.wakeAll();
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await stopped;
      await persistence.writeFinal();
    },
    setFaults: (partial) => ctx.faults.set(partial),
    expireTokens: () => tokens.expireAll(),
    stats: () => ({ ...traffic.stats, byRoute: { ...traffic.stats.byRoute } }),
    resetStats() {
      traffic.stats = emptyStats();
      traffic.stats.maxInFlight = traffic.inFlight;
    },
    mutateReference(fn) {
      fn(getReference());
      index = undefined;
    },
    products: (clientId) => structuredClone(clientId === undefined ? store.allProducts() : store.sellerProducts(clientId)),
    settleJobs() {
      // A write under way holds the jobs still (see state-file.ts): they run once it is done.
      const writing = persistence.underway();
      if (writing === undefined) {
        store.settleJobs();
        return Promise.resolve();
      }
      return writing.then(() => store.settleJobs());
    },
    settleModeration: () => store.settleModeration(),
  };
}

/** Listens on `port` (0: a free one) and resolves with the port listened on. */
async function listen(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

function emptyStats(): SandboxStats {
  return { requests: 0, byRoute: {}, maxInFlight: 0, importRequests: 0, importedProducts: 0 };
}

function formatHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}
