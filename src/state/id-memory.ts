/**
 * The id memory: which marketplace product and SKU ids each seller key of this account received.
 * Without it every run would create the catalog again (`productId: null` creates a product).
 */
import type { StoreContext } from './store-context.js';
import type { AcceptedProduct, BarcodeMatch, KnownProductIds, StateStore } from './types.js';

/** Keys per `IN (json_each(?))` query: one bound parameter whatever the count. */
const LOOKUP_CHUNK = 1000;

/** The id memory part of a `StateStore`. */
export type IdMemory = Pick<
  StateStore,
  'getProductIds' | 'getProductIdsMany' | 'recordAccepted' | 'claimProductIds' | 'findProductKeyByBarcode' | 'replaceIdMemory' | 'countKnownProducts'
>;

interface IdRow {
  product_key: string;
  product_id: number;
  content_hash: string | null;
  run_id: string | null;
  sku_key: string | null;
  sku_id: number | null;
}

/** Creates the id memory on an open store. */
export function createIdMemory(ctx: StoreContext): IdMemory {
  const { db, accountKey } = ctx;
  const selectMany = db.prepare<[string, string], IdRow>(`
    SELECT p.product_key, p.product_id, p.content_hash, p.run_id, s.sku_key, s.sku_id
    FROM product_ids p
    LEFT JOIN sku_ids s ON s.account_key = p.account_key AND s.product_key = p.product_key
    WHERE p.account_key = ? AND p.product_key IN (SELECT value FROM json_each(?))`);
  // SKUs of a product whose product id changes belong to the old product: forget them.
  const dropSkusOfChangedProduct = db.prepare<[string, string, string, number]>(`
    DELETE FROM sku_ids WHERE account_key = ? AND product_key = ? AND EXISTS (
      SELECT 1 FROM product_ids WHERE account_key = ? AND product_key = sku_ids.product_key AND product_id <> ?)`);
  const upsertProduct = db.prepare<[string, string, number, string | null, string | null, string]>(`
    INSERT INTO product_ids (account_key, product_key, product_id, content_hash, run_id, updated_at)
    VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (account_key, product_key) DO UPDATE SET
      product_id = excluded.product_id, content_hash = excluded.content_hash,
      run_id = excluded.run_id, updated_at = excluded.updated_at`);
  const upsertSku = db.prepare<[string, string, string, number, string, string]>(`
    INSERT INTO sku_ids (account_key, product_key, sku_key, sku_id, barcode, updated_at)
    VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (account_key, product_key, sku_key) DO UPDATE SET
      sku_id = excluded.sku_id, barcode = excluded.barcode, updated_at = excluded.updated_at`);
  // A SKU id remembered under another key of the same product is that SKU before the service
  // confirmed a change of its key (a corrected barcode, when the barcode is the SKU key): forgotten,
  // or the old barcode would still be found and the SKU id be held by two keys.
  const dropOtherKeysOfSku = db.prepare<[string, string, number, string]>(
    'DELETE FROM sku_ids WHERE account_key = ? AND product_key = ? AND sku_id = ? AND sku_key <> ?',
  );
  const selectByBarcode = db.prepare<[string, string], { product_key: string; sku_key: string; product_id: number; sku_id: number }>(`
    SELECT s.product_key, s.sku_key, p.product_id, s.sku_id
    FROM sku_ids s JOIN product_ids p ON p.account_key = s.account_key AND p.product_key = s.product_key
    WHERE s.account_key = ? AND s.barcode = ?
    ORDER BY s.updated_at DESC LIMIT 1`);
  const deleteAllSkus = db.prepare<[string]>('DELETE FROM sku_ids WHERE account_key = ?');
  const deleteAllProducts = db.prepare<[string]>('DELETE FROM product_ids WHERE account_key = ?');
  const claimProduct = db.prepare<[string, string, string]>('UPDATE product_ids SET run_id = ? WHERE account_key = ? AND product_key = ?');
  const claimProducts = db.transaction((productKeys: readonly string[], runId: string) => {
    for (const key of productKeys) claimProduct.run(runId, accountKey, key);
  });
  const countProducts = db.prepare<[string], number>('SELECT COUNT(*) FROM product_ids WHERE account_key = ?').pluck();

  const writeAccepted = (entries: readonly AcceptedProduct[]): void => {
    const at = ctx.nowIso();
    for (const entry of entries) {
      dropSkusOfChangedProduct.run(accountKey, entry.productKey, accountKey, entry.productId);
      upsertProduct.run(accountKey, entry.productKey, entry.productId, entry.contentHash, entry.runId, at);
      for (const sku of entry.skus) {
        dropOtherKeysOfSku.run(accountKey, entry.productKey, sku.skuId, sku.skuKey);
        upsertSku.run(accountKey, entry.productKey, sku.skuKey, sku.skuId, sku.barcode, at);
      }
    }
  };
  const recordAccepted = db.transaction(writeAccepted);
  const replaceIdMemory = db.transaction((entries: readonly AcceptedProduct[]) => {
    deleteAllSkus.run(accountKey);
    deleteAllProducts.run(accountKey);
    writeAccepted(entries);
  });

  const getProductIdsMany = (productKeys: readonly string[]): Map<string, KnownProductIds> => {
    const found = new Map<string, KnownProductIds>();
    for (let start = 0; start < productKeys.length; start += LOOKUP_CHUNK) {
      const chunk = productKeys.slice(start, start + LOOKUP_CHUNK);
      for (const row of selectMany.iterate(accountKey, JSON.stringify(chunk))) {
        let known = found.get(row.product_key);
        if (known === undefined) {
          known = { productId: row.product_id, skus: new Map(), contentHash: row.content_hash, learntBy: row.run_id };
          found.set(row.product_key, known);
        }
        if (row.sku_key !== null && row.sku_id !== null) known.skus.set(row.sku_key, row.sku_id);
      }
    }
    return found;
  };

  return {
    getProductIds: (productKey) => getProductIdsMany([productKey]).get(productKey),
    getProductIdsMany,
    recordAccepted: (entries) => {
      recordAccepted(entries);
    },
    findProductKeyByBarcode: (barcode): BarcodeMatch | undefined => {
      const row = selectByBarcode.get(accountKey, barcode);
      return row === undefined ? undefined : { productKey: row.product_key, skuKey: row.sku_key, productId: row.product_id, skuId: row.sku_id };
    },
    replaceIdMemory: (entries) => {
      replaceIdMemory(entries);
    },
    claimProductIds: (productKeys, runId) => {
      ctx.requireRun(runId);
      if (productKeys.length > 0) claimProducts(productKeys, runId);
    },
    countKnownProducts: () => countProducts.get(accountKey) ?? 0,
  };
}
