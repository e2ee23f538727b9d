/**
 * Finds a directory entry named inside free text ("Корм Whiskas для кошек 85 г" → brand Whiskas),
 * by whole words: the phrases are indexed once per file, and a text is looked up n-gram by
 * n-gram, longest phrase first. Words are compared with the mapping's name normalisation (case,
 * ё/е, quotes, look-alike letters).
 */
import { normalizeName } from '../../mapping/normalize-name.js';

/** A phrase index: normalised words → what the phrase stands for. */
export interface WordIndex {
  /** The entry of the longest phrase found in `text` (the earliest among equals), or `undefined`. */
  find(text: string): string | undefined;
}

const MAX_WORDS = 6;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’&.+-]*/gu;

/** Splits text into normalised words. */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = normalizeName(match[0].replace(/[.'’-]+$/u, ''));
    if (word !== '') words.push(word);
  }
  return words;
}

/**
 * Builds the index from `[phrase, entry]` pairs; an earlier pair wins a phrase (so mapping keys,
 * listed first, win over directory names). Phrases of one character are left out: they would be
 * found in any text.
 */
export function createWordIndex(pairs: Iterable<readonly [string, string]>): WordIndex {
  const phrases = new Map<string, string>();
  let longest = 1;
  for (const [phrase, entry] of pairs) {
    const words = splitWords(phrase);
    if (words.length === 0 || words.length > MAX_WORDS || words.join('').length < 2) continue;
    const key = words.join(' ');
    if (phrases.has(key)) continue;
    phrases.set(key, entry);
    longest = Math.max(longest, words.length);
  }
  return {
    find(text) {
      const words = splitWords(text);
      for (let size = Math.min(longest, words.length); size >= 1; size--) {
        for (let start = 0; start + size <= words.length; start++) {
          const entry = phrases.get(words.slice(start, start + size).join(' '));
          if (entry !== undefined) return entry;
        }
      }
      return undefined;
    },
  };
}
