/**
 * A word of the product type that the proposed leaf does not explain, while another leaf of the same goods does, names that
 * leaf: `ножей` of `Точилка для ножей` against stationery `Точилки`, beside `Кухонные принадлежности / Ножеточки` (the
 * purpose's noun opens its compound name); `ванной` of `Полка для ванной` against furniture `Стеллажи и полки`, beside
 * `Ванная комната / Полки для ванной` (its name says it). Whether that leaf is of the same top-level section or
 * another, the word is what tells the two apart: the proposal is no line a group's one `yes` takes.
 */
import type { ClassifierIndex, IndexedLeaf } from './classifier-types.js';

/** A word of the type (its stem, and as written) the proposed leaf does not explain. */
export interface TypeWord {
  stem: string;
  word: string;
}

/** The word and the leaf of the same goods that explains it. */
export interface SameGoodsWord {
  word: string;
  leaf: IndexedLeaf;
}

/** How a stem of the type is said by a leaf's words: whether it does (`explainsByLeaf`'s reading, against given words). */
export type ExplainsByWords = (words: ReadonlySet<string>, heads: readonly string[], stem: string, word: string) => boolean;

/**
 * The shortest root a compound's end shares with the goods' noun (`точ` of `ножеточк` and `точилк`), and the shortest word
 * that opens a compound: the purpose's noun of a compound name (`нож`, `чай`) is often three letters long.
 */
const SHORTEST_COMPOUND_PART = 3;

/** The vowels that join the two stems of a Russian compound (`нож-е-точки`, `пыл-е-сос`). */
const LINKING_VOWEL = /^[оеи]/u;

const ownWords = new WeakMap<IndexedLeaf, Set<string>>();

/**
 * The stems of a leaf's own names (what it is and what for, both languages), read once per leaf. Its levels are left out: a
 * branch (`Прогулки и поездки`) sorts kinds its leaves need not be (`Коляски 2 в 1` is no pushchair said `прогулочная`), and a
 * word shorter than a root (`и`, `в`, `2`) would open any word.
 */
function readOwnWords(leaf: IndexedLeaf): Set<string> {
  let words = ownWords.get(leaf);
  if (words === undefined) {
    words = new Set();
    for (const name of leaf.names) for (const stem of [...name.head, ...name.purpose]) if (Array.from(stem).length >= SHORTEST_COMPOUND_PART) words.add(stem);
    ownWords.set(leaf, words);
  }
  return words;
}

const compoundsByStart = new WeakMap<ClassifierIndex, Map<string, { leaf: IndexedLeaf; end: string }[]>>();

/**
 * Every one-word name of the directory by each start it may open with (`нож` → `Ножеточки`, end `точк`), read once per index:
 * a start of `SHORTEST_COMPOUND_PART` letters or more that leaves an end as long.
 */
function readCompoundsByStart(index: ClassifierIndex): Map<string, { leaf: IndexedLeaf; end: string }[]> {
  const known = compoundsByStart.get(index);
  if (known !== undefined) return known;
  const byStart = new Map<string, { leaf: IndexedLeaf; end: string }[]>();
  for (const leaf of index.leaves) {
    // Only a one-word name is its goods' compound: in `Горнолыжные костюмы` the compound qualifies the suits, no skis.
    for (const head of new Set(leaf.names.flatMap((name) => (name.head.length === 1 ? name.head : [])))) {
      for (let at = SHORTEST_COMPOUND_PART; head.length - at >= SHORTEST_COMPOUND_PART + 1; at += 1) {
        const end = head.slice(at).replace(LINKING_VOWEL, '');
        if (end.length < SHORTEST_COMPOUND_PART) continue;
        const start = head.slice(0, at);
        byStart.set(start, [...(byStart.get(start) ?? []), { leaf, end }]);
      }
    }
  }
  compoundsByStart.set(index, byStart);
  return byStart;
}

/** Whether a compound's end shares the root of one of the goods' nouns (`точк` of `точилк`). */
function endsInNoun(end: string, nouns: readonly string[]): boolean {
  return nouns.some((noun) => noun.length >= SHORTEST_COMPOUND_PART && noun.slice(0, SHORTEST_COMPOUND_PART) === end.slice(0, SHORTEST_COMPOUND_PART));
}

/**
 * The first of `words` that a leaf other than `best` explains, where that leaf is of the same goods: a name of it has one of
 * `nouns` (the stems of the best leaf's name the type says as nouns) and its names say the word (`Полки для ванной`), or its compound head opens with the word and ends in a noun's root
 * (`Ножеточки` for `ножей` and `точилка`), and says every word of the type (`typeWords`) the best leaf's own names say beside
 * the nouns, with that leaf.
 */
export function findSameGoodsWord(index: ClassifierIndex, best: IndexedLeaf, nouns: readonly string[], words: readonly TypeWord[], typeWords: readonly TypeWord[], explains: ExplainsByWords): SameGoodsWord | undefined {
  if (nouns.length === 0) return undefined;
  // `Тканевая маска для лица` under `Тканевые маски`, beside `Маски для лица`: a leaf that misses a word of the type the best
  // leaf's own name says is no narrower answer, only the broader goods; it must say every such word too.
  const kind = typeWords.filter((item) => !nouns.includes(item.stem) && readOwnWords(best).has(item.stem));
  const saysKind = (leaf: IndexedLeaf): boolean => kind.every((item) => explains(readOwnWords(leaf), leaf.names.flatMap((name) => name.head), item.stem, item.word));
  const sameHead = [...new Set(nouns.flatMap((noun) => index.byHeadStem[noun] ?? []))].map((at) => index.leaves[at]).filter((leaf): leaf is IndexedLeaf => leaf !== undefined && leaf.id !== best.id && saysKind(leaf));
  for (const { stem, word } of words) {
    if (Array.from(stem).length < SHORTEST_COMPOUND_PART) continue;
    const named = sameHead.find((leaf) => explains(readOwnWords(leaf), leaf.names.flatMap((name) => name.head), stem, word));
    if (named !== undefined) return { word, leaf: named };
    const compound = (readCompoundsByStart(index).get(stem) ?? []).find((item) => item.leaf.id !== best.id && endsInNoun(item.end, nouns) && saysKind(item.leaf));
    if (compound !== undefined) return { word, leaf: compound.leaf };
  }
  return undefined;
}
