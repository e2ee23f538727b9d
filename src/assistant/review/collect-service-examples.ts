/**
 * The seller's products already on the marketplace as examples (issue 33, item 4): their names and
 * leaves, grouped by product type. A type whose products sit in one leaf (two thirds of them at
 * least, and two products) is known: the review proposes that leaf, as the seller's own choice.
 */
import type { ProductListItem } from '../../domain/index.js';
import type { DirectoryIndex } from '../../mapping/directory-index.js';
import type { KnownLeaf } from './collect-product-types.js';
import type { KnownBrands } from '../classify/known-brands.js';
import { readProductTypeKey } from './read-product-type-key.js';

const MIN_PRODUCTS = 2;
const MIN_SHARE = 2 / 3;

/** Product type → leaf, from the listed products (types read with the directory's brands, as the review reads them); leaves no longer in the directory are left out. */
export async function collectServiceExamples(products: AsyncIterable<ProductListItem> | Iterable<ProductListItem>, index: DirectoryIndex, knownBrands?: KnownBrands): Promise<Map<string, KnownLeaf>> {
  const votes = new Map<string, Map<number, number>>();
  for await (const product of products) {
    const name = product.productName?.rus ?? '';
    const leafId = product.categoryId;
    if (name.trim() === '' || leafId === null || leafId === undefined || !index.categoryById.has(leafId) || index.nonLeafIds.has(leafId)) continue;
    const type = readProductTypeKey(name, undefined, knownBrands);
    if (type === '') continue;
    let leaves = votes.get(type);
    if (leaves === undefined) {
      leaves = new Map();
      votes.set(type, leaves);
    }
    leaves.set(leafId, (leaves.get(leafId) ?? 0) + 1);
  }
  const known = new Map<string, KnownLeaf>();
  for (const [type, leaves] of votes) {
    const total = [...leaves.values()].reduce((sum, count) => sum + count, 0);
    const [leafId, count] = [...leaves.entries()].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
    if (count >= MIN_PRODUCTS && count >= total * MIN_SHARE) known.set(type, { leafId, source: `${count} of your ${total} products of this type on the marketplace are in this leaf` });
  }
  return known;
}
