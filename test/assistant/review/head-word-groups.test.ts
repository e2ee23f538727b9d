/**
 * Questions by head word (issue 33, the review loop's long tail): the unsure types no leaf group takes that share their
 * first head word and purpose are one question that proposes no leaf. The seller names one leaf on its row for them all,
 * `no` on a type's row leaves it out, a leaf there gives it its own; a `yes` on its row takes nothing (a seller who answers
 * `yes` on every group's row without reading places no row by it). Round trips: write → answer with exceljs → read → apply.
 */
import ExcelJS from 'exceljs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { Classification } from '../../../src/assistant/classify/classifier-types.js';
import { applyReviewAnswers } from '../../../src/assistant/review/apply-review-answers.js';
import type { ProductTypeGroup } from '../../../src/assistant/review/collect-product-types.js';
import { groupTypesByHeadWord } from '../../../src/assistant/review/group-types-by-head-word.js';
import { groupTypesByLeaf, MOST_TYPES_IN_QUESTION } from '../../../src/assistant/review/group-types-by-leaf.js';
import { orderReviewQuestions } from '../../../src/assistant/review/order-review-questions.js';
import { readReviewAnswers } from '../../../src/assistant/review/read-review-answers.js';
import { describeHeadWordGroup, GROUP_CELL, isGroupHeadText, REVIEW_SHEETS, reviewColumnNumber } from '../../../src/assistant/review/review-workbook-layout.js';
import { writeReviewWorkbook } from '../../../src/assistant/review/write-review-workbook.js';
import { createDirectoryIndex } from '../../../src/mapping/directory-index.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const index = createDirectoryIndex(buildSandboxDirectories('marketplace'));
const MILK = 140101;
const KEFIR = 140102;
const AYRAN = 140103;

let serial = 0;
/** A product type the classifier is unsure of (under `SURE_IN_GROUP` unless told), every row open, proposed `leafId` (or none) with `alternatives`. */
function buildType(type: string, rows: number, leafId: number | undefined, alternatives: number[] = [], confidence = 0.4): ProductTypeGroup {
  const classification: Classification = {
    leafId,
    path: undefined,
    confidence,
    confident: false,
    evidence: [],
    alternatives: alternatives.map((id) => ({ leafId: id, path: '', score: 0.5 })),
    productType: type,
    doubt: 'not sure',
  };
  const openRows = Array.from({ length: rows }, () => (serial += 1));
  return { type, rows, placedRows: 0, examples: [`${type} Brand 1 шт`], classification, firstRows: [], openRows, placedByPath: new Map() };
}

// Pumps proposed wrong leaves or none: no leaf group takes them; their one head word does.
const PUMPS = [buildType('насос дренажный', 4, AYRAN, [MILK]), buildType('насос погружной', 3, undefined), buildType('насос вибрационный', 2, KEFIR, [MILK, AYRAN])];
const TYPES = [...PUMPS, buildType('корм для кошек', 3, undefined), buildType('корм для кур', 2, undefined), buildType('набор кистей', 2, undefined), buildType('набор фрез', 2, undefined)];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'head-word-groups-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The questions of `types` as `mapping review` asks them: leaf groups, then groups by head word, then singles. */
function askTypes(types: readonly ProductTypeGroup[]) {
  const { leafGroups, singles: unsure } = groupTypesByLeaf(types);
  const { headGroups, singles } = groupTypesByHeadWord(unsure);
  return orderReviewQuestions(singles, [], new Set(), [...leafGroups, ...headGroups]);
}

/** Writes the workbook of `TYPES`, answers the given cells (row → answer; `proposed`: row → column G's text), returns the sheet rows by type and the path. */
async function writeAndAnswer(name: string, answers: (rowOf: (type: string) => number) => Record<number, string>, proposed: Record<number, string> = {}): Promise<string> {
  const path = join(dir, `${name}.xlsx`);
  await writeReviewWorkbook(path, { questions: askTypes(TYPES), placed: [], index });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.getWorksheet(REVIEW_SHEETS.review) as ExcelJS.Worksheet;
  const rowOf = (type: string): number => {
    for (let r = 2; r <= sheet.rowCount; r += 1) if (sheet.getRow(r).getCell(reviewColumnNumber('type')).text === type) return r;
    throw new Error(`no row for ${type}`);
  };
  for (const [row, text] of Object.entries(answers(rowOf))) sheet.getRow(Number(row)).getCell(reviewColumnNumber('answer')).value = text;
  for (const [row, text] of Object.entries(proposed)) sheet.getRow(Number(row)).getCell(reviewColumnNumber('proposed')).value = text;
  await workbook.xlsx.writeFile(path);
  return path;
}

const PUMPS_HEAD = describeHeadWordGroup(3, 'насос');
const pairs = (read: Awaited<ReturnType<typeof readReviewAnswers>>): [string, number][] => read.answers.map((answer) => [answer.type, answer.leafId]);

describe('unsure types of one head word', () => {
  it('are one question that proposes no leaf, the most rows first; another purpose, a pack word, or a type alone are not in it', () => {
    const { headGroups, singles } = groupTypesByHeadWord(TYPES);
    expect(headGroups.map((group) => [group.headWord, group.leafId, group.types.map((type) => type.type)])).toEqual([['насос', undefined, ['насос дренажный', 'насос погружной', 'насос вибрационный']]]);
    // `корм для кошек` is not `корм для кур`; `набор` says nothing of the goods (brushes, cutters).
    expect(singles.map((type) => type.type)).toEqual(['корм для кошек', 'корм для кур', 'набор кистей', 'набор фрез']);
    expect(askTypes(TYPES).map((question) => [question.kind, question.settles])).toEqual([
      ['group', 9],
      ['type', 3],
      ['type', 2],
      ['type', 2],
      ['type', 2],
    ]);
  });

  it('share the first word of the purpose too, not the words after it (a brand, a kind the type adds)', () => {
    const { headGroups } = groupTypesByHeadWord([buildType('гель для дизайна', 2, undefined), buildType('гель для дизайна аквагель', 1, undefined), buildType('гель для душа', 1, undefined)]);
    expect(headGroups.map((group) => [group.headWord, group.types.map((type) => type.type)])).toEqual([['гель для дизайна', ['гель для дизайна', 'гель для дизайна аквагель']]]);
  });

  it('share the Latin words the key keeps after the head: the directory names goods by them (HDMI cables are not USB ones)', () => {
    const { headGroups, singles } = groupTypesByHeadWord([buildType('кабель hdmi', 5, undefined), buildType('кабель usb', 4, undefined), buildType('кабель', 3, undefined), buildType('кабель hdmi угловой', 1, undefined)]);
    expect(headGroups.map((group) => group.types.map((type) => type.type))).toEqual([['кабель hdmi', 'кабель hdmi угловой']]);
    expect(singles.map((type) => type.type)).toEqual(['кабель usb', 'кабель']);
  });

  it('never begin with a Latin word: an English name puts its head noun last (a brand or a modifier comes first)', () => {
    const { headGroups } = groupTypesByHeadWord([buildType('car floor mats', 3, undefined), buildType('car phone holder', 2, undefined), buildType('lotte', 2, undefined), buildType('lotte choco pie', 1, undefined)]);
    expect(headGroups).toEqual([]);
  });

  it('are asked in questions of at most MOST_TYPES_IN_QUESTION types; a last type alone is asked alone', () => {
    const many = Array.from({ length: MOST_TYPES_IN_QUESTION + 1 }, (_, i) => buildType(`фреза модель${String.fromCharCode(0x430 + i)}`, 1, undefined));
    const { headGroups, singles } = groupTypesByHeadWord(many);
    expect(headGroups.map((group) => group.types.length)).toEqual([MOST_TYPES_IN_QUESTION]);
    expect(singles).toHaveLength(1);
  });
});

describe('a question by head word in the workbook', () => {
  it('writes a row "group N, by word" without a proposal, whose drop-down offers the leaves its types are proposed or offered, the most rows first', async () => {
    const path = await writeAndAnswer('written', () => ({}));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const sheet = workbook.getWorksheet(REVIEW_SHEETS.review) as ExcelJS.Worksheet;
    const head = sheet.getRow(2);
    expect(head.getCell(reviewColumnNumber('type')).text).toBe(PUMPS_HEAD);
    expect(head.getCell(reviewColumnNumber('group')).text).toBe(GROUP_CELL.wordHead(1));
    expect(head.getCell(reviewColumnNumber('proposed')).text).toBe('');
    expect(head.getCell(reviewColumnNumber('rows')).value).toBe(9);
    const formula = String(head.getCell(reviewColumnNumber('answer')).dataValidation.formulae?.[0]);
    const choiceRow = Number(/\$(\d+)$/.exec(formula)?.[1]);
    const choices = workbook.getWorksheet(REVIEW_SHEETS.choices) as ExcelJS.Worksheet;
    const offered = [1, 2, 3, 4].map((column) => choices.getRow(choiceRow).getCell(column).text);
    // Ayran and milk: named by 4 + 2 rows each (ayran first named), kefir by 2. No `yes`: there is no proposal to accept.
    expect(offered.map((text) => Number(/\[(\d+)\]$/.exec(text)?.[1]) || text)).toEqual([AYRAN, MILK, KEFIR, '']);
    expect(isGroupHeadText(PUMPS_HEAD)).toBe(true);
    expect(GROUP_CELL.read('group 4, by word')).toEqual({ part: 'head', group: 4, ownAnswer: false, byWord: true });
    expect(GROUP_CELL.read('in group 4, by word')).toBeUndefined();
  });

  it('gives the leaf on its row to each type not answered on its own row, each under its own key; `no` leaves a type out', async () => {
    const path = await writeAndAnswer('leaf', (rowOf) => ({ 2: String(MILK), [rowOf('насос погружной')]: 'no', [rowOf('насос вибрационный')]: String(KEFIR) }));
    const read = await readReviewAnswers(path, 'leaf.xlsx', index);
    expect(read.issues).toEqual([]);
    expect(pairs(read)).toEqual([
      ['насос дренажный', MILK],
      ['насос вибрационный', KEFIR],
    ]);
    expect(read.leftOut).toBe(1);
    const applied = parseYaml(applyReviewAnswers('categories: {}\n', read.answers, index).text) as { categories: Record<string, number> };
    expect(applied.categories).toEqual({ 'насос дренажный': MILK, 'насос вибрационный': KEFIR });
  });

  it('takes nothing by a `yes` on its row (trap: the types\' own proposals are unsure), said as a warning naming the row', async () => {
    const path = await writeAndAnswer('yes', () => ({ 2: 'yes' }));
    const read = await readReviewAnswers(path, 'yes.xlsx', index);
    expect(read.answers).toEqual([]);
    expect(read.issues.map((issue) => [issue.severity, issue.row, issue.column])).toEqual([['warning', 2, 'J']]);
    expect(read.issues[0]?.message).toContain('takes nothing');
    expect(read.open).toBe(TYPES.length);
  });

  it('keeps `yes` on a type\'s own row: the leaf proposed on that row, for that type alone', async () => {
    const path = await writeAndAnswer('own-yes', (rowOf) => ({ [rowOf('насос дренажный')]: 'yes' }));
    const read = await readReviewAnswers(path, 'own-yes.xlsx', index);
    expect(pairs(read)).toEqual([['насос дренажный', AYRAN]]);
  });

  it('is an error naming the cell when its row is given a proposal (column G is the review\'s), its types then open', async () => {
    const path = await writeAndAnswer('edited', () => ({ 2: String(MILK) }), { 2: 'Молоко [140101]' });
    const read = await readReviewAnswers(path, 'edited.xlsx', index);
    expect(read.issues.filter((issue) => issue.severity === 'error').map((issue) => [issue.row, issue.column])).toEqual([[2, 'G']]);
  });
});
