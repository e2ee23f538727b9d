/**
 * A settle stopped half-way continues where it stopped (issue 34, item 8): the barcodes it found
 * and the searches it made are journaled as it goes, and the next settle neither asks them again
 * nor starts from scratch. Counted at the service (the sandbox's list calls) and at the client.
 */
import { describe, expect, it } from 'vitest';
import { createCatalogClient } from '../../src/api/create-catalog-client.js';
import { createNodeDeps } from '../../src/core/deps.js';
import { findSentSkus } from '../../src/pipeline/import/find-live-skus.js';
import type { LiveSku, SoughtProduct } from '../../src/pipeline/import/find-live-skus.js';
import type { StateStore } from '../../src/state/index.js';
import { writeCatalogFixture } from '../helpers/catalog-fixture.js';
import { makeTempDir, openTestStore } from '../state/state-test-kit.js';
import { SELLER, createTestDir, importOnce, startTestSandbox } from './fault-kit.js';

/** A client whose list requests are counted by search term; the `stopAfter`-th list request fails as a killed process would stop. */
function createCountingClient(url: string, terms: string[], stopAfter = Number.POSITIVE_INFINITY) {
  let lists = 0;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
    if (path.endsWith('/list') || path.includes('products/list')) {
      lists += 1;
      if (lists >= stopAfter) throw Object.assign(new Error('stopped'), { code: 'ECONNREFUSED' });
      const body = init?.body ?? (input instanceof Request ? await input.clone().text() : '');
      const search = (JSON.parse(String(body)) as { filters?: { search?: string } }).filters?.search;
      if (search !== undefined) terms.push(search);
    }
    return globalThis.fetch(input, init);
  };
  return createCatalogClient({ baseUrl: url, credentials: { ...SELLER }, timeoutMs: 5_000, retry: { limit: 0 } }, createNodeDeps({ env: {}, fetch }));
}

function progressOf(store: StateStore) {
  const earlier = store.loadSettleProgress();
  return { found: earlier.found, searched: earlier.searched, onFound: (found: readonly LiveSku[]) => store.recordSettleFound(found), onSearched: (term: string) => store.recordSettleSearched(term) };
}

describe('a settle stopped half-way', () => {
  it('continues from what it journaled: no search asked twice, fewer list calls than starting over', async () => {
    const dir = await createTestDir();
    const sandbox = await startTestSandbox(dir);
    const fixture = await writeCatalogFixture({ dir, products: 40, skusPerProduct: 1 });
    await importOnce({ dir, sandbox, fixture });
    const sought: SoughtProduct[] = [...fixture.expected.values()].map((sku) => ({ productId: null, name: sku.nameRus, barcodes: [sku.barcode] }));
    // A catalog this large makes the narrow search the cheaper first read.
    const options = { catalogSize: 1_000_000 };

    // Starting from scratch, for comparison.
    const cleanTerms: string[] = [];
    const clean = await findSentSkus(createCountingClient(sandbox.url, cleanTerms), sought, { ...options, progress: progressOf(openTestStore(await makeTempDir())) });
    expect(clean.found.size).toBe(40);
    expect(clean.wholeCatalog).toBe(false);

    const store = openTestStore(await makeTempDir());
    const firstTerms: string[] = [];
    await expect(findSentSkus(createCountingClient(sandbox.url, firstTerms, 60), sought, { ...options, progress: progressOf(store) })).rejects.toThrow();
    const journaled = store.loadSettleProgress();
    expect(journaled.searched.size).toBeGreaterThan(20);
    expect(journaled.found.size).toBeGreaterThan(10);

    const resumedTerms: string[] = [];
    const resumed = await findSentSkus(createCountingClient(sandbox.url, resumedTerms), sought, { ...options, progress: progressOf(store) });
    expect([...resumed.found.keys()].sort()).toEqual([...clean.found.keys()].sort());
    // What the stopped settle found is taken as found: its searches are not missed into a whole-catalog read.
    expect(resumed.wholeCatalog).toBe(false);
    expect(resumedTerms.filter((term) => journaled.searched.has(term))).toEqual([]);
    // Across the stop and the resume, at most the searches of one unjournaled details batch are asked again.
    expect(firstTerms.length + resumedTerms.length - cleanTerms.length).toBeLessThanOrEqual(firstTerms.length - journaled.searched.size);
    expect(resumedTerms.length).toBeLessThan(cleanTerms.length - 20);
  });
});
