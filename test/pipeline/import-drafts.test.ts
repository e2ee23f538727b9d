/**
 * `importDrafts`: drafts a caller built go through the import's journal. A call stopped after its
 * first request was accepted ends `interrupted` and is continued by the next call with the same
 * drafts (the same run, nothing created twice); a third call sends nothing; a changed draft is
 * sent as an update.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogClient } from '../../src/api/create-catalog-client.js';
import { createNodeDeps } from '../../src/core/deps.js';
import type { Deps } from '../../src/core/deps.js';
import type { ProductDraft } from '../../src/core/types.js';
import { buildReadOptions } from '../../src/mapping/build-read-options.js';
import { loadMapping } from '../../src/mapping/load-mapping.js';
import type { Mapping } from '../../src/mapping/mapping-schema.js';
import { importDrafts } from '../../src/pipeline/import/import-drafts.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';
import { openSource } from '../../src/sources/open-source.js';
import { createMemoryProductSink } from '../../src/stages/product-sink.js';
import { mapAndAssemble } from '../../src/stages/run-dry-stages.js';

const ROOT = join(import.meta.dirname, '..', '..');
let sandbox: SandboxHandle;
let dir: string;
let mapping: Mapping;
let drafts: ProductDraft[];

function settingsFor(): ReturnType<typeof resolveSettings> {
  const seller = sandbox.credentials[0];
  return resolveSettings({ flags: { baseUrl: sandbox.url, clientId: seller?.clientId, clientSecret: seller?.clientSecret, stateDir: join(dir, 'state'), pollIntervalMs: 20, batchSize: 2, concurrency: 1 } });
}

function depsFor(overrides: Partial<Deps> = {}): Deps {
  return createNodeDeps({ cwd: dir, env: {}, ...overrides });
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, jobDelayMs: 20 });
  dir = await mkdtemp(join(tmpdir(), 'catalog-import-drafts-'));
  const deps = depsFor();
  mapping = await loadMapping(join(ROOT, 'mappings', 'sample.yaml'), deps);
  const seller = sandbox.credentials[0];
  if (!seller) throw new Error('no seller');
  const directories = await createCatalogClient({ baseUrl: sandbox.url, credentials: seller }, deps).fetchDirectories();
  const source = await openSource(join(ROOT, 'samples', 'catalog.csv'), buildReadOptions(mapping), deps);
  const sink = createMemoryProductSink();
  await mapAndAssemble(source.rows, { mapping, directories, info: source.info, sink });
  drafts = sink.entries().flatMap((entry) => (entry.draft ? [entry.draft] : []));
});

afterAll(async () => {
  await sandbox?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Products of the seller on the sandbox, per barcode. */
function countByBarcode(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const product of sandbox.products('sandbox-seller')) for (const sku of product.skus) counts.set(sku.barcode, (counts.get(sku.barcode) ?? 0) + 1);
  return counts;
}

describe('importDrafts', () => {
  it('a call stopped after its first accepted request is continued by the next one: the same run, nothing created twice', async () => {
    expect(drafts.length).toBeGreaterThan(4);
    const stop = new AbortController();
    const stopped = await importDrafts({ drafts, mapping, settings: settingsFor(), label: 'sample' }, depsFor({
      signal: stop.signal,
      onEvent: (event) => {
        if (event.type === 'submit:accepted') stop.abort(new Error('stopped by the test'));
      },
    }));
    // As an import stopped by Ctrl-C: it ends `interrupted`, what it sent journaled, and says so.
    expect(stopped.status).toBe('interrupted');
    const before = countByBarcode().size;
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(drafts.flatMap((draft) => draft.item.skus).length);

    const resumed = await importDrafts({ drafts, mapping, settings: settingsFor(), label: 'sample', settleAfterMs: 100 }, depsFor());
    expect(resumed).toMatchObject({ runId: stopped.runId, resumed: true, status: 'finished' });
    const skus = drafts.flatMap((draft) => draft.item.skus.map((sku) => sku.barcode ?? ''));
    const counts = countByBarcode();
    expect(skus.filter((barcode) => counts.get(barcode) !== 1)).toEqual([]);
  });

  it('again: every product unchanged, nothing sent; a changed price is sent as an update of the same product', async () => {
    const again = await importDrafts({ drafts, mapping, settings: settingsFor() }, depsFor());
    expect(again.resumed).toBe(false);
    expect(again.results.size).toBe(0);
    expect(again.unchanged).toHaveLength(drafts.length);

    const [first, ...rest] = drafts;
    if (!first) throw new Error('no draft');
    const repriced = { ...first, item: { ...first.item, skus: first.item.skus.map((sku) => ({ ...sku, price: sku.price + 100 })) } };
    const updated = await importDrafts({ drafts: [repriced, ...rest], mapping, settings: settingsFor() }, depsFor());
    expect([...updated.results.values()].map((result) => [result.productKey, result.status])).toEqual([[first.productKey, 'accepted']]);
    expect(sandbox.products('sandbox-seller').filter((product) => product.skus.some((sku) => sku.barcode === first.item.skus[0]?.barcode))).toHaveLength(1);
  });

  it('refuses two drafts of one product key', async () => {
    const [first] = drafts;
    if (!first) throw new Error('no draft');
    await expect(importDrafts({ drafts: [first, first], mapping, settings: settingsFor() }, depsFor())).rejects.toThrow(/same product key/);
  });
});
