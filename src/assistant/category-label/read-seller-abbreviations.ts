import type { CategoryMatcher } from '../match-category.js';

/**
 * Shortenings sellers write for a word that no leaf's name shortens so, with the word meant: `Эл. чайники` are electric
 * kettles (`Электрочайники`), as `Чайники электрические` are. A word of the table is read as the adjective the directory's
 * names use beside a noun, so the label is read as if written out. Only shortenings that mean one word wherever a seller
 * writes them: `муж.`, `жен.`, `дет.` are read by the demographic words, `д/` and `б/у` by the label's initials.
 */
const SELLER_ABBREVIATIONS: readonly { written: RegExp; meant: string }[] = [
  // `Эл. чайники`, `Эл.бритвы`, `Эл/чайники`, `Электр. плиты`: electric (never `элитные`, which no seller shortens to two letters).
  // After the noun too (`Зуб. щетки эл.`).
  { written: /(?<!\p{L})(?:эл|электр)[./]\s*(?=\p{L}|$)/giu, meant: 'электрические ' },
  // `Т/вода`, `П/вода`: the trade's short forms of eau de toilette and eau de parfum.
  { written: /(?<!\p{L})т\/\s*вода/giu, meant: 'туалетная вода' },
  { written: /(?<!\p{L})п\/\s*вода/giu, meant: 'парфюмерная вода' },
];

/** The label with every seller shortening of the table written out (`Эл. чайники` → `электрические чайники`). */
export function expandSellerAbbreviations(text: string): string {
  let expanded = text;
  for (const { written, meant } of SELLER_ABBREVIATIONS) expanded = expanded.replace(written, meant);
  return expanded;
}

/**
 * Reads a label with its seller shortenings written out (`expandSellerAbbreviations`), once, before every other reading: where
 * the written-out label is sure, its match stands, shown with the seller's text; else the label as written is read (`Эл.
 * плойки` are curling irons either way, but `электрические плойки` comes near `Электрические плитки`, a typo's likeness).
 */
export function readSellerAbbreviations(matcher: CategoryMatcher): CategoryMatcher {
  return {
    match(text, context) {
      const expanded = expandSellerAbbreviations(text);
      if (expanded === text) return matcher.match(text, context);
      const written = matcher.match(expanded, context);
      return written.status === 'todo' ? matcher.match(text, context) : { ...written, text };
    },
  };
}
