/**
 * What the name says the goods are for, beyond the best leaf's own purpose, may be what another leaf of the same goods is
 * for (issue 33, loop23 on a household-chemicals shop): `Антижир для духовок` is read through the synonym `антижир` →
 * `средства для кухни`, whose purpose the leaf `Средства для кухни` says whole, while `духовок` is the purpose of
 * `Средства для плит и духовок`. A purpose word the best leaf does not explain and a leaf of the best leaf's head noun is
 * named for keeps the best leaf from being sure; a purpose word no such leaf is named for (`Шампунь для волос объём`) says
 * nothing of another leaf.
 */
import type { ClassifierIndex, IndexedLeaf, IndexedName } from './classifier-types.js';

/** A purpose word of the name and the leaf of the same head noun named for it. */
export interface PurposeOfOtherLeaf {
  word: string;
  leaf: IndexedLeaf;
}

/**
 * The first word of the name's purpose (`purpose`: stems, `wordOf`: as written) that `explains` (the best leaf's reading of a
 * word) does not explain and another leaf with a name of the best name's head is named for; undefined where there is none.
 */
export function findPurposeOfOtherLeaf(
  index: ClassifierIndex,
  best: { leaf: IndexedLeaf; name: IndexedName },
  purpose: readonly string[],
  wordOf: ReadonlyMap<string, string>,
  explains: (stem: string, word: string) => boolean,
): PurposeOfOtherLeaf | undefined {
  const unexplained = purpose.filter((stem) => !best.name.purpose.includes(stem) && !explains(stem, wordOf.get(stem) ?? stem));
  if (unexplained.length === 0) return undefined;
  const heads = best.name.head;
  for (const stem of unexplained) {
    const leaf = heads
      .flatMap((head) => index.byHeadStem[head] ?? [])
      .map((at) => index.leaves[at])
      .find((other): other is IndexedLeaf => other !== undefined && other.id !== best.leaf.id && other.names.some((name) => name.purpose.includes(stem) && heads.every((head) => name.head.includes(head))));
    if (leaf !== undefined) return { word: wordOf.get(stem) ?? stem, leaf };
  }
  return undefined;
}
