/**
 * An English type in the directory's words (`car phone holder` → `держатель автомобильный для телефон`): the head noun, which
 * English puts last, first as Russian puts it, the kinds and features after it, and the other nouns and `for …` kinds as its
 * purpose, so that the classifier proposes the leaf a Russian name of the same goods would reach, and the review asks it. Only a
 * type every word of which the English product table knows (`english-product-words.ts`) is read so: a word it does not know may
 * make the goods another thing, and is left to the seller.
 */
import type { SynonymRewrite } from '../category-synonyms.js';
import { readEnglishWords, readTwoKindsWord } from './english-product-words.js';

const FOR = 'для ';

/**
 * The Russian reading of an English type's words, or undefined where a word is not the table's or loose (`adapter`), no word is
 * goods, or the head names two kinds of goods (`iron`) that no compound tells apart. A compound (`night light`) is read as one word.
 */
export function translateEnglishType(words: readonly string[]): SynonymRewrite | undefined {
  const read = readEnglishWords(words);
  const entries = read.filter((reading) => reading.partOfCompound !== true).map((reading) => reading.entry);
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

/**
 * Whether an English type's head names two kinds of goods (`iron` of `Iron Bisglycinate`, `english-product-words.ts`) and no
 * compound of the type says which (`steam iron`, `curling iron`): then no reading of it, the table's or the shared vocabulary's
 * (`irons` → `утюги`), may make a pick.
 */
function hasTwoKindsHead(words: readonly string[]): boolean {
  const read = readEnglishWords(words);
  const head = read.findLastIndex((reading) => reading.entry?.role === 'goods' && reading.partOfCompound !== true);
  return head >= 0 && read[head]?.compound !== true && readTwoKindsWord(words[head] ?? '') !== undefined;
}

const LATIN_LETTER = /[a-z]/u;

/**
 * A type in the directory's words: the shared vocabulary's exact rewrite (`category-synonyms.ts`) where it leaves no English
 * word (`power bank` → `внешние аккумуляторы`), else the English product table's reading of the whole type, else the vocabulary's
 * rewrite of the words it knows. `text` is the type as read, `words` its words.
 */
export function rewriteTypeInDirectoryWords(text: string, words: readonly string[], rewriteWithSynonyms: (text: string) => SynonymRewrite | undefined): SynonymRewrite | undefined {
  if (hasTwoKindsHead(words)) return undefined;
  const synonyms = rewriteWithSynonyms(text);
  // A near rewrite (`car vacuum cleaner` → `автомобильные пылесосы`, loose) gives way to the table's reading of every word.
  if (synonyms !== undefined && synonyms.exact && !LATIN_LETTER.test(synonyms.text)) return synonyms;
  return translateEnglishType(words) ?? synonyms;
}
