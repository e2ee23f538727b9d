import type { Category } from '../../domain/index.js';
import { rewriteWithSynonyms } from '../category-synonyms.js';
import { tokenizeForMatch } from '../normalize-for-match.js';

// The head noun, a label's first word, in the seller's own Cyrillic letters (Russian or Kazakh).
const CYRILLIC = /^[а-яёәғқңөұүһі]/u;

/**
 * `Игры для PS4` → `видеоигры`: a label head the vocabulary rewrites, exactly (every word the same goods or a kind of them),
 * into the leaf's whole Russian name says that leaf in the seller's words, so the whole-head veto reads the rewrite: the
 * vocabulary has said what each word means (`для PS4` is what makes games video games), and no word of it is left for the
 * leaf to explain. A rewrite that keeps a word of the seller's beside the name (`Лампочки LED E27` → `лампы led e 27`), is
 * loose, or names another leaf leaves the head as the seller wrote it. So does an English head (`Iron`, `Tablets`): its
 * one word is a translation the product names must confirm (`Iron Bisglycinate` is no clothes iron), as the English reader
 * and the veto judge it.
 */
export function readInLeafWords(head: string, leaf: Category): string {
  if (!CYRILLIC.test(tokenizeForMatch(head)[0] ?? '')) return head;
  const rewritten = rewriteWithSynonyms(head);
  if (rewritten === undefined || !rewritten.exact) return head;
  return tokenizeForMatch(rewritten.text).join(' ') === tokenizeForMatch(leaf.name.rus).join(' ') ? rewritten.text : head;
}
