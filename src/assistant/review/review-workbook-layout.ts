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
  // After the order, for the same reason: which rows are one question (a group of types proposed one leaf).
  { key: 'group', header: 'Group', width: 12 },
] as const;

/**
 * The `Group` cell of a group's question row (`group 3`) and of each of its types' rows (`in group 3`):
 * the rows are tied by the number, not by where they stand, so a sorted or filtered sheet still reads.
 */
export const GROUP_CELL = {
  head: (group: number): string => `group ${group}`,
  /** The row of a question by head word (`group-types-by-head-word.ts`): it proposes no leaf, so its `yes` takes nothing. */
  wordHead: (group: number): string => `group ${group}, by word`,
  member: (group: number): string => `in group ${group}`,
  /** A type of the group whose own evidence doubts its proposal: the group's `yes` does not take it (`find-proposal-doubt.ts`). */
  ownAnswer: (group: number): string => `in group ${group}, own answer`,
  /**
   * The group a cell names and the row's part in it (`ownAnswer`: a member the group's `yes` does not take; `byWord`: the row of
   * a question by head word), or undefined for a cell that is none of these.
   */
  read(text: string): { part: 'head' | 'member'; group: number; ownAnswer: boolean; byWord: boolean } | undefined {
    const found = /^(in )?group (\d+)(, own answer|, by word)?$/i.exec(text.trim());
    if (found === null) return undefined;
    const suffix = found[3]?.toLowerCase();
    const part = found[1] === undefined ? 'head' : 'member';
    // `own answer` marks a type's row, `by word` a question's row: either on the other is no cell the review wrote.
    if ((part === 'head' && suffix === ', own answer') || (part === 'member' && suffix === ', by word')) return undefined;
    return { part, group: Number(found[2]), ownAnswer: suffix === ', own answer', byWord: suffix === ', by word' };
  },
} as const;

/**
 * What a group's row says in its `Product type` cell: how many types its answer takes, and apart, how many it does not
 * (`own`, answered on their own rows).
 */
export function describeGroupHead(types: number, own = 0): string {
  if (types === 0) return `${own} product types (rows below): each answered on its own row`;
  return `${types} product types (rows below): one answer${own === 0 ? '' : `, + ${own} type${own === 1 ? '' : 's'} on ${own === 1 ? 'its' : 'their'} own row${own === 1 ? '' : 's'}`}`;
}

/** What the row of a question by head word says in its `Product type` cell: how many types, and the word they begin with. */
export function describeHeadWordGroup(types: number, headWord: string): string {
  return `${types} product types beginning with "${headWord}" (rows below): one leaf for them all`;
}

/**
 * What the row of a question by the leaf an adjective proposes (`LeafGroup.byAdjective`) says in its `Product type` cell: how
 * many types, and the leaf's name their adjective says, which their nouns do not.
 */
export function describeAdjectiveLeafGroup(types: number, leafName: string): string {
  return `${types} product types an adjective calls "${leafName}", their nouns no leaf (rows below): a leaf for those it fits`;
}

/** Whether a `Product type` cell is what `describeGroupHead`, `describeHeadWordGroup` or `describeAdjectiveLeafGroup` writes: a group's row, never a product type. */
export function isGroupHeadText(text: string): boolean {
  const trimmed = text.trim();
  const found = /^(\d+) product types /.exec(trimmed);
  if (found === null) return false;
  const own = Number(/\+ (\d+) types? on /.exec(trimmed)?.[1] ?? 0);
  const word = /^\d+ product types beginning with "(.*)" \(rows below\)/.exec(trimmed)?.[1];
  const leafName = /^\d+ product types an adjective calls "(.*)", their nouns/.exec(trimmed)?.[1];
  if (leafName !== undefined && describeAdjectiveLeafGroup(Number(found[1]), leafName) === trimmed) return true;
  return describeGroupHead(Number(found[1]), own) === trimmed || describeGroupHead(0, Number(found[1])) === trimmed || (word !== undefined && describeHeadWordGroup(Number(found[1]), word) === trimmed);
}

/** What the row of a question by head word says in its `Evidence` cell: how to answer it, without a manual. */
export const HEAD_WORD_GROUP_HOW_TO_ANSWER =
  'The types below begin with the same word, but no one leaf is proposed for them all (their own proposals, column G of their rows, are unsure or missing). Name here the leaf most of them belong in (the drop-down lists the leaves proposed for them or offered besides; sheet Leaves has all): each type goes there but for those you answer on their own rows. On the row of a type it does not fit, write "no" (it stays open, but for its rows placed without asking, column C) or give it its own leaf. "yes" here takes nothing: there is no proposal to accept. Empty: they stay open.';

/** What the row of a question by the leaf an adjective proposes (`describeAdjectiveLeafGroup`) says in its `Evidence` cell: how to answer it. */
export const ADJECTIVE_LEAF_GROUP_HOW_TO_ANSWER =
  'An adjective of each type below says the leaf named above, but no leaf names its noun: it may be those goods, or a part, tool or accessory for them (a "Ремень генераторный" is no generator). Name here the leaf those of them it fits belong in (the drop-down lists the leaves proposed for them or offered besides; sheet Leaves has all): each type goes there but for those you answer on their own rows. On the row of a type it does not fit, write "no" (it stays open, but for its rows placed without asking, column C) or give it its own leaf. "yes" here takes nothing: no proposal of an adjective alone is taken unread. Empty: they stay open.';

/** What the row of a group whose every line is answered on its own row says in its `Evidence` cell: this row takes no answer. */
export const OWN_ROWS_HOW_TO_ANSWER =
  'Each line below is doubted by its own evidence ("own answer" in column Group): answer it on its row ("yes" keeps its proposed leaf, "no" leaves it open, or pick a leaf). This row takes no answer.';

/** What a group's question row says in its `Evidence` cell: how to answer it, without a manual. */
export const GROUP_HOW_TO_ANSWER =
  'One answer for the types below. "yes": each of them goes to the proposed leaf; another leaf: each goes there; empty: they stay open. To except a type, answer on its own row: "no" leaves it open (but for its rows placed without asking, column C, which keep their leaf), another leaf gives it that one. A row marked "own answer" in column Group is taken by no answer here, "yes" or a leaf (its evidence doubts its leaf, column I): answer it on its own row ("yes" keeps its proposal). The examples and counts of this row are of the types its answer takes. Answer here, in this column; the proposed leaf (column G) is not an answer.';

/** What the row of a group whose types are proposed different leaves (of one section) says in its `Evidence` cell. */
export const SECTION_GROUP_HOW_TO_ANSWER =
  'One answer for the types below, each proposed its own leaf (column G of its row). "yes": each of them goes to the leaf proposed on its row; empty: they stay open; a leaf here is an error (one answer cannot be several types\' leaf). To except a type, answer on its own row: "no" leaves it open (but for its rows placed without asking, column C, which keep their leaf), another leaf gives it that one, "yes" keeps its own proposal (so: empty here, "yes" on the rows that are right). A row marked "own answer" in column Group, at the top, is not taken by "yes" here (its evidence doubts its leaf, column I): answer it on its own row. The examples and counts of this row are of the types its "yes" takes. Answer in this column, never in column G.';

/** What the header of `Your answer (leaf)` explains on sheet `Review` (a cell note). */
export const ANSWER_HEADER_NOTE =
  'A leaf from the drop-down, or any leaf of sheet Leaves (path [id], or the id). "yes" takes the proposed leaf; "no" or empty leaves the type open: its rows stay open, but for its rows placed without asking (column C), which keep the leaf they are placed in. On a group\'s row (column Group "group N") the answer holds for every type of the group; on a type\'s row "in group N", "no" leaves that type out and a leaf gives it its own. A row "group N, by word" proposes no leaf: name the leaf of its types there ("yes" takes nothing).';

/** What the header of `Your answer (leaf)` explains on sheet `Placed` (a cell note): there is no `no` to give. */
export const PLACED_ANSWER_HEADER_NOTE =
  'Empty keeps the leaf the type is placed in (column Proposed leaf). To correct a type, name its right leaf: one from the drop-down, or any leaf of sheet Leaves (path [id], or the id). "no" cannot un-place a type: name the right leaf instead. An answer filled in already is the leaf of your own products on the marketplace.';

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

/** The columns of the `Sections` sheet (`review-sections-sheet.ts`), in order. */
export const SECTION_COLUMNS = [
  { key: 'section', header: 'Section of the file', width: 40 },
  { key: 'sureRows', header: 'Rows placed in it without asking', width: 14 },
  { key: 'fileSureRows', header: 'Rows placed without asking, all sections', width: 14 },
  { key: 'fileRows', header: 'Rows of the file', width: 10 },
  { key: 'answer', header: 'Is the file of this section (yes/no)', width: 16 },
] as const;

/** 1-based column number of a `Sections` column. */
export function sectionColumnNumber(key: (typeof SECTION_COLUMNS)[number]['key']): number {
  return findColumnNumber(SECTION_COLUMNS, key);
}

/** 1-based column number of a `Brands` column. */
export function brandColumnNumber(key: (typeof BRAND_COLUMNS)[number]['key']): number {
  return findColumnNumber(BRAND_COLUMNS, key);
}

/** 1-based column number of a `Words` column. */
export function wordColumnNumber(key: (typeof WORD_COLUMNS)[number]['key']): number {
  return findColumnNumber(WORD_COLUMNS, key);
}

/** Yes and no, as the sheets' answers may write them, read case-insensitively. */
export const YES_NO_ANSWERS = { yes: ['yes', 'y', 'да', 'иә'], no: ['no', 'n', 'нет', 'жоқ'] } as const;

/** What a yes/no answer says: `yes`, `no`, or undefined for any other text. */
export function readYesNo(text: string): 'yes' | 'no' | undefined {
  const lower = text.trim().toLowerCase();
  if ((YES_NO_ANSWERS.yes as readonly string[]).includes(lower)) return 'yes';
  if ((YES_NO_ANSWERS.no as readonly string[]).includes(lower)) return 'no';
  return undefined;
}

/** 1-based column number of a review column. */
export function reviewColumnNumber(key: (typeof REVIEW_COLUMNS)[number]['key']): number {
  return findColumnNumber(REVIEW_COLUMNS, key);
}

/** 1-based column number of a key in a sheet's columns: the one look-up of every sheet's. */
export function findColumnNumber(columns: readonly { key: string }[], key: string): number {
  return columns.findIndex((column) => column.key === key) + 1;
}

/** How many alternatives the drop-down offers besides the proposed leaf. */
export const REVIEW_ALTERNATIVES = 5;
