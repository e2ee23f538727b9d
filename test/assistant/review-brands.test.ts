/**
 * The brand words of a seller file (issue 33): a word the file writes capitalised inside names in
 * lower case is a brand in every name of the file, also first in a name or in a name in capitals,
 * where its case says nothing. The review reads the file with them, lists them on sheet `Brands`,
 * and `--apply` writes them to `classify.brandWords`, which `lookup: category` reads.
 */
import ExcelJS from 'exceljs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { classifyProduct } from '../../src/assistant/classify/classify-product.js';
import { getClassifierIndex } from '../../src/assistant/classify/load-classifier-index.js';
import { applyReviewAnswers } from '../../src/assistant/review/apply-review-answers.js';
import { createFileBrandCollector } from '../../src/assistant/review/collect-file-brands.js';
import { readReviewAnswers } from '../../src/assistant/review/read-review-answers.js';
import { BRAND_COLUMNS, brandColumnNumber, REVIEW_SHEETS } from '../../src/assistant/review/review-workbook-layout.js';
import { writeReviewWorkbook } from '../../src/assistant/review/write-review-workbook.js';
import { createDirectoryIndex } from '../../src/mapping/directory-index.js';
import { parseMapping } from '../../src/mapping/parse-mapping.js';
import { compileCategoryLookup } from '../../src/stages/derive/lookup-category.js';
import { REVIEW_LOOP_MAPPING } from './eval/measure-review-loop.js';
import { buildSandboxDirectories } from './measure-matching.js';

const directories = buildSandboxDirectories('marketplace');
const index = createDirectoryIndex(directories);
const classifier = getClassifierIndex(directories, index);

const FILE = [
  'Кефир Адал 2,5% 900 мл',
  'Айран Адал классический 1 л',
  'Адал кефир 1% 900 мл',
  'КЕФИР АДАЛ 900 МЛ',
  // Capitalised once, in lower case elsewhere: a description, never a brand.
  'Молоко Пастеризованное Емшан 1 л',
  'Молоко Пастеризованное отборное 1 л',
  'Молоко пастеризованное 3,2% 1 л',
  // A word of the directory (`Свечи зажигания`) is never a brand, however it is written.
  'Свечи Зажигания иридиевые NGK',
  'Свечи Зажигания медные Bosch',
  // An adjective capitalised in names in lower case (`Перчатки Нитриловые 100 шт`) may make the goods another thing: never a brand.
  'Перчатки Нитриловые 100 шт',
  'Перчатки Нитриловые 50 шт',
  'Кабель Медный для розетки 10 м',
  'Кабель Медный для удлинителя 5 м',
  // Nor a noun in a genitive's commonest forms, which says what the head is (`Датчик Давления`).
  'Датчик Давления масла 1 шт',
  'Датчик Давления шин 1 шт',
  // Seen as a brand in one name only: not enough.
  'Сметана Савушкин 20% 350 г',
  // A name in Title Case says nothing by its case.
  'Сыр Твёрдый Гауда',
  'Сыр Твёрдый Ламбер',
];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'review-brands-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the brand words of a seller file', () => {
  it('are the words it writes capitalised inside names in lower case, in two names at least', () => {
    const collector = createFileBrandCollector(classifier);
    for (const name of FILE) collector.add(name);
    expect(collector.finish()).toEqual([{ word: 'адал', names: 2, examples: ['Кефир Адал 2,5% 900 мл', 'Айран Адал классический 1 л'] }]);
  });

  it('end the product type wherever they stand, so the leaf is taken', () => {
    const options = { brandWords: new Set(['адал']) };
    for (const name of ['Адал кефир 1% 900 мл', 'КЕФИР АДАЛ 900 МЛ']) {
      expect(classifyProduct(classifier, { name }).confident).toBe(false);
      expect(classifyProduct(classifier, { name }, options)).toMatchObject({ confident: true, productType: 'кефир', path: expect.stringMatching(/ \/ Кефир$/) });
    }
  });

  it('go from sheet Brands to classify.brandWords, which lookup: category reads', async () => {
    const path = join(dir, 'review.xlsx');
    await writeReviewWorkbook(path, { questions: [], placed: [], brands: [{ word: 'адал', names: 2, examples: ['Кефир Адал 2,5% 900 мл'] }, { word: 'отборное', names: 2, examples: [] }, { word: 'емшан', names: 2, examples: [] }], index });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const sheet = workbook.getWorksheet(REVIEW_SHEETS.brands);
    expect(sheet?.getRow(1).values).toEqual([undefined, ...BRAND_COLUMNS.map((column) => column.header)]);
    expect(sheet?.getRow(2).getCell(brandColumnNumber('answer')).text).toBe('yes');
    // The seller says one is no brand, and mistypes another.
    if (sheet === undefined) throw new Error('sheet Brands is missing');
    sheet.getRow(3).getCell(brandColumnNumber('answer')).value = 'no';
    sheet.getRow(4).getCell(brandColumnNumber('answer')).value = 'может';
    await workbook.xlsx.writeFile(path);
    const read = await readReviewAnswers(path, 'review.xlsx', index);
    expect(read.brandWords).toEqual(['адал']);
    expect(read.issues.map((issue) => [issue.sheet, issue.row, issue.column])).toEqual([[REVIEW_SHEETS.brands, 4, 'E']]);

    const applied = applyReviewAnswers(REVIEW_LOOP_MAPPING, [], index, [], read.brandWords);
    expect(applied.brandsAdded).toBe(1);
    const document = parseYaml(applied.text) as { classify: { brandWords: string[] } };
    expect(document.classify.brandWords).toEqual(['адал']);
    const after = parseMapping(document).mapping;
    const before = parseMapping(parseYaml(REVIEW_LOOP_MAPPING)).mapping;
    if (after === undefined || before === undefined) throw new Error('the mapping must parse');
    expect(compileCategoryLookup(before, index).apply('Адал кефир 1% 900 мл', undefined)).toBeUndefined();
    expect(compileCategoryLookup(after, index).apply('Адал кефир 1% 900 мл', undefined)).toMatch(/ \/ Кефир$/);
  });
});
