/**
 * An English type in the directory's words (`car phone holder` → `держатель автомобильный для телефон`): the head noun, which
 * English puts last, first as Russian puts it, the kinds and features after it, and the other nouns and `for …` kinds as its
 * purpose, so that the classifier proposes the leaf a Russian name of the same goods would reach, and the review asks it. Only a
 * type every word of which the English product table knows (`english-product-words.ts`) is read so: a word it does not know may
 * make the goods another thing, and is left to the seller.
 */
import type { SynonymRewrite } from '../category-synonyms.js';
import { ENGLISH_PRODUCT_WORDS } from './english-product-words.js';

const FOR = 'для ';

/** The Russian reading of an English type's words, or undefined where a word is not the table's or loose (`adapter`), or no word is goods. */
export function translateEnglishType(words: readonly string[]): SynonymRewrite | undefined {
  const entries = words.map((word) => ENGLISH_PRODUCT_WORDS.get(word));
  const head = entries.findLastIndex((entry) => entry?.role === 'goods');
  if (head < 0 || entries.some((entry) => entry === undefined || entry.loose === true)) return undefined;
  const qualifiers: string[] = [];
  const purpose: string[] = [];
  for (const [at, entry] of entries.entries()) {
    if (entry === undefined || at === head) continue;
    if (entry.russian.startsWith(FOR)) purpose.push(entry.russian.slice(FOR.length));
    else if (entry.role === 'goods') purpose.push(entry.russian);
    else qualifiers.push(entry.russian);
  }
  const goods = entries[head]?.russian ?? '';
  const joiner = goods.includes(` ${FOR}`) ? ' ' : ` ${FOR}`;
  return { text: [goods, ...qualifiers].join(' ') + (purpose.length === 0 ? '' : `${joiner}${purpose.join(' ')}`), exact: true };
}

const LATIN_LETTER = /[a-z]/u;

/**
 * A type in the directory's words: the shared vocabulary's rewrite (`category-synonyms.ts`) where it leaves no English word
 * (`power bank` → `внешние аккумуляторы`), else the English product table's reading of the whole type, else the vocabulary's
 * rewrite of the words it knows. `text` is the type as read, `words` its words.
 */
export function rewriteTypeInDirectoryWords(text: string, words: readonly string[], rewriteWithSynonyms: (text: string) => SynonymRewrite | undefined): SynonymRewrite | undefined {
  const synonyms = rewriteWithSynonyms(text);
  if (synonyms !== undefined && !LATIN_LETTER.test(synonyms.text)) return synonyms;
  return translateEnglishType(words) ?? synonyms;
}
