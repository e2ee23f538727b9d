/**
 * A workbook whose texts hold line ends, entities and references, and then what XML refuses (`&#0;`,
 * a lone surrogate, an undefined entity, a stray `&`), in the shared strings and in inline strings,
 * read by the XLSX reader AND patched by the annotated copy: the same values, or the same clear
 * error (a `SourceReadError` naming the file, the sheet and the part) — never a value read one way
 * by the run and another by the copy, never a crash.
 */
import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SourceReadError } from '../../src/core/errors.js';
import { writeAnnotatedWorkbook } from '../../src/report/write-annotated-workbook.js';
import { xlsxReader } from '../../src/sources/read-xlsx.js';
import { loadZipDirectory, loadZipEntryText } from '../../src/xlsx/zip-directory.js';
import { buildStoredZip, buildXlsxParts } from '../fuzz/build-xlsx-bytes.js';
import { collectRows } from '../sources/temp-files.js';
import { makeHeader, makeInfo, makeIssue, makeOutcomeOf, makeTempDir } from './report-builders.js';

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const inline = (ref: string, xml: string): string => `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xml}</t></is></c>`;

/**
 * Header `Артикул | Текст | Заметка`; row 2 holds `shared` (shared string 1) in B and `inlineXml` in C;
 * row 3 is a plain row. Shared string 0 is the header's `Текст`, so the copy loads the strings past it.
 */
async function writeWorkbook(dir: string, shared: string, inlineXml: string): Promise<string> {
  const path = join(dir, 'entities.xlsx');
  const sheetData =
    `<row r="1">${inline('A1', 'Артикул')}<c r="B1" t="s"><v>0</v></c>${inline('C1', 'Заметка')}</row>` +
    `<row r="2">${inline('A2', 'A-1')}<c r="B2" t="s"><v>1</v></c>${inline('C2', inlineXml)}</row>` +
    `<row r="3">${inline('A3', 'A-2')}<c r="B3" t="s"><v>2</v></c>${inline('C3', 'просто')}</row>`;
  const parts = buildXlsxParts([['x']], { sheetName: 'Лист1' });
  parts['xl/sharedStrings.xml'] = `<?xml version="1.0"?><sst xmlns="${NS}"><si><t>Текст</t></si><si><t xml:space="preserve">${shared}</t></si><si><t>обычный</t></si></sst>`;
  parts['xl/worksheets/sheet1.xml'] = `<?xml version="1.0"?><worksheet xmlns="${NS}"><sheetData>${sheetData}</sheetData></worksheet>`;
  await writeFile(path, buildStoredZip(parts));
  return path;
}

/** The rows as the reader reads them, or the error it stops with. */
async function readWithReader(path: string): Promise<string[][] | unknown> {
  try {
    const stream = await xlsxReader.open(path, { headerRow: 1 }, {});
    return (await collectRows(stream)).map((row) => row.cells.map((cell) => cell?.text ?? ''));
  } catch (error) {
    return error;
  }
}

/** The rows as the annotated copy reads them (every row handed on, row 2 with an issue on its text), or the error it stops with. */
async function readWithCopy(path: string, dir: string): Promise<string[][] | unknown> {
  const info = makeInfo({ file: path, format: 'xlsx', sheet: 'Лист1', headerRow: 1, header: makeHeader(['Артикул', 'Текст', 'Заметка']) });
  const outcomes = makeOutcomeOf([
    { row: 2, status: 'invalid', issues: [makeIssue({ code: 'bad_text', message: 'text is wrong', row: 2, column: 'B', header: 'Текст' })] },
    { row: 3, status: 'valid', issues: [] },
  ]);
  const rows: string[][] = [];
  try {
    await writeAnnotatedWorkbook({ sourcePath: path, outPath: join(dir, 'annotated.xlsx'), info, outcomeOf: outcomes, onDataRow: (row) => void rows.push([...row.values]) });
    return rows;
  } catch (error) {
    return error;
  }
}

describe('the reader and the annotated copy decode a workbook’s texts alike', () => {
  it('reads line ends, entities and character references to the same values', async () => {
    const dir = await makeTempDir();
    const path = await writeWorkbook(dir, 'Tom &amp;amp; Jerry\r\nвторая&#13;строка &#1046;&#x416;', '&lt;b&gt; «Қазақ»\rконец &quot;&apos;');
    const expected = [
      ['A-1', 'Tom &amp; Jerry\nвторая\rстрока ЖЖ', '<b> «Қазақ»\nконец "\''],
      ['A-2', 'обычный', 'просто'],
    ];
    expect(await readWithReader(path)).toEqual(expected);
    expect(await readWithCopy(path, dir)).toEqual(expected);
  });

  it('reads a CDATA section or comment holding </row>, </c> or </t> to the same values (no row or cell cut short in the copy)', async () => {
    const dir = await makeTempDir();
    const path = await writeWorkbook(dir, 'общий', 'a<![CDATA[</row><row r="9"></c>&amp;</t>]]><!-- </row> -->b');
    const expected = [
      ['A-1', 'общий', 'a</row><row r="9"></c>&amp;</t>b'],
      ['A-2', 'обычный', 'просто'],
    ];
    expect(await readWithReader(path)).toEqual(expected);
    expect(await readWithCopy(path, dir)).toEqual(expected);
  });

  const refused: [string, string, string, RegExp][] = [
    ['a reference to NUL in a shared string', '&#0;', 'x', /malformed character reference &#0;/],
    ['a lone surrogate in a shared string', 'a&#xD800;b', 'x', /malformed character reference &#xD800;/],
    ['an undefined entity in a shared string', 'цена&nbsp;100', 'x', /undefined entity &nbsp;/],
    ['a stray & in a shared string', 'AT&T', 'x', /a "&" that starts no entity/],
    ['a reference to NUL in an inline string', 'x', '&#0;', /malformed character reference &#0;/],
    ['an undefined entity in an inline string', 'x', 'цена&nbsp;100', /undefined entity &nbsp;/],
    ['a stray & in an inline string', 'x', 'Procter & Gamble', /a "&" that starts no entity/],
  ];
  it.each(refused)('stops the reader and the copy alike on %s, naming the file, the sheet and the cell or the part', async (_, shared, inlineXml, reason) => {
    const dir = await makeTempDir();
    const path = await writeWorkbook(dir, shared, inlineXml);
    // A text in the sheet is named by its sheet and cell (the CLI prints the message only); a shared string by its part.
    const part = shared === 'x' ? /\(sheet "Лист1": .* in cell C2\)$/ : /xl\/sharedStrings\.xml is malformed/;
    for (const error of [await readWithReader(path), await readWithCopy(path, dir)]) {
      expect(error).toBeInstanceOf(SourceReadError);
      const { message, sheet } = error as SourceReadError;
      expect(message).toMatch(/entities\.xlsx: the workbook is corrupt/);
      expect(message).toMatch(reason);
      expect(message).toMatch(part);
      expect(sheet).toBe('Лист1');
    }
  });
});

describe('the annotated copy numbers rows as the reader does', () => {
  it('reads a row number written as a character reference (`<row r="&#51;">` after row 1 is row 3) and annotates it with row 3’s outcome', async () => {
    const dir = await makeTempDir();
    const path = join(dir, 'row-ref.xlsx');
    const sheetData = `<row r="1">${inline('A1', 'Артикул')}${inline('B1', 'Текст')}</row><row r="&#51;">${inline('A3', 'A-3')}${inline('B3', 'три')}</row>`;
    const parts = buildXlsxParts([['x']], { sheetName: 'Лист1' });
    parts['xl/worksheets/sheet1.xml'] = `<?xml version="1.0"?><worksheet xmlns="${NS}"><sheetData>${sheetData}</sheetData></worksheet>`;
    await writeFile(path, buildStoredZip(parts));
    const stream = await xlsxReader.open(path, { headerRow: 1 }, {});
    expect((await collectRows(stream)).map((row) => row.row)).toEqual([3]);

    const info = makeInfo({ file: path, format: 'xlsx', sheet: 'Лист1', headerRow: 1, header: makeHeader(['Артикул', 'Текст']) });
    const outcomes = makeOutcomeOf([{ row: 3, status: 'invalid', issues: [makeIssue({ code: 'bad_text', message: 'третья строка неверна', row: 3, column: 'B', header: 'Текст' })] }]);
    const handed: number[] = [];
    const outPath = join(dir, 'annotated.xlsx');
    await writeAnnotatedWorkbook({ sourcePath: path, outPath, info, outcomeOf: outcomes, onDataRow: (row) => void handed.push(row.row) });
    expect(handed).toEqual([3]);
    const directory = await loadZipDirectory(outPath, (await stat(outPath)).size);
    if ('problem' in directory) throw new Error('the copy is no zip');
    const sheetEntry = directory.entries.get('xl/worksheets/sheet1.xml');
    if (sheetEntry === undefined) throw new Error('the copy has no sheet');
    const sheet = await loadZipEntryText(outPath, sheetEntry);
    // The row keeps its number (3, however written), and its outcome's cells are in row 3, not row 2.
    expect(sheet).not.toMatch(/<row r="2"|<c r="[A-Z]+2"/);
    expect(sheet).toMatch(/<c r="[A-Z]+3"[^>]*>(?:(?!<\/c>).)*третья строка неверна/);
  });

  it('stops on a row number the reader refuses, naming the sheet and the row it follows', async () => {
    const dir = await makeTempDir();
    const path = join(dir, 'row-ref.xlsx');
    const sheetData = `<row r="1">${inline('A1', 'Артикул')}</row><row r="&three;">${inline('A3', 'A-3')}</row>`;
    const parts = buildXlsxParts([['x']], { sheetName: 'Лист1' });
    parts['xl/worksheets/sheet1.xml'] = `<?xml version="1.0"?><worksheet xmlns="${NS}"><sheetData>${sheetData}</sheetData></worksheet>`;
    await writeFile(path, buildStoredZip(parts));
    const reader = await readWithReader(path);
    const info = makeInfo({ file: path, format: 'xlsx', sheet: 'Лист1', headerRow: 1, header: makeHeader(['Артикул']) });
    const copy = await writeAnnotatedWorkbook({ sourcePath: path, outPath: join(dir, 'annotated.xlsx'), info, outcomeOf: makeOutcomeOf([]) }).catch((error: unknown) => error);
    for (const error of [reader, copy]) {
      expect(error).toBeInstanceOf(SourceReadError);
      expect((error as Error).message).toMatch(/row-ref\.xlsx: the workbook is corrupt or truncated \(sheet "Лист1": undefined entity &three; in the tag of the row after row 1\)$/);
    }
  });
});

describe('the annotated copy names the workbook part it refuses', () => {
  it('stops on an undefined entity in the workbook relationships, naming the file and the part, as the reader does', async () => {
    const dir = await makeTempDir();
    const path = await writeWorkbook(dir, 'a', 'b');
    const parts = buildXlsxParts([['x']], { sheetName: 'Лист1' });
    const rels = (parts['xl/_rels/workbook.xml.rels'] as string).replace('Target="sharedStrings.xml"', 'Target="shared&nbsp;Strings.xml"');
    parts['xl/_rels/workbook.xml.rels'] = rels;
    await writeFile(path, buildStoredZip(parts));
    const info = makeInfo({ file: path, format: 'xlsx', sheet: 'Лист1', headerRow: 1, header: makeHeader(['x']) });
    const copy = await writeAnnotatedWorkbook({ sourcePath: path, outPath: join(dir, 'annotated.xlsx'), info, outcomeOf: makeOutcomeOf([]) }).catch((error: unknown) => error);
    for (const error of [await readWithReader(path), copy]) {
      expect(error).toBeInstanceOf(SourceReadError);
      expect((error as Error).message).toMatch(/entities\.xlsx: the workbook is corrupt.*undefined entity &nbsp; in the workbook relationships/);
    }
  });
});
