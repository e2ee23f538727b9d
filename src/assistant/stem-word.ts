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

function dropEnding(word: string, endings: readonly string[]): string {
  const length = Array.from(word).length;
  for (const ending of endings) {
    if (word.endsWith(ending) && length - ending.length >= MIN_STEM) return word.slice(0, word.length - ending.length);
  }
  return word;
}
