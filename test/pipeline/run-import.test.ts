import { readdir, readFile, writeFile } from 'node:fs/promises';
import { openStateStore } from '../../src/state/index.js';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeDeps } from '../../src/core/deps.js';
import type { Deps } from '../../src/core/deps.js';
import type { PipelineEvent } from '../../src/core/events.js';
import { runImport } from '../../src/pipeline/run-import.js';
import { runValidate } from '../../src/pipeline/run-validate.js';
import type { RunSummary } from '../../src/report/report-types.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { SandboxHandle } from '../../src/sandbox/start-sandbox.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';
import { buildPhoneRows, createPhoneCatalog, PHONE_MAPPING } from '../helpers/smartphone-catalog.js';
import { parse as parseYaml } from 'yaml';
import { createCatalogClient } from '../../src/api/create-catalog-client.js';
import type { ProductDraft } from '../../src/core/types.js';
import { mappingSchema } from '../../src/mapping/mapping-schema.js';
import { createCodeLookups } from '../../src/plan/build-held-item.js';
import { verifyProducts } from '../../src/pipeline/import/report-product-outcomes.js';
import { requireAnnotatedPath } from '../helpers/require-annotated-path.js';

let sandbox: SandboxHandle;
let catalog: Awaited<ReturnType<typeof createPhoneCatalog>>;

beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, jobDelayMs: 20 });
});
afterEach(async () => {
  await sandbox.close();
  await catalog?.remove();
});

function settingsFor(extra: Record<string, unknown> = {}) {
  const credential = sandbox.credentials[0];
  return resolveSettings({
    flags: {
      baseUrl: sandbox.url,
      clientId: credential?.clientId,
      clientSecret: credential?.clientSecret,
      stateDir: join(catalog.dir, 'state'),
      pollIntervalMs: 20,
      jobTimeoutSeconds: 10,
      timeoutMs: 3000,
      retryLimit: 3,
      ...extra,
    },
  });
}

function depsFor(events: PipelineEvent[] = [], signal?: AbortSignal): Deps {
  return createNodeDeps({
    cwd: catalog.dir,
    env: {},
    onEvent: (event) => events.push(event),
    // Retry waits of the client are kept short; job polling uses its own small interval.
    sleep: (ms, s) => new Promise((resolve, reject) => {
      const timer = setTimeout(resolve, Math.min(ms, 50));
      s?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(s.reason);
      }, { once: true });
    }),
    ...(signal ? { signal } : {}),
  });
}

function byBarcode(): Map<string, { productId: number; price: number; name: string }> {
  const out = new Map<string, { productId: number; price: number; name: string }>();
  for (const product of sandbox.products('sandbox-seller')) {
    for (const sku of product.skus) {
      expect(out.has(sku.barcode), `barcode ${sku.barcode} appears twice`).toBe(false);
      out.set(sku.barcode, { productId: product.productId, price: sku.price, name: product.name.rus });
    }
  }
  return out;
}

async function readSummary(reportDir: string): Promise<RunSummary> {
  return JSON.parse(await readFile(join(reportDir, 'summary.json'), 'utf8')) as RunSummary;
}

describe('runImport against the sandbox', () => {
  it('imports every row, and a second run of the same keys updates instead of creating', async () => {
    const rows = buildPhoneRows(40);
    catalog = await createPhoneCatalog(rows);
    const first = await runImport({ file: catalog.file, mapping: catalog.mapping, settings: settingsFor() }, depsFor());
    expect(first.exitCode).toBe(0);
    expect(first.summary.counts.byStatus).toEqual({ accepted: 80 });
    expect(sandbox.products('sandbox-seller')).toHaveLength(40);
    const summary = await readSummary(first.reportDir);
    expect(summary.counts.rows).toBe(80);
    expect(summary.jobs).toHaveLength(2);

    // Next week: new prices and names for the same keys.
    await catalog.write(buildPhoneRows(40, { priceOf: (p) => `${500 + p},50`, nameOf: (p) => `Смартфон Model ${p} (2026)` }));
    const second = await runImport({ file: catalog.file, mapping: catalog.mapping, settings: settingsFor() }, depsFor());
    expect(second.exitCode).toBe(0);
    const live = byBarcode();
    expect(sandbox.products('sandbox-seller')).toHaveLength(40);
    expect(live.size).toBe(80);
    expect(live.get(rows[0]?.barcode ?? '')).toMatchObject({ price: 500.5, name: 'Смартфон Model 0 (2026)' });
  });

  it("the mapping's batchSize cuts the requests unless a setting gives one (it was parsed, checked and never read)", async () => {
    catalog = await createPhoneCatalog(buildPhoneRows(40));
    await writeFile(catalog.mapping, `${await readFile(catalog.mapping, 'utf8')}\nbatchSize: 10\n`);
    const byMapping = await runImport({ file: catalog.file, mapping: catalog.mapping, settings: settingsFor() }, depsFor());
    expect(byMapping.exitCode).toBe(0);
    expect((await readSummary(byMapping.reportDir)).jobs).toHaveLength(4);
    await catalog.write(buildPhoneRows(40, { priceOf: (p) => `${700 + p},00` }));
    const byFlag = await runImport({ file: catalog.file, mapping: catalog.mapping, settings: settingsFor({ batchSize: 20 }) }, depsFor());
    expect(byFlag.exitCode).toBe(0);
    expect((await readSummary(byFlag.reportDir)).jobs).toHaveLength(2);
  });

  it('sends only valid products, reports invalid rows, and --strict sends nothing', async () => {
    const rows = buildPhoneRows(5);
    if (rows[2]) rows[2].price = '-1';
    catalog = await createPhoneCatalog(rows);
    const strict = await runImport({ file: catalog.file, mapping: catalog.mapping, settings: settingsFor({ strict: true }) }, depsFor());
    expect(strict.exitCode).toBe(1);
    expect(sandbox.stats().importRequests).toBe(0);
    expect(strict.summary.issues.some((i) => i.code === 'import_blocked')).toBe(true);

    const loose = await runImport({ file: catalog.file, mapping: catalog.mapping, settings: settingsFor() }, depsFor());
    expect(loose.exitCode).toBe(1);
    // Product 1 (rows 4 and 5) is blocked by its bad row; the other four go.
    expect(sandbox.products('sandbox-seller')).toHaveLength(4);
    expect(loose.summary.counts.byStatus).toMatchObject({ accepted: 8, invalid: 1, not_sent: 1 });
  });

  it('settles a request whose answer was lost: the re-run updates what exists and creates nothing twice', async () => {
    const rows = buildPhoneRows(45);
    catalog = await createPhoneCatalog(rows);
    // The service queues the second request, then the connection drops before the answer.
    sandbox.setFaults({ script: [{ path: '/api/seller/v1/products/import', method: 'POST', times: 1, action: { dropAfterHandling: true } }] });
    const first = await runImport({ file: catalog.file, mapping: catalog.mapping, settings: settingsFor({ concurrency: 1 }), settleAfterMs: 100 }, depsFor());
    expect(first.exitCode).toBe(1);
    expect(first.summary.counts.byStatus.unknown).toBeGreaterThan(0);
    expect(first.summary.counts.byStatus.not_sent ?? 0).toBe(0);
    await sandbox.settleJobs();
    const countAfterFirst = sandbox.products('sandbox-seller').length;
    expect(countAfterFirst).toBe(45); // the lost request was processed by the service anyway

    const events: PipelineEvent[] = [];
    const second = await runImport({ file: catalog.file, mapping: catalog.mapping, settings: settingsFor({ concurrency: 1 }), settleAfterMs: 100 }, depsFor(events));
    expect(second.runId).toBe(first.runId); // the unfinished run is resumed
    expect(second.exitCode).toBe(0);
    expect(events.some((e) => e.type === 'stage:start' && e.stage === 'settle')).toBe(true);
    expect(sandbox.products('sandbox-seller')).toHaveLength(45);
    expect(byBarcode().size).toBe(90);
    // The lost request's 30 products were found on the service with this content: reported
    // accepted (that request did its work), and not sent again.
    expect(second.summary.counts.byStatus).toEqual({ accepted: 90 });
    expect(sandbox.stats().importedProducts).toBe(45);
  });

  it('an interrupted run is finished by running the same command again', async () => {
    const rows = buildPhoneRows(90);
    catalog = await createPhoneCatalog(rows);
    const controller = new AbortController();
    const events: PipelineEvent[] = [];
    const deps = depsFor(events, controller.signal);
    const onEvent = deps.onEvent;
    deps.onEvent = (event) => {
      onEvent(event);
      if (event.type === 'submit:accepted') controller.abort(new Error('SIGINT'));
    };
    const first = await runImport({ file: catalog.file, mapping: catalog.mapping, settings: settingsFor({ concurrency: 1 }), settleAfterMs: 50 }, deps);
    expect(first.exitCode).toBe(130);
    expect(sandbox.products('sandbox-seller').length).toBeLessThan(90);

    const second = await runImport({ file: catalog.file, mapping: catalog.mapping, settings: settingsFor(), settleAfterMs: 50 }, depsFor());
    expect(second.runId).toBe(first.runId);
    expect(second.exitCode).toBe(0);
    expect(sandbox.products('sandbox-seller')).toHaveLength(90);
    expect(byBarcode().size).toBe(180);
  });

  it('--changed-only sends only the products that changed since their last accepted import', async () => {
    catalog = await createPhoneCatalog(buildPhoneRows(30));
    await runImport({ file: catalog.file, mapping: catalog.mapping, settings: settingsFor() }, depsFor());
    sandbox.resetStats();
    await catalog.write(buildPhoneRows(30, { priceOf: (p, s) => (p === 3 && s === 1 ? '1 234,00' : `${100 + p} 990,00`) }));
    const result = await runImport({ file: catalog.file, mapping: catalog.mapping, settings: settingsFor({ changedOnly: true }) }, depsFor());
    expect(result.exitCode).toBe(0);
    expect(sandbox.stats().importedProducts).toBe(1);
    expect(result.summary.counts.byStatus).toEqual({ accepted: 2, unchanged: 58 });
  });

  it('validate sends nothing and reports the same problems', async () => {
    const rows = buildPhoneRows(3);
    if (rows[0]) rows[0].barcode = '4609900000001';
    catalog = await createPhoneCatalog(rows);
    const result = await runValidate({ file: catalog.file, mapping: catalog.mapping, settings: settingsFor() }, depsFor());
    expect(result.exitCode).toBe(1);
    expect(sandbox.stats().importRequests).toBe(0);
    const issue = result.summary.issues.find((i) => i.row === 2 && i.column === 'B');
    expect(issue?.code).toMatch(/barcode/);
  });

  it('a clean dry run writes no annotated copy unless asked; one with a problem row always does', async () => {
    catalog = await createPhoneCatalog(buildPhoneRows(3));
    const clean = await runValidate({ file: catalog.file, mapping: catalog.mapping, settings: settingsFor() }, depsFor());
    expect(clean.exitCode).toBe(0);
    expect(clean.summary.counts.issuesBySeverity).toEqual({ error: 0, warning: 0 });
    expect(clean.reportPaths.annotated).toBeNull();
    expect(await readdir(clean.reportDir)).not.toContain('annotated.csv');
    // The dry run spooled its products in a scratch file beside the state database, and removed it.
    expect((await readdir(join(catalog.dir, 'state'))).filter((name) => name.startsWith('dry-run-spool'))).toEqual([]);
    const rejectedLines = (await readFile(clean.reportPaths.rejectedRows, 'utf8')).trim().split('\n');
    expect(rejectedLines).toHaveLength(1);
    expect(rejectedLines[0]).toContain('issue_code');

    const asked = await runValidate({ file: catalog.file, mapping: catalog.mapping, settings: settingsFor({ annotatedCopy: 'always' }) }, depsFor());
    expect(asked.reportPaths.annotated).toBe(join(asked.reportDir, 'annotated.csv'));
    expect((await readFile(requireAnnotatedPath(asked.reportPaths), 'utf8')).trim().split('\n')).toHaveLength(1 + asked.summary.counts.rows);

    const rows = buildPhoneRows(3);
    if (rows[1]) rows[1].barcode = '4609900000001';
    await catalog.write(rows);
    const faulty = await runValidate({ file: catalog.file, mapping: catalog.mapping, settings: settingsFor() }, depsFor());
    expect(faulty.exitCode).toBe(1);
    expect(await readFile(requireAnnotatedPath(faulty.reportPaths), 'utf8')).toMatch(/invalid/);
  });

  it('an import always writes the annotated copy: it carries the service ids', async () => {
    catalog = await createPhoneCatalog(buildPhoneRows(2));
    const result = await runImport({ file: catalog.file, mapping: catalog.mapping, settings: settingsFor() }, depsFor());
    expect(result.exitCode).toBe(0);
    expect(await readFile(requireAnnotatedPath(result.reportPaths), 'utf8')).toMatch(/accepted/);
  });
});

describe('--verify', () => {
  it('reads the products back: nothing to report after a clean import, and a differing price is named at its row', async () => {
    catalog = await createPhoneCatalog(buildPhoneRows(3));
    const clean = await runImport({ file: catalog.file, mapping: catalog.mapping, settings: settingsFor({ verify: true }) }, depsFor());
    expect(clean.exitCode).toBe(0);
    expect(clean.summary.issues.filter((i) => i.code === 'verify_mismatch')).toEqual([]);

    // What if the service had kept another price: build the sent draft of product 0 with a price the service does not hold.
    const credential = sandbox.credentials[0];
    const client = createCatalogClient(
      { baseUrl: sandbox.url, credentials: { clientId: credential?.clientId ?? '', clientSecret: credential?.clientSecret ?? '' } },
      depsFor(),
    );
    const live = sandbox.products('sandbox-seller').find((p) => p.skus.some((s) => s.barcode === buildPhoneRows(1)[0]?.barcode));
    expect(live).toBeDefined();
    const directories = await client.fetchDirectories();
    const draft: ProductDraft = {
      productKey: 'SM-0000',
      rows: [{ file: 'catalog.csv', row: 2 }, { file: 'catalog.csv', row: 3 }],
      skuKeys: live?.skus.map((s) => s.barcode) ?? [],
      skuRows: [{ file: 'catalog.csv', row: 2 }, { file: 'catalog.csv', row: 3 }],
      item: {
        shopId: live?.shopId ?? 0,
        productId: live?.productId ?? null,
        categoryId: live?.categoryId ?? 0,
        brandId: live?.brandId ?? 0,
        isLocalMade: live?.isLocalMade ?? false,
        name: live?.name ?? { rus: '', kaz: '' },
        description: live?.description ?? { rus: '', kaz: '' },
        vat: live?.vat ?? 0,
        attributes: live?.attributes ?? [],
        skus: (live?.skus ?? []).map((s, i) => ({ ...s, price: i === 1 ? s.price + 1 : s.price })),
      },
    };
    const mapping = mappingSchema.parse(parseYaml(PHONE_MAPPING));
    const issues = await verifyProducts(client, [draft], { mapping, lookups: createCodeLookups(directories) });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ code: 'verify_mismatch', row: 3 });
    expect(issues[0]?.message).toContain('price');
  });
});

describe('a run stopped by an unreadable file', () => {
  it('is recorded as failed, not left running', async () => {
    catalog = await createPhoneCatalog(buildPhoneRows(1));
    const bad = join(catalog.dir, 'broken.xlsx');
    await writeFile(bad, 'PK\u0003\u0004 not really a workbook');
    await expect(runImport({ file: bad, mapping: catalog.mapping, settings: settingsFor() }, depsFor())).rejects.toMatchObject({ code: 'SOURCE_UNREADABLE' });
    const store = openStateStore({ dir: join(catalog.dir, 'state'), account: { baseUrl: sandbox.url, clientId: 'sandbox-seller' }, now: () => new Date() });
    try {
      expect(store.listRuns().map((r) => r.status)).toEqual(['failed']);
    } finally {
      store.close();
    }
  });
});
