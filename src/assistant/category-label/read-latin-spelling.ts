import type { CategoryMatcher } from '../match-category.js';
import { hasCyrillic, tokenizeForMatch } from '../normalize-for-match.js';
import { buildLatinSkeleton, transliterateToLatin } from '../transliterate.js';

// Spaces and hyphens (`Web-камеры`), kept when the label is split so that it is joined again as written.
const WORD_BREAK = /([\s-]+)/u;

// A Latin word of three letters or more: shorter ones are sizes, models and units (`XL`, `A4`, `5W`).
const LATIN_WORD = /^[a-z]{3,}$/u;

/**
 * `Web камеры`, `Smart часы`: a Latin word beside Russian words may be a Russian word of the goods written in the letters it
 * came from, not a brand. Where a candidate leaf of the question spells it in Cyrillic, letter for letter once both are
 * read in Latin (`веб` is `web`, `v` and `w` one sound), the label is read again with the leaf's word; the reading stands
 * only when that label is sure, as any label is (`Веб камеры` is `Веб-камеры`, `Смарт часы` still asks beside the
 * children's smart watches). A Latin word no candidate spells so (`Samsung`, `NGK`) is left as written.
 */
export function readLatinSpelling(matcher: CategoryMatcher): CategoryMatcher {
  return {
    match(text, context = {}) {
      const match = matcher.match(text, context);
      if (match.status !== 'todo' || !hasCyrillic(text)) return match;
      const latin = text.split(WORD_BREAK).filter((piece) => LATIN_WORD.test(piece.toLowerCase()));
      if (latin.length === 0) return match;
      const spelt = latin.map((piece) => [piece, findCyrillicSpelling(piece.toLowerCase(), match.candidates.map((candidate) => candidate.entry.name.rus))] as const);
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

/** The Cyrillic word of one of the names that reads as the Latin word by the shared sound skeleton (`buildLatinSkeleton`: `w` is `v`). */
function findCyrillicSpelling(word: string, names: readonly string[]): string | undefined {
  const wanted = buildLatinSkeleton(word);
  for (const name of names) {
    const found = tokenizeForMatch(name).find((own) => hasCyrillic(own) && buildLatinSkeleton(transliterateToLatin(own)) === wanted);
    if (found !== undefined) return found;
  }
  return undefined;
}
