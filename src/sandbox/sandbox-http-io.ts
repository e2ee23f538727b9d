/**
 * The sandbox's two ends of an HTTP exchange: reading a request body under a size limit, and
 * writing a reply as JSON text, error bodies in the dialect's shape.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxErrorBody } from './build-error-body.js';
import type { Reply } from './create-routes.js';
import { renderJsonText } from './dialects/index.js';
import type { SandboxDialect } from './dialects/index.js';

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
