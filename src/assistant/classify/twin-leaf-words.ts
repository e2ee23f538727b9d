/**
 * The twin leaves of an answered leaf that a name names (issue 33, the review loop). A seller answers a product type (`чай`,
 * `кофе`, `велосипед`) by the goods most of its rows are; the answer then reaches every name of that type. A twin of the
 * answered leaf is a leaf beside it (the same parent) of the same goods (a word of its name shared): `Чай в пакетиках` and
 * `Чай гранулированный` beside `Чай чёрный`, `Кофе молотый` beside `Кофе растворимый`, `Детские велосипеды` beside
 * `Велосипеды`. A name whose words outside the answered type say the word a twin is told apart by (`Чай Казахстанский в
 * пакетиках`, `Кофе Movenpick молотый`), cut short with a dot (`Кофе Gutenberg мол.`, `Чай Шах гран.`), or the age the twin's
 * own name says (`Велосипед Navigator Kids 16" для девочки`), is that twin's goods, not the answer's: the answer was given for
 * the plain type, and the seller never saw these words. Such a name is read as if no answer reached it.
 */
import { findDemographicMark } from '../demographic-words.js';
import { tokenizeForMatch } from '../normalize-for-match.js';
import type { ClassifierIndex, IndexedLeaf } from './classifier-types.js';
import { readLeavesById } from './read-leaves-by-id.js';
import { stemForIndex } from './stem-for-index.js';

/** One word a twin leaf is told apart from the answered leaf by. */
interface TwinWord {
  /** The word as the leaf name writes it, normalised (`пакетиках`). */
  word: string;
  stem: string;
  /** The word names children (`детские`): a name saying a child (`для девочки`, `детский`) says it. */
  kids: boolean;
}

/** A twin of a leaf and the words its name says that the leaf's does not. */
interface Twin {
  leafId: number;
  words: TwinWord[];
}

// A stem this short is a preposition or a unit (`в`, `для`, `3`), never the word a kind is told by.
const SHORTEST_STEM = 3;
// Two stems that start alike for this many letters at least (and for all but two letters of the shorter) are one word in
// another derivation: `гранул` of `гранулы` and `гранулированн`, `пакетик` and `пакетированн`.
const SHARED_START = 5;
const SHARED_START_SLACK = 2;
// A word cut short with a dot (`мол.`, `гран.`, `пак.`), as the name writes it: at least three letters.
const CUT_WORD = /(\p{L}{3,})\./gu;
const COUNT = /^\d+$/u;
const LETTERS = /^\p{L}+$/u;

const twinsOf = new WeakMap<ClassifierIndex, Map<number, Twin[]>>();

/**
 * The twin leaf (see the file comment) whose word the name says outside the answered type `type`, or undefined. `leafId` is
 * the answered leaf.
 */
export function findTwinNamedOutsideType(index: ClassifierIndex, leafId: number, name: string, type: string): number | undefined {
  const twins = readTwins(index, leafId);
  if (twins.length === 0) return undefined;
  const typeWords = new Set(tokenizeForMatch(type));
  const tokens = tokenizeForMatch(name);
  const cut = new Set([...name.toLowerCase().replace(/ё/gu, 'е').matchAll(CUT_WORD)].map((match) => match[1] ?? ''));
  // A count's unit is written cut short with or without the dot (`20 пак.`, `100 пак`: packets).
  tokens.forEach((word, at) => {
    if (at > 0 && COUNT.test(tokens[at - 1] ?? '')) cut.add(word);
  });
  const said = tokens
    .filter((word) => !typeWords.has(word) && LETTERS.test(word))
    .map((word) => ({ word, stem: stemForIndex(word), cut: cut.has(word) && word.length >= SHORTEST_STEM, kids: findDemographicMark(word)?.kids === true }));
  if (said.length === 0) return undefined;
  return twins.find((twin) => twin.words.some((twinWord) => said.some((word) => saysTwinWord(word, twinWord))))?.leafId;
}

function saysTwinWord(said: { word: string; stem: string; cut: boolean; kids: boolean }, twin: TwinWord): boolean {
  if (twin.kids) return said.kids;
  if (said.stem === twin.stem) return true;
  if (said.cut && twin.word.startsWith(said.word)) return true;
  const shared = countSharedStart(said.stem, twin.stem);
  return shared >= SHARED_START && shared >= Math.min(said.stem.length, twin.stem.length) - SHARED_START_SLACK;
}

function countSharedStart(a: string, b: string): number {
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at += 1;
  return at;
}

/** The twins of a leaf, read once per leaf and index. */
function readTwins(index: ClassifierIndex, leafId: number): Twin[] {
  let known = twinsOf.get(index);
  if (known === undefined) twinsOf.set(index, (known = new Map()));
  let twins = known.get(leafId);
  if (twins === undefined) known.set(leafId, (twins = collectTwins(index, leafId)));
  return twins;
}

function collectTwins(index: ClassifierIndex, leafId: number): Twin[] {
  const leaf = readLeavesById(index).get(leafId);
  if (leaf === undefined) return [];
  const parent = readParentPath(leaf);
  const own = readLeafWords(leaf);
  const ownStems = new Set(own.map((word) => word.stem));
  const ownKids = own.some((word) => word.kids);
  const twins: Twin[] = [];
  for (const other of index.leaves) {
    if (other.id === leaf.id || other.catchAll || readParentPath(other) !== parent) continue;
    const words = readLeafWords(other);
    // The same goods: a word of the name shared (`чай` of `Чай в пакетиках` and `Чай чёрный`).
    if (!words.some((word) => !word.kids && ownStems.has(word.stem))) continue;
    const told = words.filter((word) => !ownStems.has(word.stem) && !(word.kids && ownKids));
    if (told.length > 0) twins.push({ leafId: other.id, words: told });
  }
  return twins;
}

function readParentPath(leaf: IndexedLeaf): string {
  return leaf.path.split(' / ').slice(0, -1).join(' / ');
}

/** The words of a leaf's own (Russian) name, each with its stem; prepositions and numbers left out. */
function readLeafWords(leaf: IndexedLeaf): TwinWord[] {
  const name = leaf.path.split(' / ').at(-1) ?? '';
  return tokenizeForMatch(name)
    .filter((word) => LETTERS.test(word))
    .map((word) => ({ word, stem: stemForIndex(word), kids: findDemographicMark(word)?.kids === true }))
    .filter((word) => word.stem.length >= SHORTEST_STEM || word.kids);
}
