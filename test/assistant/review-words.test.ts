/**
 * The review's second kind of question (issue 33): words the classifier could not place. A word the
 * seller confirms harmless is written to `classify.neutralWords`, and the classifier then takes the
 * proposed leaf where that word was the only doubt, in this file and in later ones.
 */
import ExcelJS from 'exceljs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { classifyProduct } from '../../src/assistant/classify/classify-product.js';
import { getClassifierIndex } from '../../src/assistant/classify/load-classifier-index.js';
import { stemForIndex } from '../../src/assistant/classify/stem-for-index.js';
import { applyReviewAnswers } from '../../src/assistant/review/apply-review-answers.js';
import { createProductTypeCollector } from '../../src/assistant/review/collect-product-types.js';
import { orderReviewQuestions } from '../../src/assistant/review/order-review-questions.js';
import { readReviewAnswers } from '../../src/assistant/review/read-review-answers.js';
import { REVIEW_SHEETS, WORD_COLUMNS, wordColumnNumber } from '../../src/assistant/review/review-workbook-layout.js';
import { writeReviewWorkbook } from '../../src/assistant/review/write-review-workbook.js';
import { createDirectoryIndex } from '../../src/mapping/directory-index.js';
import { parseMapping } from '../../src/mapping/parse-mapping.js';
import { compileCategoryLookup } from '../../src/stages/derive/lookup-category.js';
import { REVIEW_LOOP_MAPPING } from './eval/measure-review-loop.js';
import { buildSandboxDirectories } from './measure-matching.js';

const directories = buildSandboxDirectories('marketplace');
const index = createDirectoryIndex(directories);
const classifier = getClassifierIndex(directories, index);

const NAMES = [
  'Мармелад жевательный Haribo 200 г',
  'Мармелад жевательный Bon Pari 75 г',
  'Мармелад жевательный фруктовый Fruittella 70 г',
  'Мармелад жевательный Haribo Золотые мишки 100 г',
  'Шоколад горький Бабаевский 100 г',
];
const MAPPING = REVIEW_LOOP_MAPPING;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'review-words-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('words the classifier could not place', () => {
  it('hold back the proposed leaf until the mapping says they are neutral', () => {
    const doubtful = classifyProduct(classifier, { name: NAMES[0] ?? '' });
    expect(doubtful.confident).toBe(false);
    expect(doubtful.heldBy).toEqual(['жевательный']);
    const settled = classifyProduct(classifier, { name: NAMES[0] ?? '' }, { neutralStems: new Set([stemForIndex('жевательный')]) });
    expect(settled).toMatchObject({ confident: true, leafId: doubtful.leafId });
  });

  it('are one question each, ordered with the types by the rows they settle, on sheet Words', async () => {
    const collector = createProductTypeCollector({ classifier });
    NAMES.forEach((name, i) => collector.add(name, i + 2));
    const { groups, words } = collector.finish();
    const chewy = words.find((word) => word.word === 'жевательный');
    // Three rows it alone holds back, over two product types (`мармелад жевательный`, `… золотые мишки`): one question for them;
    // `фруктовый` holds back the fourth with it.
    expect(chewy?.rows).toHaveLength(3);
    expect(chewy?.withOthers).toBe(1);
    const questions = orderReviewQuestions(groups.filter((group) => group.openRows.length > 0), words);
    expect(questions[0]).toMatchObject({ kind: 'word', order: 1, settles: 3 });
    // Its rows are not counted again for the types they belong to.
    const chewyTypes = questions.filter((question) => question.kind === 'type' && question.group.type.startsWith('мармелад жевательный') && !question.group.type.includes('фрукт'));
    expect(chewyTypes.length).toBeGreaterThan(0);
    expect(chewyTypes.every((question) => question.settles === 0)).toBe(true);

    const path = join(dir, 'review.xlsx');
    await writeReviewWorkbook(path, { questions, placed: [], index });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const sheet = workbook.getWorksheet(REVIEW_SHEETS.words);
    expect(sheet?.getRow(1).values).toEqual([undefined, ...WORD_COLUMNS.map((column) => column.header)]);
    const row = sheet?.getRow(2);
    expect(row?.getCell(wordColumnNumber('word')).text).toBe('жевательный');
    expect(Number(row?.getCell(wordColumnNumber('rows')).value)).toBe(3);
    expect(row?.getCell(wordColumnNumber('example1')).text).toMatch(/^Мармелад жевательный .* → .*Мармелад.* \[\d+\]$/);
    if (row !== undefined) row.getCell(wordColumnNumber('answer')).value = 'yes';
    const bad = sheet?.getRow(3);
    if (bad !== undefined) bad.getCell(wordColumnNumber('answer')).value = 'maybe';
    await workbook.xlsx.writeFile(path);

    const read = await readReviewAnswers(path, 'review.xlsx', index);
    expect(read.neutralWords).toEqual(['жевательный']);
    expect(read.issues.map((issue) => [issue.sheet, issue.row, issue.column])).toEqual([[REVIEW_SHEETS.words, 3, 'H']]);
  });

  it('are written to classify.neutralWords, and a later file uses them', () => {
    const applied = applyReviewAnswers(MAPPING, [], index, ['жевательный', 'Жевательный']);
    expect(applied.neutralAdded).toBe(1);
    const document = parseYaml(applied.text) as { classify: { neutralWords: string[] } };
    expect(document.classify.neutralWords).toEqual(['жевательный']);
    const parsed = parseMapping(document);
    const before = parseMapping(parseYaml(MAPPING));
    if (parsed.mapping === undefined || before.mapping === undefined) throw new Error('the mapping must parse');
    // A name of a later file, not among the reviewed ones, in another form of the word.
    const later = 'Мармелад жевательная конфета Haribo 50 г'.replace('жевательная конфета', 'жевательные');
    expect(compileCategoryLookup(before.mapping, index).apply(later, undefined)).toBeUndefined();
    expect(compileCategoryLookup(parsed.mapping, index).apply(later, undefined)).toMatch(/Мармелад/);
  });

  it('is a strict key of the mapping', () => {
    expect(parseMapping({ ...(parseYaml(MAPPING) as object), classify: { neutralWords: 'жевательный' } }).issues?.[0]?.message).toBeDefined();
  });
});
