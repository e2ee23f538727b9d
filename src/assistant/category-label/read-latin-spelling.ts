import type { DirectoryIndex } from '../../mapping/directory-index.js';
import { readEnglishProductWord } from '../classify/english-product-words.js';
import type { CategoryMatcher } from '../match-category.js';
import { hasCyrillic, tokenizeForMatch } from '../normalize-for-match.js';
import { endsAsDeclinedStem, stemWord } from '../stem-word.js';
import { buildLatinSkeleton, transliterateToLatin } from '../transliterate.js';

// Spaces and hyphens (`Web-камеры`), kept when the label is split so that it is joined again as written.
const WORD_BREAK = /([\s-]+)/u;

// A Latin word of three letters or more: shorter ones are sizes, models and units (`XL`, `A4`, `5W`).
const LATIN_WORD = /^[a-z]{3,}$/u;
// In a label all in Latin letters, four or more: a short English word may spell a Russian one of other goods (`Bra`, `Бра`).
const LATIN_LABEL_WORD = /^[a-z]{4,}$/u;

/**
 * `Web камеры`, `Smart часы`: a Latin word beside Russian words may be a Russian word of the goods written in the letters it
 * came from, not a brand. Where a candidate leaf of the question spells it in Cyrillic, letter for letter once both are
 * read in Latin (`веб` is `web`, `v` and `w` one sound), the label is read again with the leaf's word; the reading stands
 * only when that label is sure, as any label is (`Веб камеры` is `Веб-камеры`, `Смарт часы` still asks beside the
 * children's smart watches). A Latin word no candidate spells so (`Samsung`, `NGK`) is left as written.
 *
 * A label all in Latin letters that the English reading left a question (`Kovry`, `Kurtki zhenskie`: Russian typed on a Latin
 * keyboard) is read so word by word against every word of the directory's Russian names and paths (`zhenskie` is `Женские
 * сумки`'s `женские`), unless a word of it is English goods the classifier's table reads (`Sofa`, `Tent`) or shorter than four letters (`Bra` spells the wall lamps `Бра`): then it is English.
 */
export function readLatinSpelling(matcher: CategoryMatcher, index: DirectoryIndex): CategoryMatcher {
  let directoryWords: Map<string, string> | undefined;
  return {
    match(text, context = {}) {
      const match = matcher.match(text, context);
      if (match.status !== 'todo') return match;
      const latin = text.split(WORD_BREAK).filter((piece) => LATIN_WORD.test(piece.toLowerCase()));
      if (latin.length === 0) return match;
      const allLatin = !hasCyrillic(text);
      if (allLatin && latin.some((piece) => !LATIN_LABEL_WORD.test(piece.toLowerCase()) || readEnglishProductWord(piece.toLowerCase()) !== undefined)) return match;
      const candidateWords = allLatin ? [] : match.candidates.flatMap((candidate) => tokenizeForMatch(candidate.entry.name.rus));
      const spell = (word: string): string | undefined => (allLatin ? (directoryWords ??= collectDirectoryWords(index)).get(buildLatinSkeleton(word)) : findCyrillicSpelling(word, candidateWords));
      const spelt = latin.map((piece) => [piece, spell(piece.toLowerCase())] as const);
      if (spelt.every(([, cyrillic]) => cyrillic === undefined)) return match;
      const respelt = text
        .split(WORD_BREAK)
        .map((piece) => spelt.find(([written]) => written === piece)?.[1] ?? piece)
        .join('');
      const again = matcher.match(respelt, context);
      if (again.status === 'todo' || again.best === undefined) return match;
      return { ...again, text, status: 'confident', best: { ...again.best, exact: false } };
    },
  };
}

/**
 * Every Cyrillic word of the directory's Russian leaf names and paths by its Latin sound skeleton, and by its stem's
 * (`pylesos` is the stem of `пылесосы`, read as that word), once per directory: the word first written wins.
 */
function collectDirectoryWords(index: DirectoryIndex): Map<string, string> {
  const bySkeleton = new Map<string, string>();
  const add = (key: string, word: string): void => {
    if (!bySkeleton.has(key)) bySkeleton.set(key, word);
  };
  for (const category of index.directories.categories) {
    for (const part of [category.name.rus, category.path?.rus ?? '']) {
      for (const word of tokenizeForMatch(part)) {
        if (!hasCyrillic(word)) continue;
        add(buildLatinSkeleton(transliterateToLatin(word)), word);
        const stem = stemWord(word);
        // A stem ending in a vowel is a word that never declines cut short (`кино` of `киноа`, quinoa): no key (`Kino` is no quinoa).
        if (Array.from(word).length - Array.from(stem).length <= 2 && endsAsDeclinedStem(stem)) add(buildLatinSkeleton(transliterateToLatin(stem)), word);
      }
    }
  }
  return bySkeleton;
}

/** The Cyrillic word among `words` that reads as the Latin word by the shared sound skeleton (`buildLatinSkeleton`: `w` is `v`). */
function findCyrillicSpelling(word: string, words: readonly string[]): string | undefined {
  const wanted = buildLatinSkeleton(word);
  return words.find((own) => hasCyrillic(own) && buildLatinSkeleton(transliterateToLatin(own)) === wanted);
}
