/**
 * The key the classifier memoises a product type's ranking of leaves by: every part of the type, the
 * seller's label and groups, and the few words of the rest of the name the ranking reads. Two inputs
 * share a key exactly when every field is equal.
 */
import { findDemographicMark } from '../demographic-words.js';
import { carriesDose } from './dose-measures.js';
import { readMeasuresOfGoods } from './measures-of-goods.js';
import { isThreadSize } from './part-numbers.js';
import type { ProductType } from './extract-product-type.js';

/** What the ranking key is built from: the product's type, the label and groups as read, the Latin kind words of the name. */
export interface RankingKeyInput {
  type: ProductType;
  label: string | undefined;
  groups: readonly string[];
  latinKinds: readonly string[];
  /** Whether the name carries a children's size (`children-sizes.ts`), which may say whom the goods are for. */
  childrenSize?: boolean;
}

/**
 * Builds the ranking memo's key. Each text is written with its length before it (`5:texte`) and each list with
 * its count, so no seller text can make two different inputs one key, whatever separators it holds; a missing
 * list is the empty one and a missing label the empty text, as the ranking reads them.
 */
export function buildRankingKey({ type, label, groups, latinKinds, childrenSize }: RankingKeyInput): string {
  // One pass over the tokens: the single digits and the words that say whom the goods are for, in the name's order.
  const marks: string[] = [];
  for (const word of type.tokens) if (isSingleDigit(word) || findDemographicMark(word) !== undefined) marks.push(word);
  return (
    encodeText(type.text) +
    encodeList(type.purpose) +
    encodeList(type.form) +
    encodeList(type.cut) +
    encodeList(type.codes) +
    encodeList(type.madeOf) +
    encodeList(type.asides) +
    encodeList(type.with) +
    encodeText(label ?? '') +
    encodeList(groups) +
    encodeList(marks) +
    (carriesDose(type.tokens) ? 'd' : 'n') +
    encodeList(readMeasuresOfGoods(type.tokens)) +
    encodeList(latinKinds) +
    (childrenSize === true ? 'k' : '')
  );
}

/**
 * The rest of the name a plain decision reads beyond the ranking key: the word after each `для` (whom the goods are for:
 * `recipient-of-goods.ts` reads no other) and after each `от` (what they act against: `remedy-of-other-goods.ts`), the
 * vehicle the goods fit, whether it writes a part number, a size range or a model code and the brand word before it (`part-numbers.ts`), a purpose after a quoted name, and what the classifier read of the name against the ranking (`facts`: a kind of the second leaf said,
 * a Latin `baby`, the best leaf's unsaid purpose twin). Two names of one ranking share a decision exactly when this key is equal
 * too, so no name takes another's doubt; names that differ only in what none of these reads (a size, a count, a brand word)
 * share it.
 */
export function buildNameKey(type: ProductType, facts: readonly string[]): string {
  const { tokens } = type;
  let forWords = '';
  let againstWords = '';
  for (let at = 0; at < tokens.length - 1; at += 1) {
    const word = tokens[at];
    if (word === FOR) forWords += encodeText(tokens[at + 1] ?? '');
    else if (word === AGAINST) againstWords += encodeText(tokens[at + 1] ?? '');
  }
  // A model code is read against the brand the type ends with (`other-systems-number.ts`): its first word is part of the key.
  const modelCode = type.modelCode === undefined ? '' : `m${encodeText(type.brand?.[0] ?? '')}`;
  // A purpose after a quoted name is read apart from the `для` words above (`purpose-after-quote.ts`): whether and which.
  const afterQuote = type.purposeAfterQuote === undefined ? '' : `q${encodeList(type.purposeAfterQuote)}`;
  return `${forWords}[${againstWords}[${encodeList(facts)}${encodeText(type.vehicle ?? '')}${type.partNumber === undefined ? (type.sizeRange === undefined ? '' : 'r') : isThreadSize(type.partNumber) ? 't' : 'p'}${modelCode}${afterQuote}`;
}

const FOR = 'для';
const AGAINST = 'от';

function encodeText(text: string): string {
  return `${text.length}:${text}`;
}

function encodeList(texts: readonly string[] | undefined): string {
  if (texts === undefined || texts.length === 0) return '0[';
  let encoded = `${texts.length}[`;
  for (const text of texts) encoded += encodeText(text);
  return encoded;
}

// `/^\d$/u` without a regex: the test runs on every token of every name.
function isSingleDigit(word: string): boolean {
  if (word.length !== 1) return false;
  const code = word.charCodeAt(0);
  return code >= 48 && code <= 57;
}
