import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { compareIssues } from '../../src/core/issue.js';
import { buildRunSummary } from '../../src/report/build-run-summary.js';
import type { RowOutcome } from '../../src/report/report-types.js';
import { makeHeader, makeInfo, makeIssue, makeOutcomeOf, makeParts, makeTempDir, writeCopiesAndSummary } from './report-builders.js';
import { requireAnnotatedPath } from '../helpers/require-annotated-path.js';
import { buildStoredZip, buildXlsxParts } from '../fuzz/build-xlsx-bytes.js';

const priceIssue = makeIssue({ code: 'price_not_number', message: 'price is not a number', row: 3, column: 'B', header: 'Цена', value: 'abc' });
const outcomes: RowOutcome[] = [
  { row: 2, status: 'valid', issues: [] },
  { row: 3, status: 'invalid', issues: [priceIssue] },
];

describe('the report copies and summary.json (writeReportCopies, writeReportSummary)', () => {
  it('writes summary.json, annotated.xlsx and rejected-rows.csv (`;`) for an XLSX input, reading it once', async () => {
    const dir = await makeTempDir();
    const sourcePath = join(dir, 'товары.xlsx');
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Лист1').addRows([['Артикул', 'Цена'], ['A-1', 100], ['A-2', 'abc']]);
    await workbook.xlsx.writeFile(sourcePath);
    const summary = buildRunSummary(makeParts({ command: 'validate', outcomes }));
    const reportDir = join(dir, 'reports', 'run-1');
    const paths = await writeCopiesAndSummary({
      dir: reportDir,
      summary,
      sourcePath,
      info: makeInfo({ file: 'товары.xlsx', format: 'xlsx', sheet: 'Лист1', header: makeHeader(['Артикул', 'Цена']) }),
      outcomeOf: makeOutcomeOf(outcomes),
    });
    expect(paths).toEqual({
      dir: reportDir,
      summary: join(reportDir, 'summary.json'),
      annotated: join(reportDir, 'annotated.xlsx'),
      rejectedRows: join(reportDir, 'rejected-rows.csv'),
    });
    expect(JSON.parse(await readFile(paths.summary, 'utf8'))).toEqual(summary);
    expect((await stat(requireAnnotatedPath(paths))).size).toBeGreaterThan(0);
    const rejected = Papa.parse<string[]>((await readFile(paths.rejectedRows, 'utf8')).slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(rejected).toEqual([
      ['row', 'status', 'issue_code', 'message', 'Артикул', 'Цена'],
      ['3', 'invalid', 'price_not_number', 'column B (Цена): price is not a number (value "abc")', 'A-2', 'abc'],
    ]);
  });

  it('adds what the annotated copy could not do as usual (rows out of order) to the issues of summary.json', async () => {
    const dir = await makeTempDir();
    const sourcePath = join(dir, 'товары.xlsx');
    const parts = buildXlsxParts([['Артикул', 'Цена'], ['A-1', 100], ['A-2', 'abc']]);
    const sheet = parts['xl/worksheets/sheet1.xml'] as string;
    const [row2, row3] = [/<row r="2">.*?<\/row>/.exec(sheet)?.[0] ?? '', /<row r="3">.*?<\/row>/.exec(sheet)?.[0] ?? ''];
    parts['xl/worksheets/sheet1.xml'] = sheet.replace(row2 + row3, row3 + row2);
    await writeFile(sourcePath, buildStoredZip(parts));
    const summary = buildRunSummary(makeParts({ command: 'validate', outcomes }));
    const paths = await writeCopiesAndSummary({
      dir,
      summary,
      sourcePath,
      info: makeInfo({ file: 'товары.xlsx', format: 'xlsx', sheet: 'Товары', header: makeHeader(['Артикул', 'Цена']) }),
      outcomeOf: makeOutcomeOf(outcomes),
    });
    const written = JSON.parse(await readFile(paths.summary, 'utf8')) as typeof summary;
    const added = written.issues.filter((issue) => issue.code === 'rows_out_of_order');
    expect(added).toMatchObject([{ severity: 'warning', sheet: 'Товары', message: expect.stringMatching(/row 2 after row 3/) }]);
    expect(written.issues.filter((issue) => issue.code !== 'rows_out_of_order')).toEqual(summary.issues);
    expect(written.issues).toEqual([...written.issues].sort(compareIssues));
  });

  it('writes annotated.csv and rejected-rows.csv with the input delimiter for a CSV input, reading it again', async () => {
    const dir = await makeTempDir();
    const sourcePath = join(dir, 'товары.csv');
    await writeFile(sourcePath, 'Артикул\tЦена\nA-1\t100\nA-2\tabc\n');
    const summary = buildRunSummary(makeParts({ command: 'validate', outcomes }));
    const paths = await writeCopiesAndSummary({
      dir,
      summary,
      sourcePath,
      info: makeInfo({ file: 'товары.csv', format: 'csv', delimiter: '\t', header: makeHeader(['Артикул', 'Цена']) }),
      outcomeOf: makeOutcomeOf(outcomes),
    });
    expect(paths.annotated).toBe(join(dir, 'annotated.csv'));
    expect(await readFile(requireAnnotatedPath(paths), 'utf8')).toBe(
      '\uFEFFАртикул\tЦена\t_status\t_errors\t_product_id\t_sku_id\t_job_id\r\n' +
        'A-1\t100\tvalid\t\t\t\t\r\n' +
        'A-2\tabc\tinvalid\t"column B (Цена): price is not a number (value ""abc"")"\t\t\t\r\n',
    );
    expect(await readFile(paths.rejectedRows, 'utf8')).toBe(
      '\uFEFFrow\tstatus\tissue_code\tmessage\tАртикул\tЦена\r\n' +
        '3\tinvalid\tprice_not_number\t"column B (Цена): price is not a number (value ""abc"")"\tA-2\tabc\r\n',
    );
  });

  it('refuses to copy a CSV input that is no longer the file the run read', async () => {
    const dir = await makeTempDir();
    const sourcePath = join(dir, 'x.csv');
    await writeFile(sourcePath, 'B\n1\n');
    await expect(
      writeCopiesAndSummary({
        dir,
        summary: buildRunSummary(makeParts()),
        sourcePath,
        info: makeInfo({ file: 'x.csv', format: 'csv', header: makeHeader(['A']) }),
        outcomeOf: () => undefined,
      }),
    ).rejects.toThrow(/changed since it was read/);
  });
});
