/**
 * Groups the product types the review asks about by the leaf the classifier proposes for them
 * (pure): one question then lists every unsure type proposed one leaf, and the seller's one answer
 * ("yes", or another leaf for them all, leaving out the types it does not fit) settles them all,
 * each type still answered under its own key, so that learning stays by product type. A leaf
 * proposed for one type only is a plain type question; a type no leaf is proposed for is asked
 * alone.
 */
import type { ProductTypeGroup } from './collect-product-types.js';

/** The unsure types the classifier proposes one leaf for: one question. */
export interface LeafGroup {
  /** The leaf proposed for every type of the group. */
  leafId: number;
  /** Its types, the most rows first (two at least). */
  types: ProductTypeGroup[];
}

/** The types split into leaf groups (two types or more) and the types asked alone. */
export interface TypesByLeaf {
  leafGroups: LeafGroup[];
  singles: ProductTypeGroup[];
}

/** Groups `types` by proposed leaf; the order of `types` is kept within a group and among the singles. */
export function groupTypesByLeaf(types: readonly ProductTypeGroup[]): TypesByLeaf {
  const byLeaf = new Map<number, ProductTypeGroup[]>();
  for (const type of types) {
    const leafId = readProposedLeaf(type);
    if (leafId === undefined) continue;
    const list = byLeaf.get(leafId);
    if (list === undefined) byLeaf.set(leafId, [type]);
    else list.push(type);
  }
  const leafGroups: LeafGroup[] = [];
  const grouped = new Set<ProductTypeGroup>();
  for (const [leafId, list] of byLeaf) {
    if (list.length < 2) continue;
    const sorted = [...list].sort((a, b) => b.rows - a.rows || a.type.localeCompare(b.type));
    leafGroups.push({ leafId, types: sorted });
    for (const type of list) grouped.add(type);
  }
  return { leafGroups, singles: types.filter((type) => !grouped.has(type)) };
}

/** The leaf the review proposes for a type: the seller's own (marketplace products) before the classifier's. */
export function readProposedLeaf(type: ProductTypeGroup): number | undefined {
  return type.known?.leafId ?? type.classification.leafId;
}
