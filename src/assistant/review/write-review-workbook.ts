/**
 * Writes the review workbook (exceljs): one row per product type on `Review` (what the seller must
 * answer, the most rows first) and on `Placed` (what is placed without asking, to check), each with
 * its rows, three example names, the proposed leaf with its path, the confidence and the evidence,
 * and an answer cell whose drop-down lists the proposed leaf and up to five alternatives (other
 * leaves may be typed: `Leaves` lists them all). Seller and directory texts that start like a
 * formula are written as text.
 */
import ExcelJS from 'exceljs';
import type { DirectoryIndex } from '../../mapping/directory-index.js';
import { buildCategoryPath } from '../../mapping/directory-index.js';
import { formatPickedEntry } from '../../mapping/mapping-workbook-layout.js';
import { neutralizeFormula } from '../../report/neutralize-formula.js';
import type { FileBrandWord } from './collect-file-brands.js';
import type { ProductTypeGroup, UnplacedWord } from './collect-product-types.js';
import type { ReviewQuestion } from './order-review-questions.js';
import { BRAND_COLUMNS, brandColumnNumber, REVIEW_ALTERNATIVES, REVIEW_COLUMNS, REVIEW_SHEETS, reviewColumnNumber, WORD_COLUMNS } from './review-workbook-layout.js';

/** What goes into the workbook. */
export interface ReviewWorkbookInput {
  /** The questions (types to answer, words to confirm), in the order to ask them. */
  questions: readonly ReviewQuestion[];
  /** Types placed without asking, in order. */
  placed: readonly ProductTypeGroup[];
  /** Words the file writes as brands (read as brands in this review). */
  brands?: readonly FileBrandWord[];
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
  const choices = workbook.addWorksheet(REVIEW_SHEETS.choices, { state: 'hidden' });
  let choiceRow = 0;
  const fill = (sheet: ExcelJS.Worksheet, groups: readonly { group: ProductTypeGroup; order?: number }[]): void => {
    sheet.columns = REVIEW_COLUMNS.map((column) => ({ header: column.header, key: column.key, width: column.width }));
    sheet.getRow(1).font = { bold: true };
    for (const { group, order } of groups) {
      const proposedId = group.known?.leafId ?? group.classification.leafId;
      const options = [proposedId, ...group.classification.alternatives.map((item) => item.leafId)].filter((id, i, all): id is number => id !== undefined && all.indexOf(id) === i).slice(0, REVIEW_ALTERNATIVES + 1);
      choiceRow += 1;
      options.forEach((id, i) => {
        choices.getCell(choiceRow, i + 1).value = neutralizeFormula(labelOf(id));
      });
      const row = sheet.addRow({
        type: neutralizeFormula(group.type),
        rows: group.rows,
        placed: group.placedRows,
        example1: neutralizeFormula(group.examples[0] ?? ''),
        example2: neutralizeFormula(group.examples[1] ?? ''),
        example3: neutralizeFormula(group.examples[2] ?? ''),
        proposed: neutralizeFormula(labelOf(proposedId)),
        confidence: group.known === undefined ? Number(group.classification.confidence.toFixed(2)) : 1,
        evidence: neutralizeFormula(describeEvidence(group)),
        // The seller's own products are their answer already; the classifier's guesses never are.
        answer: group.known === undefined ? null : neutralizeFormula(labelOf(group.known.leafId)),
        order: order ?? null,
      });
      if (options.length > 0) {
        row.getCell(reviewColumnNumber('answer')).dataValidation = {
          type: 'list',
          allowBlank: true,
          formulae: [`'${REVIEW_SHEETS.choices}'!$A$${choiceRow}:$${String.fromCharCode(64 + options.length)}$${choiceRow}`],
          // Any leaf may be typed (sheet `Leaves`); `--apply` checks every answer strictly.
          showErrorMessage: false,
        };
      }
    }
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: REVIEW_COLUMNS.length } };
  };
  fill(review, input.questions.flatMap((question) => (question.kind === 'type' ? [{ group: question.group, order: question.order }] : [])));
  fill(placed, input.placed.map((group) => ({ group })));
  fillWords(words, input.questions.flatMap((question) => (question.kind === 'word' ? [{ word: question.word, order: question.order }] : [])), labelOf);
  fillBrands(workbook.addWorksheet(REVIEW_SHEETS.brands, { views: [{ state: 'frozen', ySplit: 1 }] }), input.brands ?? []);
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
  await workbook.xlsx.writeFile(path);
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
    row.getCell(WORD_COLUMNS.findIndex((column) => column.key === 'answer') + 1).dataValidation = { type: 'list', allowBlank: true, formulae: ['"yes,no"'] };
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

/** `"кислота" matched "Кислоты" (name); your answer` — what made the proposal. */
function describeEvidence(group: ProductTypeGroup): string {
  if (group.known !== undefined) return group.known.source;
  const { classification } = group;
  const matched = classification.evidence.map((item) => `"${item.phrase}" matched "${item.matched}" (${item.via}${item.source === 'name' ? '' : `, ${item.source}`})`);
  const doubt = classification.confident ? '' : classification.doubt ?? 'not sure';
  return [...matched, doubt].filter((part) => part !== '').join('; ');
}
