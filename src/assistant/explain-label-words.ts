/**
 * Evidence in the directory itself that a word of a label the leaf's names do not hold only
 * qualifies the leaf's goods, so the leaf may stay a confident answer (`Словарь англо-русский`). A word
 * the directory gives no such evidence for stays a question: sellers' modifiers that make the head
 * noun another trade's thing (`Кольца поршневые`, `Диски тормозные`) look no different to a
 * directory that never names them.
 */
import type { ClassifierIndex, IndexedLeaf } from './classify/classifier-types.js';
import { stemForIndex } from './classify/stem-for-index.js';
import { tokenizeForMatch } from './normalize-for-match.js';

/** What the rules read of one directory, built once per classifier index. */
export interface WordEvidence {
  /**
   * Leaf id → the stems of the one-word values of the dictionary attributes the directory links to it, but for values
   * a leaf's name is made of (`Серебряные цепи`): the directory then sorts goods by the value, and the word is that leaf's.
   */
  propertyStems: ReadonlyMap<number, readonly string[]>;
}

/** One way the directory may explain a word of a label (normalised) for a leaf. */
type ExplainingRule = (word: string, leaf: IndexedLeaf, evidence: WordEvidence) => boolean;

// A value stem this long says one thing (`русск`, `английск`); shorter ones open too many words.
const MIN_VALUE_STEM = 4;
// An attribute linked to at most this share of the leaves sorts goods of a few kinds (`Язык издания` of books): its values
// say which of those goods. One linked nearly everywhere (`Материал`, `Цвет`, `Страна производства`) says nothing of the
// leaf: `Ручки золотые` may be furniture handles the directory lacks, though `Золото` is a material of its pens.
const MAX_LINKED_SHARE = 0.05;

const EXPLAINING_RULES: readonly ExplainingRule[] = [isAdjectiveOfLeafProperty];

/** Reads what the rules need of the directory; the matcher reads it once, beside its classifier index. */
export function readWordEvidence(index: ClassifierIndex): WordEvidence {
  const nameStems = [...new Set(index.leaves.flatMap((leaf) => leaf.names.flatMap((name) => tokenizeForMatch(name.text).map(stemForIndex))))];
  const propertyStems = new Map<number, string[]>();
  const maxLinked = MAX_LINKED_SHARE * index.leaves.length;
  for (const { words, leafIds } of index.propertyWords) {
    if (leafIds.length > maxLinked) continue;
    const stems = words.map(stemForIndex).filter((stem) => stem.length >= MIN_VALUE_STEM && !nameStems.some((nameStem) => nameStem.startsWith(stem)));
    for (const id of leafIds) propertyStems.set(id, [...(propertyStems.get(id) ?? []), ...stems]);
  }
  return { propertyStems };
}

/** Whether the directory explains a word of a label (normalised) the leaf's names do not hold. */
export function isExplainedByDirectory(word: string, leaf: IndexedLeaf, evidence: WordEvidence): boolean {
  return EXPLAINING_RULES.some((rule) => rule(word, leaf, evidence));
}

/**
 * `Словарь англо-русский`, `Шампунь для окрашенных`: an adjective made of a value of an attribute
 * the directory links to the leaf and to few others (`Русский` of `Язык издания`) says which of
 * the leaf's goods, not another kind. The word's whole stem is the value's: a word merely beginning
 * with a value is another word (`audio` is no `Audi`, `cherry` no `Chery`).
 */
function isAdjectiveOfLeafProperty(word: string, leaf: IndexedLeaf, evidence: WordEvidence): boolean {
  const stem = stemForIndex(word);
  const values = evidence.propertyStems.get(leaf.id) ?? [];
  return values.some((valueStem) => stem === valueStem || isCombiningFormOf(word, valueStem));
}

/**
 * `англо` of `английск`: the first part of a compound adjective, the value's stem cut shorter and closed by `о`. A value's
 * whole stem closed by `о` is another word (`audio` of `Audi`).
 */
function isCombiningFormOf(word: string, valueStem: string): boolean {
  const base = word.slice(0, -1);
  return word.endsWith('о') && base.length >= MIN_VALUE_STEM && base.length < valueStem.length && valueStem.startsWith(base);
}
