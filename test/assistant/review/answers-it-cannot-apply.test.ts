/**
 * Answers `mapping review --apply` cannot apply are errors naming sheet, row and column, never an
 * answer dropped or a junk mapping key: `no` on sheet Placed (it cannot un-place a type), a group's
 * row whose Group cell was cleared, column Group deleted while groups' rows are there. A workbook
 * written before groups (no column Group) still reads; a type left open keeps its rows placed
 * without asking, and the summary says so. Round trips: write → change the cells with exceljs → read.
 */
import ExcelJS from 'exceljs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Classification } from '../../../src/assistant/classify/classifier-types.js';
import type { ProductTypeGroup } from '../../../src/assistant/review/collect-product-types.js';
import { groupTypesByLeaf } from '../../../src/assistant/review/group-types-by-leaf.js';
import { orderReviewQuestions } from '../../../src/assistant/review/order-review-questions.js';
import { readReviewAnswers } from '../../../src/assistant/review/read-review-answers.js';
import { renderMappingReviewApply } from '../../../src/assistant/review/render-mapping-review.js';
import { REVIEW_SHEETS, reviewColumnNumber } from '../../../src/assistant/review/review-workbook-layout.js';
import { writeReviewWorkbook } from '../../../src/assistant/review/write-review-workbook.js';
import { createDirectoryIndex } from '../../../src/mapping/directory-index.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const index = createDirectoryIndex(buildSandboxDirectories('marketplace'));
const MILK = 140101;
const KEFIR = 140102;
const AYRAN = 140103;

/** A product type proposed `leafId` at `confidence`, `placedRows` of its `rows` placed without asking. */
function buildType(type: string, rows: number, leafId: number, placedRows = 0, confidence = 0.9): ProductTypeGroup {
  const classification: Classification = { leafId, path: undefined, confidence, confident: placedRows === rows, evidence: [], alternatives: [], productType: type, doubt: 'not sure' };
  return { type, rows, placedRows, examples: [`${type} Brand 1 л`], classification, firstRows: [], openRows: Array.from({ length: rows - placedRows }, (_, i) => i + 2), placedByPath: new Map() };
}

// Review: row 2 the group (молоко козье, молоко топлёное: rows 3, 4), row 5 кефир детский (2 of its 6 rows placed without asking). Placed: row 2 айран.
const REVIEW_TYPES = [buildType('молоко козье', 5, MILK), buildType('молоко топлёное', 3, MILK), buildType('кефир детский', 6, KEFIR, 2, 0.5)];
const PLACED_TYPES = [buildType('айран', 7, AYRAN, 7)];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'answers-it-cannot-apply-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

type Edit = (workbook: ExcelJS.Workbook) => void;

/** Writes the workbook, changes it with `edit` as a seller would, returns its path. */
async function writeAndEdit(name: string, edit: Edit): Promise<string> {
  const { leafGroups, singles } = groupTypesByLeaf(REVIEW_TYPES);
  const path = join(dir, `${name}.xlsx`);
  await writeReviewWorkbook(path, { questions: orderReviewQuestions(singles, [], new Set(), leafGroups), placed: PLACED_TYPES, index });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  edit(workbook);
  await workbook.xlsx.writeFile(path);
  return path;
}

/** Sets the cell `key` of `row` on `sheet`. */
const setCell = (sheet: string, row: number, key: Parameters<typeof reviewColumnNumber>[0], value: string | null): Edit => (workbook) => {
  const cell = workbook.getWorksheet(sheet)?.getRow(row).getCell(reviewColumnNumber(key));
  if (cell !== undefined) cell.value = value;
};
const edits = (...list: Edit[]): Edit => (workbook) => list.forEach((edit) => edit(workbook));
/** Deletes column Group (its header and cells), as a seller deleting the column does. */
const deleteGroupColumn: Edit = (workbook) => workbook.getWorksheet(REVIEW_SHEETS.review)?.spliceColumns(reviewColumnNumber('group'), 1);
const where = (read: Awaited<ReturnType<typeof readReviewAnswers>>) => read.issues.map((issue) => [issue.sheet, issue.row, issue.column]);

describe('answers the review cannot apply', () => {
  it('"no" on sheet Placed is an error naming sheet, row and column J: it cannot un-place a type; on Review it leaves the type open', async () => {
    const path = await writeAndEdit('placed-no', edits(setCell(REVIEW_SHEETS.placed, 2, 'answer', 'no'), setCell(REVIEW_SHEETS.review, 5, 'answer', 'no')));
    const read = await readReviewAnswers(path, 'review.xlsx', index);
    expect(where(read)).toEqual([['Placed', 2, 'J']]);
    expect(read.issues[0]?.message).toMatch(/"айран" is "no": on sheet "Placed" "no" cannot un-place a type; name the leaf it belongs in/);
    expect(read.answers).toEqual([]);
  });

  it('sheet Placed has its own note on column J: empty keeps the placement, a leaf corrects it, no "no"', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await writeAndEdit('notes', () => undefined));
    const note = (sheet: string): string => JSON.stringify(workbook.getWorksheet(sheet)?.getRow(1).getCell(reviewColumnNumber('answer')).note ?? '');
    expect(note(REVIEW_SHEETS.review)).toMatch(/\\"no\\" or empty leaves the type open: its rows stay open, but for its rows placed without asking/);
    expect(note(REVIEW_SHEETS.placed)).toMatch(/Empty keeps the leaf the type is placed in/);
    expect(note(REVIEW_SHEETS.placed)).toMatch(/\\"no\\" cannot un-place a type/);
    expect(note(REVIEW_SHEETS.placed)).not.toMatch(/leaves the type open/);
  });

  it('a type of Review left open keeps its rows placed without asking, and the summary says so', async () => {
    const read = await readReviewAnswers(await writeAndEdit('open', setCell(REVIEW_SHEETS.review, 2, 'answer', 'yes')), 'review.xlsx', index);
    expect(read.issues).toEqual([]);
    expect(read).toMatchObject({ open: 1, leftOut: 0, openPlacedRows: 2 });
    const summary = renderMappingReviewApply({ added: 2, replaced: 0, unchanged: 0, neutralAdded: 0, brandsAdded: 0, open: read.open, leftOut: read.leftOut, openPlacedRows: read.openPlacedRows }, 'review.xlsx', 'price.yaml');
    expect(summary).toMatch(/1 types were left unanswered: their rows stay open \(category_uncertain\), never guessed, but for 2 of them placed without asking, which keep the leaf they are placed in\./);
  });

  it("a group's row whose Group cell was cleared is an error on its column L, never a product type of the mapping", async () => {
    const path = await writeAndEdit('head-cleared', edits(setCell(REVIEW_SHEETS.review, 2, 'answer', 'yes'), setCell(REVIEW_SHEETS.review, 2, 'group', null)));
    const read = await readReviewAnswers(path, 'review.xlsx', index);
    expect(read.issues[0]).toMatchObject({ code: 'mapping_invalid', sheet: 'Review', row: 2, column: 'L' });
    expect(read.issues[0]?.message).toMatch(/"2 product types \(rows below\): one answer" is a group's row, but its column L is empty/);
    expect(read.answers.map((answer) => answer.type)).not.toContain('2 product types (rows below): one answer');
  });

  it("column Group deleted while groups' rows are there is one error on L1; the groups' rows are no product types", async () => {
    const path = await writeAndEdit('group-column-gone', edits(setCell(REVIEW_SHEETS.review, 2, 'answer', 'yes'), deleteGroupColumn));
    const read = await readReviewAnswers(path, 'review.xlsx', index);
    expect(where(read)).toEqual([['Review', 1, 'L']]);
    expect(read.issues[0]?.message).toMatch(/column L "Group" is gone, but row 2 is a group's row/);
    expect(read.answers).toEqual([]);
  });

  it('a workbook written before groups (no column Group) reads its single types\' answers', async () => {
    const { leafGroups, singles } = groupTypesByLeaf([REVIEW_TYPES[2] as ProductTypeGroup]);
    expect(leafGroups).toEqual([]);
    const path = join(dir, 'before-groups.xlsx');
    await writeReviewWorkbook(path, { questions: orderReviewQuestions(singles, [], new Set(), leafGroups), placed: PLACED_TYPES, index });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    for (const name of [REVIEW_SHEETS.review, REVIEW_SHEETS.placed]) workbook.getWorksheet(name)?.spliceColumns(reviewColumnNumber('group'), 1);
    setCell(REVIEW_SHEETS.review, 2, 'answer', String(KEFIR))(workbook);
    await workbook.xlsx.writeFile(path);
    const read = await readReviewAnswers(path, 'review.xlsx', index);
    expect(read.issues).toEqual([]);
    expect(read.answers.map((answer) => [answer.type, answer.leafId, answer.row])).toEqual([['кефир детский', KEFIR, 2]]);
  });
});
