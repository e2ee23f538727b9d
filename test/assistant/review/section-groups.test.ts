/**
 * Questions that gather the leaves of one section (issue 33, the review loop): the unsure types the
 * classifier is surer of, of several leaves of one top-level section, are one question, each type
 * with its own proposed leaf; `yes` on the group gives each type the leaf proposed on its own row,
 * `no` leaves a type out. Never across sections (but for small ones, `packed-small-questions.test.ts`), never more than
 * `MOST_TYPES_IN_QUESTION` types, a leaf's types never split. Round trips: write → answer the cells with exceljs → read.
 */
import ExcelJS from 'exceljs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Classification } from '../../../src/assistant/classify/classifier-types.js';
import type { ProductTypeGroup } from '../../../src/assistant/review/collect-product-types.js';
import { groupTypesByLeaf, MOST_TYPES_IN_QUESTION, SURE_IN_GROUP } from '../../../src/assistant/review/group-types-by-leaf.js';
import { orderReviewQuestions } from '../../../src/assistant/review/order-review-questions.js';
import { readReviewAnswers } from '../../../src/assistant/review/read-review-answers.js';
import { REVIEW_SHEETS, reviewColumnNumber } from '../../../src/assistant/review/review-workbook-layout.js';
import { writeReviewWorkbook } from '../../../src/assistant/review/write-review-workbook.js';
import { createDirectoryIndex } from '../../../src/mapping/directory-index.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const index = createDirectoryIndex(buildSandboxDirectories('marketplace'));
const FOOD = 'Продукты питания';
const MILK = { id: 140101, path: `${FOOD} / Молочные продукты и яйца / Молоко` };
const KEFIR = { id: 140102, path: `${FOOD} / Молочные продукты и яйца / Кефир` };
const CHOCOLATE = { id: 140901, path: `${FOOD} / Сладости / Шоколад` };
const MARMALADE = { id: 140906, path: `${FOOD} / Сладости / Мармелад` };
const LITTER = { id: 110203, path: 'Зоотовары / Товары для животных / Наполнители' };
const DOG_SHAMPOO = { id: 110410, path: 'Зоотовары / Товары для собак / Шампуни для собак' };

let serial = 0;
/** A product type the classifier proposes `leaf` for, unsure (surer than `SURE_IN_GROUP` unless told), every row open. */
function buildType(type: string, rows: number, leaf: { id: number; path: string } | undefined, confidence = 0.9): ProductTypeGroup {
  const classification: Classification = { leafId: leaf?.id, path: leaf?.path, confidence, confident: false, evidence: [], alternatives: [], productType: type, doubt: 'the type matches the leaf only weakly' };
  const openRows = Array.from({ length: rows }, () => (serial += 1));
  return { type, rows, placedRows: 0, examples: [`${type} Brand`], classification, firstRows: [], openRows, placedByPath: new Map() };
}

const names = (groups: ReturnType<typeof groupTypesByLeaf>['leafGroups']): [number | undefined, string[]][] => groups.map((group) => [group.leafId, group.types.map((type) => type.type)]);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'section-groups-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('types of the leaves of one section', () => {
  it('are one question, each type with its own leaf, a leaf of the most rows first and its types together; another section is another question, but for small ones (packed)', () => {
    const types = [
      buildType('шоколад горький', 9, CHOCOLATE),
      buildType('мармелад жевательный', 15, MARMALADE),
      buildType('шоколад молочный', 3, CHOCOLATE),
      buildType('молоко козье', 4, MILK),
      buildType('кефир детский', 2, KEFIR),
      buildType('молоко топлёное', 1, MILK),
      buildType('наполнитель комкующийся', 3, LITTER),
      buildType('шампунь для собак', 2, DOG_SHAMPOO),
    ];
    const { leafGroups, singles } = groupTypesByLeaf(types);
    // The food section's six types are no small question (`MOST_TYPES_ACROSS_SECTIONS`): the pet goods are asked apart.
    expect(names(leafGroups)).toEqual([
      [undefined, ['мармелад жевательный', 'шоколад горький', 'шоколад молочный', 'молоко козье', 'молоко топлёное', 'кефир детский']],
      [undefined, ['наполнитель комкующийся', 'шампунь для собак']],
    ]);
    expect(singles).toEqual([]);
    const questions = orderReviewQuestions(singles, [], new Set(), leafGroups);
    expect(questions.map((question) => [question.kind, question.settles])).toEqual([
      ['group', 34],
      ['group', 5],
    ]);
  });

  it('a leaf alone in its section stays a question of one type; a group of one leaf keeps the leaf (another leaf for them all may answer it)', () => {
    const { leafGroups, singles } = groupTypesByLeaf([buildType('шоколад горький', 9, CHOCOLATE), buildType('шоколад молочный', 3, CHOCOLATE), buildType('наполнитель комкующийся', 3, LITTER)]);
    expect(names(leafGroups)).toEqual([[CHOCOLATE.id, ['шоколад горький', 'шоколад молочный']]]);
    expect(singles.map((type) => type.type)).toEqual(['наполнитель комкующийся']);
  });

  it('never take a type the classifier is less sure of, nor one no leaf is proposed for (trap: a `no` is a cell the seller fills)', () => {
    const types = [buildType('шоколад горький', 9, CHOCOLATE), buildType('мармелад жевательный', 5, MARMALADE), buildType('молоко сгущённое', 6, MILK, SURE_IN_GROUP - 0.1), buildType('кефирный продукт', 2, undefined)];
    const { leafGroups, singles } = groupTypesByLeaf(types);
    expect(names(leafGroups)).toEqual([[undefined, ['шоколад горький', 'мармелад жевательный']]]);
    expect(singles.map((type) => type.type)).toEqual(['молоко сгущённое', 'кефирный продукт']);
  });

  it(`hold at most ${MOST_TYPES_IN_QUESTION} types and never split a leaf's types: the next leaf opens the next question`, () => {
    const chocolate = Array.from({ length: MOST_TYPES_IN_QUESTION - 2 }, (_, i) => buildType(`шоколад ${i + 1}`, 20 - i, CHOCOLATE));
    const marmalade = [buildType('мармелад жевательный', 5, MARMALADE), buildType('мармелад фруктовый', 4, MARMALADE), buildType('мармелад лимонный', 3, MARMALADE)];
    const milk = [buildType('молоко козье', 2, MILK)];
    const { leafGroups } = groupTypesByLeaf([...chocolate, ...marmalade, ...milk]);
    expect(leafGroups.map((group) => group.types.length)).toEqual([MOST_TYPES_IN_QUESTION - 2, 4]);
    expect(leafGroups[0]?.leafId).toBe(CHOCOLATE.id);
    expect(names(leafGroups)[1]).toEqual([undefined, ['мармелад жевательный', 'мармелад фруктовый', 'мармелад лимонный', 'молоко козье']]);
  });
});

describe('a section question in the workbook', () => {
  const TYPES = [buildType('мармелад жевательный', 15, MARMALADE), buildType('шоколад горький', 9, CHOCOLATE), buildType('молоко козье', 4, MILK), buildType('кефир детский', 2, KEFIR)];

  /** Writes the workbook of `TYPES` (one section question, rows 2-6), answers the given rows, returns what `--apply` reads. */
  async function answer(name: string, answers: Record<number, string>, proposedCells: Record<number, string> = {}): Promise<Awaited<ReturnType<typeof readReviewAnswers>>> {
    const { leafGroups, singles } = groupTypesByLeaf(TYPES);
    const path = join(dir, `${name}.xlsx`);
    await writeReviewWorkbook(path, { questions: orderReviewQuestions(singles, [], new Set(), leafGroups), placed: [], index });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const sheet = workbook.getWorksheet(REVIEW_SHEETS.review);
    if (sheet === undefined) throw new Error('no sheet Review');
    for (const [row, text] of Object.entries(answers)) sheet.getRow(Number(row)).getCell(reviewColumnNumber('answer')).value = text;
    for (const [row, text] of Object.entries(proposedCells)) sheet.getRow(Number(row)).getCell(reviewColumnNumber('proposed')).value = text;
    await workbook.xlsx.writeFile(path);
    return readReviewAnswers(path, 'review.xlsx', index);
  }

  it('writes the group row with no leaf of its own and how to answer it; each type row proposes its own leaf', async () => {
    const { leafGroups, singles } = groupTypesByLeaf(TYPES);
    const path = join(dir, 'layout.xlsx');
    await writeReviewWorkbook(path, { questions: orderReviewQuestions(singles, [], new Set(), leafGroups), placed: [], index });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const sheet = workbook.getWorksheet(REVIEW_SHEETS.review);
    const cell = (row: number, key: Parameters<typeof reviewColumnNumber>[0]): string => sheet?.getRow(row).getCell(reviewColumnNumber(key)).text ?? '';
    expect([2, 3, 4, 5, 6].map((row) => [cell(row, 'type'), cell(row, 'group')])).toEqual([
      ['4 product types (rows below): one answer', 'group 1'],
      ['мармелад жевательный', 'in group 1'],
      ['шоколад горький', 'in group 1'],
      ['молоко козье', 'in group 1'],
      ['кефир детский', 'in group 1'],
    ]);
    expect(cell(2, 'proposed')).toBe('');
    expect(cell(2, 'evidence')).toMatch(/each of them goes to the leaf proposed on its row/);
    // It never invites a leaf on the group's row (one answer for several types' leaves), and says a type's row may answer yes.
    expect(cell(2, 'evidence')).not.toMatch(/another leaf: each goes there/);
    expect(cell(2, 'evidence')).toMatch(/a leaf here is an error/);
    expect(cell(2, 'evidence')).toMatch(/"yes" keeps its own proposal/);
    expect([3, 4, 5, 6].map((row) => cell(row, 'proposed').replace(/^.* \/ /, ''))).toEqual(['Мармелад [140906]', 'Шоколад [140901]', 'Молоко [140101]', 'Кефир [140102]']);
  });

  it('"yes" gives each type the leaf proposed on its own row; "no" leaves a type out, a leaf on its row gives it that leaf', async () => {
    const read = await answer('yes', { 2: 'yes', 4: 'no', 6: String(MILK.id) });
    expect(read.issues).toEqual([]);
    expect(read.answers.map((item) => [item.type, item.leafId])).toEqual([
      ['мармелад жевательный', MARMALADE.id],
      ['молоко козье', MILK.id],
      ['кефир детский', MILK.id],
    ]);
    expect(read).toMatchObject({ open: 1, leftOut: 1 });
  });

  it('a leaf on the group\'s row is an error naming sheet, row and column J, never every type moved to it (review3 finding 1)', async () => {
    const read = await answer('head-leaf', { 2: MILK.path + ` [${MILK.id}]` });
    expect(read.issues.map((issue) => [issue.code, issue.sheet, issue.row, issue.column])).toEqual([['mapping_invalid', 'Review', 2, 'J']]);
    expect(read.issues[0]?.message).toMatch(/group 1 names one leaf, but its types are proposed different leaves .* one answer cannot be several types' leaf/);
    expect(read.answers).toEqual([]);
    // A leaf given on a type's own row still settles that type, whatever the group's row says.
    const withOwn = await answer('head-leaf-own', { 2: String(MILK.id), 3: String(CHOCOLATE.id) });
    expect(withOwn.issues.map((issue) => [issue.row, issue.column])).toEqual([[2, 'J']]);
    expect(withOwn.answers.map((item) => [item.type, item.leafId])).toEqual([['мармелад жевательный', CHOCOLATE.id]]);
  });

  it('says how to except a type: empty on the group\'s row, "yes" on a type keeps its own proposal, a leaf on a type\'s row gives it that leaf', async () => {
    const read = await answer('own-rows', { 3: 'yes', 4: String(MARMALADE.id), 5: 'yes' });
    expect(read.issues).toEqual([]);
    expect(read.answers.map((item) => [item.type, item.leafId])).toEqual([
      ['мармелад жевательный', MARMALADE.id],
      ['шоколад горький', MARMALADE.id],
      ['молоко козье', MILK.id],
    ]);
    expect(read).toMatchObject({ open: 1 });
  });

  it('an edited proposal (column G) on the group\'s row is an error on that cell: the row proposes no leaf (review3 finding 5)', async () => {
    const read = await answer('head-proposal', { 2: 'yes' }, { 2: MILK.path + ` [${MILK.id}]` });
    expect(read.issues.map((issue) => [issue.code, issue.row, issue.column])).toEqual([['mapping_invalid', 2, 'G']]);
    expect(read.issues[0]?.message).toMatch(/answer in column J/);
  });

  it('"yes" reaching a type whose row proposes no leaf (its cell emptied) is an error on that row, nothing guessed', async () => {
    const read = await answer('emptied', { 2: 'yes' }, { 4: '' });
    expect(read.issues.map((issue) => [issue.code, issue.sheet, issue.row, issue.column])).toEqual([['unknown_category', 'Review', 4, 'J']]);
    expect(read.issues[0]?.message).toMatch(/the "yes" of group 1 reaches "шоколад горький", whose row proposes no leaf/);
    expect(read.answers.map((item) => item.type)).not.toContain('шоколад горький');
  });
});
