/**
 * Issue 33: a mapping's answers that reach no row are reported, never silent. A run that read the
 * whole file gives one `mapping_entry_unused` warning per map (`categories`, `brands`) naming the
 * keys no row met; an attribute's `values` are not checked; the mapping's own checks reach
 * nothing, and a run stopped early claims nothing.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createDirectoryIndex } from '../../src/mapping/directory-index.js';
import { loadMapping } from '../../src/mapping/load-mapping.js';
import { locateMappingEntry } from '../../src/mapping/locate-mapping-issues.js';
import { writeMappingWorkbook } from '../../src/mapping/write-mapping-workbook.js';
import { createTranslator } from '../../src/i18n/create-translator.js';
import { renderIssueHint, renderIssueMessage, type Issue } from '../../src/core/issue.js';
import type { Directories } from '../../src/domain/index.js';
import type { MappingInput } from '../../src/mapping/mapping-schema.js';
import { normalizeName } from '../../src/mapping/normalize-name.js';
import { buildUnusedEntryIssues, findUnusedEntries, UNUSED_KEYS_SHOWN } from '../../src/stages/find-unused-entries.js';
import { createMemoryProductSink } from '../../src/stages/product-sink.js';
import { mapAndAssemble } from '../../src/stages/run-dry-stages.js';
import { createMappingUsage } from '../../src/stages/track-mapping-usage.js';
import { makeDirectories, makeInfo, makeMapping, makeMappingInput, makeProductRow, streamRows, type CellInput } from '../helpers/builders.js';

const DIRECTORIES = makeDirectories();
const info = makeInfo({ file: 'price.csv' });
const BARCODES = ['4601234567893', '4601234567886', '4601234567879'];
const MEN = 'Одежда / Мужская одежда / Футболки';

async function run(
  rows: Record<string, CellInput>[],
  edit: (input: MappingInput) => void,
  options: { stopAfter?: number; signal?: AbortSignal; directories?: Directories } = {},
): Promise<Issue[]> {
  const mapping = makeMapping(edit);
  const directories = options.directories ?? DIRECTORIES;
  const source = rows.map((overrides, i) => makeProductRow(info, i + 2, { Артикул: `TS-${i}`, Штрихкод: BARCODES[i], ...overrides }));
  let seen = 0;
  const { issues } = await mapAndAssemble(streamRows(source), {
    mapping,
    directories,
    info,
    sink: createMemoryProductSink(),
    onRow: () => options.stopAfter !== undefined && ++seen >= options.stopAfter,
    signal: options.signal,
  });
  return issues;
}

const unusedOf = (issues: readonly Issue[]): Issue[] => issues.filter((issue) => issue.code === 'mapping_entry_unused');

describe('findUnusedEntries, its issues and where they point', () => {
  it('lists, per checked map in table order, the keys no row reached, compared as normalizeName compares them', () => {
    const mapping = makeMapping((m) => {
      m.categories = { 'Футболки мужские': MEN, Джинсы: 'Джинсы' };
      m.brands = { Кутюр: 500 };
      m.attributes = [{ code: 'color', column: 'Цвет', values: { алый: 'red' } }];
    });
    const usage = createMappingUsage();
    usage.reach('categories', normalizeName('ФУТБОЛКИ   мужские'));
    // A key of another map is not this map's key.
    usage.reach('brands', normalizeName('Джинсы'));
    const unused = findUnusedEntries(mapping, usage, { categoryLookup: false });
    expect(unused.map(({ path, variant, keys }) => [path, variant, keys])).toEqual([
      ['categories', 'categories', ['Джинсы']],
      ['brands', 'brands', ['Кутюр']],
    ]);
    usage.reach('categories', normalizeName('джинсы'));
    usage.reach('brands', normalizeName('кутюр'));
    expect(findUnusedEntries(mapping, usage, { categoryLookup: false })).toEqual([]);
  });

  it('names the first keys, with an ellipsis past them, keeps every key in the data, and for answers says to review again', () => {
    const keys = Array.from({ length: UNUSED_KEYS_SHOWN + 2 }, (_, i) => `тип ${i}`);
    const mapping = makeMapping((m) => {
      m.categories = Object.fromEntries(keys.map((key) => [key, MEN]));
    });
    const [issue, ...rest] = buildUnusedEntryIssues(findUnusedEntries(mapping, createMappingUsage(), { categoryLookup: true }), { file: 'price.csv' });
    expect(rest).toEqual([]);
    expect(issue).toMatchObject({ code: 'mapping_entry_unused', severity: 'warning', stage: 'map', file: 'price.csv', path: 'categories' });
    expect(issue?.row).toBeUndefined();
    expect(JSON.parse(String(issue?.data?.['entries']))).toEqual(keys);
    expect(issue?.message).toContain(`: ${keys.length} ("тип 0", "тип 1", "тип 2", "тип 3", "тип 4", …)`);
    expect(issue?.message).not.toContain('"тип 5"');
    expect(issue?.hint).toMatch(/mapping review FILE -m MAPPING.*sheet Placed.*keeps the answers already given/);
    for (const language of ['ru', 'kk'] as const) {
      const translator = createTranslator(language);
      expect(renderIssueMessage(issue as Issue, translator)).toContain('"тип 4", …');
      expect(renderIssueHint(issue as Issue, translator)).toContain('mapping review');
    }
    // Without `lookup: category`, the keys are category cells: no review to run.
    const [plain] = buildUnusedEntryIssues(findUnusedEntries(mapping, createMappingUsage(), { categoryLookup: false }), {});
    expect(plain?.hint).toBeUndefined();
    expect(plain?.data?.['variant']).toBe('categories');
  });

  it('places each key shown at its cell when the mapping says where it is (a mapping workbook)', () => {
    const mapping = makeMapping((m) => {
      m.categories = {};
      m.brands = { Кутюр: 500 };
    });
    const [issue] = buildUnusedEntryIssues(findUnusedEntries(mapping, createMappingUsage(), { categoryLookup: false }), {
      locate: (path) => (path === 'brands.Кутюр' ? 'Бренды!A4' : undefined),
    });
    expect(issue?.data?.['keys']).toBe('"Кутюр" (Бренды!A4)');
  });

  it('finds the cell of a key in a mapping workbook, and none in a YAML mapping (which keeps no places)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'entry-unused-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const document = { ...makeMappingInput(), categories: { 'Футболки мужские': MEN, 'Футболки женские': 121 } } as unknown as Record<string, unknown>;
    await writeMappingWorkbook(join(dir, 'mapping.xlsx'), { document, index: createDirectoryIndex(DIRECTORIES) });
    const workbook = await loadMapping(join(dir, 'mapping.xlsx'), { cwd: dir });
    expect(locateMappingEntry(workbook, 'categories.Футболки женские')).toMatch(/^.+![A-Z]+\d+$/);
    expect(locateMappingEntry(workbook, 'categories.Футболки женские')).not.toBe(locateMappingEntry(workbook, 'categories.Футболки мужские'));
    await writeFile(join(dir, 'mapping.yaml'), JSON.stringify(document));
    expect(locateMappingEntry(await loadMapping(join(dir, 'mapping.yaml'), { cwd: dir }), 'categories.Футболки женские')).toBeUndefined();
  });
});

describe('mapping_entry_unused in a run (mapAndAssemble)', () => {
  const withSpareEntries = (m: MappingInput): void => {
    m.categories = { 'Футболки мужские': MEN, 'Футболки женские': MEN };
    m.brands = { 'Qazaq Stlye': 'Qazaq Style' };
    // A synonym no row uses is no finding: `values` are kept for every file a mapping serves.
    m.attributes = [
      { code: 'color', column: 'Цвет', values: { Алый: 'red', Бордо: 'red' } },
      { code: 'size', column: 'Размер' },
    ];
  };

  it('one warning per map with entries no row reached, naming those and not the used ones, after the whole file', async () => {
    const issues = await run([{ Цвет: 'алый' }, { Цвет: 'Красный' }], withSpareEntries);
    const unused = unusedOf(issues);
    expect(unused.map((issue) => [issue.path, issue.severity, JSON.parse(String(issue.data?.['entries']))])).toEqual([
      ['categories', 'warning', ['Футболки женские']],
      ['brands', 'warning', ['Qazaq Stlye']],
    ]);
    expect(unused[0]?.file).toBe('price.csv');
    expect(unused[0]?.message).not.toContain('Футболки мужские');
    // A warning that rejects no row: the rows fare as they do under the mapping without the spare entries.
    const without = await run([{ Цвет: 'алый' }, { Цвет: 'Красный' }], (m) => {
      withSpareEntries(m);
      m.categories = { 'Футболки мужские': MEN };
      m.brands = {};
      m.attributes = [{ code: 'color', column: 'Цвет', values: { Алый: 'red' } }, { code: 'size', column: 'Размер' }];
    });
    expect(unusedOf(without)).toEqual([]);
    const errors = (list: readonly Issue[]): string[] => list.filter((issue) => issue.severity === 'error').map((issue) => `${issue.row} ${issue.code}`);
    expect(errors(issues)).toEqual(errors(without));
  });

  it('gives none when every entry reached a row, through a cell or through defaults.category', async () => {
    const issues = await run([{ Цвет: 'алый', Бренд: 'qazaq stlye' }, { Категория: undefined }, { Категория: 'футболки женские' }], (m) => {
      withSpareEntries(m);
      m.defaults = { ...m.defaults, category: 'Футболки мужские' };
    });
    expect(unusedOf(issues)).toEqual([]);
  });

  it('gives none when the run stopped before the end of the file: by its caller, or by its stop signal', async () => {
    expect(unusedOf(await run([{}, { Категория: 'Футболки женские' }], withSpareEntries, { stopAfter: 1 }))).toEqual([]);
    const controller = new AbortController();
    controller.abort();
    expect(unusedOf(await run([{}], withSpareEntries, { signal: controller.signal }))).toEqual([]);
  });

  it('counts only rows: a categoryDefaults key resolved through categories, or a row rows.skip leaves out, reaches nothing', async () => {
    const issues = await run([{}, { Категория: 'Футболки женские', Цвет: 'Бордо' }], (m) => {
      withSpareEntries(m);
      m.categoryDefaults = { 'Футболки женские': { attributes: {} } };
      m.rows = { skip: [{ column: 'Цвет', equals: 'Бордо' }] };
      m.defaults = { ...m.defaults, category: 'Футболки женские' };
    });
    expect(unusedOf(issues).find((issue) => issue.path === 'categories')?.data?.['entries']).toBe(JSON.stringify(['Футболки женские']));
  });

  it('counts the answers lookup: category finds in names, and says to review again for the others', async () => {
    // `футболка` is the product type of `Футболка` and of `Футболка Qazaq Style`; no name here is a `коляска 2 в 1`.
    const issues = await run([{ Наименование: 'Футболка' }, { Наименование: 'Футболка Qazaq Style' }, { Наименование: 'Джинсы мужские синие' }], (m) => {
      m.columns = { ...m.columns, category: 'Категория из названия' };
      m.categories = { футболка: MEN, 'коляска 2 в 1': MEN };
      m.derive = [{ name: 'Категория из названия', from: 'Наименование', steps: [{ lookup: 'category' }] }];
      m.attributes = [];
    });
    const [unused, ...rest] = unusedOf(issues);
    expect(rest).toEqual([]);
    expect(unused?.data).toMatchObject({ variant: 'answers', entries: JSON.stringify(['коляска 2 в 1']), hint: 'review_again' });
  });

  it('counts an answer a name met even where a confident pick of the whole name wins over it: it did reach the row', async () => {
    const directories = makeDirectories();
    const loc = (rus: string, kaz: string): { rus: string; kaz: string } => ({ rus, kaz });
    directories.categories.push(
      { id: 22, parentId: 20, name: loc('Наушники', 'Құлаққаптар'), path: null, isLeaf: true },
      { id: 23, parentId: 20, name: loc('Беспроводные наушники', 'Сымсыз құлаққаптар'), path: null, isLeaf: true },
    );
    const issues = await run(
      [{ Наименование: 'Наушники JBL Tune беспроводные' }],
      (m) => {
        m.columns = { ...m.columns, category: 'Категория из названия' };
        m.categories = { наушники: 22 };
        m.derive = [{ name: 'Категория из названия', from: 'Наименование', steps: [{ lookup: 'category' }] }];
        m.attributes = [];
      },
      { directories },
    );
    expect(issues.find((issue) => issue.row === 2 && issue.code === 'derived_value_missing')).toBeUndefined();
    expect(unusedOf(issues)).toEqual([]);
  });
});
