/**
 * The index's leaves by a stem of one part of their names: the head (`Пеленальные комоды` under `пеленальн`) or the purpose
 * after it (`Средства от блох` under `блох`). Built once per index and part, for the readers that ask which leaves name a word
 * there (`composition-of-other-goods.ts`, `place-of-other-goods.ts`, `remedy-of-other-goods.ts`); each list keeps the index's
 * leaf order.
 */
import type { ClassifierIndex, IndexedLeaf } from './classifier-types.js';

/** A part of a leaf's name, as `IndexedLeaf['names']` holds its stems. */
export type LeafNamePart = 'head' | 'purpose';

const byPart: Record<LeafNamePart, WeakMap<ClassifierIndex, Map<string, IndexedLeaf[]>>> = { head: new WeakMap(), purpose: new WeakMap() };

/** Stem → the leaves one of whose names says it in `part`. */
export function readLeavesByNamePart(index: ClassifierIndex, part: LeafNamePart): ReadonlyMap<string, IndexedLeaf[]> {
  const known = byPart[part].get(index);
  if (known !== undefined) return known;
  const found = new Map<string, IndexedLeaf[]>();
  for (const leaf of index.leaves) for (const stem of new Set(leaf.names.flatMap((name) => name[part]))) found.set(stem, [...(found.get(stem) ?? []), leaf]);
  byPart[part].set(index, found);
  return found;
}
