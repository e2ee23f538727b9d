import { FINAL_VOWEL, isAdjectiveOfPurposeNoun, isAkanyeSpelling, isFleetingVowelForm, isKazakhDativeFormOf, isKazakhNameOrSingular, isLongerRootWord, isNumberEndingPair, isPrefixedWord, isSameWordStem } from '../read-word-forms.js';
import { AKANYE_SCORE, FORM_SCORE, LOOSE_CAP, MAX_SLIP_CHECKED_WORD, MIN_AKANYE_WORD } from './label-scores.js';
import { findSwappedLetter, isLetterSlip } from './read-letter-slips.js';
import type { ParsedLabel } from './parse-label.js';

/**
 * How near a seller's word is to a directory word, as the label is written: the general word score,
 * with the spellings it does not know (a dropped vowel, `а` for an unstressed `о`, a changed ending
 * vowel) raised to a form's or a typo's score, and a bare word beginning held down unless the seller
 * marked it as an abbreviation. `nameWords`: every word of the directory's leaf names.
 */
export function createLabelWordSimilarity(wordScore: (a: string, b: string) => number, nameWords: ReadonlySet<string> = new Set()): (label: ParsedLabel, sellerWord: string, directoryWord: string) => number {
  // By seller word, then directory word, apart for a word the seller marked as shortened (the one thing of the label read here).
  const plain = new Map<string, Map<string, number>>();
  const shortened = new Map<string, Map<string, number>>();
  return (label, sellerWord, directoryWord) => {
    const marked = label.abbreviated.has(sellerWord);
    const cache = marked ? shortened : plain;
    let row = cache.get(sellerWord);
    if (row === undefined) cache.set(sellerWord, (row = new Map()));
    let score = row.get(directoryWord);
    if (score === undefined) {
      score = scoreLabelWord(wordScore(sellerWord, directoryWord), sellerWord, directoryWord, marked);
      // `Жейде` is `Жейделер` wherever the directory says it, a list's part too (`Блузкалар мен жейделер`): a Kazakh singular is
      // its bare plural by the language's rules (`isKazakhNameOrSingular`), a form, not a likeness of the one whole name. A word
      // the directory writes as it is stays that word (`Көрпе`, a leaf's name, is no singular of `Көрпелер`).
      if (score < FORM_SCORE && !nameWords.has(sellerWord) && isKazakhNameOrSingular([sellerWord], [directoryWord])) score = FORM_SCORE;
      row.set(directoryWord, score);
    }
    // `Ножи для кухни` is `Ножи кухонные`: a word of what the goods are for (after the head) is the leaf's adjective made of
    // it. Never a word of the head: `Кухни` (furniture) is no `Кухонные …`.
    if (score < FORM_SCORE && !label.head.includes(sellerWord) && isAdjectiveOfPurposeNoun(directoryWord, sellerWord)) return FORM_SCORE;
    // `Итке арналған жем` is `Иттерге арналған жем`: a Kazakh label's purpose in the singular dative, the name's in the plural.
    if (score < FORM_SCORE && label.kazakh && isKazakhDativeFormOf(sellerWord, directoryWord)) return FORM_SCORE;
    return score;
  };
}

/** The general word score with the spellings it does not know raised, and a bare word beginning held down (see `createLabelWordSimilarity`). */
function scoreLabelWord(score: number, sellerWord: string, directoryWord: string, marked: boolean): number {
  // `Поло` is not short for `Полотенца`, `Манга` no form of `Мангалы`: a word that only begins another, with another stem,
  // counts as an abbreviation when the seller put a dot after it.
  // So is a word that only ends another (`школьников` of `дошкольников`): a prefix (`до-`, `под-`, `без-`) makes another word.
  if (score < 0.95 && (isPrefixedWord(sellerWord, directoryWord) || (directoryWord.startsWith(sellerWord) && directoryWord !== sellerWord && !marked && !isSameWordStem(sellerWord, directoryWord)))) {
    return Math.min(score, 0.7);
  }
  // `Котлы` is no typo of `Котлеты`: a stem that goes on into a longer one is another word of the same root, whose letters
  // only look alike (`Котлы газовые` held Котлеты on top, at a typo's score).
  if (score < 0.95 && !marked && isLongerRootWord(sellerWord, directoryWord)) return Math.min(score, 0.7);
  // `Кошелек`/`Кошельки`, `Ремень`/`Ремни`: the vowel Russian drops before the last consonant when an ending follows.
  if (score < FORM_SCORE && (isFleetingVowelForm(sellerWord, directoryWord) || isFleetingVowelForm(directoryWord, sellerWord))) return FORM_SCORE;
  // `Халадильники`, `Адеяла`: the unstressed `о` written as it sounds, `а`, in a word long enough that no other word
  // differs from it so (`Палки` is not `Полки`). One misspelling however often it recurs, so at most a typo's score.
  if (score < AKANYE_SCORE && sellerWord.length >= MIN_AKANYE_WORD && isAkanyeSpelling(sellerWord, directoryWord)) return AKANYE_SCORE;
  // `Манго`/`Манга`: the shared stemmer drops any ending vowel, but two words apart by one that is no singular and plural
  // of a noun are two words, at most a typo's score apart.
  if (score >= FORM_SCORE && sellerWord !== directoryWord && sellerWord.length === directoryWord.length && sellerWord.slice(0, -1) === directoryWord.slice(0, -1) && FINAL_VOWEL.test(sellerWord) && FINAL_VOWEL.test(directoryWord) && !isNumberEndingPair(sellerWord.slice(-1), directoryWord.slice(-1), sellerWord.length)) {
    return AKANYE_SCORE - 0.05;
  }
  // `Юбка`/`Юбки`: four-letter words the stemmer leaves whole, differing in the ending vowel only, as one noun's singular
  // and plural do (`Манго` is no form of `Манга`).
  if (score < 0.95 && sellerWord.length === directoryWord.length && sellerWord.length >= 4 && sellerWord.slice(0, -1) === directoryWord.slice(0, -1) && isNumberEndingPair(sellerWord.slice(-1), directoryWord.slice(-1), sellerWord.length)) {
    return FORM_SCORE;
  }
  // `Слайдеры` is no typo of `Слайсеры`: in a short word one letter for another that is neither a key beside it nor a letter
  // of its sound makes another word, a candidate but never a confident one. A long word keeps its typo (`Холодилники`).
  if (score > LOOSE_CAP && score < FORM_SCORE && !marked && sellerWord.length <= MAX_SLIP_CHECKED_WORD) {
    const swapped = findSwappedLetter(sellerWord, directoryWord);
    if (swapped !== undefined && !isLetterSlip(...swapped)) return LOOSE_CAP;
  }
  return score;
}

/** How well `other` holds `words`: each word's best similarity to a word of `other`, averaged (1 for no words). */
export function coverWords(words: readonly string[], other: readonly string[], similarity: (a: string, b: string) => number): number {
  if (words.length === 0) return 1;
  let sum = 0;
  for (const word of words) {
    let best = 0;
    for (const candidate of other) best = Math.max(best, similarity(word, candidate));
    sum += best;
  }
  return sum / words.length;
}
