/**
 * The "To fix" sheet of the annotated workbook: one line per cause (code and column), root causes
 * first with their counts, follow-ons (rows held back by another row of their product) last; a
 * link to each cause's first cell, an autofilter on the header, words in the run's language.
 */
import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createIssue } from '../../src/core/issue.js';
import { createTranslator } from '../../src/i18n/create-translator.js';
import type { RowOutcome } from '../../src/report/report-types.js';
import { writeAnnotatedWorkbook } from '../../src/report/write-annotated-workbook.js';
import { loadZipDirectory, loadZipEntryText } from '../../src/xlsx/zip-directory.js';
import { buildStoredZip, buildXlsxParts } from '../fuzz/build-xlsx-bytes.js';
import { makeHeader, makeInfo, makeIssue, makeOutcomeOf, makeTempDir } from './report-builders.js';

const HEADERS = ['Артикул', 'Название', 'Цена', 'Бренд'];
// Built as the row stage builds it: its text comes from the catalog's template and its data.
const price = (row: number, value: string) => createIssue({ stage: 'validate', severity: 'error', code: 'invalid_price', data: {}, row, column: 'C', header: 'Цена', value });
const heldBack = (row: number) => makeIssue({ code: 'product_has_invalid_rows', stage: 'build', message: 'product "P1" is held back: rows 3, 5 of it have errors (invalid_price)', row, productKey: 'P1' });
const OUTCOMES: RowOutcome[] = [
  { row: 2, status: 'not_sent', productKey: 'P1', issues: [heldBack(2)] },
  { row: 3, status: 'invalid', productKey: 'P1', issues: [price(3, 'договорная')] },
  { row: 4, status: 'not_sent', productKey: 'P1', issues: [heldBack(4)] },
  { row: 5, status: 'invalid', productKey: 'P1', issues: [price(5, '-5')] },
  { row: 6, status: 'not_sent', productKey: 'P1', issues: [heldBack(6)] },
  { row: 7, status: 'invalid', productKey: 'P2', issues: [makeIssue({ code: 'unknown_brand', message: 'brand "Tefall" is not in the directory', row: 7, column: 'D', header: 'Бренд', value: 'Tefall' })] },
];

async function annotate(language: 'en' | 'ru', fedBack?: string, outcomes: readonly RowOutcome[] = OUTCOMES) {
  const dir = await makeTempDir();
  const sourcePath = fedBack ?? join(dir, 'товары.xlsx');
  const outPath = join(dir, 'annotated.xlsx');
  const rows = [HEADERS, ...outcomes.map((outcome) => [`A-${outcome.row}`, 'Чайник', '100', 'Tefal'])];
  if (fedBack === undefined) await writeFile(sourcePath, buildStoredZip(buildXlsxParts(rows, { sheetName: 'Товары' })));
  const info = makeInfo({ file: sourcePath, format: 'xlsx', sheet: 'Товары', headerRow: 1, header: makeHeader(HEADERS) });
  await writeAnnotatedWorkbook({ sourcePath, outPath, info, outcomeOf: makeOutcomeOf(outcomes), translator: createTranslator(language) });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(outPath);
  const directory = await loadZipDirectory(outPath, (await stat(outPath)).size);
  if ('problem' in directory) throw new Error('not a zip');
  const sheetParts = [...directory.entries.keys()].filter((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name)).sort();
  const xml = await loadZipEntryText(outPath, directory.entries.get(sheetParts.at(-1) as string)!);
  return { workbook, xml, outPath };
}

function sheetRows(sheet: ExcelJS.Worksheet): unknown[][] {
  return sheet.getSheetValues().slice(1).map((values) => (values as unknown[]).slice(1));
}

describe('the To fix sheet', () => {
  it('lists the root causes first, grouped by column and code with counts, and the held-back rows last', async () => {
    const { workbook } = await annotate('en');
    const rows = sheetRows(workbook.getWorksheet('To fix')!);
    expect(rows.map((row) => [row[0], row[1], row[4], row[5], row[8], row[9]])).toEqual([
      ['kind', 'column', 'issues', 'first cell', 'rows', 'code'],
      ['root cause', 'C', 2, 'C3', '3, 5', 'invalid_price'],
      ['root cause', 'D', 1, 'D7', '7', 'unknown_brand'],
      ['follow-on', undefined, 3, 'A2', '2, 4, 6', 'product_has_invalid_rows'],
    ]);
    // The value column holds a cell value of the cause, never a row number.
    expect(rows.map((row) => row[7])).toEqual(['example value', 'договорная', 'Tefall', undefined]);
    expect(rows[1]?.[6]).toBe('Write the price as a positive number, without words or currency signs.');
  });

  it('names the header of an issue\'s column from the file\'s header row when the issue carries none', async () => {
    const noHeader = makeIssue({ code: 'name_too_long', message: 'the name is too long', row: 2, column: 'B', value: 'Чайник' });
    expect(noHeader.header).toBeUndefined();
    const { workbook } = await annotate('en', undefined, [{ row: 2, status: 'invalid', productKey: 'P1', issues: [noHeader] }]);
    const rows = sheetRows(workbook.getWorksheet('To fix')!);
    expect(rows.map((row) => [row[1], row[2], row[9]])).toEqual([
      ['column', 'header', 'code'],
      ['B', 'Название', 'name_too_long'],
    ]);
  });

  it('links each cause to its first cell in the data sheet, and filters on its header row', async () => {
    const { xml } = await annotate('en');
    expect(xml).toContain('<autoFilter ref="A1:K4"/>');
    const links = [...xml.matchAll(/<hyperlink ref="(\w+)" location="([^"]+)"/g)].map((match) => [match[1], match[2]]);
    expect(links).toEqual([
      ['F2', "'Товары'!C3"],
      ['F3', "'Товары'!D7"],
      ['F4', "'Товары'!A2"],
    ]);
    expect(xml).toMatch(/<pane ySplit="1"[^>]*state="frozen"/);
  });

  it('speaks the run language', async () => {
    const { workbook } = await annotate('ru');
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Товары', 'Исправить']);
    const rows = sheetRows(workbook.getWorksheet('Исправить')!);
    expect(rows[0]?.slice(0, 4)).toEqual(['вид', 'столбец', 'заголовок', 'проблема']);
    expect(rows[1]?.[0]).toBe('причина');
    expect(rows[3]?.[0]).toBe('следствие');
    expect(rows[1]?.[6]).toBe('Укажите цену положительным числом, без слов и знаков валюты.');
    expect(rows[1]?.[10]).toBe('ошибка');
    // The problem in the run's language, a value it quotes filled in (never a bare placeholder).
    expect(rows[1]?.[3]).toBe('цена должна быть положительным числом, а указано «договорная»');
    expect(rows.flat().filter((cell) => typeof cell === 'string' && /\{\w+\}/.test(cell))).toEqual([]);
  });

  it('replaces the sheet of an earlier run in another language instead of adding a second one', async () => {
    const english = await annotate('en');
    const { workbook } = await annotate('ru', english.outPath);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Товары', 'To fix']);
    expect(sheetRows(workbook.getWorksheet('To fix')!)[1]?.[0]).toBe('причина');
  });
});
