/**
 * Matching a seller's category label to a leaf of the category directory, with the context the
 * file gives. A confident match is never looked at again, so a label is matched confidently only
 * when one leaf fits it and nothing contradicts it:
 *
 * - the label is read as a seller writes it: a 1C code before it (`УТ-0000391 Кастрюли`) is
 *   dropped, a path (`Женская одежда / Свитеры`) is split into the leaf text and its parents, and
 *   the words saying who it is for (`мужские`, `жен.`, `балаларға`) are set apart;
 * - each leaf is known by its names, and by the parts of a name joined by `и`/`мен`
 *   (`Футболки и поло` is also `Футболки` and `поло`);
 * - every leaf whose name holds all of the label's words (`Наушники`, `Беспроводные наушники`),
 *   or that shares the name (`Кроссовки` for women, men and kids), is a rival: rivals that nothing
 *   tells apart make the label a TODO listing every one with its full Russian and Kazakh path;
 * - except a plain leaf's narrower leaves: a label that is one leaf's own name (`Пылесосы`) is that
 *   leaf beside `Роботы-пылесосы` of the same root, unless the file points at the narrower one; beside one of another
 *   root (`Носовые платки бумажные` for `Платки`) only when the classifier is sure of every product name as the plain leaf;
 *   and never beside a plain leaf filed under other goods (`Велосипеды и самокаты / Шлемы и защита` for `Шлемы`, beside
 *   `Шлемы для единоборств`): that leaf is a kind of its own;
 * - a label that reaches one leaf's name in other words (`Трусы муж.`: `Трусы мужские`) while the vocabulary's rewrite
 *   names another (`нижнее бельё`) is a question; a label that is the leaf's whole name word for word is that leaf;
 * - what tells them apart: the gender or age words of the label or, failing those, of the
 *   product names of its rows; the seller's parent path; extra words of the label that belong to
 *   another branch (`Шампунь автомобильный` is not a hair shampoo) take the confidence away;
 * - a label naming a branch (`Обувь / Женская обувь`, `Автотовары`) is no leaf: TODO;
 * - the branches of the seller's other, confidently matched categories only reorder a TODO's
 *   candidates: they never make a match confident.
 *
 * Candidates are found through an index of word beginnings plus the general fuzzy matcher
 * (typos, transliteration), so the cost per label grows with the leaves sharing its words, not
 * with the directory.
 */
import type { Category } from '../domain/index.js';
import type { DirectoryIndex } from '../mapping/directory-index.js';
import { capByBareHead } from './cap-by-bare-head.js';
import type { Classification } from './classify/classifier-types.js';
import { classifyProduct } from './classify/classify-product.js';
import { getClassifierIndex } from './classify/load-classifier-index.js';
import { readAcronyms } from './category-label/read-acronyms.js';
import { acceptClassifierReading } from './category-label/accept-classifier-reading.js';
import { createWholeLabelMatcher } from './category-label/match-whole-label.js';
import { prepareLabelDirectory } from './category-label/prepare-label-directory.js';
import { readEnglishLabel } from './category-label/read-english-label.js';
import { readInitials } from './category-label/read-initials.js';
import { readKindsAlone } from './category-label/read-kinds-alone.js';
import { readLatinQualifier } from './category-label/read-latin-qualifier.js';
import { readLatinSpelling } from './category-label/read-latin-spelling.js';
import { readSellerAbbreviations } from './category-label/read-seller-abbreviations.js';
import { readSlashLists } from './category-label/read-slash-lists.js';
import { vetoUnexplained } from './category-label/veto-unexplained.js';
import { withSynonyms } from './category-label/with-synonyms.js';
import { DEFAULT_MATCH_THRESHOLDS, type MatchThresholds, type ValueMatch } from './match-value.js';

/** What the file says around one category label. */
export interface CategoryContext {
  /** Product names of (some of) the rows in this category. */
  productNames?: readonly string[];
  /** The seller's parent category of these rows, when another column gives it. */
  parentPath?: string;
  /** Leaf ids the seller's other categories were confidently matched to. */
  siblingIds?: readonly number[];
}

/** Matches category labels. */
export interface CategoryMatcher {
  match(text: string, context?: CategoryContext): ValueMatch<Category>;
}

/** Thresholds of a confident category match: a fuzzy name must be one typo away at most. */
export const CATEGORY_THRESHOLDS: MatchThresholds = { minScore: 0.88, minGap: DEFAULT_MATCH_THRESHOLDS.minGap };

/** What a reading around the label matcher is given, besides the matcher it wraps. */
interface LabelReadingSetup {
  index: DirectoryIndex;
  thresholds: MatchThresholds;
  wordScore: (a: string, b: string) => number;
}

/**
 * The readings wrapped around the whole-label matcher (`createWholeLabelMatcher`), innermost first: each one sees the
 * match of those before it, and may ask where they were sure, rewrite the label, or accept what they asked.
 */
const LABEL_READINGS: readonly ((matcher: CategoryMatcher, setup: LabelReadingSetup) => CategoryMatcher)[] = [
  (matcher, { thresholds }) => withSynonyms(matcher, thresholds),
  (matcher, { index, wordScore }) => vetoUnexplained(matcher, index, wordScore),
  (matcher, { index, thresholds }) => acceptClassifierReading(matcher, index, thresholds),
  (matcher, { index }) => readEnglishLabel(matcher, index),
  (matcher, { index }) => readSlashLists(matcher, index),
  (matcher, { index }) => readInitials(matcher, index),
  (matcher, { index }) => readAcronyms(matcher, index),
  (matcher, { index }) => capByBareHead(matcher, index),
  (matcher, { index }) => readLatinSpelling(matcher, index),
  (matcher) => readKindsAlone(matcher),
  (matcher, { index }) => readLatinQualifier(matcher, index),
  (matcher) => readSellerAbbreviations(matcher),
];

/**
 * Prepares the leaves once (`prepareLabelDirectory`) and wraps the whole-label matcher in the readings, in order
 * (`LABEL_READINGS`). `classifyName` reads a product name with the classifier (the directory matchers pass theirs, kept
 * for the run); by default the classifier index of the directory is built when first asked.
 */
export function createCategoryMatcher(index: DirectoryIndex, thresholds: MatchThresholds = CATEGORY_THRESHOLDS, classifyName: (name: string) => Classification = createNameClassifier(index)): CategoryMatcher {
  const directory = prepareLabelDirectory(index);
  const setup: LabelReadingSetup = { index, thresholds, wordScore: directory.wordScore };
  return LABEL_READINGS.reduce((matcher, read) => read(matcher, setup), createWholeLabelMatcher(directory, thresholds, classifyName));
}

/** The classifier's reading of a product name alone, its index built when first asked. */
function createNameClassifier(index: DirectoryIndex): (name: string) => Classification {
  let classifier: ReturnType<typeof getClassifierIndex> | undefined;
  return (name) => classifyProduct((classifier ??= getClassifierIndex(index.directories, index)), { name });
}
