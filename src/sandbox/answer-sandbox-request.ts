/**
 * The sandbox's answer to a request that got through the scripted faults: the route, its method,
 * the bearer token when the route needs one, the JSON body, then the route's own reply.
 */
import { buildDefaultErrorBody, buildErrorBody } from './build-error-body.js';
import type { Reply, Route } from './create-routes.js';
import type { TokenRegistry } from './create-token-registry.js';

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
export function answerSandboxRequest(route: Route | undefined, request: SandboxRequestParts, tokens: TokenRegistry, hostForUrl: string): Reply {
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
