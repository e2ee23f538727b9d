/**
 * Sellers write a hyphenated leaf name as one word (`Ланчбокс` for `Ланч-боксы`, `Пенниборд` for `Пенни-борды`): such a word
 * is read as the parts of the one hyphenated name of the directory it joins, so it meets that leaf's head as the leaf's own
 * words would. A joined word two names of different parts could be is left as it is.
 */
import { tokenizeForMatch } from '../normalize-for-match.js';
import type { ClassifierIndex } from './classifier-types.js';
import { stemForIndex } from './stem-for-index.js';

// A word of letters joined by hyphens (`Ланч-боксы`, `Пенни-борды`), as a leaf's name writes it.
const HYPHENATED = /\p{L}+(?:-\p{L}+)+/gu;

const compoundsOf = new WeakMap<ClassifierIndex, Map<string, string[] | null>>();

/** The stems of the hyphenated name a word joins (`ланчбокс` → `ланч`, `бокс`), when exactly one name of the directory joins to it. */
export function readHyphenCompoundParts(index: ClassifierIndex, word: string): string[] | undefined {
  return readHyphenCompounds(index).get(stemForIndex(word)) ?? undefined;
}

function readHyphenCompounds(index: ClassifierIndex): Map<string, string[] | null> {
  let compounds = compoundsOf.get(index);
  if (compounds !== undefined) return compounds;
  compounds = new Map();
  for (const leaf of index.leaves) {
    for (const name of leaf.names) {
      for (const written of name.text.match(HYPHENATED) ?? []) {
        const parts = tokenizeForMatch(written);
        if (parts.length < 2) continue;
        const stems = parts.map(stemForIndex);
        const joined = stemForIndex(parts.join(''));
        const known = compounds.get(joined);
        // Two names of different parts joined alike: the seller's word says neither (null marks it).
        compounds.set(joined, known === undefined || (known !== null && known.join(' ') === stems.join(' ')) ? stems : null);
      }
    }
  }
  compoundsOf.set(index, compounds);
  return compounds;
}
