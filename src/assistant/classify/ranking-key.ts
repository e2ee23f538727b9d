/**
 * The key the classifier memoises a product type's ranking of leaves by: every part of the type, the
 * seller's label and groups, and the few words of the rest of the name the ranking reads. Two inputs
 * share a key exactly when every field is equal.
 */
import { findDemographicMark } from '../demographic-words.js';
import { carriesDose } from './dose-measures.js';
import type { ProductType } from './extract-product-type.js';

/** What the ranking key is built from: the product's type, the label and groups as read, the Latin kind words of the name. */
export interface RankingKeyInput {
  type: ProductType;
  label: string | undefined;
  groups: readonly string[];
  latinKinds: readonly string[];
}

/**
 * Builds the ranking memo's key. Each text is written with its length before it (`5:texte`) and each list with
 * its count, so no seller text can make two different inputs one key, whatever separators it holds; a missing
 * list is the empty one and a missing label the empty text, as the ranking reads them.
 */
export function buildRankingKey({ type, label, groups, latinKinds }: RankingKeyInput): string {
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
    encodeList(latinKinds)
  );
}

/**
 * The rest of the name a plain decision reads beyond the ranking key: every token (whom the goods are for or act against
 * after `для`, a Latin `baby`, the words a purpose twin is told by) and the vehicle the goods fit. Two names of one ranking
 * share a decision exactly when this key is equal too, so no name takes another's doubt.
 */
export function buildNameKey(type: ProductType): string {
  return encodeList(type.tokens) + encodeText(type.vehicle ?? '');
}

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
