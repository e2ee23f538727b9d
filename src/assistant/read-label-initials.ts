/**
 * Initials a seller writes for words of a leaf's name: `Лапша б/п` is `Лапша быстрого приготовления`, `Рыба г/к` fish of
 * hot smoking, `Перчатки х/б` cotton gloves. The letters are words the label says, as much as a written word: read against
 * the leaves that hold the matched leaf's name and more words, they choose the one whose further words they begin, in
 * order; where none fits, they are a word no leaf explains, never dropped as if unsaid.
 */
import { tokenizeForMatch } from './normalize-for-match.js';
import { splitNamePhrase } from './classify/split-name-phrase.js';
import { stemForIndex } from './classify/stem-for-index.js';

// Single letters joined by slashes or dots (`б/п`, `х/б`, `с/м`, `Г/К`, `б.п.`, `A/V`): a word of one letter is never a
// whole word of the label, and a slash or a dot joining them is no path step and no sentence's end.
const INITIALS = /(?<![\p{L}\p{N}])\p{L}(?:[./]\p{L})+\.?(?![\p{L}\p{N}])/giu;

/** Initials as the label writes them (`б/п`) and their letters (`бп`). */
export interface LabelInitials {
  written: string;
  letters: string;
}

// A word of two to five Cyrillic capitals between spaces or signs (`БП`, `ИБП`): an acronym, unless the whole label is in capitals.
const ACRONYM = /(?<![\p{L}\p{N}])[А-ЯЁ]{2,5}(?![\p{L}\p{N}])/gu;

/**
 * The acronyms of a label (`БП для ПК`: `БП`, `ПК`; `ИБП`), as initials (`бп`); none in a label of several words written all
 * in capitals (`ЧАЙ ЧЕРНЫЙ`), whose capitals say nothing.
 */
export function findLabelAcronyms(text: string): LabelInitials[] {
  if (!/\p{Ll}/u.test(text) && /\p{L}\s+\p{L}/u.test(text.trim())) return [];
  return [...text.matchAll(ACRONYM)].map((found) => ({ written: found[0], letters: readLetters(found[0]) }));
}

/** The runs of initials in a label's text, in order. */
export function findLabelInitials(text: string): LabelInitials[] {
  return [...text.matchAll(INITIALS)].map((found) => ({ written: found[0], letters: readLetters(found[0]) }));
}

/**
 * The words a narrower name says beyond a broader one (`быстрого приготовления` of `Лапша быстрого приготовления` beyond
 * `Лапша`), in its order, when it holds every word of the broader name by stems and says more; undefined otherwise.
 */
export function readFurtherWords(narrower: string, broader: string): string[] | undefined {
  const broad = new Set(readWords(broader).map(stemForIndex));
  const words = readWords(narrower);
  const stems = new Set(words.map(stemForIndex));
  if (broad.size === 0 || ![...broad].every((stem) => stems.has(stem))) return undefined;
  const further = words.filter((word) => !broad.has(stemForIndex(word)));
  return further.length > 0 ? further : undefined;
}

/** Whether the initials are the first letters of the words, in order (`бп` of `быстрого приготовления`). */
export function areInitialsOf(initials: LabelInitials, words: readonly string[]): boolean {
  return words.map((word) => Array.from(word)[0] ?? '').join('') === initials.letters;
}

// The words a name's initials stand for, its links and prepositions skipped (`Машинки на радиоуправлении`): the words of its
// head and purpose, as the classifier reads a name.
function readWords(name: string): string[] {
  const { head, purpose } = splitNamePhrase(tokenizeForMatch(name), 'rus');
  return [...head, ...purpose];
}

function readLetters(written: string): string {
  return written.toLowerCase().replace(/ё/gu, 'е').replace(/[./]/gu, '');
}
