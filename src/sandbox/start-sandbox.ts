/**
 * The sandbox: a local implementation of the Seller Catalog Service over real HTTP (`node:http`),
 * serving the wire shapes of `src/api/wire.ts` at `DEFAULT_PATHS`. The tool, the tests and new
 * users run against it. Behaviour the interface leaves open is documented in `docs/sandbox.md`.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_PATHS } from '../domain/index.js';
import type { PathName } from '../domain/index.js';
import { buildDefaultErrorBody, buildErrorBody } from './build-error-body.js';
import type { SandboxErrorBody } from './build-error-body.js';
import { createFaultController } from './create-fault-controller.js';
import { createPrng } from './create-prng.js';
import { createReferenceIndex } from './create-reference-index.js';
import { createRoutes } from './create-routes.js';
import type { Reply, Route } from './create-routes.js';
import { createSandboxStore } from './create-sandbox-store.js';
import { SANDBOX_DIALECTS, renderJsonText } from './dialects/index.js';
import type { SandboxDialect } from './dialects/index.js';
import { createTokenRegistry } from './create-token-registry.js';
import { createReferenceData } from './reference-data.js';
import type { ReferenceData } from './reference-data.js';
import { loadStateFile, writeStateFile } from './state-file.js';
import type { SandboxCredential, SandboxHandle, SandboxOptions, SandboxStats } from './types.js';

export type {
  FaultAction,
  FaultRule,
  ModerationStatus,
  ProductStatus,
  SandboxCredential,
  SandboxFaults,
  SandboxHandle,
  SandboxOptions,
  SandboxRequirableField,
  SandboxStats,
  StoredProduct,
  StoredSku,
} from './types.js';
export type { ReferenceData } from './reference-data.js';

/** The sellers a sandbox knows when no credentials are given: two, so that isolation can be checked. */
export const DEFAULT_SANDBOX_CREDENTIALS: readonly SandboxCredential[] = [
  { clientId: 'sandbox-seller', clientSecret: 'sandbox-secret-1', shopIds: [1001] },
  { clientId: 'sandbox-seller-2', clientSecret: 'sandbox-secret-2', shopIds: [2001] },
];

/** Default timings of the sandbox. */
export const SANDBOX_DEFAULTS = {
  host: '127.0.0.1',
  tokenTtlSeconds: 3600,
  jobDelayMs: 300,
  moderationDelayMs: 2000,
  seed: 1,
  persistIntervalMs: 1000,
  /** Largest request body accepted, in bytes (413 above). */
  maxBodyBytes: 10 * 1024 * 1024,
} as const;

/** Starts a sandbox; resolves once it listens. Rejects with `StateError` if the state file is unreadable. */
export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  const now = options.now ?? (() => new Date());
  const credentials = (options.credentials ?? DEFAULT_SANDBOX_CREDENTIALS).map((c) => ({ ...c, shopIds: [...c.shopIds] }));
  const paths: Record<PathName, string> = { ...DEFAULT_PATHS, ...options.paths };
  const reference: ReferenceData = options.reference ?? createReferenceData(1);
  let index = createReferenceIndex(reference);
  const stateFile = options.stateFile ?? null;
  const snapshot = stateFile ? await loadStateFile(stateFile) : null;

  const store = createSandboxStore(
    {
      now,
      jobDelayMs: options.jobDelayMs ?? SANDBOX_DEFAULTS.jobDelayMs,
      moderationDelayMs: options.moderationDelayMs ?? SANDBOX_DEFAULTS.moderationDelayMs,
      credentials,
      getIndex: () => index,
      requiredFields: options.requiredFields,
    },
    snapshot ?? undefined,
  );
  const tokens = createTokenRegistry(options.tokenTtlSeconds ?? SANDBOX_DEFAULTS.tokenTtlSeconds, now);
  const faults = createFaultController(options.faults ?? {}, createPrng(options.seed ?? SANDBOX_DEFAULTS.seed), now);

  let stats = emptyStats();
  let inFlight = 0;
  const dialect = SANDBOX_DIALECTS[options.dialect ?? 'interface'];
  const sendJson = (res: ServerResponse, reply: Reply): void => writeReply(res, reply, dialect);
  const routes = createRoutes({
    dialect,
    store,
    getIndex: () => index,
    tokens,
    credentials,
    paths,
    onImportAccepted: (count) => {
      stats.importRequests += 1;
      stats.importedProducts += count;
    },
  });
  const routesByPath = new Map<string, Route>(routes.map((route) => [paths[route.name], route]));

  let closed = false;
  const sleepers = new Set<{ timer: NodeJS.Timeout; wake: () => void }>();
  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const sleeper = {
        timer: setTimeout(() => {
          sleepers.delete(sleeper);
          resolve();
        }, ms),
        wake: resolve,
      };
      sleepers.add(sleeper);
    });

  async function handleRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    inFlight += 1;
    stats.maxInFlight = Math.max(stats.maxInFlight, inFlight);
    let counted = true;
    res.on('close', () => {
      if (counted) inFlight -= 1;
      counted = false;
    });
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const method = (req.method ?? 'GET').toUpperCase();
    const route = routesByPath.get(url.pathname);
    const routeName = route?.name ?? 'unknown';
    stats.requests += 1;
    stats.byRoute[routeName] = (stats.byRoute[routeName] ?? 0) + 1;

    const body = await readBody(req, SANDBOX_DEFAULTS.maxBodyBytes);
    const decision = faults.decide({ method, path: url.pathname, route: routeName });
    const wait = faults.get().latencyMs + decision.delayMs;
    if (wait > 0) await sleep(wait);
    if (closed || decision.outcome.kind === 'drop') {
      req.socket.destroy();
      return;
    }
    if (decision.outcome.kind === 'status') {
      const { status, body: faultBody, retryAfterSeconds } = decision.outcome;
      const headers: Record<string, string> = retryAfterSeconds !== undefined ? { 'retry-after': String(retryAfterSeconds) } : {};
      sendJson(res, { status, body: faultBody ?? buildDefaultErrorBody(status), headers });
      return;
    }
    const reply = body === null ? { status: 413, body: buildDefaultErrorBody(413) } : answer(route, method, url, body, req);
    if (decision.outcome.kind === 'dropAfterHandling') {
      req.socket.destroy();
      return;
    }
    sendJson(res, reply);
  }

  function answer(route: Route | undefined, method: string, url: URL, bodyText: string, req: IncomingMessage): Reply {
    if (!route) return { status: 404, body: buildErrorBody(404, 'ROUTE_NOT_FOUND', `No endpoint at ${url.pathname}.`) };
    if (route.method !== method) {
      return { status: 405, body: buildErrorBody(405, 'METHOD_NOT_ALLOWED', `${url.pathname} accepts ${route.method} only.`), headers: { allow: route.method } };
    }
    let clientId = '';
    if (route.auth) {
      const header = req.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      const check = tokens.check(match?.[1] ?? null);
      if ('problem' in check) {
        const [code, message] = {
          missing: ['UNAUTHORIZED', 'The Authorization: Bearer <token> header is missing.'],
          unknown: ['INVALID_TOKEN', 'The access token is not known.'],
          expired: ['TOKEN_EXPIRED', 'The access token has expired.'],
        }[check.problem];
        return { status: 401, body: buildErrorBody(401, code as string, message as string), headers: { 'www-authenticate': 'Bearer error="invalid_token"' } };
      }
      clientId = check.clientId;
    }
    let body: unknown;
    if (bodyText.trim() !== '') {
      try {
        body = JSON.parse(bodyText);
      } catch {
        return { status: 400, body: buildErrorBody(400, 'MALFORMED_JSON', 'The request body is not valid JSON.') };
      }
    }
    try {
      return route.handle({ body, query: url.searchParams, clientId, baseUrl: `http://${req.headers.host ?? hostForUrl}` });
    } catch {
      return { status: 500, body: buildDefaultErrorBody(500) };
    }
  }

  const server = createServer((req, res) => {
    handleRequest(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, { status: 500, body: buildDefaultErrorBody(500) });
    });
  });
  const host = options.host ?? SANDBOX_DEFAULTS.host;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const hostForUrl = `${formatHost(host)}:${port}`;

  let writing: Promise<void> = Promise.resolve();
  const persist = (): Promise<void> => {
    if (!stateFile) return writing;
    writing = writing
      .then(() => {
        const data = store.toSnapshot();
        store.markSaved();
        return writeStateFile(stateFile, data);
      })
      // A failed periodic write is retried by the next one and by close().
      .catch(() => {});
    return writing;
  };
  const persistTimer = stateFile
    ? setInterval(() => {
        if (store.isDirty()) void persist();
      }, options.persistIntervalMs ?? SANDBOX_DEFAULTS.persistIntervalMs)
    : null;
  persistTimer?.unref();

  return {
    url: `http://${hostForUrl}`,
    port,
    credentials,
    reference,
    async close() {
      if (closed) return;
      closed = true;
      if (persistTimer) clearInterval(persistTimer);
      for (const sleeper of sleepers) {
        clearTimeout(sleeper.timer);
        sleeper.wake();
      }
      sleepers.clear();
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await stopped;
      await writing;
      if (stateFile) {
        store.advance();
        await writeStateFile(stateFile, store.toSnapshot());
      }
    },
    setFaults: (partial) => faults.set(partial),
    expireTokens: () => tokens.expireAll(),
    stats: () => ({ ...stats, byRoute: { ...stats.byRoute } }),
    resetStats() {
      stats = emptyStats();
      stats.maxInFlight = inFlight;
    },
    mutateReference(fn) {
      fn(reference);
      index = createReferenceIndex(reference);
    },
    products: (clientId) => structuredClone(clientId === undefined ? store.allProducts() : store.sellerProducts(clientId)),
    settleJobs() {
      store.settleJobs();
      return Promise.resolve();
    },
    settleModeration: () => store.settleModeration(),
  };
}

function emptyStats(): SandboxStats {
  return { requests: 0, byRoute: {}, maxInFlight: 0, importRequests: 0, importedProducts: 0 };
}

function formatHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/** The whole body as text; null when it is larger than `limit` (the rest is drained, not kept). */
function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > limit ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(null));
    req.on('close', () => resolve(size > limit ? null : Buffer.concat(chunks).toString('utf8')));
  });
}

function isErrorBody(body: unknown): body is SandboxErrorBody {
  return typeof body === 'object' && body !== null && 'errorCode' in body && 'errorMessage' in body && 'errors' in body;
}

function writeReply(res: ServerResponse, reply: Reply, dialect: SandboxDialect): void {
  if (res.headersSent || res.destroyed) return;
  const written = reply.status >= 400 && isErrorBody(reply.body) ? dialect.error(reply.body) : { body: reply.body };
  const text = renderJsonText(written.body);
  res.writeHead(reply.status, {
    'content-type': `${written.contentType ?? 'application/json'}; charset=utf-8`,
    'content-length': Buffer.byteLength(text),
    ...reply.headers,
  });
  res.end(text);
}
