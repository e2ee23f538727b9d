/**
 * Exports pasted one under the other: the second brings its title rows ("Прайс-лист …", a date
 * line, an empty row) and its header along. The reader marks the repeated header and the title
 * rows above it (`leftOut`), in XLSX and CSV alike and across the reader thread; a file whose
 * header is its first row, or whose rows of goods are narrow, reads as before.
 */
import { describe, expect, it } from 'vitest';
import { createPastedExportMarker } from '../../src/sources/mark-pasted-exports.js';
import { openSourceWhere } from '../../src/sources/open-source-in-worker.js';
import type { RawRow } from '../../src/sources/shape-rows.js';
import { csvReader } from '../../src/sources/read-csv.js';
import { xlsxReader } from '../../src/sources/read-xlsx.js';
import type { ReadOptions, SourceRow } from '../../src/sources/types.js';
import { buildTestWorkbook, escapeXml } from '../helpers/write-test-zip.js';
import { collectRows, writeTempFile } from './temp-files.js';

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const HEADER = ['Артикул', 'Наименование', 'Цена', 'Остаток', 'Бренд'];
const OPTIONS: ReadOptions = { expectedHeaders: HEADER };

const goods = (n: number): string[] => [`A-${n}`, `Чайник ${n}`, `${n}990`, '5', 'Kitfort'];

/** Goods, then a pasted export: its title in the key column, a date line, an empty row, its header (one cell left empty, another in capitals), its goods. */
const PASTED: string[][] = [
  HEADER,
  goods(1),
  goods(2),
  ['Прайс-лист ТОО «Dala Trade»'],
  ['Дата выгрузки:', '01.12.2026'],
  [],
  ['Артикул', ' НАИМЕНОВАНИЕ ', 'Цена', '', 'Бренд'],
  goods(3),
];

function buildWorkbook(rows: readonly (readonly string[])[]): Buffer {
  const data = rows
    .map((cells, r) => {
      const xml = cells
        .map((text, c) => (text === '' ? '' : `<c r="${String.fromCharCode(65 + c)}${r + 1}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`))
        .join('');
      return `<row r="${r + 1}">${xml}</row>`;
    })
    .join('');
  return buildTestWorkbook({ sheetXml: `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>${data}</sheetData></worksheet>` });
}

const toCsv = (rows: readonly (readonly string[])[]): string => `${rows.map((row) => row.join(';')).join('\n')}\n`;

async function read(format: 'XLSX' | 'CSV', rows: readonly (readonly string[])[], options: ReadOptions = OPTIONS): Promise<SourceRow[]> {
  const path = format === 'XLSX' ? await writeTempFile('pasted.xlsx', buildWorkbook(rows)) : await writeTempFile('pasted.csv', toCsv(rows));
  return await collectRows(await (format === 'XLSX' ? xlsxReader : csvReader).open(path, options, {}));
}

/** Each row read: its number and its mark. */
const marks = (rows: readonly SourceRow[]): string[] =>
  rows.map((row) => `${row.row}${row.leftOut === undefined ? '' : ` ${row.leftOut.variant}${'headerRow' in row.leftOut ? ` of ${row.leftOut.headerRow}` : ''}`}`);

describe.each(['XLSX', 'CSV'] as const)('%s: a pasted export', (format) => {
  it('marks its repeated header and the title rows above it, in file order; the goods around them read', async () => {
    expect(marks(await read(format, PASTED))).toEqual(['2', '3', '4 title of 7', '5 title of 7', '7 header', '8']);
  });

  it('marks them whether or not an empty row stands between the goods and the title', async () => {
    const rows = [HEADER, goods(1), [], ['Каталог товаров на 01.12.2026'], HEADER, goods(2)];
    expect(marks(await read(format, rows))).toEqual(['2', '4 title of 5', '5 header', '6']);
  });

  it('a file whose header is its first row, and one whose title rows stand above it, read as before', async () => {
    expect(marks(await read(format, [HEADER, goods(1), goods(2)]))).toEqual(['2', '3']);
    expect(marks(await read(format, [['Прайс-лист'], ['Дата: 01.12.2026'], [], HEADER, goods(1)]))).toEqual(['5']);
  });

  it('narrow rows not above a repeated header go on unmarked and in order, to the end of the file', async () => {
    const rows = [HEADER, goods(1), ['A-2', 'Чайник 2'], [], ['A-3'], goods(4), ['A-5', 'Чайник 5']];
    const read1 = await read(format, rows);
    expect(marks(read1)).toEqual(['2', '3', '5', '6', '7']);
    expect(read1.map((row) => row.cells[0]?.text)).toEqual(['A-1', 'A-2', 'A-3', 'A-4', 'A-5']);
  });

  it('only the last 20 narrow rows above a repeated header are its titles, as only 20 rows are looked at for the header', async () => {
    const narrow = Array.from({ length: 22 }, (_, i) => [`A-${i + 10}`]);
    const rows = await read(format, [HEADER, goods(1), ...narrow, HEADER, goods(2)]);
    expect(marks(rows).filter((mark) => mark.includes('title'))).toHaveLength(20);
    expect(marks(rows).slice(0, 4)).toEqual(['2', '3', '4', '5 title of 25']);
  });

  it('with single-cell group rows, a title above a repeated header is a title, no group of the goods below', async () => {
    const rows = await read(format, [HEADER, goods(1), ['Чайники'], goods(2), ['Прайс-лист ТОО «Dala Trade»'], ['Дата выгрузки: 01.12.2026'], [], HEADER, goods(3)], {
      ...OPTIONS,
      groupRows: { outline: false, merged: false, singleCell: true, bold: false },
    });
    expect(marks(rows)).toEqual(['2', '4', '5 title of 8', '6 title of 8', '8 header', '9']);
    expect(rows.map((row) => row.groups?.join(' / ') ?? '')).toEqual(['', 'Чайники', 'Чайники', 'Чайники', 'Чайники', 'Чайники']);
  });

  it('a row of goods whose value happens to be its column\'s name is goods', async () => {
    expect(marks(await read(format, [HEADER, ['A-1', 'Бренд', '10', '1', 'Бренд'], goods(2)]))).toEqual(['2', '3']);
  });
});

describe('the rows held back', () => {
  const columns = HEADER.map((name, index) => ({ index, letter: String.fromCharCode(65 + index), name }));
  const raw = (row: number, texts: readonly string[]): RawRow => ({ row, cells: texts.map((text) => ({ kind: 'string' as const, text, value: text })) });

  it('are never the empty rows below the goods (a sheet formatted to row 1,048,576)', () => {
    const marker = createPastedExportMarker(columns);
    const ready: RawRow[] = [];
    const add = (row: RawRow): void => {
      const now = marker?.add(row, ready);
      if (now !== undefined) ready.push(now);
    };
    add(raw(2, goods(1)));
    for (let row = 3; row < 1_000; row++) add(raw(row, []));
    expect(ready).toHaveLength(998);
  });

  it('are 80 at most: of a title, 80 empty rows (an XLSX keeps them) and a second title above a repeated header, only the second is its title', () => {
    const marker = createPastedExportMarker(columns);
    const ready: RawRow[] = [];
    const rows = [raw(2, goods(1)), raw(3, ['Прайс-лист ТОО «Dala Trade»']), ...Array.from({ length: 80 }, (_, i) => raw(4 + i, [])), raw(84, ['Дата выгрузки: 01.12.2026']), raw(85, HEADER)];
    for (const row of rows) {
      const now = marker?.add(row, ready);
      if (now !== undefined) ready.push(now);
    }
    marker?.flush(ready);
    expect(ready.map((row) => row.row)).toEqual(rows.map((row) => row.row));
    expect(ready.filter((row) => row.leftOut !== undefined).map((row) => `${row.row} ${row.leftOut?.variant ?? ''}`)).toEqual(['84 title', '85 header']);
  });
});

describe('the reader thread', () => {
  it('hands the marks over with the rows', async () => {
    const path = await writeTempFile('pasted.csv', toCsv(PASTED));
    const stream = await openSourceWhere('always', path, OPTIONS, {});
    expect(marks(await collectRows(stream))).toEqual(['2', '3', '4 title of 7', '5 title of 7', '7 header', '8']);
    // A worker thread compiles the readers anew under tsx: slow on a loaded machine.
  }, 90_000);
});
