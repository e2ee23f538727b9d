import { describe, expect, it } from 'vitest';
import { SourceReadError } from '../../src/core/errors.js';
import { xlsxReader } from '../../src/sources/read-xlsx.js';
import { buildStoredZip, buildXlsxParts, type XlsxParts } from '../fuzz/build-xlsx-bytes.js';
import { collectRows, rowTexts, writeTempFile } from './temp-files.js';

const ROWS = [
  ['Артикул', 'Наименование', 'Цена'],
  ['A-1', 'Чайник «Ромашка»', 100],
  ['A-2', 'Кружка', 50],
];

async function readParts(parts: XlsxParts, name = 'layout.xlsx') {
  const path = await writeTempFile(name, buildStoredZip(parts));
  const stream = await xlsxReader.open(path, {}, {});
  return { path, stream, rows: await collectRows(stream) };
}

/** Moves a part to another name, the workbook's relationships following it, keeping its place in the zip. */
function renamePart(parts: XlsxParts, from: string, to: string, target: string): XlsxParts {
  const rels = parts['xl/_rels/workbook.xml.rels'] as string;
  const renamed = Object.fromEntries(Object.entries(parts).map(([key, value]) => [key === from ? to : key, value]));
  renamed['xl/_rels/workbook.xml.rels'] = rels.replace(`Target="${from.slice(3)}"`, `Target="${target}"`);
  return renamed;
}

describe('xlsxReader: parts in any order and place', () => {
  it('reads a sheet stored before its shared strings (Apple Numbers order)', async () => {
    const { stream, rows } = await readParts(buildXlsxParts(ROWS, { sheetBeforeStrings: true }));
    expect(stream.info.header.map((column) => column.name)).toEqual(['Артикул', 'Наименование', 'Цена']);
    expect(rowTexts(rows)).toEqual([
      ['A-1', 'Чайник «Ромашка»', '100'],
      ['A-2', 'Кружка', '50'],
    ]);
  });

  it('finds the shared strings and the sheet where the relationships put them, not only at the usual names', async () => {
    let parts = buildXlsxParts(ROWS, { sheetBeforeStrings: true });
    parts = renamePart(parts, 'xl/sharedStrings.xml', 'xl/strings/shared.xml', '/xl/strings/shared.xml');
    parts = renamePart(parts, 'xl/worksheets/sheet1.xml', 'xl/worksheets/товары.xml', './worksheets/товары.xml');
    const { stream, rows } = await readParts(parts);
    expect(stream.info.sheet).toBe('Товары');
    expect(rowTexts(rows)).toEqual([
      ['A-1', 'Чайник «Ромашка»', '100'],
      ['A-2', 'Кружка', '50'],
    ]);
    expect(stream.bytesRead()).toBe(stream.info.totalBytes);
  });

  it('refuses, naming the file, a workbook whose shared strings are named but missing, or cut short', async () => {
    const missing = buildXlsxParts(ROWS, { sheetBeforeStrings: true });
    delete missing['xl/sharedStrings.xml'];
    const first = readParts(missing, 'missing-strings.xlsx');
    await expect(first).rejects.toThrow(SourceReadError);
    await expect(first).rejects.toThrow(/missing-strings\.xlsx: the workbook is corrupt: its part xl\/sharedStrings\.xml is missing/);

    const cut = buildXlsxParts(ROWS, { sheetBeforeStrings: true });
    const xml = cut['xl/sharedStrings.xml'] as string;
    cut['xl/sharedStrings.xml'] = xml.slice(0, xml.indexOf('Кружка') + 3);
    const second = readParts(cut, 'cut-strings.xlsx');
    await expect(second).rejects.toThrow(SourceReadError);
    await expect(second).rejects.toThrow(/cut-strings\.xlsx: the workbook is corrupt: xl\/sharedStrings\.xml is malformed \(the part ends inside a string/);
  });
});
