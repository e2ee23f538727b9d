/**
 * The classifier indexes of both sandbox directories and a reader of the names they place sure, shared by the trap tests
 * (`sure-wrong-traps.test.ts`, `review7-mends.test.ts`).
 */
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { buildSandboxDirectories } from '../measure-matching.js';

/** The classifier index of each sandbox directory. */
export const indexes = {
  original: buildClassifierIndex(buildSandboxDirectories('original')),
  marketplace: buildClassifierIndex(buildSandboxDirectories('marketplace')),
};
/** A sandbox directory's name. */
export type Breadth = keyof typeof indexes;
/** Both sandbox directories, for `it.each`. */
export const BOTH = ['original', 'marketplace'] as const;

/** The names among `names` the directory places sure, with the leaf. */
export function findSure(breadth: Breadth, names: readonly string[]): string[] {
  return names.flatMap((name) => {
    const result = classifyProduct(indexes[breadth], { name });
    return result.confident ? [`${name} → ${result.path ?? ''}`] : [];
  });
}
