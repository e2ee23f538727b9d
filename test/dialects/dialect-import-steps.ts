/**
 * The five steps every dialect is judged on, as functions of a rig: the directories read whole,
 * the README's sample imported, imported again without creating anything, an update the service
 * rejects reported as rejected, and the sample without barcodes where the service makes them
 * optional. The structural dialects' block (`import-in-structural-dialects.test.ts`) runs them;
 * `import-in-every-dialect.test.ts` still spells the same steps out inline.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { parse as parseYaml, stringify } from 'yaml';
import { createCatalogClient } from '../../src/api/create-catalog-client.js';
import { runImport } from '../../src/pipeline/run-import.js';
import type { Attribute } from '../../src/domain/index.js';
import { requireAnnotatedPath } from '../helpers/require-annotated-path.js';
import { readRowStatuses, writeRepricedCopy } from './dialect-kit.js';
import type { DialectRig } from './dialect-kit.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The README's sample catalog. */
export const SAMPLE = join(ROOT, 'samples', 'catalog.csv');
/** The README's mapping of the sample. */
export const MAPPING = join(ROOT, 'mappings', 'sample.yaml');

/**
 * Whether the wire says per category where an attribute is required (`per-category`); once per
 * attribute where that is the same in all its categories, per category elsewhere (`uniform`, the
 * documented dialect: the flags are right, but a client cannot tell them from the next kind); or
 * only that it is somewhere among its categories (`per-attribute`, the attribute-scope dialect):
 * then only the links are compared, not the per-category flag the wire cannot give.
 */
export type RequirementScope = 'per-category' | 'uniform' | 'per-attribute';

/** Attributes as compared across dialects: what the model says, categories in id order. */
const shapeAttributes = (list: readonly Attribute[], scope: RequirementScope) =>
  list
    .map((a) => {
      const links = [...a.categories].sort((x, y) => x.categoryId - y.categoryId).map((link) => ({ categoryId: link.categoryId, isRequired: link.isRequired }));
      return { code: a.code, type: a.type, isSkuDefining: a.isSkuDefining, isMultiple: a.isMultiple, categories: scope === 'per-attribute' ? links.map((link) => link.categoryId) : links };
    })
    .sort((x, y) => x.code.localeCompare(y.code));

/** Step 1: the client reads every directory whole into the same model as the reference data. */
export async function expectDirectoriesWhole(rig: DialectRig, scope: RequirementScope = 'per-category'): Promise<void> {
  const credential = rig.sandbox.credentials[0];
  const client = createCatalogClient({ baseUrl: rig.sandbox.url, credentials: { clientId: credential?.clientId ?? '', clientSecret: credential?.clientSecret ?? '' } }, rig.deps());
  const directories = await client.fetchDirectories();
  const reference = rig.sandbox.reference;
  const leaves = reference.categories.filter((c) => c.isLeaf);
  const readLeaves = directories.categories.filter((c) => c.isLeaf);
  expect(readLeaves.map((c) => c.id).sort()).toEqual(leaves.map((c) => c.id).sort());
  expect(new Set(readLeaves.map((c) => c.path?.rus))).toEqual(new Set(leaves.map((c) => c.path?.rus)));
  expect(new Set(readLeaves.map((c) => c.name.kaz))).toEqual(new Set(leaves.map((c) => c.name.kaz)));
  expect(directories.brands).toHaveLength(reference.brands.length);
  expect(directories.values.map((v) => `${v.attributeCode}:${v.code}`).sort()).toEqual(reference.values.map((v) => `${v.attributeCode}:${v.code}`).sort());
  expect(shapeAttributes(directories.attributes, scope)).toEqual(shapeAttributes(reference.attributes, scope));
  // Stated once per attribute over several categories, a requirement is marked as of unclear scope
  // (a warning, never a false error); stated per category, never.
  const unclear = directories.attributes.filter((a) => a.categories.some((link) => link.requirementScope === 'unclear')).map((a) => a.code).sort();
  const stateOnce = (a: Attribute) => a.categories.length > 1 && (scope === 'uniform' ? a.categories.every((link) => link.isRequired) : scope === 'per-attribute' && a.categories.some((link) => link.isRequired));
  const expectedUnclear = reference.attributes.filter(stateOnce).map((a) => a.code).sort();
  expect(unclear).toEqual(expectedUnclear);
}

/**
 * Steps 2 and 3: the sample imports with no unknown outcome, and again without creating anything;
 * the per-row statuses of the first run. `checkJobIds` sees the first run's job ids as the client carried them.
 */
export async function expectSampleImportedTwice(rig: DialectRig, checkJobIds?: (jobIds: readonly string[]) => void): Promise<Map<number, string>> {
  const first = await runImport({ file: SAMPLE, mapping: MAPPING, settings: rig.settings() }, rig.deps());
  checkJobIds?.(first.summary.jobs.map((job) => job.jobId));
  const statuses = await readRowStatuses(requireAnnotatedPath(first.reportPaths));
  expect(first.summary.counts.byStatus.accepted ?? 0).toBeGreaterThan(0);
  expect(first.summary.counts.byStatus.unknown ?? 0).toBe(0);
  const created = rig.sandbox.products('sandbox-seller').length;
  // Every row reported accepted is a product the service holds, and no more.
  expect([...statuses.values()].filter((s) => s === 'accepted').length).toBeGreaterThanOrEqual(created);

  const second = await runImport({ file: SAMPLE, mapping: MAPPING, settings: rig.settings() }, rig.deps());
  expect(second.exitCode).toBe(first.exitCode);
  expect(rig.sandbox.products('sandbox-seller')).toHaveLength(created);
  expect(second.summary.counts.byStatus.unknown ?? 0).toBe(0);
  return statuses;
}

/** Step 4: the service drops a brand the cached directory still lists; the updates of its products are reported rejected, the rest accepted. */
export async function expectRejectedUpdateReported(rig: DialectRig): Promise<void> {
  const brandId = rig.sandbox.products('sandbox-seller')[0]?.brandId;
  rig.sandbox.mutateReference((data) => {
    data.brands = data.brands.filter((b) => b.id !== brandId);
  });
  const repriced = join(rig.dir, 'catalog-repriced.csv');
  await writeRepricedCopy(SAMPLE, repriced);
  const third = await runImport({ file: repriced, mapping: MAPPING, settings: rig.settings() }, rig.deps());
  expect(third.exitCode).toBe(1);
  const after = [...(await readRowStatuses(requireAnnotatedPath(third.reportPaths))).values()];
  expect(rig.sandbox.products('sandbox-seller').filter((p) => p.brandId === brandId).length).toBeGreaterThan(0);
  expect(after.filter((s) => s === 'rejected').length).toBeGreaterThan(0);
  expect(after.filter((s) => s === 'accepted').length).toBeGreaterThan(0);
  expect(third.summary.counts.byStatus.unknown ?? 0).toBe(0);
  expect(third.summary.issues.some((i) => i.stage === 'job' && i.severity === 'error' && /brand/i.test(i.message))).toBe(true);
}

/** Step 5 (on a rig whose service makes the barcode optional): SKUs go without one, match their results, and nothing is created the second time. */
export async function expectBarcodeOptionalImport(rig: DialectRig): Promise<void> {
  const mapping = parseYaml(await readFile(MAPPING, 'utf8')) as { columns: Record<string, unknown> };
  delete mapping.columns['barcode'];
  const mappingPath = join(rig.dir, 'no-barcode.yaml');
  await writeFile(mappingPath, stringify(mapping));
  const settings = () => rig.settings({ service: { requiredFields: [] } });
  const first = await runImport({ file: SAMPLE, mapping: mappingPath, settings: settings() }, rig.deps());
  expect(first.summary.counts.byStatus.accepted ?? 0).toBeGreaterThan(0);
  expect(Object.keys(first.summary.counts.byStatus).filter((status) => !['accepted', 'invalid', 'not_sent'].includes(status))).toEqual([]);
  const products = rig.sandbox.products('sandbox-seller');
  expect(products.length).toBeGreaterThan(0);
  expect(products.every((product) => product.skus.every((sku) => !sku.barcode))).toBe(true);

  const second = await runImport({ file: SAMPLE, mapping: mappingPath, settings: settings() }, rig.deps());
  expect(second.summary.counts.byStatus.unknown ?? 0).toBe(0);
  expect(second.summary.counts.byStatus.rejected ?? 0).toBe(0);
  expect(rig.sandbox.products('sandbox-seller')).toHaveLength(products.length);
}
