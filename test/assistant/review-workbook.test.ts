import ExcelJS from 'exceljs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { readKnownBrands } from '../../src/assistant/classify/known-brands.js';
import { getClassifierIndex } from '../../src/assistant/classify/load-classifier-index.js';
import { applyReviewAnswers } from '../../src/assistant/review/apply-review-answers.js';
import { findAnsweredType, indexAnsweredTypes } from '../../src/assistant/review/classify-with-answers.js';
import { classifyWithAnswers } from './eval/classify-with-answers.js';
import { collectServiceExamples } from '../../src/assistant/review/collect-service-examples.js';
import { createProductTypeCollector } from '../../src/assistant/review/collect-product-types.js';
import { readProductTypeKey } from '../../src/assistant/review/read-product-type-key.js';
import { readReviewAnswers } from '../../src/assistant/review/read-review-answers.js';
import { REVIEW_SHEETS, reviewColumnNumber } from '../../src/assistant/review/review-workbook-layout.js';
import { writeReviewWorkbook } from '../../src/assistant/review/write-review-workbook.js';
import { createDirectoryIndex } from '../../src/mapping/directory-index.js';
import { generatePriceList } from './eval/generate-price-list.js';
import { buildSandboxDirectories } from './measure-matching.js';

const directories = buildSandboxDirectories('marketplace');
const index = createDirectoryIndex(directories);
const classifier = getClassifierIndex(directories, index);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'review-wb-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function collect(names: readonly string[], options: Partial<Parameters<typeof createProductTypeCollector>[0]> = {}) {
  const collector = createProductTypeCollector({ classifier, ...options });
  names.forEach((name, i) => collector.add(name, i + 2));
  return collector.finish();
}

describe('product types', () => {
  it('key a name by its head phrase and purpose, cut before a brand', () => {
    expect(readProductTypeKey('Шампунь для собак Beaphar от блох 250 мл')).toBe('шампунь для собак');
    expect(readProductTypeKey('Шампунь Pantene 400 мл')).toBe('шампунь');
    expect(readProductTypeKey('Молоко пастеризованное Емшан 3,2% 1 л')).toBe('молоко пастеризованное');
    expect(readProductTypeKey('Паяльная кислота Rexant Хлористый цинк 30 мл')).toBe('паяльная кислота');
    expect(readProductTypeKey('КЕФИР 3,2% 1 Л')).toBe('кефир');
    // What it comes as (`в зёрнах`) keeps two leaves of one head apart, as a purpose does.
    expect(readProductTypeKey('Кофе в зёрнах Lavazza 1 кг')).toBe('кофе в зернах');
    expect(readProductTypeKey('Кофе молотый Jacobs 230 г')).toBe('кофе молотый');
  });

  it('group the rows of a file, the most rows first, with three examples', () => {
    const list = generatePriceList({ rows: 300 });
    const { groups, rows } = collect(list.rows.map((row) => row.cells.Наименование));
    expect(rows).toBe(300);
    expect(groups.reduce((sum, group) => sum + group.rows, 0)).toBe(300);
    for (let i = 1; i < groups.length; i += 1) expect(groups[i - 1]?.rows ?? 0).toBeGreaterThanOrEqual(groups[i]?.rows ?? 0);
    const top = groups[0];
    expect(top?.examples.length).toBe(Math.min(3, top?.rows ?? 0));
    // Read as the collector reads them: with the directory's brands (`«Простоквашино» молоко` is `молоко`); an example
    // of a type written otherwise (`Свечи зажиг.`) is one the answer under the group's type settles.
    const answer = indexAnsweredTypes([[top?.type ?? '', 1]]);
    for (const example of top?.examples ?? []) expect(findAnsweredType(answer, example, readKnownBrands(classifier))?.answer).toBe(1);
  });

  it('settle a type the seller answered: by the type itself, never by a word inside another type', () => {
    const answered = indexAnsweredTypes([['аккумулятор', 11005]]);
    expect(findAnsweredType(answered, 'Аккумулятор AA GP Ni-MH 2700 мАч')?.answer).toBe(11005);
    expect(findAnsweredType(answered, 'Аккумулятор автомобильный Varta 60 Ач')).toBeUndefined();
    expect(findAnsweredType(answered, 'Внешний аккумулятор Xiaomi 10000 мАч')).toBeUndefined();
    // A hand-written key answers where it is the name's head phrase and goes on from its type, never further inside.
    const written = indexAnsweredTypes([['Лапша б/п', 7]]);
    expect(findAnsweredType(written, 'Лапша б/п Роллтон острая 70 г')).toEqual({ type: 'лапша б п', answer: 7 });
    expect(findAnsweredType(written, 'Суп с лапша б/п 250 г')).toBeUndefined();
    const result = classifyWithAnswers(classifier, answered, 'Аккумулятор AA Varta 2 шт');
    expect(result).toMatchObject({ leafId: 11005, confident: true, productType: 'аккумулятор' });
    const { answeredRows, groups } = collect(['Аккумулятор AA GP 2 шт', 'Аккумулятор автомобильный Varta 60 Ач'], { findAnswer: (name) => (findAnsweredType(answered, name) ? { leafId: 11005, source: 'your answer' } : undefined) });
    expect(answeredRows).toBe(1);
    expect(groups.map((group) => group.type)).toEqual(['аккумулятор автомобильный']);
  });

  it("take the seller's marketplace products as examples when one leaf holds most of a type", async () => {
    const product = (productId: number, rus: string, categoryId: number) => ({ productId, productName: { rus, kaz: '' }, categoryId });
    const examples = await collectServiceExamples([product(1, 'Паяльная кислота Rexant 30 мл', 120908), product(2, 'Паяльная кислота 50 мл', 120908), product(3, 'Флюс для пайки ЛТИ-120', 120908)], index);
    expect(examples.get('паяльная кислота')).toMatchObject({ leafId: 120908 });
    expect(examples.has('флюс для пайки')).toBe(false);
    const { groups } = collect(['Паяльная кислота Connector 100 мл'], { examples });
    expect(groups[0]?.known?.leafId).toBe(120908);
  });
});

describe('the review workbook', () => {
  async function writeAndAnswer(answers: Record<number, string>, sheetName: string = REVIEW_SHEETS.review): Promise<string> {
    const list = generatePriceList({ rows: 200 });
    const { groups } = collect(list.rows.map((row) => row.cells.Наименование));
    const path = join(dir, `review-${Object.keys(answers).join('-')}-${sheetName}.xlsx`);
    await writeReviewWorkbook(path, { questions: groups.slice(0, 10).map((group, i) => ({ kind: 'type' as const, group, order: i + 1, settles: group.openRows.length })), placed: groups.slice(10, 12), index });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const sheet = workbook.getWorksheet(sheetName);
    for (const [row, answer] of Object.entries(answers)) {
      const cell = sheet?.getRow(Number(row)).getCell(reviewColumnNumber('answer'));
      if (cell !== undefined) cell.value = answer;
    }
    await workbook.xlsx.writeFile(path);
    return path;
  }

  it('lists each type with its rows, examples, proposal, confidence, evidence and a drop-down of the proposal and its alternatives', async () => {
    const path = await writeAndAnswer({});
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const sheet = workbook.getWorksheet(REVIEW_SHEETS.review);
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Product type', 'Rows', 'Placed without asking', 'Example 1', 'Example 2', 'Example 3', 'Proposed leaf', 'Confidence', 'Evidence', 'Your answer (leaf)', 'Ask order', 'Group']);
    const row = sheet?.getRow(2);
    expect(Number(row?.getCell(2).value)).toBeGreaterThan(0);
    expect(String(row?.getCell(reviewColumnNumber('proposed')).value)).toMatch(/ \/ .* \[\d+\]$/);
    const validation = row?.getCell(reviewColumnNumber('answer')).dataValidation;
    expect(validation?.type).toBe('list');
    expect(validation?.formulae?.[0]).toMatch(/^'Choices'!\$A\$1:\$[A-F]\$1$/);
    expect(workbook.getWorksheet(REVIEW_SHEETS.choices)?.state).toBe('hidden');
    const choice = String(workbook.getWorksheet(REVIEW_SHEETS.choices)?.getCell(1, 1).value);
    expect(choice).toBe(String(row?.getCell(reviewColumnNumber('proposed')).value));
    expect(workbook.getWorksheet(REVIEW_SHEETS.leaves)?.rowCount).toBe(1 + directories.categories.length);
  });

  it('reads answers given as a picked entry, an id or an exact path; empty answers stay open', async () => {
    const path = await writeAndAnswer({ 2: 'Продукты питания / Молочные продукты и яйца / Молоко [140101]', 3: '140102', 4: 'Продукты питания / Молочные продукты и яйца / Айран' });
    const read = await readReviewAnswers(path, 'review.xlsx', index);
    expect(read.issues).toEqual([]);
    expect(read.answers.map((answer) => [answer.row, answer.leafId])).toEqual([
      [2, 140101],
      [3, 140102],
      [4, 140103],
    ]);
    expect(read.open).toBe(7);
  });

  it('refuses an answer that names no leaf, naming sheet, row and column', async () => {
    const path = await writeAndAnswer({ 3: 'Молоко козье', 5: '999999', 6: 'Продукты питания' });
    const read = await readReviewAnswers(path, 'review.xlsx', index);
    expect(read.issues.map((issue) => [issue.code, issue.sheet, issue.row, issue.column])).toEqual([
      ['unknown_category', 'Review', 3, 'J'],
      ['unknown_category', 'Review', 5, 'J'],
      ['unknown_category', 'Review', 6, 'J'],
    ]);
    expect(read.issues[0]?.message).toMatch(/names no leaf of the directory/);
  });

  it('refuses a workbook whose columns were moved', async () => {
    const path = await writeAndAnswer({});
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    workbook.getWorksheet(REVIEW_SHEETS.review)?.spliceColumns(2, 1);
    await workbook.xlsx.writeFile(path);
    const read = await readReviewAnswers(path, 'review.xlsx', index);
    expect(read.issues[0]).toMatchObject({ code: 'mapping_invalid', sheet: 'Review', row: 1, column: 'B' });
  });
});

describe('applying answers', () => {
  it('adds each answered type under categories, keeping the rest of the mapping and its comments', async () => {
    const yaml = 'columns:\n  productKey: Артикул # the key\ncategories:\n  Кефир: 140102\n';
    const applied = applyReviewAnswers(
      yaml,
      [
        { type: 'шампунь для собак', leafId: 110410, sheet: 'Review', row: 2 },
        { type: 'кефир', leafId: 140102, sheet: 'Review', row: 3 },
      ],
      index,
    );
    expect(applied).toMatchObject({ added: 1, unchanged: 1, replaced: 0 });
    expect(applied.text).toContain('productKey: Артикул # the key');
    expect(applied.text).toMatch(/шампунь для собак: 110410 # review answer: Зоотовары \/ Товары для собак \/ Шампуни для собак/);
    expect((parseYaml(applied.text) as { categories: Record<string, number> }).categories).toEqual({ Кефир: 140102, 'шампунь для собак': 110410 });
    await writeFile(join(dir, 'applied.yaml'), applied.text);
    expect(await readFile(join(dir, 'applied.yaml'), 'utf8')).toBe(applied.text);
  });
});
