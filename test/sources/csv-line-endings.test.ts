/**
 * Line endings per record (issue 36): a CSV whose records end in CRLF, LF and CR alone, mixed in
 * any order, reads every record with clean values, whatever its first line ends with; quoted
 * fields keep their inner line breaks; the text mode gives each record's own text and line break.
 * Checked on the issue's file both ways round, at the reader's chunk boundaries, and on generated
 * files against papaparse (given each file with one line break, which it needs to be told).
 */
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvReader, openCsvTextRecords, type CsvTextRecord } from '../../src/sources/read-csv.js';
import { collectRows, writeTempFile } from './temp-files.js';

async function readRows(content: string): Promise<{ row: number; values: string[] }[]> {
  const path = await writeTempFile('mixed.csv', content);
  const stream = await csvReader.open(path, {}, {});
  const rows = await collectRows(stream);
  return rows.map((row) => ({ row: row.row, values: row.cells.map((cell) => cell?.text ?? '') }));
}

async function readRecords(content: string): Promise<CsvTextRecord[]> {
  const path = await writeTempFile('mixed.csv', content);
  const records: CsvTextRecord[] = [];
  for await (const record of (await openCsvTextRecords(path, { delimiter: ';' })).records) records.push(record);
  return records;
}

const ISSUE_ROWS = [
  { row: 2, values: ['PI-1', '10', 'u1'] },
  { row: 3, values: ['PI-2', '20', 'u2'] },
  { row: 4, values: ['PI-3', '30', 'u3'] },
];

describe('CSV line endings per record', () => {
  it('reads the three rows of a file that starts with CRLF and goes on with LF (the issue’s file)', async () => {
    const rows = await readRows('Артикул модели;Цена;Фото 1\r\nPI-1;10;u1\r\nPI-2;20;u2\nPI-3;30;u3\n');
    expect(rows).toEqual(ISSUE_ROWS);
  });

  it('reads them the other way round, without a CR left in a value', async () => {
    expect(await readRows('Артикул модели;Цена;Фото 1\nPI-1;10;u1\nPI-2;20;u2\r\nPI-3;30;u3\r\n')).toEqual(ISSUE_ROWS);
    expect(await readRows('Артикул модели;Цена;Фото 1\rPI-1;10;u1\r\nPI-2;20;u2\nPI-3;30;u3\r')).toEqual(ISSUE_ROWS);
  });

  it('keeps quoted line breaks of every kind inside their field', async () => {
    const rows = await readRows('Артикул;Описание\nA-1;"одна\r\nдве\nтри\rчетыре"\r\nA-2;x\r');
    expect(rows).toEqual([
      { row: 2, values: ['A-1', 'одна\r\nдве\nтри\rчетыре'] },
      { row: 6, values: ['A-2', 'x'] },
    ]);
  });

  it('gives each record its own text and the row it starts on in the text mode', async () => {
    expect(await readRecords('a;b\r\n1;"x\ny"\n2;3\r4;5')).toEqual([
      { row: 1, fields: ['a', 'b'], text: 'a;b' },
      { row: 2, fields: ['1', 'x\ny'], text: '1;"x\ny"' },
      { row: 4, fields: ['2', '3'], text: '2;3' },
      { row: 5, fields: ['4', '5'], text: '4;5' },
    ]);
  });

  it('takes a CRLF cut by the reader’s chunk boundary as one line break', async () => {
    // The reader feeds 64 KiB chunks: put the CR of a CRLF on each side of the first boundary.
    for (let shift = -3; shift <= 3; shift++) {
      const head = 'a;b\r\n';
      const first = `x;${'y'.repeat(64 * 1024 - head.length - 3 + shift)}`;
      const records = await readRecords(`${head}${first}\r\n2;3\n4;5\r\n`);
      expect(records.map((record) => [record.row, record.text])).toEqual([
        [1, 'a;b'],
        [2, first],
        [3, '2;3'],
        [4, '4;5'],
      ]);
    }
  });

  it('ends a record at a CR alone after a closing quote in a file with LFs, and keeps a quoted CR before a CRLF', async () => {
    // papaparse told `\n` takes `"x"\r2` for a misplaced quote and reads on to the next quote.
    expect(await readRecords('a;b\n1;"x"\r2;3\n4;"y\r"\r\n5;6')).toEqual([
      { row: 1, fields: ['a', 'b'], text: 'a;b' },
      { row: 2, fields: ['1', 'x'], text: '1;"x"' },
      { row: 3, fields: ['2', '3'], text: '2;3' },
      { row: 4, fields: ['4', 'y\r'], text: '4;"y\r"' },
      { row: 6, fields: ['5', '6'], text: '5;6' },
    ]);
  });

  it('reads quotes as papaparse does: spaces after a closing quote dropped, a misplaced quote read on to the next quote', async () => {
    const path = await writeTempFile('quotes.csv', 'a;b;c\n1;"x"  ;y\n2;"z"w;v\n3;4\n');
    const rows = await collectRows(await csvReader.open(path, { delimiter: ';' }, {}));
    expect(rows.map((row) => row.cells.map((cell) => cell?.text ?? ''))).toEqual([
      ['1', 'x', 'y'],
      ['2', 'z"w;v\n3;4\n', ''],
    ]);
    expect(rows[1]?.issues?.map((issue) => [issue.code, issue.severity])).toEqual([
      ['csv_malformed', 'warning'],
      ['csv_malformed', 'error'],
    ]);
  });

  it('generated files with one line break and quotes anywhere: the records papaparse reads given that line break', async () => {
    const raw = fc.array(fc.constantFrom('a', 'Я', ' ', '1', '"', '""', ''), { maxLength: 3 }).map((parts) => parts.join(''));
    const inner = fc.array(fc.constantFrom('a', ' ', ';', '""', 'Я'), { maxLength: 3 }).map((parts) => parts.join(''));
    const quoted = fc.tuple(inner, fc.constantFrom('', '', ' ', 'x', '"', ' x')).map(([text, after]) => `"${text}"${after}`);
    const line = fc.array(fc.oneof(raw, quoted), { minLength: 1, maxLength: 4 }).map((fields) => fields.join(';'));
    const eol = fc.constantFrom('\r\n', '\n', '\r');
    await fc.assert(
      fc.asyncProperty(eol, fc.array(line, { maxLength: 8 }), fc.boolean(), async (lineBreak, lines, endsWithBreak) => {
        const content = ['Артикул;Цена', ...lines].join(lineBreak) + (endsWithBreak ? lineBreak : '');
        const parsed = Papa.parse<string[]>(content, { delimiter: ';', newline: lineBreak as '\r\n' | '\n' | '\r', quoteChar: '"' });
        // The reader skips records of empty fields only when they have no quoting fault.
        const faulty = new Set(parsed.errors.map((error) => error.row));
        const expected = parsed.data.filter((fields, i) => fields.some((field) => field !== '') || faulty.has(i));
        expect((await readRecords(content)).map((found) => found.fields)).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });

  it('generated files with mixed line endings: the records papaparse reads from the same file with one line break', async () => {
    const piece = fc.constantFrom('a', 'Я', ' ', ';', '"', '\n', '\r', '\r\n', '1', '');
    const value = fc.array(piece, { maxLength: 4 }).map((parts) => parts.join(''));
    const eol = fc.constantFrom('\r\n', '\n', '\r');
    const record = fc.array(value, { minLength: 1, maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(eol, fc.array(fc.tuple(record, eol), { maxLength: 10 }), fc.boolean(), async (headerEnd, body, endsWithBreak) => {
        // A header first: a file of empty records only is refused as empty.
        const lines: [string[], string][] = [[['Артикул', 'Цена'], headerEnd], ...body];
        const texts = lines.map(([values]) => values.map(quoteWhenNeeded).join(';'));
        const content = texts.map((text, i) => text + (i < texts.length - 1 || endsWithBreak ? (lines[i]?.[1] ?? '') : '')).join('');
        const expected = (Papa.parse<string[]>(texts.join('\n'), { delimiter: ';', newline: '\n', quoteChar: '"' }).data as string[][]).filter(
          (fields) => fields.some((field) => field !== ''),
        );
        const records = await readRecords(content);
        expect(records.map((found) => found.fields)).toEqual(expected);
        // Each record's text as written, and its row the editor line it starts on.
        let offset = 0;
        const written = texts.map((text, i) => {
          const lineBreak = i < texts.length - 1 || endsWithBreak ? (lines[i]?.[1] ?? '') : '';
          const at = { row: 1 + countLineBreaks(content.slice(0, offset)), text };
          offset += text.length + lineBreak.length;
          return at;
        });
        const kept = written.filter((_, i) => (lines[i]?.[0] ?? []).some((field) => field !== ''));
        expect(records.map(({ row: r, text }) => ({ row: r, text }))).toEqual(kept);
      }),
      { numRuns: 200 },
    );
  });
});

/** A field as a spreadsheet writes it: quoted when it holds the delimiter, a quote or a line break. */
function quoteWhenNeeded(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** CRLF, CR alone and LF alone are one editor line each. */
function countLineBreaks(text: string): number {
  return text.replaceAll('\r\n', '\n').replaceAll('\r', '\n').split('\n').length - 1;
}
