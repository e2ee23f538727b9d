import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { buildRunSummary } from '../../src/report/build-run-summary.js';
import type { RowOutcome } from '../../src/report/report-types.js';
import { relationshipsPartOf } from '../../src/report/xlsx-patch/patch-package-parts.js';
import { openWorkbook, xlsxReader } from '../../src/sources/read-xlsx.js';
import { collectRows } from '../sources/temp-files.js';
import { resolvePart } from '../../src/xlsx/parse-workbook-parts.js';
import { loadZipDirectory, loadZipEntryText } from '../../src/xlsx/zip-directory.js';
import { buildStoredZip, buildXlsxParts, type XlsxParts } from '../fuzz/build-xlsx-bytes.js';
import { requireAnnotatedPath } from '../helpers/require-annotated-path.js';
import { makeHeader, makeInfo, makeIssue, makeOutcomeOf, makeParts, makeTempDir, writeCopiesAndSummary } from './report-builders.js';

const SHEET = 'Лист1';
const outcomes: RowOutcome[] = [
  { row: 2, status: 'valid', issues: [] },
  { row: 3, status: 'invalid', issues: [makeIssue({ code: 'price_not_number', message: 'price is not a number', row: 3, column: 'B', header: 'Цена', value: 'abc' })] },
];

/**
 * The parts of `buildXlsxParts` with the workbook part moved to `workbookPart` and the sheet to
 * `sheetPart`: the package relationships, the workbook's relationships and the content types say
 * so, as a generator that does not follow Excel's habits writes them.
 */
function placeParts(workbookPart: string, sheetPart: string): XlsxParts {
  const parts = buildXlsxParts([['Артикул', 'Цена'], ['A-1', 100], ['A-2', 'abc']], { sheetName: SHEET });
  const folder = workbookPart.slice(0, workbookPart.lastIndexOf('/') + 1);
  const depth = folder === '' ? 0 : folder.split('/').length - 1;
  const fromWorkbook = (part: string): string => (folder === 'xl/' ? part.slice('xl/'.length) : `${'../'.repeat(depth)}${part}`);
  const renamed: Record<string, string> = { 'xl/workbook.xml': workbookPart, 'xl/_rels/workbook.xml.rels': relationshipsPartOf(workbookPart), 'xl/worksheets/sheet1.xml': sheetPart };
  const text = (name: string): string => {
    const xml = parts[name] as string;
    if (name === '_rels/.rels') return xml.replace('Target="xl/workbook.xml"', `Target="${workbookPart}"`);
    if (name === 'xl/_rels/workbook.xml.rels') return xml.replace('Target="worksheets/sheet1.xml"', `Target="${fromWorkbook(sheetPart)}"`).replace('Target="sharedStrings.xml"', `Target="${fromWorkbook('xl/sharedStrings.xml')}"`);
    if (name === '[Content_Types].xml') return xml.replace('/xl/workbook.xml', `/${workbookPart}`).replace('/xl/worksheets/sheet1.xml', `/${sheetPart}`);
    return xml;
  };
  return Object.fromEntries(Object.keys(parts).map((name) => [renamed[name] ?? name, text(name)]));
}

/** Every internal relationship of the zip at `path` whose target is not a part of it ("from → target"). */
async function findDanglingRelationships(path: string): Promise<string[]> {
  const directory = await loadZipDirectory(path, (await stat(path)).size);
  if ('problem' in directory) throw new Error(directory.problem);
  const dangling: string[] = [];
  for (const entry of directory.entries.values()) {
    if (!entry.name.endsWith('.rels')) continue;
    const base = entry.name.slice(0, entry.name.lastIndexOf('_rels/'));
    for (const match of (await loadZipEntryText(path, entry)).matchAll(/<Relationship [^>]*?Target="([^"]*)"[^>]*>/g)) {
      if (match[0].includes('TargetMode="External"')) continue;
      const target = resolvePart(base, match[1] as string);
      if (!directory.entries.has(target)) dangling.push(`${entry.name} → ${target}`);
    }
  }
  return dangling;
}

describe('the annotated copy of a workbook whose parts are not where Excel puts them', () => {
  it.each([
    ['xl/book.xml', 'xl/worksheets/sheet1.xml'],
    ['wb/book.xml', 'xl/worksheets/sheet1.xml'],
    ['book.xml', 'xl/worksheets/sheet1.xml'],
    ['xl/workbook.xml', 'xl/ws/data/s1.xml'],
  ])('workbook part %s, sheet %s: the whole report is written, and the copy opens with every part it names', async (workbookPart, sheetPart) => {
    const dir = await makeTempDir();
    const sourcePath = join(dir, 'otherbook.xlsx');
    await writeFile(sourcePath, buildStoredZip(placeParts(workbookPart, sheetPart)));
    // The reader reads the seller's file as it is: the copy is made of the file a run read.
    const read = await xlsxReader.open(sourcePath, { headerRow: 1 }, {});
    expect((await collectRows(read)).map((row) => row.cells.map((cell) => cell?.text ?? ''))).toEqual([['A-1', '100'], ['A-2', 'abc']]);

    const paths = await writeCopiesAndSummary({
      dir: join(dir, 'run'),
      summary: buildRunSummary(makeParts({ command: 'validate', outcomes })),
      sourcePath,
      info: makeInfo({ file: 'otherbook.xlsx', format: 'xlsx', sheet: SHEET, header: makeHeader(['Артикул', 'Цена']) }),
      outcomeOf: makeOutcomeOf(outcomes),
    });
    expect((await stat(paths.summary)).size).toBeGreaterThan(0);
    const rejected = Papa.parse<string[]>((await readFile(paths.rejectedRows, 'utf8')).slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(rejected[1]).toEqual(['3', 'invalid', 'price_not_number', 'column B (Цена): price is not a number (value "abc")', 'A-2', 'abc']);

    const annotated = requireAnnotatedPath(paths);
    expect(await findDanglingRelationships(annotated)).toEqual([]);
    const { parts } = await openWorkbook(annotated, (await stat(annotated)).size);
    expect(parts.sheets.map((sheet) => sheet.name)).toEqual([SHEET, 'To fix']);
    const copy = await xlsxReader.open(annotated, { headerRow: 1, sheet: SHEET }, {});
    expect((await collectRows(copy)).map((row) => row.cells.slice(0, 4).map((cell) => cell?.text ?? ''))).toEqual([
      ['A-1', '100', 'valid', ''],
      ['A-2', 'abc', 'invalid', 'column B (Цена): price is not a number (value "abc")'],
    ]);
  });
});
