/**
 * The brand words of one seller file, read off the file itself (issue 33). A brand capitalised
 * inside a name written in lower case already ends that name's product type (`Молоко сгущённое
 * Рогачёв`), but the same brand first in a name (`Рогачёв молоко сгущённое`) or in a name in
 * capitals (`КЕФИР АДАЛ 900 МЛ`) says nothing by its case and stayed a word of the type: `адал
 * кефир`, a type of its own that no leaf explains. A word the file writes as a brand is one for
 * all its names.
 *
 * A word counts only when the file shows it as a brand, never as a description: capitalised after
 * the first word of two names at least (names in capitals, and names whose long words are all
 * capitalised, say nothing by their case; nor does a file that writes most names so), never
 * written in lower case after the first word of a name, no adjective and no noun in a genitive's
 * commonest forms (`Перчатки Нитриловые 100 шт`, `Датчик Давления` must not lose the word that may
 * make them another thing); Cyrillic (a Latin word in a Cyrillic name reads as a brand
 * already), four letters or more, and no word of any leaf's name or path (the directory's words
 * describe goods: `Зажигания` in a name in Title Case stays a word).
 *
 * What the goods are is no brand. A name that opens with a Latin brand or a code (`Hatber Альбом
 * д/рис.`, `Corteco Сальник …`, `ML-2883 Втулка …`) has its head noun capitalised by the sentence, and
 * the type reader (`extractProductType`) opens the type at it, the first Cyrillic word: a word that
 * opens the type of at least as many names of the file as show it as a brand is what those goods
 * are, no brand (the type reader itself is not run here: on 100,000 names it would cost seconds). Nor is a
 * word in a noun genitive's form (`-а`, `-я`, `-ы`, `-и`) that every name showing it writes right
 * after one and the same head (`Кубик Рубика`, `Жгут Эсмарха`): the head's eponym, where a brand
 * follows goods of several kinds (`Творог Агуша`, `Кефир Агуша`).
 *
 * A word the file writes in front of many different goods is no type either, whatever its case (`Следопыт Палатка …`,
 * `Следопыт Котелок …`, `Следопыт Нож …`; a shop's note in a language the notes do not list): first in names whose next
 * Cyrillic word opens other names of the file on its own, three different ones at least, it is read as a brand is, so that the
 * goods after it are the type. Read as the type, it made one question of a monitor, RAM and a cooler, and one answer sent them
 * to one leaf. No adjective (`Игровой Монитор`, `Игровая Мышь`: a kind of each) and no word of the directory's. In front of one
 * kind of goods only, it is one where every name writes it as a proper name with the goods capitalised right after it (`Торвикс
 * Сапоги`; never `Тандыр нан`, whose first word the sentence capitalises). A word written right after such a word is the goods.
 */
import { tokenizeForMatch } from '../normalize-for-match.js';
import type { ClassifierIndex } from '../classify/classifier-types.js';
import { stemForIndex } from '../classify/stem-for-index.js';
import { ADJECTIVE_FORM, GENITIVE_FORM } from '../classify/known-brands.js';
import { isShopNotePhrase, markNotesAnywhere } from '../classify/shop-notes.js';
import { CONTAINER_WORDS, COUNT_WORDS } from '../classify/extract-product-type.js';
import { readCutWordVocabulary } from '../classify/expand-cut-words.js';
import { isKindLeadWord } from '../classify/kind-lead-words.js';
import { isCapitalsWord, isWrittenInCapitals } from '../classify/is-written-in-capitals.js';
import { KAZAKH_PURPOSE_WORD } from '../kazakh-purpose-word.js';
import { isKindAbbreviation, readCodeAfterGoods } from '../classify/maker-codes.js';
import { isCyrillicWord } from '../classify/is-cyrillic-word.js';
import { isPreposition } from '../classify/twin-leaf-words.js';

/** A word the file writes as a brand: how many names show it so, and two of them. */
export interface FileBrandWord {
  /** Normalised (`tokenizeForMatch`). */
  word: string;
  names: number;
  examples: string[];
}

/** Accumulates names; `finish` gives the brand words, the most names first. */
export interface FileBrandCollector {
  add(name: string): void;
  finish(): FileBrandWord[];
}

const MIN_NAMES = 2;
// The Russian possessive pronouns (normalised: `ё` as `е`), a closed class of words that say whose, never what.
const POSSESSIVES: ReadonlySet<string> = new Set(['мой', 'моя', 'мое', 'мои', 'твой', 'твоя', 'твое', 'твои', 'наш', 'наша', 'наше', 'наши', 'ваш', 'ваша', 'ваше', 'ваши']);
const MIN_LETTERS = 4;
const EXAMPLES = 2;
const WORD = /[\p{L}\p{N}]+/gu;
const CAPITALISED = /^\p{Lu}\p{Ll}/u;
const LOWER = /^\p{Ll}/u;
// A name in sentence case has a lower-case word of this length after its first word (prepositions are shorter).
const SENTENCE_WORD = 4;
// A noun's genitive singular or nominative plural: `Рубика`, `Эсмарха`.
const NOUN_GENITIVE = /[аяыи]$/u;

/** Creates the collector; `index` gives the directory's words, which are never brands. */
export function createFileBrandCollector(index: ClassifierIndex): FileBrandCollector {
  const capitalised = new Map<string, { names: number; examples: string[]; after: Set<string>; next: Set<string>; hyphened: number }>();
  const lower = new Set<string>();
  // How many names each word heads the product type of.
  const heads = new Map<string, number>();
  // The first word of names → the Cyrillic words that follow it, each the first Cyrillic word after it, and two names.
  const leads = new Map<string, Lead>();
  // The first two words of names (`ивановский текстиль`) → the same, for a maker's name of two words.
  const phraseLeads = new Map<string, Lead>();
  // Cyrillic capitals written right after the goods (`Печенье ВС …`) → the goods they follow, in names not in capitals.
  const codes = new Map<string, Lead>();
  let mixedCase = 0;
  let sentenceCaseNames = 0;
  return {
    add(name) {
      const words = name.match(WORD) ?? [];
      // The type opens at the first Cyrillic word, after any Latin brand or code (as the type reader opens it).
      const opening = words.find((word) => isCyrillicWord(word));
      const head = opening === undefined ? undefined : tokenizeForMatch(opening)[0];
      if (head !== undefined) heads.set(head, (heads.get(head) ?? 0) + 1);
      if (opening === words[0] && head !== undefined) {
        addLead(leads, words, name, head);
        addPhraseLead(phraseLeads, words, name, head);
      }
      if (isWrittenInCapitals(name)) return;
      mixedCase += 1;
      const code = readCodeAfterGoods(name);
      if (head !== undefined && code !== undefined) noteLead(codes, code, head, name);
      const later = words.slice(1);
      const long = (word: string): boolean => Array.from(word).length >= SENTENCE_WORD;
      const sentenceCase = later.some((word) => LOWER.test(word) && long(word));
      if (sentenceCase) sentenceCaseNames += 1;
      // `Сыр Твёрдый Гауда`: a name whose every long word is capitalised says nothing by its case.
      const titleCase = !sentenceCase && later.filter((word) => CAPITALISED.test(word) && long(word)).length >= 2;
      const seen = new Set<string>();
      for (const [i, word] of later.entries()) {
        if (!isCyrillicWord(word)) continue;
        const normalised = tokenizeForMatch(word)[0];
        if (normalised === undefined) continue;
        if (LOWER.test(word)) lower.add(normalised);
        else if (!titleCase && CAPITALISED.test(word) && !seen.has(normalised)) {
          seen.add(normalised);
          const entry = capitalised.get(normalised) ?? { names: 0, examples: [], after: new Set<string>(), next: new Set<string>(), hyphened: 0 };
          entry.names += 1;
          entry.next.add(POSSESSIVES.has(normalised) ? tokenizeForMatch(later[i + 1] ?? '')[0] ?? '' : readBrandSecondWord(later[i + 1]));
          if (isJoinedByHyphen(name, words, i + 1)) entry.hyphened += 1;
          const before = words[i];
          entry.after.add(head !== undefined && before !== undefined && tokenizeForMatch(before)[0] === head ? head : '');
          if (entry.examples.length < EXAMPLES) entry.examples.push(name);
          capitalised.set(normalised, entry);
        }
      }
    },
    finish() {
      const directoryWords = readDirectoryWords(index);
      const found: FileBrandWord[] = [];
      // A file that writes most names in Title Case shows no brand by case at all.
      for (const [word, entry] of sentenceCaseNames * 2 < mixedCase ? [] : capitalised) {
        // `Моё постельное`: a possessive capitalised inside a name opens a maker's name with the word after it, whatever its case
        // or what it names (a pronoun says whose, never what the goods are); only where every name writes the same word after it.
        if (POSSESSIVES.has(word)) {
          const [second = ''] = entry.next.size === 1 ? [...entry.next] : [];
          if (entry.names >= MIN_NAMES && isCyrillicWord(second)) found.push({ word: `${word} ${second}`, names: entry.names, examples: entry.examples });
          continue;
        }
        if (entry.names < MIN_NAMES || lower.has(word) || Array.from(word).length < MIN_LETTERS || ADJECTIVE_FORM.test(word) || GENITIVE_FORM.test(word)) continue;
        const stem = stemForIndex(word);
        if (directoryWords.has(stem) || Object.hasOwn(index.byCompoundEnd, stem)) continue;
        if ((heads.get(word) ?? 0) >= entry.names || isEponym(word, entry.after)) continue;
        // `Фрекен Бок`: a capitalised word every name shows right after the brand is the brand's second word (else `Фрекен Бок
        // Фольга` was the type `бок`, one question for the shop's foil and bin bags).
        const second = entry.next.size === 1 ? [...entry.next][0] ?? '' : '';
        // `Текс-Дизайн`: a word every name joins to the brand by a hyphen is the brand's, whatever else it may name.
        const describes = second === '' || (entry.hyphened < entry.names && (ADJECTIVE_FORM.test(second) || directoryWords.has(stemForIndex(second)) || Object.hasOwn(index.byCompoundEnd, stemForIndex(second))));
        found.push({ word: describes ? word : `${word} ${second}`, names: entry.names, examples: entry.examples });
      }
      found.push(...findMakerCodes(codes, lower, index, directoryWords));
      return addLeadBrands(found, leads, phraseLeads, heads, index, directoryWords).sort((a, b) => b.names - a.names || a.word.localeCompare(b.word));
    },
  };
}

/**
 * The lead pass: the brands read by case (`found`) with the first words of names that are no type (`findLeadBrands`) the case
 * reading did not take, less any word written right after a lead brand (the goods of its names).
 */
function addLeadBrands(found: readonly FileBrandWord[], leads: ReadonlyMap<string, Lead>, phraseLeads: ReadonlyMap<string, Lead>, heads: ReadonlyMap<string, number>, index: ClassifierIndex, directoryWords: ReadonlySet<string>): FileBrandWord[] {
  const taken = new Set(found.map((brand) => brand.word));
  const vocabulary = readCutWordVocabulary(index);
  // A shop's note or a count the type reader drops already (`Акция`, `дана`) needs no reading of its own.
  const isNote = (word: string): boolean => isShopNotePhrase([word]) || markNotesAnywhere([word]) !== undefined || COUNT_WORDS.has(word);
  const isNoGoodsWord = (word: string): boolean => !isNote(word) && !directoryWords.has(stemForIndex(word)) && !Object.hasOwn(index.byCompoundEnd, stemForIndex(word)) && !isKindLeadWord(word, vocabulary);
  const isLeadWord = (word: string): boolean => !ADJECTIVE_FORM.test(word) && isNoGoodsWord(word);
  // A word the file writes as a brand by case, or a note, stands after a lead as no goods (`Портьера Тюльпан`, `акция Моё …`).
  const noGoodsAfter = (word: string): boolean => taken.has(word) || isNote(word);
  const words = [...found, ...findLeadBrands(leads, heads, isLeadWord, noGoodsAfter).filter((brand) => !taken.has(brand.word))];
  // `Ивановский текстиль Ткань …`, `… Простыня …`: a maker's name of an adjective and a noun. Its first word is no word of goods
  // (`Постельное белье Ранфорс …` stays goods: `постельное` is the directory's), nor is its noun, and its own first word read as a lead already
  // says the whole (`Следопыт Палатка` is no phrase `следопыт палатка`). An adjective of the directory's opens one where its noun is no
  // word of the directory at all (`Женская линия Халат …`, `… Сорочка …`, `… Пижама …`: a maker's line, not goods of women's).
  const leadWords = new Set(words.map((brand) => brand.word));
  const isLeadPhrase = (phrase: string): boolean => {
    const [first = '', second = ''] = phrase.split(' ');
    // Its noun names no leaf either: `Твердотельный накопитель`, `Карточная игра` are goods whatever follows them.
    const goods = Object.hasOwn(index.byHeadStem, stemForIndex(second)) || isShopNotePhrase([first, second]) || markNotesAnywhere([first, second]) !== undefined;
    const opens = isNoGoodsWord(first) || (ADJECTIVE_FORM.test(first) && !isNote(first) && isNoGoodsWord(second));
    return !goods && !leadWords.has(first) && !leadWords.has(second) && opens && !isKindLeadWord(second, vocabulary);
  };
  const all = [...words, ...findLeadBrands(phraseLeads, heads, isLeadPhrase, noGoodsAfter)];
  const phrases = new Set(all.map((brand) => brand.word));
  // `ДЕТСКАЯ ОДЕЖДА Платье …`, `ПОСТЕЛЬНОЕ БЕЛЬЕ Наволочка …`: a header in capitals that names goods of the directory is goods, no maker's name.
  all.push(...findCapitalsPhrases(phraseLeads, heads, (word) => !noGoodsAfter(word)).filter((brand) => !phrases.has(brand.word) && !brand.word.split(' ').some((word) => leadWords.has(word)) && !namesDirectoryGoods(brand.word, index, directoryWords)));
  const allLeads = new Map([...leads, ...phraseLeads]);
  // `Следопыт Разжигатель твердый`: a word the file writes right after a brand that opens names is those names' goods,
  // capitalised after the brand as goods are, no brand of its own (read as one, `твердый` was the type of fire starters).
  const afterBrands = new Set(all.flatMap((brand) => [...(allLeads.get(brand.word)?.after ?? [])]));
  return all.filter((brand) => !afterBrands.has(brand.word));
}

/**
 * `КОШКИН ДОМ Ножницы …`, `… Салфетка …`: a phrase every name it opens writes in capitals, in names that are not in capitals,
 * with goods capitalised right after it (`Lead.proper` of a phrase), is a maker's name whatever its noun names (`дом`), where it
 * stands before `MIN_CAPITALS_PHRASE_TYPES` different goods at least that open other names of the file. Read as the type, one
 * answer sent a maker's scissors, wipes and floor cloths to one leaf.
 */
function findCapitalsPhrases(phraseLeads: ReadonlyMap<string, Lead>, heads: ReadonlyMap<string, number>, isGoods: (word: string) => boolean): FileBrandWord[] {
  return [...phraseLeads]
    .filter(([, lead]) => lead.names >= MIN_NAMES && lead.proper === lead.names && countLeadTypes(lead.after, heads, isGoods) >= MIN_CAPITALS_PHRASE_TYPES)
    .map(([word, lead]) => ({ word, names: lead.names, examples: lead.examples }));
}

/** A first word of names: the first Cyrillic word after it in each, how many names, and two of them. */
interface Lead {
  after: Set<string>;
  names: number;
  /** Names that write it as a proper name is written, with a word of goods capitalised right after it (a phrase: in capitals, `addPhraseLead`). */
  proper: number;
  examples: string[];
}

// How many different goods, each opening other names of the file, a word must stand in front of to be no type.
const MIN_LEAD_TYPES = 3;
// How many different goods a phrase written in capitals before goods must stand in front of.
const MIN_CAPITALS_PHRASE_TYPES = 2;

/** Notes the first word of a name (`word`, normalised) and the first Cyrillic word after it. */
function addLead(leads: Map<string, Lead>, words: readonly string[], name: string, word: string): void {
  const entry = readLeadEntry(words, 1, name);
  if (entry === undefined) return;
  const lead = noteLead(leads, word, entry.after, name);
  if (entry.after === undefined || lead === undefined) return;
  const [first = '', second = ''] = words;
  // The first word of a name is capitalised by the sentence: only goods capitalised after it (`Торвикс Сапоги`, `СИБИРЬ Сапоги`)
  // show it a name of its own, never `Тандыр нан` (a tandoor flatbread).
  if (entry.joined && (CAPITALISED.test(first) || isCapitalsWord(first)) && CAPITALISED.test(second)) lead.proper += 1;
}

/** Notes the first two words of a name (both Cyrillic) as one lead and the first Cyrillic word after them; never a proper name alone. */
function addPhraseLead(leads: Map<string, Lead>, words: readonly string[], name: string, head: string): void {
  const entry = readLeadEntry(words, 2, name);
  if (entry === undefined) return;
  const lead = noteLead(leads, `${head} ${tokenizeForMatch(words[1] ?? '')[0] ?? ''}`, entry.after, name);
  const [first = '', second = '', third = ''] = words;
  // `КОШКИН ДОМ Ножницы …`: a phrase in capitals, in a name that is not, with goods capitalised right after it.
  if (lead !== undefined && entry.joined && isCapitalsWord(first) && isCapitalsWord(second) && CAPITALISED.test(third) && !isWrittenInCapitals(name)) lead.proper += 1;
}

/**
 * The one entry check of both leads (`size`: a first word, or the first two): Cyrillic words, the first of four letters or more
 * (`Для кошек`, `От комаров`: a preposition opens a purpose, never a maker's name), none the Kazakh purpose word (`Ерлерге
 * арналған`, "made for men": a purpose too), none a preposition (`Шлейф для iPhone 11 на микрофон`: a part for goods, whose
 * phrase `шлейф для` read as a maker's name left `на микрофон` the type, a sure microphone). Gives the first Cyrillic word after them (normalised) and whether it stands right
 * after them, not joined by a hyphen (`Мини-печь`, `Крышка-сиденье` are one word of goods) and no pack (`Шампуры набор`).
 */
function readLeadEntry(words: readonly string[], size: number, name: string): { after: string | undefined; joined: boolean } | undefined {
  const lead = words.slice(0, size);
  if (lead.length < size || Array.from(lead[0] ?? '').length < MIN_LETTERS || !lead.every((word) => isCyrillicWord(word))) return undefined;
  if (lead.some((word) => { const normalised = tokenizeForMatch(word)[0] ?? ''; return normalised === KAZAKH_PURPOSE_WORD || isPreposition(normalised); })) return undefined;
  const rest = words.slice(size);
  const next = rest.find((each) => isCyrillicWord(each));
  const after = next === undefined ? undefined : tokenizeForMatch(next)[0];
  const hyphened = isJoinedByHyphen(name, words, size - 1);
  return { after, joined: after !== undefined && next === rest[0] && !hyphened && !CONTAINER_WORDS.has(after) };
}

/** Whether the name's word at `at` (of its `WORD` matches, in order) is joined to the next by a hyphen (`Мини-печь`). */
function isJoinedByHyphen(name: string, words: readonly string[], at: number): boolean {
  let end = 0;
  for (const word of words.slice(0, at + 1)) end = name.indexOf(word, end) + word.length;
  return name[end] === '-';
}

/**
 * Counts a name under its lead (`key`: a first word, or the first two) with the first Cyrillic word after it (`after`, normalised),
 * the one record of both kinds of lead; undefined (nothing counted) where no such word follows or it repeats a word of the lead.
 */
function noteLead(leads: Map<string, Lead>, key: string, after: string | undefined, name: string): Lead | undefined {
  if (after === undefined || key.split(' ').includes(after)) return undefined;
  const lead = leads.get(key) ?? { after: new Set<string>(), names: 0, proper: 0, examples: [] };
  lead.after.add(after);
  lead.names += 1;
  if (lead.examples.length < EXAMPLES) lead.examples.push(name);
  leads.set(key, lead);
  return lead;
}

/**
 * The first words of names that are no type (`isLeadWord`: none the file shows a brand by case, no note, adjective or directory
 * word): in front of `MIN_LEAD_TYPES` different goods at least, or, written as a proper name, in front of goods in every name.
 */
function findLeadBrands(leads: ReadonlyMap<string, Lead>, heads: ReadonlyMap<string, number>, isLeadWord: (word: string) => boolean, noGoods: (word: string) => boolean): FileBrandWord[] {
  // The words after a lead are goods only where they are no lead themselves (`Налобник Следопыт`, `Налобник Фотон`: brands), nor a
  // proper name in front of goods (`Портьера Тюльпан …` beside `Тюльпан Шторы`, `Томдом Тюль`: the goods of `Портьера` are no
  // three kinds), nor a brand by case or a note (`noGoods`).
  const isGoods = (word: string): boolean => !noGoods(word);
  const first = new Set([...leads].filter(([word, lead]) => isLeadWord(word) && (countLeadTypes(lead.after, heads, isGoods) >= MIN_LEAD_TYPES || isProperLead(lead, heads, isGoods))).map(([word]) => word));
  const isOwnGoods = (word: string): boolean => isGoods(word) && !first.has(word);
  const found: FileBrandWord[] = [];
  for (const [word, lead] of leads) {
    if (!isLeadWord(word)) continue;
    // `Торвикс Сапоги …`, `Кизляр Нож …`: a proper name in front of goods the file names on their own, in every name it opens.
    if ((first.has(word) && countLeadTypes(lead.after, heads, isOwnGoods) >= MIN_LEAD_TYPES) || isProperLead(lead, heads, isOwnGoods)) found.push({ word, names: lead.names, examples: lead.examples });
  }
  return found;
}

/** Whether every name a first word opens writes it as a proper name, with goods the file names on their own capitalised after it. */
function isProperLead(lead: Lead, heads: ReadonlyMap<string, number>, isGoods: (word: string) => boolean): boolean {
  return lead.proper === lead.names && lead.names >= MIN_NAMES && countLeadTypes(lead.after, heads, isGoods) === lead.after.size;
}

/** How many of the words after a first word open other names of the file on their own: no adjective (`Яркий Луч`), each `isGoods`. */
function countLeadTypes(after: ReadonlySet<string>, heads: ReadonlyMap<string, number>, isGoods: (word: string) => boolean): number {
  let types = 0;
  for (const word of after) if ((heads.get(word) ?? 0) > 0 && !ADJECTIVE_FORM.test(word) && isGoods(word)) types += 1;
  return types;
}

/**
 * The maker's codes of the file (`maker-codes.ts`): Cyrillic capitals the file writes right after `MIN_LEAD_TYPES` different goods
 * at least (`ВС` after `Печенье`, `Зефир`, `Кефир`; `ВКУСНЯЕВО`), never in lower case, no adjective (`Перчатки УТЕПЛЕННЫЕ`, `Сапоги
 * УТЕПЛЕННЫЕ`: a kind of each), no abbreviation of what goods are (`ГОСТ`, `ПВХ`, `ИБП`: `isKindAbbreviation`), nor one the
 * directory or the vocabulary names goods by (`АКПП`, `АКБ`). A code after one kind of
 * goods only (`Кабель ВВГ`) may be its kind, and stays a word of the type.
 */
function findMakerCodes(codes: ReadonlyMap<string, Lead>, lower: ReadonlySet<string>, index: ClassifierIndex, directoryWords: ReadonlySet<string>): FileBrandWord[] {
  const vocabulary = readCutWordVocabulary(index);
  const abbreviations = new Set(index.abbreviations);
  const isCode = (word: string): boolean => !lower.has(word) && !ADJECTIVE_FORM.test(word) && !isKindAbbreviation(word) && !abbreviations.has(word) && !vocabulary.known.has(word) && !directoryWords.has(stemForIndex(word));
  return [...codes].filter(([word, lead]) => lead.after.size >= MIN_LEAD_TYPES && isCode(word)).map(([word, lead]) => ({ word, names: lead.names, examples: lead.examples }));
}

/** A word after a brand word, normalised, where it may be the brand's second word (a capitalised Cyrillic word); `''` otherwise. */
function readBrandSecondWord(word: string | undefined): string {
  if (word === undefined || !isCyrillicWord(word) || !CAPITALISED.test(word)) return '';
  return tokenizeForMatch(word)[0] ?? '';
}

/** Whether a word in a noun genitive's form stands, in every name that shows it, right after one head (`after`: the heads, `''` for any other word). */
function isEponym(word: string, after: ReadonlySet<string>): boolean {
  return NOUN_GENITIVE.test(word) && after.size === 1 && !after.has('');
}

const categoryNamesOf = new WeakMap<ClassifierIndex, Map<string, Set<number>>>();

/** Stem → the categories' names (a leaf's names, a level of a leaf's path; numbered) that say it, per index. */
function readCategoryNameStems(index: ClassifierIndex): Map<string, Set<number>> {
  let byStem = categoryNamesOf.get(index);
  if (byStem !== undefined) return byStem;
  byStem = new Map();
  const found = byStem;
  let at = 0;
  const note = (stems: readonly string[]): void => {
    at += 1;
    for (const stem of stems) found.set(stem, (found.get(stem) ?? new Set()).add(at));
  };
  for (const leaf of index.leaves) {
    for (const name of leaf.names) note([...name.head, ...name.purpose]);
    for (const level of leaf.path.split(' / ')) note(tokenizeForMatch(level).map(stemForIndex));
  }
  categoryNamesOf.set(index, byStem);
  return byStem;
}

/**
 * Whether a phrase (normalised words) names goods of the directory: all its words are one category's name by stems (`детская
 * одежда`, `постельное белье`), or its first word is the directory's and its noun heads a leaf's name. `кошкин дом` is neither.
 */
function namesDirectoryGoods(phrase: string, index: ClassifierIndex, directoryWords: ReadonlySet<string>): boolean {
  const stems = phrase.split(' ').map(stemForIndex);
  const [first = '', noun = ''] = stems;
  if (directoryWords.has(first) && Object.hasOwn(index.byHeadStem, noun)) return true;
  const byStem = readCategoryNameStems(index);
  const [head, ...rest] = stems.map((stem) => byStem.get(stem));
  return head !== undefined && [...head].some((name) => rest.every((names) => names?.has(name) === true));
}

const directoryWordsOf = new WeakMap<ClassifierIndex, Set<string>>();

/** The stems of every leaf's names and path, per index. */
function readDirectoryWords(index: ClassifierIndex): Set<string> {
  let words = directoryWordsOf.get(index);
  if (words === undefined) {
    words = new Set(index.leaves.flatMap((leaf) => [...leaf.ancestorStems, ...leaf.names.flatMap((name) => [...name.head, ...name.purpose])]));
    directoryWordsOf.set(index, words);
  }
  return words;
}
