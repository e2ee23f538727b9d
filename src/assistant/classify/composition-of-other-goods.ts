/**
 * What the goods come with may say whose goods they are (`Комод с пеленальником`: a chest with a changing top is a nursery
 * chest): a word of a `с …` phrase the best leaf does not explain that is what a leaf of another top-level section is
 * (`Пеленальные столы`), where that section also has a leaf of the product's own head among the ranked ones (`Детские
 * комоды`), says the product may be that section's kind of the head. It keeps the best leaf from being sure; it never
 * chooses a leaf (a composition is no type), and a word no leaf of such a section is (`с подлокотниками`) says nothing.
 */
import type { ClassifierIndex, IndexedLeaf } from './classifier-types.js';
import { readTopSection } from './file-sections.js';
import { readLeavesByNamePart } from './leaves-by-name-part.js';
import { stemForIndex } from './stem-for-index.js';

/** A word the goods come with, the leaf of another section it names, and that section's leaf of the product's head. */
export interface OtherGoodsWith {
  word: string;
  leaf: IndexedLeaf;
  rival: IndexedLeaf;
}

// A head stem this long opens a longer word of the same noun (`пеленальн` of `пеленальником`, `пеленальник`).
const MIN_OPENING_STEM = 6;

/**
 * The first word of `words` (a `с …` phrase, normalised) that names goods of another section than `best`'s where one of
 * `rivals` (the other ranked leaves) is of the same head as `best` (`head`, stems); `explains` says whether the best leaf
 * explains a word (its stem, the word).
 */
export function findOtherGoodsWith(index: ClassifierIndex, words: readonly string[], best: IndexedLeaf, head: readonly string[], rivals: readonly IndexedLeaf[], explains: (stem: string, word: string) => boolean): OtherGoodsWith | undefined {
  const root = readTopSection(best.path);
  const byHead = readLeavesByNamePart(index, 'head');
  for (const word of words) {
    const stem = stemForIndex(word);
    if (stem.length < MIN_OPENING_STEM || explains(stem, word)) continue;
    const named = [...byHead].filter(([known]) => known === stem || (known.length >= MIN_OPENING_STEM && stem.startsWith(known))).flatMap(([, leaves]) => leaves);
    for (const leaf of named) {
      const section = readTopSection(leaf.path);
      if (section === root) continue;
      const rival = rivals.find((other) => other !== leaf && readTopSection(other.path) === section && other.names.some((name) => head.some((stem_) => name.head.includes(stem_))));
      if (rival !== undefined) return { word, leaf, rival };
    }
  }
  return undefined;
}
