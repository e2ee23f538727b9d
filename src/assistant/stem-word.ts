/**
 * A light stemmer for matching Russian and Kazakh words: it strips one common ending so that
 * `Смартфоны`, `смартфон` and `Смартфондар`, or `чёрный` and `ЧЕРН.`, meet on one stem. It is
 * deliberately crude (no dictionary): it only has to make forms of one word equal, and a stem of
 * fewer than four letters is never produced, so short words are compared whole.
 */

// Longest first, so that `-лары` wins over `-ы`. Kazakh plural and possessive endings, Russian
// noun and adjective endings, English plural. A noun whose stem ends in `и` or `е` before a vowel
// ending (`удобрение`, `магний`, `батарея`, `трофей`) loses that vowel in every form: its singular
// and its `-ий`/`-ей` genitive plural leave no vowel before the ending, so the other forms drop it
// too (`удобрения`, `батареи`, `трофеи` → `удобрен`, `батар`, `троф`).
const ENDINGS = [
  'лары',
  'лері',
  'дары',
  'дері',
  'тары',
  'тері',
  'ларі',
  'лар',
  'лер',
  'дар',
  'дер',
  'тар',
  'тер',
  'иями',
  'еями',
  'ами',
  'ями',
  'ыми',
  'ими',
  'ого',
  'его',
  'ому',
  'ему',
  'ой',
  'ый',
  'ий',
  'ая',
  'яя',
  'ое',
  'ее',
  'ые',
  'ие',
  'ых',
  'их',
  'ым',
  'им',
  'ую',
  'юю',
  'иев',
  'еев',
  'ов',
  'ев',
  'ией',
  'еей',
  'ей',
  'ом',
  'ием',
  'еем',
  'ем',
  'иях',
  'иям',
  'еях',
  'еям',
  'ах',
  'ях',
  'es',
  'ия',
  'ии',
  'ию',
  'ея',
  'еи',
  'ею',
  'ью',
  'а',
  'я',
  'ы',
  'и',
  'і',
  'е',
  'о',
  'у',
  'ю',
  'ь',
  'й',
  's',
];

const MIN_STEM = 4;

// Stems of the words seen (a catalog has a few thousand distinct words; the matchers ask for them again and again).
const STEMS = new Map<string, string>();
const MAX_STEMS = 200_000;

// A noun's stem ends in a consonant (`стул`, `стуль` of `стулья`): a stem ending in a vowel is a word that never declines, which
// the stemmer leaves whole (`кино`, `манго`).
const STEM_END = /[бвгджзйклмнпрстфхцчшщь]$/u;

/** Whether a stem (`stemWord`) ends as a declined noun's does, in a consonant (`стул`, not `кино`). */
export function endsAsDeclinedStem(stem: string): boolean {
  return STEM_END.test(stem);
}

/**
 * Whether a word that never declines (its own stem, ending in a vowel: `кино`) begins a longer word by one more letter that the
 * stemmer cuts back to it (`киноа`, quinoa): the same stem, and still no form of one word.
 */
export function isUndeclinedBeginning(word: string, longer: string): boolean {
  return longer.length === word.length + 1 && longer.startsWith(word) && !STEM_END.test(word) && stemWord(word) === word;
}

/** The stem of one lower-case normalised word; words with digits and short words are returned as they are. */
export function stemWord(word: string): string {
  let stem = STEMS.get(word);
  if (stem === undefined) {
    stem = findStem(word);
    if (STEMS.size < MAX_STEMS) STEMS.set(word, stem);
  }
  return stem;
}

// A Kazakh plural ending left at the end of a stem (`блендер` of `блендеры`, `принтер` of `принтерлер`): the
// bare word loses it too (`блендер` → `блен`), so every form must, or the singular and its plural part.
const KAZAKH_PLURALS = ['лар', 'лер', 'дар', 'дер', 'тар', 'тер'];

function findStem(word: string): string {
  if (/\d/.test(word)) return word;
  const stem = dropEnding(word, ENDINGS);
  return stem === word ? word : dropEnding(stem, KAZAKH_PLURALS);
}

// A Kazakh word's vowels are all back (`а`, `о`, `ұ`, `ы`, `у`, `я`) or all front (`е`, `ә`, `ө`, `ү`, `і`, `и`, `э`); its endings
// follow its last vowel (`футболка-сы`, `сүлгі-лер`). A word typed on a Russian keyboard writes `і` as `и`.
const LAST_VOWEL = /([аоұыуяёеәөүіиэ])[^аоұыуяёеәөүіиэ]*$/u;
const FRONT_VOWEL = /[еәөүіиэ]/u;
const VOWEL_END = /[аоұыуяёеәөүіиэ]$/u;
const BARE_PLURAL = /^(\p{L}+)([лдт])([ае])р$/u;

/** The last vowel of a word, or undefined for a word without one. */
export function readLastVowel(word: string): string | undefined {
  return LAST_VOWEL.exec(word)?.[1];
}

/** Whether a noun's last vowel is a front one, so that its endings are front ones (`-лер`, not `-лар`). */
export function isFrontWord(noun: string): boolean {
  return FRONT_VOWEL.test(readLastVowel(noun) ?? '');
}

/**
 * The consonant a Kazakh suffix in `л`/`д`/`т` takes after a noun: `л` after a vowel, `р`, `й`, `у`; `д` after `л`, `м`, `н`,
 * `ң`, `з`, `ж`; else `т`. A loanword's soft sign is no sound of its own (`гель` → `гельдер`, as after `л`).
 */
export function suffixConsonantAfter(noun: string): string {
  const sound = noun.replace(/ь$/u, '');
  return VOWEL_END.test(sound) || /[руй]$/u.test(sound) ? 'л' : /[лмнңзж]$/u.test(sound) ? 'д' : 'т';
}

/**
 * The noun of a Kazakh bare plural whose ending agrees with it by the language's rules (its consonant by the noun's last sound,
 * its vowel by the noun's last vowel): `таблеткалар` → `таблетка`, `гельдер` → `гель`, `капсулалар` → `капсула`. A Russian word
 * that merely ends so is no plural (`компьютер`: `-тер` after a vowel would be `-лер`). Undefined for any other word, or a noun
 * shorter than a stem.
 */
export function readKazakhPluralNoun(word: string): string | undefined {
  const plural = BARE_PLURAL.exec(word);
  if (plural === null) return undefined;
  const noun = plural[1] ?? '';
  if (Array.from(noun).length < MIN_STEM) return undefined;
  const front = plural[3] === 'е';
  return suffixConsonantAfter(noun) === plural[2] && isFrontWord(noun) === front ? noun : undefined;
}

function dropEnding(word: string, endings: readonly string[]): string {
  const length = Array.from(word).length;
  for (const ending of endings) {
    if (word.endsWith(ending) && length - ending.length >= MIN_STEM) return word.slice(0, word.length - ending.length);
  }
  return word;
}
