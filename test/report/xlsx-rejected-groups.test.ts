/**
 * `rejected-rows.csv` of a workbook with nested outline group rows (docs/input-files.md's example):
 * the group rows in effect before each rejected row, written once; and the warning that says when
 * the same mapping, reading the file as a CSV (no outlines, no merged cells), would give the
 * rejected rows other groups than the run read.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Issue } from '../../src/core/issue.js';
import { buildRunSummary } from '../../src/report/build-run-summary.js';
import { CSV_NEWLINE } from '../../src/report/format-csv-record.js';
import type { RowOutcome } from '../../src/report/report-types.js';
import { openSource } from '../../src/sources/open-source.js';
import type { ReadOptions } from '../../src/sources/types.js';
import { collectRows } from '../sources/temp-files.js';
import { makeInfo, makeIssue, makeOutcomeOf, makeParts, makeTempDir, writeCopiesAndSummary } from './report-builders.js';

/** Rows 2–9 with their outline levels: Зоотовары › Корма для кошек (rows 4–5), › Игрушки (row 7); Бытовая химия (row 9). */
async function writeOutlineWorkbook(path: string): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Прайс');
  sheet.addRow(['Наименование', 'Штрихкод', 'Цена', '_комментарий']);
  const rows: [(string | number)[], number][] = [
    [['Зоотовары'], 0],
    [['Корма для кошек'], 1],
    [['Whiskas 85 г', '4601234567893', 'дорого', 'уточнить цену'], 2],
    [['Felix 85 г', '4601234567886', 320], 2],
    [['Игрушки'], 1],
    [['Мышка', '4601234567879', 500], 2],
    [['Бытовая химия'], 0],
    [['Fairy 450 мл', '4601234567862', 'нет'], 1],
  ];
  for (const [values, level] of rows) sheet.addRow(values).outlineLevel = level;
  await workbook.xlsx.writeFile(path);
}

const price = (row: number): Issue => makeIssue({ code: 'price_not_number', message: 'price is not a number', row, column: 'C', header: 'Цена' });
const OUTCOMES: RowOutcome[] = [
  { row: 4, status: 'invalid', issues: [price(4)] },
  { row: 5, status: 'valid', issues: [] },
  { row: 7, status: 'valid', issues: [] },
  { row: 9, status: 'invalid', issues: [price(9)] },
];

async function report(readOptions: ReadOptions): Promise<{ lines: string[]; warnings: Issue[] }> {
  const dir = await makeTempDir();
  const sourcePath = join(dir, 'прайс.xlsx');
  await writeOutlineWorkbook(sourcePath);
  const stream = await openSource(sourcePath, readOptions, {});
  // The run's reader: the data rows the outcomes are keyed by, with their groups.
  expect((await collectRows(stream)).map((row) => [row.row, row.groups])).toEqual([
    [4, ['Зоотовары', 'Корма для кошек']],
    [5, ['Зоотовары', 'Корма для кошек']],
    [7, ['Зоотовары', 'Игрушки']],
    [9, ['Бытовая химия']],
  ]);
  const paths = await writeCopiesAndSummary({
    dir: join(dir, 'report'),
    summary: buildRunSummary(makeParts({ command: 'validate', outcomes: OUTCOMES })),
    sourcePath,
    info: makeInfo({ ...stream.info, file: sourcePath }),
    readOptions,
    outcomeOf: makeOutcomeOf(OUTCOMES),
  });
  const summary = JSON.parse(await readFile(paths.summary, 'utf8')) as { issues: Issue[] };
  return { lines: (await readFile(paths.rejectedRows, 'utf8')).split(CSV_NEWLINE), warnings: summary.issues.filter((issue) => issue.code === 'rejected_rows_groups_differ') };
}

describe('rejected-rows.csv of a workbook with outline group rows', () => {
  it('writes the group rows in effect before each rejected row, once, and warns that a CSV read of them has neither the outline nor single-cell rows', async () => {
    const { lines, warnings } = await report({ ignoreHeaderPrefix: '_', groupRows: { outline: true, merged: true, singleCell: false, bold: false } });
    expect(lines.slice(0, 6)).toEqual([
      '\uFEFFrow;status;issue_code;message;Наименование;Штрихкод;Цена;_комментарий',
      ';;;;Зоотовары',
      ';;;;Корма для кошек',
      '4;invalid;price_not_number;column C (Цена): price is not a number;Whiskas 85 г;4601234567893;дорого;уточнить цену',
      ';;;;Бытовая химия',
      '9;invalid;price_not_number;column C (Цена): price is not a number;Fairy 450 мл;4601234567862;нет;',
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toMatch(/^2 rejected row\(s\) .*first: row 4: read "Зоотовары" \/ "Корма для кошек", fed back no group\)/);
  });

  it('with single-cell group rows recognised, warns only of the nested levels a CSV read flattens', async () => {
    const { warnings } = await report({ ignoreHeaderPrefix: '_', groupRows: { outline: true, merged: true, singleCell: true, bold: false } });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toMatch(/^1 rejected row\(s\) .*first: row 4: read "Зоотовары" \/ "Корма для кошек", fed back "Корма для кошек"\)/);
  });
});
