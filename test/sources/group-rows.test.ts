import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { openSource } from '../../src/sources/open-source.js';
import type { ReadOptions } from '../../src/sources/types.js';
import { collectRows, createTempDir, writeTempFile } from './temp-files.js';

const ALL: ReadOptions['groupRows'] = { outline: true, merged: true, singleCell: false, bold: false };

async function writeWorkbook(build: (sheet: ExcelJS.Worksheet) => void): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  build(workbook.addWorksheet('Прайс'));
  const path = (await createTempDir())('price.xlsx');
  await workbook.xlsx.writeFile(path);
  return path;
}

async function read(path: string, options: ReadOptions): Promise<{ row: number; name: string; groups: string[] | undefined }[]> {
  const stream = await openSource(path, options, {});
  return (await collectRows(stream)).map((row) => ({ row: row.row, name: row.cells[0]?.text ?? '', groups: row.groups }));
}

describe('group rows', () => {
  it('takes Excel outline rows out of the goods and hands their text down, level by level', async () => {
    const path = await writeWorkbook((sheet) => {
      sheet.addRow(['Наименование', 'Штрихкод', 'Цена']);
      const rows: [string[], number][] = [
        [['Зоотовары'], 0],
        [['Корма для кошек'], 1],
        [['Whiskas 85 г', '4601234567893', '350'], 2],
        [['Felix 85 г', '4601234567886', '320'], 2],
        [['Игрушки'], 1],
        [['Мышка', '4601234567879', '500'], 2],
        [['Бытовая химия'], 0],
        [['Fairy 450 мл', '4601234567862', '900'], 1],
      ];
      for (const [values, level] of rows) sheet.addRow(values).outlineLevel = level;
    });
    expect(await read(path, { groupRows: ALL })).toEqual([
      { row: 4, name: 'Whiskas 85 г', groups: ['Зоотовары', 'Корма для кошек'] },
      { row: 5, name: 'Felix 85 г', groups: ['Зоотовары', 'Корма для кошек'] },
      { row: 7, name: 'Мышка', groups: ['Зоотовары', 'Игрушки'] },
      { row: 9, name: 'Fairy 450 мл', groups: ['Бытовая химия'] },
    ]);
    // Without group rows recognised, they are rows like the others.
    expect((await read(path, {})).map((row) => row.name)).toContain('Корма для кошек');
  });

  it('recognises merged rows spanning the table, and bold single-cell rows when asked', async () => {
    const path = await writeWorkbook((sheet) => {
      sheet.addRow(['Прайс-лист ТОО «Береке» на 01.11.2026']);
      sheet.addRow(['Наименование', 'Штрихкод', 'Цена', 'Остаток']);
      sheet.addRow(['Чай и кофе']);
      sheet.mergeCells('A3:D3');
      sheet.addRow(['Пиала 100 пак.', '4870001234567', '1200', '5']);
      const bold = sheet.addRow(['Кофе']);
      bold.getCell(1).font = { bold: true };
      sheet.addRow(['Jacobs 95 г', '4601234567855', '2400', '3']);
      sheet.addRow(['Без остатка']);
    });
    const options: ReadOptions = { headerRow: 2, groupRows: { ...ALL, singleCell: true, bold: true } };
    expect(await read(path, options)).toEqual([
      { row: 4, name: 'Пиала 100 пак.', groups: ['Чай и кофе'] },
      // Without outline levels, section rows are siblings: the next one replaces the last.
      { row: 6, name: 'Jacobs 95 г', groups: ['Кофе'] },
      // Not bold: a row of goods with empty cells, reported as such later.
      { row: 7, name: 'Без остатка', groups: ['Кофе'] },
    ]);
  });

  it('reads single-cell group rows of a CSV file in the name column only', async () => {
    const path = await writeTempFile('list.csv', 'Наименование;Цена\nШампуни;\nШампунь 250 мл;990\n;777\nБальзамы;\nБальзам 200 мл;1100\n');
    const options: ReadOptions = { groupRows: { outline: false, merged: false, singleCell: true, bold: false, column: 'Наименование' } };
    expect(await read(path, options)).toEqual([
      { row: 3, name: 'Шампунь 250 мл', groups: ['Шампуни'] },
      { row: 4, name: '', groups: ['Шампуни'] },
      { row: 6, name: 'Бальзам 200 мл', groups: ['Бальзамы'] },
    ]);
  });
});
