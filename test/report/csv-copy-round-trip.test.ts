/**
 * The proof that the CSV report files lose nothing: a seller's file with a title row, single-cell
 * group rows feeding `_group1` (the category), a seller's own `_note` column, a cell longer than
 * `maxCellLength` and invalid rows goes through a dry run against the sandbox; `annotated.csv`
 * fed back with the same mapping gives the same rows, groups and issues on the same row numbers;
 * `rejected-rows.csv` fed back gives the rejected rows with their groups and their issues.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeDeps } from '../../src/core/deps.js';
import { runValidate } from '../../src/pipeline/run-validate.js';
import { CSV_NEWLINE } from '../../src/report/format-csv-record.js';
import { formatCsvRecord } from './report-builders.js';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/start-sandbox.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';
import { csvReader } from '../../src/sources/read-csv.js';
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
const MAPPING = `${PHONE_MAPPING.replace('category: Категория', 'category: _group1')}input: { groupRows: { singleCell: true } }\n`;
/** What the reader reads the file with in the pipeline (the mapping's `read`, the settings' limits). */
const READ: ReadOptions = { ignoreHeaderPrefix: '_', maxCellLength: 100, groupRows: { outline: true, merged: true, singleCell: true, bold: false } };
const LONG = `<p>${'Длинное описание. '.repeat(12)}</p>`;

/** Title, empty line, header, group «Смартфоны» (rows 1–4, one bad price), group «Прочее» (unknown category), group «Смартфоны» again (a long cell, a bad barcode). */
function buildSellerCsv(): string {
  const rows = buildPhoneRows(4);
  const line = (values: readonly string[]): string => formatCsvRecord(values, ';') + CSV_NEWLINE;
  const phone = (index: number, change: Partial<Record<string, string>> = {}): string => {
    const r = rows[index]!;
    const values: Record<string, string> = {
      Артикул: r.key, Штрихкод: r.barcode, Наименование: r.name, Атауы: `${r.name} смартфоны`, Описание: '<p>Описание</p>', Сипаттамасы: '<p>Сипаттама</p>',
      _note: `заметка ${index}`, Бренд: 'Samsung', Цвет: r.color, Память: r.memory, ОС: 'Android', Модель: r.key, Цена: r.price, Фото: `https://cdn.example.kz/${r.barcode}.jpg`, ...change,
    };
    return line(HEADER.map((name) => values[name] ?? ''));
  };
  return [
    line(['Прайс-лист ТОО «Ромашка» на 01.11']),
    CSV_NEWLINE,
    line(HEADER),
    line(['', '', 'Смартфоны']),
    phone(0),
    phone(1, { Цена: 'дорого' }),
    phone(2),
    phone(3),
    CSV_NEWLINE,
    line(['', '', 'Прочее']),
    phone(4),
    phone(5),
    line(['', '', 'Смартфоны']),
    phone(6, { Описание: LONG }),
    phone(7, { Штрихкод: '123' }),
  ].join('');
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

/** The data rows of a file as the pipeline's reader reads them: row, key, groups, note-free values. */
async function readRows(path: string): Promise<{ row: number; key: string; groups: string[]; cells: Record<string, string> }[]> {
  const stream = await csvReader.open(path, READ, {});
  const names = stream.info.header.map((column) => column.name);
  return (await collectRows(stream)).map((row) => {
    const cells = Object.fromEntries(names.map((name, i) => [name, row.cells[i]?.text ?? '']));
    return { row: row.row, key: cells['Артикул'] ?? '', groups: row.groups ?? [], cells };
  });
}

describe('the CSV report files fed back with the same mapping', () => {
  it('annotated.csv reads as the input did; rejected-rows.csv gives the rejected rows with their groups and issues', async () => {
    catalog = await createPhoneCatalog([]);
    const { dir } = catalog;
    await import('node:fs/promises').then(({ writeFile }) => Promise.all([writeFile(join(dir, 'seller.csv'), buildSellerCsv()), writeFile(join(dir, 'mapping.yaml'), MAPPING)]));

    const first = await validate(join(dir, 'seller.csv'), dir);
    const annotatedPath = first.reportPaths.annotated ?? '';
    const firstIssues = await readRowIssues(first.reportPaths.issues ?? '');
    // The run saw what the file holds: the bad price, the unknown group, the cut cell, the bad barcode.
    const codesByRow = new Map<number, string[]>();
    for (const issue of firstIssues) codesByRow.set(issue.row ?? 0, [...(codesByRow.get(issue.row ?? 0) ?? []), issue.code]);
    expect([...codesByRow.keys()].sort((a, b) => a - b)).toEqual(expect.arrayContaining([6, 11, 12, 14, 15]));
    expect(codesByRow.get(14)).toContain('cell_truncated');

    const annotated = await readFile(annotatedPath, 'utf8');
    const lines = annotated.split(CSV_NEWLINE);
    expect(lines[0]).toBe('\uFEFFПрайс-лист ТОО «Ромашка» на 01.11');
    expect(lines[1]).toBe('');
    expect(lines[2]).toBe(`${HEADER.join(';')};_status;_errors;_product_id;_sku_id;_job_id`);
    expect(lines[3]).toBe(';;Смартфоны');
    expect(lines[4]).toContain(';заметка 0;');
    expect(annotated).toContain(LONG);

    // Fed back: same rows on the same numbers, same groups, same values, same issues.
    const second = await validate(annotatedPath, dir);
    expect(await readRows(annotatedPath)).toEqual(await readRows(join(dir, 'seller.csv')));
    expect(await readRowIssues(second.reportPaths.issues ?? '')).toEqual(firstIssues);
    expect(second.summary.counts.byStatus).toEqual(first.summary.counts.byStatus);

    // rejected-rows.csv: each rejected row after its groups; fed back, the same rows with the same groups and issue codes.
    const rejectedPath = first.reportPaths.rejectedRows;
    const rejected = (await readFile(rejectedPath, 'utf8')).split(CSV_NEWLINE);
    expect(rejected[0]).toBe(`\uFEFFrow;status;issue_code;message;${HEADER.join(';')}`);
    expect(rejected.filter((text) => /^;;;;;;/.test(text))).toEqual([';;;;;;Смартфоны', ';;;;;;Прочее', ';;;;;;Смартфоны']);
    const original = new Map((await readRows(join(dir, 'seller.csv'))).map((row) => [row.row, row]));
    const fedBack = await readRows(rejectedPath);
    const problemRows = [...new Set(firstIssues.filter((issue) => issue.severity === 'error').map((issue) => issue.row))];
    expect(fedBack.map((row) => Number(row.cells['row']))).toEqual(expect.arrayContaining(problemRows));
    for (const row of fedBack) {
      const source = original.get(Number(row.cells['row']));
      expect(source, `row ${row.cells['row']}`).toBeDefined();
      expect(row.groups).toEqual(source?.groups);
      expect(row.key).toBe(source?.key);
      expect(row.cells['Описание']).toBe(source?.cells['Описание']);
    }
    const third = await validate(rejectedPath, dir);
    const newToOld = new Map(fedBack.map((row) => [row.row, Number(row.cells['row'])]));
    // A `message` cell (column D) longer than this test's small maxCellLength is cut: ours, not the seller's.
    const thirdCodes = (await readRowIssues(third.reportPaths.issues ?? '')).filter((issue) => !(issue.code === 'cell_truncated' && issue.column === 'D')).map((issue) => `${newToOld.get(issue.row ?? 0)} ${issue.code}`);
    const firstCodes = firstIssues.filter((issue) => newToOld.size > 0 && [...newToOld.values()].includes(issue.row ?? 0)).map((issue) => `${issue.row} ${issue.code}`);
    expect(thirdCodes.sort()).toEqual(firstCodes.sort());
  }, 60_000);
});
