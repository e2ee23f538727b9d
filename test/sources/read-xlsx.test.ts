import { Buffer } from 'node:buffer';
import { readFile, writeFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { LimitError, SourceReadError } from '../../src/core/errors.js';
import { xlsxReader } from '../../src/sources/read-xlsx.js';
import type { ReadOptions } from '../../src/sources/types.js';
import { loadZipDirectory } from '../../src/xlsx/zip-directory.js';
import { collectRows, createTempDir, rowTexts } from './temp-files.js';

async function writeWorkbook(build: (workbook: ExcelJS.Workbook) => void, name = 'catalog.xlsx'): Promise<string> {
  const path = (await createTempDir())(name);
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  await workbook.xlsx.writeFile(path);
  return path;
}

async function readXlsx(path: string, options: ReadOptions = {}) {
  const stream = await xlsxReader.open(path, options, {});
  return { stream, rows: await collectRows(stream) };
}

describe('xlsxReader: sheets and header', () => {
  const build = (workbook: ExcelJS.Workbook): void => {
    const notes = workbook.addWorksheet('Инструкция', { state: 'hidden' });
    notes.addRow(['Заполните лист «Товары»']);
    const sheet = workbook.addWorksheet('Товары');
    sheet.addRow(['Прайс-лист ТОО «Ромашка»']);
    sheet.addRow([]);
    sheet.addRow(['Артикул', 'Наименование', 'Цена']);
    sheet.addRow(['A-1', 'Чайник', 100]);
    sheet.addRow([]);
    sheet.addRow(['A-2', 'Кружка', 50]);
    workbook.addWorksheet('Склад').addRow(['Артикул', 'Остаток']).commit();
    workbook.getWorksheet('Склад')?.addRow(['A-1', 7]);
  };

  it('reads the first visible sheet, skips title and empty rows, keeps Excel row numbers', async () => {
    const path = await writeWorkbook(build);
    const { stream, rows } = await readXlsx(path, { expectedHeaders: ['Артикул', 'Цена'] });
    expect(stream.info).toMatchObject({ file: path, format: 'xlsx', sheet: 'Товары', headerRow: 3 });
    expect(stream.info.header.map((column) => `${column.letter}:${column.name}`)).toEqual(['A:Артикул', 'B:Наименование', 'C:Цена']);
    expect(rows.map((row) => row.row)).toEqual([4, 6]);
    expect(rowTexts(rows)).toEqual([
      ['A-1', 'Чайник', '100'],
      ['A-2', 'Кружка', '50'],
    ]);
    expect(stream.issues).toMatchObject([{ code: 'hidden_sheet_skipped', severity: 'warning', sheet: 'Инструкция' }]);
    expect(stream.bytesRead()).toBe(stream.info.totalBytes);
  });

  it('reads the first other visible sheet with the expected header when the first lacks it, with a warning naming both', async () => {
    const path = await writeWorkbook((workbook) => {
      workbook.addWorksheet('Инструкция').addRow(['Заполните лист «Товары»']);
      workbook.addWorksheet('Склад').addRow(['Артикул', 'Остаток']);
      const goods = workbook.addWorksheet('Товары');
      goods.addRow(['Артикул', 'Наименование', 'Цена']);
      goods.addRow(['A-1', 'Чайник', 100]);
    });
    const { stream, rows } = await readXlsx(path, { expectedHeaders: ['Артикул', 'Цена'] });
    expect(stream.info.sheet).toBe('Товары');
    expect(rowTexts(rows)).toEqual([['A-1', 'Чайник', '100']]);
    expect(stream.issues).toMatchObject([
      {
        code: 'sheet_chosen_by_header',
        severity: 'warning',
        sheet: 'Товары',
        message: 'the first visible sheet "Инструкция" has no header with the mapping\'s columns; reading the sheet "Товары", which has it (set input.sheet to choose)',
      },
    ]);
    // A sheet asked for is read or refused, never replaced.
    await expect(readXlsx(path, { sheet: 'Инструкция', expectedHeaders: ['Артикул', 'Цена'] })).rejects.toThrow(/sheet "Инструкция"\): header row not found/);
  });

  it('refuses as before when no visible sheet has the expected header, naming the first', async () => {
    const path = await writeWorkbook((workbook) => {
      workbook.addWorksheet('Инструкция').addRow(['Заполните лист «Товары»']);
      workbook.addWorksheet('Склад').addRow(['Артикул', 'Остаток']);
    });
    await expect(readXlsx(path, { expectedHeaders: ['Артикул', 'Цена'] })).rejects.toThrow(/sheet "Инструкция"\): header row not found/);
    // The other sheets are tried on the error's reason, not on its words.
    await expect(readXlsx(path, { expectedHeaders: ['Артикул', 'Цена'] })).rejects.toMatchObject({ reason: 'header_not_found', sheet: 'Инструкция' });
  });

  it('reads rows Excel hides like the others, with one warning listing those below the header', async () => {
    const path = await writeWorkbook((workbook) => {
      const sheet = workbook.addWorksheet('Товары');
      sheet.addRow(['Прайс-лист']);
      sheet.addRow(['Артикул', 'Цена']);
      for (let i = 1; i <= 4; i++) sheet.addRow([`A-${i}`, i * 100]);
      for (const row of [1, 4, 6]) sheet.getRow(row).hidden = true;
    });
    const { stream, rows } = await readXlsx(path, { expectedHeaders: ['Артикул', 'Цена'] });
    expect(rows.map((row) => row.row)).toEqual([3, 4, 5, 6]);
    expect(stream.issues).toMatchObject([
      {
        code: 'hidden_rows_read',
        severity: 'warning',
        row: 4,
        message: 'rows hidden in Excel (by hand or by a filter) are read and sent like the others: 4, 6 (2); delete them, or leave them out with rows.skip in the mapping',
      },
    ]);
  });

  it('does not list the rows of a collapsed outline group (a 1C or СБИС tree as saved): they are the goods', async () => {
    const path = await writeWorkbook((workbook) => {
      const sheet = workbook.addWorksheet('Товары');
      sheet.addRow(['Артикул', 'Цена']);
      sheet.addRow(['Инструменты']);
      for (let i = 1; i <= 3; i++) sheet.addRow([`A-${i}`, i * 100]);
      for (const row of [3, 4, 5]) Object.assign(sheet.getRow(row), { outlineLevel: 1, hidden: true });
      sheet.getRow(5).outlineLevel = 0;
    });
    for (const groupRows of [undefined, { outline: true, merged: false, singleCell: false, bold: false }]) {
      const { stream, rows } = await readXlsx(path, { expectedHeaders: ['Артикул', 'Цена'], ...(groupRows ? { groupRows } : {}) });
      expect(rows.map((row) => row.row)).toEqual(groupRows ? [3, 4, 5] : [2, 3, 4, 5]);
      // Row 5 is hidden at level 0: hidden by hand, so it alone is listed.
      expect(stream.issues.filter((issue) => issue.code === 'hidden_rows_read')).toMatchObject([{ row: 5, data: { count: 1 } }]);
    }
  });

  it('reads a sheet by name (hidden ones too) or by position', async () => {
    const path = await writeWorkbook(build);
    expect(rowTexts((await readXlsx(path, { sheet: 'склад' })).rows)).toEqual([['A-1', '7']]);
    expect((await readXlsx(path, { sheet: 'Инструкция' })).stream.info.header[0]?.name).toBe('Заполните лист «Товары»');
    expect((await readXlsx(path, { sheet: 3 })).stream.info.sheet).toBe('Склад');
  });

  it('names the available sheets when the wanted one is missing', async () => {
    const path = await writeWorkbook(build);
    await expect(xlsxReader.open(path, { sheet: 'Цены' }, {})).rejects.toThrow(
      `${path}: there is no sheet "Цены"; sheets: "Инструкция" (hidden), "Товары", "Склад"`,
    );
    await expect(xlsxReader.open(path, { sheet: 4 }, {})).rejects.toThrow(/there is no sheet number 4; the workbook has 3/);
  });

  it('lists the headers it found when the expected ones are not there', async () => {
    const path = await writeWorkbook(build);
    const error = await xlsxReader.open(path, { expectedHeaders: ['SKU', 'Price'] }, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceReadError);
    expect((error as SourceReadError).message).toContain('row 3 has: "Артикул", "Наименование", "Цена"');
    expect((error as SourceReadError).sheet).toBe('Товары');
  });

  it('uses a given header row', async () => {
    const path = await writeWorkbook(build);
    const { stream, rows } = await readXlsx(path, { headerRow: 4 });
    expect(stream.info.header.map((column) => column.name)).toEqual(['A-1', 'Чайник', '100']);
    expect(rows.map((row) => row.row)).toEqual([6]);
  });

  it('hides ignored columns, keeps duplicate headers with a warning, and limits rows', async () => {
    const path = await writeWorkbook((workbook) => {
      const sheet = workbook.addWorksheet('Лист1');
      sheet.addRow(['_status', 'Цвет', 'Цвет', '_errors']);
      sheet.addRow(['rejected', 'красный', 'синий', 'нет цены']);
      sheet.addRow(['', 'белый', '', '']);
    });
    const { stream, rows } = await readXlsx(path, { ignoreHeaderPrefix: '_' });
    expect(stream.info.header.map((column) => column.letter)).toEqual(['B', 'C']);
    expect(rowTexts(rows)).toEqual([
      ['красный', 'синий'],
      ['белый', ''],
    ]);
    expect(stream.issues).toMatchObject([{ code: 'duplicate_header', column: 'C', sheet: 'Лист1' }]);
    await expect(readXlsx(path, { maxRows: 1 })).rejects.toThrow(LimitError);
  });
});

describe('xlsxReader: cell values', () => {
  it('returns each value with its type, digits and flags', async () => {
    const path = await writeWorkbook((workbook) => {
      const sheet = workbook.addWorksheet('Товары');
      sheet.addRow(['Штрихкод', 'Длинный', 'Текст-экспонента', 'Научный', 'Дата', 'Флаг', 'Ошибка', 'Цена']);
      const row = sheet.addRow([4601234567890, 4601234567890123, '4,60123E+12', 4601234567890, new Date(Date.UTC(2024, 2, 1)), true, { error: '#N/A' }, 1119.9999999999998]);
      row.getCell(4).numFmt = '0.00E+00';
      row.getCell(8).numFmt = '#,##0.00 "₸"';
      const time = sheet.addRow([null, null, null, null, 45352.4375]);
      time.getCell(5).numFmt = 'dd.mm.yyyy hh:mm';
    });
    const { rows } = await readXlsx(path);
    expect(rows[0]?.cells).toEqual([
      { kind: 'number', text: '4601234567890', value: 4601234567890 },
      { kind: 'number', text: '4601234567890123', value: 4601234567890123, flags: ['precision_lost'] },
      { kind: 'string', text: '4,60123E+12', value: '4,60123E+12', flags: ['exponent'] },
      { kind: 'number', text: '4601234567890', value: 4601234567890, flags: ['exponent'], numberFormat: '0.00E+00' },
      { kind: 'date', text: '2024-03-01', value: new Date(Date.UTC(2024, 2, 1)), flags: ['date_serial'], numberFormat: 'mm-dd-yy' },
      { kind: 'boolean', text: 'TRUE', value: true },
      { kind: 'error', text: '#N/A', value: '#N/A' },
      { kind: 'number', text: '1120', value: 1119.9999999999998, numberFormat: '#,##0.00 "₸"' },
    ]);
    expect(rows[1]?.cells[4]).toMatchObject({ kind: 'date', text: '2024-03-01T10:30:00', flags: ['date_serial'] });
  });

  it('reads formulas by their cached result, and a formula without one as a cell error', async () => {
    const path = await writeWorkbook((workbook) => {
      const sheet = workbook.addWorksheet('Товары');
      sheet.addRow(['Цена', 'НДС', 'Название', 'Итог']);
      sheet.addRow([100, { formula: 'A2*0.12', result: 12 }, { formula: 'UPPER("чайник")', result: 'ЧАЙНИК' }, { formula: 'A2+B2' }]);
    });
    const { rows } = await readXlsx(path);
    expect(rows[0]?.cells.slice(1)).toEqual([
      { kind: 'number', text: '12', value: 12, flags: ['formula'], formula: 'A2*0.12' },
      { kind: 'string', text: 'ЧАЙНИК', value: 'ЧАЙНИК', flags: ['formula'], formula: 'UPPER("чайник")' },
      { kind: 'error', text: '', value: null, flags: ['formula_no_result'], formula: 'A2+B2' },
    ]);
  });

  it('reads rich text and hyperlinks as their text', async () => {
    const path = await writeWorkbook((workbook) => {
      const sheet = workbook.addWorksheet('Товары');
      sheet.addRow(['Название', 'Ссылка']);
      sheet.addRow([
        { richText: [{ text: 'Чайник ' }, { font: { bold: true }, text: 'Bosch' }, { text: ' 1,7 л' }] },
        { text: 'Страница товара', hyperlink: 'https://example.kz/p/1' },
      ]);
    });
    const { rows } = await readXlsx(path);
    expect(rowTexts(rows)).toEqual([['Чайник Bosch 1,7 л', 'Страница товара']]);
  });

  it('fills merged ranges only in the columns the mapping names', async () => {
    const path = await writeWorkbook((workbook) => {
      const sheet = workbook.addWorksheet('Товары');
      sheet.addRow(['Модель', 'Размер', 'Описание']);
      sheet.addRow(['M-1', 'S', 'Общее описание']);
      sheet.addRow([null, 'M', null]);
      sheet.addRow([null, 'L', null]);
      sheet.addRow(['M-2', 'XL', 'Другое']);
      sheet.mergeCells('A2:A4');
      sheet.mergeCells('C2:C4');
    });
    const { rows } = await readXlsx(path, { fillMerged: ['модель'] });
    expect(rowTexts(rows)).toEqual([
      ['M-1', 'S', 'Общее описание'],
      ['M-1', 'M', ''],
      ['M-1', 'L', ''],
      ['M-2', 'XL', 'Другое'],
    ]);
    expect(rows[1]?.cells[0]?.flags).toEqual(['merged_filled']);
    expect(rows[0]?.cells[0]?.flags).toBeUndefined();
    expect(rowTexts((await readXlsx(path)).rows)[1]).toEqual(['', 'M', '']);
  });

  it('hands on the merged ranges it found (for the annotated copy); it always looks, for merged header cells', async () => {
    const path = await writeWorkbook((workbook) => {
      const sheet = workbook.addWorksheet('Товары');
      sheet.addRow(['Модель', 'Размер', 'Описание']);
      sheet.addRow(['M-1', 'S', 'Общее описание']);
      sheet.addRow([null, 'M', null]);
      sheet.addRow(['M-2', 'XL', 'Другое']);
      sheet.mergeCells('A2:A3');
      sheet.mergeCells('B4:C4');
    });
    const ranges = [
      { top: 2, left: 0, bottom: 3, right: 0 },
      { top: 4, left: 1, bottom: 4, right: 2 },
    ];
    expect((await readXlsx(path, { fillMerged: ['Модель'] })).stream.info.mergedRanges).toEqual(ranges);
    expect((await readXlsx(path, { groupRows: { outline: false, merged: true, singleCell: false, bold: false } })).stream.info.mergedRanges).toEqual(ranges);
    expect((await readXlsx(path)).stream.info.mergedRanges).toEqual(ranges);
  });

  it('cuts long cells', async () => {
    const path = await writeWorkbook((workbook) => {
      const sheet = workbook.addWorksheet('Товары');
      sheet.addRow(['Описание']);
      sheet.addRow(['очень длинное описание']);
    });
    const { rows } = await readXlsx(path, { maxCellLength: 5 });
    expect(rows[0]?.cells[0]).toMatchObject({ text: 'очень', flags: ['truncated'] });
    expect(rows[0]?.issues).toMatchObject([{ code: 'cell_truncated', sheet: 'Товары', row: 2, column: 'A', header: 'Описание' }]);
  });
});

describe('xlsxReader: whole-file failures', () => {
  const simple = (workbook: ExcelJS.Workbook): void => {
    const sheet = workbook.addWorksheet('Товары');
    sheet.addRow(['Артикул', 'Описание']);
    for (let i = 0; i < 300; i++) sheet.addRow([`A-${i}`, `Описание товара номер ${i} `.repeat(5)]);
  };

  it('names a missing file and an empty one', async () => {
    const path = (await createTempDir())('missing.xlsx');
    await expect(xlsxReader.open(path, {}, {})).rejects.toThrow(`${path}: file not found`);
    await writeFile(path, '');
    await expect(xlsxReader.open(path, {}, {})).rejects.toThrow(`${path}: the file is empty (0 bytes)`);
  });

  it('refuses an empty sheet', async () => {
    const path = await writeWorkbook((workbook) => {
      workbook.addWorksheet('Пусто');
    });
    await expect(xlsxReader.open(path, {}, {})).rejects.toThrow(`${path} (sheet "Пусто"): the sheet is empty (no row with values)`);
  });

  it('refuses a truncated workbook', async () => {
    const path = await writeWorkbook(simple);
    const bytes = await readFile(path);
    await writeFile(path, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(xlsxReader.open(path, {}, {})).rejects.toThrow(/truncated or corrupt/);
  });

  it('refuses a workbook whose sheet data is corrupt', async () => {
    const path = await writeWorkbook(simple);
    const bytes = await readFile(path);
    const directory = await loadZipDirectory(path, bytes.length);
    if ('problem' in directory) throw new Error('test workbook unreadable');
    const entry = directory.entries.get('xl/worksheets/sheet1.xml');
    if (entry === undefined) throw new Error('no sheet1');
    const nameLength = bytes.readUInt16LE(entry.headerOffset + 26);
    const extraLength = bytes.readUInt16LE(entry.headerOffset + 28);
    const start = entry.headerOffset + 30 + nameLength + extraLength;
    bytes.fill(0xff, start + 20, start + Math.min(entry.compressedSize - 1, 200));
    await writeFile(path, bytes);
    const error = await readXlsx(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceReadError);
    expect((error as Error).message).toMatch(/corrupt/);
  });

  it('says a password-protected workbook is password-protected', async () => {
    const path = (await createTempDir())('secret.xlsx');
    await writeFile(path, buildCompoundFile(['EncryptionInfo', 'EncryptedPackage']));
    await expect(xlsxReader.open(path, {}, {})).rejects.toThrow(`${path}: the workbook is password-protected; open it in Excel, remove the password`);
  });

  it('says an old .xls renamed to .xlsx is one', async () => {
    const path = (await createTempDir())('old.xlsx');
    await writeFile(path, buildCompoundFile(['Workbook', 'SummaryInformation']));
    await expect(xlsxReader.open(path, {}, {})).rejects.toThrow(/old Excel 97-2003 workbook \(\.xls\) with an \.xlsx name; open it in Excel and save it as XLSX/);
  });

  it('says a CSV named .xlsx is text', async () => {
    const path = (await createTempDir())('renamed.xlsx');
    await writeFile(path, 'Артикул;Цена\nA-1;5\n');
    await expect(xlsxReader.open(path, {}, {})).rejects.toThrow(/is a text file, not an XLSX workbook/);
  });
});

/**
 * A minimal OLE compound file: header (magic, 512-byte sectors, directory at sector 0) and one
 * directory sector holding the root entry and the named streams, as Excel writes for encrypted
 * workbooks (EncryptionInfo, EncryptedPackage) or old .xls files (Workbook).
 */
function buildCompoundFile(streams: readonly string[]): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 24);
  header.writeUInt16LE(3, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  header.writeUInt16LE(6, 32);
  header.writeUInt32LE(0, 48);
  const directory = Buffer.alloc(512);
  ['Root Entry', ...streams].slice(0, 4).forEach((name, index) => {
    const entry = directory.subarray(index * 128, (index + 1) * 128);
    const encoded = Buffer.from(`${name}\0`, 'utf16le');
    encoded.copy(entry, 0);
    entry.writeUInt16LE(encoded.length, 64);
    entry[66] = index === 0 ? 5 : 2;
  });
  return Buffer.concat([header, directory]);
}
