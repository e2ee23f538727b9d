/**
 * What the service holds for the products about to be sent: their details, 30 ids per request,
 * with the client's concurrency limit (`CatalogClient.getProductDetails` does the chunking).
 */
import type { CatalogClient } from '../api/create-catalog-client.js';
import type { ProductDetail } from '../domain/index.js';

/** Details of the given products by productId; ids the service does not know are absent. */
export async function fetchHeldProducts(client: Pick<CatalogClient, 'getProductDetails'>, productIds: Iterable<number | null>): Promise<Map<number, ProductDetail>> {
  const ids = [...new Set([...productIds].filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const details = await client.getProductDetails(ids);
  return new Map(details.map((detail) => [detail.productId, detail]));
}
