/**
 * The classifier index's leaves by their directory id, built once per index and shared by every reader of a leaf by id
 * (the classifier, the English label reader, the label matcher's classifier check, the review's answers).
 */
import type { ClassifierIndex, IndexedLeaf } from './classifier-types.js';

const leavesById = new WeakMap<ClassifierIndex, ReadonlyMap<number, IndexedLeaf>>();

/** The index's leaves by id, read once per index (kept while the index is). */
export function readLeavesById(index: ClassifierIndex): ReadonlyMap<number, IndexedLeaf> {
  let byId = leavesById.get(index);
  if (byId === undefined) leavesById.set(index, (byId = new Map(index.leaves.map((leaf) => [leaf.id, leaf]))));
  return byId;
}
