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
 */
import { tokenizeForMatch } from '../normalize-for-match.js';
import type { ClassifierIndex } from '../classify/classifier-types.js';
import { stemForIndex } from '../classify/stem-for-index.js';
import { ADJECTIVE_FORM, GENITIVE_FORM } from '../classify/known-brands.js';

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
const MIN_LETTERS = 4;
const EXAMPLES = 2;
const WORD = /[\p{L}\p{N}]+/gu;
const CYRILLIC_WORD = /^[\u0400-\u04ff]+$/u;
const CAPITALISED = /^\p{Lu}\p{Ll}/u;
const LOWER = /^\p{Ll}/u;
// A name in sentence case has a lower-case word of this length after its first word (prepositions are shorter).
const SENTENCE_WORD = 4;

/** Creates the collector; `index` gives the directory's words, which are never brands. */
export function createFileBrandCollector(index: ClassifierIndex): FileBrandCollector {
  const capitalised = new Map<string, { names: number; examples: string[] }>();
  const lower = new Set<string>();
  let mixedCase = 0;
  let sentenceCaseNames = 0;
  return {
    add(name) {
      const words = name.match(WORD) ?? [];
      if (name === name.toUpperCase()) return;
      mixedCase += 1;
      const later = words.slice(1);
      const long = (word: string): boolean => Array.from(word).length >= SENTENCE_WORD;
      const sentenceCase = later.some((word) => LOWER.test(word) && long(word));
      if (sentenceCase) sentenceCaseNames += 1;
      // `Сыр Твёрдый Гауда`: a name whose every long word is capitalised says nothing by its case.
      const titleCase = !sentenceCase && later.filter((word) => CAPITALISED.test(word) && long(word)).length >= 2;
      const seen = new Set<string>();
      for (const word of later) {
        if (!CYRILLIC_WORD.test(word)) continue;
        const normalised = tokenizeForMatch(word)[0];
        if (normalised === undefined) continue;
        if (LOWER.test(word)) lower.add(normalised);
        else if (!titleCase && CAPITALISED.test(word) && !seen.has(normalised)) {
          seen.add(normalised);
          const entry = capitalised.get(normalised) ?? { names: 0, examples: [] };
          entry.names += 1;
          if (entry.examples.length < EXAMPLES) entry.examples.push(name);
          capitalised.set(normalised, entry);
        }
      }
    },
    finish() {
      // A file that writes most names in Title Case shows no brand by case at all.
      if (sentenceCaseNames * 2 < mixedCase) return [];
      const directoryWords = readDirectoryWords(index);
      const found: FileBrandWord[] = [];
      for (const [word, entry] of capitalised) {
        if (entry.names < MIN_NAMES || lower.has(word) || Array.from(word).length < MIN_LETTERS || ADJECTIVE_FORM.test(word) || GENITIVE_FORM.test(word)) continue;
        const stem = stemForIndex(word);
        if (directoryWords.has(stem) || Object.hasOwn(index.byCompoundEnd, stem)) continue;
        found.push({ word, names: entry.names, examples: entry.examples });
      }
      return found.sort((a, b) => b.names - a.names || a.word.localeCompare(b.word));
    },
  };
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
