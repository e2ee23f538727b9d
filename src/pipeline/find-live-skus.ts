/**
 * Asks the service which SKUs exist, by barcode: every product of the seller through the list,
 * then their details 30 at a time. Used to settle requests whose fate is unknown (so a create is
 * never repeated) and by `reconcile` to rebuild the id memory.
 */
import type { CatalogClient } from '../api/create-catalog-client.js';
import type { ProductDetail } from '../domain/index.js';

/** A SKU found on the service. */
export interface LiveSku {
  productId: number;
  skuId: number;
  barcode: string;
}

/** Reads the seller's whole catalog (list + details) and calls `onProduct` for each product. */
export async function scanLiveCatalog(client: CatalogClient, onProduct: (detail: ProductDetail) => void, chunk = 600): Promise<number> {
  let ids: number[] = [];
  let count = 0;
  const drain = async (): Promise<void> => {
    if (!ids.length) return;
    const details = await client.getProductDetails(ids);
    ids = [];
    for (const detail of details) {
      count += 1;
      onProduct(detail);
    }
  };
  for await (const item of client.listAllProducts({ sortBy: 'id', sortDirection: 'Asc' })) {
    ids.push(item.productId);
    if (ids.length >= chunk) await drain();
  }
  await drain();
  return count;
}

/** The live SKUs whose barcode is in `barcodes`, by barcode. */
export async function findLiveSkusByBarcode(client: CatalogClient, barcodes: ReadonlySet<string>): Promise<Map<string, LiveSku>> {
  const found = new Map<string, LiveSku>();
  if (barcodes.size === 0) return found;
  await scanLiveCatalog(client, (detail) => {
    for (const sku of detail.skus) {
      const barcode = sku.skuBarcode ?? '';
      if (barcodes.has(barcode)) found.set(barcode, { productId: detail.productId, skuId: sku.skuId, barcode });
    }
  });
  return found;
}
