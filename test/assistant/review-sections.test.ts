/**
 * The file's own sections (issue 33): a seller's file of one trade makes a sure pick of a far-away
 * section a question (`Лампа светодиодная H4 Philips` in an auto-parts list is a car bulb, not the
 * household LED bulbs). `mapping review` reads the sections from where its sure rows lie and `--apply`
 * writes them to `classify.sections`, which `lookup: category` honours; a file of many trades gets none.
 */
import ExcelJS from 'exceljs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { readFileSections, type FileSectionsReading } from '../../src/assistant/classify/file-sections.js';
import { readProductTypeKey } from '../../src/assistant/review/read-product-type-key.js';
import { REVIEW_SHEETS, reviewColumnNumber } from '../../src/assistant/review/review-workbook-layout.js';
import { readReviewAnswers } from '../../src/assistant/review/read-review-answers.js';
import { SECTIONS_SHEET } from '../../src/assistant/review/review-sections-sheet.js';
import { writeReviewWorkbook } from '../../src/assistant/review/write-review-workbook.js';
import { createDirectoryIndex } from '../../src/mapping/directory-index.js';
import { checkMappingRules } from '../../src/mapping/check-mapping-rules.js';
import { parseMapping } from '../../src/mapping/parse-mapping.js';
import { compileCategoryLookup, readClassifyExclusions } from '../../src/stages/derive/lookup-category.js';
import { runCliCaptured } from '../helpers/run-cli-captured.js';
import { generatePriceList, PRICE_LIST_HEADER, writePriceListCsv, type PriceListRow } from './eval/generate-price-list.js';
import { REVIEW_LOOP_MAPPING } from './eval/measure-review-loop.js';
import { buildSandboxDirectories } from './measure-matching.js';
import { buildAutoPartsNames } from '../helpers/auto-parts-names.js';

const directories = buildSandboxDirectories('marketplace');
const index = createDirectoryIndex(directories);

// No `автомобильная`: a word another section names its goods by is a doubt of its own (doubts16), the file's sections are
// what asks a bare H4 bulb.
const LAMP = 'Лампа светодиодная H4 Philips';

/** The mapping of the review loop, with `classify:` as given. */
function mappingWith(classify: Record<string, unknown>, categories: Record<string, unknown> = {}) {
  const parsed = parseMapping({ ...(parseYaml(REVIEW_LOOP_MAPPING) as object), classify, categories });
  if (parsed.mapping === undefined) throw new Error(`the mapping must parse: ${JSON.stringify(parsed.issues)}`);
  return parsed.mapping;
}

/** What `lookup: category` makes of a name, with the issue it reports. */
function lookUp(mapping: ReturnType<typeof mappingWith>, name: string): { value: unknown; reported: { code: string; data: unknown }[] } {
  const reported: { code: string; data: unknown }[] = [];
  const value = compileCategoryLookup(mapping, index).apply(name, (code: string, _severity: unknown, data: unknown) => reported.push({ code, data }));
  return { value, reported };
}

describe('classify.sections, the setting', () => {
  it('parses a list of sections, strictly', () => {
    expect(mappingWith({ sections: ['Автотовары', 'Канцелярские товары / Офисные принадлежности'] }).classify.sections).toEqual(['Автотовары', 'Канцелярские товары / Офисные принадлежности']);
    expect(parseMapping({ ...(parseYaml(REVIEW_LOOP_MAPPING) as object), classify: { sections: 'Автотовары' } }).mapping).toBeUndefined();
    expect(parseMapping({ ...(parseYaml(REVIEW_LOOP_MAPPING) as object), classify: { section: ['Автотовары'] } }).mapping).toBeUndefined();
  });

  it('names sections and groups by name, path or a group id; one it cannot find is a problem of the setup', () => {
    const groupId = directories.categories.find((category) => category.path?.rus === 'Автотовары / Кузов и оптика / Автолампы')?.parentId;
    const { options, problems } = readClassifyExclusions(mappingWith({ sections: ['автотовары', 'Канцелярские товары / Офисные принадлежности', groupId, 'Автозапчасти'] }), index);
    expect(options.sections?.paths).toEqual(['Автотовары', 'Канцелярские товары / Офисные принадлежности', 'Автотовары / Кузов и оптика']);
    expect(problems).toEqual(['classify.sections names "Автозапчасти", which is no section or group of the directory']);
  });
});

describe('a classify.sections entry that names nothing', () => {
  it('is an error of the mapping, naming the entry, before any row is read', () => {
    const issues = checkMappingRules(mappingWith({ sections: ['Автотовары', 'Автозапчасти', 999999] }), directories, { file: 'auto.yaml' });
    const sections = issues.filter((issue) => issue.path?.startsWith('classify.sections'));
    expect(sections.map((issue) => [issue.severity, issue.code, issue.file, issue.path, issue.value])).toEqual([
      ['error', 'unknown_category', 'auto.yaml', 'classify.sections[1]', 'Автозапчасти'],
      ['error', 'unknown_category', 'auto.yaml', 'classify.sections[2]', '999999'],
    ]);
  });

  it('stops the import\'s dry run with exit code 2, naming the mapping file and the entry', async () => {
    await writeFile(join(dir, 'typo.yaml'), `${REVIEW_LOOP_MAPPING}classify:\n  sections: [Автотовары, Автозапчасти]\n`, 'utf8');
    const result = await run(['validate', 'auto.csv', '-m', 'typo.yaml']);
    expect(result.code).toBe(2);
    expect(`${result.stdout}${result.stderr}`).toMatch(/typo\.yaml[^\n]*classify\.sections\[1\][^\n]*\n?[^\n]*classify\.sections names "Автозапчасти", which is no section or group of the directory/);
  }, 180_000);
});

describe('lookup: category with the file\'s sections', () => {
  it('asks about a sure pick outside them, naming them; a pick inside stays; the seller\'s own answer stands', () => {
    expect(lookUp(mappingWith({}), LAMP).value).toBe('Дом и сад / Освещение / Светодиодные лампы');
    const auto = mappingWith({ sections: ['Автотовары'] });
    const outside = lookUp(auto, LAMP);
    expect(outside.value).toBeUndefined();
    expect(outside.reported).toEqual([{ code: 'category_uncertain', data: expect.objectContaining({ doubt: "outside the file's sections (Автотовары)" }) }]);
    expect(lookUp(auto, 'Масло моторное Castrol 5W-30 4 л').value).toBe('Автотовары / Автохимия и масла / Моторные масла');
    const answered = mappingWith({ sections: ['Автотовары'] }, { [readProductTypeKey(LAMP)]: 'Автотовары / Кузов и оптика / Автолампы' });
    // The answered type's key, which `categories:` then resolves.
    expect(lookUp(answered, LAMP).value).toBe(readProductTypeKey(LAMP));
  });
});

describe('the sections of a file, read from its sure rows', () => {
  it('are the fewest (3 at most) holding 95 % of them, from 30 sure rows at least', () => {
    expect(readFileSections(new Map([['Автотовары', 204], ['Дом и сад', 1]]), 900)).toEqual({ sections: [{ path: 'Автотовары', sureRows: 204 }], outside: [{ path: 'Дом и сад', sureRows: 1 }], sureRows: 205, rows: 900 });
    expect(readFileSections(new Map([['Детские товары', 180], ['Канцелярские товары', 151], ['Строительство и ремонт', 6], ['Дом и сад', 5]]), 800)?.sections.map((section) => section.path)).toEqual(['Детские товары', 'Канцелярские товары']);
    expect(readFileSections(new Map([['Автотовары', 29]]), 100)).toBeUndefined();
    expect(readFileSections(new Map([['А', 50], ['Б', 20], ['В', 15], ['Г', 10], ['Д', 5]]), 100)).toBeUndefined();
  });
});

const AUTO_BRANDS = ['Castrol', 'Mann', 'Bosch', 'Denso', 'Valeo'];

/** A price list of one trade: auto parts, and two car bulbs the directory's household lamps take by their head. */
function buildAutoRows(): PriceListRow[] {
  const names = [...buildAutoPartsNames(AUTO_BRANDS), LAMP, 'Лампа светодиодная H7 Osram'];
  return names.map((name, i) => ({
    cells: Object.fromEntries(PRICE_LIST_HEADER.map((column) => [column, column === 'Наименование' ? name : column === 'Артикул' ? `A-${1000 + i}` : column === 'Цена' ? '1000' : ''])) as PriceListRow['cells'],
    leafId: null,
    kind: name,
  }));
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'review-sections-'));
  await writePriceListCsv(join(dir, 'auto.csv'), { rows: buildAutoRows() });
  await writePriceListCsv(join(dir, 'mixed.csv'), generatePriceList({ rows: 600, seed: 7 }));
  await writeFile(join(dir, 'auto.yaml'), REVIEW_LOOP_MAPPING, 'utf8');
  await writeFile(join(dir, 'mixed.yaml'), REVIEW_LOOP_MAPPING, 'utf8');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const run = (args: string[]) => runCliCaptured([...args, '--sandbox', '--state-dir', join(dir, 'state')], { cwd: dir });

/** A review workbook with only sheet `Sections`, written from the reading and opened again to answer it. */
async function openSectionsWorkbook(name: string, reading: FileSectionsReading): Promise<{ path: string; workbook: ExcelJS.Workbook; sheet: ExcelJS.Worksheet }> {
  const path = join(dir, name);
  await writeReviewWorkbook(path, { questions: [], placed: [], index, sections: reading });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.getWorksheet(SECTIONS_SHEET);
  if (sheet === undefined) throw new Error('sheet Sections is missing');
  return { path, workbook, sheet };
}

describe('mapping review and the file\'s sections', () => {
  it('reads a file of one trade as of its section: asks the pick outside it, and --apply writes classify.sections', async () => {
    const review = await run(['mapping', 'review', 'auto.csv', '-m', 'auto.yaml']);
    expect(review.code).toBe(0);
    expect(review.stdout).toMatch(/The file's sections \(sheet Sections\), read from where its rows placed without asking lie: Автотовары\. 40 of the 42 rows the tool could place without asking lie in them; a name placed outside them is asked \(2 rows in 1 other section: "yes" to one on sheet Sections places its rows again\)/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(join(dir, 'auto.review.xlsx'));
    const sections = workbook.getWorksheet(SECTIONS_SHEET);
    expect(sections?.getRow(2).values).toEqual([undefined, 'Автотовары', 40, 42, 42, 'yes']);
    // The section the two bulbs were placed in, offered empty: a "yes" would add it.
    expect([2, 3, 4, 5].map((column) => sections?.getRow(3).getCell(column).text)).toEqual(['2', '42', '42', '']);
    expect(sections?.getRow(3).getCell(1).text).toBe('Дом и сад');
    const questions: string[] = [];
    workbook.getWorksheet(REVIEW_SHEETS.review)?.eachRow((row, number) => {
      if (number > 1) questions.push(`${row.getCell(reviewColumnNumber('type')).text}: ${row.getCell(reviewColumnNumber('evidence')).text}`);
    });
    expect(questions).toContainEqual(expect.stringMatching(/^лампа светодиодная[^:]*: .*outside the file's sections \(Автотовары\)$/));

    const applied = await run(['mapping', 'review', '--apply', 'auto.review.xlsx', '-m', 'auto.yaml']);
    expect(applied.code).toBe(0);
    expect(applied.stdout).toMatch(/the file's sections Автотовары \(classify\.sections\)/);
    const yaml = await readFile(join(dir, 'auto.yaml'), 'utf8');
    expect(yaml).toMatch(/\n {2}# mapping review: 40 of the 42 rows placed without asking \(of 42 rows\) lie in these sections; a pick outside them is asked\n {2}sections:\n {4}- Автотовары\n/);
    const mapping = parseMapping(parseYaml(yaml)).mapping;
    if (mapping === undefined) throw new Error('the applied mapping must parse');
    expect(lookUp(mapping, LAMP).value).toBeUndefined();
  }, 180_000);

  it('mapping init writes the sections its draft read from the file into classify.sections', async () => {
    const init = await run(['mapping', 'init', 'auto.csv', '--out', 'draft.yaml']);
    expect(init.code).toBe(0);
    const draft = await readFile(join(dir, 'draft.yaml'), 'utf8');
    expect(draft).toMatch(/\nclassify:\n {2}# mapping init: \d+ of the \d+ product names placed without asking \(of \d+ read\) lie in these sections; a pick outside them is asked\n {2}sections:\n {4}- Автотовары\n/);
    // The draft has its TODOs still to resolve; the setting is what the schema reads.
    expect((parseYaml(draft) as { classify: unknown }).classify).toEqual({ sections: ['Автотовары'] });
  }, 180_000);

  it('asks by the sections a mapping sets already, and offers them again with the others on sheet Sections', async () => {
    await writeFile(join(dir, 'set.yaml'), `${REVIEW_LOOP_MAPPING}classify:\n  sections: [Автотовары]\n`, 'utf8');
    const review = await run(['mapping', 'review', 'auto.csv', '-m', 'set.yaml', '--out', 'set.xlsx']);
    expect(review.code).toBe(0);
    expect(review.stdout).toMatch(/The file's sections \(sheet Sections\), as the mapping sets them: Автотовары\. 40 of the 42 rows the tool could place without asking lie in them/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(join(dir, 'set.xlsx'));
    const sheet = workbook.getWorksheet(SECTIONS_SHEET);
    expect([2, 3].map((row) => [1, 2, 5].map((column) => sheet?.getRow(row).getCell(column).text))).toEqual([
      ['Автотовары', '40', 'yes'],
      ['Дом и сад', '2', ''],
    ]);
    const types: string[] = [];
    workbook.getWorksheet(REVIEW_SHEETS.review)?.eachRow((row, number) => {
      if (number > 1) types.push(`${row.getCell(reviewColumnNumber('type')).text}: ${row.getCell(reviewColumnNumber('evidence')).text}`);
    });
    expect(types).toContainEqual(expect.stringMatching(/^лампа светодиодная[^:]*: .*outside the file's sections \(Автотовары\)$/));
  }, 180_000);

  it('adds a section the seller answers yes below the line, and refuses an answer that is neither yes nor no', async () => {
    const { path, workbook, sheet } = await openSectionsWorkbook('sections.xlsx', { sections: [{ path: 'Детские товары', sureRows: 180 }, { path: 'Канцелярские товары', sureRows: 151 }], outside: [{ path: 'Дом и сад', sureRows: 5 }, { path: 'Строительство и ремонт', sureRows: 6 }], sureRows: 342, rows: 800 });
    sheet.getRow(4).getCell(5).value = 'yes';
    await workbook.xlsx.writeFile(path);
    expect((await readReviewAnswers(path, 'sections.xlsx', index)).sections).toEqual({ sections: ['Детские товары', 'Канцелярские товары', 'Дом и сад'], sureRows: 336, fileSureRows: 342, fileRows: 800 });
    sheet.getRow(5).getCell(5).value = 'может';
    await workbook.xlsx.writeFile(path);
    expect((await readReviewAnswers(path, 'sections.xlsx', index)).issues.map((issue) => [issue.sheet, issue.row, issue.column])).toEqual([[SECTIONS_SHEET, 5, 'E']]);
  });

  it('says how few rows lie in sections a mapping sets on a file of other trades, never "nearly all"', async () => {
    await writeFile(join(dir, 'mixed-auto.yaml'), `${REVIEW_LOOP_MAPPING}classify:\n  sections: [Автотовары]\n`, 'utf8');
    const review = await run(['mapping', 'review', 'mixed.csv', '-m', 'mixed-auto.yaml', '--out', 'mixed-auto.xlsx']);
    expect(review.code).toBe(0);
    const figures = /as the mapping sets them: Автотовары\. (\d+) of the (\d+) rows the tool could place without asking lie in them/.exec(review.stdout);
    expect(figures).not.toBeNull();
    const [inside, sure] = [Number(figures?.[1]), Number(figures?.[2])];
    expect(inside).toBeLessThan(sure / 2);
    expect(review.stdout).not.toMatch(/[Nn]early all/);
  }, 180_000);

  it('refuses a section answered yes that the directory has not, and a yes whose section was cleared, naming sheet, row and column', async () => {
    const { path, workbook, sheet } = await openSectionsWorkbook('bad-sections.xlsx', { sections: [{ path: 'Автотовары', sureRows: 40 }], outside: [{ path: 'Дом и сад', sureRows: 2 }, { path: 'Строительство и ремонт', sureRows: 1 }], sureRows: 43, rows: 43 });
    sheet.getRow(2).getCell(1).value = 'Автозапчасти';
    sheet.getRow(3).getCell(1).value = null;
    sheet.getRow(3).getCell(5).value = 'yes';
    await workbook.xlsx.writeFile(path);
    const read = await readReviewAnswers(path, 'bad-sections.xlsx', index);
    expect(read.issues.map((issue) => [issue.severity, issue.sheet, issue.row, issue.column, issue.message])).toEqual([
      ['error', SECTIONS_SHEET, 2, 'A', 'the section "Автозапчасти" answered yes is no section or group of the directory: write it as `mapping review` wrote it, or answer no'],
      ['error', SECTIONS_SHEET, 3, 'E', 'a "yes" without a section in column A'],
    ]);
    await writeFile(join(dir, 'bad-sections.yaml'), REVIEW_LOOP_MAPPING, 'utf8');
    const applied = await run(['mapping', 'review', '--apply', 'bad-sections.xlsx', '-m', 'bad-sections.yaml']);
    expect(applied.code).toBe(2);
    expect(`${applied.stdout}${applied.stderr}`).toMatch(/Sections[^\n]*\b2\b[^\n]*A[^\n]*Автозапчасти/);
    expect(await readFile(join(dir, 'bad-sections.yaml'), 'utf8')).toBe(REVIEW_LOOP_MAPPING);
  }, 180_000);

  it('gives a file of many trades no sections, and changes nothing there', async () => {
    const review = await run(['mapping', 'review', 'mixed.csv', '-m', 'mixed.yaml']);
    expect(review.code).toBe(0);
    expect(review.stdout).not.toMatch(/sections/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(join(dir, 'mixed.review.xlsx'));
    expect(workbook.getWorksheet(SECTIONS_SHEET)).toBeUndefined();
    expect(await run(['mapping', 'review', '--apply', 'mixed.review.xlsx', '-m', 'mixed.yaml'])).toMatchObject({ code: 0 });
    expect(await readFile(join(dir, 'mixed.yaml'), 'utf8')).not.toMatch(/sections/);
  }, 180_000);
});
