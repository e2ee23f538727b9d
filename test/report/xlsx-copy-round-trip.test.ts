/**
 * The proof that the report files of an XLSX input lose nothing a re-run needs: a seller's
 * workbook with a title row, group rows of each kind the reader knows (a merged row across the
 * table, a single-cell row, an outline row) feeding `_group1` (the category), a seller's own
 * `_note` column, a cell longer than `maxCellLength`, a value right of the header, a merged cell
 * filled down (`fillMerged`) and invalid rows
 * goes through a dry run against the sandbox. `rejected-rows.csv`, fed back as a CSV with the
 * same mapping, gives the rejected rows with their groups, values and issues; `annotated.xlsx`
 * fed back reads as the input did.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeDeps } from '../../src/core/deps.js';
import { runValidate } from '../../src/pipeline/run-validate.js';
import { CSV_NEWLINE } from '../../src/report/format-csv-record.js';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/start-sandbox.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';
import { openSource } from '../../src/sources/open-source.js';
import type { ReadOptions } from '../../src/sources/types.js';
import { buildPhoneRows, createPhoneCatalog, PHONE_MAPPING } from '../helpers/smartphone-catalog.js';
import { collectRows } from '../sources/temp-files.js';

let sandbox: SandboxHandle;
let catalog: Awaited<ReturnType<typeof createPhoneCatalog>> | undefined;

beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, jobDelayMs: 20 });
});
afterEach(async () => {
  await sandbox.close();
  await catalog?.remove();
});

const HEADER = ['Артикул', 'Штрихкод', 'Наименование', 'Атауы', 'Описание', 'Сипаттамасы', '_note', 'Бренд', 'Цвет', 'Память', 'ОС', 'Модель', 'Цена', 'Фото'];
const MAPPING = `${PHONE_MAPPING.replace('category: Категория', 'category: _group1')}input: { groupRows: { singleCell: true }, fillMerged: [Бренд] }\n`;
/** What the reader reads a file with in the pipeline (the mapping's `read`, the settings' limits). */
const READ: ReadOptions = { ignoreHeaderPrefix: '_', maxCellLength: 100, fillMerged: ['Бренд'], groupRows: { outline: true, merged: true, singleCell: true, bold: false } };
const LONG = `<p>${'Длинное описание. '.repeat(12)}</p>`;

/**
 * Title (row 1), empty row, header (row 3); merged group «Смартфоны» (row 4) over rows 5–8 (one
 * bad price); single-cell group «Прочее» (row 10, unknown category) over rows 11–12; outline group
 * «Смартфоны» (row 13) over rows 14–15 (a long cell, a bad barcode, a value right of the header,
 * and one brand in a merged cell over both, which the mapping fills down).
 */
async function writeSellerWorkbook(path: string): Promise<void> {
  const rows = buildPhoneRows(4);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Прайс');
  const phone = (index: number, change: Partial<Record<string, string | number>> = {}): (string | number)[] => {
    const r = rows[index]!;
    const values: Record<string, string | number> = {
      Артикул: r.key, Штрихкод: r.barcode, Наименование: r.name, Атауы: `${r.name} смартфоны`, Описание: '<p>Описание</p>', Сипаттамасы: '<p>Сипаттама</p>',
      _note: `заметка ${index}`, Бренд: 'Samsung', Цвет: r.color, Память: Number(r.memory), ОС: 'Android', Модель: r.key, Цена: r.price, Фото: `https://cdn.example.kz/${r.barcode}.jpg`, ...change,
    };
    return HEADER.map((name) => values[name] ?? '');
  };
  sheet.getRow(1).values = ['Прайс-лист ТОО «Ромашка» на 01.11'];
  sheet.getRow(3).values = HEADER;
  sheet.getRow(4).values = ['Смартфоны'];
  sheet.mergeCells('A4:N4');
  sheet.getRow(5).values = phone(0);
  sheet.getRow(6).values = phone(1, { Цена: 'дорого' });
  sheet.getRow(7).values = phone(2);
  sheet.getRow(8).values = phone(3);
  sheet.getRow(10).values = ['', '', 'Прочее'];
  sheet.getRow(11).values = phone(4);
  sheet.getRow(12).values = phone(5);
  sheet.getRow(13).values = ['', '', 'Смартфоны'];
  sheet.getRow(14).values = phone(6, { Описание: LONG });
  sheet.getRow(15).values = [...phone(7, { Штрихкод: '123', Бренд: '' }), 'справа от шапки'];
  // One brand for the last two rows, in a merged cell: the reader fills it down (`fillMerged`).
  sheet.mergeCells('H14:H15');
  for (const row of [14, 15]) sheet.getRow(row).outlineLevel = 1;
  await workbook.xlsx.writeFile(path);
}

function settingsFor(dir: string) {
  const credential = sandbox.credentials[0];
  return resolveSettings({
    flags: { baseUrl: sandbox.url, clientId: credential?.clientId, clientSecret: credential?.clientSecret, stateDir: join(dir, 'state'), timeoutMs: 3000, annotatedCopy: 'always', maxCellLength: 100 },
  });
}

async function validate(file: string, dir: string) {
  const deps = createNodeDeps({ cwd: dir, env: {}, onEvent: () => undefined });
  return runValidate({ file, mapping: join(dir, 'mapping.yaml'), settings: settingsFor(dir) }, deps);
}

interface IssueLine {
  row?: number | undefined;
  code: string;
  column?: string | undefined;
  severity: string;
}

/** Row issues of a run: row, code, column, severity, in file order. */
async function readRowIssues(path: string): Promise<IssueLine[]> {
  const lines = (await readFile(path, 'utf8')).split('\n').filter((text) => text !== '');
  return lines
    .map((text) => JSON.parse(text) as IssueLine)
    .filter((issue) => issue.row !== undefined)
    .map(({ row, code, column, severity }) => ({ row, code, column, severity }));
}

/** The data rows of a file as the pipeline's reader reads them: row, key, groups, values by header name. */
async function readRows(path: string): Promise<{ row: number; key: string; groups: string[]; cells: Record<string, string> }[]> {
  const stream = await openSource(path, READ, {});
  const names = stream.info.header.map((column) => column.name);
  return (await collectRows(stream)).map((row) => {
    const cells = Object.fromEntries(names.map((name, i) => [name, row.cells[i]?.text ?? '']));
    return { row: row.row, key: cells['Артикул'] ?? '', groups: row.groups ?? [], cells };
  });
}

describe('the report files of an XLSX input fed back with the same mapping', () => {
  it('rejected-rows.csv gives the rejected rows with their groups, values and issues; annotated.xlsx reads as the input did', async () => {
    catalog = await createPhoneCatalog([]);
    const { dir } = catalog;
    const sellerPath = join(dir, 'seller.xlsx');
    await Promise.all([writeSellerWorkbook(sellerPath), writeFile(join(dir, 'mapping.yaml'), MAPPING)]);

    const original = await readRows(sellerPath);
    expect(original.find((row) => row.row === 15)?.cells['Бренд']).toBe('Samsung');
    // The reader sees the three kinds of group rows: every row of goods has its category.
    expect(original.map((row) => [row.row, row.groups])).toEqual([
      [5, ['Смартфоны']], [6, ['Смартфоны']], [7, ['Смартфоны']], [8, ['Смартфоны']],
      [11, ['Прочее']], [12, ['Прочее']],
      [14, ['Смартфоны']], [15, ['Смартфоны']],
    ]);

    const first = await validate(sellerPath, dir);
    const firstIssues = await readRowIssues(first.reportPaths.issues ?? '');
    const codesByRow = new Map<number, string[]>();
    for (const issue of firstIssues) codesByRow.set(issue.row ?? 0, [...(codesByRow.get(issue.row ?? 0) ?? []), issue.code]);
    expect([...codesByRow.keys()].sort((a, b) => a - b)).toEqual(expect.arrayContaining([6, 11, 12, 14, 15]));
    expect(codesByRow.get(14)).toContain('cell_truncated');

    // rejected-rows.csv: the whole header (the seller's `_note` too), each rejected row after its groups, written once.
    const rejectedPath = first.reportPaths.rejectedRows;
    const rejectedText = await readFile(rejectedPath, 'utf8');
    const lines = rejectedText.split(CSV_NEWLINE);
    expect(lines[0]).toBe(`\uFEFFrow;status;issue_code;message;${HEADER.join(';')}`);
    expect(lines.filter((text) => text.startsWith(';;;;'))).toEqual([';;;;Смартфоны', ';;;;;;Прочее', ';;;;;;Смартфоны']);
    expect(rejectedText).toContain(LONG);
    expect(rejectedText).toContain(';заметка 1;');
    expect(rejectedText).toContain(';справа от шапки');
    // Row 15's brand, filled down from the merged cell above it: a CSV has no merged cells.
    expect(lines.find((text) => text.startsWith('15;'))).toContain(';Samsung;');

    // The mapping reads single-cell group rows: nothing to warn of about feeding the file back.
    const summaryJson = JSON.parse(await readFile(first.reportPaths.summary, 'utf8')) as { issues: IssueLine[] };
    expect(summaryJson.issues.map((issue) => issue.code)).not.toContain('rejected_rows_groups_differ');

    // Fed back as a CSV: every rejected row, with the same groups, key and values (the long one whole, cut again by the reader).
    const byRow = new Map(original.map((row) => [row.row, row]));
    const fedBack = await readRows(rejectedPath);
    const problemRows = [...new Set(firstIssues.filter((issue) => issue.severity === 'error').map((issue) => issue.row))];
    expect(fedBack.map((row) => Number(row.cells['row']))).toEqual(expect.arrayContaining(problemRows));
    for (const row of fedBack) {
      const source = byRow.get(Number(row.cells['row']));
      expect(source, `row ${row.cells['row']}`).toBeDefined();
      expect(row.groups).toEqual(source?.groups);
      for (const name of HEADER.filter((header) => !header.startsWith('_'))) expect(row.cells[name], `${name} of row ${row.cells['row']}`).toBe(source?.cells[name]);
    }
    const third = await validate(rejectedPath, dir);
    const newToOld = new Map(fedBack.map((row) => [row.row, Number(row.cells['row'])]));
    // A `message` cell (column D) longer than this test's small maxCellLength is cut: ours, not the seller's;
    // the value right of the header is reported again, under its new column.
    const ours = (issue: IssueLine): boolean => (issue.code === 'cell_truncated' && issue.column === 'D') || issue.code === 'cell_outside_header';
    const thirdCodes = (await readRowIssues(third.reportPaths.issues ?? '')).filter((issue) => !ours(issue)).map((issue) => `${newToOld.get(issue.row ?? 0)} ${issue.code}`);
    const firstCodes = firstIssues.filter((issue) => [...newToOld.values()].includes(issue.row ?? 0) && !ours(issue)).map((issue) => `${issue.row} ${issue.code}`);
    expect(thirdCodes.sort()).toEqual(firstCodes.sort());

    // annotated.xlsx fed back: the same rows on the same numbers, the same groups, values and issues.
    const annotatedPath = first.reportPaths.annotated ?? '';
    expect(await readRows(annotatedPath)).toEqual(original);
    const second = await validate(annotatedPath, dir);
    // The value right of the header keeps its cell, where `_status` went: under that header now, the reader leaves it out without a warning.
    const outside = (issue: IssueLine): boolean => issue.code === 'cell_outside_header';
    expect(await readRowIssues(second.reportPaths.issues ?? '')).toEqual(firstIssues.filter((issue) => !outside(issue)));
    expect(second.summary.counts.byStatus).toEqual(first.summary.counts.byStatus);
    // Its rejected-rows.csv: the same header (the earlier run's `_` columns left out) and group rows, the rows with their values.
    const secondLines = (await readFile(second.reportPaths.rejectedRows, 'utf8')).split(CSV_NEWLINE);
    expect(secondLines[0]).toBe(lines[0]);
    expect(secondLines.filter((text) => text.startsWith(';;;;'))).toEqual([';;;;Смартфоны', ';;;;;;Прочее', ';;;;;;Смартфоны']);
    expect(secondLines.find((text) => text.startsWith('6;'))).toBe(lines.find((text) => text.startsWith('6;')));
  }, 60_000);
});
