/**
 * A label naming a department of the directory (`Канцелярия` for `Канцелярские товары`, `Творчество` for `Творчество и
 * хобби для детей`) names every leaf of it, as a label naming a group of goods does (`read-group-words.ts`): a rows' leaf
 * that holds the department's word only as a qualifier or a purpose (`Клей канцелярский`, `Наборы для творчества`) says
 * what the file holds today, never what the seller's section is. A label saying what one leaf is (its head noun:
 * `Кофе` of `Кофе в зернах`, `Смартфоны`) is no department, whatever branch shares the word.
 */
import type { ClassifierIndex, IndexedLeaf } from './classify/classifier-types.js';
import { stemForIndex } from './classify/stem-for-index.js';
import { isGroupWord } from './read-group-words.js';
import { isRelatedWord, MIN_SHARED_BEGINNING } from './read-word-forms.js';


const MIN_LEVEL_STEM = 4;

const levelStems = new WeakMap<ClassifierIndex, readonly string[]>();

/** Whether every word of a label's type (group words aside) is a word of the directory's levels, none of them the leaf's head noun. */
export function isDepartmentLabel(classifier: ClassifierIndex, words: readonly string[], leaf: IndexedLeaf): boolean {
  const stems = words.filter((word) => !isGroupWord(word)).map(stemForIndex);
  if (stems.length === 0) return false;
  const levels = readLevelStems(classifier);
  // Short stems (`пен` of `пены`) begin too many words to be read by their beginning: only equal.
  const related = (stem: string, other: string): boolean => stem === other || (Math.min(stem.length, other.length) >= MIN_SHARED_BEGINNING && isRelatedWord(stem, other, MIN_SHARED_BEGINNING));
  const leafNouns = leaf.names.map((name) => name.head[0]).filter((stem) => stem !== undefined);
  return stems.every((stem) => levels.some((level) => related(stem, level))) && !stems.some((stem) => leafNouns.some((noun) => related(stem, noun)));
}

/** The stems of every level above the leaves (both languages), read once per index. */
function readLevelStems(classifier: ClassifierIndex): readonly string[] {
  let found = levelStems.get(classifier);
  if (found === undefined) {
    // A stem this short is a joining word of a Kazakh level (`пен`, `мен`: and) more often than a department's word.
    found = [...new Set(classifier.leaves.flatMap((leaf) => leaf.ancestorStems))].filter((stem) => stem.length >= MIN_LEVEL_STEM);
    levelStems.set(classifier, found);
  }
  return found;
}
