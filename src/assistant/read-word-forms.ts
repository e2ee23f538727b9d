/**
 * Whether two normalised words are one word in other forms, as the label matcher reads Russian: a
 * singular and a plural (`юбка`/`юбки`, `кресло`/`кресла`), the vowel an ending drops (`ремень`/`ремни`),
 * a diminutive (`коврики` of `ковры`), an adjective made of a noun (`кухонные` of `кухни`,
 * `игрушечные` of `игрушки`), a compound ending in the word (`электрочайники`), an unstressed `о`
 * written as it sounds (`халадильники`); and where a shared beginning makes no one word: a prefix
 * (`дошкольников` of `школьников`), a negation (`беспроводные` of `проводные`). Kazakh: the possessive
 * ending a noun takes as the head of a compound name (`шалбарлары` of `Жүзу шалбарлары`, swimming trousers).
 */
import { stemForIndex } from './classify/stem-for-index.js';
import { ADJECTIVE } from './read-label-kinds.js';
import { isUndeclinedBeginning, readKazakhPluralNoun, stemWord } from './stem-word.js';

/** The prefixes that make a word its opposite (`беспроводные`, `non-stick`): no compound and no kind of the word after them. */
export const NEGATING_PREFIXES: ReadonlySet<string> = new Set(['без', 'бес', 'не', 'non', 'un']);

// The ending vowels of one noun's singular and plural (`юбка`/`юбки`, `туфля`/`туфли`, `платье`/`платья`), either way round.
export const FINAL_VOWEL = /[аяыиеоуюёь]$/u;
const NUMBER_ENDINGS = new Set(['аы', 'аи', 'яи', 'яы', 'ея', 'ьи']);

// A neuter noun's `о`/`е` and plural `а` (`кресло`/`кресла`, `полотенце`/`полотенца`), in words long enough that a short
// loanword that never declines (`манго`, `кино`) is not read as one.
const NEUTER_ENDINGS = new Set(['оа', 'еа']);
const MIN_NEUTER_WORD = 6;

// A diminutive's suffix after a stem (`фонарики` of `фонари`, `коврики` of `ковры`): the same goods, smaller or endeared.
const DIMINUTIVE = /^(?:ик|чик|к|ок|ек)$/u;

/**
 * Whether a word and a longer one it begins are one word: equal stems, or the longer a diminutive of it (`манга` is no `мангалы`).
 * A word that never declines is no form of a longer one (`кино` of `киноа`, `isUndeclinedBeginning`).
 */
export function isSameWordStem(word: string, longer: string): boolean {
  if (isUndeclinedBeginning(word, longer)) return false;
  const stem = stemForIndex(word);
  const other = stemForIndex(longer);
  return stem === other || (other.startsWith(stem) && DIMINUTIVE.test(other.slice(stem.length)));
}

// Two stems that start alike for this many letters at least (and for all but two letters of the shorter) are one word in
// another derivation: `гранул` of `гранулы` and `гранулированн`, `пакетик` and `пакетированн`.
const SHARED_START = 5;
const SHARED_START_SLACK = 2;

/**
 * Whether two stems (`stemForIndex`) are one word or one word in another derivation: equal, or alike for `SHARED_START`
 * letters at least and for all but two letters of the shorter (`гранул` of `гранулы` and `гранулированн`, `зарядн` and
 * `зарядк`), but never a base noun and its diminutive (`пакет`, `пакетик`): where kinds of goods are told apart by a word (a
 * twin leaf's, `twin-leaf-words.ts`), a diminutive names other goods (a tea bag, not the pack loose tea comes in), unlike the
 * label matcher's `isSameWordStem`, which reads a category's diminutive as the same goods (`коврики` of `ковры`).
 */
export function isDerivedStem(a: string, b: string): boolean {
  if (a === b) return true;
  let shared = 0;
  while (shared < a.length && shared < b.length && a[shared] === b[shared]) shared += 1;
  if (shared < SHARED_START || shared < Math.min(a.length, b.length) - SHARED_START_SLACK) return false;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if (!longer.startsWith(shorter)) return true;
  const rest = longer.slice(shorter.length);
  return !DIMINUTIVE.test(rest) && !DIMINUTIVE_SUFFIX.test(rest);
}

/** Whether a longer word is a word with a prefix before it (`дошкольников` of `школьников`), another stem, so another word. */
export function isPrefixedWord(word: string, longer: string): boolean {
  return longer !== word && longer.endsWith(word) && stemForIndex(word) !== stemForIndex(longer);
}

/**
 * Whether one noun's stem goes on by a suffix, two or three letters, into the other's, the word itself two letters longer
 * or more (`котл-` of `котлы` into `котлет-` of `котлеты`, either way round): another word of the root, never a typo of it,
 * unless the suffix is a diminutive's (`коврик-` of `ковр-`) or a Kazakh possessive's. Words alike in length are one word
 * the stemmer cut apart (`часы`/`часов`, `блендэры`/`блендеры`); a longer rest is a compound's word (`тогызкумалак`).
 * Adjectives are read by their own rules (`isAdjectiveOfPurposeNoun`).
 */
export function isLongerRootWord(word: string, other: string): boolean {
  if (ADJECTIVE.test(word) || ADJECTIVE.test(other)) return false;
  const [shorter, longer] = word.length <= other.length ? [word, other] : [other, word];
  const stem = stemForIndex(shorter);
  const suffix = stemForIndex(longer).slice(stem.length);
  if (stem.length < 3 || longer.length < shorter.length + 2 || !stemForIndex(longer).startsWith(stem) || suffix.length < 2 || suffix.length > 3) return false;
  return !isSameWordStem(shorter, longer) && !DIMINUTIVE_SUFFIX.test(suffix) && !isKazakhPossessiveOf(longer, shorter);
}

// The diminutive suffixes the stemmer leaves on the stem beside those of `DIMINUTIVE` (`цепочк-` of `цеп-`, `ушк-`).
const DIMINUTIVE_SUFFIX = /^(?:[оеи]ч|[ую]ш)к$/u;

/** Whether two ending letters are one noun's singular and plural endings (`а`/`ы` of `юбка`/`юбки`), either way round. */
export function isNumberEndingPair(a: string, b: string, length: number): boolean {
  const pairs = [`${a}${b}`, `${b}${a}`];
  return pairs.some((pair) => NUMBER_ENDINGS.has(pair) || (length >= MIN_NEUTER_WORD && NEUTER_ENDINGS.has(pair)));
}

/**
 * `кухонные` of `кухни`, `игрушечные` of `игрушек`: an adjective made of a noun, with the vowel Russian puts between the
 * noun's last two consonants before `-н-` (`кухн-` → `кухонн-`) or its `к` turned `ч` (`isAdjectiveOfNounInK`).
 */
export function isAdjectiveOfPurposeNoun(adjective: string, noun: string): boolean {
  if (!ADJECTIVE.test(adjective) || ADJECTIVE.test(noun)) return false;
  const parsed = /^(\p{L}{2,}?)([^аеёиоуыэюяйь])([^аеёиоуыэюяйь])[аяиыеоуюь]?$/u.exec(noun);
  if (parsed !== null && ['о', 'е', 'ё'].some((vowel) => adjective.startsWith(`${parsed[1] ?? ''}${parsed[2] ?? ''}${vowel}${parsed[3] ?? ''}н`))) return true;
  return isAdjectiveOfNounInK(adjective, noun);
}

/**
 * The first letters two words of one root share at least (`канцелярия`/`канцелярские`, `мусора`/`мусорные`): the `minPrefix`
 * of `isRelatedWord` wherever a label word is compared with a leaf's or a name's.
 */
export const MIN_SHARED_BEGINNING = 5;

/**
 * One word in two forms or a shared beginning of at least `minPrefix` letters, all but the last
 * three of the shorter word (`автомобильный`/`автомобильные`, `робот`/`роботы`).
 */
export function isRelatedWord(a: string, b: string, minPrefix: number): boolean {
  if (a === b) return true;
  // Stems only drop endings: words that begin apart share neither a stem nor a beginning (most pairs end here).
  if (a[0] !== b[0]) return false;
  const stem = stemWord(a);
  if (stem.length >= 4 && stem === stemWord(b)) return true;
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common += 1;
  return common >= minPrefix && common >= Math.min(a.length, b.length) - 3;
}

/** `халадильники` of `холодильники`: the same letters, except `а` where the directory writes an `о`. */
export function isAkanyeSpelling(seller: string, directory: string): boolean {
  if (seller.length !== directory.length || seller === directory) return false;
  for (let i = 0; i < seller.length; i++) {
    if (seller[i] !== directory[i] && !(seller[i] === 'а' && directory[i] === 'о')) return false;
  }
  return true;
}

// Each word read once for the fleeting vowel (its base and last consonant, or null): words recur in every comparison.
const FLEETING_VOWEL_WORDS = new Map<string, readonly [string, string] | null>();
const MAX_FLEETING_VOWEL_WORDS = 100_000;

/** `кошелек` of `кошельки`, `ремень` of `ремни`, `носок` of `носки`: the word with the vowel an ending drops. */
export function isFleetingVowelForm(whole: string, inflected: string): boolean {
  let found = FLEETING_VOWEL_WORDS.get(whole);
  if (found === undefined) {
    const parsed = /^(\p{L}{3,})[еоё](к|ц|н|нь|л|ль|р|рь)$/u.exec(whole);
    found = parsed === null ? null : [parsed[1] ?? '', parsed[2] ?? ''];
    if (FLEETING_VOWEL_WORDS.size >= MAX_FLEETING_VOWEL_WORDS) FLEETING_VOWEL_WORDS.clear();
    FLEETING_VOWEL_WORDS.set(whole, found);
  }
  if (found === null) return false;
  const [base, consonant] = found;
  const rest = inflected.startsWith(`${base}ь${consonant[0] ?? ''}`) ? inflected.slice(base.length + 2) : inflected.startsWith(`${base}${consonant[0] ?? ''}`) ? inflected.slice(base.length + 1) : undefined;
  return rest !== undefined && /^(?:и|ы|а|я|у|ю|е|ов|ев|ей|ам|ям|ах|ях|ом|ем|ами|ями)$/.test(rest);
}

/** `игрушечные` of `игрушки`, `сумочный` of `сумка`: an adjective made of a noun ending in `к`, whose `к` turns `ч` before `-н-`. */
export function isAdjectiveOfNounInK(adjective: string, noun: string): boolean {
  const base = /^(\p{L}{3,})к[аиыуеоя]?$/u.exec(noun)?.[1];
  return base !== undefined && ADJECTIVE.test(adjective) && /^(?:еч|оч|ч)н/u.test(adjective.slice(base.length)) && adjective.startsWith(base);
}

/** `электрочайники` of `чайники`, `автошампуни` of `шампунь`: a compound ending in the word (its stem of five letters or more). */
export function isCompoundOf(compound: string, word: string): boolean {
  const stem = stemWord(word);
  const at = compound.indexOf(stem);
  // `беспроводные` is the opposite of `проводные`, not a kind of them.
  return stem.length >= 5 && at >= 3 && !NEGATING_PREFIXES.has(compound.slice(0, at));
}

/** `кухни`/`кухня`, `лица`/`лицом`: one stem of four letters or more, where the light stemmer leaves short words whole. */
export function sharesStem(a: string, b: string): boolean {
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common += 1;
  return common >= 3 && common >= Math.max(a.length, b.length) - 2 && Math.min(a.length, b.length) >= 4;
}

/**
 * `шалбарлары` of `шалбарлар`, `сөмкесі` of `сөмке`: a Kazakh noun with the third person's possessive ending, which the
 * head of a compound name takes (`Жүзу шалбарлары`, `Телефон қаптары`): the same noun, named by the words before it.
 * `-ы`/`-і` after a consonant, `-сы`/`-сі` after a vowel, by the word's vowels (back or front).
 */
export function isKazakhPossessiveOf(possessed: string, word: string): boolean {
  if (word.length < 3 || !possessed.startsWith(word)) return false;
  const ending = possessed.slice(word.length);
  const afterVowel = KAZAKH_VOWEL_END.test(word);
  const front = KAZAKH_FRONT_VOWEL.test(word);
  return ending === (afterVowel ? 'с' : '') + (front ? 'і' : 'ы');
}

/**
 * `шатыр` of `шатырлар`, `сусабын` of `сусабындар`: a Kazakh noun and its bare plural, its ending agreeing with the noun by the
 * language's rules (`readKazakhPluralNoun`). A seller names one tent as the directory names the tents.
 */
export function isKazakhSingularOf(singular: string, plural: string): boolean {
  // The noun begins its plural: a cheap test first, as a label's word meets every directory word once.
  return plural.startsWith(singular) && readKazakhPluralNoun(plural) === singular;
}

/** Whether words are a Kazakh name's words (normalised), each the same or the singular of its bare plural (`шатыр` of `шатырлар`). */
export function isKazakhNameOrSingular(words: readonly string[], name: readonly string[]): boolean {
  return words.length > 0 && words.length === name.length && words.every((word, i) => word === name[i] || (Array.from(word).length >= 5 && isKazakhSingularOf(word, name[i] ?? '')));
}

// The Kazakh dative's endings (`итке`, `балаға`, `мысыққа`), as typed on either keyboard (`ғ`, `қ` written `г`, `к`).
const KAZAKH_DATIVE = /^(\p{L}{2,}?)(ға|га|қа|ка|ге|ке)$/u;

/** The noun of a Kazakh dative, singular or plural (`итке`, `иттерге` → `ит`), or undefined for a word with no dative ending. */
function readKazakhDativeNoun(word: string): string | undefined {
  const dative = KAZAKH_DATIVE.exec(word);
  if (dative === null) return undefined;
  const stem = dative[1] ?? '';
  // A plural's ending agrees with the dative's in its vowel (`-тер-ге`, `-лар-ға`).
  const plural = /^(\p{L}{2,})[лдт]([ае])р$/u.exec(stem);
  return plural !== null && plural[2] === (dative[2] ?? '').slice(-1) ? (plural[1] ?? stem) : stem;
}

/**
 * `итке` of `иттерге` (to a dog, to dogs): one Kazakh noun's dative in the singular and the plural, as a purpose before
 * `арналған` says it (`Итке арналған жем`, the directory's `Иттерге арналған жем`).
 */
export function isKazakhDativeFormOf(a: string, b: string): boolean {
  if (a === b) return false;
  const noun = readKazakhDativeNoun(a);
  return noun !== undefined && noun === readKazakhDativeNoun(b);
}

const KAZAKH_VOWEL_END = /[аәеёиоөұүуыіэюя]$/u;
// A word with a front vowel (`е`, `ә`, `ө`, `ү`, `і`) takes front endings; a back word (`а`, `о`, `ұ`, `ы`) back ones.
const KAZAKH_FRONT_VOWEL = /[еәөүі][^аоұыуяё]*$/u;
