/**
 * Helpers for the watcher tests: a temp inbox, an in-test sandbox with fast jobs, the smartphone
 * mapping, catalog CSVs with valid (or deliberately broken) rows, settings pointing at the sandbox,
 * and a watcher started with real timers whose log records are collected.
 */
import { FIXTURE_MAPPING_YAML } from '../helpers/catalog-fixture.js';
import { makeEan13 } from '../helpers/smartphone-catalog.js';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { createNodeDeps } from '../../src/core/deps.js';
import type { Deps } from '../../src/core/deps.js';
import type { PipelineEvent } from '../../src/core/events.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { SandboxHandle } from '../../src/sandbox/start-sandbox.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';
import type { ResolvedSettings } from '../../src/settings/resolve-settings.js';
import { runWatch } from '../../src/watch/run-watch.js';
import type { WatchOptions, WatchResult } from '../../src/watch/run-watch.js';
import type { WatchFileRecord, WatchLogRecord } from '../../src/watch/render-watch-log.js';

/** The mapping of the smartphone category 10101 of the sandbox reference data. */
export const MAPPING_YAML = FIXTURE_MAPPING_YAML;

const HEADER = 'Артикул;Штрихкод;Наименование;Атауы;Описание;Сипаттамасы;Категория;Бренд;Цвет;Память;ОС;Модель;Цена;Фото';

/** A valid EAN-13 from 12 digits. */
export const buildEan13 = makeEan13;

/** One catalog row: a valid smartphone unless `badBarcode`. */
export interface CatalogRow {
  key: string;
  /** Distinct per row within one sandbox. */
  n: number;
  price?: string;
  badBarcode?: boolean;
}

/** A `;`-separated catalog CSV. */
export function buildCatalogCsv(rows: readonly CatalogRow[]): string {
  const lines = rows.map((row) => {
    const barcode = row.badBarcode ? '123' : buildEan13(`460${String(row.n).padStart(9, '0')}`);
    return `${row.key};${barcode};Смартфон Samsung ${row.key};Samsung ${row.key} смартфоны;<p>Хороший</p>;<p>Жақсы</p>;Смартфоны;Samsung;Чёрный;128;Android;${row.key};${row.price ?? '99 990,00'};https://cdn.example.kz/${row.key}.jpg`;
  });
  return `${[HEADER, ...lines].join('\n')}\n`;
}

/** `count` valid rows with keys `${prefix}1…` and numbers from `from`. */
export function buildRows(prefix: string, count: number, from: number): CatalogRow[] {
  return Array.from({ length: count }, (_, i) => ({ key: `${prefix}${i + 1}`, n: from + i }));
}

/** A test's folders and sandbox. */
export interface WatchTestBed {
  root: string;
  inbox: string;
  stateDir: string;
  mapping: string;
  sandbox: SandboxHandle;
  settings: ResolvedSettings;
}

/** A temp folder with an inbox, a mapping and a state dir, and a sandbox with fast jobs; removed after the test. */
export async function createWatchTestBed(options: { jobDelayMs?: number } = {}): Promise<WatchTestBed> {
  const root = await mkdtemp(join(tmpdir(), 'catalog-watch-'));
  const sandbox = await startSandbox({ port: 0, jobDelayMs: options.jobDelayMs ?? 20 });
  onTestFinished(async () => {
    await sandbox.close();
    await rm(root, { recursive: true, force: true });
  });
  const inbox = join(root, 'inbox');
  await mkdir(inbox);
  const mapping = join(root, 'mapping.yaml');
  await writeFile(mapping, MAPPING_YAML);
  const stateDir = join(root, 'state');
  return { root, inbox, stateDir, mapping, sandbox, settings: buildSettings(sandbox, stateDir) };
}

/** Settings pointing at the sandbox with fast job polling. */
export function buildSettings(sandbox: SandboxHandle, stateDir: string): ResolvedSettings {
  const credential = sandbox.credentials[0];
  if (!credential) throw new Error('the sandbox has no seller');
  return resolveSettings({
    flags: { baseUrl: sandbox.url, clientId: credential.clientId, clientSecret: credential.clientSecret, stateDir, pollIntervalMs: 20, retryLimit: 1 },
  });
}

/** Real deps with an empty environment, the given signal and an event listener. */
export function buildDeps(bed: WatchTestBed, options: { signal?: AbortSignal; onEvent?: (event: PipelineEvent) => void } = {}): Deps {
  return createNodeDeps({
    env: {},
    cwd: bed.root,
    onEvent: options.onEvent ?? (() => {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

/** Fast watcher options for the bed; `overrides` win. */
export function buildWatchOptions(bed: WatchTestBed, records: WatchLogRecord[], overrides: Partial<WatchOptions> = {}): WatchOptions {
  return {
    inbox: bed.inbox,
    mapping: bed.mapping,
    settings: bed.settings,
    once: true,
    stableSeconds: 0.3,
    markerMode: false,
    failOnRowErrors: false,
    pollIntervalMs: 50,
    onLog: (record) => records.push(record),
    pid: process.pid,
    settleAfterMs: 200,
    ...overrides,
  };
}

/** A watcher running in the background until `stop()`. */
export interface RunningWatch {
  records: WatchLogRecord[];
  done: Promise<WatchResult>;
  stop(): Promise<WatchResult>;
  /** Resolves with the first file record matching `file` (polls the records). */
  waitForFile(file: string, timeoutMs?: number): Promise<WatchFileRecord>;
}

/** Starts a long-running watcher. */
export function startWatch(bed: WatchTestBed, overrides: Partial<WatchOptions> = {}, onEvent?: (event: PipelineEvent) => void): RunningWatch {
  const controller = new AbortController();
  const records: WatchLogRecord[] = [];
  const done = runWatch(buildWatchOptions(bed, records, { once: false, ...overrides }), buildDeps(bed, { signal: controller.signal, ...(onEvent ? { onEvent } : {}) }));
  onTestFinished(async () => {
    controller.abort(new Error('test finished'));
    await done.catch(() => undefined);
  });
  return {
    records,
    done,
    stop: async () => {
      controller.abort(new Error('SIGTERM'));
      return done;
    },
    waitForFile: async (file, timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = fileRecords(records).find((record) => record.file === file);
        if (hit) return hit;
        if (Date.now() > deadline) throw new Error(`no record for ${file} within ${timeoutMs} ms; records: ${JSON.stringify(records)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

/** The file records among log records. */
export function fileRecords(records: readonly WatchLogRecord[]): WatchFileRecord[] {
  return records.filter((record): record is WatchFileRecord => record.event === 'file');
}

/** Waits `ms`. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
