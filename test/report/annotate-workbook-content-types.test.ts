import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../src/i18n/create-translator.js';
import { buildRunSummary } from '../../src/report/build-run-summary.js';
import { writeReportHtml } from '../../src/report/html/write-report-html.js';
import type { RowOutcome } from '../../src/report/report-types.js';
import { writeReportCopies, writeReportSummary } from '../../src/report/write-run-report.js';
import { openWorkbook, xlsxReader } from '../../src/sources/read-xlsx.js';
import { loadZipDirectory, loadZipEntryText } from '../../src/xlsx/zip-directory.js';
import { collectRows } from '../sources/temp-files.js';
import { buildStoredZip, buildXlsxParts } from '../fuzz/build-xlsx-bytes.js';
import { makeHeader, makeInfo, makeIssue, makeOutcomeOf, makeParts, makeTempDir } from './report-builders.js';

const outcomes: RowOutcome[] = [
  { row: 2, status: 'valid', issues: [] },
  { row: 3, status: 'invalid', issues: [makeIssue({ code: 'price_not_number', message: 'price is not a number', row: 3, column: 'B', header: 'Price', value: 'abc' })] },
];

/** A workbook of our own generator whose `[Content_Types].xml` is `types` (left out when undefined). */
async function writeWorkbook(dir: string, types: string | undefined): Promise<string> {
  const parts = buildXlsxParts([['SKU', 'Price'], ['A-1', 100], ['A-2', 'abc']], { sheetName: 'Sheet1' });
  if (types === undefined) delete parts['[Content_Types].xml'];
  else parts['[Content_Types].xml'] = types;
  const path = join(dir, 'seller.xlsx');
  await writeFile(path, buildStoredZip(parts));
  return path;
}

/** The run's report as the pipeline writes it after issues.ndjson: the copies, summary.json, report.html. */
async function writeReport(dir: string, sourcePath: string) {
  const runDir = join(dir, 'run');
  const copies = await writeReportCopies({
    dir: runDir,
    sourcePath,
    info: makeInfo({ file: 'seller.xlsx', format: 'xlsx', sheet: 'Sheet1', header: makeHeader(['SKU', 'Price']) }),
    outcomeOf: makeOutcomeOf(outcomes),
  });
  const summary = buildRunSummary(makeParts({ command: 'validate', outcomes }));
  await writeReportSummary(copies.paths, summary, copies.warnings);
  await writeReportHtml({ dir: runDir, summary, translator: createTranslator('en') });
  const written = JSON.parse(await readFile(copies.paths.summary, 'utf8')) as { issues: { code: string; file?: string; message: string }[] };
  return { copies, runDir, issues: written.issues, rejected: await readFile(copies.paths.rejectedRows, 'utf8') };
}

describe('the annotated copy of a workbook with a missing or damaged [Content_Types].xml', () => {
  it('no [Content_Types].xml: the copy is written, declaring every part it keeps or adds', async () => {
    const dir = await makeTempDir();
    const sourcePath = await writeWorkbook(dir, undefined);
    // The reader reads it: the copy must not refuse what the run read.
    expect((await collectRows(await xlsxReader.open(sourcePath, { headerRow: 1 }, {}))).length).toBe(2);

    const { copies, issues, rejected } = await writeReport(dir, sourcePath);
    const annotated = copies.paths.annotated;
    expect(annotated).not.toBeNull();
    expect(issues.map((issue) => issue.code)).not.toContain('annotation_copy_failed');
    expect(rejected).toContain('A-2');
    const directory = await loadZipDirectory(annotated as string, (await stat(annotated as string)).size);
    if ('problem' in directory) throw new Error(directory.problem);
    const typesEntry = directory.entries.get('[Content_Types].xml');
    expect(typesEntry).toBeDefined();
    const types = await loadZipEntryText(annotated as string, typesEntry!);
    // Every part but the relationships (the `rels` default) and the VML (its own default) has an override.
    const undeclared = [...directory.entries.keys()].filter((name) => name !== '[Content_Types].xml' && !name.endsWith('.rels') && !name.endsWith('.vml') && !types.includes(`PartName="/${name}"`));
    expect(undeclared).toEqual([]);
    expect(types).toContain('Extension="rels"');
    expect((await openWorkbook(annotated as string, (await stat(annotated as string)).size)).parts.sheets.map((sheet) => sheet.name)).toEqual(['Sheet1', 'To fix']);
  });

  it('a damaged [Content_Types].xml: the copy is left out with a warning naming the file, the rest of the report is written', async () => {
    const dir = await makeTempDir();
    const sourcePath = await writeWorkbook(dir, '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml"');
    const { copies, runDir, issues, rejected } = await writeReport(dir, sourcePath);
    expect(copies.paths.annotated).toBeNull();
    expect((await readdir(runDir)).sort()).toEqual(['rejected-rows.csv', 'report.html', 'summary.json']);
    const warning = issues.find((issue) => issue.code === 'annotation_copy_failed');
    expect(warning?.file).toBe('seller.xlsx');
    expect(warning?.message).toContain('[Content_Types].xml');
    expect(rejected.split('\n')[0]).toContain('SKU');
  });
});
