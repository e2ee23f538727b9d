/**
 * The seller's answers first, then the classifier (issue 33, item 4): a name whose product type
 * (`readProductTypeKey`) is a key of the mapping's `categories:` takes that leaf — the type must be
 * the key itself, so `аккумулятор` answered for `Аккумулятор AA GP` never takes `Аккумулятор
 * автомобильный` or `Внешний аккумулятор`; other names go to the classifier. The classifier's API
 * takes no known pairs, so this thin layer is where they are consulted.
 */
import type { Classification, ClassifierIndex, ClassifyOptions } from '../classify/classifier-types.js';
import { classifyProduct } from '../classify/classify-product.js';
import { normalizeName } from '../../mapping/normalize-name.js';
import { readProductTypeKey } from './read-product-type-key.js';

/** Confirmed product type → leaf id, as the mapping's `categories:` holds them (ids resolved). */
export type AnsweredTypes = ReadonlyMap<string, number>;

/** Keys the pairs by their normalised text, the way names' types are compared. */
export function indexAnsweredTypes(pairs: Iterable<readonly [string, number]>): Map<string, number> {
  const index = new Map<string, number>();
  for (const [type, leafId] of pairs) {
    const key = normalizeName(type);
    if (key !== '' && !index.has(key)) index.set(key, leafId);
  }
  return index;
}

/** The answered leaf of a name's product type, or undefined. */
export function findAnsweredType(answered: AnsweredTypes, name: string): { type: string; leafId: number } | undefined {
  if (answered.size === 0) return undefined;
  const type = readProductTypeKey(name);
  const leafId = type === '' ? undefined : answered.get(normalizeName(type));
  return leafId === undefined ? undefined : { type, leafId };
}

/** The answer of the name's type when there is one (confident, with that evidence), else the classifier's answer. */
export function classifyWithAnswers(index: ClassifierIndex, answered: AnsweredTypes, name: string, options?: ClassifyOptions): Classification {
  const found = findAnsweredType(answered, name);
  if (found === undefined) return classifyProduct(index, { name }, options);
  const leaf = findLeaf(index, found.leafId);
  return {
    leafId: found.leafId,
    path: leaf?.path,
    confidence: 1,
    confident: true,
    evidence: [{ phrase: found.type, source: 'name', matched: 'your answer', via: 'name', leafId: found.leafId, path: leaf?.path ?? '' }],
    alternatives: [],
    productType: found.type,
  };
}

const leavesById = new WeakMap<ClassifierIndex, Map<number, ClassifierIndex['leaves'][number]>>();

function findLeaf(index: ClassifierIndex, id: number): ClassifierIndex['leaves'][number] | undefined {
  let byId = leavesById.get(index);
  if (byId === undefined) {
    byId = new Map(index.leaves.map((leaf) => [leaf.id, leaf]));
    leavesById.set(index, byId);
  }
  return byId.get(id);
}
