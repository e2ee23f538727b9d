/**
 * One HTTP request to the sandbox, from arrival to reply: counted, its body read, the scripted
 * faults consulted (latency, a dropped connection, a scripted status), then answered.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerSandboxRequest } from './answer-sandbox-request.js';
import { buildDefaultErrorBody } from './build-error-body.js';
import type { Route } from './create-routes.js';
import type { FaultController } from './create-fault-controller.js';
import type { Sleepers } from './create-sleepers.js';
import type { TokenRegistry } from './create-token-registry.js';
import type { SandboxDialect } from './dialects/index.js';
import { readRequestBody, writeSandboxReply } from './sandbox-http-io.js';
import type { SandboxStats } from './types.js';

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
