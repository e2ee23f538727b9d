/**
 * What each word of a seller's category label can say of the kind of goods. The label matcher's
 * scorer (rivalry: which leaves hold the label's words among more) and its veto (which words the leaf
 * leaves unexplained) read this one list, so a word the type reader drops cannot make a label surer
 * than its bare head (`Свечи NGK`, `Лампы E27`, `Ремни 6PK` are as much a question as `Свечи`).
 */
import { tokenizeForMatch, UNIT_TOKENS } from './normalize-for-match.js';
import { findBrandLikeWords, isColourWord } from './classify/extract-product-type.js';
import { isNeutralModifier } from './classify/neutral-modifiers.js';
import { stemForIndex } from './classify/stem-for-index.js';

const CODE = /[\p{L}\p{N}]*\p{N}[\p{L}\p{N}]*/gu;

/** The label's words (normalised) that name no kind of goods, by why. */
export interface LabelWordRoles {
  /** Words the type reader takes for a brand or model (Latin in a Cyrillic label, a capitalised word in a lower-case one). */
  brands: ReadonlySet<string>;
  /** Colours and words that never change a kind (`isNeutralModifier`). */
  neutral: ReadonlySet<string>;
  /** Numbers, units and the pieces of a code with a digit (`6PK`, `H4`, `50х70`, `шт` of `4 шт`): never a kind, whatever the directory names. */
  counts: ReadonlySet<string>;
  /** Other words after a number or a brand, where the type reader has ended the type (`галогенные` of `Лампы H4 галогенные`, `иридиевые` of `Свечи NGK иридиевые`, `шт` of `Свечи 4 шт`): a kind only where the directory names goods by them. */
  afterCount: ReadonlySet<string>;
}

/**
 * Reads which words of a label (its leaf level, as written: case matters for brands) name no kind.
 * A number or code is a count before it is a brand (`Лампы E27`, `Ремни 6PK`): it sizes the goods.
 */
export function readLabelWordRoles(text: string): LabelWordRoles {
  // A code written as one word (`6PK`, `H4`, `50х70`) is read in pieces by the tokenizer: every piece is the code's.
  const counts = new Set<string>((text.match(CODE) ?? []).flatMap((code) => tokenizeForMatch(code)));
  const neutral = new Set<string>();
  const brands = new Set<string>();
  const afterCount = new Set<string>();
  const brandLike = findBrandLikeWords(text);
  // The type reader ends the type at a number or a brand, but a word after it may still say the kind (`зимние` of `Шины
  // 205/55 R16 зимние` where `Зимние шины` is a leaf): it is asked of the directory like a brand, never counted outright.
  let counted = false;
  for (const word of tokenizeForMatch(text)) {
    counted ||= /\d/.test(word);
    if (UNIT_TOKENS.has(word)) counts.add(word);
    if (counts.has(word)) continue;
    if (isColourWord(word) || isNeutralModifier(stemForIndex(word), word, false)) neutral.add(word);
    else if (brandLike.has(word)) brands.add(word);
    else if (counted) afterCount.add(word);
    counted ||= brandLike.has(word);
  }
  return { brands, neutral, counts, afterCount };
}

/**
 * The words of a label that can name a kind of goods: every word but the counts, brands and neutral
 * words of its head (the words before a preposition); a brand, neutral word or word after a number stays where the
 * directory names goods by it (`Чай зелёный` keeps `зелёный`: `Зелёный чай` is a leaf), a count never
 * (a leaf's `4` of `PS4` says nothing of `Свечи 4 шт`). A purpose's words stay, whatever they are:
 * `для PS4`, `для Apple Watch` say which goods. `namedByDirectory` is asked with the word's index stem.
 */
export function selectKindWords(words: readonly string[], head: readonly string[], roles: LabelWordRoles, namedByDirectory: (stem: string) => boolean): string[] {
  const nameless = (word: string): boolean => roles.counts.has(word) || ((roles.brands.has(word) || roles.neutral.has(word) || roles.afterCount.has(word)) && !namedByDirectory(stemForIndex(word)));
  return words.filter((word) => !(head.includes(word) && nameless(word)));
}
