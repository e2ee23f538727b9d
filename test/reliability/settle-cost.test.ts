/**
 * Settling chooses the cheaper of a narrow search and one read of the whole catalog (issue 34,
 * item 8): sixty products of unknown fate in a catalog of twenty-four cost the whole catalog's
 * few list and details calls, not a search (or two) per product first. Counted at the service.
 */
import { describe, expect, it } from 'vitest';
import { createCatalogClient } from '../../src/api/create-catalog-client.js';
import { createNodeDeps } from '../../src/core/deps.js';
import { buildEan13, writeCatalogFixture } from '../helpers/catalog-fixture.js';
import { findSentSkus, isWholeReadCheaper } from '../../src/pipeline/import/find-live-skus.js';
import { SELLER, createTestDir, importOnce, startTestSandbox } from './fault-kit.js';

describe('settling by content', () => {
  it('compares a search per term with the whole catalog\'s pages and details', () => {
    const product = (n: number) => ({ productId: null, name: `phone ${n}`, barcodes: [buildEan13(800_000 + n)] });
    const many = Array.from({ length: 60 }, (_, i) => product(i));
    expect(isWholeReadCheaper(many, new Map(), 2_054)).toBe(true); // 120 searches against 21 + 69 calls
    expect(isWholeReadCheaper(many.slice(0, 3), new Map(), 2_054)).toBe(false);
    expect(isWholeReadCheaper(many, new Map(), undefined)).toBe(false);
  });

  it('reads the whole catalog at once when that costs less than the searches', async () => {
    const dir = await createTestDir();
    const sandbox = await startTestSandbox(dir);
    const fixture = await writeCatalogFixture({ dir, products: 12, skusPerProduct: 2 });
    await importOnce({ dir, sandbox, fixture });
    const client = createCatalogClient({ baseUrl: sandbox.url, credentials: { ...SELLER }, timeoutMs: 5_000 }, createNodeDeps({ env: {} }));
    const present = [...fixture.expected.values()].slice(0, 2).map((sku) => ({ productId: null, name: sku.nameRus, barcodes: [sku.barcode] }));
    const absent = Array.from({ length: 58 }, (_, i) => ({ productId: null, name: `never sent ${i}`, barcodes: [buildEan13(700_000 + i)] }));
    sandbox.resetStats();
    const lookup = await findSentSkus(client, [...present, ...absent], { catalogSize: 12 });
    expect(lookup.wholeCatalog).toBe(true);
    expect([...lookup.found.keys()].sort()).toEqual(present.map((p) => p.barcodes[0]).sort());
    const byRoute = sandbox.stats().byRoute;
    expect((byRoute.list ?? 0) + (byRoute.details ?? 0)).toBeLessThanOrEqual(2);
  });
});
