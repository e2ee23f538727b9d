/**
 * Test kit of the API client tests: fast fake deps that record retry waits and events, and a tiny
 * `node:http` server on port 0 for response shapes the sandbox never produces.
 */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CatalogClientDeps } from '../../src/api/create-catalog-client.js';
import type { PipelineEvent } from '../../src/core/events.js';

/** Fake deps plus what they recorded. */
export interface TestDeps {
  deps: CatalogClientDeps;
  /** Every wait the client asked for, in ms. */
  waits: number[];
  events: PipelineEvent[];
  /** Moves the fake clock (wall and monotonic). */
  advance(seconds: number): void;
}

/** Deps with the real fetch, a settable clock, and a `sleep` that records the wait and sleeps ≤ 5 ms. */
export function makeTestDeps(overrides: Partial<CatalogClientDeps> = {}): TestDeps {
  let clock = Date.parse('2025-03-01T12:00:00Z');
  const waits: number[] = [];
  const events: PipelineEvent[] = [];
  const deps: CatalogClientDeps = {
    fetch: globalThis.fetch.bind(globalThis),
    now: () => new Date(clock),
    // The same settable clock: waits computed from it are exact, and `advance` moves both.
    monotonic: () => clock,
    sleep: async (ms, signal) => {
      waits.push(ms);
      await new Promise((resolve) => setTimeout(resolve, Math.min(ms, 5)));
      signal?.throwIfAborted();
    },
    random: () => 0.5,
    onEvent: (event) => events.push(event),
    ...overrides,
  };
  return { deps, waits, events, advance: (seconds) => (clock += seconds * 1000) };
}

/** One request the local server received. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** What a route answers: a status and JSON body, raw text, or a dropped connection. */
export type LocalAnswer =
  | { status?: number; json?: unknown; text?: string; headers?: Record<string, string>; delayMs?: number }
  | 'drop';

/** A running local server. */
export interface LocalServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Starts a server on port 0 whose answers come from `handle`. */
export async function startLocalServer(handle: (request: RecordedRequest) => LocalAnswer | Promise<LocalAnswer>): Promise<LocalServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const text = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: text === '' ? undefined : (JSON.parse(text) as unknown),
      };
      requests.push(recorded);
      void Promise.resolve(handle(recorded)).then((answer) => respond(res, answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function respond(res: ServerResponse, answer: LocalAnswer): void {
  if (answer === 'drop') {
    res.socket?.destroy();
    return;
  }
  const send = (): void => {
    if (res.destroyed) return;
    const headers = { ...(answer.text === undefined ? { 'content-type': 'application/json' } : {}), ...answer.headers };
    res.writeHead(answer.status ?? 200, headers);
    res.end(answer.text ?? (answer.json === undefined ? '' : JSON.stringify(answer.json)));
  };
  if (answer.delayMs !== undefined) setTimeout(send, answer.delayMs);
  else send();
}

/** A token answer for the local server. */
export function tokenAnswer(accessToken = 'local-token-1', expiresIn = 3600): LocalAnswer {
  return { json: { accessToken, expiresIn, tokenType: 'Bearer' } };
}
