import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { RowOutcome } from '../../src/report/report-types.js';
import { createAnnotatedCsvSink } from '../../src/report/write-annotated-csv.js';
import type { AnnotatedCsvOptions, TextRow } from '../../src/report/write-annotated-csv.js';
import { createRejectedRowsSink } from '../../src/report/write-rejected-rows-csv.js';
import { makeIssue, makeOutcomeOf, makeTempDir } from './report-builders.js';

const header = ['Артикул', 'Название', 'Цена', 'Телефон'];
const rows: TextRow[] = [
  { row: 2, values: ['A-1', 'Футболка; белая', '1990', '+7 701 123 45 67'] },
  { row: 3, values: ['A-2', '=HYPERLINK("http://evil")', '-5', '@SUM(1)'] },
  { row: 4, values: ['A-3', 'Кепка "Лето"', 'abc', ''] },
];
const outcomes: RowOutcome[] = [
  { row: 2, status: 'accepted', productId: 11, skuId: 21, jobId: '5', issues: [] },
  {
    row: 3,
    status: 'invalid',
    issues: [makeIssue({ code: 'price_not_positive', message: 'price must be a positive number', row: 3, column: 'C', header: 'Цена', value: '-5' })],
  },
  {
    row: 4,
    status: 'rejected',
    issues: [
      makeIssue({ code: 'price_not_number', message: 'price is not a number', row: 4, column: 'C', header: 'Цена', value: 'abc' }),
      makeIssue({ code: 'service_rejected', stage: 'job', message: '=1+1 from the service', row: 4 }),
    ],
  },
];

/** Writes `rows` through the annotated copy's sink, as the run report does. */
async function writeAnnotatedCsv(options: AnnotatedCsvOptions & { rows: readonly TextRow[] }): Promise<void> {
  const sink = await createAnnotatedCsvSink(options);
  for (const row of options.rows) await sink.add(row);
  await sink.close();
}

function parseCsv(text: string, delimiter: string): string[][] {
  return Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter, skipEmptyLines: true }).data;
}

describe('the annotated CSV (createAnnotatedCsvSink)', () => {
  it('writes UTF-8 with BOM, the input delimiter, all columns, the _ columns, and neutralised formulas', async () => {
    const dir = await makeTempDir();
    const outPath = join(dir, 'annotated.csv');
    await writeAnnotatedCsv({ rows, header, outPath, delimiter: ';', outcomeOf: makeOutcomeOf(outcomes) });
    const bytes = await readFile(outPath);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.split('\r\n')[0]).toBe('\uFEFFАртикул;Название;Цена;Телефон;_status;_errors;_product_id;_sku_id;_job_id');
    expect(parseCsv(text, ';')).toEqual([
      ['Артикул', 'Название', 'Цена', 'Телефон', '_status', '_errors', '_product_id', '_sku_id', '_job_id'],
      ['A-1', 'Футболка; белая', '1990', `'+7 701 123 45 67`, 'accepted', '', '11', '21', '5'],
      ['A-2', `'=HYPERLINK("http://evil")`, '-5', `'@SUM(1)`, 'invalid', 'column C (Цена): price must be a positive number (value "-5")', '', '', ''],
      ['A-3', 'Кепка "Лето"', 'abc', '', 'rejected', 'column C (Цена): price is not a number (value "abc") | =1+1 from the service', '', '', ''],
    ]);
    // The _errors cell starts with "column", so it needs no prefix; a cell that would start with "=" gets one.
    expect(text).not.toMatch(/[;\n"]=/);
  });

  it('replaces _ columns from an earlier run instead of repeating them, and copies title rows', async () => {
    const dir = await makeTempDir();
    const outPath = join(dir, 'annotated.csv');
    await writeAnnotatedCsv({
      rows: [{ row: 3, values: ['A-1', 'old status', 'Шапка', 'old errors'] }],
      header: ['Артикул', '_status', 'Название', '_Errors'],
      leadingRows: [{ row: 1, fields: ['Прайс-лист'] }],
      outPath,
      outcomeOf: () => ({ row: 3, status: 'valid', issues: [] }),
    });
    expect(parseCsv(await readFile(outPath, 'utf8'), ',')).toEqual([
      ['Прайс-лист'],
      ['Артикул', 'Название', '_status', '_errors', '_product_id', '_sku_id', '_job_id'],
      ['A-1', 'Шапка', 'valid', '', '', '', ''],
    ]);
  });
});

describe('rejected-rows.csv (createRejectedRowsSink)', () => {
  it('writes only rows that need attention, with row, status, codes and messages before the original columns', async () => {
    const dir = await makeTempDir();
    const outPath = join(dir, 'rejected-rows.csv');
    const sink = await createRejectedRowsSink({ header, outPath, delimiter: ',' });
    const outcomeOf = makeOutcomeOf(outcomes);
    const written: boolean[] = [];
    for (const row of rows) written.push(await sink.add(row, outcomeOf(row.row)));
    await sink.close();
    expect(written).toEqual([false, true, true]);
    const text = await readFile(outPath, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(parseCsv(text, ',')).toEqual([
      ['row', 'status', 'issue_code', 'message', 'Артикул', 'Название', 'Цена', 'Телефон'],
      ['3', 'invalid', 'price_not_positive', 'column C (Цена): price must be a positive number (value "-5")', 'A-2', `'=HYPERLINK("http://evil")`, '-5', `'@SUM(1)`],
      ['4', 'rejected', 'price_not_number | service_rejected', 'column C (Цена): price is not a number (value "abc") | =1+1 from the service', 'A-3', 'Кепка "Лето"', 'abc', ''],
    ]);
  });
});
