/**
 * One HTTP request to the sandbox, from arrival to reply: counted, its body read, the scripted
 * faults consulted (latency, a dropped connection, a scripted status), then answered: the route, its
 * method, the bearer token when the route needs one, the JSON body, then the route's own reply,
 * written as JSON text (error bodies in the dialect's shape).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FaultController } from './create-fault-controller.js';
import type { Sleepers } from './create-sleepers.js';
import type { TokenRegistry } from './create-token-registry.js';
import type { SandboxStats } from './types.js';
import { buildDefaultErrorBody, buildErrorBody, type SandboxErrorBody } from './build-error-body.js';
import type { Reply, Route } from './create-routes.js';
import { renderJsonText, type SandboxDialect } from './dialects/index.js';

/** What the sandbox's server counts and whether it is closing; changed by every request. */
export interface SandboxTraffic {
  stats: SandboxStats;
  inFlight: number;
  closed: boolean;
}

/** What handling a request reads, and the traffic it counts. */
export interface SandboxRequestContext {
  routesByPath: ReadonlyMap<string, Route>;
  faults: FaultController;
  tokens: TokenRegistry;
  dialect: SandboxDialect;
  sleepers: Sleepers;
  traffic: SandboxTraffic;
  /** `host:port` the server listens on, for links when a request has no Host header; set once listening. */
  hostForUrl: string;
  maxBodyBytes: number;
}

/** Handles one request; resolves once it is answered, dropped or refused. */
export async function handleSandboxRequest(ctx: SandboxRequestContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { traffic } = ctx;
  traffic.inFlight += 1;
  traffic.stats.maxInFlight = Math.max(traffic.stats.maxInFlight, traffic.inFlight);
  let counted = true;
  res.on('close', () => {
    if (counted) traffic.inFlight -= 1;
    counted = false;
  });
  const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
  const method = (req.method ?? 'GET').toUpperCase();
  const route = ctx.routesByPath.get(url.pathname);
  const routeName = route?.name ?? 'unknown';
  traffic.stats.requests += 1;
  traffic.stats.byRoute[routeName] = (traffic.stats.byRoute[routeName] ?? 0) + 1;

  const body = await readRequestBody(req, ctx.maxBodyBytes);
  const decision = ctx.faults.decide({ method, path: url.pathname, route: routeName });
  const wait = ctx.faults.get().latencyMs + decision.delayMs;
  if (wait > 0) await ctx.sleepers.sleep(wait);
  if (traffic.closed || decision.outcome.kind === 'drop') {
    req.socket.destroy();
    return;
  }
  if (decision.outcome.kind === 'status') {
    const { status, body: faultBody, retryAfterSeconds } = decision.outcome;
    const headers: Record<string, string> = retryAfterSeconds !== undefined ? { 'retry-after': String(retryAfterSeconds) } : {};
    writeSandboxReply(res, { status, body: faultBody ?? buildDefaultErrorBody(status), headers }, ctx.dialect);
    return;
  }
  const reply =
    body === null
      ? { status: 413, body: buildDefaultErrorBody(413) }
      : answerSandboxRequest(route, { method, url, bodyText: body, authorization: req.headers.authorization, host: req.headers.host }, ctx.tokens, ctx.hostForUrl);
  if (decision.outcome.kind === 'dropAfterHandling') {
    req.socket.destroy();
    return;
  }
  writeSandboxReply(res, reply, ctx.dialect);
}

/** What the answer reads of an HTTP request. */
interface SandboxRequestParts {
  method: string;
  url: URL;
  bodyText: string;
  /** The Authorization header, if any. */
  authorization: string | undefined;
  /** The Host header, if any. */
  host: string | undefined;
}

/** Answers one request: 404/405 for a wrong path or method, 401 for a missing or bad token, 400 for bad JSON, 500 if the route throws. */
function answerSandboxRequest(route: Route | undefined, request: SandboxRequestParts, tokens: TokenRegistry, hostForUrl: string): Reply {
  const { method, url } = request;
  if (!route) return { status: 404, body: buildErrorBody(404, 'ROUTE_NOT_FOUND', `No endpoint at ${url.pathname}.`) };
  if (route.method !== method) {
    return { status: 405, body: buildErrorBody(405, 'METHOD_NOT_ALLOWED', `${url.pathname} accepts ${route.method} only.`), headers: { allow: route.method } };
  }
  let clientId = '';
  if (route.auth) {
    const auth = authorizeRequest(request.authorization, tokens);
    if ('reply' in auth) return auth.reply;
    clientId = auth.clientId;
  }
  let body: unknown;
  if (request.bodyText.trim() !== '') {
    try {
      body = JSON.parse(request.bodyText);
    } catch {
      return { status: 400, body: buildErrorBody(400, 'MALFORMED_JSON', 'The request body is not valid JSON.') };
    }
  }
  try {
    return route.handle({ body, query: url.searchParams, clientId, baseUrl: `http://${request.host ?? hostForUrl}` });
  } catch {
    return { status: 500, body: buildDefaultErrorBody(500) };
  }
}

/** The seller a bearer token belongs to, or the 401 reply naming what is wrong with it. */
function authorizeRequest(header: string | undefined, tokens: TokenRegistry): { clientId: string } | { reply: Reply } {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  const check = tokens.check(match?.[1] ?? null);
  if (!('problem' in check)) return { clientId: check.clientId };
  const [code, message] = {
    missing: ['UNAUTHORIZED', 'The Authorization: Bearer <token> header is missing.'],
    unknown: ['INVALID_TOKEN', 'The access token is not known.'],
    expired: ['TOKEN_EXPIRED', 'The access token has expired.'],
  }[check.problem];
  return { reply: { status: 401, body: buildErrorBody(401, code as string, message as string), headers: { 'www-authenticate': 'Bearer error="invalid_token"' } } };
}

/** The whole body as text; null when it is larger than `limit` (the rest is drained, not kept). */
export function readRequestBody(req: IncomingMessage, limit: number): Promise<string | null> {
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

/** Writes a reply, unless the response is already under way or gone. */
export function writeSandboxReply(res: ServerResponse, reply: Reply, dialect: SandboxDialect): void {
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

function isErrorBody(body: unknown): body is SandboxErrorBody {
  return typeof body === 'object' && body !== null && 'errorCode' in body && 'errorMessage' in body && 'errors' in body;
}
