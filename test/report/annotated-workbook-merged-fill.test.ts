/**
 * The annotated copy fills the merged cells of the `fillMerged` columns in the rows it hands to
 * `onDataRow` (for `rejected-rows.csv`) from the ranges the reader found (`info.mergedRanges`),
 * in the columns the reader chose: it does not scan the sheet for them again.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { RowOutcome } from '../../src/report/report-types.js';
import { writeAnnotatedWorkbook } from '../../src/report/write-annotated-workbook.js';
import { xlsxReader } from '../../src/sources/read-xlsx.js';
import type { ReadOptions, SourceInfo } from '../../src/sources/types.js';
import { loadZipDirectory, loadZipEntryText } from '../../src/xlsx/zip-directory.js';
import { collectRows } from '../sources/temp-files.js';
import { makeIssue, makeTempDir } from './report-builders.js';

const READ: ReadOptions = { fillMerged: [' МОДЕЛЬ', 'цвет'] };

/** Model merged over rows 2–4 and 5–6, colour over rows 3–4, the size column merged too but not filled. */
async function writeSellerWorkbook(path: string): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Товары');
  sheet.addRow(['Модель', 'Размер', 'Цвет', 'Цена']);
  sheet.addRow(['M-1', 'S', 'белый', 100]);
  sheet.addRow([null, 'M', 'чёрный', 'abc']);
  sheet.addRow([null, null, null, 'дорого']);
  sheet.addRow(['M-2', 'L', 'синий', -1]);
  sheet.addRow([null, 'XL', null, 'ноль']);
  sheet.mergeCells('A2:A4');
  sheet.mergeCells('B3:B4');
  sheet.mergeCells('C3:C4');
  sheet.mergeCells('A5:A6');
  await workbook.xlsx.writeFile(path);
}

const OUTCOMES: RowOutcome[] = [2, 3, 4, 5, 6].map((row) => ({
  row,
  status: 'invalid',
  issues: [makeIssue({ code: 'price_not_number', message: 'price must be a positive number', row, column: 'D', header: 'Цена' })],
}));

/** Every part of a zip, by name in zip order (the parts, not the file's bytes: those carry the time each part was written). */
async function loadParts(path: string): Promise<[string, string][]> {
  const directory = await loadZipDirectory(path, (await stat(path)).size);
  if ('problem' in directory) throw new Error(`${path}: ${directory.problem}`);
  const parts: [string, string][] = [];
  for (const entry of directory.entries.values()) parts.push([entry.name, await loadZipEntryText(path, entry)]);
  return parts;
}

/** The copy of the workbook with `info`: its parts and the values handed to `onDataRow`. */
async function copyWith(dir: string, sourcePath: string, name: string, info: SourceInfo): Promise<{ parts: [string, string][]; values: string[][] }> {
  const outPath = join(dir, name);
  const values: string[][] = [];
  const byRow = new Map(OUTCOMES.map((outcome) => [outcome.row, outcome]));
  await writeAnnotatedWorkbook({ sourcePath, outPath, info, readOptions: READ, outcomeOf: (row) => byRow.get(row), onDataRow: (row) => void values.push([...row.values]) });
  return { parts: await loadParts(outPath), values };
}

describe('writeAnnotatedWorkbook with fillMerged', () => {
  it('fills the rows it hands on from the reader’s ranges, in the reader’s columns, as the reader read them', async () => {
    const dir = await makeTempDir();
    const sourcePath = join(dir, 'товары.xlsx');
    await writeSellerWorkbook(sourcePath);
    const stream = await xlsxReader.open(sourcePath, READ, {});
    const read = (await collectRows(stream)).map((row) => row.cells.map((cell) => cell?.text ?? ''));
    expect(stream.info.mergedRanges).toHaveLength(4);

    const fromReader = await copyWith(dir, sourcePath, 'reader.xlsx', stream.info);
    expect(fromReader.values).toEqual(read);
    expect(fromReader.values).toEqual([
      ['M-1', 'S', 'белый', '100'],
      ['M-1', 'M', 'чёрный', 'abc'],
      ['M-1', '', 'чёрный', 'дорого'],
      ['M-2', 'L', 'синий', '-1'],
      ['M-2', 'XL', '', 'ноль'],
    ]);

  });

  it('takes the ranges it is given and does not scan the sheet again', async () => {
    const dir = await makeTempDir();
    const sourcePath = join(dir, 'товары.xlsx');
    await writeSellerWorkbook(sourcePath);
    const stream = await xlsxReader.open(sourcePath, READ, {});
    await collectRows(stream);
    const { info } = stream;
    // Only the second model range: a copy that scanned the sheet would fill rows 3 and 4 as well.
    const given = await copyWith(dir, sourcePath, 'given.xlsx', { ...info, mergedRanges: [{ top: 5, left: 0, bottom: 6, right: 0 }] });
    expect(given.values.map((values) => values[0])).toEqual(['M-1', '', '', 'M-2', 'M-2']);
    const none = await copyWith(dir, sourcePath, 'none.xlsx', { ...info, mergedRanges: [] });
    expect(none.values.map((values) => values[0])).toEqual(['M-1', '', '', 'M-2', '']);
  });
});
