/**
 * Refusals that mean "it already exists" heal themselves (issue 21, item 2): products already on
 * the service that this state does not know (a create that landed after it was settled, a state
 * directory lost) are refused as duplicate barcodes; the import looks them up, and when the
 * product found is made of this product's SKUs, updates it in the same run. A barcode held by a
 * product with other SKUs is reported with the holder's id and `reconcile` suggested.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeCatalogFixture } from '../helpers/catalog-fixture.js';
import { checkExactlyOnce, createTestDir, importOnce, loadAnnotatedRows, startTestSandbox } from './fault-kit.js';

describe('duplicate refusals', () => {
  it('heal in the same run when the product found is this product; else name the holder', async () => {
    const dir = await createTestDir('catalog-dup-');
    const sandbox = await startTestSandbox(dir);
    const dirs = await Promise.all(['a', 'b', 'c'].map(async (name) => {
      const path = join(dir, name);
      await mkdir(path);
      return path;
    }));
    const [dirA, dirB, dirC] = dirs as [string, string, string];
    const fixtureA = await writeCatalogFixture({ dir: dirA, products: 4, skusPerProduct: 2 });
    expect((await importOnce({ dir: dirA, sandbox, fixture: fixtureA })).result.exitCode).toBe(0);

    // The same products from a state that knows nothing of them, with new prices and names.
    const fixtureB = await writeCatalogFixture({ dir: dirB, products: 4, skusPerProduct: 2, version: 2 });
    const healed = await importOnce({ dir: dirB, sandbox, fixture: fixtureB });
    expect(healed.events.some((e) => e.type === 'log' && e.message.startsWith('duplicates: 4 of 4'))).toBe(true);
    expect(healed.result.summary.counts.byStatus).toEqual({ accepted: 8 });
    expect(healed.result.exitCode).toBe(0);
    expect(await checkExactlyOnce(sandbox, fixtureB)).toEqual([]);
    // A run after it has nothing to heal: the ids are known.
    const again = await importOnce({ dir: dirB, sandbox, fixture: fixtureB });
    expect(again.result.summary.counts.byStatus).toEqual({ unchanged: 8 });

    // One SKU per product: the barcode is held by a product that has another SKU too.
    const fixtureC = await writeCatalogFixture({ dir: dirC, products: 2, skusPerProduct: 1, version: 3 });
    const refused = await importOnce({ dir: dirC, sandbox, fixture: fixtureC });
    expect(refused.result.summary.counts.byStatus).toEqual({ rejected: 2 });
    const rows = await loadAnnotatedRows(refused.result);
    for (const row of rows) expect(row['_errors']).toMatch(/barcode \d+ is held by product \d+, which holds other SKUs too; .*catalog-import reconcile/);
    expect(await checkExactlyOnce(sandbox, fixtureB)).toEqual([]);
  }, 60_000);
});
