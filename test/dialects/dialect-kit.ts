/**
 * Runs the tool against the sandbox in one dialect over real HTTP: settings pointing at it, deps
 * with short waits, and the per-row statuses of a run read from its annotated copy.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { createNodeDeps } from '../../src/core/deps.js';
import type { Deps } from '../../src/core/deps.js';
import type { PipelineEvent } from '../../src/core/events.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { SandboxHandle, SandboxOptions } from '../../src/sandbox/start-sandbox.js';
import type { SandboxDialectName } from '../../src/sandbox/dialects/index.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';

/** A sandbox in one dialect and a scratch directory. */
export interface DialectRig {
  sandbox: SandboxHandle;
  dir: string;
  settings(extra?: Record<string, unknown>): ReturnType<typeof resolveSettings>;
  deps(events?: PipelineEvent[]): Deps;
  close(): Promise<void>;
}

/** Starts the sandbox in `dialect` (with `options`, e.g. the fields it requires). */
export async function startDialectRig(dialect: SandboxDialectName, options: Pick<SandboxOptions, 'requiredFields'> = {}): Promise<DialectRig> {
  const sandbox = await startSandbox({ port: 0, jobDelayMs: 20, dialect, ...options });
  const dir = await mkdtemp(join(tmpdir(), `catalog-import-${dialect}-`));
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
