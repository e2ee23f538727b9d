/**
 * Issue 36, item 5: headers as sellers make them, for XLSX and CSV alike — repeated names, a
 * second header row (units, or names under a merged group title), a header cell merged across
 * columns, rows to pass over before the goods, and a table without a header.
 */
import { describe, expect, it } from 'vitest';
import { csvReader } from '../../src/sources/read-csv.js';
import { xlsxReader } from '../../src/sources/read-xlsx.js';
import type { ReadOptions } from '../../src/sources/types.js';
import { buildTestWorkbook, escapeXml } from '../helpers/write-test-zip.js';
import { collectRows, rowTexts, writeTempFile } from './temp-files.js';

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/** A one-sheet workbook of text rows (from row 1, inline strings) with merged ranges (`A1:A2`). */
function buildWorkbook(rows: readonly (readonly string[])[], merged: readonly string[] = []): Buffer {
  const data = rows
    .map((cells, r) => {
      const xml = cells
        .map((text, c) => (text === '' ? '' : `<c r="${String.fromCharCode(65 + c)}${r + 1}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`))
        .join('');
      return `<row r="${r + 1}">${xml}</row>`;
    })
    .join('');
  const merges = merged.length === 0 ? '' : `<mergeCells count="${merged.length}">${merged.map((ref) => `<mergeCell ref="${ref}"/>`).join('')}</mergeCells>`;
  return buildTestWorkbook({ sheetXml: `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>${data}</sheetData>${merges}</worksheet>` });
}

async function readXlsx(bytes: Buffer, options: ReadOptions = {}) {
  const path = await writeTempFile('header.xlsx', bytes);
  const stream = await xlsxReader.open(path, options, {});
  return { stream, rows: await collectRows(stream) };
}

async function readCsv(text: string, options: ReadOptions = {}) {
  const path = await writeTempFile('header.csv', text);
  const stream = await csvReader.open(path, options, {});
  return { stream, rows: await collectRows(stream) };
}

const names = (stream: { info: { header: { name: string }[] } }): string[] => stream.info.header.map((column) => column.name);

describe('repeated header names', () => {
  const ROWS = [
    ['Артикул', 'Цена', 'Цена', 'Цена'],
    ['A-1', '10', '11', '12'],
    ['A-2', '20', '21', '22'],
  ];

  it.each([
    ['XLSX', () => readXlsx(buildWorkbook(ROWS), { expectedHeaders: ['Артикул', 'Цена', 'Цена (2)'] })],
    ['CSV', () => readCsv(`${ROWS.map((row) => row.join(';')).join('\n')}\n`, { expectedHeaders: ['Артикул', 'Цена', 'Цена (2)'] })],
  ])('%s: suffixes the repeats, warns once, and reads only the goods as rows', async (_format, read) => {
    const { stream, rows } = await read();
    expect(names(stream)).toEqual(['Артикул', 'Цена', 'Цена (2)', 'Цена (3)']);
    expect(stream.info.headerRow).toBe(1);
    expect(rows.map((row) => row.row)).toEqual([2, 3]);
    const warnings = stream.issues.filter((issue) => issue.code === 'duplicate_header');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toContain('C "Цена (2)", D "Цена (3)"');
  });
});

describe('a second header row', () => {
  it('takes a row of units under the names as part of the header (XLSX and CSV)', async () => {
    const rows = [
      ['Артикул', 'Вес', 'Цена'],
      ['', 'кг', '(тг)'],
      ['A-1', '0,5', '100'],
    ];
    for (const { stream, rows: read } of [await readXlsx(buildWorkbook(rows)), await readCsv(`${rows.map((row) => row.join(';')).join('\n')}\n`)]) {
      expect(names(stream)).toEqual(['Артикул', 'Вес', 'Цена']);
      expect(rowTexts(read)).toEqual([['A-1', '0,5', '100']]);
    }
  });

  it('names the columns under a merged group title by the row below, header cells merged down too', async () => {
    const bytes = buildWorkbook(
      [
        ['Артикул', 'Наименование', 'Размеры', ''],
        ['', '', 'Длина', 'Ширина'],
        ['A-1', 'Стол', '120', '60'],
      ],
      ['A1:A2', 'B1:B2', 'C1:D1'],
    );
    for (const options of [{}, { expectedHeaders: ['Артикул', 'Длина', 'Ширина'] }]) {
      const { stream, rows } = await readXlsx(bytes, options);
      expect(names(stream)).toEqual(['Артикул', 'Наименование', 'Длина', 'Ширина']);
      expect(rows.map((row) => row.row)).toEqual([3]);
    }
  });

  it('takes the row below as header when the mapping says headerRows: 2, and starts the goods at dataStartRow', async () => {
    const text = 'Артикул;Цвет\nкод модели;как на сайте\nзаполняйте с 4-й строки;\nA-1;красный\n';
    const { stream, rows } = await readCsv(text, { headerRows: 2, dataStartRow: 4 });
    expect(names(stream)).toEqual(['Артикул', 'Цвет']);
    expect(rowTexts(rows)).toEqual([['A-1', 'красный']]);
    const plain = await readCsv(text);
    expect(plain.rows.map((row) => row.row)).toEqual([2, 3, 4]);
  });
});

describe('a header cell merged across columns', () => {
  it('heads each column it covers, with one warning and no warning per row', async () => {
    const goods = Array.from({ length: 5 }, (_, i) => [`A-${i}`, `u${i}-1`, `u${i}-2`, `u${i}-3`]);
    const { stream, rows } = await readXlsx(buildWorkbook([['Артикул', 'Фото', '', ''], ...goods], ['B1:D1']));
    expect(names(stream)).toEqual(['Артикул', 'Фото', 'Фото (2)', 'Фото (3)']);
    expect(rowTexts(rows)).toEqual(goods);
    expect(rows.every((row) => row.issues === undefined)).toBe(true);
    expect(stream.issues.map((issue) => issue.code)).toEqual(['duplicate_header']);
  });
});

describe('a table without a header row', () => {
  it('names the columns by letter and reads the first row as goods', async () => {
    const rows = [
      ['A-1', 'Чайник', '100'],
      ['A-2', 'Кружка', '50'],
    ];
    for (const { stream, rows: read } of [await readXlsx(buildWorkbook(rows), { headerRow: 'none' }), await readCsv('A-1;Чайник;100\nA-2;Кружка;50\n', { headerRow: 'none' })]) {
      expect(stream.info.headerRow).toBe(0);
      expect(names(stream)).toEqual(['A', 'B', 'C']);
      expect(read.map((row) => row.row)).toEqual([1, 2]);
      expect(rowTexts(read)).toEqual(rows);
    }
  });
});
