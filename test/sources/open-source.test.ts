import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { SourceReadError } from '../../src/core/errors.js';
import { openSource, pickReader, readers } from '../../src/sources/open-source.js';
import { collectRows, createTempDir, rowTexts, writeTempFile } from './temp-files.js';

describe('openSource', () => {
  it.each([
    ['catalog.csv', 'csv'],
    ['CATALOG.TSV', 'csv'],
    ['export.txt', 'csv'],
    ['catalog.xlsx', 'xlsx'],
    ['macro.XLSM', 'xlsx'],
  ])('reads %s as %s', (path, format) => {
    expect(pickReader(path)).toBe(readers[format as 'csv' | 'xlsx']);
  });

  it.each([
    ['old.xls', /old.xls: an old Excel 97-2003 workbook \(\.xls\) cannot be read; open it and save it as XLSX or CSV/],
    ['table.ods', /an OpenDocument spreadsheet \(\.ods\) cannot be read; open it and save it as XLSX or CSV/],
    ['table.numbers', /an Apple Numbers document/],
    ['catalog.json', /unsupported file type "\.json"; use \.xlsx, \.xlsm, \.csv, \.tsv or \.txt/],
    ['catalog', /unsupported file type \(no extension\)/],
  ])('refuses %s, naming the file', (path, message) => {
    expect(() => pickReader(path)).toThrow(SourceReadError);
    expect(() => pickReader(path)).toThrow(message);
  });

  it('opens CSV and XLSX through the same call', async () => {
    const csv = await writeTempFile('a.csv', 'Артикул,Цена\nA-1,5\n');
    expect(rowTexts(await collectRows(await openSource(csv, {}, {})))).toEqual([['A-1', '5']]);
    const xlsx = (await createTempDir())('a.xlsx');
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Лист1').addRows([['Артикул', 'Цена'], ['A-1', 5]]);
    await workbook.xlsx.writeFile(xlsx);
    expect(rowTexts(await collectRows(await openSource(xlsx, {}, {})))).toEqual([['A-1', '5']]);
  });
});
