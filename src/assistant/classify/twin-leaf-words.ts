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
import { isDerivedStem } from '../read-word-forms.js';
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
  /**
   * The word is of the leaf's Kazakh name: said only by its own stem. Another derivation of a start is a Russian reading
   * (`гранулы`, `гранулированный`); a Kazakh word's start is often a Russian word with a Kazakh ending (`пакеттегі` "in a
   * packet" of bagged tea is no `пакет` a loose tea comes in).
   */
  kazakh?: true;
}

/** A twin of a leaf, the words its name says that the leaf's does not, and the leaf's own words the twin's does not say. */
interface Twin {
  leafId: number;
  words: TwinWord[];
  ownWords: TwinWord[];
}

// A shorter stem is a preposition, a conjunction or a unit (`в`, `и`, `г`), never the word a kind is told by; nor is a
// longer preposition (`для`, `без`: `Средства для кухни` and `Дезинфицирующие средства` are not told apart by `для`).
const SHORTEST_STEM = 3;
const PREPOSITIONS: ReadonlySet<string> = new Set(['для', 'без', 'при', 'под', 'над', 'или', 'про', 'через', 'около', 'против', 'после', 'перед', 'между', 'вместо', 'кроме', ...readKazakhFunctionWords()]);
// The short ones, which end a leaf's head as the long ones do (`Шлемы и защита` is no purpose: `и` is not here).
const SHORT_PREPOSITIONS: ReadonlySet<string> = new Set(['в', 'во', 'на', 'от', 'по', 'из', 'к', 'ко', 'с', 'со', 'у', 'о', 'об']);
/** Whether a word (normalised) is a preposition, short or long (`на`, `для`), `или`, or a Kazakh function word: it joins words, naming nothing. */
export function isPreposition(word: string): boolean {
  return PREPOSITIONS.has(word) || SHORT_PREPOSITIONS.has(word);
}
// `с`/`со` after the goods: what they come with (`Аквариум Juwel 75 с освещением`), not what they are.
const COMPOSITION: ReadonlySet<string> = new Set(['с', 'со']);
// A word cut short with a dot (`мол.`, `гран.`, `пак.`), as the name writes it: at least three letters.
const CUT_WORD = /(\p{L}{3,})\./gu;
const COUNT = /^\d+$/u;
// The units a count of packed goods is written in (`100 пак`, `20 саше`): after a count only these are a unit cut short. Any
// other word after a number is the name going on (`5 лет`, `2 в 1`), never a twin's word (`лет` of `Летние шины`).
const PACK_UNITS: ReadonlySet<string> = new Set(['пак', 'пакет', 'пакетов', 'пакетиков', 'пакетика', 'саше', 'стик', 'стиков', 'капс', 'капсул', 'капсулы', 'таб', 'табл', 'таблеток', 'пир', 'пирам', 'пирамидок']);

const LETTERS = /^\p{L}+$/u;

const twinsOf = new WeakMap<ClassifierIndex, Map<number, Twin[]>>();

/** A word of a name as the twins' words are compared with it. */
interface SaidWord {
  word: string;
  stem: string;
  cut: boolean;
  kids: boolean;
  /** The word is one of the answered type's. */
  typed: boolean;
}

/**
 * The twin leaf (see the file comment) whose word the name says outside the answered type `type`, while it says none of the
 * answered leaf's own words that twin lacks (`Чай пак. Пиала черный` under `чай` answered `Чай в пакетиках` is both, and the
 * answer stands), or undefined. `leafId` is the answered leaf. What the goods come with (`Аквариум … с освещением`) is not read.
 */
export function findTwinNamedOutsideType(index: ClassifierIndex, leafId: number, name: string, type: string): number | undefined {
  const twins = readTwins(index, leafId);
  if (twins.length === 0) return undefined;
  const said = readSaidWords(name, new Set(tokenizeForMatch(type)));
  const outside = said.filter((word) => !word.typed);
  if (outside.length === 0) return undefined;
  const says = (words: readonly TwinWord[], among: readonly SaidWord[]): boolean => words.some((twinWord) => among.some((word) => saysTwinWord(word, twinWord)));
  return twins.find((twin) => says(twin.words, outside) && !says(twin.ownWords, said))?.leafId;
}

function readSaidWords(name: string, typeWords: ReadonlySet<string>): SaidWord[] {
  const all = tokenizeForMatch(name);
  const composition = all.findIndex((word, at) => at > 0 && COMPOSITION.has(word));
  const tokens = composition < 0 ? all : all.slice(0, composition);
  const cut = new Set([...name.toLowerCase().replace(/ё/gu, 'е').matchAll(CUT_WORD)].map((match) => match[1] ?? ''));
  // A count's unit is written cut short with or without the dot (`20 пак.`, `100 пак`: packets).
  tokens.forEach((word, at) => {
    if (at > 0 && COUNT.test(tokens[at - 1] ?? '') && PACK_UNITS.has(word)) cut.add(word);
  });
  return tokens
    .map((word, at) => ({ word, at }))
    .filter(({ word }) => LETTERS.test(word) && !PREPOSITIONS.has(word))
    .map(({ word, at }) => ({ word, stem: stemForIndex(word), cut: cut.has(word) && word.length >= SHORTEST_STEM, kids: isChildFor(tokens, at), typed: typeWords.has(word) }));
}

/**
 * Whether the word at `at` is a child the goods are for, after `для` (`для девочки`, `для мальчика`): elsewhere a word that
 * opens like one is as often a brand (`Детримакс`, `Navigator Kids`). A child's word the twin's own name says (`детский`) is
 * read by its stem.
 */
function isChildFor(tokens: readonly string[], at: number): boolean {
  return tokens[at - 1] === 'для' && findDemographicMark(tokens[at] ?? '')?.kids === true;
}

function saysTwinWord(said: SaidWord, twin: TwinWord): boolean {
  // `дет.` cut short says the children's twin as `для девочки` does.
  if (twin.kids) return said.kids || said.stem === twin.stem || (said.cut && twin.word.startsWith(said.word));
  if (twin.kazakh === true) return said.stem === twin.stem;
  if (said.cut && twin.word.startsWith(said.word)) return true;
  return isDerivedStem(said.stem, twin.stem);
}

/**
 * Kazakh conjunctions and postpositions, as written and as typed on a Russian keyboard: `Песочницы и игрушки для песка` is
 * `… мен …` in Kazakh, and `мен` ("and") is no word a twin is told apart by, as `и` and `для` are not.
 */
function readKazakhFunctionWords(): string[] {
  return ['мен', 'бен', 'пен', 'және', 'жане', 'арналған', 'арналган', 'үшін', 'ушин', 'ушін', 'қарсы', 'карсы', 'кейінгі', 'кейинги', 'кейін', 'кейин'];
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
  const twins: Twin[] = [];
  for (const other of index.leaves) {
    if (other.id === leaf.id || other.catchAll || readParentPath(other) !== parent) continue;
    const theirs = readLeafWords(other);
    // The same goods: a word of the head shared (`чай` of `Чай в пакетиках` and `Чай чёрный`), not of the purpose (`волос` of
    // `Сыворотки для волос` and `Средства против выпадения волос`).
    if (![...theirs.head].some((stem) => own.head.has(stem))) continue;
    const words = tellApart(theirs.words, own.words);
    if (words.length > 0) twins.push({ leafId: other.id, words, ownWords: tellApart(own.words, theirs.words) });
  }
  return twins;
}

/** The words of `words` that `other` does not say (a child's word said by both is no difference). */
function tellApart(words: readonly TwinWord[], other: readonly TwinWord[]): TwinWord[] {
  const stems = new Set(other.map((word) => word.stem));
  const kids = other.some((word) => word.kids);
  return words.filter((word) => !stems.has(word.stem) && !(word.kids && kids));
}

function readParentPath(leaf: IndexedLeaf): string {
  return leaf.path.split(' / ').slice(0, -1).join(' / ');
}

/**
 * The words of a leaf's own name (Russian and Kazakh), each with its stem, prepositions and numbers left out; and the stems of its Russian head,
 * the words before the first preposition, children's words left out (`велосипед` of `Детские велосипеды`).
 */
function readLeafWords(leaf: IndexedLeaf): { words: TwinWord[]; head: Set<string> } {
  const tokens = tokenizeForMatch(leaf.path.split(' / ').at(-1) ?? '');
  const purpose = tokens.findIndex(isPreposition);
  const read = (list: readonly string[]): TwinWord[] =>
    list
      .filter((word) => LETTERS.test(word) && !PREPOSITIONS.has(word))
      .map((word) => ({ word, stem: stemForIndex(word), kids: findDemographicMark(word)?.kids === true }))
      .filter((word) => word.stem.length >= SHORTEST_STEM || word.kids);
  const head = read(purpose < 0 ? tokens : tokens.slice(0, purpose)).filter((word) => !word.kids);
  // The Kazakh name's words too (`көк` of `Көк шай`): a Kazakh name says the leaf's own word in Kazakh.
  const kazakh = read(tokenizeForMatch(leaf.pathKaz.split(' / ').at(-1) ?? '')).map((word): TwinWord => ({ ...word, kazakh: true }));
  return { words: [...read(tokens), ...kazakh], head: new Set(head.map((word) => word.stem)) };
}
