/**
 * Russian words of goods a seller writes otherwise than the directory does, for the Cyrillic-brand rule of a Latin name
 * (`Power Bank Чехольчик`, `Huawei Band Фитнесбраслет`, `Braun Series 7 Бритва`): a diminutive of a directory word
 * (`чехольчик` → `чехол`, `кейсик` → `кейс`, `стеклышко` → `стекл…`), a compound of two directory words written as one
 * (`фитнесбраслет`), or the stem that ends a compound leaf word (`бритв` of `электробритвы`). Such a word names goods, never a
 * brand: read as a brand, the Latin words around it became the type and answered for goods the name does not sell.
 */
import type { CutWordVocabulary } from './expand-cut-words.js';
import { stemForIndex } from './stem-for-index.js';

// Diminutive endings, longest first, each cut with its fleeting vowel or soft sign (`чехольчик` → `чехол`, `стеклышко` → `стекл`).
const DIMINUTIVE_ENDINGS = ['ьчик', 'ышко', 'ишко', 'очка', 'ечка', 'чик', 'ик', 'ок', 'ек'];
const SHORTEST_BASE = 4;
// The diminutive endings a noun of goods takes and a proper name does not (`кейсик`, `чехольчик`, `коробочка`): no `-ок`, `-ек`,
// which end brand-like words (`Колобок`) as often as diminutives.
const NOUN_DIMINUTIVE_ENDINGS = ['ьчик', 'ышко', 'ишко', 'очка', 'ечка', 'чик', 'ик'];
const SHORTEST_PART = 4;

// The vocabulary's words written back to front, sorted, so that the words a stem ends are one range (built once per vocabulary).
const reversedWords = new WeakMap<CutWordVocabulary, readonly string[]>();

/** A word back to front. */
function reverseWord(word: string): string {
  return [...word].reverse().join('');
}

/** Whether some longer word of the directory ends with `stem` (`бритв` ends `электробритвы`'s stem): a compound leaf word. */
function isEndOfCompoundWord(stem: string, vocabulary: CutWordVocabulary): boolean {
  let reversed = reversedWords.get(vocabulary);
  if (reversed === undefined) {
    reversed = vocabulary.sorted.map((word) => reverseWord(stemForIndex(word))).sort();
    reversedWords.set(vocabulary, reversed);
  }
  const key = reverseWord(stem);
  let low = 0;
  let high = reversed.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((reversed[middle] ?? '') < key) low = middle + 1;
    else high = middle;
  }
  for (let at = low; at < reversed.length && (reversed[at] ?? '').startsWith(key); at += 1) if ((reversed[at] ?? '').length >= key.length + 3) return true;
  return false;
}

/**
 * Whether a Cyrillic word (normalised) is a directory word written otherwise (`isDirectoryWord`: the rule's own reading of a
 * word as the directory's): a diminutive of one, two written as one, or the stem ending a compound leaf word.
 */
export function isDirectoryWordVariant(word: string, vocabulary: CutWordVocabulary, isDirectoryWord: (word: string) => boolean): boolean {
  const isWhole = (part: string): boolean => vocabulary.known.has(part) || vocabulary.leafWords(stemForIndex(part)).length > 0;
  for (const ending of DIMINUTIVE_ENDINGS) {
    if (word.endsWith(ending) && word.length - ending.length >= SHORTEST_BASE && isDirectoryWord(word.slice(0, -ending.length))) return true;
  }
  for (let at = SHORTEST_PART; at <= word.length - SHORTEST_PART; at += 1) if (isWhole(word.slice(0, at)) && isWhole(word.slice(at))) return true;
  const stem = stemForIndex(word);
  return stem.length >= SHORTEST_PART && isEndOfCompoundWord(stem, vocabulary);
}

/**
 * Whether a Cyrillic word (normalised) is in a diminutive's form of a noun (`кейсик`, `чехольчик`, `коробочка`), a base of four
 * letters or more before it, whether or not the directory knows the base: sellers call goods so (`Wireless Earbuds Кейсик` is a
 * case), a brand is not declined so. Read as a brand, the Latin goods before it answered for goods the name does not sell.
 */
export function isDiminutiveForm(word: string): boolean {
  return NOUN_DIMINUTIVE_ENDINGS.some((ending) => word.endsWith(ending) && word.length - ending.length >= SHORTEST_BASE);
}
