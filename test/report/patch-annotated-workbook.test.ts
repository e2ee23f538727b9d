import { execFileSync } from 'node:child_process';
import { readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { SourceReadError } from '../../src/core/errors.js';
import { ANNOTATION_HEADERS } from '../../src/report/annotation-columns.js';
import type { RowOutcome } from '../../src/report/report-types.js';
import type { TextRow } from '../../src/report/write-annotated-csv.js';
import { writeAnnotatedWorkbook } from '../../src/report/write-annotated-workbook.js';
import { ANNOTATION_FILLS } from '../../src/report/xlsx-patch/patch-styles.js';
import { limitCellText, MAX_CELL_TEXT } from '../../src/report/xlsx-patch/annotation-cells.js';
import { loadZipDirectory, loadZipEntryText } from '../../src/xlsx/zip-directory.js';
import { buildStoredZip, buildXlsxParts } from '../fuzz/build-xlsx-bytes.js';
import { makeHeader, makeInfo, makeIssue, makeOutcomeOf, makeTempDir } from './report-builders.js';

const HEADERS = ['Артикул', 'Название', 'Цена', 'Дата'];

/** A seller workbook with what a rebuild used to lose: other sheets, widths, formats, validation, formulas, a frozen pane, merged cells. */
async function writeRichWorkbook(path: string): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Товары', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [{ width: 14 }, { width: 40 }, { width: 11 }, { width: 13 }];
  sheet.addRow(HEADERS).font = { bold: true };
  sheet.addRow(['A-1', 'Чайник', 1990.5, new Date(Date.UTC(2025, 2, 1))]);
  sheet.addRow(['A-2', 'Кружка', 'abc', new Date(Date.UTC(2025, 2, 2))]);
  sheet.addRow(['A-3', 'Ложка', { formula: 'C2*2', result: 3981 }, new Date(Date.UTC(2025, 2, 3))]);
  sheet.getColumn(3).numFmt = '#,##0.00 ₸';
  sheet.getColumn(4).numFmt = 'dd.mm.yyyy';
  for (const row of [2, 3, 4]) {
    sheet.getCell(`C${row}`).numFmt = '#,##0.00 ₸';
    sheet.getCell(`D${row}`).numFmt = 'dd.mm.yyyy';
    sheet.getCell(`B${row}`).font = { italic: true };
  }
  sheet.getCell('B2').dataValidation = { type: 'list', allowBlank: true, formulae: ['"Чайник,Кружка,Ложка"'] };
  const other = workbook.addWorksheet('Справочник');
  other.getCell('A1').value = 'Бренды';
  other.getCell('A2').value = { formula: 'LEN(A1)', result: 6 };
  other.mergeCells('A4:C4');
  other.getColumn(1).width = 33;
  await workbook.xlsx.writeFile(path);
}

const richInfo = makeInfo({ file: 'rich.xlsx', format: 'xlsx', sheet: 'Товары', headerRow: 1, header: makeHeader(HEADERS) });
const richOutcomes: RowOutcome[] = [
  { row: 2, status: 'valid', issues: [] },
  {
    row: 3,
    status: 'invalid',
    issues: [
      makeIssue({ code: 'price_not_number', message: 'price must be a number', row: 3, column: 'C', header: 'Цена', value: 'abc' }),
      makeIssue({ code: 'name_short', severity: 'warning', message: 'name is short', row: 3, column: 'B', header: 'Название', value: 'Кружка' }),
    ],
  },
  { row: 4, status: 'invalid', issues: [makeIssue({ code: 'date_old', message: 'date is too old', row: 4, column: 'D', header: 'Дата' })] },
];

async function readParts(path: string): Promise<Map<string, string>> {
  const directory = await loadZipDirectory(path, (await stat(path)).size);
  if ('problem' in directory) throw new Error(directory.problem);
  const parts = new Map<string, string>();
  for (const entry of directory.entries.values()) parts.set(entry.name, await loadZipEntryText(path, entry));
  return parts;
}

function fillColour(cell: ExcelJS.Cell): string | undefined {
  const fill = cell.fill as ExcelJS.FillPattern | undefined;
  return fill?.type === 'pattern' ? fill.fgColor?.argb : undefined;
}

function hasPython(): boolean {
  try {
    execFileSync('python3', ['-c', 'import zipfile'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('writeAnnotatedWorkbook patches the seller workbook', () => {
  it('copies every part it does not need to change byte for byte, and keeps widths, formats, validation, formulas and panes', async () => {
    const dir = await makeTempDir();
    const sourcePath = join(dir, 'rich.xlsx');
    const outPath = join(dir, 'annotated.xlsx');
    await writeRichWorkbook(sourcePath);
    const result = await writeAnnotatedWorkbook({ sourcePath, outPath, info: richInfo, outcomeOf: makeOutcomeOf(richOutcomes) });
    expect(result).toMatchObject({ rows: 4, annotatedRows: 3, highlightedCells: 3, notes: 3, issues: 3, warnings: [] });

    const before = await readParts(sourcePath);
    const after = await readParts(outPath);
    const changed = ['xl/worksheets/sheet1.xml', 'xl/styles.xml', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', '[Content_Types].xml', 'xl/worksheets/_rels/sheet1.xml.rels'];
    for (const [name, text] of before) {
      if (changed.includes(name)) continue;
      expect(after.get(name), name).toBe(text);
    }
    const added = [...after.keys()].filter((name) => !before.has(name)).sort();
    expect(added).toEqual(['xl/comments1.xml', 'xl/drawings/vmlDrawing1.vml', 'xl/worksheets/_rels/sheet1.xml.rels', 'xl/worksheets/sheet3.xml']);
    // The patched parts keep what they had: the sheet's XML before the rows (views, panes) and after them (validation).
    const sheetBefore = before.get('xl/worksheets/sheet1.xml') as string;
    const sheetAfter = after.get('xl/worksheets/sheet1.xml') as string;
    expect(sheetAfter).toContain(/<sheetViews>[\s\S]*?<\/sheetViews>/.exec(sheetBefore)?.[0]);
    expect(sheetAfter).toContain(/<dataValidations[\s\S]*?<\/dataValidations>/.exec(sheetBefore)?.[0]);
    expect((after.get('xl/styles.xml') as string).startsWith((before.get('xl/styles.xml') as string).slice(0, 200))).toBe(true);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(outPath);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Товары', 'Справочник', 'To fix']);
    const sheet = workbook.getWorksheet('Товары')!;
    expect(sheet.getColumn(2).width).toBe(40);
    expect(sheet.getColumn(5).width).toBe(12);
    expect(sheet.getColumn(6).width).toBe(60);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getCell('B2').dataValidation).toMatchObject({ type: 'list', formulae: ['"Чайник,Кружка,Ложка"'] });
    expect(sheet.getCell('C4').value).toEqual({ formula: 'C2*2', result: 3981 });
    expect(sheet.getCell('C2').numFmt).toBe('#,##0.00 ₸');
    expect(sheet.getCell('D3').value).toEqual(new Date(Date.UTC(2025, 2, 2)));
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...HEADERS, ...ANNOTATION_HEADERS]);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    // A faulty cell keeps its own format (italic font, number format) under the highlight.
    expect(fillColour(sheet.getCell('C3'))).toBe(ANNOTATION_FILLS.error);
    expect(fillColour(sheet.getCell('B3'))).toBe(ANNOTATION_FILLS.warning);
    expect(sheet.getCell('B3').font?.italic).toBe(true);
    expect(fillColour(sheet.getCell('D4'))).toBe(ANNOTATION_FILLS.error);
    expect(sheet.getCell('D4').numFmt).toBe('dd.mm.yyyy');
    expect(fillColour(sheet.getCell('C2'))).toBeUndefined();
    expect(sheet.getCell('E3').value).toBe('invalid');
    const other = workbook.getWorksheet('Справочник')!;
    expect(other.getCell('A2').value).toEqual({ formula: 'LEN(A1)', result: 6 });
    expect(other.getColumn(1).width).toBe(33);
    expect(other.getCell('B4').isMerged).toBe(true);

    if (hasPython()) {
      // Another zip reader checks every CRC, and every XML part (VML included) must be well-formed.
      const script =
        'import sys, zipfile, xml.etree.ElementTree as ET\n' +
        'z = zipfile.ZipFile(sys.argv[1])\n' +
        'print(z.testzip())\n' +
        'for name in z.namelist():\n' +
        '    if name.endswith((".xml", ".rels", ".vml")): ET.fromstring(z.read(name))\n' +
        'print(len(z.namelist()))\n';
      const [bad, count] = execFileSync('python3', ['-c', script, outPath]).toString().trim().split('\n');
      expect(bad).toBe('None');
      expect(Number(count)).toBe(after.size);
    }
  });

  it('parses the shared strings only for the rows onDataRowReads names: same copy, same texts, and a row read unnamed fails loudly', async () => {
    const dir = await makeTempDir();
    const sourcePath = join(dir, 'rich.xlsx');
    await writeRichWorkbook(sourcePath);
    const all: TextRow[] = [];
    await writeAnnotatedWorkbook({ sourcePath, outPath: join(dir, 'a.xlsx'), info: richInfo, outcomeOf: makeOutcomeOf(richOutcomes), onDataRow: (row) => void all.push({ row: row.row, values: row.values }) });
    const wanted = (outcome: RowOutcome | undefined): boolean => outcome?.row === 3;
    const picked: TextRow[] = [];
    await writeAnnotatedWorkbook({
      sourcePath,
      outPath: join(dir, 'b.xlsx'),
      info: richInfo,
      outcomeOf: makeOutcomeOf(richOutcomes),
      onDataRowReads: wanted,
      onDataRow: (row, outcome) => void (wanted(outcome) ? picked.push({ row: row.row, values: row.values }) : undefined),
    });
    expect([...(await readParts(join(dir, 'b.xlsx'))).entries()]).toEqual([...(await readParts(join(dir, 'a.xlsx'))).entries()]);
    expect(picked).toEqual(all.filter((row) => row.row === 3));
    // Past the first chunk of a large strings part, reading a row onDataRowReads did not name is a bug, never an empty text.
    const bigPath = join(dir, 'big.xlsx');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Товары');
    sheet.addRow(HEADERS);
    for (let index = 0; index < 12_000; index += 1) sheet.addRow([`A-${index}`, `Товар номер ${index} с длинным названием`]);
    await book.xlsx.writeFile(bigPath);
    let read = 0;
    await expect(
      writeAnnotatedWorkbook({
        sourcePath: bigPath,
        outPath: join(dir, 'c.xlsx'),
        info: richInfo,
        outcomeOf: () => undefined,
        onDataRowReads: () => false,
        onDataRow: (row) => void (read += row.values.length),
      }),
    ).rejects.toThrow(/asked for before it was loaded/);
  });
});

function noteText(cell: ExcelJS.Cell): string {
  const note = cell.note as string | ExcelJS.Comment | undefined;
  if (note === undefined) return '';
  return typeof note === 'string' ? note : (note.texts ?? []).map((text) => text.text).join('');
}

describe('writeAnnotatedWorkbook on a copy fed back', () => {
  it('replaces its own notes, highlights, _ columns and To fix sheet from the earlier run, and keeps the seller notes', async () => {
    const dir = await makeTempDir();
    const sourcePath = join(dir, 'rich.xlsx');
    await writeRichWorkbook(sourcePath);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(sourcePath);
    workbook.getWorksheet('Товары')!.getCell('A2').note = 'заметка продавца';
    await workbook.xlsx.writeFile(sourcePath);
    const first = join(dir, 'first.xlsx');
    const firstResult = await writeAnnotatedWorkbook({ sourcePath, outPath: first, info: richInfo, outcomeOf: makeOutcomeOf(richOutcomes) });
    expect(firstResult).toMatchObject({ notes: 3, warnings: [] });

    const second = join(dir, 'second.xlsx');
    const secondOutcomes: RowOutcome[] = [
      { row: 2, status: 'invalid', issues: [makeIssue({ code: 'name_bad', message: 'name is bad', row: 2, column: 'B' }), makeIssue({ code: 'sku_bad', message: 'sku is bad', row: 2, column: 'A' })] },
      { row: 3, status: 'valid', issues: [] },
      { row: 4, status: 'invalid', issues: [makeIssue({ code: 'date_old', message: 'date is still too old', row: 4, column: 'D' })] },
    ];
    const result = await writeAnnotatedWorkbook({ sourcePath: first, outPath: second, info: richInfo, outcomeOf: makeOutcomeOf(secondOutcomes) });
    // A2 has the seller's note: it is highlighted, but keeps that note alone.
    expect(result).toMatchObject({ highlightedCells: 3, notes: 2, issues: 3, warnings: [] });

    const out = new ExcelJS.Workbook();
    await out.xlsx.readFile(second);
    expect(out.worksheets.map((sheet) => sheet.name)).toEqual(['Товары', 'Справочник', 'To fix']);
    const sheet = out.getWorksheet('Товары')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...HEADERS, ...ANNOTATION_HEADERS]);
    // Row 3 is fixed: its cells go back to the seller's formats, without fill or note.
    expect(fillColour(sheet.getCell('C3'))).toBeUndefined();
    expect(sheet.getCell('C3').numFmt).toBe('#,##0.00 ₸');
    expect(fillColour(sheet.getCell('B3'))).toBeUndefined();
    expect(sheet.getCell('B3').font?.italic).toBe(true);
    expect(noteText(sheet.getCell('C3'))).toBe('');
    expect(sheet.getCell('E3').value).toBe('valid');
    expect(sheet.getCell('F3').value).toBeNull();
    // Still or newly faulty cells.
    expect(fillColour(sheet.getCell('D4'))).toBe(ANNOTATION_FILLS.error);
    expect(sheet.getCell('D4').numFmt).toBe('dd.mm.yyyy');
    expect(noteText(sheet.getCell('D4'))).toBe('date is still too old');
    expect(fillColour(sheet.getCell('B2'))).toBe(ANNOTATION_FILLS.error);
    expect(noteText(sheet.getCell('B2'))).toBe('name is bad');
    expect(fillColour(sheet.getCell('A2'))).toBe(ANNOTATION_FILLS.error);
    expect(noteText(sheet.getCell('A2'))).toBe('заметка продавца');
    const toFix = out.getWorksheet('To fix')!;
    expect(toFix.rowCount).toBe(4);
  });
});

/**
 * A hand-written sheet part: rows and cells without `r`, rows out of order and repeated, a header
 * cell in XFD when asked, elements with the namespace prefix `prefix` (`x:`; exceljs cannot load
 * such sheets, so the prefixed copy is checked on its XML).
 */
function buildOddWorkbook(options: { headerToXfd: boolean; prefix: string }): Buffer {
  const parts = buildXlsxParts([['x']]);
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const p = options.prefix;
  const cell = (text: string, ref?: string): string => `<${p}c${ref === undefined ? '' : ` r="${ref}"`} t="inlineStr"><${p}is><${p}t>${text}</${p}t></${p}is></${p}c>`;
  const header = `<${p}row r="1">${cell('Артикул', 'A1')}${cell('Цена', 'B1')}${options.headerToXfd ? cell('край', 'XFD1') : ''}</${p}row>`;
  const rows = [
    header,
    // No `r` on the row or its cells: row 2, columns A and B.
    `<${p}row>${cell('A-1')}<${p}c><${p}v>100</${p}v></${p}c></${p}row>`,
    `<${p}row r="4">${cell('A-3', 'A4')}<${p}c r="B4"><${p}v>7</${p}v></${p}c></${p}row>`,
    // Row 3 after row 4, then row 4 again.
    `<${p}row r="3">${cell('A-2', 'A3')}${cell('abc', 'B3')}</${p}row>`,
    `<${p}row r="4">${cell('A-3b', 'A4')}</${p}row>`,
    `<${p}row r="5"/>`,
  ].join('');
  const xmlns = p === '' ? `xmlns="${ns}"` : `xmlns:${p.slice(0, -1)}="${ns}"`;
  parts['xl/worksheets/sheet1.xml'] =
    `<?xml version="1.0" encoding="UTF-8"?><${p}worksheet ${xmlns}><${p}dimension ref="A1:B5"/><${p}sheetData>${rows}</${p}sheetData>` +
    `<${p}pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></${p}worksheet>`;
  return buildStoredZip(parts);
}

const oddInfo = makeInfo({ file: 'odd.xlsx', format: 'xlsx', sheet: 'Товары', headerRow: 1, header: makeHeader(['Артикул', 'Цена']) });
const oddOutcomes: RowOutcome[] = [
  { row: 2, status: 'valid', issues: [] },
  { row: 3, status: 'invalid', issues: [makeIssue({ code: 'price_not_number', message: 'price must be a number', row: 3, column: 'B', header: 'Цена', value: 'abc' })] },
  { row: 4, status: 'valid', issues: [] },
  { row: 5, status: 'invalid', issues: [makeIssue({ code: 'price_missing', message: 'price is missing', row: 5, column: 'B', header: 'Цена' })] },
];

describe('writeAnnotatedWorkbook on any sheet the reader accepts', () => {
  it('copies rows and cells without r, rows out of order or repeated (reported, in sheet order)', async () => {
    const dir = await makeTempDir();
    const sourcePath = join(dir, 'odd.xlsx');
    const outPath = join(dir, 'annotated.xlsx');
    await writeFile(sourcePath, buildOddWorkbook({ headerToXfd: false, prefix: '' }));
    const dataRows: number[] = [];
    const result = await writeAnnotatedWorkbook({ sourcePath, outPath, info: oddInfo, outcomeOf: makeOutcomeOf(oddOutcomes), onDataRow: (row) => void dataRows.push(row.row) });
    expect(result).toMatchObject({ rows: 6, annotatedRows: 5, highlightedCells: 2, notes: 2, issues: 2 });
    expect(result.warnings.map((w) => w.code)).toEqual(['rows_out_of_order']);
    expect(result.warnings[0]?.message).toMatch(/2 row\(s\).*first: row 3 after row 4/);
    expect(dataRows).toEqual([2, 4, 3, 4, 5]);
    const sheetXml = (await readParts(outPath)).get('xl/worksheets/sheet1.xml') as string;
    expect(sheetXml).toContain('<dimension ref="A1:G5"/>');
    expect(sheetXml).toMatch(/<row r="2"><c t="inlineStr" r="A2">/);
    // The empty faulty cell of row 5 is added, highlighted.
    expect(sheetXml).toMatch(/<row r="5"><c r="B5" s="\d+"\/><c r="C5"/);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(outPath);
    const sheet = workbook.getWorksheet('Товары')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Артикул', 'Цена', ...ANNOTATION_HEADERS]);
    expect(sheet.getCell('B2').value).toBe(100);
    expect(sheet.getCell('C2').value).toBe('valid');
    expect(sheet.getCell('C3').value).toBe('invalid');
    expect(fillColour(sheet.getCell('B3'))).toBe(ANNOTATION_FILLS.error);
    expect(fillColour(sheet.getCell('B5'))).toBe(ANNOTATION_FILLS.error);
  });

  it('writes new elements with the namespace prefix of the sheet (<x:row>, <x:c>)', async () => {
    const dir = await makeTempDir();
    const sourcePath = join(dir, 'odd.xlsx');
    const outPath = join(dir, 'annotated.xlsx');
    await writeFile(sourcePath, buildOddWorkbook({ headerToXfd: false, prefix: 'x:' }));
    const result = await writeAnnotatedWorkbook({ sourcePath, outPath, info: oddInfo, outcomeOf: makeOutcomeOf(oddOutcomes) });
    expect(result).toMatchObject({ rows: 6, annotatedRows: 5, highlightedCells: 2, notes: 2, issues: 2 });
    const sheetXml = (await readParts(outPath)).get('xl/worksheets/sheet1.xml') as string;
    expect(sheetXml).toContain('<x:dimension ref="A1:G5"/><x:cols><x:col min="3" max="3" width="12" customWidth="1"/>');
    expect(sheetXml).toMatch(/<x:row r="2"><x:c t="inlineStr" r="A2">.*?<x:c r="C2" s="\d+" t="inlineStr"><x:is><x:t xml:space="preserve">valid<\/x:t><\/x:is><\/x:c><\/x:row>/);
    expect(sheetXml).toMatch(/<x:row r="5"><x:c r="B5" s="\d+"\/><x:c r="C5"/);
    expect(sheetXml).toMatch(/<x:legacyDrawing xmlns:r="[^"]+" r:id="rId\d+"\/><\/x:worksheet>$/);
    expect(sheetXml).not.toMatch(/<(?!\/?x:|\?xml)[a-z]/);
  });

  it('a header cell in XFD: no room for the _ columns, reported; cells still highlighted and listed on To fix', async () => {
    const dir = await makeTempDir();
    const sourcePath = join(dir, 'odd.xlsx');
    const outPath = join(dir, 'annotated.xlsx');
    await writeFile(sourcePath, buildOddWorkbook({ headerToXfd: true, prefix: '' }));
    const result = await writeAnnotatedWorkbook({ sourcePath, outPath, info: oddInfo, outcomeOf: makeOutcomeOf(oddOutcomes) });
    expect(result.warnings.map((w) => w.code)).toEqual(['annotation_columns_no_room', 'rows_out_of_order']);
    expect(result.issues).toBe(2);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(outPath);
    const sheet = workbook.getWorksheet('Товары')!;
    expect(sheet.getCell('XFD1').value).toBe('край');
    expect(sheet.getCell('C2').value).toBeNull();
    expect(fillColour(sheet.getCell('B3'))).toBe(ANNOTATION_FILLS.error);
    expect(workbook.getWorksheet('To fix')!.rowCount).toBe(3);
  });

  it('a seller value right of the header where a _ cell goes is kept and reported', async () => {
    const dir = await makeTempDir();
    const sourcePath = join(dir, 'stray.xlsx');
    const outPath = join(dir, 'annotated.xlsx');
    await writeFile(sourcePath, buildStoredZip(buildXlsxParts([['Артикул', 'Цена'], ['A-1', 1, 'заметка']])));
    const result = await writeAnnotatedWorkbook({ sourcePath, outPath, info: oddInfo, outcomeOf: makeOutcomeOf([{ row: 2, status: 'accepted', productId: 5, issues: [] }]) });
    expect(result.warnings.map((w) => w.code)).toEqual(['annotation_cell_taken']);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(outPath);
    const sheet = workbook.getWorksheet('Товары')!;
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(['A-1', 1, 'заметка', undefined, 5]);
  });
});

describe('limitCellText', () => {
  it('cuts a text longer than a cell holds, saying so, never inside a surrogate pair', () => {
    expect(limitCellText('short')).toBe('short');
    const long = limitCellText('я'.repeat(40_000));
    expect(long).toHaveLength(MAX_CELL_TEXT);
    expect(long.endsWith('(cut at the length a cell holds; every issue is in summary.json)')).toBe(true);
    const emoji = limitCellText('😀'.repeat(20_000));
    expect(emoji.length).toBeLessThanOrEqual(MAX_CELL_TEXT);
    expect(emoji).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

describe('writeAnnotatedWorkbook on a Strict Open XML workbook', () => {
  it('writes the parts it adds in the strict namespaces, so that they match the rest', async () => {
    const dir = await makeTempDir();
    const sourcePath = join(dir, 'strict.xlsx');
    const parts = buildXlsxParts([['Артикул', 'Цена'], ['A-1', 'abc']]);
    for (const [name, text] of Object.entries(parts)) {
      parts[name] = (text as string)
        .replaceAll('http://schemas.openxmlformats.org/spreadsheetml/2006/main', 'http://purl.oclc.org/ooxml/spreadsheetml/main')
        .replaceAll('http://schemas.openxmlformats.org/officeDocument/2006/relationships', 'http://purl.oclc.org/ooxml/officeDocument/relationships');
    }
    await writeFile(sourcePath, buildStoredZip(parts));
    const outPath = join(dir, 'annotated.xlsx');
    const outcomes: RowOutcome[] = [{ row: 2, status: 'invalid', issues: [makeIssue({ code: 'price_not_number', message: 'price must be a number', row: 2, column: 'B' })] }];
    const result = await writeAnnotatedWorkbook({ sourcePath, outPath, info: oddInfo, outcomeOf: makeOutcomeOf(outcomes) });
    expect(result).toMatchObject({ notes: 1, issues: 1, warnings: [] });
    const written = await readParts(outPath);
    for (const [name, text] of written) {
      expect(text, name).not.toContain('schemas.openxmlformats.org/spreadsheetml');
      expect(text, name).not.toContain('schemas.openxmlformats.org/officeDocument');
    }
    expect(written.get('xl/_rels/workbook.xml.rels')).toContain('Type="http://purl.oclc.org/ooxml/officeDocument/relationships/worksheet" Target="worksheets/sheet2.xml"');
    expect(written.get('xl/worksheets/_rels/sheet1.xml.rels')).toContain('Type="http://purl.oclc.org/ooxml/officeDocument/relationships/comments"');
    expect(written.get('xl/worksheets/sheet2.xml')).toContain('<worksheet xmlns="http://purl.oclc.org/ooxml/spreadsheetml/main"');
  });
});

describe('writeAnnotatedWorkbook on a broken sheet', () => {
  it('fails with a SourceReadError naming the file and sheet, and leaves no partial copy or temp file behind', async () => {
    const dir = await makeTempDir();
    const sourcePath = join(dir, 'broken.xlsx');
    const parts = buildXlsxParts([['Артикул', 'Цена'], ['A-1', 1], ['A-2', 2]]);
    parts['xl/worksheets/sheet1.xml'] = (parts['xl/worksheets/sheet1.xml'] as string).replace(/<row r="3">.*$/, '<row r="3"><c r="A3"');
    await writeFile(sourcePath, buildStoredZip(parts));
    const outcomes: RowOutcome[] = [
      { row: 2, status: 'valid', issues: [] },
      { row: 3, status: 'valid', issues: [] },
    ];
    const error = await writeAnnotatedWorkbook({ sourcePath, outPath: join(dir, 'annotated.xlsx'), info: oddInfo, outcomeOf: makeOutcomeOf(outcomes) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceReadError);
    expect((error as SourceReadError).message).toMatch(/broken\.xlsx: the workbook is corrupt or truncated \(sheet "Товары": the sheet ends inside a row/);
    expect((error as SourceReadError).sheet).toBe('Товары');
    expect(await readdir(dir)).toEqual(['broken.xlsx']);
  });
});
