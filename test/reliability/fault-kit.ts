/**
 * Shared pieces of the fault and kill suites: a sandbox per test playing the live service, runs
 * of the library's `runImport` against it, and the exactly-once check made through the service's
 * own list and details endpoints.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { createCatalogClient } from '../../src/api/create-catalog-client.js';
import type { ProductDetail } from '../../src/domain/index.js';
import { createNodeDeps } from '../../src/core/deps.js';
import type { Deps } from '../../src/core/deps.js';
import type { PipelineEvent } from '../../src/core/events.js';
import type { RunResult } from '../../src/report/write-result-json.js';
import { runImport } from '../../src/pipeline/run-import.js';
import { ROW_STATUSES } from '../../src/report/report-types.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { SandboxHandle, SandboxOptions } from '../../src/sandbox/start-sandbox.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';
import type { Settings } from '../../src/settings/settings-schema.js';
import type { CatalogFixture } from '../helpers/catalog-fixture.js';
import { requireAnnotatedPath } from '../helpers/require-annotated-path.js';

/** The seller every suite imports as. */
export const SELLER = { clientId: 'sandbox-seller', clientSecret: 'sandbox-secret-1' } as const;

/** Settings that keep a faulty run short: small time-outs, fast polls, a short settle wait. */
export const FAST_SETTINGS = {
  timeoutMs: 2_000,
  retryLimit: 4,
  pollIntervalMs: 20,
  jobTimeoutSeconds: 5,
  batchSize: 10,
  concurrency: 3,
} as const satisfies Partial<Settings>;

/** How long after sending a request of unknown fate the import waits before asking the service. */
export const SETTLE_AFTER_MS = 250;

/** A temp directory removed when the current test finishes. */
export async function createTestDir(prefix = 'catalog-reliability-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A sandbox persisted in `dir`, closed when the test finishes. */
export async function startTestSandbox(dir: string, options: SandboxOptions = {}): Promise<SandboxHandle> {
  const sandbox = await startSandbox({ port: 0, jobDelayMs: 50, stateFile: join(dir, 'sandbox.json'), ...options });
  onTestFinished(() => sandbox.close());
  return sandbox;
}

/** What one `runImport` call did. */
export interface ImportAttempt {
  result: RunResult;
  events: PipelineEvent[];
}

/** Runs the library's import against the sandbox as the live service. */
export async function importOnce(
  ctx: { dir: string; sandbox: SandboxHandle; fixture: CatalogFixture },
  options: { settings?: Partial<Settings>; deps?: Partial<Deps>; settleAfterMs?: number; clientSecret?: string; resumeRunId?: string } = {},
): Promise<ImportAttempt> {
  const events: PipelineEvent[] = [];
  const settings = resolveSettings({
    flags: {
      baseUrl: ctx.sandbox.url,
      clientId: SELLER.clientId,
      clientSecret: options.clientSecret ?? SELLER.clientSecret,
      stateDir: join(ctx.dir, 'state'),
      ...FAST_SETTINGS,
      ...options.settings,
    },
  });
  const onEvent = options.deps?.onEvent;
  const deps = createNodeDeps({
    env: {},
    cwd: ctx.dir,
    // Small jitter: backoff waits stay short, while `Retry-After` is still honoured in full.
    random: () => 0.05,
    ...options.deps,
    onEvent: (event) => {
      events.push(event);
      onEvent?.(event);
    },
  });
  const result = await runImport({ file: ctx.fixture.file, mapping: ctx.fixture.mapping, settings, settleAfterMs: options.settleAfterMs ?? SETTLE_AFTER_MS, ...(options.resumeRunId ? { resumeRunId: options.resumeRunId } : {}) }, deps);
  return { result, events };
}

/** Every SKU the service holds for the seller, read through list + details (not the sandbox internals). */
export async function loadLiveCatalog(sandbox: SandboxHandle): Promise<ProductDetail[]> {
  const client = createCatalogClient({ baseUrl: sandbox.url, credentials: { ...SELLER }, timeoutMs: 5_000 }, createNodeDeps({ env: {} }));
  const ids: number[] = [];
  for await (const item of client.listAllProducts({ sortBy: 'id', sortDirection: 'Asc' })) ids.push(item.productId);
  return client.getProductDetails(ids);
}

/** One thing wrong with the service's catalog after the runs. */
export type CatalogProblem = string;

/**
 * Checks exactly-once: every valid SKU of the fixture is on the service once (by barcode), in one
 * product per product key, with the content of the last run (name and price), and the seller has
 * no other products. Returns the problems (empty when all is well), so a failure lists them all.
 */
export async function checkExactlyOnce(sandbox: SandboxHandle, fixture: CatalogFixture): Promise<CatalogProblem[]> {
  const problems: CatalogProblem[] = [];
  const live = await loadLiveCatalog(sandbox);
  const byBarcode = new Map<string, { productId: number; price: number | null | undefined; nameRus: string | null | undefined }[]>();
  for (const product of live) {
    for (const sku of product.skus) {
      const barcode = sku.skuBarcode ?? '';
      const list = byBarcode.get(barcode) ?? [];
      list.push({ productId: product.productId, price: sku.price, nameRus: product.name?.rus });
      byBarcode.set(barcode, list);
    }
  }
  const productOfKey = new Map<string, number>();
  for (const [barcode, want] of fixture.expected) {
    const found = byBarcode.get(barcode) ?? [];
    if (found.length !== 1) {
      problems.push(`barcode ${barcode} (${want.productKey}) is on the service ${found.length} times`);
      continue;
    }
    const got = found[0] as { productId: number; price: number | null | undefined; nameRus: string | null | undefined };
    if (got.price !== want.price) problems.push(`barcode ${barcode}: price ${String(got.price)}, expected ${want.price}`);
    if (got.nameRus !== want.nameRus) problems.push(`barcode ${barcode}: name "${String(got.nameRus)}", expected "${want.nameRus}"`);
    const seen = productOfKey.get(want.productKey);
    if (seen === undefined) productOfKey.set(want.productKey, got.productId);
    else if (seen !== got.productId) problems.push(`product key ${want.productKey} is split over products ${seen} and ${got.productId}`);
  }
  const expectedProducts = new Set([...fixture.expected.values()].map((sku) => sku.productKey)).size;
  if (live.length !== expectedProducts) problems.push(`the seller has ${live.length} products on the service, expected ${expectedProducts}`);
  for (const barcode of byBarcode.keys()) if (!fixture.expected.has(barcode)) problems.push(`unexpected barcode ${barcode} on the service`);
  // The sandbox's own view must agree with what its API said.
  const stored = sandbox.products(SELLER.clientId);
  if (stored.length !== live.length) problems.push(`the sandbox stores ${stored.length} products but lists ${live.length}`);
  return problems;
}

/** The `_status` of every data row of the run's annotated CSV, in file order. */
export async function loadRowStatuses(result: RunResult): Promise<string[]> {
  const text = (await readFile(requireAnnotatedPath(result.reportPaths), 'utf8')).replace(/^\ufeff/, '');
  const lines = splitCsvRecords(text);
  const header = lines[0] ?? [];
  const at = header.indexOf('_status');
  if (at < 0) throw new Error(`no _status column in ${result.reportPaths.annotated}`);
  return lines.slice(1).map((cells) => cells[at] ?? '');
}

/** The annotated CSV's columns of every data row, by header name. */
export async function loadAnnotatedRows(result: RunResult): Promise<Record<string, string>[]> {
  const text = (await readFile(requireAnnotatedPath(result.reportPaths), 'utf8')).replace(/^\ufeff/, '');
  const [header = [], ...records] = splitCsvRecords(text);
  return records.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])));
}

/**
 * Checks that the report gives every row an outcome: one annotated record per data row, each
 * with a known status, and counts that add up to the rows. Returns the problems.
 */
export async function checkEveryRowReported(result: RunResult, fixture: CatalogFixture): Promise<CatalogProblem[]> {
  const problems: CatalogProblem[] = [];
  const statuses = await loadRowStatuses(result);
  if (statuses.length !== fixture.rows) problems.push(`annotated.csv has ${statuses.length} rows, the file ${fixture.rows}`);
  const known = new Set<string>(ROW_STATUSES);
  statuses.forEach((status, i) => {
    if (!known.has(status)) problems.push(`row ${i + 2} has no outcome (status "${status}")`);
  });
  const counts = result.summary.counts;
  const total = Object.values(counts.byStatus).reduce((sum: number, n) => sum + (n ?? 0), 0);
  if (counts.rows !== fixture.rows || total !== fixture.rows) problems.push(`summary counts ${counts.rows} rows (${total} by status), the file has ${fixture.rows}`);
  return problems;
}

/** Splits `;`-separated CSV text into records (quotes, doubled quotes and quoted line breaks honoured). */
export function splitCsvRecords(text: string, delimiter = ';'): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === delimiter) {
      record.push(cell);
      cell = '';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || record.length > 0) {
    record.push(cell);
    records.push(record);
  }
  return records;
}

/** True when no row of the run is left rejected, unknown, pending or not sent (invalid rows are the seller's to fix). */
export function isSettled(result: RunResult): boolean {
  const by = result.summary.counts.byStatus;
  return (by.rejected ?? 0) + (by.unknown ?? 0) + (by.pending ?? 0) + (by.not_sent ?? 0) === 0;
}

/** Runs `runImport` until every valid row is settled (see `isSettled`), at most `max` times. */
export async function importUntilDone(
  ctx: { dir: string; sandbox: SandboxHandle; fixture: CatalogFixture },
  options: Parameters<typeof importOnce>[1] = {},
  max = 3,
): Promise<ImportAttempt[]> {
  const attempts: ImportAttempt[] = [];
  for (let i = 0; i < max; i += 1) {
    const attempt = await importOnce(ctx, options);
    attempts.push(attempt);
    if (isSettled(attempt.result)) break;
  }
  return attempts;
}
