/**
 * CSV conformance: the edge cases every CSV reader must agree on (RFC 4180 and what spreadsheets
 * write), each with its expected fields written here; plus the bounds that keep a broken or hostile
 * file from costing more than its size.
 */
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { SourceReadError } from '../../src/core/errors.js';
import { CSV_MAX_RECORD_CHARS, csvReader } from '../../src/sources/read-csv.js';
import type { SourceRow } from '../../src/sources/types.js';
import { collectRows, writeTempFile } from './temp-files.js';

async function readFields(content: string | Uint8Array, delimiter = ','): Promise<{ rows: SourceRow[]; fields: string[][]; numbers: number[] }> {
  const path = await writeTempFile('edge.csv', content);
  const rows = await collectRows(await csvReader.open(path, { headerRow: 1, delimiter, encoding: 'utf-8' }, {}));
  return { rows, fields: rows.map((row) => row.cells.map((cell) => cell?.text ?? '')), numbers: rows.map((row) => row.row) };
}

describe('CSV conformance', () => {
  it.each<[string, string, string[][], number[]]>([
    ['plain fields', 'a,b,c\n1,2,3\n', [['1', '2', '3']], [2]],
    ['quoted fields with delimiters', 'a,b\n"x, y","z"\n', [['x, y', 'z']], [2]],
    ['escaped quotes', 'a,b\n"say ""hi""",""""\n', [['say "hi"', '"']], [2]],
    ['embedded LF and CRLF in quotes; next record numbered by editor line', 'a,b\r\n"one\ntwo","three\r\nfour"\r\nx,y\r\n', [['one\ntwo', 'three\r\nfour'], ['x', 'y']], [2, 5]],
    ['empty fields, quoted and not; an all-empty record is skipped', 'a,b,c\n,"",x\n,,\n"",1,\n', [['', '', 'x'], ['', '1', '']], [2, 4]],
    ['no newline at the end', 'a,b\n1,2', [['1', '2']], [2]],
    ['CR-only line endings', 'a,b\r1,2\r3,4\r', [['1', '2'], ['3', '4']], [2, 3]],
    ['Unicode: Cyrillic, Kazakh, emoji, CJK', 'a,b\nҚазақ,😀 日本\n', [['Қазақ', '😀 日本']], [2]],
    ['a UTF-8 BOM is not part of the first header', '\uFEFFa,b\n1,2\n', [['1', '2']], [2]],
    ['spaces around fields are kept', 'a,b\n  1 , 2  \n', [['  1 ', ' 2  ']], [2]],
  ])('%s', async (_, content, expected, lines) => {
    const { fields, numbers } = await readFields(content);
    expect(fields).toEqual(expected);
    expect(numbers).toEqual(lines);
  });

  it('reads records and letters that straddle the 64 KB chunk boundaries', async () => {
    const long = 'Ж'.repeat(70_000);
    const quoted = `"${'ё,\n'.repeat(30_000)}"`;
    const { fields, numbers } = await readFields(`a,b\n${long},1\n${quoted},2\nx,3\n`);
    expect(fields).toEqual([
      [long, '1'],
      ['ё,\n'.repeat(30_000), '2'],
      ['x', '3'],
    ]);
    expect(numbers).toEqual([2, 3, 30_004]);
  });
});

describe('CSV bounds', () => {
  it('reads a record of many megabytes whole, parsing it in linear time', async () => {
    // Quadratic re-parsing took minutes here (~22 s for 50 MB); the bench measures it, this checks the value.
    const cell = 'x'.repeat(6 * 1024 * 1024);
    const { fields } = await readFields(`a,b\n${cell},end\n`);
    expect(fields[0]?.[0]?.length).toBe(cell.length);
    expect(fields[0]?.[1]).toBe('end');
  });

  it('stops at the row of a record over the bound (an unclosed quote that swallowed the file), quoting it cut', async () => {
    const rest = 'y'.repeat(CSV_MAX_RECORD_CHARS + 1000);
    const path = await writeTempFile('unclosed.csv', `a,b\n1,2\n"never closed,${rest}\n`);
    const stream = await csvReader.open(path, { headerRow: 1 }, {});
    const seen: string[][] = [];
    const error = await (async () => {
      for await (const row of stream.rows) seen.push(row.cells.map((cell) => cell?.text ?? ''));
    })().catch((e: unknown) => e);
    expect(seen).toEqual([['1', '2']]);
    expect(error).toBeInstanceOf(SourceReadError);
    const message = (error as Error).message;
    expect(message).toContain(`${path}: row 3: a record longer than 16,777,216 characters`);
    expect(message).toContain('a quoted field that is never closed, or not a CSV file');
    expect(message.length).toBeLessThan(400);
  });

  it('reads a record of more fields than Excel has columns up to column XFD and reports the rest on its row', async () => {
    const header = Array.from({ length: 16_384 }, (_, i) => `h${i}`).join(',');
    const { rows } = await readFields(`${header}\n${Array.from({ length: 20_000 }, (_, i) => i).join(',')}\n`);
    expect(rows[0]?.cells).toHaveLength(16_384);
    expect(rows[0]?.issues).toMatchObject([{ code: 'cell_beyond_limits', severity: 'error', row: 2, column: 'XFE' }]);
  });

  it('quotes header cells cut to 80 characters when the header row is not found', async () => {
    const huge = 'Ш'.repeat(1_000_000);
    const path = await writeTempFile('noheader.csv', Buffer.from(`${huge},b\n1,2\n`));
    const error = await csvReader.open(path, { expectedHeaders: ['SKU', 'Price'] }, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceReadError);
    expect((error as Error).message).toContain(`"${'Ш'.repeat(80)}…", "b"`);
    expect((error as Error).message.length).toBeLessThan(500);
  });
});
