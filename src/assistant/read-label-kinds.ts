/**
 * A label that lists kinds (`Смартфоны и аксессуары`, `Семена, удобрения`) names every one of them:
 * it is one leaf only when that leaf's own name is a list holding each kind (`Кабели и переходники`
 * for `Переходники и кабели`). Taking one part and dropping the rest (`Семена` for `Семена и
 * удобрения`) is a confident wrong pick.
 */
import { isCatchAllText } from './classify/catch-all-words.js';
import { findDemographicMark } from './demographic-words.js';
import { tokenizeForMatch } from './normalize-for-match.js';
import { readSharedPurpose, splitListName, splitNamePhrase } from './classify/split-name-phrase.js';
import { stemForIndex } from './classify/stem-for-index.js';

// An adjective's ending: `Летние и зимние шины`, `Мужские и женские`: a part of adjectives only qualifies the kind after it, it names none.
export const ADJECTIVE = /(?:ые|ие|ая|яя|ое|ее|ый|ий|ой|ую|юю)$/u;

// `Сумки/рюкзаки`: a slash between two words lists kinds when the second is in lower case, or when both are leaves' own
// names (`Курт/Иримшик`: a leaf is no path's upper level; `Смартфоны/Android` is a leaf and what qualifies it); a path's
// level begins with a capital (`Электроника/Телефоны`), and a shortening is a letter or two (`ч/б`, `б/у`, `д/телефонов`).
const SLASH_BETWEEN_WORDS = /(\p{L}{3,})\/(?=\p{L}{3,})/gu;
const LOWER_CASE_START = /^\p{Ll}/u;

/** What a label's levels are as the directory names them: a section or group (its path's levels), a leaf. */
export interface LevelNames {
  isBranchName: (level: string) => boolean;
  /** Whether a level is a leaf's own name, word for word by stems. */
  isLeafName?: (level: string) => boolean;
}

/**
 * The label with a slash that lists kinds (`Куртки/ветровки`, `Курт/Иримшик`) written as the comma it means; any other
 * slash is left, and so is one beside a level the directory names a section or group (`isBranchName`): `Мебель/стулья`,
 * written in lower case, is still a path.
 */
export function readSlashList(text: string, names: LevelNames = { isBranchName: () => false }): string {
  return text.replace(SLASH_BETWEEN_WORDS, (whole: string, before: string, at: number) => {
    const left = text.slice(0, at + before.length).split('/').at(-1) ?? '';
    const right = text.slice(at + whole.length).split('/')[0] ?? '';
    if (names.isBranchName(left) || names.isBranchName(right)) return whole;
    const leaves = names.isLeafName !== undefined && names.isLeafName(left) && names.isLeafName(right);
    return LOWER_CASE_START.test(right) || leaves ? `${before}, ` : whole;
  });
}

// `Пятновыводители + отбеливатели`, `Шампуни&бальзамы`: a plus or an ampersand between words lists kinds as a comma does
// (a letter or a number beside it is a name or a set: `H&M`, `2+1`).
const JOINING_SIGN = /(\p{L}{2,})\s*[+&]\s*(?=\p{L}{2,})/gu;

/** The parts of a label's list (`splitListName`); a decimal comma (`КПБ 1,5-спальный`) separates no kinds. */
export function splitLabelParts(head: string): string[] {
  return splitListName(head.replace(/(\d),(\d)/gu, '$1.$2').replace(JOINING_SIGN, '$1, '));
}

/** Whether a label's head names no one product type: a catch-all (`Прочее`) or a list of kinds (`Сухофрукты и орехи`, `Toners & Serums`). */
export function isNoOneKind(head: string): boolean {
  return isCatchAllText(head) || splitLabelParts(head).filter((part) => /\p{L}{2}/u.test(part)).length > 1;
}

/** The head stems of each kind a label lists (one entry for a label naming one kind). */
export function readLabelKinds(head: string): string[][] {
  return readKindWords(head).map((words) => words.map(stemForIndex));
}

/** One kind a label lists, as another leaf must name it: the stems of its nouns and of its purpose. */
export interface LabelMember {
  /** `бумаг` of `Туалетная бумага`; a kind of adjectives only keeps them. */
  nouns: string[];
  /** `брить` of `гели` in `Пены и гели для бритья`: its own purpose or the one the list's parts share. */
  purpose: string[];
}

/** The kinds a label lists as members another leaf may name, in the order of `readLabelKinds`. */
export function readLabelMembers(head: string): LabelMember[] {
  return readKindPhrases(head).map(({ words, purpose }) => {
    const nouns = words.filter((word) => !isAdjectiveWord(word));
    return { nouns: (nouns.length > 0 ? nouns : words).map(stemForIndex), purpose: purpose.map(stemForIndex) };
  });
}

/**
 * Whether a leaf's name names a member of a label's list: a part of it holds one of the member's nouns as its head, and the
 * name says the member's purpose (`Гели для бритья`, never `Гели для волос`, for the `гели` of `Пены и гели для бритья`).
 */
export function namesMember(member: LabelMember, name: string, language: 'rus' | 'kaz' = 'rus'): boolean {
  if (!member.nouns.some((stem) => readNameHeads(name, language).has(stem))) return false;
  const said = new Set(tokenizeForMatch(name).map(stemForIndex));
  return member.purpose.every((stem) => said.has(stem));
}

/** The head stems of every part of a name (`Футболки и поло`: `футболк`, `поло`; a Kazakh name's last word). */
export function readNameHeads(name: string, language: 'rus' | 'kaz' = 'rus'): Set<string> {
  return new Set(splitListName(name).flatMap((part) => splitNamePhrase(tokenizeForMatch(part), language).head.map(stemForIndex)));
}

/** The positions of the kinds none of the names holds as a head word of one of its parts. */
export function findUnheldKinds(kinds: readonly (readonly string[])[], names: readonly string[]): number[] {
  const heads = new Set(names.flatMap((name) => [...readNameHeads(name)]));
  return kinds.flatMap((kind, at) => (kind.some((stem) => heads.has(stem)) ? [] : [at]));
}

function readKindWords(head: string): string[][] {
  return readKindPhrases(head).map(({ words }) => words);
}

interface PartPhrase {
  words: string[];
  complement: string[];
  purpose: string[];
}

/**
 * Each part of a label's list read once: its head words (no demographic word), the complement that says which (its own, or
 * the last part's for a part that says none: `Очистители и мойки воздуха` is `очистители воздуха` and `мойки воздуха`), its purpose.
 */
function readPartPhrases(head: string): { parts: string[]; shared: string[]; phrases: PartPhrase[] } {
  const parts = splitLabelParts(head);
  const shared = readSharedPurpose(parts, 'rus', tokenizeForMatch) ?? [];
  const phrases = parts.map((part) => {
    const phrase = splitNamePhrase(tokenizeForMatch(part), 'rus');
    const words = phrase.head.filter((word) => /\p{L}{2}/u.test(word) && findDemographicMark(word) === undefined);
    return { ...splitComplement(words), purpose: phrase.purpose };
  });
  const sharedComplement = parts.length > 1 ? (phrases.at(-1)?.complement ?? []) : [];
  return { parts, shared, phrases: phrases.map((phrase) => ({ ...phrase, complement: phrase.complement.length > 0 ? phrase.complement : sharedComplement })) };
}

function readKindPhrases(head: string): { words: string[]; purpose: string[] }[] {
  const { parts, shared, phrases } = readPartPhrases(head);
  const kinds: { words: string[]; purpose: string[] }[] = [];
  phrases.forEach(({ words, complement, purpose }, i) => {
    if (words.length === 0) return;
    if (i < parts.length - 1 && words.every(isAdjectiveWord)) return;
    kinds.push({ words, purpose: [...(purpose.length > 0 ? purpose : shared), ...complement] });
  });
  return kinds;
}

/**
 * The kinds a plain list names, each as the words of a label of its own: a part that only qualifies a noun takes that noun
 * (`Одеяла всесезонные и зимние` → `одеяла всесезонные`, `одеяла зимние`; `Летние и зимние шины` → `летние шины`, `зимние
 * шины`), the last part's complement is every part's that says none (`Очистители и мойки воздуха`). A part qualifies only
 * when `isQualifierOf` reads it as a modifier of the noun: `Палатки и снаряжение`, `Столы и столовые` list two nouns. None
 * for a label naming one kind, a list with a purpose (which parts it is of is the list reader's question) or a part whose
 * words are whom goods are for alone (`Мужские и женские куртки`).
 */
export function readQualifiedKinds(head: string): string[][] {
  const { parts, phrases } = readPartPhrases(head);
  if (parts.length < 2 || phrases.some(({ words, purpose }) => words.length === 0 || purpose.length > 0)) return [];
  const nounsOf = (words: readonly string[]): string[] => words.filter((word) => !isAdjectiveWord(word));
  const first = phrases[0]?.words ?? [];
  const last = phrases.at(-1)?.words ?? [];
  const spell = (words: readonly string[], complement: readonly string[]): string[] => [...words, ...complement];
  // `Одеяла всесезонные и зимние`: every later part qualifies the first part's noun.
  if (nounsOf(first).length > 0 && phrases.slice(1).every(({ words }) => isQualifierOf(words, nounsOf(first)))) {
    return phrases.map(({ words, complement }, i) => spell(i === 0 ? words : [...nounsOf(first), ...words], complement));
  }
  // `Летние и зимние шины`: every earlier part qualifies the last part's noun.
  if (phrases.slice(0, -1).every(({ words }) => isQualifierOf(words, nounsOf(last)))) {
    return phrases.map(({ words, complement }, i) => spell(i === phrases.length - 1 ? words : [...words, ...nounsOf(last)], complement));
  }
  return phrases.every(({ words }) => nounsOf(words).length > 0) ? phrases.map(({ words, complement }) => spell(words, complement)) : [];
}

// A noun made of a verb (`снаряжение`, `освещение`, `удобрение`, `покрытие`, `изделие`) ends as a plural adjective does; no
// adjective's soft stem ends so (`зимние`, `синие`, `осенние`, `детские` do not).
const VERBAL_NOUN = /(?:[еаяю]ни|[тл]и)е$/u;

/** Whether a word is an adjective by its ending and no noun made of a verb that ends as one does. */
export function isAdjectiveWord(word: string): boolean {
  return ADJECTIVE.test(word) && !VERBAL_NOUN.test(word);
}

// The endings an adjective takes beside a noun of each number and gender, read by the noun's last letter: a plural noun
// (`одеяла`, `шины`, `удочки`) takes `-ые`/`-ие`; a singular one takes its own gender's (`стол складной`, `сумка дорожная`).
const AGREEMENT: readonly { noun: RegExp; adjective: RegExp }[] = [
  { noun: /[ыиая]$/u, adjective: /(?:ые|ие)$/u },
  { noun: /[аяь]$/u, adjective: /(?:ая|яя)$/u },
  { noun: /[^аяеёиоуыэюь]$|[йь]$/u, adjective: /(?:ый|ий|ой)$/u },
  { noun: /[оеё]$/u, adjective: /(?:ое|ее)$/u },
];

/**
 * Whether a part's words are a modifier of the noun (the last of `nouns`) alone: adjectives each, none a noun made of a verb,
 * each agreeing with the noun in number (`Лыжи и снаряжение` lists a noun), none made of the noun's own stem (`столовые`
 * of `Столы` names a room, not a kind of table).
 */
export function isQualifierOf(words: readonly string[], nouns: readonly string[]): boolean {
  const noun = nouns.at(-1);
  if (noun === undefined || words.length === 0) return false;
  const stem = stemForIndex(noun);
  return words.every(
    (word) =>
      isAdjectiveWord(word) &&
      !word.startsWith(stem) &&
      AGREEMENT.some((rule) => rule.noun.test(noun) && rule.adjective.test(word)),
  );
}

// A word of Kazakh only: a Kazakh phrase puts its complement first (`Ауа тазартқыштары`), so its words are left whole.
const KAZAKH_LETTER = /[әғқңөұүһі]/u;

/**
 * A Russian kind's words split at its noun: the noun with its adjectives is the kind (`мойки`), a noun after it is the
 * complement that says which (`воздуха` of `мойки воздуха`): a leaf holding only the complement (`Очистители воздуха`)
 * names another kind, and another leaf names this one only by saying the complement too.
 */
function splitComplement(words: readonly string[]): { words: string[]; complement: string[] } {
  const noun = words.findIndex((word) => !isAdjectiveWord(word));
  if (noun < 0 || words.some((word) => KAZAKH_LETTER.test(word))) return { words: [...words], complement: [] };
  const after = words.slice(noun + 1);
  return { words: [...words.slice(0, noun + 1), ...after.filter(isAdjectiveWord)], complement: after.filter((word) => !isAdjectiveWord(word)) };
}

/**
 * Whether one of the names is a list (two parts or more) in which every kind of the label is a head
 * word of some part: a purpose word (`Профили для гипсокартона`) or a piece of a compound
 * (`Велоаксессуары`) names no kind of the list.
 */
export function namesEveryKind(kinds: readonly (readonly string[])[], names: readonly string[]): boolean {
  return names.some((name) => {
    const parts = splitListName(name);
    if (parts.length < 2) return false;
    const heads = new Set(parts.flatMap((part) => splitNamePhrase(tokenizeForMatch(part), 'rus').head.map(stemForIndex)));
    return kinds.every((kind) => kind.some((stem) => heads.has(stem)));
  });
}

/** The stems of the nouns of a label's kinds (`сапог` of `Сапоги резиновые`), the adjectives left out. */
export function readLabelNouns(head: string): string[] {
  return splitLabelParts(head).flatMap((part) =>
    splitNamePhrase(tokenizeForMatch(part), 'rus')
      .head.filter((word) => /\p{L}{2}/u.test(word) && !isAdjectiveWord(word) && findDemographicMark(word) === undefined)
      .map(stemForIndex),
  );
}
