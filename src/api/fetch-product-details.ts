/**
 * Details of any number of products: de-duplicated ids in requests of at most `batchSize`, run
 * `concurrency` at a time; results follow the order of the ids, and ids the service does not know
 * are left out.
 */
import pLimit from 'p-limit';
import type { ProductDetail } from '../domain/index.js';

/** The details of `productIds`, each chunk of ids asked through `fetchChunk`. */
export async function fetchProductDetails(
  productIds: number[],
  options: { batchSize: number; concurrency: number },
  fetchChunk: (chunk: number[]) => Promise<ProductDetail[]>,
): Promise<ProductDetail[]> {
  const unique = [...new Set(productIds)];
  const chunks: number[][] = [];
  for (let start = 0; start < unique.length; start += options.batchSize) {
    chunks.push(unique.slice(start, start + options.batchSize));
  }
  const limit = pLimit(options.concurrency);
  const pages = await limit.map(chunks, fetchChunk);
  const byId = new Map<number, ProductDetail>();
  for (const page of pages) for (const detail of page) if (!byId.has(detail.productId)) byId.set(detail.productId, detail);
  return unique.flatMap((id) => {
    const detail = byId.get(id);
    return detail === undefined ? [] : [detail];
  });
}
