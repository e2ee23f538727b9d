import type { ClassifierIndex } from '../classify/classifier-types.js';
import { ADJECTIVE } from '../read-label-kinds.js';

/**
 * The precious metals, a closed general class of what goods are made of, by the adjective a label says (`золотые`,
 * `серебряная`, `платиновое`) and the noun a directory's material values say (`Золото`, `Серебро`, `Платина`). Left out of
 * the classifier's neutral materials on purpose: a gold pen, a gold balloon or gold paint is a colour, or goods another trade
 * sells (`Ручки золотые` may be furniture handles), so such a word qualifies only goods the directory says are made of it.
 * `золотистый`, `серебристый` are colours; `позолоченный` says a coat, no metal of the goods.
 */
const METALS: readonly (readonly [RegExp, string])[] = [
  [/^золот(?!ист)/u, 'золото'],
  [/^серебрян/u, 'серебро'],
  [/^платинов/u, 'платина'],
];

/** The metal's noun (`золото`) a word (normalised) is the adjective of (`золотые`), if it is one. */
export function readPreciousMetal(word: string): string | undefined {
  if (!ADJECTIVE.test(word)) return undefined;
  return METALS.find(([adjective]) => adjective.test(word))?.[1];
}

const metalsByIndex = new WeakMap<ClassifierIndex, ReadonlyMap<number, ReadonlySet<string>>>();

/**
 * Leaf id → the precious metals among the values of the dictionary attributes the directory links to it (`Материал`:
 * `Золото`, `Серебро`): the directory's own word that the leaf's goods may be made of them. Pens and paints link none.
 */
export function readLeafMetals(index: ClassifierIndex): ReadonlyMap<number, ReadonlySet<string>> {
  let byLeaf = metalsByIndex.get(index);
  if (byLeaf !== undefined) return byLeaf;
  const found = new Map<number, Set<string>>();
  const nouns = new Set(METALS.map(([, noun]) => noun));
  for (const { words, leafIds } of index.propertyWords) {
    const metals = words.filter((word) => nouns.has(word));
    for (const id of metals.length === 0 ? [] : leafIds) found.set(id, new Set([...(found.get(id) ?? []), ...metals]));
  }
  metalsByIndex.set(index, (byLeaf = found));
  return byLeaf;
}
