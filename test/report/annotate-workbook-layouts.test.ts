import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ANNOTATION_HEADERS } from '../../src/report/annotation-columns.js';
import type { RowOutcome } from '../../src/report/report-types.js';
import type { TextRow } from '../../src/report/write-annotated-csv.js';
import { writeAnnotatedWorkbook } from '../../src/report/write-annotated-workbook.js';
import { buildStoredZip, buildXlsxParts, type XlsxParts } from '../fuzz/build-xlsx-bytes.js';
import { makeHeader, makeInfo, makeIssue, makeOutcomeOf, makeTempDir } from './report-builders.js';

const HEADERS = ['Артикул', 'Наименование', 'Цена'];
const ROWS = [HEADERS, ['A-1', 'Чайник «Ромашка»', 100], ['A-2', 'Кружка', 'abc'], ['A-3', 'Қазақша мәтін', 7]];
const info = makeInfo({ file: 'layout.xlsx', format: 'xlsx', sheet: 'Товары', headerRow: 1, header: makeHeader(HEADERS) });
const outcomes: RowOutcome[] = [
  { row: 2, status: 'valid', issues: [] },
  { row: 3, status: 'invalid', issues: [makeIssue({ code: 'price_not_number', message: 'price must be a number', row: 3, column: 'C', header: 'Цена', value: 'abc' })] },
  { row: 4, status: 'valid', issues: [] },
];

async function annotateParts(parts: XlsxParts) {
  const dir = await makeTempDir();
  const sourcePath = join(dir, 'layout.xlsx');
  const outPath = join(dir, 'annotated.xlsx');
  await writeFile(sourcePath, buildStoredZip(parts));
  const dataRows: TextRow[] = [];
  const result = await writeAnnotatedWorkbook({
    sourcePath,
    outPath,
    info,
    outcomeOf: makeOutcomeOf(outcomes),
    onDataRow: (row) => {
      dataRows.push({ row: row.row, values: row.values, ...(row.beyond !== undefined && row.beyond.length > 0 ? { beyond: row.beyond } : {}) });
    },
  });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(outPath);
  const sheet = workbook.getWorksheet('Товары')!;
  const values = [1, 2, 3, 4].map((row) => (sheet.getRow(row).values as unknown[]).slice(1, 4 + 1));
  return { result, sheet, values, dataRows };
}

describe('writeAnnotatedWorkbook: shared strings however stored', () => {
  it('annotates a workbook whose shared strings are stored after the sheet', async () => {
    const parts = buildXlsxParts(ROWS, { sheetBeforeStrings: true });
    expect(Object.keys(parts).indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(Object.keys(parts).indexOf('xl/sharedStrings.xml'));
    const { result, sheet, values, dataRows } = await annotateParts(parts);
    expect(result).toEqual({ sheet: 'Товары', rows: 4, annotatedRows: 3, highlightedCells: 1, notes: 1, issues: 1, warnings: [] });
    expect(values).toEqual([
      [...HEADERS, ANNOTATION_HEADERS[0]],
      ['A-1', 'Чайник «Ромашка»', 100, 'valid'],
      ['A-2', 'Кружка', 'abc', 'invalid'],
      ['A-3', 'Қазақша мәтін', 7, 'valid'],
    ]);
    expect(sheet.getCell('C2').type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getCell('E3').value).toBe('column C (Цена): price must be a number (value "abc")');
    expect(dataRows).toEqual([
      { row: 2, values: ['A-1', 'Чайник «Ромашка»', '100'] },
      { row: 3, values: ['A-2', 'Кружка', 'abc'] },
      { row: 4, values: ['A-3', 'Қазақша мәтін', '7'] },
    ]);
  });

  it('keeps rich-text shared strings as they are; their text, without phonetic guides, goes to onDataRow', async () => {
    const parts = buildXlsxParts(ROWS);
    const strings = parts['xl/sharedStrings.xml'] as string;
    const rich =
      '<si><r><rPr><b/><sz val="11"/></rPr><t xml:space="preserve">Чайник </t></r><r><rPr><i/></rPr><t>«Ромашка»</t></r>' +
      '<rPh sb="0" eb="1"><t>ちゃいにく</t></rPh></si>';
    parts['xl/sharedStrings.xml'] = strings.replace('<si><t xml:space="preserve">Чайник «Ромашка»</t></si>', rich);
    expect(parts['xl/sharedStrings.xml']).toContain('<r><rPr><i/>');
    const { values, dataRows } = await annotateParts(parts);
    // The seller's rich text is kept as such (bold and italic runs); its text is what was written.
    const kept = values[1]?.[1] as { richText: { text: string }[] };
    expect(kept.richText.map((run) => run.text).join('')).toBe('Чайник «Ромашка»');
    expect([values[1]?.[0], values[1]?.[2], values[1]?.[3]]).toEqual(['A-1', 100, 'valid']);
    // The strings after the rich one keep their indexes.
    expect(values[2]).toEqual(['A-2', 'Кружка', 'abc', 'invalid']);
    expect(dataRows[0]).toEqual({ row: 2, values: ['A-1', 'Чайник «Ромашка»', '100'] });
  });
});
