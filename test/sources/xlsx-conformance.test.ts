/**
 * XLSX conformance: workbooks written by hand (test/helpers/write-test-zip.ts) in the shapes other
 * writers produce and the format allows, each read as Excel shows it. The expected values are
 * written here, not computed.
 */
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { xlsxReader } from '../../src/sources/read-xlsx.js';
import type { ReadOptions, SourceCell } from '../../src/sources/types.js';
import { buildTestWorkbook, type TestWorkbook } from '../helpers/write-test-zip.js';
import { collectRows, createTempDir } from './temp-files.js';

async function readCells(workbook: TestWorkbook, options: ReadOptions = {}) {
  const path = (await createTempDir())('conformance.xlsx');
  await writeFile(path, buildTestWorkbook(workbook));
  const stream = await xlsxReader.open(path, { headerRow: 1, ...options }, {});
  const rows = await collectRows(stream);
  return { stream, rows, cells: rows.map((row) => row.cells) };
}

const header = (count: number): string =>
  `<row r="1">${Array.from({ length: count }, (_, i) => `<c r="${String.fromCharCode(65 + i)}1" t="inlineStr"><is><t>H${i + 1}</t></is></c>`).join('')}</row>`;

describe('XLSX conformance: formula results', () => {
  it('reads a saved result of 0, FALSE or "" as that value, not as a formula without a result', async () => {
    const { cells } = await readCells({
      sheetData:
        header(5) +
        '<row r="2"><c r="A2"><f>16*0</f><v>0</v></c><c r="B2" t="b"><f>1=2</f><v>0</v></c>' +
        '<c r="C2" t="str"><f>""</f><v></v></c><c r="D2" t="e"><f>1/0</f><v>#DIV/0!</v></c><c r="E2"><f>A2+1</f></c></row>',
    });
    expect(cells[0]).toEqual([
      { kind: 'number', text: '0', value: 0, flags: ['formula'], formula: '16*0' },
      { kind: 'boolean', text: 'FALSE', value: false, flags: ['formula'], formula: '1=2' },
      { kind: 'empty', text: '', value: null, flags: ['formula'], formula: '""' },
      { kind: 'error', text: '#DIV/0!', value: '#DIV/0!', flags: ['formula'], formula: '1/0' },
      { kind: 'error', text: '', value: null, flags: ['formula_no_result'], formula: 'A2+1' },
    ]);
  });

  it('names every error result, with or without a formula', async () => {
    const errors = ['#DIV/0!', '#N/A', '#REF!', '#VALUE!', '#NAME?', '#NUM!', '#NULL!'];
    const { cells } = await readCells({
      sheetData: header(errors.length) + `<row r="2">${errors.map((e, i) => `<c r="${String.fromCharCode(65 + i)}2" t="e"${i % 2 ? '' : ''}>${i % 2 ? '' : '<f>X()</f>'}<v>${e}</v></c>`).join('')}</row>`,
    });
    expect(cells[0]?.map((cell) => cell?.text)).toEqual(errors);
    expect(cells[0]?.every((cell) => cell?.kind === 'error')).toBe(true);
  });
});

describe('XLSX conformance: structure', () => {
  it('reads rows and cells without the optional r attribute in order', async () => {
    const { rows } = await readCells({
      sheetData: '<row><c t="inlineStr"><is><t>SKU</t></is></c><c t="inlineStr"><is><t>Цена</t></is></c></row><row><c t="inlineStr"><is><t>A-1</t></is></c><c><v>5</v></c></row><row r="5"><c r="B5"><v>7</v></c><c><v>8</v></c></row><row><c><v>9</v></c></row>',
    });
    expect(rows.map((row) => [row.row, row.cells.map((cell) => cell?.text ?? '')])).toEqual([
      [2, ['A-1', '5']],
      [5, ['', '7']],
      [6, ['9', '']],
    ]);
  });

  it('reads a workbook written with namespace prefixes (the OpenXML SDK)', async () => {
    const ns = 'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
    const { cells, stream } = await readCells({
      workbookXml: `<x:workbook ${ns} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><x:sheets><x:sheet name="Товары" sheetId="1" r:id="rId1"/></x:sheets></x:workbook>`,
      stylesXml: `<x:styleSheet ${ns}><x:numFmts><x:numFmt numFmtId="164" formatCode="dd.mm.yyyy"/></x:numFmts><x:cellXfs><x:xf numFmtId="0"/><x:xf numFmtId="164"/></x:cellXfs></x:styleSheet>`,
      sharedStrings: ['Дата'],
      sheetXml: `<x:worksheet ${ns}><x:sheetData><x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="inlineStr"><x:is><x:t>Сумма</x:t></x:is></x:c></x:row><x:row r="2"><x:c r="A2" s="1"><x:v>45352</x:v></x:c><x:c r="B2"><x:v>12.5</x:v></x:c></x:row></x:sheetData></x:worksheet>`,
    });
    expect(stream.info.sheet).toBe('Товары');
    expect(stream.info.header.map((column) => column.name)).toEqual(['Дата', 'Сумма']);
    expect(cells[0]).toEqual([
      { kind: 'date', text: '2024-03-01', value: new Date(Date.UTC(2024, 2, 1)), flags: ['date_serial'], numberFormat: 'dd.mm.yyyy' },
      { kind: 'number', text: '12.5', value: 12.5 },
    ]);
  });

  it('reads a sheet whose state is "show", and a workbook part that is not at xl/workbook.xml', async () => {
    const { stream, cells } = await readCells({
      workbookPath: 'book/main.xml',
      workbookXml:
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Shown" sheetId="1" state="show" r:id="rId1"/></sheets></workbook>',
      sheetData: header(1) + '<row r="2"><c r="A2"><v>1</v></c></row>',
    });
    expect(stream.info.sheet).toBe('Shown');
    expect(cells).toEqual([[{ kind: 'number', text: '1', value: 1 }]]);
  });

  it('reads an empty <v></v> as an empty cell, never as NaN', async () => {
    const { rows } = await readCells({ sheetData: header(2) + '<row r="2"><c r="A2"><v></v></c><c r="B2"><v>3</v></c></row>' });
    expect(rows[0]?.cells).toEqual([undefined, { kind: 'number', text: '3', value: 3 }]);
  });
});

describe('XLSX conformance: text', () => {
  it('decodes XML entities once, in inline strings and formula text results', async () => {
    const { cells } = await readCells({
      sheetData:
        header(3) +
        '<row r="2"><c r="A2" t="inlineStr"><is><t>Tom &amp;amp; Jerry</t></is></c><c r="B2" t="str"><f>A2</f><v>Tom &amp;amp; Jerry</v></c><c r="C2" t="inlineStr"><is><t>&lt;b&gt; &#1046; &#x416;</t></is></c></row>',
    });
    expect(cells[0]?.map((cell) => cell?.text)).toEqual(['Tom &amp; Jerry', 'Tom &amp; Jerry', '<b> Ж Ж']);
  });

  it('reads pretty-printed inline strings without the indentation, and every rich-text run', async () => {
    const { cells } = await readCells({
      sheetData:
        header(2) +
        `<row r="2">
          <c r="A2" t="inlineStr">
            <is>
              <t>Date</t>
            </is>
          </c>
          <c r="B2" t="inlineStr"><is><r><t xml:space="preserve">Чайник </t></r><r><rPr><b/></rPr><t>Bosch</t></r><r><t xml:space="preserve"> 1,7 л</t></r><rPh sb="0" eb="1"><t>ふ</t></rPh></is></c>
        </row>`,
    });
    expect(cells[0]?.map((cell) => cell?.text)).toEqual(['Date', 'Чайник Bosch 1,7 л']);
  });
});

describe('XLSX conformance: dates and times', () => {
  const formats = ['yyyy-mm-dd', 'h:mm', '[h]:mm', 'hh:mm:ss', '[mm]:ss', 'dd.mm.yyyy hh:mm'];
  const cell = (ref: string, style: number, value: string): string => `<c r="${ref}" s="${style}"><v>${value}</v></c>`;

  it('reads ISO 8601 cells (t="d") as the date and time they hold', async () => {
    const { cells } = await readCells({
      cellFormats: formats,
      sheetData:
        header(3) +
        '<row r="2"><c r="A2" t="d"><v>2014-02-14T08:27:48Z</v></c><c r="B2" t="d" s="1"><v>2014-02-14</v></c><c r="C2" t="d" s="2"><v>1899-12-30T08:30:00</v></c></row>',
    });
    expect(cells[0]?.[0]).toEqual({ kind: 'date', text: '2014-02-14T08:27:48', value: new Date(Date.UTC(2014, 1, 14, 8, 27, 48)), flags: ['date_serial'] });
    expect(cells[0]?.[1]).toMatchObject({ kind: 'date', text: '2014-02-14', numberFormat: 'yyyy-mm-dd' });
    expect(cells[0]?.[2]).toMatchObject({ kind: 'date', text: '08:30:00', numberFormat: 'h:mm' });
  });

  it('counts Excel’s 29 February 1900: serials 1–60 as Excel shows them', async () => {
    const { cells } = await readCells({
      cellFormats: formats,
      sheetData: header(5) + `<row r="2">${cell('A2', 1, '1')}${cell('B2', 1, '59')}${cell('C2', 1, '60')}${cell('D2', 1, '61')}${cell('E2', 1, '45352')}</row>`,
    });
    expect(cells[0]?.map((c) => c?.text)).toEqual(['1900-01-01', '1900-02-28', '1900-02-29', '1900-03-01', '2024-03-01']);
  });

  it('reads time-only cells as times and elapsed-time formats as durations', async () => {
    const { cells } = await readCells({
      cellFormats: formats,
      sheetData: header(5) + `<row r="2">${cell('A2', 2, '0.5')}${cell('B2', 3, '1.5')}${cell('C2', 4, '0.75')}${cell('D2', 5, '0.0625')}${cell('E2', 6, '45352.4375')}</row>`,
    });
    expect(cells[0]).toEqual([
      { kind: 'date', text: '12:00:00', value: new Date(Date.UTC(1899, 11, 30, 12)), flags: ['date_serial'], numberFormat: 'h:mm' },
      { kind: 'number', text: '36:00', value: 1.5, numberFormat: '[h]:mm' },
      { kind: 'date', text: '18:00:00', value: new Date(Date.UTC(1899, 11, 30, 18)), flags: ['date_serial'], numberFormat: 'hh:mm:ss' },
      { kind: 'number', text: '90:00', value: 0.0625, numberFormat: '[mm]:ss' },
      { kind: 'date', text: '2024-03-01T10:30:00', value: new Date(Date.UTC(2024, 2, 1, 10, 30)), flags: ['date_serial'], numberFormat: 'dd.mm.yyyy hh:mm' },
    ]);
  });
});

describe('XLSX conformance: limits', () => {
  it('reads a header in column XFD and reports a cell past it on its row', async () => {
    const { stream, rows } = await readCells({
      sheetData:
        '<row r="1"><c r="A1" t="inlineStr"><is><t>SKU</t></is></c><c r="XFD1" t="inlineStr"><is><t>Last</t></is></c></row>' +
        '<row r="2"><c r="A2"><v>1</v></c><c r="XFD2"><v>2</v></c><c r="XFE2"><v>3</v></c></row>',
    });
    expect(stream.info.header.at(-1)).toMatchObject({ letter: 'XFD', name: 'Last', index: 16_383 });
    expect((rows[0]?.cells as SourceCell[]).at(-1)).toMatchObject({ text: '2' });
    expect(rows[0]?.issues).toMatchObject([{ code: 'cell_beyond_limits', severity: 'error', row: 2, column: 'XFE' }]);
  });

  it('refuses a text of more than 8 MB in the sheet before parsing it, and a shared string of more than 1 Mi characters', async () => {
    const huge = await readCells({
      sheetEntry: { content: { prefix: `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${header(1)}<row r="2"><c r="A2" t="inlineStr"><is><t>`, piece: 'x'.repeat(1024 * 1024), times: 9, suffix: '</t></is></c></row></sheetData></worksheet>' } },
    }).catch((e: unknown) => e);
    expect(String(huge)).toMatch(/part xl\/worksheets\/sheet1\.xml holds a text or tag of more than 8 MB: not a spreadsheet/);
    const runs = `<r><t>${'y'.repeat(400_000)}</t></r>`.repeat(3);
    const strings = await readCells({
      sheetData: '<row r="1"><c r="A1" t="s"><v>0</v></c></row>',
      sharedStrings: ['H1'],
      sharedStringsXml: `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si>${runs}</si></sst>`,
    }).catch((e: unknown) => e);
    expect(String(strings)).toMatch(/sharedStrings\.xml is malformed \(a string longer than 1048576 characters/);
  });

  it('stops at a row past Excel’s last row', async () => {
    const error = await readCells({ sheetData: header(1) + '<row r="2"><c r="A2"><v>1</v></c></row><row r="1048577"><c r="A1048577"><v>1</v></c></row>' }).catch((e: unknown) => e);
    expect(String(error)).toMatch(/rows past Excel's last row 1,048,576/);
  });
});
