/**
 * Runs the tool against the sandbox in one dialect over real HTTP: settings pointing at it, deps
 * with short waits, and the per-row statuses of a run read from its annotated copy.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll } from 'vitest';
import { createNodeDeps } from '../../src/core/deps.js';
import type { Deps } from '../../src/core/deps.js';
import type { PipelineEvent } from '../../src/core/events.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { SandboxHandle, SandboxOptions } from '../../src/sandbox/start-sandbox.js';
import type { SandboxDialect, SandboxDialectSpec } from '../../src/sandbox/dialects/index.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';
import { call, getToken } from '../sandbox/sandbox-test-kit.js';
import type { CallResult } from '../sandbox/sandbox-test-kit.js';

/** A sandbox in one dialect and a scratch directory. */
export interface DialectRig {
  sandbox: SandboxHandle;
  dir: string;
  settings(extra?: Record<string, unknown>): ReturnType<typeof resolveSettings>;
  deps(events?: PipelineEvent[]): Deps;
  close(): Promise<void>;
}

/** Starts the sandbox in `dialect` (with `options`, e.g. the fields it requires). */
export async function startDialectRig(dialect: SandboxDialectSpec | SandboxDialect, options: Pick<SandboxOptions, 'requiredFields'> = {}): Promise<DialectRig> {
  const sandbox = await startSandbox({ port: 0, jobDelayMs: 20, dialect, ...options });
  const dir = await mkdtemp(join(tmpdir(), `catalog-import-${typeof dialect === 'string' ? dialect : dialect.name}-`));
  const credential = sandbox.credentials[0];
  return {
    sandbox,
    dir,
    settings: (extra = {}) =>
      resolveSettings({
        flags: {
          baseUrl: sandbox.url,
          clientId: credential?.clientId,
          clientSecret: credential?.clientSecret,
          stateDir: join(dir, 'state'),
          pollIntervalMs: 20,
          jobTimeoutSeconds: 20,
          timeoutMs: 5000,
          retryLimit: 2,
          ...extra,
        },
      }),
    deps: (events = []) =>
      createNodeDeps({
        cwd: dir,
        env: {},
        onEvent: (event) => events.push(event),
        sleep: (ms, signal) =>
          new Promise((resolve, reject) => {
            const timer = setTimeout(resolve, Math.min(ms, 30));
            signal?.addEventListener('abort', () => {
              clearTimeout(timer);
              reject(signal.reason);
            }, { once: true });
          }),
      }),
    async close() {
      await sandbox.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** `row → _status` from a run's annotated CSV copy. */
export async function readRowStatuses(annotatedCsv: string): Promise<Map<number, string>> {
  const text = (await readFile(annotatedCsv, 'utf8')).replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
  const headerAt = parsed.data.findIndex((row) => row.includes('_status'));
  const column = parsed.data[headerAt]?.indexOf('_status') ?? -1;
  const out = new Map<number, string>();
  parsed.data.slice(headerAt + 1).forEach((row, i) => out.set(headerAt + 2 + i, row[column] ?? ''));
  return out;
}

/** A copy of a `;`-separated catalog with every price raised by 1, so that every product is an update. */
export async function writeRepricedCopy(source: string, target: string): Promise<void> {
  const text = (await readFile(source, 'utf8')).replace(/^\uFEFF/, '');
  const rows = Papa.parse<string[]>(text, { delimiter: ';' }).data;
  const headerAt = rows.findIndex((row) => row.includes('Цена'));
  const column = rows[headerAt]?.indexOf('Цена') ?? -1;
  const changed = rows.map((row, i) => {
    const cell = row[column];
    if (i <= headerAt || cell === undefined || !/^\d/.test(cell)) return row;
    const copy = [...row];
    copy[column] = String(Number(cell.replace(/\s/g, '').replace(',', '.')) + 1).replace('.', ',');
    return copy;
  });
  await writeFile(target, `\uFEFF${Papa.unparse(changed, { delimiter: ';' })}`, 'utf8');
}

/** A sandbox in one dialect and a token of its first seller, for raw-HTTP checks of the wire. */
export interface WireRig {
  sandbox: SandboxHandle;
  token: string;
  close(): Promise<void>;
}

/** A wire rig for the tests of one describe block: started before them, closed after; call it in a test. */
export function useWireRig(dialect: SandboxDialectSpec): () => WireRig {
  let rig: WireRig | undefined;
  beforeAll(async () => {
    rig = await startWireRig(dialect);
  });
  afterAll(() => rig?.close());
  return () => {
    if (rig === undefined) throw new Error(`the ${dialect} rig is not started`);
    return rig;
  };
}

/** Starts the sandbox in `dialect` and takes a token. */
export async function startWireRig(dialect: SandboxDialectSpec): Promise<WireRig> {
  const sandbox = await startSandbox({ port: 0, jobDelayMs: 20, dialect });
  return { sandbox, token: await getToken(sandbox), close: () => sandbox.close() };
}

/**
 * Every page of a directory paged by cursor, from its first page, following the next page's URL
 * from the body's `next` or from the `Link` header's `rel="next"`; stops at the first page
 * without one (and after `limit` pages, so that a loop fails the test instead of hanging it).
 */
export async function walkCursorPages(rig: WireRig, path: string, query: Record<string, string | number>, follow: 'body' | 'link', limit = 1000): Promise<CallResult[]> {
  const pages: CallResult[] = [];
  let next: string | null = path;
  let first = true;
  while (next !== null && pages.length < limit) {
    const page: CallResult = await call(rig.sandbox, 'GET', next, first ? { token: rig.token, query } : { token: rig.token });
    if (page.status !== 200) throw new Error(`GET ${next} answered ${page.status}: ${JSON.stringify(page.body)}`);
    pages.push(page);
    first = false;
    next = follow === 'body' ? ((page.body?.next as string | null | undefined) ?? null) : readNextLink(page.headers.get('link'));
  }
  return pages;
}

/** The target of `rel="next"` in an RFC 8288 Link header, or null. */
export function readNextLink(header: string | null): string | null {
  for (const part of (header ?? '').split(',')) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (match && /(^|;)\s*rel="?([^";]*\s)?next(\s[^";]*)?"?\s*(;|$)/i.test(match[2] ?? '')) return match[1] ?? null;
  }
  return null;
}
