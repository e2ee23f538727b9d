/**
 * Groups the product types the review asks about by the leaf the classifier proposes for them
 * (pure): one question then lists the unsure types proposed one leaf, and the seller's one answer
 * ("yes", or another leaf for them all, leaving out the types it does not fit) settles them all,
 * each type still answered under its own key, so that learning stays by product type. A leaf's
 * types are two questions by how sure the classifier is of them: the surer ones, where the leaf is
 * mostly right and "yes" leaves few out, and the weaker ones, often a family another leaf fits as a
 * whole; each `no` is a cell the seller fills, so a mixed group costs the most. A leaf proposed for
 * one type only (of its strength) is a plain type question; a type no leaf is proposed for is asked
 * alone.
 */
import type { ProductTypeGroup } from './collect-product-types.js';

/**
 * The confidence at or above which a type is one of its leaf's surer types. On the generated price
 * list (seed 33), of the types of the groups a seller answers first, 101 of 117 at or above it were
 * proposed their right leaf, 19 of 50 under it; of 0.7, 0.8, 0.85 and 0.9 it settled the most rows
 * for 50 filled cells on both seeds measured (docs/mapping-assistant.md, the eleventh round).
 */
export const SURE_IN_GROUP = 0.8;

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

/**
 * Groups `types` by proposed leaf and by how sure the classifier is of it (`SURE_IN_GROUP`); the
 * order of `types` is kept among the singles.
 */
export function groupTypesByLeaf(types: readonly ProductTypeGroup[]): TypesByLeaf {
  const byLeaf = new Map<string, { leafId: number; types: ProductTypeGroup[] }>();
  for (const type of types) {
    const leafId = readProposedLeaf(type);
    if (leafId === undefined) continue;
    const key = `${leafId} ${isSureInGroup(type) ? 'sure' : 'weak'}`;
    const entry = byLeaf.get(key);
    if (entry === undefined) byLeaf.set(key, { leafId, types: [type] });
    else entry.types.push(type);
  }
  const leafGroups: LeafGroup[] = [];
  const grouped = new Set<ProductTypeGroup>();
  for (const { leafId, types: list } of byLeaf.values()) {
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

/** Whether a type is one of its leaf's surer types: the seller's own leaf, or the classifier's at `SURE_IN_GROUP` or above. */
function isSureInGroup(type: ProductTypeGroup): boolean {
  return type.known !== undefined || type.classification.confidence >= SURE_IN_GROUP;
}
