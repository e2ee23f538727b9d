import { rewriteWithSynonyms } from '../category-synonyms.js';
import type { IndexedLeaf } from '../classify/classifier-types.js';
import { readPathSection } from '../classify/classify-product.js';
import { stemForIndex } from '../classify/stem-for-index.js';
import { tokenizeForMatch } from '../normalize-for-match.js';
import { ADJECTIVE } from '../read-label-kinds.js';
import { isRelatedWord } from '../read-word-forms.js';
import { STOP_WORDS } from './label-text.js';
import { isConstructionWord } from './construction-words.js';
import { isPlacementStem, isPlacementWord } from './placement-words.js';

/** Where the directory uses one word stem: the top-level sections, the leaves it qualifies as an adjective, the branches it names. */
export interface SortingWord {
  sections: Set<string>;
  /** The other words of each leaf name the stem is an adjective in (`серьги` of `Золотые серьги`). */
  qualified: string[][];
  /** A branch (a level above the leaves) has the stem in its name (`Тормозная система`). */
  branches: Set<string>;
}

/** Every stem of the leaves' Russian names and of the branch names, with where it stands (`SortingWord`). */
export function collectSortingWords(leaves: Iterable<IndexedLeaf>): Map<string, SortingWord> {
  const words = new Map<string, SortingWord>();
  const read = (stem: string): SortingWord => {
    let found = words.get(stem);
    if (found === undefined) words.set(stem, (found = { sections: new Set(), qualified: [], branches: new Set() }));
    return found;
  };
  for (const leaf of leaves) {
    const section = readPathSection(leaf.path);
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

/**
 * `Кольца золотые` for the jewellery `Кольца`, `Ноутбуки игровые` for `Ноутбуки`: an adjective the directory qualifies
 * goods of two kinds or more by (`Золотые серьги`, `Золотые цепи`; `Игровые консоли`, `Игровые кресла`), all of them in the
 * leaf's own top-level section and nowhere else, sorts that section's goods: it qualifies the leaf as it does its
 * neighbours. Not where the directory says the word makes other goods (`isOtherGoodsWord`).
 * A word the directory uses nowhere, or in another section too, says nothing.
 */
export function isSortingWordOfSection(entry: SortingWord | undefined, word: string, leaf: IndexedLeaf, typeWords: readonly string[]): boolean {
  if (entry === undefined || !ADJECTIVE.test(word)) return false;
  const section = readPathSection(leaf.path);
  if (entry.sections.size !== 1 || !entry.sections.has(section)) return false;
  const kinds = new Set(entry.qualified.map((others) => others.map(stemForIndex).join(' ')));
  return kinds.size >= 2 && !isOtherGoodsWord(entry, word, leaf, typeWords);
}

/**
 * `Диваны угловые`, `Светильники потолочные`: a word of where goods are mounted (`isPlacementWord`) qualifies the leaf when
 * the leaf's own top-level section sorts goods by such words (`Настенные часы`, `Напольные весы`): its goods are things
 * placed in a room, where a flashlight of `Туризм` or a car organiser of `Автотовары` is not (`Фонари настенные` are
 * lanterns on a wall). And as every word of a class does (`isClassWordOfLeaf`).
 */
export function isPlacementOfLeaf(sorting: ReadonlyMap<string, SortingWord>, word: string, leaf: IndexedLeaf, typeWords: readonly string[]): boolean {
  if (!isPlacementWord(word) || !readPlacementSections(sorting).has(readPathSection(leaf.path))) return false;
  return isClassWordOfLeaf(sorting, word, leaf, typeWords);
}

/**
 * `Гантели разборные`, `Холодильники двухкамерные`: a word of how goods are built (`isConstructionWord`) qualifies the leaf
 * whose whole name the label's other words say, unless the directory says it makes other goods (`isClassWordOfLeaf`).
 */
export function isConstructionOfLeaf(sorting: ReadonlyMap<string, SortingWord>, word: string, leaf: IndexedLeaf, typeWords: readonly string[]): boolean {
  return isConstructionWord(word) && isClassWordOfLeaf(sorting, word, leaf, typeWords);
}

/**
 * A word of a general class qualifies the leaf when the label's other words say a whole name of it, so the word is not what
 * the matcher read as a misspelling of the leaf's own (`угловые` as `игровые` of `Игровые кресла`, `подвесные` as
 * `придверные` of `Коврики придверные`), and the directory does not say it makes other goods (`isOtherGoodsWord`).
 */
function isClassWordOfLeaf(sorting: ReadonlyMap<string, SortingWord>, word: string, leaf: IndexedLeaf, typeWords: readonly string[]): boolean {
  const said = new Set(typeWords.filter((other) => other !== word).map(stemForIndex));
  const named = leaf.names.some((name) => name.language === 'rus' && name.head.length > 0 && [...name.head, ...name.purpose].every((stem) => said.has(stem)));
  const entry = sorting.get(stemForIndex(word));
  return named && (entry === undefined || !isOtherGoodsWord(entry, word, leaf, typeWords));
}

const placementSections = new WeakMap<ReadonlyMap<string, SortingWord>, ReadonlySet<string>>();

/** The top-level sections whose leaves or branches are named by a word of where goods are mounted, read once per directory. */
function readPlacementSections(sorting: ReadonlyMap<string, SortingWord>): ReadonlySet<string> {
  let sections = placementSections.get(sorting);
  if (sections === undefined) {
    sections = new Set([...sorting].filter(([stem]) => isPlacementStem(stem)).flatMap(([, entry]) => [...entry.sections]));
    placementSections.set(sorting, sections);
  }
  return sections;
}

/**
 * Where the directory itself says an adjective makes other goods than the leaf's: a branch is named by it that the leaf is
 * not under (`Тормозная система`: `Диски тормозные` are no wheel rims), or a leaf it qualifies is of the label's own head,
 * in its words or through the synonyms (`Золотые цепи` for `Цепочки золотые`, `Игровые гарнитуры` for `Наушники игровые`,
 * `Потолочные светильники` for `Светильники потолочные`: that leaf or a question, never the plain one).
 */
function isOtherGoodsWord(entry: SortingWord, word: string, leaf: IndexedLeaf, typeWords: readonly string[]): boolean {
  if ([...entry.branches].some((branch) => !leaf.path.startsWith(`${branch} / `))) return true;
  const head = typeWords.filter((other) => other !== word);
  // In other words too: `Игровые гарнитуры` are the gaming `Наушники игровые` (`гарнитура` → `наушники`).
  const sayings = (other: string): string[] => [other, ...tokenizeForMatch(rewriteWithSynonyms(other)?.text ?? '')];
  return entry.qualified.some((others) => others.flatMap(sayings).some((other) => head.some((own) => isRelatedWord(own, other, 3))));
}
