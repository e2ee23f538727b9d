/**
 * A valid workbook whose tags hold what XML allows but Excel does not write: a literal `>` inside
 * quoted attribute values (of rows, cells, formulas, texts, the sheet data, the dimension, a column,
 * a cell format, the sheet's name), single-quoted attributes, a value that reads like another
 * attribute (` r='Z9'`), a comment holding a cell between two cells, a processing instruction inside
 * a text, others holding `</c>` in a cell and `</row>` in a row, an end tag `</c >`. The reader and
 * the annotated copy must read it alike, and the copy must stay well formed with the seller's
 * markup kept as written.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { writeAnnotatedWorkbook } from '../../src/report/write-annotated-workbook.js';
import { xlsxReader } from '../../src/sources/read-xlsx.js';
import { loadZipDirectory, loadZipEntryText } from '../../src/xlsx/zip-directory.js';
import { buildStoredZip, buildXlsxParts } from '../fuzz/build-xlsx-bytes.js';
import { collectRows } from '../sources/temp-files.js';
import { makeHeader, makeInfo, makeIssue, makeOutcomeOf, makeTempDir } from './report-builders.js';

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const MY = 'xmlns:my="urn:example:my"';
const ODD_NAME = 'Лист>1';

/** The workbook; its one sheet named `sheetName`, a `>` in it written literally (allowed in an attribute value; Excel writes `&gt;`). */
async function writeWorkbook(dir: string, sheetName: string): Promise<string> {
  const path = join(dir, 'quoted.xlsx');
  const parts = buildXlsxParts([['x']], { sheetName });
  parts['xl/workbook.xml'] = (parts['xl/workbook.xml'] as string).replace('&gt;', '>');
  parts['xl/sharedStrings.xml'] = `<?xml version="1.0"?><sst xmlns="${NS}" ${MY}><si><t my:x="a>b">общий</t></si></sst>`;
  parts['xl/styles.xml'] =
    `<?xml version="1.0"?><styleSheet xmlns="${NS}" ${MY}><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>` +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" my:x="a>b" applyNumberFormat="1"/></cellXfs></styleSheet>';
  parts['[Content_Types].xml'] = (parts['[Content_Types].xml'] as string).replace(
    '</Types>',
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
  );
  parts['xl/_rels/workbook.xml.rels'] = (parts['xl/_rels/workbook.xml.rels'] as string).replace(
    '</Relationships>',
    '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
  );
  const inline = (ref: string, text: string, attributes = ''): string => `<c r="${ref}" t="inlineStr"${attributes}><is><t>${text}</t></is></c>`;
  const sheetData =
    `<sheetData my:x="a>b"><row r="1" my:x="a>b">${inline('A1', 'Артикул')}${inline('B1', 'Цена')}${inline('C1', 'Заметка')}</row>` +
    `<row r="2" spans="1:3" my:x="a>b" my:y='c>d'>${inline('A2', 'A-1', ' my:x="a>b"')}` +
    `<c my:note="see r='Z9'" r="B2" s="1" my:x="a>b"><f my:x="a>b">1+1</f><v>2</v></c>` +
    `<!-- <c r="Z2" t="inlineStr"><is><t>призрак</t></is></c> -->` +
    `<c r="C2" t="inlineStr"><is><t my:x="a>b">x<?pi a>b?>y</t></is></c></row>` +
    `<row r='3' my:x='a>b'><c r='A3' t='inlineStr'><is><t>A-<?pi </c>?>2</t></is></c><c r="B3"><v>5</v></c ><c r="C3" t="s" my:x="a>b"><v>0</v></c><?pi </row>?></row></sheetData>`;
  parts['xl/worksheets/sheet1.xml'] =
    `<?xml version="1.0"?><worksheet xmlns="${NS}" ${MY}><dimension ref="A1:C3" my:x="a>b"/>` +
    `<cols><col min="1" max="3" width="14" my:x="a>b" customWidth="1"/></cols>${sheetData}</worksheet>`;
  await writeFile(path, buildStoredZip(parts));
  return path;
}

async function readRows(path: string, sheet: string): Promise<string[][]> {
  const stream = await xlsxReader.open(path, { headerRow: 1, sheet }, {});
  return (await collectRows(stream)).map((row) => row.cells.map((cell) => cell?.text ?? ''));
}

async function readPart(path: string, name: string): Promise<string> {
  const directory = await loadZipDirectory(path, (await stat(path)).size);
  if ('problem' in directory) throw new Error('not a zip');
  const entry = directory.entries.get(name);
  if (entry === undefined) throw new Error(`no ${name}`);
  return loadZipEntryText(path, entry);
}

/** exceljs's SAX parser (saxes underneath): an XML parser that is not ours, to check what the copy writes. */
const parseSax = createRequire(import.meta.url)('exceljs/lib/utils/parse-sax.js') as (chunks: AsyncIterable<string>) => AsyncIterable<unknown[]>;

/** Throws unless `xml` is well formed. */
async function checkWellFormed(xml: string): Promise<void> {
  for await (const events of parseSax(Readable.from([xml]))) void events;
}

describe('a `>` inside quoted attribute values and other markup XML allows', () => {
  const expected = [
    ['A-1', '2', 'xy'],
    ['A-2', '5', 'общий'],
  ];

  it('is read by the reader as written', async () => {
    const dir = await makeTempDir();
    expect(await readRows(await writeWorkbook(dir, 'Лист1'), 'Лист1')).toEqual(expected);
  });

  it('finds a sheet whose name holds a literal `>`, in the reader and in the copy', async () => {
    const dir = await makeTempDir();
    const path = await writeWorkbook(dir, ODD_NAME);
    expect(await readRows(path, ODD_NAME)).toEqual(expected);
    const info = makeInfo({ file: path, format: 'xlsx', sheet: ODD_NAME, headerRow: 1, header: makeHeader(['Артикул', 'Цена', 'Заметка']) });
    const outPath = join(dir, 'annotated.xlsx');
    await writeAnnotatedWorkbook({ sourcePath: path, outPath, info, outcomeOf: makeOutcomeOf([{ row: 2, status: 'invalid', issues: [makeIssue({ code: 'bad_price', message: 'цена неверна', row: 2, column: 'B' })] }]) });
    const workbook = await readPart(outPath, 'xl/workbook.xml');
    await checkWellFormed(workbook);
    // The `To fix` sheet is numbered after the seller's sheet, whose tag the copy read whole.
    expect(workbook).toMatch(/<sheet name="Лист>1" sheetId="1" r:id="rId1"\/><sheet name="[^"]+" sheetId="2"/);
    expect((await readRows(outPath, ODD_NAME)).map((row) => row.slice(0, 3))).toEqual(expected);
  });

  it('is read alike by the annotated copy, which stays well formed and keeps the seller’s markup', async () => {
    const dir = await makeTempDir();
    const SHEET = 'Лист1';
    const path = await writeWorkbook(dir, SHEET);
    const info = makeInfo({ file: path, format: 'xlsx', sheet: SHEET, headerRow: 1, header: makeHeader(['Артикул', 'Цена', 'Заметка']) });
    const outcomes = makeOutcomeOf([
      { row: 2, status: 'invalid', issues: [makeIssue({ code: 'bad_price', message: 'цена неверна', row: 2, column: 'B', header: 'Цена' })] },
      { row: 3, status: 'valid', issues: [] },
    ]);
    const handed: string[][] = [];
    const outPath = join(dir, 'annotated.xlsx');
    await writeAnnotatedWorkbook({ sourcePath: path, outPath, info, outcomeOf: outcomes, onDataRow: (row) => void handed.push([...row.values]) });
    expect(handed).toEqual(expected);

    const sheet = await readPart(outPath, 'xl/worksheets/sheet1.xml');
    const styles = await readPart(outPath, 'xl/styles.xml');
    for (const part of [sheet, styles, await readPart(outPath, 'xl/workbook.xml')]) await checkWellFormed(part);
    // The faulty cell is B2 (not Z9, read from another attribute's value), highlighted with a copy of its own format.
    const b2 = /<c [^<]*r="B2"[^<]*>/.exec(sheet)?.[0] ?? '';
    expect(b2).toContain(`my:note="see r='Z9'"`);
    expect(b2).toContain('my:x="a>b"');
    const highlight = Number(/\ss="(\d+)"/.exec(b2)?.[1]);
    expect(highlight).toBeGreaterThan(1);
    const xfs = Array.from(styles.matchAll(/<xf [^<]*?\/>/g), (m) => m[0]);
    const copied = xfs[highlight] ?? '';
    expect(copied).toMatch(/numFmtId="2"/);
    expect(copied).toMatch(/my:x="a>b"/);
    expect(copied).toMatch(/applyFill="1"/);
    expect(copied).not.toMatch(/fillId="0"/);
    // The seller's start tags are kept whole; the comment's cell is no cell of the copy.
    expect(sheet).toContain('<sheetData my:x="a>b">');
    expect(sheet).toContain('<f my:x="a>b">1+1</f>');
    expect(sheet).toMatch(/<row r="2" my:x="a>b" my:y='c>d'>/);
    expect(sheet).toMatch(/<dimension ref="A1:[D-Z]3" my:x="a>b"\/>/);
    expect(sheet).toContain('<col min="1" max="3" width="14" my:x="a>b" customWidth="1"/>');
    expect(sheet).not.toContain('r="Z2"');

    // The copy reads back as the seller's workbook did, with the annotation columns after it.
    const back = await readRows(outPath, SHEET);
    expect(back.map((row) => row.slice(0, 3))).toEqual(expected);
    expect(back[0]?.slice(3).join(' ')).toContain('цена неверна');
    expect((await readFile(outPath)).length).toBeGreaterThan(0);
  });
});
