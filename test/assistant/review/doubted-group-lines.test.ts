/**
 * A type whose own evidence doubts its proposal is never a line a group's one `yes` takes (issue 33, review3 finding 2): it
 * stays in its question, first, marked `own answer`, and is answered on its own row; the group's `yes` leaves it open. The
 * doubts are the classifier's that name another leaf (a leaf of another branch is a kind of it, another fits as well, …), a
 * leaf of another top-level section scoring `RIVAL_ELSEWHERE` or more, and a type of the same head word proposed the same leaf
 * as a doubted one. Round trips: write → answer the cells with exceljs → read.
 */
import ExcelJS from 'exceljs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alternative, Classification } from '../../../src/assistant/classify/classifier-types.js';
import type { ProductTypeGroup } from '../../../src/assistant/review/collect-product-types.js';
import { findProposalDoubt, RIVAL_ELSEWHERE, UNSAID_PURPOSE, WEAK_MATCH_DOUBT } from '../../../src/assistant/review/find-proposal-doubt.js';
import { groupTypesByLeaf } from '../../../src/assistant/review/group-types-by-leaf.js';
import { orderReviewQuestions } from '../../../src/assistant/review/order-review-questions.js';
import { readReviewAnswers } from '../../../src/assistant/review/read-review-answers.js';
import { describeGroupHead, GROUP_CELL, isGroupHeadText, REVIEW_SHEETS, reviewColumnNumber } from '../../../src/assistant/review/review-workbook-layout.js';
import { writeReviewWorkbook } from '../../../src/assistant/review/write-review-workbook.js';
import { createDirectoryIndex } from '../../../src/mapping/directory-index.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const index = createDirectoryIndex(buildSandboxDirectories('marketplace'));
const KIDS_NOTEBOOKS = { id: 70303, path: 'Детские товары / Школа и творчество / Тетради' };
const SOFT_TOYS = { id: 70103, path: 'Детские товары / Игрушки / Мягкие игрушки' };
const OFFICE_NOTEBOOKS = { id: 160108, path: 'Канцелярские товары / Бумажная продукция для офиса / Тетради общие' };
const KIDS_PENS = { id: 70304, path: 'Детские товары / Школа и творчество / Ручки и карандаши' };
const EYE_PENCILS = 'Красота и здоровье / Макияж / Карандаши для глаз';
const KIDS_PAINTS = 'Детские товары / Творчество и хобби для детей / Раскраски';

let serial = 0;
/** An unsure product type proposed `leaf` at `confidence`, with the classifier's `doubt` and `alternatives`, every row open. */
function buildType(type: string, rows: number, leaf: { id: number; path: string }, doubt: string, alternatives: Alternative[] = [], confidence = 0.92): ProductTypeGroup {
  // As the classifier writes it: words the leaf does not explain, when they are the only doubt, are `heldBy`.
  const held = /^the leaf does not explain "([^"]*)" of /.exec(doubt)?.[1];
  const classification: Classification = { leafId: leaf.id, path: leaf.path, confidence, confident: false, evidence: [], alternatives, productType: type, doubt, ...(held === undefined ? {} : { heldBy: [held] }) };
  const openRows = Array.from({ length: rows }, () => (serial += 1));
  return { type, rows, placedRows: 0, examples: [`${type} Brand`], classification, firstRows: [], openRows, placedByPath: new Map() };
}
const unexplained = (word: string, type: string): string => `the leaf does not explain "${word}" of "${type}"`;
const kindElsewhere = `a leaf of another branch is a kind of it (${OFFICE_NOTEBOOKS.path})`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'doubted-lines-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a type whose evidence doubts its proposal', () => {
  const notebook = buildType('тетрадь', 6, KIDS_NOTEBOOKS, kindElsewhere, [{ leafId: OFFICE_NOTEBOOKS.id, path: OFFICE_NOTEBOOKS.path, score: 0.5 }], 1);
  const ringNotebook = buildType('тетрадь на кольцах', 5, KIDS_NOTEBOOKS, 'the type matches the leaf only weakly', [], 0.84);
  const pencil = buildType('карандаш простой', 2, KIDS_PENS, unexplained('простой', 'карандаш простой'), [{ leafId: 80401, path: `${EYE_PENCILS}`, score: RIVAL_ELSEWHERE }]);
  const bear = buildType('мягкая игрушка медведь', 3, SOFT_TOYS, unexplained('медведь', 'мягкая игрушка медведь'));
  const bunny = buildType('мягкая игрушка заяц', 2, SOFT_TOYS, unexplained('заяц', 'мягкая игрушка заяц'), [{ leafId: 70402, path: KIDS_PAINTS, score: 0.9 }]);

  it('stays in its question, first, marked to be answered on its own row, with why', () => {
    const { leafGroups } = groupTypesByLeaf([bear, notebook, ringNotebook, pencil, bunny]);
    expect(leafGroups).toHaveLength(1);
    const [group] = leafGroups;
    expect(group?.types.slice(0, 3)).toEqual([notebook, ringNotebook, pencil]);
    expect(group?.types.slice(3)).toEqual([bear, bunny]);
    expect(group?.ownAnswers?.get(notebook)).toBe('a leaf of another branch is a kind of the type');
    // Its weak match names no other leaf: it is doubted as `тетрадь` is, whose first head word and leaf it has.
    expect(findProposalDoubt(ringNotebook)).toBeUndefined();
    expect(group?.ownAnswers?.get(ringNotebook)).toBe('the leaf is doubted for "тетрадь", of the same head word');
    expect(group?.ownAnswers?.get(pencil)).toBe(`a leaf of another section scores ${RIVAL_ELSEWHERE} (${EYE_PENCILS})`);
  });

  it('is none for a word the leaf does not explain, a rival of the same section, or one of another section under RIVAL_ELSEWHERE (traps)', () => {
    const sameSection = buildType('мягкая игрушка кот', 2, SOFT_TOYS, unexplained('кот', 'мягкая игрушка кот'), [{ leafId: 70402, path: KIDS_PAINTS, score: 0.95 }]);
    const lowRival = buildType('карандаш чернографитный', 2, KIDS_PENS, unexplained('чернографитный', 'карандаш чернографитный'), [{ leafId: 80401, path: EYE_PENCILS, score: RIVAL_ELSEWHERE - 0.01 }]);
    expect([bear, bunny, sameSection, lowRival].map(findProposalDoubt)).toEqual([undefined, undefined, undefined, undefined]);
    const { leafGroups } = groupTypesByLeaf([bear, sameSection, lowRival, bunny]);
    expect(leafGroups.map((group) => group.ownAnswers)).toEqual([undefined]);
  });

  it('keeps types that are all answered on their own rows together as one question, each line its own answer (review4 finding 2)', () => {
    const { leafGroups, singles } = groupTypesByLeaf([notebook, ringNotebook]);
    expect(leafGroups.map((group) => group.types)).toEqual([[notebook, ringNotebook]]);
    expect([...(leafGroups[0]?.ownAnswers?.keys() ?? [])]).toEqual([notebook, ringNotebook]);
    expect(singles).toEqual([]);
    // With a type the `yes` takes, it is a group too, and only the doubted lines are its own answers (trap).
    const mixed = groupTypesByLeaf([notebook, ringNotebook, bear]).leafGroups;
    expect(mixed.map((group) => group.types.length)).toEqual([3]);
    expect(mixed[0]?.ownAnswers?.has(bear)).toBe(false);
  });

  it('writes such a question\'s row with no answer to choose: it takes none, and says so', () => {
    expect(describeGroupHead(0, 2)).toBe('2 product types (rows below): each answered on its own row');
    expect(isGroupHeadText(describeGroupHead(0, 2))).toBe(true);
    expect(isGroupHeadText(describeGroupHead(3, 2))).toBe(true);
    expect(isGroupHeadText('2 product types (rows below): each answered on its own rows')).toBe(false);
  });

  it('spreads its doubt only to types of its head word proposed the same leaf (trap)', () => {
    // `карандаш` proposed the kids' pens leaf is doubted; a `карандаш` type proposed another leaf is not, nor another head word.
    const eyePencil = buildType('карандаш для глаз', 3, { id: 80401, path: EYE_PENCILS }, unexplained('мягкий', 'карандаш для глаз мягкий'));
    const eyeLiner = buildType('подводка для глаз', 2, { id: 80402, path: 'Красота и здоровье / Макияж / Подводки для глаз' }, unexplained('жидкая', 'подводка для глаз жидкая'));
    const pen = buildType('ручка гелевая', 4, KIDS_PENS, unexplained('гелевая', 'ручка гелевая'));
    const { leafGroups } = groupTypesByLeaf([pencil, pen, bear, eyePencil, eyeLiner]);
    const own = new Set(leafGroups.flatMap((group) => [...(group.ownAnswers?.keys() ?? [])]));
    expect([...own]).toEqual([pencil]);
  });
});

describe('a type the classifier matches only weakly (doubts16, probe 19 careless: Korean pastes under hair pastes)', () => {
  const STYLING = { id: 81008, path: 'Красота и здоровье / Уход за волосами: дополнительно / Воски и пасты для укладки' };
  const weak = 'the type matches the leaf only weakly';

  it('is answered on its own row where it does not say what the leaf is for: no group\'s `yes` takes `паста` as a hair paste', () => {
    const paste = buildType('паста', 34, STYLING, weak, [], 0.8);
    const wax = buildType('воск для укладки', 3, STYLING, unexplained('сильной', 'воск для укладки сильной'));
    expect(findProposalDoubt(paste)).toBe(WEAK_MATCH_DOUBT);
    const { leafGroups } = groupTypesByLeaf([paste, wax]);
    expect(leafGroups[0]?.ownAnswers?.get(paste)).toBe(WEAK_MATCH_DOUBT);
    // Words the leaf does not explain hiding a weak match (no `heldBy`, under a confident score) are read the same.
    const soy = buildType('паста соевая', 2, STYLING, unexplained('соевая', 'паста соевая'), [], 0.7);
    const { heldBy: _held, ...hiding } = soy.classification;
    expect(findProposalDoubt({ ...soy, classification: hiding })).toBe(WEAK_MATCH_DOUBT);
  });

  it('but not where it says the purpose, nor at a leaf for no purpose, nor words the seller may confirm harmless (traps)', () => {
    expect(findProposalDoubt(buildType('паста для укладки', 4, STYLING, weak, [], 0.8))).toBeUndefined();
    expect(findProposalDoubt(buildType('тетрадь на кольцах', 5, KIDS_NOTEBOOKS, weak, [], 0.84))).toBeUndefined();
    expect(findProposalDoubt(buildType('воск для укладки', 3, STYLING, unexplained('сильной', 'воск сильной'), [], 0.8))).toBeUndefined();
  });
});

describe('an unsure type whose purpose its leaf does not explain (careless20, probe 20 careless: the head word\'s leaf in another trade)', () => {
  const SOAP = { id: 80504, path: 'Красота и здоровье / Уход за телом / Мыло' };
  const PIPES = { id: 121205, path: 'Строительство и ремонт / Сантехника: дополнительно / Трубы и фитинги' };
  const weak = 'the type matches the leaf only weakly';

  it('is answered on its own row: a group\'s `yes` takes neither brow soap as body soap nor drip-tape fittings as plumbing', () => {
    const browSoap = buildType('мыло для бровей', 10, SOAP, weak, [], 0.84);
    const soap = buildType('мыло туалетное', 6, SOAP, unexplained('туалетное', 'мыло туалетное'));
    const dripFitting = buildType('фитинг для капельной ленты', 7, PIPES, weak, [], 0.84);
    const fitting = buildType('фитинг латунный', 3, PIPES, unexplained('латунный', 'фитинг латунный'));
    expect(findProposalDoubt(browSoap)).toBe(`${UNSAID_PURPOSE} "бровей"`);
    expect(findProposalDoubt(dripFitting)).toBe(`${UNSAID_PURPOSE} "капельной ленты"`);
    // Words the leaf does not explain but for a purpose read the same (no weak match behind them).
    expect(findProposalDoubt(buildType('пылесос для маникюра', 4, { id: 20301, path: 'Бытовая техника / Техника для дома / Пылесосы' }, unexplained('встраиваемый', 'пылесос для маникюра встраиваемый')))).toBe(`${UNSAID_PURPOSE} "маникюра"`);
    const { leafGroups } = groupTypesByLeaf([soap, browSoap, fitting, dripFitting]);
    const own = leafGroups.flatMap((group) => [...(group.ownAnswers?.keys() ?? [])]);
    // The head word's other types at the leaf are doubted with it (the leaf is of another trade in this file); another head word's are not.
    expect(own.map((type) => type.type).sort()).toEqual(['мыло для бровей', 'мыло туалетное', 'фитинг для капельной ленты', 'фитинг латунный']);
    const brush = buildType('щетка для мыла', 2, SOAP, unexplained('жесткая', 'щетка для мыла жесткая'));
    expect(groupTypesByLeaf([soap, browSoap, brush]).leafGroups[0]?.ownAnswers?.has(brush)).toBe(false);
  });

  it('but not where a word of its purpose is a word of the leaf\'s path, nor where it is sure, nor without a purpose (traps)', () => {
    const HAIR = { id: 80303, path: 'Красота и здоровье / Уход за волосами / Шампуни' };
    expect(findProposalDoubt(buildType('шампунь для волос', 5, HAIR, unexplained('густых', 'шампунь для волос густых')))).toBeUndefined();
    expect(findProposalDoubt(buildType('мыло для тела', 5, SOAP, weak, [], 0.84))).toBeUndefined();
    const sure: ProductTypeGroup = { ...buildType('мыло для бровей', 2, SOAP, weak), classification: { leafId: SOAP.id, path: SOAP.path, confidence: 1, confident: true, evidence: [], alternatives: [], productType: 'мыло для бровей' } };
    expect(findProposalDoubt(sure)).toBeUndefined();
    expect(findProposalDoubt(buildType('мыло туалетное', 6, SOAP, unexplained('туалетное', 'мыло туалетное')))).toBeUndefined();
  });
});

describe('a doubted type in the workbook', () => {
  const notebook = buildType('тетрадь в клетку', 4, KIDS_NOTEBOOKS, kindElsewhere, [{ leafId: OFFICE_NOTEBOOKS.id, path: OFFICE_NOTEBOOKS.path, score: 0.5 }], 1);
  const bear = buildType('мягкая игрушка медведь', 3, SOFT_TOYS, unexplained('медведь', 'мягкая игрушка медведь'));
  const bunny = buildType('мягкая игрушка заяц', 2, SOFT_TOYS, unexplained('заяц', 'мягкая игрушка заяц'));

  /** Writes the workbook of the three types (one section question: rows 2-5, the notebook's row 3), answers the given rows, returns the sheet's cells and what `--apply` reads. */
  async function answer(name: string, answers: Record<number, string>): Promise<{ cell: (row: number, key: Parameters<typeof reviewColumnNumber>[0]) => string; read: Awaited<ReturnType<typeof readReviewAnswers>> }> {
    const { leafGroups, singles } = groupTypesByLeaf([bear, bunny, notebook]);
    const path = join(dir, `${name}.xlsx`);
    await writeReviewWorkbook(path, { questions: orderReviewQuestions(singles, [], new Set(), leafGroups), placed: [], index });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const sheet = workbook.getWorksheet(REVIEW_SHEETS.review);
    if (sheet === undefined) throw new Error('no sheet Review');
    const cell = (row: number, key: Parameters<typeof reviewColumnNumber>[0]): string => sheet.getRow(row).getCell(reviewColumnNumber(key)).text;
    for (const [row, text] of Object.entries(answers)) sheet.getRow(Number(row)).getCell(reviewColumnNumber('answer')).value = text;
    await workbook.xlsx.writeFile(path);
    return { cell, read: await readReviewAnswers(path, 'review.xlsx', index) };
  }

  it('stands first in its question, marked in column Group and Evidence; the group\'s how-to says "yes" does not take it', async () => {
    const { cell } = await answer('layout', {});
    expect([2, 3, 4, 5].map((row) => [cell(row, 'type'), cell(row, 'group')])).toEqual([
      ['2 product types (rows below): one answer, + 1 type on its own row', 'group 1'],
      ['тетрадь в клетку', GROUP_CELL.ownAnswer(1)],
      ['мягкая игрушка медведь', 'in group 1'],
      ['мягкая игрушка заяц', 'in group 1'],
    ]);
    expect(cell(3, 'evidence')).toMatch(/^ANSWER ON THIS ROW: the group's "yes" does not take it, a leaf of another branch is a kind of the type\./);
    expect(cell(2, 'evidence')).toMatch(/"own answer" in column Group, at the top, is not taken by "yes" here.*The examples and counts of this row are of the types its "yes" takes/);
    // The group's row shows the goods its answer takes (review4 finding 3): the toys, not the notebook above them.
    expect([cell(2, 'rows'), cell(2, 'example1'), cell(2, 'example2'), cell(2, 'example3')]).toEqual(['5', 'мягкая игрушка медведь Brand', 'мягкая игрушка заяц Brand', '']);
  });

  it('says on its row that the group\'s answer does not take it, when the group is answered and the row is empty', async () => {
    const careless = await answer('careless-warned', { 2: 'yes' });
    expect(careless.read.issues.map((issue) => [issue.severity, issue.sheet, issue.row, issue.column, issue.message])).toEqual([
      ['warning', REVIEW_SHEETS.review, 3, 'J', `the answer of group 1 does not take "тетрадь в клетку" (${GROUP_CELL.ownAnswer(1)}: its evidence doubts its leaf): answer it on its own row`],
    ]);
    const answered = await answer('own-answered', { 2: 'yes', 3: 'no' });
    expect(answered.read.issues).toEqual([]);
    const unanswered = await answer('group-open', {});
    expect(unanswered.read.issues).toEqual([]);
  });

  it('is not taken by a leaf typed on the group\'s row either (review4 finding 4)', async () => {
    // A one-leaf group: a toy whose doubt names another leaf, beside two plain toys; the seller types the leaf on the group's row.
    const doubtedToy = buildType('игрушка антистресс', 2, SOFT_TOYS, `another leaf fits as well (${KIDS_PAINTS})`, [], 0.9);
    const { leafGroups, singles } = groupTypesByLeaf([bear, bunny, doubtedToy]);
    const path = join(dir, 'group-leaf.xlsx');
    await writeReviewWorkbook(path, { questions: orderReviewQuestions(singles, [], new Set(), leafGroups), placed: [], index });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const sheet = workbook.getWorksheet(REVIEW_SHEETS.review);
    if (sheet === undefined) throw new Error('no sheet Review');
    expect([2, 3].map((row) => sheet.getRow(row).getCell(reviewColumnNumber('group')).text)).toEqual(['group 1', GROUP_CELL.ownAnswer(1)]);
    expect(sheet.getRow(2).getCell(reviewColumnNumber('evidence')).text).toMatch(/taken by no answer here, "yes" or a leaf/);
    sheet.getRow(2).getCell(reviewColumnNumber('answer')).value = String(SOFT_TOYS.id);
    await workbook.xlsx.writeFile(path);
    const read = await readReviewAnswers(path, 'review.xlsx', index);
    expect(read.answers.map((item) => [item.type, item.leafId])).toEqual([
      ['мягкая игрушка медведь', SOFT_TOYS.id],
      ['мягкая игрушка заяц', SOFT_TOYS.id],
    ]);
    expect(read.issues.map((issue) => [issue.severity, issue.row])).toEqual([['warning', 3]]);
  });

  it('names the "own answer" form when the Group cell is written otherwise', async () => {
    const { leafGroups, singles } = groupTypesByLeaf([bear, bunny, notebook]);
    const path = join(dir, 'group-cell.xlsx');
    await writeReviewWorkbook(path, { questions: orderReviewQuestions(singles, [], new Set(), leafGroups), placed: [], index });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const sheet = workbook.getWorksheet(REVIEW_SHEETS.review);
    if (sheet === undefined) throw new Error('no sheet Review');
    sheet.getRow(3).getCell(reviewColumnNumber('group')).value = 'in group 1 own answer';
    await workbook.xlsx.writeFile(path);
    const read = await readReviewAnswers(path, 'review.xlsx', index);
    expect(read.issues.some((issue) => issue.message.includes(`"${GROUP_CELL.ownAnswer(1)}"`))).toBe(true);
  });

  it('is left open by the group\'s "yes" (a careless seller\'s one answer), and takes its own answer: "yes", or a leaf', async () => {
    const careless = await answer('careless', { 2: 'yes' });
    expect(careless.read.issues.map((issue) => issue.severity)).toEqual(['warning']);
    expect(careless.read.answers.map((item) => [item.type, item.leafId])).toEqual([
      ['мягкая игрушка медведь', SOFT_TOYS.id],
      ['мягкая игрушка заяц', SOFT_TOYS.id],
    ]);
    expect(careless.read).toMatchObject({ open: 1, leftOut: 0 });
    const own = await answer('own', { 2: 'yes', 3: String(OFFICE_NOTEBOOKS.id) });
    expect(own.read.answers.map((item) => [item.type, item.leafId])).toEqual([
      ['тетрадь в клетку', OFFICE_NOTEBOOKS.id],
      ['мягкая игрушка медведь', SOFT_TOYS.id],
      ['мягкая игрушка заяц', SOFT_TOYS.id],
    ]);
    const yes = await answer('own-yes', { 3: 'yes' });
    expect(yes.read.answers.map((item) => [item.type, item.leafId])).toEqual([['тетрадь в клетку', KIDS_NOTEBOOKS.id]]);
  });

  it('reads a Group cell "in group N, own answer" as a member, and never "group N, own answer" as a group\'s row (trap)', () => {
    expect(GROUP_CELL.read('in group 4, own answer')).toEqual({ part: 'member', group: 4, ownAnswer: true, byWord: false });
    expect(GROUP_CELL.read('in group 4')).toEqual({ part: 'member', group: 4, ownAnswer: false, byWord: false });
    expect(GROUP_CELL.read('group 4, own answer')).toBeUndefined();
  });
});
