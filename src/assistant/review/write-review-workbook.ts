/**
 * Writes the review workbook (exceljs): one row per product type on `Review` (what the seller must
 * answer, in ask order) and on `Placed` (what is placed without asking, to check), each with its
 * rows, three example names, the proposed leaf with its path, the confidence and the evidence, and
 * an answer cell whose drop-down lists the proposed leaf and up to five alternatives (other leaves
 * may be typed: `Leaves` lists them all). A group of types proposed one leaf, or of the leaves of one
 * section (each type its own), is one question: a row for the group (the leaf when it is one, the rows,
 * an example of each type, one answer: `yes`, another leaf, or empty), then a row per type (its rows,
 * examples and proposed leaf; `no` leaves it out, a leaf gives it its own),
 * tied by column `Group`. A question by head word (`group N, by word`) proposes no leaf on its row: its drop-down offers
 * the leaves its types are proposed or offered, for the seller to name the one of them all. Seller and directory texts that
 * start like a formula are written as text.
 */
import ExcelJS from 'exceljs';
import type { DirectoryIndex } from '../../mapping/directory-index.js';
import { buildCategoryPath } from '../../mapping/directory-index.js';
import { formatPickedEntry } from '../../mapping/mapping-workbook-layout.js';
import { neutralizeFormula } from '../../report/neutralize-formula.js';
import type { FileSectionsReading } from '../classify/file-sections.js';
import type { FileBrandWord } from './collect-file-brands.js';
import type { ProductTypeGroup, UnplacedWord } from './collect-product-types.js';
import { readProposedLeaf, type LeafGroup } from './group-types-by-leaf.js';
import type { ReviewQuestion } from './order-review-questions.js';
import { addSectionsSheet } from './review-sections-sheet.js';
import { ADJECTIVE_LEAF_GROUP_HOW_TO_ANSWER, ANSWER_HEADER_NOTE, BRAND_COLUMNS, brandColumnNumber, describeAdjectiveLeafGroup, describeGroupHead, describeHeadWordGroup, GROUP_CELL, GROUP_HOW_TO_ANSWER, HEAD_WORD_GROUP_HOW_TO_ANSWER, OWN_ROWS_HOW_TO_ANSWER, SECTION_GROUP_HOW_TO_ANSWER, PLACED_ANSWER_HEADER_NOTE, REVIEW_ALTERNATIVES, REVIEW_COLUMNS, REVIEW_SHEETS, reviewColumnNumber, WORD_COLUMNS, wordColumnNumber, YES_NO_ANSWERS } from './review-workbook-layout.js';

/** What goes into the workbook. */
export interface ReviewWorkbookInput {
  /** The questions (types to answer, words to confirm), in the order to ask them. */
  questions: readonly ReviewQuestion[];
  /** Types placed without asking, in order. */
  placed: readonly ProductTypeGroup[];
  /** Words the file writes as brands (read as brands in this review). */
  brands?: readonly FileBrandWord[];
  /** The file's sections read from its sure rows (sheet `Sections`), when it is of a few. */
  sections?: FileSectionsReading;
  index: DirectoryIndex;
}

/** Writes the workbook to `path`. */
export async function writeReviewWorkbook(path: string, input: ReviewWorkbookInput): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  const labelOf = (leafId: number | undefined): string => {
    const category = leafId === undefined ? undefined : input.index.categoryById.get(leafId);
    return category === undefined || leafId === undefined ? '' : formatPickedEntry(buildCategoryPath(category, input.index.categoryById), leafId);
  };
  const review = workbook.addWorksheet(REVIEW_SHEETS.review, { views: [{ state: 'frozen', ySplit: 1 }] });
  const placed = workbook.addWorksheet(REVIEW_SHEETS.placed, { views: [{ state: 'frozen', ySplit: 1 }] });
  const words = workbook.addWorksheet(REVIEW_SHEETS.words, { views: [{ state: 'frozen', ySplit: 1 }] });
  const rows = createTypeRowWriter(workbook.addWorksheet(REVIEW_SHEETS.choices, { state: 'hidden' }), labelOf);
  startTypeSheet(review, ANSWER_HEADER_NOTE);
  startTypeSheet(placed, PLACED_ANSWER_HEADER_NOTE);
  let groupNumber = 0;
  for (const question of input.questions) {
    if (question.kind === 'type') rows.addType(review, question.group, { order: question.order });
    if (question.kind !== 'group') continue;
    groupNumber += 1;
    rows.addGroupHead(review, question.leafGroup, question.order, groupNumber);
    const ownAnswers = question.leafGroup.ownAnswers;
    for (const type of question.leafGroup.types) rows.addType(review, type, { order: question.order, group: groupNumber, ...(ownAnswers?.has(type) === true ? { ownAnswer: ownAnswers.get(type) ?? '' } : {}) });
  }
  for (const group of input.placed) rows.addType(placed, group, {});
  fillWords(words, input.questions.flatMap((question) => (question.kind === 'word' ? [{ word: question.word, order: question.order }] : [])), labelOf);
  fillBrands(workbook.addWorksheet(REVIEW_SHEETS.brands, { views: [{ state: 'frozen', ySplit: 1 }] }), input.brands ?? []);
  if (input.sections !== undefined) addSectionsSheet(workbook, input.sections);
  const leaves = workbook.addWorksheet(REVIEW_SHEETS.leaves, { views: [{ state: 'frozen', ySplit: 1 }] });
  leaves.columns = [
    { header: 'Leaf (Russian path [id])', key: 'leaf', width: 80 },
    { header: 'Kazakh path', key: 'kaz', width: 80 },
  ];
  leaves.getRow(1).font = { bold: true };
  for (const category of input.index.directories.categories) {
    if (input.index.nonLeafIds.has(category.id)) continue;
    leaves.addRow({ leaf: neutralizeFormula(labelOf(category.id)), kaz: neutralizeFormula(category.path?.kaz ?? '') });
  }
  // DEFLATE level 1, not JSZip's 6: a 100,000-row review's 3 MB of XML zips in half the time, the file a quarter larger.
  await workbook.xlsx.writeFile(path, { zip: { compressionOptions: { level: 1 } } });
}

/** The header of sheet `Review` or `Placed`, with a note on the answer column that says how to answer there. */
function startTypeSheet(sheet: ExcelJS.Worksheet, answerNote: string): void {
  sheet.columns = REVIEW_COLUMNS.map((column) => ({ header: column.header, key: column.key, width: column.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).getCell(reviewColumnNumber('answer')).note = answerNote;
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: REVIEW_COLUMNS.length } };
}

/** Writes the rows of sheets `Review` and `Placed`, each answer cell with its drop-down (its list a row of the hidden `Choices`). */
function createTypeRowWriter(choices: ExcelJS.Worksheet, labelOf: (leafId: number | undefined) => string) {
  let choiceRow = 0;
  /** Writes a drop-down of `options` (texts) on the answer cell of `row`. */
  const addChoices = (row: ExcelJS.Row, options: readonly string[]): void => {
    if (options.length === 0) return;
    choiceRow += 1;
    options.forEach((text, i) => {
      choices.getCell(choiceRow, i + 1).value = neutralizeFormula(text);
    });
    row.getCell(reviewColumnNumber('answer')).dataValidation = {
      type: 'list',
      allowBlank: true,
      formulae: [`'${REVIEW_SHEETS.choices}'!$A$${choiceRow}:$${String.fromCharCode(64 + options.length)}$${choiceRow}`],
      // Any leaf may be typed (sheet `Leaves`); `--apply` checks every answer strictly.
      showErrorMessage: false,
    };
  };
  const leafOptions = (leafIds: readonly (number | undefined)[], limit: number): string[] => leafIds.filter((id, i, all): id is number => id !== undefined && all.indexOf(id) === i).slice(0, limit).map((id) => labelOf(id));
  return {
    /**
     * One type: on its own, or (with `group`) one of a group's, whose answer may leave it out (`no`) or give it its own leaf;
     * with `ownAnswer` (why its evidence doubts its proposal) one the group's `yes` does not take, marked to stand out.
     */
    addType(sheet: ExcelJS.Worksheet, type: ProductTypeGroup, at: { order?: number; group?: number; ownAnswer?: string }): void {
      const proposedId = readProposedLeaf(type);
      const row = sheet.addRow({
        type: neutralizeFormula(type.type),
        rows: type.rows,
        placed: type.placedRows,
        example1: neutralizeFormula(type.examples[0] ?? ''),
        example2: neutralizeFormula(type.examples[1] ?? ''),
        example3: neutralizeFormula(type.examples[2] ?? ''),
        proposed: neutralizeFormula(labelOf(proposedId)),
        confidence: type.known === undefined ? Number(type.classification.confidence.toFixed(2)) : 1,
        evidence: neutralizeFormula(at.ownAnswer === undefined ? describeEvidence(type) : `${describeOwnAnswer(at.ownAnswer)} ${describeEvidence(type)}`),
        // The seller's own products are their answer already; the classifier's guesses never are.
        answer: type.known === undefined ? null : neutralizeFormula(labelOf(type.known.leafId)),
        order: at.order ?? null,
        group: at.group === undefined ? null : at.ownAnswer === undefined ? GROUP_CELL.member(at.group) : GROUP_CELL.ownAnswer(at.group),
      });
      if (at.ownAnswer !== undefined) row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF8CBAD' } };
      const alternatives = type.classification.alternatives.map((item) => item.leafId);
      if (at.group === undefined) {
        addChoices(row, leafOptions([proposedId, ...alternatives], REVIEW_ALTERNATIVES + 1));
        return;
      }
      // Within a group the proposed leaf is the group's answer: the type's own list keeps it (yes, whatever the group's row says), leaves it out, or names another leaf.
      row.getCell(reviewColumnNumber('type')).alignment = { indent: 2 };
      addChoices(row, [YES_NO_ANSWERS.yes[0], YES_NO_ANSWERS.no[0], ...leafOptions(alternatives.filter((id) => id !== proposedId), REVIEW_ALTERNATIVES)]);
    },
    /** A group's question row: the leaf proposed for all its types (none when each is proposed its own), their rows and an example of each, and the one answer. */
    addGroupHead(sheet: ExcelJS.Worksheet, leafGroup: LeafGroup, order: number, group: number): void {
      const { leafId, ownAnswers, headWord } = leafGroup;
      if (headWord !== undefined) {
        addHeadWordRow(sheet, leafGroup, headWord, { order, group });
        return;
      }
      // The row shows what its answer takes: a seller who reads only this row judges the answer by these goods.
      const types = leafGroup.types.filter((type) => ownAnswers?.has(type) !== true);
      const sum = (of: (type: ProductTypeGroup) => number): number => types.reduce((total, type) => total + of(type), 0);
      const example = (i: number): string => neutralizeFormula(types[i]?.examples[0] ?? '');
      const row = sheet.addRow({
        type: describeGroupHead(types.length, leafGroup.types.length - types.length),
        rows: sum((type) => type.rows),
        placed: sum((type) => type.placedRows),
        example1: example(0),
        example2: example(1),
        example3: example(2),
        proposed: neutralizeFormula(labelOf(leafId)),
        confidence: null,
        evidence: types.length === 0 ? OWN_ROWS_HOW_TO_ANSWER : leafId === undefined ? SECTION_GROUP_HOW_TO_ANSWER : GROUP_HOW_TO_ANSWER,
        answer: null,
        order,
        group: GROUP_CELL.head(group),
      });
      row.font = { bold: true };
      row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF2CC' } };
      const alternatives = types.flatMap((type) => type.classification.alternatives.map((item) => item.leafId)).filter((id) => id !== leafId);
      // Another leaf for them all suits a group of one leaf (a family proposed a sibling leaf); a section's group offers yes alone.
      // Every line answered on its own row: the group's row takes nothing, so it offers nothing to choose.
      if (types.length > 0) addChoices(row, [YES_NO_ANSWERS.yes[0], ...(leafId === undefined ? [] : leafOptions([leafId, ...alternatives], REVIEW_ALTERNATIVES + 1))]);
    },
  };

  /**
   * The row of a question by head word: no proposal (a `yes` there takes nothing), and a drop-down of the leaves proposed
   * for its types or offered besides, those of the most rows first, to name the one leaf of them all.
   */
  function addHeadWordRow(sheet: ExcelJS.Worksheet, leafGroup: LeafGroup, headWord: string, at: { order: number; group: number }): void {
    const { types } = leafGroup;
    const example = (i: number): string => neutralizeFormula(types[i]?.examples[0] ?? '');
    const row = sheet.addRow({
      type: neutralizeFormula(leafGroup.byAdjective === true ? describeAdjectiveLeafGroup(types.length, headWord) : describeHeadWordGroup(types.length, headWord)),
      rows: types.reduce((total, type) => total + type.rows, 0),
      placed: types.reduce((total, type) => total + type.placedRows, 0),
      example1: example(0),
      example2: example(1),
      example3: example(2),
      proposed: '',
      confidence: null,
      evidence: leafGroup.byAdjective === true ? ADJECTIVE_LEAF_GROUP_HOW_TO_ANSWER : HEAD_WORD_GROUP_HOW_TO_ANSWER,
      answer: null,
      order: at.order,
      group: GROUP_CELL.wordHead(at.group),
    });
    row.font = { bold: true };
    row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF2CC' } };
    addChoices(row, leafOptions(rankOfferedLeaves(types), HEAD_WORD_CHOICES));
  }
}

/** How many leaves the drop-down of a question by head word offers: its types' proposals and alternatives together. */
const HEAD_WORD_CHOICES = 2 * (REVIEW_ALTERNATIVES + 1);

/** The leaves proposed for `types` or offered besides, by the rows of the types that name them, the most first (ties: first named). */
function rankOfferedLeaves(types: readonly ProductTypeGroup[]): number[] {
  const weight = new Map<number, number>();
  for (const type of types) {
    const named = new Set([readProposedLeaf(type), ...type.classification.alternatives.map((item) => item.leafId)]);
    for (const leafId of named) if (leafId !== undefined) weight.set(leafId, (weight.get(leafId) ?? 0) + type.rows);
  }
  return [...weight.entries()].sort((a, b) => b[1] - a[1]).map(([leafId]) => leafId);
}

/** One row per word the classifier could not place, with the rows it holds back and a yes/no drop-down. */
function fillWords(sheet: ExcelJS.Worksheet, words: readonly { word: UnplacedWord; order: number }[], labelOf: (leafId: number) => string): void {
  sheet.columns = WORD_COLUMNS.map((column) => ({ header: column.header, key: column.key, width: column.width }));
  sheet.getRow(1).font = { bold: true };
  for (const { word, order } of words) {
    const example = (i: number): string => {
      const item = word.examples[i];
      return item === undefined ? '' : neutralizeFormula(`${item.name} → ${labelOf(item.leafId)}`);
    };
    const row = sheet.addRow({ word: neutralizeFormula(word.word), rows: word.rows.length, withOthers: word.withOthers, types: neutralizeFormula(word.types.join('; ')), example1: example(0), example2: example(1), example3: example(2), answer: null, order });
    row.getCell(wordColumnNumber('answer')).dataValidation = { type: 'list', allowBlank: true, formulae: ['"yes,no"'] };
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: WORD_COLUMNS.length } };
}

/** One row per word the file writes as a brand, answered `yes` already: the review read it so; `no` keeps it a word of the product type. */
function fillBrands(sheet: ExcelJS.Worksheet, brands: readonly FileBrandWord[]): void {
  sheet.columns = BRAND_COLUMNS.map((column) => ({ header: column.header, key: column.key, width: column.width }));
  sheet.getRow(1).font = { bold: true };
  for (const brand of brands) {
    const row = sheet.addRow({ word: neutralizeFormula(brand.word), names: brand.names, example1: neutralizeFormula(brand.examples[0] ?? ''), example2: neutralizeFormula(brand.examples[1] ?? ''), answer: 'yes' });
    row.getCell(brandColumnNumber('answer')).dataValidation = { type: 'list', allowBlank: true, formulae: ['"yes,no"'] };
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: BRAND_COLUMNS.length } };
}

/** What the Evidence cell of a type the group's `yes` does not take opens with. */
function describeOwnAnswer(doubt: string): string {
  return `ANSWER ON THIS ROW: the group's "yes" does not take it, ${doubt}.`;
}

/** `"кислота" matched "Кислоты" (name); your answer` — what made the proposal. */
function describeEvidence(group: ProductTypeGroup): string {
  if (group.known !== undefined) return group.known.source;
  const { classification } = group;
  const matched = classification.evidence.map((item) => `"${item.phrase}" matched "${item.matched}" (${item.via}${item.source === 'name' ? '' : `, ${item.source}`})`);
  const doubt = classification.confident ? '' : classification.doubt ?? 'not sure';
  return [...matched, doubt].filter((part) => part !== '').join('; ');
}
