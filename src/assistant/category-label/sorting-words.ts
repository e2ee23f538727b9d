import { rewriteWithSynonyms } from '../category-synonyms.js';
import type { ClassifierIndex, IndexedLeaf } from '../classify/classifier-types.js';
import { readTopSection } from '../classify/file-sections.js';
import { stemForIndex } from '../classify/stem-for-index.js';
import { tokenizeForMatch } from '../normalize-for-match.js';
import { ADJECTIVE } from '../read-label-kinds.js';
import { isRelatedWord } from '../read-word-forms.js';
import { STOP_WORDS } from './label-text.js';

/** Where the directory uses one word stem: the top-level sections, the leaves it qualifies as an adjective, the branches it names. */
export interface SortingWord {
  sections: Set<string>;
  /** The other words of each leaf name the stem is an adjective in (`серьги` of `Золотые серьги`). */
  qualified: string[][];
  /** A branch (a level above the leaves) has the stem in its name (`Тормозная система`). */
  branches: Set<string>;
}

/** Every stem of the leaves' Russian names and of the branch names, with where it stands (`SortingWord`). */
function collectSortingWords(leaves: Iterable<IndexedLeaf>): Map<string, SortingWord> {
  const words = new Map<string, SortingWord>();
  const read = (stem: string): SortingWord => {
    let found = words.get(stem);
    if (found === undefined) words.set(stem, (found = { sections: new Set(), qualified: [], branches: new Set() }));
    return found;
  };
  for (const leaf of leaves) {
    const section = readTopSection(leaf.path);
    const levels = leaf.path.split(' / ');
    const name = tokenizeForMatch(levels[levels.length - 1] ?? '').filter((word) => !STOP_WORDS.has(word));
    for (const word of name) {
      const entry = read(stemForIndex(word));
      entry.sections.add(section);
      if (ADJECTIVE.test(word)) entry.qualified.push(name.filter((other) => other !== word));
    }
    for (let depth = 1; depth < levels.length; depth++) {
      for (const word of tokenizeForMatch(levels[depth - 1] ?? '')) {
        const entry = read(stemForIndex(word));
        entry.sections.add(section);
        entry.branches.add(levels.slice(0, depth).join(' / '));
      }
    }
  }
  return words;
}

const sortingWordsByIndex = new WeakMap<ClassifierIndex, Map<string, SortingWord>>();

/** The directory's words (`collectSortingWords`), read once per classifier index for every rule that asks. */
export function readSortingWords(index: ClassifierIndex): ReadonlyMap<string, SortingWord> {
  let words = sortingWordsByIndex.get(index);
  if (words === undefined) sortingWordsByIndex.set(index, (words = collectSortingWords(index.leaves)));
  return words;
}

/**
 * `Кольца золотые` for the jewellery `Кольца`, `Ноутбуки игровые` for `Ноутбуки`: an adjective the directory qualifies
 * goods of two kinds or more by (`Золотые серьги`, `Золотые цепи`; `Игровые консоли`, `Игровые кресла`), all of them in the
 * leaf's own top-level section and nowhere else, sorts that section's goods: it qualifies the leaf as it does its
 * neighbours. Not where the directory says the word makes other goods (`isOtherGoodsWord`).
 * A word the directory uses nowhere, or in another section too, says nothing.
 */
export function isSortingWordOfSection(entry: SortingWord | undefined, word: string, leaf: IndexedLeaf, typeWords: readonly string[]): boolean {
  if (entry === undefined || !ADJECTIVE.test(word)) return false;
  const section = readTopSection(leaf.path);
  if (entry.sections.size !== 1 || !entry.sections.has(section)) return false;
  const kinds = new Set(entry.qualified.map((others) => others.map(stemForIndex).join(' ')));
  return kinds.size >= 2 && !isOtherGoodsWord(entry, word, leaf, typeWords);
}

/**
 * Where the directory itself says an adjective makes other goods than the leaf's: a branch is named by it that the leaf is
 * not under (`Тормозная система`: `Диски тормозные` are no wheel rims), or a leaf it qualifies is of the label's own head,
 * in its words or through the synonyms (`Золотые цепи` for `Цепочки золотые`, `Игровые гарнитуры` for `Наушники игровые`,
 * `Потолочные светильники` for `Светильники потолочные`: that leaf or a question, never the plain one).
 */
export function isOtherGoodsWord(entry: SortingWord, word: string, leaf: IndexedLeaf, typeWords: readonly string[]): boolean {
  if ([...entry.branches].some((branch) => !leaf.path.startsWith(`${branch} / `))) return true;
  const head = typeWords.filter((other) => other !== word);
  // In other words too: `Игровые гарнитуры` are the gaming `Наушники игровые` (`гарнитура` → `наушники`).
  const sayings = (other: string): string[] => [other, ...tokenizeForMatch(rewriteWithSynonyms(other)?.text ?? '')];
  return entry.qualified.some((others) => others.flatMap(sayings).some((other) => head.some((own) => isRelatedWord(own, other, 3))));
}
