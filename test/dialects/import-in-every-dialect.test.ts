import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify } from 'yaml';
import { createCatalogClient } from '../../src/api/create-catalog-client.js';
import { runImport } from '../../src/pipeline/run-import.js';
import { SANDBOX_DIALECT_NAMES } from '../../src/sandbox/dialects/index.js';
import type { SandboxDialectName } from '../../src/sandbox/dialects/index.js';
import { requireAnnotatedPath } from '../helpers/require-annotated-path.js';
import { readRowStatuses, startDialectRig, writeRepricedCopy } from './dialect-kit.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SAMPLE = join(ROOT, 'samples', 'catalog.csv');
const MAPPING = join(ROOT, 'mappings', 'sample.yaml');

const outcomes = new Map<SandboxDialectName, Map<number, string>>();

describe.each(SANDBOX_DIALECT_NAMES)('the %s dialect', (dialect) => {
  it('serves every directory whole, read by meaning into the same model (capped pages, trees and bare arrays included)', async () => {
    const rig = await startDialectRig(dialect);
    try {
      const credential = rig.sandbox.credentials[0];
      const client = createCatalogClient({ baseUrl: rig.sandbox.url, credentials: { clientId: credential?.clientId ?? '', clientSecret: credential?.clientSecret ?? '' } }, rig.deps());
      const directories = await client.fetchDirectories();
      const reference = rig.sandbox.reference;
      const leaves = reference.categories.filter((c) => c.isLeaf);
      expect(directories.categories.filter((c) => c.isLeaf).map((c) => c.id).sort()).toEqual(leaves.map((c) => c.id).sort());
      expect(new Set(directories.categories.filter((c) => c.isLeaf).map((c) => c.path?.rus))).toEqual(new Set(leaves.map((c) => c.path?.rus)));
      expect(directories.brands).toHaveLength(reference.brands.length);
      expect(directories.values.map((v) => `${v.attributeCode}:${v.code}`).sort()).toEqual(reference.values.map((v) => `${v.attributeCode}:${v.code}`).sort());
      const shape = (list: typeof reference.attributes) =>
        list.map((a) => ({ code: a.code, type: a.type, isSkuDefining: a.isSkuDefining, isMultiple: a.isMultiple, categories: [...a.categories].sort((x, y) => x.categoryId - y.categoryId) })).sort((x, y) => x.code.localeCompare(y.code));
      expect(shape(directories.attributes)).toEqual(shape(reference.attributes));
      expect(directories.attributes.every((a) => a.unstated === undefined)).toBe(true);
    } finally {
      await rig.close();
    }
  });

  it("imports the README's sample, imports it again without creating anything, and reports an update the service rejects as rejected", async () => {
    const rig = await startDialectRig(dialect);
    try {
      const first = await runImport({ file: SAMPLE, mapping: MAPPING, settings: rig.settings() }, rig.deps());
      const statuses = await readRowStatuses(requireAnnotatedPath(first.reportPaths));
      outcomes.set(dialect, statuses);
      expect(first.summary.counts.byStatus.accepted ?? 0).toBeGreaterThan(0);
      expect(first.summary.counts.byStatus.unknown ?? 0).toBe(0);
      if (dialect === 'tree') expect(first.summary.jobs.every((job) => BigInt(job.jobId) > BigInt(Number.MAX_SAFE_INTEGER))).toBe(true);
      const created = rig.sandbox.products('sandbox-seller').length;

      const second = await runImport({ file: SAMPLE, mapping: MAPPING, settings: rig.settings() }, rig.deps());
      expect(second.exitCode).toBe(first.exitCode);
      expect(rig.sandbox.products('sandbox-seller')).toHaveLength(created);
      expect(second.summary.counts.byStatus.unknown ?? 0).toBe(0);

      // The service drops a brand the cached directory still lists: its products' updates are rejected.
      const product = rig.sandbox.products('sandbox-seller')[0];
      const brandId = product?.brandId;
      rig.sandbox.mutateReference((data) => {
        data.brands = data.brands.filter((b) => b.id !== brandId);
      });
      const repriced = join(rig.dir, 'catalog-repriced.csv');
      await writeRepricedCopy(SAMPLE, repriced);
      const third = await runImport({ file: repriced, mapping: MAPPING, settings: rig.settings() }, rig.deps());
      expect(third.exitCode).toBe(1);
      const after = await readRowStatuses(requireAnnotatedPath(third.reportPaths));
      const affected = rig.sandbox.products('sandbox-seller').filter((p) => p.brandId === brandId).length;
      expect(affected).toBeGreaterThan(0);
      expect([...after.values()].filter((s) => s === 'rejected').length).toBeGreaterThan(0);
      expect([...after.values()].filter((s) => s === 'accepted').length).toBeGreaterThan(0);
      expect(third.summary.counts.byStatus.unknown ?? 0).toBe(0);
      expect(third.summary.issues.some((i) => i.stage === 'job' && i.severity === 'error' && /brand/i.test(i.message))).toBe(true);
    } finally {
      await rig.close();
    }
  });
});

describe.each(SANDBOX_DIALECT_NAMES)('the %s dialect, barcode optional', (dialect) => {
  it('imports SKUs sent with no barcode, matches their job results without one, and creates nothing the second time', async () => {
    const rig = await startDialectRig(dialect, { requiredFields: [] });
    try {
      // The README's mapping without its barcode column, against a service whose profile makes it optional.
      const mapping = parseYaml(await readFile(MAPPING, 'utf8')) as { columns: Record<string, unknown> };
      delete mapping.columns['barcode'];
      const mappingPath = join(rig.dir, 'no-barcode.yaml');
      await writeFile(mappingPath, stringify(mapping));
      const settings = () => rig.settings({ service: { requiredFields: [] } });
      const first = await runImport({ file: SAMPLE, mapping: mappingPath, settings: settings() }, rig.deps());
      expect(first.summary.counts.byStatus.accepted ?? 0).toBeGreaterThan(0);
      expect(Object.keys(first.summary.counts.byStatus).filter((status) => status !== 'accepted' && status !== 'invalid' && status !== 'not_sent')).toEqual([]);
      const products = rig.sandbox.products('sandbox-seller');
      expect(products.length).toBeGreaterThan(0);
      // The sandbox refuses `barcode: ""` here: acceptance proves the key was left out.
      expect(products.every((product) => product.skus.every((sku) => !sku.barcode))).toBe(true);

      const second = await runImport({ file: SAMPLE, mapping: mappingPath, settings: settings() }, rig.deps());
      expect(second.summary.counts.byStatus.unknown ?? 0).toBe(0);
      expect(second.summary.counts.byStatus.rejected ?? 0).toBe(0);
      expect(rig.sandbox.products('sandbox-seller')).toHaveLength(products.length);
    } finally {
      await rig.close();
    }
  });
});

afterAll(() => {
  // The sample gives the same per-row outcome in every dialect.
  const reference = outcomes.get('interface');
  if (reference === undefined) return;
  for (const dialect of SANDBOX_DIALECT_NAMES) {
    const seen = outcomes.get(dialect);
    if (seen !== undefined) expect([...seen], `per-row outcomes in the ${dialect} dialect`).toEqual([...reference]);
  }
});
