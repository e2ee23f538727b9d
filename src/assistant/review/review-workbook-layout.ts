/**
 * The layout of the review workbook `mapping review` writes and `mapping review --apply` reads:
 * sheet names and columns, in one place so that both sides agree.
 */

/** Sheet names. */
export const REVIEW_SHEETS = {
  /** Types the classifier is not sure of: the seller answers these, the most rows first. */
  review: 'Review',
  /** Types placed without asking (classifier confident, or the seller's products on the marketplace): to check, and to correct by answering. */
  placed: 'Placed',
  /** Per row of either sheet, the proposed leaf and its alternatives: the drop-down's list (hidden). */
  choices: 'Choices',
  /** Words the classifier could not place: does each change the kind of product? */
  words: 'Words',
  /** Words the file writes as brands: read as brands in the review; `--apply` keeps those answered yes. */
  brands: 'Brands',
  /** Every leaf, `path [id]`, with its Kazakh path: to search and copy from. */
  leaves: 'Leaves',
} as const;

/** The columns of the `Review` and `Placed` sheets, in order. */
export const REVIEW_COLUMNS = [
  { key: 'type', header: 'Product type', width: 28 },
  { key: 'rows', header: 'Rows', width: 8 },
  { key: 'placed', header: 'Placed without asking', width: 10 },
  { key: 'example1', header: 'Example 1', width: 40 },
  { key: 'example2', header: 'Example 2', width: 40 },
  { key: 'example3', header: 'Example 3', width: 40 },
  { key: 'proposed', header: 'Proposed leaf', width: 60 },
  { key: 'confidence', header: 'Confidence', width: 11 },
  { key: 'evidence', header: 'Evidence', width: 60 },
  { key: 'answer', header: 'Your answer (leaf)', width: 60 },
  // Last, so that the columns before keep their letters: one order over the questions of `Review` and `Words`.
  { key: 'order', header: 'Ask order', width: 8 },
] as const;

/** The columns of the `Words` sheet, in order. */
export const WORD_COLUMNS = [
  { key: 'word', header: 'Word the tool could not place', width: 24 },
  { key: 'rows', header: 'Rows it holds back', width: 10 },
  { key: 'withOthers', header: 'Rows it holds back with other words', width: 12 },
  { key: 'types', header: 'Product types', width: 50 },
  { key: 'example1', header: 'Example 1 (name → proposed leaf)', width: 60 },
  { key: 'example2', header: 'Example 2 (name → proposed leaf)', width: 60 },
  { key: 'example3', header: 'Example 3 (name → proposed leaf)', width: 60 },
  { key: 'answer', header: 'Does not change the kind of product (yes/no)', width: 16 },
  { key: 'order', header: 'Ask order', width: 8 },
] as const;

/** The columns of the `Brands` sheet, in order. */
export const BRAND_COLUMNS = [
  { key: 'word', header: 'Word the file writes as a brand', width: 24 },
  { key: 'names', header: 'Names that show it as a brand', width: 12 },
  { key: 'example1', header: 'Example 1', width: 50 },
  { key: 'example2', header: 'Example 2', width: 50 },
  { key: 'answer', header: 'Is a brand, not a description (yes/no)', width: 16 },
] as const;

/** 1-based column number of a `Brands` column. */
export function brandColumnNumber(key: (typeof BRAND_COLUMNS)[number]['key']): number {
  return BRAND_COLUMNS.findIndex((column) => column.key === key) + 1;
}

/** 1-based column number of a `Words` column. */
export function wordColumnNumber(key: (typeof WORD_COLUMNS)[number]['key']): number {
  return WORD_COLUMNS.findIndex((column) => column.key === key) + 1;
}

/** Answers of the `Words` sheet's last question, read case-insensitively. */
export const WORD_ANSWERS = { yes: ['yes', 'y', 'да', 'иә'], no: ['no', 'n', 'нет', 'жоқ'] } as const;

/** 1-based column number of a review column. */
export function reviewColumnNumber(key: (typeof REVIEW_COLUMNS)[number]['key']): number {
  return REVIEW_COLUMNS.findIndex((column) => column.key === key) + 1;
}

/** How many alternatives the drop-down offers besides the proposed leaf. */
export const REVIEW_ALTERNATIVES = 5;
