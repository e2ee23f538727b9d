/**
 * The key a review answer is given under: the product type of a name (its head phrase) with the
 * purpose phrase right after it (`шампунь для собак`, not `шампунь`), in the name's own words, so
 * that one answer covers every product of that type and no product of another: the `lookup:
 * category` step finds a `categories:` key in a name as whole words, longest first.
 *
 * The key stops at the first word that reads as a brand or model: a capitalised word inside a name
 * written in lower case (`Молоко пастеризованное Емшан`), or a Latin word in a Cyrillic name
 * (`Корм для кошек Whiskas`), so that `Молоко` of every dairy is one row of the review.
 */
import { tokenizeForMatch } from '../normalize-for-match.js';
import { extractProductType } from '../classify/extract-product-type.js';

const WORD = /[\p{L}\p{N}]+/gu;
const CYRILLIC = /[\u0400-\u04ff]/u;

/** `Шампунь для собак Beaphar 250 мл` → `шампунь для собак`; `''` when the name names no type. */
export function readProductTypeKey(name: string, brand?: string): string {
  const type = extractProductType(name, brand);
  if (type.words.length === 0) return '';
  const { tokens, words, purpose } = type;
  let keyWords = words;
  // The purpose words follow the head after one preposition (`для`, `к`): keep them as written.
  for (let start = 0; start + words.length <= tokens.length && purpose.length > 0; start += 1) {
    if (!words.every((word, i) => tokens[start + i] === word)) continue;
    const after = start + words.length;
    const tail = tokens.slice(after + 1, after + 1 + purpose.length);
    if (tail.length === purpose.length && tail.every((word, i) => word === purpose[i])) keyWords = [...words, tokens[after] ?? '', ...purpose];
    break;
  }
  const brandLike = findBrandLikeWords(name);
  const cut = keyWords.findIndex((word, i) => i > 0 && brandLike.has(word));
  return (cut === -1 ? keyWords : keyWords.slice(0, cut)).join(' ');
}

/** Words of the name (normalised) that read as a brand or model rather than a description. */
function findBrandLikeWords(name: string): Set<string> {
  const found = new Set<string>();
  const original = name.match(WORD) ?? [];
  const letters = name.replace(/[^\p{L}]/gu, '');
  const allCaps = letters !== '' && letters === letters.toUpperCase();
  const cyrillicName = CYRILLIC.test(original[0] ?? '');
  original.forEach((word, i) => {
    if (i === 0) return;
    const latin = /^[A-Za-z]/.test(word);
    const capitalised = !allCaps && /^\p{Lu}/u.test(word);
    if ((cyrillicName && latin) || capitalised) for (const token of tokenizeForMatch(word)) found.add(token);
  });
  return found;
}
