/** Builders shared by the report tests. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { createIssue } from '../../src/core/issue.js';
import type { Issue } from '../../src/core/issue.js';
import type { RunSummaryParts } from '../../src/report/build-run-summary.js';
import { createCsvFieldFormatter } from '../../src/report/format-csv-record.js';
import type { RowOutcome, RunSummary } from '../../src/report/report-types.js';
import { writeReportCopies, writeReportSummary, type ReportCopiesOptions, type RunReportPaths } from '../../src/report/write-run-report.js';
import type { SourceColumn, SourceInfo } from '../../src/sources/types.js';

/** One CSV record (without the line ending) as the report's writers format each field: what the copy tests hold them to. */
export function formatCsvRecord(values: readonly string[], delimiter: string): string {
  return values.map(createCsvFieldFormatter(delimiter)).join(delimiter);
}

/** A temp dir removed when the test finishes. */
export async function makeTempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'catalog-report-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Header columns from names, lettered A, B, … */
export function makeHeader(names: readonly string[]): SourceColumn[] {
  return names.map((name, index) => ({ index, letter: String.fromCharCode(65 + index), name }));
}

/** A `SourceInfo` for tests. */
export function makeInfo(overrides: Partial<SourceInfo> & Pick<SourceInfo, 'file' | 'format' | 'header'>): SourceInfo {
  return { headerRow: 1, totalBytes: 0, ...overrides };
}

/** An issue with sensible defaults. */
export function makeIssue(overrides: Partial<Issue> & Pick<Issue, 'code' | 'message'>): Issue {
  return createIssue({ severity: 'error', stage: 'validate', ...overrides });
}

/** An outcome lookup from a list. */
export function makeOutcomeOf(outcomes: readonly RowOutcome[]): (row: number) => RowOutcome | undefined {
  const byRow = new Map(outcomes.map((outcome) => [outcome.row, outcome]));
  return (row) => byRow.get(row);
}

/** Parts of a small import run: product P1 (rows 4–5) accepted, P2 (rows 6–7) with one invalid row, P3 rejected. */
export function makeParts(overrides: Partial<RunSummaryParts> = {}): RunSummaryParts {
  const priceIssue = makeIssue({ code: 'price_not_positive', message: 'price must be a positive number', file: 'товары.xlsx', sheet: 'Лист1', row: 6, column: 'C', header: 'Цена', value: '-5' });
  const brandIssue = makeIssue({ code: 'unknown_brand', message: 'brand is not in the directory', file: 'товары.xlsx', sheet: 'Лист1', row: 6, column: 'D', header: 'Бренд', value: 'Samsnug', hint: 'did you mean: Samsung?' });
  const rejectIssue = makeIssue({ code: 'service_rejected', stage: 'job', message: 'the service rejected the product: Неверная категория', file: 'товары.xlsx', sheet: 'Лист1', row: 8, productKey: 'P3' });
  const outcomes: RowOutcome[] = [
    { row: 4, status: 'accepted', productKey: 'P1', skuKey: 'P1-S', productId: 101, skuId: 1001, jobId: '7', issues: [] },
    { row: 5, status: 'accepted', productKey: 'P1', skuKey: 'P1-M', productId: 101, skuId: 1002, jobId: '7', issues: [] },
    { row: 6, status: 'invalid', productKey: 'P2', issues: [brandIssue, priceIssue] },
    { row: 7, status: 'not_sent', productKey: 'P2', issues: [] },
    { row: 8, status: 'rejected', productKey: 'P3', jobId: '7', issues: [rejectIssue] },
  ];
  return {
    toolVersion: '0.1.0',
    command: 'import',
    runId: '20260101-120000-abcd',
    startedAt: new Date('2026-01-01T12:00:00.000Z'),
    finishedAt: '2026-01-01T12:00:05.000Z',
    source: { file: 'товары.xlsx', format: 'xlsx', sheet: 'Лист1', headerRow: 3 },
    mapping: { file: 'mappings/default.yaml' },
    service: { baseUrl: 'https://seller:hunter22@seller-api.example.kz/', sandbox: false },
    settings: {
      concurrency: 2,
      auth: { clientId: 'shop-1', clientSecret: 'p4ssw0rd9', clientSecretFile: 'secrets/key.txt' },
      clientSecret: '(set)',
      apiToken: 'abc',
      paths: { token: '/api/v1/auth/token' },
      sources: { 'auth.clientSecret': 'env:CATALOG_CLIENT_SECRET', concurrency: 'default' },
    },
    outcomes,
    issues: [
      priceIssue,
      makeIssue({ code: 'hidden_sheet_skipped', severity: 'warning', stage: 'read', message: 'hidden sheet skipped', file: 'товары.xlsx', sheet: 'Архив' }),
    ],
    jobs: [
      { jobId: '9', batch: 2, products: 1, status: 'done' },
      { jobId: '7', batch: 1, products: 2, status: 'done', durationMs: 1200 },
    ],
    timings: { submit: 3000, read: 120 },
    exitCode: 1,
    ...overrides,
  };
}

/** The copies, then `summary.json` with their warnings: the report stage's two steps, as `finishRun` takes them. */
export async function writeCopiesAndSummary(options: ReportCopiesOptions & { summary: RunSummary }): Promise<RunReportPaths> {
  const { summary, ...copyOptions } = options;
  const copies = await writeReportCopies(copyOptions);
  await writeReportSummary(copies.paths, summary, copies.warnings);
  return copies.paths;
}
