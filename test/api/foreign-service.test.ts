/**
 * The tool against an independent implementation of the interface (`test/helpers/foreign-service.ts`)
 * whose silent parts are spelt otherwise than the sandbox's dialects: what must hold is the
 * meaning, whatever the shape. Cases the tool does not meet yet are kept as `it.skip` with the
 * finding they are written up under in `notes/foreign-findings.md` (F1, F2, ...).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogClient } from '../../src/api/create-catalog-client.js';
import { runImport } from '../../src/pipeline/run-import.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';
import { startDialectRig } from '../dialects/dialect-kit.js';
import type { DialectRig } from '../dialects/dialect-kit.js';
import { FOREIGN_CREDENTIALS, startForeignService } from '../helpers/foreign-service.js';
import type { ForeignService, ForeignServiceOptions } from '../helpers/foreign-service.js';
import { requireAnnotatedPath } from '../helpers/require-annotated-path.js';
import { runCliCaptured } from '../helpers/run-cli-captured.js';
import { createReferenceData } from '../../src/sandbox/reference-data.js';

const ROOT = join(import.meta.dirname, '..', '..');
const SAMPLE = join(ROOT, 'samples', 'catalog.xlsx');
const MAPPING = join(ROOT, 'mappings', 'sample.yaml');
/** The one spelling of the SKU-defining flag the tool reads today (F2: `variant_attribute` is not). */
const READABLE_SKU_FLAG = 'is_variant_attribute';

/** The sample's first 40 rows (title and header rows kept): the job-status cases need a few products, not 158. */
let SMALL = '';
let smallDir = '';
beforeAll(async () => {
  smallDir = await mkdtemp(join(tmpdir(), 'catalog-import-foreign-small-'));
  const source = new ExcelJS.Workbook();
  await source.xlsx.readFile(SAMPLE);
  const sheet = source.getWorksheet('Товары');
  if (sheet === undefined) throw new Error('the sample has no sheet Товары');
  const small = new ExcelJS.Workbook();
  const copy = small.addWorksheet('Товары');
  // ExcelJS's spliceRows leaves the sheet whole here, so the first 43 rows are copied into a new one.
  for (let row = 1; row <= 43; row += 1) copy.getRow(row).values = sheet.getRow(row).values as ExcelJS.CellValue[];
  SMALL = join(smallDir, 'catalog-small.xlsx');
  await small.xlsx.writeFile(SMALL);
});
afterAll(async () => {
  await rm(smallDir, { recursive: true, force: true });
});

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

async function start(options: ForeignServiceOptions = {}): Promise<{ service: ForeignService; rig: DialectRig }> {
  // Pages of 40 keep the runs short; the directory and sample cases ask for the smaller cap of 7 themselves.
  const service = await startForeignService({ skuFlagKey: READABLE_SKU_FLAG, pageCap: 40, ...options });
  // The rig's sandbox is only used for its scratch directory and quick deps here.
  const rig = await startDialectRig('interface');
  open.push(service, rig);
  return { service, rig };
}

function foreignSettings(service: ForeignService, rig: DialectRig, extra: Record<string, unknown> = {}): ReturnType<typeof resolveSettings> {
  return resolveSettings({
    flags: { baseUrl: service.url, ...FOREIGN_CREDENTIALS, stateDir: join(rig.dir, 'foreign-state'), pollIntervalMs: 20, jobTimeoutSeconds: 20, timeoutMs: 5000, retryLimit: 2, ...extra },
  });
}

/** `row → _status` from an annotated workbook. */
async function readWorkbookStatuses(path: string): Promise<Map<number, string>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const out = new Map<number, string>();
  for (const sheet of workbook.worksheets) {
    let column = 0;
    let headerRow = 0;
    sheet.eachRow((row, number) => {
      if (column === 0) {
        row.eachCell((cell, col) => {
          if (String(cell.value) === '_status') column = col;
        });
        if (column !== 0) headerRow = number;
        return;
      }
      if (number > headerRow) out.set(number, String(row.getCell(column).value ?? ''));
    });
    if (column !== 0) break;
  }
  return out;
}

/** The sample's barcodes of one product (model article) as the sheet has them, and its rows. */
async function readSampleProduct(productKey: string): Promise<{ barcodes: string[]; rows: number[] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(SAMPLE);
  const sheet = workbook.getWorksheet('Товары');
  const out = { barcodes: [] as string[], rows: [] as number[] };
  let keyCol = 0;
  let barcodeCol = 0;
  sheet?.eachRow((row, number) => {
    if (keyCol === 0) {
      row.eachCell((cell, col) => {
        if (String(cell.value) === 'Артикул модели') keyCol = col;
        if (String(cell.value) === 'Штрихкод') barcodeCol = col;
      });
      return;
    }
    if (String(row.getCell(keyCol).value ?? '') === productKey) {
      out.rows.push(number);
      out.barcodes.push(String(row.getCell(barcodeCol).value ?? ''));
    }
  });
  return out;
}

function runDoctor(service: ForeignService, stateDir: string, cwd: string) {
  return runCliCaptured(['doctor', '--base-url', service.url, '--client-id', FOREIGN_CREDENTIALS.clientId, '--state-dir', stateDir], {
    cwd,
    env: { CATALOG_CLIENT_SECRET: FOREIGN_CREDENTIALS.clientSecret },
  });
}

async function fetchForeignDirectories(options: ForeignServiceOptions) {
  const { service, rig } = await start(options);
  const client = createCatalogClient({ baseUrl: service.url, credentials: { ...FOREIGN_CREDENTIALS } }, rig.deps());
  return { service, directories: await client.fetchDirectories() };
}

async function expectWholeDirectories(options: ForeignServiceOptions): Promise<void> {
  const { service, directories } = await fetchForeignDirectories(options);
  const reference = service.reference;
  const leaves = reference.categories.filter((c) => c.isLeaf);
  expect(directories.categories.filter((c) => c.isLeaf).map((c) => c.id).sort()).toEqual(leaves.map((c) => c.id).sort());
  // The tree gives no path: the tool builds it from the nesting, the same as the sandbox's.
  expect(new Set(directories.categories.filter((c) => c.isLeaf).map((c) => c.path?.rus))).toEqual(new Set(leaves.map((c) => c.path?.rus)));
  expect(directories.brands.map((b) => `${b.id}:${b.name}`).sort()).toEqual(reference.brands.map((b) => `${b.id}:${b.name}`).sort());
  // Values carry only attribute_id: the tool ties them to the attribute's code.
  expect(directories.values.map((v) => `${v.attributeCode}:${v.code}:${v.id}`).sort()).toEqual(reference.values.map((v) => `${v.attributeCode}:${v.code}:${v.id}`).sort());
  const shape = (list: typeof reference.attributes) =>
    list
      .map((a) => ({ code: a.code, type: a.type, isSkuDefining: a.isSkuDefining, isMultiple: a.isMultiple, categories: [...a.categories].sort((x, y) => x.categoryId - y.categoryId) }))
      .sort((x, y) => x.code.localeCompare(y.code));
  expect(shape(directories.attributes)).toEqual(shape(reference.attributes));
  expect(directories.attributes.every((a) => a.unstated === undefined)).toBe(true);
}

describe('a foreign implementation of the interface', () => {
  it('serves every directory whole through capped pages: result.rows + pagination.total_count, a category tree, ENUM/STRING/DECIMAL types, values by attribute id', async () => {
    await expectWholeDirectories({ pageCap: 7 });
  });

  it('serves every directory whole with data.items and only has_more to say where the paging stands', async () => {
    await expectWholeDirectories({ rowsAt: 'data.items', paging: 'has-more', pageCap: 9 });
  });

  it('serves every directory whole as bare capped arrays without any paging field, every id a JSON string', async () => {
    await expectWholeDirectories({ rowsAt: 'bare', pageCap: 11, idsAsStrings: true });
  });

  it('serves the category tree whole through capped pages when its total counts every node', async () => {
    await expectWholeDirectories({ categoryPageCap: 7, treeTotalCountsNodes: true });
  });

  // F1: a category tree paged by top-level nodes (13 roots, 7 a page) is refused as "short" after page 1.
  it('serves the category tree whole when its top-level nodes come in capped pages (F1)', async () => {
    await expectWholeDirectories({ categoryPageCap: 7 });
  });

  // F2: `variant_attribute` is not read as the SKU-defining flag: 409 of 567 sample rows invalid, blamed on
  // the rows, while `doctor` says "Everything the import needs was understood" (exit 0).
  it('reads `variant_attribute` as the SKU-defining flag, or says it did not understand it (F2)', async () => {
    await expectWholeDirectories({ skuFlagKey: 'variant_attribute' });
  });

  it('refuses at once, naming the directory, brands given as bare names without ids', async () => {
    const error = await fetchForeignDirectories({ brandsAsStrings: true }).then(
      () => undefined,
      (e: unknown) => e as { code?: string; message?: string },
    );
    expect(error?.code).toBe('API_SCHEMA_MISMATCH');
    expect(error?.message).toMatch(/brands/);
  });

  it('imports the sample with the same per-row outcomes as the default sandbox, every big job id exact on the wire', async () => {
    const { service, rig } = await start({ pageCap: 7 });
    const foreign = await runImport({ file: SAMPLE, mapping: MAPPING, settings: foreignSettings(service, rig) }, rig.deps());
    const sandbox = await runImport({ file: SAMPLE, mapping: MAPPING, settings: rig.settings() }, rig.deps());
    const foreignRows = await readWorkbookStatuses(requireAnnotatedPath(foreign.reportPaths));
    const sandboxRows = await readWorkbookStatuses(requireAnnotatedPath(sandbox.reportPaths));
    expect(foreignRows.size).toBeGreaterThan(100);
    expect([...foreignRows]).toEqual([...sandboxRows]);
    expect(foreign.exitCode).toBe(sandbox.exitCode);
    expect(foreign.summary.counts.byStatus).toEqual(sandbox.summary.counts.byStatus);
    expect(foreign.summary.counts.byStatus.accepted ?? 0).toBeGreaterThan(0);

    // Ids above 2^53 were read as text and sent back digit for digit.
    const issued = new Set(service.issuedJobIds);
    expect(issued.size).toBeGreaterThan(1);
    expect(foreign.summary.jobs.map((j) => j.jobId).sort()).toEqual([...issued].sort());
    expect(service.askedJobIds.every((id) => issued.has(id))).toBe(true);
    expect(service.products()).toHaveLength(foreign.summary.counts.productsByStatus?.accepted ?? -1);

    // doctor, read-only, understands all of it, the last job included.
    const importsBefore = service.requests.filter((r) => r.startsWith('POST /api/seller/v1/products/import')).length;
    const doctor = await runDoctor(service, join(rig.dir, 'foreign-state'), rig.dir);
    expect(doctor.code, doctor.stdout + doctor.stderr).toBe(0);
    expect(doctor.stdout).toMatch(new RegExp(`${createReferenceData().brands.length} record\\(s\\) in ${Math.ceil(createReferenceData().brands.length / 7)} page\\(s\\)`));
    expect(doctor.stdout).toContain(`job ${service.issuedJobIds.at(-1) ?? ''}`);
    expect(service.requests.filter((r) => r.startsWith('POST /api/seller/v1/products/import')).length).toBe(importsBefore);
  });

  it('reports the product the service rejects as rejected, with its reason, and the others accepted (exit 1)', async () => {
    const target = await readSampleProduct('PH-101');
    expect(target.barcodes.length).toBeGreaterThan(1);
    // The service rejects one product of the sample, by the barcode of its second SKU.
    const { service: strict, rig } = await start({ rejectBarcodes: [target.barcodes[1] ?? ''] });
    const rejectedRun = await runImport({ file: SMALL, mapping: MAPPING, settings: foreignSettings(strict, rig) }, rig.deps());
    expect(rejectedRun.exitCode).toBe(1);
    const rows = await readWorkbookStatuses(requireAnnotatedPath(rejectedRun.reportPaths));
    for (const row of target.rows) expect(rows.get(row), `row ${row}`).toBe('rejected');
    const others = [...rows].filter(([row]) => !target.rows.includes(row)).map(([, s]) => s);
    expect(new Set(others)).toEqual(new Set(['accepted']));
    expect(rejectedRun.summary.issues.some((i) => i.severity === 'error' && /blocked/.test(i.message) && target.rows.includes(i.row ?? -1))).toBe(true);
    expect(rejectedRun.summary.jobs.some((j) => j.status === 'COMPLETED_WITH_ERRORS')).toBe(true);
  });

  it('leaves unknown a product a DONE job lists no result for, and one still IN_PROGRESS; reconcile then learns their ids from list and details', async () => {
    const { service, rig } = await start({ dropLastResult: true, firstStillInProgress: true });
    const settings = foreignSettings(service, rig, { jobTimeoutSeconds: 5 });
    const result = await runImport({ file: SMALL, mapping: MAPPING, settings }, rig.deps());
    expect(result.exitCode).toBe(1);
    const jobs = result.summary.jobs.length;
    const products = result.summary.counts.products;
    expect(result.summary.counts.productsByStatus).toEqual({ accepted: products - 2 * jobs, unknown: 2 * jobs });
    const messages = result.summary.issues.filter((i) => i.code === 'outcome_unknown').map((i) => i.message);
    expect(messages.some((m) => /listed no result/.test(m))).toBe(true);
    expect(messages.some((m) => /still "IN_PROGRESS"/.test(m))).toBe(true);

    // The service did create them: list ({data: {items}}, 10 a page) and details (sku_barcode) say so.
    const reconcile = await runCliCaptured(['reconcile', SMALL, '--mapping', MAPPING, '--base-url', service.url, '--client-id', FOREIGN_CREDENTIALS.clientId, '--state-dir', settings.settings.stateDir], {
      cwd: rig.dir,
      env: { CATALOG_CLIENT_SECRET: FOREIGN_CREDENTIALS.clientSecret },
    });
    expect(reconcile.code, reconcile.stdout + reconcile.stderr).toBe(0);
    expect(reconcile.stdout).toContain(`Read ${products} products (${result.summary.counts.rows} SKUs) from the service.`);
    expect(reconcile.stdout).toContain(` before, ${products} now.`);
  });

  it('never reports a product of a request the service refused at once (400) as accepted, and quotes the reason', async () => {
    const target = await readSampleProduct('PH-101');
    const { service, rig } = await start({ syncRejectBarcodes: [target.barcodes[1] ?? ''] });
    // The whole sample: several requests, only the one holding PH-101 refused.
    const result = await runImport({ file: SAMPLE, mapping: MAPPING, settings: foreignSettings(service, rig) }, rig.deps());
    expect(result.exitCode).toBe(1);
    const rows = await readWorkbookStatuses(requireAnnotatedPath(result.reportPaths));
    for (const row of target.rows) expect(rows.get(row), `row ${row}`).toBe('rejected');
    expect(result.summary.counts.byStatus.accepted ?? 0).toBeGreaterThan(0);
    expect(result.summary.counts.byStatus.accepted ?? 0).toBe(service.products().reduce((n, p) => n + p.skus.length, 0));
    expect(result.summary.issues.some((i) => target.rows.includes(i.row ?? -1) && i.message.includes('belongs to another seller'))).toBe(true);
  });

  // F5: a 400 naming one product (`products[0].skus[1].barcode`) marked all 30 products of the request
  // `rejected` with that one message, none located on the cell; the 29 others were never judged.
  it('puts a refused request\'s error on the product it names, and sends the others again in the same run (F5)', async () => {
    const target = await readSampleProduct('PH-101');
    const { service, rig } = await start({ syncRejectBarcodes: [target.barcodes[1] ?? ''] });
    const result = await runImport({ file: SMALL, mapping: MAPPING, settings: foreignSettings(service, rig) }, rig.deps());
    expect(result.exitCode).toBe(1);
    const rows = await readWorkbookStatuses(requireAnnotatedPath(result.reportPaths));
    const rejected = [...rows].filter(([, s]) => s === 'rejected').map(([row]) => row);
    expect(rejected.sort((a, b) => a - b)).toEqual([...target.rows].sort((a, b) => a - b));
    const located = result.summary.issues.find((i) => i.row === target.rows[1] && /another seller/.test(i.message));
    expect(located?.header).toBe('Штрихкод');
    // Every other product went again without PH-101 and was taken: nothing of them rejected or left.
    expect(result.summary.counts.byStatus).toEqual({ accepted: result.summary.counts.rows - target.rows.length, rejected: target.rows.length });
    expect(result.summary.counts.byStatus.accepted).toBe(service.products().reduce((n, p) => n + p.skus.length, 0));
    expect(result.summary.issues.some((i) => i.code === 'request_rejected')).toBe(false);
  });

  // F6: token, import and job answers inside `{success: true, data: {...}}` are not unwrapped (the token
  // answer stops the run; an import answer leaves every row `not_sent` "interrupted" though the service
  // took all 158 products, and the report carries no reason — only stderr does).
  it('reads answers inside a {success, data} envelope; a sent request it cannot read is unknown, not not_sent (F6)', async () => {
    const { service, rig } = await start({ envelope: 'import-and-job' });
    const first = await runImport({ file: SMALL, mapping: MAPPING, settings: foreignSettings(service, rig, { stateDir: join(rig.dir, 'one') }) }, rig.deps());
    expect(first.summary.counts.byStatus).toEqual({ accepted: first.summary.counts.rows });
    const all = await start({ envelope: 'all' });
    const second = await runImport({ file: SMALL, mapping: MAPPING, settings: foreignSettings(all.service, all.rig) }, all.rig.deps());
    expect(second.summary.counts.byStatus).toEqual({ accepted: second.summary.counts.rows });
  });

  // F7: a job id that is not digits (a UUID) is called "import.jobId not found"; every row `not_sent`
  // though the service took the request.
  it('carries an opaque (UUID) job id as text, as it carries big numeric ones (F7)', async () => {
    const { service, rig } = await start({ uuidJobIds: true });
    const run = await runImport({ file: SMALL, mapping: MAPPING, settings: foreignSettings(service, rig) }, rig.deps());
    expect(run.summary.counts.byStatus).toEqual({ accepted: run.summary.counts.rows });
    expect(run.summary.jobs.map((j) => j.jobId)).toEqual(service.issuedJobIds);
  });

  it('ends a job whose final words it does not know as pending after the job time-out (asked again by the next run), never accepted', async () => {
    const { service, rig } = await start({ finalJobWord: 'PARKED_FOR_AUDIT', finalProductWord: 'PARKED' });
    const result = await runImport({ file: SMALL, mapping: MAPPING, settings: foreignSettings(service, rig, { jobTimeoutSeconds: 1 }) }, rig.deps());
    expect(result.exitCode).toBe(1);
    expect(result.summary.counts.byStatus.accepted ?? 0).toBe(0);
    expect(result.summary.counts.byStatus.pending ?? 0).toBe(result.summary.counts.rows);
    expect(service.askedJobIds.length).toBeGreaterThan(service.issuedJobIds.length * 2);
  });

  it('takes a job as finished when its own word is unknown but every product carries a known final word', async () => {
    const { service, rig } = await start({ finalJobWord: 'ARCHIVED' });
    const result = await runImport({ file: SMALL, mapping: MAPPING, settings: foreignSettings(service, rig, { jobTimeoutSeconds: 5 }) }, rig.deps());
    expect(result.exitCode).toBe(0);
    expect(result.summary.counts.byStatus).toEqual({ accepted: result.summary.counts.rows });
  });

  it('never reads a job as accepted while its products still say IN_PROGRESS under a job word it does not know', async () => {
    const { service, rig } = await start({ pendingPolls: 1000, finalJobWord: 'ARCHIVED' });
    const result = await runImport({ file: SMALL, mapping: MAPPING, settings: foreignSettings(service, rig, { jobTimeoutSeconds: 1 }) }, rig.deps());
    expect(result.summary.counts.byStatus.accepted ?? 0).toBe(0);
    expect(result.exitCode).toBe(1);
  });

  it('stops following at once, with a shape error naming what it looked for, a finished job whose status answer holds no per-product list (pending: the job is asked again once the settings read it)', async () => {
    const { service, rig } = await start({ omitProductList: true });
    const result = await runImport({ file: SMALL, mapping: MAPPING, settings: foreignSettings(service, rig, { jobTimeoutSeconds: 60 }) }, rig.deps());
    expect(result.exitCode).not.toBe(0);
    expect(result.summary.counts.byStatus.accepted ?? 0).toBe(0);
    expect(result.summary.counts.byStatus.pending ?? 0).toBe(result.summary.counts.rows);
    const messages = result.summary.issues.filter((i) => i.code === 'job_pending').map((i) => i.message);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.every((m) => /no per-product results/.test(m) && /job_id, state, updated_at/.test(m))).toBe(true);
    // Not followed until the 60 s time-out: three polls a job (QUEUED, PROCESSING, DONE without a list).
    expect(service.askedJobIds.length).toBeLessThanOrEqual(service.issuedJobIds.length * 3);
  });

  // F3: the shape error is reported as a time-out ("did not finish within 60 s (...)", job status "timeout").
  it('does not call a malformed status answer a time-out (F3)', async () => {
    const { service, rig } = await start({ omitProductList: true });
    const result = await runImport({ file: SAMPLE, mapping: MAPPING, settings: foreignSettings(service, rig, { jobTimeoutSeconds: 60 }) }, rig.deps());
    expect(result.summary.jobs.every((j) => j.status !== 'timeout')).toBe(true);
    expect(result.summary.issues.some((i) => i.stage === 'job' && /did not finish within/.test(i.message))).toBe(false);
  });

  // F4: results without a position, in another order, are matched by position: every product unknown, and
  // the rejection of PH-101 reported on CS-112, a product the service accepted.
  it('matches per-product results by their ids and barcodes when they carry no position and come in another order (F4)', async () => {
    const target = await readSampleProduct('PH-101');
    const { service, rig } = await start({ shuffleResults: true, rejectBarcodes: [target.barcodes[1] ?? ''] });
    const result = await runImport({ file: SAMPLE, mapping: MAPPING, settings: foreignSettings(service, rig) }, rig.deps());
    const rows = await readWorkbookStatuses(requireAnnotatedPath(result.reportPaths));
    for (const row of target.rows) expect(rows.get(row), `row ${row}`).toBe('rejected');
    expect(new Set([...rows].filter(([row]) => !target.rows.includes(row)).map(([, s]) => s))).toEqual(new Set(['accepted']));
  });

  it('through the CLI: a rejected product (errors as a map) exits 1 and is named; the job is followed at its relative info_url', async () => {
    const target = await readSampleProduct('PH-101');
    // Errors as a map by field, and the job followed at the service's own relative info_url.
    const service = await startForeignService({ skuFlagKey: READABLE_SKU_FLAG, rejectBarcodes: [target.barcodes[0] ?? ''], pendingPolls: 1, errorsAsMap: true, infoUrl: 'relative-own-path' });
    const dir = await mkdtemp(join(tmpdir(), 'catalog-import-foreign-cli-'));
    open.push(service, { close: () => rm(dir, { recursive: true, force: true }) });
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ pollIntervalMs: 20 }));
    const run = await runCliCaptured(['import', SMALL, '--mapping', MAPPING, '--base-url', service.url, '--state-dir', join(dir, 'state'), '--config', join(dir, 'settings.json'), '--json'], {
      cwd: dir,
      env: { CATALOG_CLIENT_ID: FOREIGN_CREDENTIALS.clientId, CATALOG_CLIENT_SECRET: FOREIGN_CREDENTIALS.clientSecret },
    });
    expect(run.stderr).not.toContain('    at ');
    expect(run.code).toBe(1);
    const result = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; exitCode?: number })
      .find((line) => line.type === 'result');
    expect(result?.exitCode).toBe(1);
    expect(run.stdout).toContain('BARCODE_BLOCKED');
    expect(service.requests.some((r) => r.startsWith('GET /api/seller/v1/import-jobs/'))).toBe(true);
    expect(service.requests.some((r) => r.includes('products/import/info'))).toBe(false);
  });
});
