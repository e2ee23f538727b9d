/**
 * What the review reads of one product name, before it counts the name in its type (`collect-product-types.ts`): the type's
 * parts (the key an answer is given under), the name's words (`extractProductType`'s tokens, for the rest after the type) and
 * the classifier's choice. Pure and the same in any order: the names of a large file are read in two threads
 * (`read-product-names.ts`), each with this function, and counted in file order.
 */
import type { Classification, ClassifierIndex, ClassifyOptions } from '../classify/classifier-types.js';
import { classifyProduct } from '../classify/classify-product.js';
import { CONTAINER_WORDS, COUNT_WORDS, extractProductType } from '../classify/extract-product-type.js';
import { readKnownBrands, type KnownBrands } from '../classify/known-brands.js';
import { UNIT_TOKENS } from '../normalize-for-match.js';
import { readProductTypeParts, type ProductTypeParts } from './read-product-type-key.js';

/** One name as the review reads it. */
export interface ProductNameReading {
  parts: ProductTypeParts;
  /** Every word of the name, normalised, brand words left out (`ProductType.tokens`). */
  tokens: string[];
  /** The classifier's choice; undefined when the name names no kind (no type, or a type of counts, units, packs or codes only). */
  classification?: Classification;
}

/** The index and options names are read with, and the brands they give (read once). */
export interface ProductNameReader {
  classifier: ClassifierIndex;
  classifyOptions?: ClassifyOptions;
  knownBrands: KnownBrands;
}

/** The reader of names for an index and options. */
export function createProductNameReader(classifier: ClassifierIndex, classifyOptions?: ClassifyOptions): ProductNameReader {
  return { classifier, ...(classifyOptions === undefined ? {} : { classifyOptions }), knownBrands: readKnownBrands(classifier, classifyOptions) };
}

/** Reads one trimmed, non-empty name; see the file comment. */
export function readProductName(text: string, reader: ProductNameReader): ProductNameReading {
  const parts = readProductTypeParts(text, undefined, reader.knownBrands);
  // The type reader keeps the last few names it read: this is the reading `readProductTypeParts` made.
  const { tokens } = extractProductType(text, undefined, undefined, reader.knownBrands);
  if (parts.key === '' || namesNoKind(parts)) return { parts, tokens };
  return { parts, tokens, classification: classifyProduct(reader.classifier, { name: text }, reader.classifyOptions) };
}

/** Whether a type's parts name no kind: no purpose, and every head word a count, a unit, a pack or a code (a digit, one letter). */
function namesNoKind(parts: ProductTypeParts): boolean {
  return parts.tail.length === 0 && parts.head.every((word) => /\p{N}/u.test(word) || Array.from(word).length === 1 || UNIT_TOKENS.has(word) || COUNT_WORDS.has(word) || CONTAINER_WORDS.has(word));
}
