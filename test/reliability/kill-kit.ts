/**
 * Pieces of the kill suite: a pass-through HTTP proxy in front of the sandbox that can hold a
 * request or its answer (so a child is killed at an exact point of the protocol), the CLI import
 * run as a child process, and a read-only view of the child's journal.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { onTestFinished } from 'vitest';
import { scaleTimeout } from '../helpers/scale-timeout.js';
import { SELLER } from './fault-kit.js';

/** The repository root (the child runs `src/cli/main.ts` from there). */
export const REPO_ROOT = resolve(import.meta.dirname, '../..');

/**
 * What the proxy does with one request: pass it on, hold it (never forwarded, never answered),
 * forward it and hold the answer, or answer 400 quoting the request's Authorization header and
 * body back, as a careless service might. Faults of a bad link: drop the connection before
 * forwarding (`resetBefore`) or after the service handled it (`resetAfter`), answer 500 without
 * forwarding (`fail500`), forward and pass on the answer cut in half (`truncate`) or replaced by
 * bytes that are not JSON under the service's status (`garble`).
 */
export type ProxyAction = 'pass' | 'holdRequest' | 'holdResponse' | 'echo' | 'resetBefore' | 'resetAfter' | 'fail500' | 'truncate' | 'garble';

/** A request as the proxy saw it. */
export interface ProxiedRequest {
  method: string;
  path: string;
  /** Count of earlier requests with the same method and path. */
  nth: number;
}

/** A pass-through proxy with a decision per request. */
export interface TestProxy {
  url: string;
  /** Decides the fate of each request; default: pass everything. */
  decide: (request: ProxiedRequest) => ProxyAction;
  /** Resolves when a request matching `match` is held (before or after the service saw it). */
  whenHeld(match: (request: ProxiedRequest & { action: ProxyAction }) => boolean): Promise<void>;
  /** Requests held so far. */
  held: (ProxiedRequest & { action: ProxyAction })[];
  /** Sees every answer the service gave (held or not), e.g. to collect the tokens it issued. */
  onAnswer: (request: ProxiedRequest, body: Buffer) => void;
  /** Every request that reached the proxy, with its query and body as text (to count what was asked). */
  seen: (ProxiedRequest & { text: string })[];
}

/** Starts the proxy in front of `target`; it is closed (held sockets destroyed) when the test finishes. */
export async function startProxy(target: string): Promise<TestProxy> {
  const counts = new Map<string, number>();
  const waiters: { match: (r: ProxiedRequest & { action: ProxyAction }) => boolean; resolve: () => void }[] = [];
  const proxy: TestProxy = {
    url: '',
    decide: () => 'pass',
    held: [],
    seen: [],
    onAnswer: () => {},
    whenHeld(match) {
      if (proxy.held.some(match)) return Promise.resolve();
      return new Promise((resolveHeld) => waiters.push({ match, resolve: resolveHeld }));
    },
  };
  const hold = (request: ProxiedRequest & { action: ProxyAction }): void => {
    proxy.held.push(request);
    for (const waiter of waiters.filter((w) => w.match(request))) waiter.resolve();
  };
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://proxy.invalid');
    const key = `${method} ${url.pathname}`;
    const nth = counts.get(key) ?? 0;
    counts.set(key, nth + 1);
    const request = { method, path: url.pathname, nth };
    proxy.seen.push({ ...request, text: `${url.search} ${Buffer.concat(chunks).toString('utf8')}` });
    const action = proxy.decide(request);
    if (action === 'holdRequest') {
      hold({ ...request, action });
      return;
    }
    if (action === 'resetBefore') {
      res.destroy();
      return;
    }
    if (action === 'fail500') {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 500, errorMessage: 'internal error (proxy)' }));
      return;
    }
    if (action === 'echo') {
      const quoted = `Authorization: ${req.headers.authorization ?? '(none)'}; body: ${Buffer.concat(chunks).toString('utf8').slice(0, 300)}`;
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 400, errorCode: 'VALIDATION_ERROR', errorMessage: `bad request. ${quoted}`, errors: { request: [{ code: 'ECHO', description: quoted }] } }));
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'content-type']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const init: RequestInit = { method, headers };
    if (method !== 'GET' && method !== 'HEAD') init.body = Buffer.concat(chunks);
    const answer = await fetch(`${target}${url.pathname}${url.search}`, init);
    const body = Buffer.from(await answer.arrayBuffer());
    proxy.onAnswer(request, body);
    if (action === 'holdResponse') {
      hold({ ...request, action });
      return;
    }
    if (action === 'resetAfter') {
      res.destroy();
      return;
    }
    if (action === 'truncate' || action === 'garble') {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(action === 'truncate' ? body.subarray(0, Math.floor(body.length / 2)) : Buffer.from('<html>\u0000\u00ff garbled by a proxy {{{', 'utf8'));
      return;
    }
    const outHeaders: Record<string, string> = { 'content-type': answer.headers.get('content-type') ?? 'application/json' };
    const retryAfter = answer.headers.get('retry-after');
    if (retryAfter !== null) outHeaders['retry-after'] = retryAfter;
    res.writeHead(answer.status, outHeaders);
    res.end(body);
  };
  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  onTestFinished(
    () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  );
  return proxy;
}

/** A child `catalog-import import` run. */
export interface ChildImport {
  child: ChildProcess;
  /** Output so far. */
  output(): string;
  /** Resolves with the exit code (or the signal name) when the child ends. */
  exited: Promise<number | string>;
  /** SIGKILL, then waits for the end. */
  kill(): Promise<number | string>;
  /** Milliseconds since the spawn. */
  elapsed(): number;
}

/** Settings file the child reads (`--config`): fast polls and small batches. */
export async function writeChildConfig(dir: string): Promise<string> {
  const path = join(dir, 'settings.yaml');
  await writeFile(path, 'pollIntervalMs: 30\ntimeoutMs: 3000\nretryLimit: 3\njobTimeoutSeconds: 10\n');
  return path;
}

/** Spawns `node --import tsx src/cli/main.ts import …` against `baseUrl` with the seller's credentials in the environment. */
export function spawnImport(options: {
  baseUrl: string;
  file: string;
  mapping: string;
  stateDir: string;
  config: string;
  settleAfterSeconds: number;
  /** Node options before the CLI (`--import` of a test preload). */
  nodeArgs?: string[];
  /** More environment variables for the child. */
  env?: Record<string, string>;
}): ChildImport {
  const started = performance.now();
  const args = [
    ...(options.nodeArgs ?? []),
    '--import',
    'tsx',
    join(REPO_ROOT, 'src/cli/main.ts'),
    'import',
    options.file,
    '--mapping',
    options.mapping,
    '--state-dir',
    options.stateDir,
    '--config',
    options.config,
    '--batch-size',
    '10',
    '--concurrency',
    '2',
    '--settle-after',
    String(options.settleAfterSeconds),
  ];
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      TMPDIR: process.env.TMPDIR ?? '/tmp',
      CATALOG_BASE_URL: options.baseUrl,
      CATALOG_CLIENT_ID: SELLER.clientId,
      CATALOG_CLIENT_SECRET: SELLER.clientSecret,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolveExit) => child.on('exit', (code, signal) => resolveExit(code ?? signal ?? 'unknown')));
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return {
    child,
    output: () => output,
    exited,
    kill: () => {
      child.kill('SIGKILL');
      return exited;
    },
    elapsed: () => performance.now() - started,
  };
}

/** One batch row of the journal. */
export interface JournalBatch {
  runId: string;
  index: number;
  status: string;
  jobId: number | null;
  /** Handed to fetch since its `sending` mark (the departure mark). */
  departed: boolean;
  productKeys: string[];
}

/** What the child's journal holds right now. */
export interface JournalView {
  runs: { runId: string; status: string; spoolComplete: boolean }[];
  batches: JournalBatch[];
}

/** Reads the journal of a state directory read-only; an empty view while the database does not exist yet. */
export function readJournal(stateDir: string): JournalView {
  const path = join(stateDir, 'state.sqlite');
  if (!existsSync(path)) return { runs: [], batches: [] };
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true, timeout: 50 });
    const runs = db.prepare('SELECT run_id AS runId, status, spool_complete AS spoolComplete FROM runs ORDER BY created_at').all() as { runId: string; status: string; spoolComplete: number }[];
    const rows = db
      .prepare('SELECT run_id AS runId, batch_index AS "index", status, job_id AS jobId, departed_at IS NOT NULL AS departed, product_keys_json AS keys FROM batches ORDER BY batch_index')
      .all() as (Omit<JournalBatch, 'departed' | 'productKeys'> & { departed: number; keys: string })[];
    const batches = rows.map(({ departed, keys, ...row }) => ({ ...row, departed: departed === 1, productKeys: JSON.parse(keys) as string[] }));
    return { runs: runs.map((r) => ({ ...r, spoolComplete: r.spoolComplete === 1 })), batches };
  } catch {
    // Not created yet, or the schema is being migrated: nothing to see yet.
    return { runs: [], batches: [] };
  } finally {
    db?.close();
  }
}

/** Polls the journal until `predicate` holds (resolves with the view) or the child ends (rejects). */
export async function waitForJournal(stateDir: string, child: ChildImport, predicate: (view: JournalView) => boolean, timeoutMs = scaleTimeout(20_000)): Promise<JournalView> {
  const deadline = performance.now() + timeoutMs;
  let ended = false;
  void child.exited.then(() => (ended = true));
  for (;;) {
    const view = readJournal(stateDir);
    if (predicate(view)) return view;
    if (ended) throw new Error(`the child ended before the kill point was reached:\n${child.output()}`);
    if (performance.now() > deadline) throw new Error(`kill point not reached in ${timeoutMs} ms:\n${child.output()}`);
    await new Promise((r) => setTimeout(r, 3));
  }
}
