/**
 * Issue 33, items 1–2 end to end: `lookup: category` with `groups:` classifies each name with the
 * seller's own grouping of its row (a category column of a CSV, the group rows of an XLSX), over the
 * real sandbox (port 0). Names that are unsure alone are placed with their group; a row still unsure
 * under a group the seller answered in `categories:` takes that answer; a group column the file lacks
 * stops the run before any row; `mapping review` places the rows the import places. Traps: without
 * `groups:` nothing changes, and an empty group cell reads the name alone.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { runMappingReview } from '../../src/assistant/review/run-mapping-review.js';
import { createNodeDeps } from '../../src/core/deps.js';
import type { Issue } from '../../src/core/issue.js';
import { buildReadOptions } from '../../src/mapping/build-read-options.js';
import { loadMapping } from '../../src/mapping/load-mapping.js';
import { loadServiceDirectoriesOf } from '../../src/pipeline/load-directories.js';
import { openService } from '../../src/pipeline/open-service.js';
import { runValidate } from '../../src/pipeline/run-validate.js';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/start-sandbox.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';
import { openSource } from '../../src/sources/open-source.js';
import { createRowMapper } from '../../src/stages/create-row-mapper.js';
import { buildPrefixedEan13 } from '../helpers/seller-file-fixtures.js';

// Leaves of the sandbox's directory the rows belong in.
const MEN_TSHIRTS = 30201;
const KIDS_TSHIRTS = 30304;
const PANS = 60102;
const PHONE_CASES = 10105;
const HOSES = 60602;
const SMARTPHONES = 10101;

let sandbox: SandboxHandle;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(async () => {
  await sandbox.close();
});

async function makeDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'lookup-groups-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

function settingsFor(dir: string) {
  const credential = sandbox.credentials[0];
  return resolveSettings({ flags: { baseUrl: sandbox.url, clientId: credential?.clientId, clientSecret: credential?.clientSecret, stateDir: join(dir, 'state'), timeoutMs: 5000 } });
}

/** The mapping: the category the lookup reads in the name, with `groups` when given, and the seller's `categories` answers. */
function buildMapping(groups: readonly string[] | undefined, categories: Record<string, number> = {}): string {
  return [
    'columns:',
    '  productKey: Артикул',
    '  barcode: Штрихкод',
    '  name: { rus: Наименование }',
    '  category: Категория',
    '  price: Цена',
    '  photos: Фото',
    'defaults: { shopId: 1, vat: 12, isLocalMade: false, brand: 1000 }',
    'derive:',
    `  - { name: Категория, from: Наименование, onFail: skip, steps: [{ lookup: category${groups === undefined ? '' : `, groups: [${groups.join(', ')}]`} }] }`,
    ...(Object.keys(categories).length === 0 ? [] : ['categories:', ...Object.entries(categories).map(([key, id]) => `  ${key}: ${id}`)]),
    'validation: { requireDescription: false, kazakh: off, requiredAttributes: warning }',
    '',
  ].join('\n');
}

/** The CSV rows: name and the seller's category cell; the other cells made up. */
const CSV_ROWS: [string, string][] = [
  ['Футболка хлопковая белая', 'Мужская одежда'],
  ['Футболка хлопковая белая', 'Одежда / Детская одежда'],
  ['Tefal Classic 24', 'Сковороды'],
  ['Чехол для iPhone 13', 'Аксессуары для телефонов'],
  ['Шланг 20 м', 'Поливочные шланги'],
  ['Tefal Classic 24', ''],
  ['Tefal Ingenio 28 см', 'Хиты продаж'],
];

function writeCsv(rows: readonly [string, string][]): string {
  const lines = rows.map(([name, group], i) => [`A-${i + 1}`, name, String(500 + i), buildPrefixedEan13('460', 7000 + i), `https://img.example.kz/${i}.jpg`, group].join(';'));
  return ['Артикул;Наименование;Цена;Штрихкод;Фото;Группа', ...lines, ''].join('\n');
}

/** An XLSX whose groups are outline group rows: `Мужская одежда` › a T-shirt, `Сковороды` › a pan of no type, `Аксессуары для телефонов` › a case. */
async function writeOutlineWorkbook(path: string): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Прайс');
  sheet.addRow(['Артикул', 'Наименование', 'Цена', 'Штрихкод', 'Фото']);
  const rows: [(string | number)[], number][] = [
    [['', 'Мужская одежда'], 0],
    [['X-1', 'Футболка хлопковая белая', 900, buildPrefixedEan13('460', 8001), 'https://img.example.kz/1.jpg'], 1],
    [['', 'Сковороды'], 0],
    [['X-2', 'Tefal Classic 24', 300, buildPrefixedEan13('460', 8002), 'https://img.example.kz/2.jpg'], 1],
    [['', 'Аксессуары для телефонов'], 0],
    [['X-3', 'Чехол для iPhone 13', 2500, buildPrefixedEan13('460', 8003), 'https://img.example.kz/3.jpg'], 1],
  ];
  for (const [values, level] of rows) sheet.addRow(values).outlineLevel = level;
  await workbook.xlsx.writeFile(path);
}

/** Writes the file and mapping; validates; maps every row as validate does, for its leaf. */
async function run(file: { name: string; write: (path: string) => Promise<void> }, mapping: string) {
  const dir = await makeDir();
  await file.write(join(dir, file.name));
  await writeFile(join(dir, 'mapping.yaml'), mapping);
  const settings = settingsFor(dir);
  const deps = createNodeDeps({ cwd: dir, env: {} });
  const result = await runValidate({ file: join(dir, file.name), mapping: join(dir, 'mapping.yaml'), settings }, deps);
  return { dir, settings, deps, result, leaves: () => mapLeaves(dir, file.name, settings, deps) };
}

async function mapLeaves(dir: string, file: string, settings: ReturnType<typeof settingsFor>, deps: ReturnType<typeof createNodeDeps>): Promise<(number | null)[]> {
  const mapping = await loadMapping(join(dir, 'mapping.yaml'), deps);
  const service = await openService(settings.settings, deps);
  const { directories } = await loadServiceDirectoriesOf(service, settings.settings, deps).finally(() => service.close());
  const stream = await openSource(join(dir, file), buildReadOptions(mapping), deps);
  const mapper = createRowMapper(mapping, directories, stream.info);
  const leaves: (number | null)[] = [];
  for await (const row of stream.rows) leaves.push(mapper(row).record?.product.categoryId ?? null);
  return leaves;
}

const csvFile = (rows: readonly [string, string][]) => ({ name: 'price.csv', write: (path: string) => writeFile(path, writeCsv(rows)) });
const uncertain = (issues: readonly Issue[]): Issue[] => issues.filter((issue) => issue.code === 'category_uncertain');

describe('lookup: category with groups (runValidate over the sandbox)', () => {
  it("places the CSV's names that are unsure alone by the seller's category column; an empty cell reads the name alone", async () => {
    const { result, leaves } = await run(csvFile(CSV_ROWS), buildMapping(['Группа']));
    expect(await leaves()).toEqual([MEN_TSHIRTS, KIDS_TSHIRTS, PANS, PHONE_CASES, null, null, null]);
    // The hose stays a question under a group the seller has not answered, and the issue says the group it read.
    const open = uncertain(result.summary.issues);
    expect(open.map((issue) => [issue.row, issue.data?.groups])).toEqual([[6, 'Поливочные шланги']]);
    expect(result.summary.counts.byStatus.valid).toBe(4);
  });

  it('without groups: nothing changes (the same names are questions, the issues say no group)', async () => {
    const { result, leaves } = await run(csvFile(CSV_ROWS), buildMapping(undefined, { 'Поливочные шланги': HOSES }));
    expect(await leaves()).toEqual([null, null, null, null, null, null, null]);
    expect(uncertain(result.summary.issues).every((issue) => issue.data?.groups === undefined)).toBe(true);
  });

  it("a row left unsure under a group the seller answered in categories: takes that answer where the reading leaves room for it, after the classifier's sure pick", async () => {
    // `Мужская одежда` answered with the children's leaf: the classifier's sure pick with the group comes first.
    const answers = { 'Поливочные шланги': HOSES, 'Мужская одежда': KIDS_TSHIRTS, 'Хиты продаж': PANS };
    const { result, leaves } = await run(csvFile(CSV_ROWS), buildMapping(['Группа'], answers));
    // A name of no type under `Хиты продаж` takes its answer; the hose, whose reading names another leaf (a brake hose), stays a
    // question naming the group's answer beside the nearest leaves.
    expect(await leaves()).toEqual([MEN_TSHIRTS, KIDS_TSHIRTS, PANS, PHONE_CASES, null, null, PANS]);
    const open = uncertain(result.summary.issues);
    expect(open.map((issue) => issue.row)).toEqual([6]);
    expect(open[0]?.data?.nearest).toContain('your answer for "Поливочные шланги"');
    // The answers reached rows: they are in use, never reported unused.
    const unused = result.summary.issues.filter((issue) => issue.code === 'mapping_entry_unused').map((issue) => issue.data?.entries);
    expect(unused).not.toContainEqual(expect.stringContaining('Поливочные'));
    expect(unused).not.toContainEqual(expect.stringContaining('Хиты'));
  });

  it('a case and a cable under an answered group of smartphones stay questions in the import and in the review (trap)', async () => {
    const rows: [string, string][] = [['Чехол для iPhone 13', 'Смартфоны'], ['Кабель USB Type-C 1 м', 'Смартфоны']];
    const { result, leaves, settings, deps } = await run(csvFile(rows), buildMapping(['Группа'], { Смартфоны: SMARTPHONES }));
    expect(await leaves()).toEqual([null, null]);
    expect(uncertain(result.summary.issues).map((issue) => issue.row)).toEqual([2, 3]);
    const review = await runMappingReview({ file: 'price.csv', mapping: 'mapping.yaml', out: 'review.xlsx', force: false, settings: settings.settings }, deps);
    expect(review.answeredRows).toBe(0);
  });

  it("places the XLSX's names by their group rows (`_group`, the nearest group)", async () => {
    const { result, leaves } = await run({ name: 'price.xlsx', write: writeOutlineWorkbook }, buildMapping(['_group']));
    expect(await leaves()).toEqual([MEN_TSHIRTS, PANS, PHONE_CASES]);
    expect(result.summary.counts.byStatus.valid).toBe(3);
    const alone = await run({ name: 'price.xlsx', write: writeOutlineWorkbook }, buildMapping(undefined));
    expect(await alone.leaves()).toEqual([null, null, null]);
  });

  it('a group column the file lacks is a setup error naming the step, before any row', async () => {
    const { result } = await run(csvFile(CSV_ROWS), buildMapping(['Раздел']));
    const missing = result.summary.issues.filter((issue) => issue.code === 'mapped_column_missing');
    expect(missing).toMatchObject([{ severity: 'error', path: 'derive.Категория.groups', data: { variant: 'derive_groups', column: 'Категория', group: 'Раздел' } }]);
    expect(missing[0]?.message).toContain('Раздел');
    expect(missing[0]?.message).not.toContain('derives');
    expect(result.summary.counts.byStatus.valid ?? 0).toBe(0);
  });

  it('a group column no row of the file fills is one warning per file, naming it (a _group level a CSV does not have)', async () => {
    const { result } = await run(csvFile(CSV_ROWS), buildMapping(['_group1', 'Группа']));
    const unused = result.summary.issues.filter((issue) => issue.code === 'mapping_entry_unused' && issue.data?.variant === 'groups');
    expect(unused).toMatchObject([{ severity: 'warning', data: { count: 1, entries: JSON.stringify(['_group1']) } }]);
    // Trap: the group rows of an XLSX fill `_group`; a filled column is never named.
    const xlsx = await run({ name: 'price.xlsx', write: writeOutlineWorkbook }, buildMapping(['_group']));
    expect(xlsx.result.summary.issues.filter((issue) => issue.code === 'mapping_entry_unused' && issue.data?.variant === 'groups')).toEqual([]);
  });

  it('a group-row column read with input.groupRows: false is a setup error before any row, in the import and in the review', async () => {
    const mapping = `input: { groupRows: false }\n${buildMapping(['_group1'])}`;
    const { result, settings, deps } = await run({ name: 'price.xlsx', write: writeOutlineWorkbook }, mapping);
    const off = result.summary.issues.filter((issue) => issue.code === 'mapped_column_missing');
    expect(off).toMatchObject([{ severity: 'error', path: 'derive.Категория.groups', data: { variant: 'derive_groups_off', group: '_group1' } }]);
    expect(result.summary.counts.byStatus.valid ?? 0).toBe(0);
    await expect(runMappingReview({ file: 'price.xlsx', mapping: 'mapping.yaml', out: 'review.xlsx', force: false, settings: settings.settings }, deps)).rejects.toThrow(/input\.groupRows is false/);
    // Trap: with group rows read (the default) the same column is no error.
    const on = await run({ name: 'price.xlsx', write: writeOutlineWorkbook }, buildMapping(['_group1']));
    expect(on.result.summary.issues.filter((issue) => issue.code === 'mapped_column_missing')).toEqual([]);
  });

  it('mapping review reads the same groups: it places (or takes as answered) the rows the import places', async () => {
    const mapping = buildMapping(['Группа'], { 'Поливочные шланги': HOSES, 'Хиты продаж': PANS });
    const { dir, settings, deps, leaves } = await run(csvFile(CSV_ROWS), mapping);
    const placedByImport = (await leaves()).filter((leaf) => leaf !== null).length;
    const review = await runMappingReview({ file: 'price.csv', mapping: 'mapping.yaml', out: 'review.xlsx', force: false, settings: settings.settings }, deps);
    expect(review.placedRows + review.answeredRows).toBe(placedByImport);
    expect(review.answeredRows).toBe(1);
    // Without groups the review places what the import places without them: none of these names.
    await writeFile(join(dir, 'mapping.yaml'), buildMapping(undefined));
    const alone = await runMappingReview({ file: 'price.csv', mapping: 'mapping.yaml', out: 'review.xlsx', force: true, settings: settings.settings }, deps);
    expect(alone.placedRows + alone.answeredRows).toBe(0);
  });
});
