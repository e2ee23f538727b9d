/**
 * The annotated CSV and `rejected-rows.csv` of a CSV input, byte for byte, against a reference
 * built from the full reader (`csvReader`: the rows and row numbers the outcomes are keyed by)
 * and `formatCsvRecord`: the report reads the file again in text-only mode and writes records
 * that need no formatting as they stand, and neither may change a byte of the output.
 */
import { Buffer } from 'node:buffer';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { ANNOTATION_HEADERS, buildAnnotationTexts, buildAnnotationWords, joinIssueTexts } from '../../src/report/annotation-columns.js';
import { buildRunSummary } from '../../src/report/build-run-summary.js';
import { CSV_BOM, CSV_NEWLINE, measureVerbatimBytes } from '../../src/report/format-csv-record.js';
import { formatCsvRecord } from './report-builders.js';
import { neutralizeFormula } from '../../src/report/neutralize-formula.js';
import { PROBLEM_STATUSES, ROW_STATUSES, type RowOutcome, type RowStatus } from '../../src/report/report-types.js';
import { CSV_ISSUE_SEPARATOR, keptColumns } from '../../src/report/write-annotated-csv.js';
import { REJECTED_ROWS_LEADING_HEADERS } from '../../src/report/write-rejected-rows-csv.js';
import { createLineBreakCounter } from '../../src/sources/count-line-breaks.js';
import { csvReader, openCsvTextRecords } from '../../src/sources/read-csv.js';
import type { ReadOptions, SourceInfo } from '../../src/sources/types.js';
import { collectRows } from '../sources/temp-files.js';
import { makeIssue, makeParts, makeTempDir, writeCopiesAndSummary } from './report-builders.js';

const PIPELINE: ReadOptions = { ignoreHeaderPrefix: '_', maxCellLength: 32_767, maxRows: 1_000_000 };

type OutcomeOf = (row: number) => RowOutcome | undefined;

/**
 * The two files as the report must write them: every record of the input (the reader's own
 * record loop, `openCsvTextRecords`) in file order on the row the reader numbered it (empty lines
 * where the input has lines the reader skips), the header with the `_` headers appended, the
 * reader's data rows padded to the header's width with their appended cells (values right of the
 * header after them), everything else as it stands; `rejected-rows.csv`: the header and the data
 * rows that need attention. Formatted by the project's CSV formatter.
 */
async function buildReference(path: string, options: ReadOptions, outcomeOf: OutcomeOf): Promise<{ info: SourceInfo; annotated: string; rejected: string }> {
  const stream = await csvReader.open(path, options, {});
  const { info } = stream;
  const dataRows = new Set((await collectRows(stream)).map((row) => row.row));
  const delimiter = info.delimiter ?? ',';
  const record = (values: readonly string[]): string => formatCsvRecord(values, delimiter) + CSV_NEWLINE;
  let annotated = CSV_BOM;
  let rejected = CSV_BOM;
  let line = 1;
  let width = 0;
  let keep: number[] = [];
  for await (const found of (await openCsvTextRecords(path, options)).records) {
    for (; line < found.row; line++) annotated += CSV_NEWLINE;
    line = found.row + createLineBreakCounter(found.text)(0, found.text.length) + 1;
    if (found.row === info.headerRow) {
      width = found.fields.length;
      while (width > 0 && (found.fields[width - 1] ?? '').trim() === '') width--;
      const header = found.fields.slice(0, width).map((name) => name.trim());
      // Blank fields right of the header are not written: the line breaks they held neither.
      const written = header.join('\0');
      line = found.row + createLineBreakCounter(written)(0, written.length) + 1;
      keep = keptColumns(header);
      annotated += record([...keep.map((i) => header[i] ?? ''), ...ANNOTATION_HEADERS]);
      rejected += record([...REJECTED_ROWS_LEADING_HEADERS, ...keep.map((i) => header[i] ?? '')]);
    } else if (found.row > info.headerRow && dataRows.has(found.row)) {
      const values = keep.map((i) => found.fields[i] ?? '');
      let end = found.fields.length;
      while (end > width && found.fields[end - 1] === '') end--;
      const beyond = found.fields.slice(width, end);
      const outcome = outcomeOf(found.row);
      annotated += record([...values, ...buildAnnotationTexts(outcome, CSV_ISSUE_SEPARATOR, buildAnnotationWords()), ...beyond]);
      if (outcome !== undefined && PROBLEM_STATUSES.has(outcome.status)) {
        const codes = [...new Set(outcome.issues.map((issue) => issue.code))].join(CSV_ISSUE_SEPARATOR);
        rejected += record([String(found.row), outcome.status, codes, joinIssueTexts(outcome.issues, CSV_ISSUE_SEPARATOR, buildAnnotationWords().translator), ...values, ...beyond]);
      }
    } else {
      annotated += record(found.fields);
    }
  }
  return { info, annotated, rejected };
}

async function expectSameAsReference(content: string | Uint8Array, outcomeOf: OutcomeOf, options: ReadOptions = PIPELINE, name = 'catalog.csv'): Promise<string> {
  const dir = await makeTempDir();
  const path = join(dir, name);
  await writeFile(path, content);
  const reference = await buildReference(path, options, outcomeOf);
  const paths = await writeCopiesAndSummary({
    dir: join(dir, 'report'),
    summary: buildRunSummary(makeParts()),
    sourcePath: path,
    info: reference.info,
    readOptions: options,
    outcomeOf,
  });
  const annotated = await readFile(paths.annotated ?? '', 'utf8');
  expect(annotated).toBe(reference.annotated);
  // Read back with the same options, the copy gives the input's rows on the input's row numbers
  // (formula-like text with the prefix the writer gives it).
  const visible = reference.info.header.map((column) => column.index);
  const readBack = async (file: string, prefix: (text: string) => string): Promise<{ row: number; values: string[] }[]> =>
    (await collectRows(await csvReader.open(file, options, {}))).map((row) => ({ row: row.row, values: visible.map((index) => prefix(row.cells[index]?.text ?? '')) }));
  // Not for a value ending in a CR right before the LF of an LF file: the reader counts that CR and
  // LF as one line break, while the copy must quote the CR (two); the rows after it shift by one.
  // Nor for tabs and lone CRs: `neutralizeFormula` prefixes a cell of white space starting with
  // one, so a blank cell (or row) reads back as filled (see docs/report.md).
  const text = typeof content === 'string' ? content : '';
  if (!(/\r\n/.test(text) && /(^|[^\r])\n/.test(text)) && !/\t|\r(?!\n)/.test(text)) {
    expect(await readBack(paths.annotated ?? '', (value) => value)).toEqual(await readBack(path, neutralizeFormula));
  }
  expect(await readFile(paths.rejectedRows, 'utf8')).toBe(reference.rejected);
  return annotated;
}

const priceIssue = makeIssue({ code: 'price_not_number', message: 'price is not a number', column: 'C', header: 'Цена', value: '=1+1' });
const byRow = (outcomes: Record<number, Omit<RowOutcome, 'row'>>): OutcomeOf => (row) => {
  const outcome = outcomes[row];
  return outcome && { row, ...outcome };
};

describe('annotated.csv and rejected-rows.csv of a CSV input', () => {
  it('records written as they stand and records that need quoting or a formula prefix', async () => {
    const content = 'Артикул;Название;Цена;Заметка\nA-1;Футболка;100;x\nA-2; пробел ;=1+1;y\nA-3;"в ""кавычках""";-5;z\nA-4;"две\nстроки";+7;\n@A-5;Носки;200\nA-6;Шапка;-5,5;\tz\nA-7;Шарф;\u3000;z\u00A0\nA-8;Юбка;＝1;z\r\nA-9;Юб\rка;1;z\nA-10;=SUM(1);2;z\n';
    const outcomes = byRow({ 2: { status: 'valid', issues: [] }, 3: { status: 'invalid', issues: [priceIssue] }, 4: { status: 'accepted', productId: 5, skuId: 6, jobId: 'j', issues: [] }, 7: { status: 'rejected', issues: [priceIssue] } });
    const annotated = await expectSameAsReference(content, outcomes);
    // The seller's own `_` column stays where it is; a column of an earlier run's is replaced (records are then rebuilt).
    expect((await expectSameAsReference(content.replace('Заметка', '_заметка'), outcomes)).split(CSV_NEWLINE)[1]).toBe('A-1;Футболка;100;x;valid;;;;');
    expect((await expectSameAsReference(content.replace('Заметка', '_errors'), outcomes)).split(CSV_NEWLINE)[1]).toBe('A-1;Футболка;100;valid;;;;');
    expect(annotated.split(CSV_NEWLINE).slice(1, 3)).toEqual(['A-1;Футболка;100;x;valid;;;;', `A-2;" пробел ";'=1+1;y;invalid;"column C (Цена): price is not a number (value ""=1+1"")";;;`]);
  });

  it('CRLF and CR files, a header below line 1, empty lines, rows too short or too long', async () => {
    const content = 'Прайс;;\n\nАртикул;Цена;Остаток\nA-1;100;5\n\nA-2\nA-3;1;2;3;4\n;;\nA-4;1;1\n';
    const outcomes = byRow({ 4: { status: 'valid', issues: [] }, 6: { status: 'invalid', issues: [priceIssue] }, 7: { status: 'not_sent', issues: [] }, 9: { status: 'valid', issues: [] } });
    await expectSameAsReference(content, outcomes);
    await expectSameAsReference(content.replaceAll('\n', '\r\n'), outcomes);
    await expectSameAsReference(content.replaceAll('\n', '\r'), outcomes);
  });

  it('records ending in CRLF, LF and CR alone in one file (issue 36): every row in both files, with its outcome', async () => {
    const outcomes = byRow({ 2: { status: 'valid', issues: [] }, 3: { status: 'invalid', issues: [priceIssue] }, 4: { status: 'rejected', issues: [priceIssue] }, 5: { status: 'valid', issues: [] } });
    for (const content of ['Артикул модели;Цена;Фото 1\r\nPI-1;10;u1\r\nPI-2;20;u2\nPI-3;30;u3\rPI-4;"4\n0";u4\n', 'Артикул модели;Цена;Фото 1\nPI-1;10;u1\nPI-2;20;u2\r\nPI-3;30;u3\r\nPI-4;"4\n0";u4\r']) {
      const annotated = (await expectSameAsReference(content, outcomes)).split(CSV_NEWLINE);
      expect(annotated.slice(1, 4)).toEqual([
        'PI-1;10;u1;valid;;;;',
        'PI-2;20;u2;invalid;"column C (Цена): price is not a number (value ""=1+1"")";;;',
        'PI-3;30;u3;rejected;"column C (Цена): price is not a number (value ""=1+1"")";;;',
      ]);
      expect(annotated[4]).toMatch(/^PI-4;"4\n0";u4;valid;/);
    }
  });

  it('Windows-1251, UTF-16, a BOM, invalid bytes, tabs', async () => {
    const content = 'Артикул,Название\nЁ-1,"Щётка, зубная"\nЁ-2,Мыло\n';
    const outcomes = byRow({ 2: { status: 'invalid', issues: [priceIssue] }, 3: { status: 'valid', issues: [] } });
    await expectSameAsReference(iconv.encode(content, 'windows-1251'), outcomes);
    await expectSameAsReference(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(content, 'utf16le')]), outcomes);
    await expectSameAsReference(`\uFEFF${content}`, outcomes);
    await expectSameAsReference(Buffer.concat([Buffer.from('Артикул;Название\nЁ-1;'), Buffer.from([0xd0, 0x3f]), Buffer.from('\nЁ-2;x\n')]), outcomes);
    await expectSameAsReference(content.replaceAll(',', '\t'), outcomes, PIPELINE, 'catalog.tsv');
  });

  it('malformed quotes (the copy goes on in the reader text mode from that row), records longer than a read chunk', async () => {
    const outcomes = byRow({ 2: { status: 'valid', issues: [] }, 3: { status: 'invalid', issues: [priceIssue] }, 4: { status: 'valid', issues: [] }, 5: { status: 'rejected', issues: [priceIssue] } });
    await expectSameAsReference('Артикул;Название;Цена\nA-1;Футболка;100\nA-2;"12"x;=1\nA-3;Шапка;3\n"A-4;Носки;4\n', outcomes);
    const long = 'Я'.repeat(700_000);
    await expectSameAsReference(`Артикул;Название;Цена\nA-1;${long};100\nA-2;"${long}\n";1\nA-3;${long}é;3\n`, outcomes);
  });

  it('random files and outcomes', async () => {
    // Pieces that matter to quoting, formula prefixes and record boundaries, and plain text.
    const pieces = fc.constantFrom('a', 'Товар', '7', ' ', '\t', ';', '"', '\n', '\r\n', '\r', '=', '+', '-', '-5', '@', '\uFF1D', '\u00A0', '\u3000', '\uFEFF', '\u2028', 'é', '😀', '');
    const field = fc.array(pieces, { maxLength: 4 }).map((parts) => parts.join(''));
    const written = fc.oneof({ weight: 3, arbitrary: field.filter((text) => !/[;"\n]/.test(text)) }, { weight: 1, arbitrary: field.map((text) => `"${text.replaceAll('"', '""')}"`) });
    const record = fc.array(written, { minLength: 1, maxLength: 6 }).map((fields) => fields.join(';'));
    const status = fc.constantFrom<RowStatus>(...ROW_STATUSES);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('Артикул;Название;Цена', 'Артикул;Название;_x;Цена', 'Артикул;;Цена;'),
        fc.array(record, { minLength: 1, maxLength: 10 }),
        fc.constantFrom('\n', '\r\n'),
        fc.array(fc.option(status), { maxLength: 40 }),
        async (header, records, eol, statuses) => {
          const content = `${header}${eol}${records.join(eol)}${eol}`;
          const outcomeOf: OutcomeOf = (row) => {
            const found = statuses[row];
            if (found == null) return undefined;
            return { row, status: found, issues: PROBLEM_STATUSES.has(found) ? [priceIssue] : [] };
          };
          await expectSameAsReference(content, outcomeOf, { ...PIPELINE, delimiter: ';' });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('measureVerbatimBytes: a record it passes is exactly what formatting its fields writes', () => {
    const value = fc.array(fc.constantFrom('a', 'Я', ' ', '\t', '=', '+', '-', '-5', '@', '\uFF20', '\u00A0', '\u2007', '\u205F', '\uFEFF', '\u0085', '😀', ';', ''), { maxLength: 4 }).map((parts) => parts.join(''));
    const measure = (text: string): number => {
      const bytes = Buffer.from(text, 'utf8');
      return measureVerbatimBytes(bytes, 0, bytes.length, 59);
    };
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 6 }), (values) => {
        const text = values.join(';');
        const fields = text.split(';');
        if (measure(text) >= 0) expect(formatCsvRecord(fields, ';')).toBe(text);
        expect(measure(text) === -1 || measure(text) === fields.length).toBe(true);
      }),
      { numRuns: 2000 },
    );
    expect(measure('a;b')).toBe(2);
    expect(measure('a;=b')).toBe(-1);
    expect(measure(' a;b')).toBe(-1);
    expect(measure('a;b\u00A0')).toBe(-1);
  });
});
