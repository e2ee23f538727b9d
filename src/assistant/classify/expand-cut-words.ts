/**
 * Shop price lists cut words short with a dot (`ЧАЙНИК ЭЛ.`, `Вода газ.`, `Халат жен.`, `КОЛБ. ВАР.`): the reader writes
 * such a word whole before the type is read, so that a row with cut words reads as the same goods written whole (one
 * review key, one answer) and the classifier sees the word the directory uses. The whole word comes from data, never
 * from a list of abbreviations: the words of the leaves the name's own whole head noun names (`чайник` → `Чайники
 * электрические`), the words the directory's leaf names and paths use (`ClassifierIndex.wholeWords`) with the synonyms
 * table's.
 *
 * A cut word is written whole only when its beginning is unambiguous: every candidate word it opens has one stem (the
 * forms of one word), read among the leaves of the name's whole head noun where it names any, else among the directory's
 * words. Two stems (`газ.`: газовый or газированный, no head to tell) leave it cut: a doubt, never a guess. Not cut words: a word the
 * directory writes whole, one ending in a vowel or `й` (Russian cuts a word after a consonant: `Чай.`,
 * `Мясо.`), a name's only word (`ЛЁД.`), a unit, count or code label (`шт.`, `арт.`), a word before a number (`ДЛ. 50`:
 * a size's label) other than what the pack holds (`Вода газ. 1,5 л` is read), a word after a preposition (`в зерн.`). Beside a whole noun of the name a cut word is read as its adjective (`ФУТБ. МЯЧ`, `Халат жен.`).
 */
import { CODE_LABEL_WORDS } from '../match-columns.js';
import { GENITIVE_FORM } from './known-brands.js';
import { listSynonymWords } from '../category-synonyms.js';
import { tokenizeForMatch, UNIT_TOKENS } from '../normalize-for-match.js';
import type { ClassifierIndex } from './classifier-types.js';
import { stemForIndex } from './stem-for-index.js';
import { isCyrillicWord } from './is-cyrillic-word.js';

/** What cut words are read against: built once per directory (`readCutWordVocabulary`). */
export interface CutWordVocabulary {
  /** Whole words (normalised, Cyrillic, three letters or more), sorted: the candidates a beginning opens are one range. */
  readonly sorted: readonly string[];
  readonly known: ReadonlySet<string>;
  /** Head stem → the words of the names of the leaves with that head (the directory's, read on first use). */
  readonly leafWords: (headStem: string) => readonly string[];
}

// A word cut short is two Cyrillic letters or more and a dot, then a space, the end, or a separator (`readCuts`); not inside a
// code (`т.д.`, `к-т.`) nor a word of other letters (`Mr.`).
const AFTER_CUT = /[\s,;)/]/u;
const BEFORE_CUT = /[\p{L}\p{N}./-]/u;
const CYRILLIC_LETTER = /[\u0400-\u04ff]/u;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;
// A number right after a cut word's dot, and the word after it.
const NUMBER_AFTER = /^\.\s*\d[\d.,]*\s*(\p{L}*)/u;
// What a pack holds: a number with one of these is the goods' measure, never a cut word's value. The pieces a set holds
// (`Констр. 512 деталей`, `Конструктор 35 эл.`, `Набор инстр. 108 предм.`) are counted so too: no size or model is counted in pieces.
const CONTENT_UNITS: ReadonlySet<string> = new Set(['г', 'гр', 'кг', 'мл', 'л', 'шт', 'g', 'kg', 'ml', 'дет', 'деталей', 'детали', 'деталь', 'эл', 'элементов', 'элемента', 'предм', 'предметов', 'предмета']);
const AFTER_PREPOSITION = /(?:^|[\s/])(?:для|д\/|в|во|на|с|со|из|от|по|под|к|без|при)\s*$/iu;
// Russian cuts a word after a consonant: a word ending in a vowel, `й` or a sign is whole (`Чай.`, `Мясо.`).
const ENDS_WHOLE = /[аеёиоуыэюяйьъ]$/u;
const ADJECTIVE = /(?:ый|ий|ой|ая|яя|ое|ее|ые|ие|ого|его|ых|их|ую|юю)$/u;
// Nouns that end as an adjective does (`отопление`, `покрытие`, `изделие`): a vowel before `-ние`, or `-тие`, `-лие`, `-вие`.
const NOUN_IN_IE = /(?:[аеёиоуыэюя]ние|тие|лие|вие)$/u;
// The fewest letters a cut word must keep to be read from the whole directory or file; the head noun's leaves may read two (`эл.`).
const MIN_WIDE_CUT = 3;
const vocabularies = new WeakMap<ClassifierIndex, CutWordVocabulary>();

/** The directory's cut-word vocabulary of an index, built once per index. */
export function readCutWordVocabulary(index: ClassifierIndex): CutWordVocabulary {
  let known = vocabularies.get(index);
  if (known === undefined) vocabularies.set(index, (known = buildVocabulary(index)));
  return known;
}

function buildVocabulary(index: ClassifierIndex): CutWordVocabulary {
  const words = [...new Set([...index.wholeWords, ...listSynonymWords()].filter(isVocabularyWord))].sort();
  const byHead = new Map<string, string[]>();
  const leafWords = (headStem: string): readonly string[] => {
    let found = byHead.get(headStem);
    if (found === undefined) {
      const positions = index.byHeadStem[headStem] ?? [];
      found = [...new Set(positions.flatMap((at) => (index.leaves[at]?.names ?? []).flatMap((name) => tokenizeForMatch(name.text))).filter(isVocabularyWord))];
      byHead.set(headStem, found);
    }
    return found;
  };
  return { sorted: words, known: new Set(words), leafWords };
}

function isAdjective(word: string): boolean {
  return ADJECTIVE.test(word) && !NOUN_IN_IE.test(word);
}

function isVocabularyWord(word: string): boolean {
  return word.length >= MIN_WIDE_CUT && isCyrillicWord(word);
}

/** One cut word of a name: where it stands (its letters, without the dot) and its letters normalised. */
interface FoundCut {
  at: number;
  length: number;
  written: string;
  word: string;
}

// Every second name of a price list has a dot (`мод. 12`, `60 табл.`): the name is read from its dots, never letter by letter.
function readCuts(name: string): FoundCut[] {
  const found: FoundCut[] = [];
  for (let dot = name.indexOf('.'); dot !== -1; dot = name.indexOf('.', dot + 1)) {
    const at = findCyrillicRunStart(name, dot);
    if (dot - at < 2 || (at > 0 && BEFORE_CUT.test(name.charAt(at - 1))) || (dot + 1 < name.length && !AFTER_CUT.test(name.charAt(dot + 1)))) continue;
    const written = name.slice(at, dot);
    const word = written.toLowerCase().replace(/ё/gu, 'е');
    if (ENDS_WHOLE.test(word) || UNIT_TOKENS.has(word) || CODE_LABEL_WORDS.has(word)) continue;
    // `ДЛ. 50`, `мод. 12`, `шир. 20 см`: a word before a number is that number's label, no word of the goods, unless the number
    // is what the pack holds (`Вода газ. 1,5 л`, `КОЛБ. ВАР. 500 г`).
    const number = NUMBER_AFTER.exec(name.slice(dot));
    if (number !== null && !CONTENT_UNITS.has((number[1] ?? '').toLowerCase())) continue;
    // `Кофе в зерн.`, `д/сух. волос`: a word after a preposition is a noun's or its phrase's, which the head noun never explains.
    if (AFTER_PREPOSITION.test(name.slice(0, at))) continue;
    found.push({ at, length: written.length, written, word });
  }
  return found;
}

/** Where the run of Cyrillic letters that ends before `end` begins (`end` itself when none does). */
function findCyrillicRunStart(name: string, end: number): number {
  let at = end;
  while (at > 0 && isCyrillicLetter(name.charCodeAt(at - 1))) at--;
  return at;
}

function isCyrillicLetter(code: number): boolean {
  return code >= 0x0400 && code <= 0x04ff;
}

/** The normalised word nearest before `from` (none before `limit`) or, `forward`, the first after it. */
function readWordBeside(name: string, from: number, forward: boolean, limit = 0): string | undefined {
  let at = from;
  const step = forward ? 1 : -1;
  const charAt = (position: number): string => name.charAt(forward ? position : position - 1);
  const inside = (position: number): boolean => (forward ? position < name.length : position > limit);
  while (inside(at) && !WORD_CHARACTER.test(charAt(at))) at += step;
  const edge = at;
  while (inside(at) && WORD_CHARACTER.test(charAt(at))) at += step;
  if (at === edge) return undefined;
  const tokens = tokenizeForMatch(forward ? name.slice(edge, at) : name.slice(at, edge));
  return forward ? tokens.at(0) : tokens.at(-1);
}

/**
 * The name with each cut word it writes whole that the vocabulary reads unambiguously (see the file comment), in the
 * name's case (`ЭЛ.` → `ЭЛЕКТРИЧЕСКИЙ`), the dot dropped; the name itself when there is none.
 */
export function expandCutWords(name: string, vocabulary: CutWordVocabulary | undefined, countWords?: ReadonlySet<string>): string {
  if (vocabulary === undefined) return name;
  const joined = name.includes('-') ? expandHyphenCuts(name, vocabulary, countWords) : name;
  // A name of cut words only (`КОЛБ. ВАР.`): the head read whole in the first pass names the leaves the second reads by.
  const once = expandOnce(joined, vocabulary, countWords);
  if (once === joined) return joined;
  return expandOnce(once, vocabulary, countWords);
}

// A word cut in its middle by a hyphen, 1C's way (`СР-ВО` = средство, `П-ВО`): its first and last letters, each part three letters at most.
const HYPHEN_CUT = /(?<![\p{L}\p{N}-])([\u0400-\u04ff]{1,3})-([\u0400-\u04ff]{1,3})(?![\p{L}\p{N}-])/gu;

/**
 * `СР-ВО Д/СТЕКОЛ` → `СРЕДСТВО Д/СТЕКОЛ`: a word the name cuts in its middle with a hyphen is written whole where the directory
 * has one word (one stem) that opens with its first part and ends with its last; else it is left as written (its two stubs
 * then name no type: `ср` keyed every `СР-ВО` of a shop, dish and glass cleaners alike). A count (`к-т`) is no cut word.
 */
function expandHyphenCuts(name: string, vocabulary: CutWordVocabulary, countWords: ReadonlySet<string> | undefined): string {
  return name.replace(HYPHEN_CUT, (written: string, first: string, last: string) => {
    const start = first.toLowerCase().replace(/ё/gu, 'е');
    const end = last.toLowerCase().replace(/ё/gu, 'е');
    if (start.length + end.length < 3 || countWords?.has(`${start}${end}`) === true || vocabulary.known.has(`${start}${end}`)) return written;
    // The last part ends in the cut word's own ending (`-во` of `средство`), which the directory may write in another form (`Средства`).
    const core = end.length > 1 ? end.replace(/[аеиоуыэюяь]$/u, '') : end;
    const candidates = readRange(vocabulary.sorted, start).filter((word) => word.length > start.length + end.length && (word.endsWith(end) || stemForIndex(word).endsWith(core)));
    if (candidates.length === 0 || new Set(candidates.map(stemForIndex)).size > 1) return written;
    const whole = [...candidates].sort((a, b) => a.length - b.length || (a < b ? -1 : 1))[0] ?? '';
    return written === written.toUpperCase() ? whole.toUpperCase() : whole;
  });
}

function expandOnce(name: string, vocabulary: CutWordVocabulary, countWords: ReadonlySet<string> | undefined): string {
  // A word the directory writes whole (`лед`) is no cut word.
  const cuts = readCuts(name).filter((cut) => countWords?.has(cut.word) !== true && !vocabulary.known.has(cut.word));
  if (cuts.length === 0) return name;
  const cutWords = new Set(cuts.map((cut) => cut.word));
  const tokens = tokenizeForMatch(name);
  // A name's only word with a dot (`ЛЁД.`) is a whole word a sentence's dot ends more often than a cut one.
  if (tokens.length < 2) return name;
  // The name's whole nouns: the first says which form an adjective takes; those that head leaves of the directory say what
  // a cut word beside them means.
  const nouns = tokens.filter((word) => !cutWords.has(word) && isVocabularyWord(word) && !isAdjective(word));
  const headStems = new Set(nouns.map(stemForIndex).filter((stem) => vocabulary.leafWords(stem).length > 0));
  const context: CutContext = { name, tokens, nouns, headStems, firstAt: name.search(/\p{L}/u) };
  let expanded = name;
  for (const cut of [...cuts].reverse()) {
    // Only the word beside is tokenised: a slice of each name would be a text of its own in the tokeniser's cache.
    const before = readWordBeside(name, cut.at, false, context.firstAt);
    const after = readWordBeside(name, cut.at + cut.length + 1, true);
    const beside = [before, after].find((word) => word !== undefined && nouns.includes(word));
    // After another cut word, with no whole noun beside it, the word before is read first (`КОЛБ. ВАР.`, `ВЛАЖН. САЛФ.`): the
    // next pass reads this one beside it.
    if (beside === undefined && before !== undefined && cutWords.has(before)) continue;
    const whole = readWholeWord(cut, context, vocabulary, before, beside);
    if (whole === undefined) continue;
    const cased = cut.written === cut.written.toUpperCase() ? whole.toUpperCase() : /^\p{Lu}/u.test(cut.written) ? `${whole.charAt(0).toUpperCase()}${whole.slice(1)}` : whole;
    expanded = `${expanded.slice(0, cut.at)}${cased}${expanded.slice(cut.at + cut.length + 1)}`;
  }
  return expanded;
}

/** What the rest of a name says about its cut words. */
interface CutContext {
  tokens: readonly string[];
  /** Whole words of the name not in an adjective's form. */
  nouns: readonly string[];
  /** The stems of those nouns that head leaves of the directory. */
  headStems: ReadonlySet<string>;
  /** The name the cut words are read in. */
  name: string;
  /** Where the name's first word begins. */
  firstAt: number;
}

/** The whole word of one cut word, or undefined when no source reads it unambiguously. */
function readWholeWord(cut: FoundCut, context: CutContext, vocabulary: CutWordVocabulary, before: string | undefined, beside: string | undefined): string | undefined {
  const { headStems } = context;
  // A candidate is a longer word the cut opens.
  const accept = (word: string): boolean => word.length > cut.word.length && word.startsWith(cut.word);
  // Right beside a whole noun, or after a noun read whole (`КОЛБАСЫ ВАР.`), a cut word qualifies the goods: an adjective
  // (`ФУТБ. МЯЧ`, `Халат жен.`) or a noun's genitive (`БАТАРЕЯ ОТОПЛ.`), never another noun (`варенье`), unless the head
  // noun's own leaves say so. After an adjective (`ВЛАЖНЫЕ САЛФ.`) it may be the noun; after a Latin word (`Lego City Констр.`,
  // a brand or model) too: a Russian word agrees with no Latin one.
  const qualifies = beside !== undefined || (before !== undefined && isCyrillicWord(before) && !isAdjective(before));
  const headLeaves = [...new Set([...headStems].flatMap((stem) => vocabulary.leafWords(stem)))].filter(accept);
  const sources: (readonly string[])[] = [headLeaves];
  // Where a whole noun of the name heads leaves, only those leaves say what a cut word beside it is: a word none of them
  // uses (`ПАЛАТКА ТУРИСТ.` beside `Палатки`) changes no pick, and written whole it is one more word to ask about.
  // A cut word no Cyrillic word comes before, and no whole noun stands beside, is where the type's head noun stands (`Констр.
  // Magformers, Замок 35 эл.`): a noun further on (a set's theme) is no head it qualifies, so the directory's words read it too.
  const opensType = beside === undefined && !CYRILLIC_LETTER.test(context.name.slice(0, cut.at));
  if (cut.word.length >= MIN_WIDE_CUT && (headStems.size === 0 || opensType)) {
    sources.push(readRange(vocabulary.sorted, cut.word).filter((word) => accept(word) && (!qualifies || isAdjective(word) || GENITIVE_FORM.test(word))));
  }
  for (const candidates of sources) {
    if (candidates.length === 0) continue;
    const stems = new Set(candidates.map(stemForIndex));
    if (stems.size > 1) return undefined;
    return chooseForm(candidates, context.tokens.filter((word) => word !== cut.word), beside);
  }
  return undefined;
}

/** The words of a sorted list that start with `start`. */
export function readRange(sorted: readonly string[], start: string): string[] {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] ?? '') < start) low = middle + 1;
    else high = middle;
  }
  const found: string[] = [];
  for (let at = low; at < sorted.length && (sorted[at] ?? '').startsWith(start); at++) found.push(sorted[at] ?? '');
  return found;
}

/**
 * The form to write of one word's candidate forms: the name's own, else the adjective's form that agrees with the head noun (`чайник` → `электрический`), else the shortest.
 */
function chooseForm(candidates: readonly string[], tokens: readonly string[], head: string | undefined): string {
  const stem = stemForIndex(candidates[0] ?? '');
  const own = tokens.find((word) => word.startsWith(stem) && stemForIndex(word) === stem);
  if (own !== undefined) return own;
  const forms = new Set(candidates);
  const agreeing = head === undefined ? undefined : agreeWith(head, [...forms]);
  if (agreeing !== undefined) return agreeing;
  return [...forms].sort((a, b) => a.length - b.length || (a < b ? -1 : 1))[0] ?? '';
}

// The adjective endings that agree with a noun by its ending: plural, feminine, neuter, masculine.
const AGREEMENT: readonly (readonly [RegExp, RegExp, string, string])[] = [
  [/[ыи]$/u, /(?:ые|ие)$/u, 'ые', 'ие'],
  [/[ая]$/u, /(?:ая|яя)$/u, 'ая', 'яя'],
  [/[оеё]$/u, /(?:ое|ее)$/u, 'ое', 'ее'],
  [/[^аеёиоуыэюяь]$/u, /(?:ый|ий|ой)$/u, 'ый', 'ий'],
];
// Stems that take the `и` endings (`электрическ-ие`, `синие`): after `к`, `г`, `х`, `ж`, `ш`, `ч`, `щ` in the plural and masculine.
const SOFT_STEM = /[кгхжшчщ]$/u;

/** The form of an adjective among `forms` that agrees with the noun `head`, or one made from another form's stem; undefined for no adjective. */
function agreeWith(head: string, forms: readonly string[]): string | undefined {
  const rule = AGREEMENT.find(([noun]) => noun.test(head));
  const adjectives = forms.filter(isAdjective);
  if (rule === undefined || adjectives.length === 0) return undefined;
  const [, ending, hard, soft] = rule;
  const found = adjectives.find((word) => ending.test(word));
  if (found !== undefined) return found;
  const base = (adjectives[0] ?? '').replace(ADJECTIVE, '');
  // `-ая` after any of these letters but a soft stem's (`синяя`); the others take `-ие`/`-ий` after them.
  const isSoft = SOFT_STEM.test(base) && hard !== 'ая' && hard !== 'ое';
  return `${base}${isSoft ? soft : hard}`;
}
