import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMappingDraft } from '../../src/assistant/build-mapping-draft.js';
import { buildMappingDraftInput } from '../../src/assistant/build-mapping-draft-input.js';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { MappingError } from '../../src/core/errors.js';
import { loadExcelJs } from '../../src/core/load-exceljs.js';
import { checkMappingRules } from '../../src/mapping/check-mapping-rules.js';
import { buildMappingYaml, collectYamlNotes } from '../../src/mapping/convert-mapping.js';
import { createDirectoryIndex } from '../../src/mapping/directory-index.js';
import { decodeMappingYaml, loadMapping, loadMappingWithHash, locateMappingIssues } from '../../src/mapping/load-mapping.js';
import { createHash } from 'node:crypto';
import { MAPPING_SHEETS } from '../../src/mapping/mapping-workbook-layout.js';
import { readMappingWorkbook } from '../../src/mapping/read-mapping-workbook.js';
import { writeMappingWorkbook } from '../../src/mapping/write-mapping-workbook.js';
import type { SourceInfo } from '../../src/sources/types.js';
import { buildSandboxDirectories } from '../assistant/measure-matching.js';

const directories = buildSandboxDirectories();
const index = createDirectoryIndex(directories);

/** A draft over the sandbox directories: TODOs, scores, category defaults, attribute values. */
function buildSampleDraft(): string {
  const columns: Record<string, string[]> = {
    Артикул: ['A1', 'A2', 'A3'],
    Наименование: ['Galaxy A06', 'Футболка мужская'],
    Категория: ['Смартфоны', 'Футболки мужские', 'Кроссовки'],
    Бренд: ['Samsung', 'Самсунг', 'Tecno'],
    Цвет: ['чёрный', 'хаки'],
    Цена: ['1'],
    Штрихкод: ['1'],
    Фото: ['u'],
  };
  const names = Object.keys(columns);
  const info: SourceInfo = { file: 's.csv', format: 'csv', headerRow: 1, header: names.map((name, i) => ({ index: i, letter: String.fromCharCode(65 + i), name })), totalBytes: 0 };
  const values = new Map(names.map((name, i) => [i, columns[name] ?? []]));
  return buildMappingDraft(buildMappingDraftInput({ file: 's.csv', profile: { info, values, truncated: new Set(), rows: 3 }, matchers: createDirectoryMatchers(directories), generatedAt: '2026-01-01T00:00:00.000Z' })).text;
}

function decode(text: string): Record<string, unknown> {
  const decoded = decodeMappingYaml(text, 'm.yaml');
  if (decoded.issues !== undefined) throw new Error(decoded.issues.map((issue) => issue.message).join('; '));
  return decoded.document as Record<string, unknown>;
}

describe('the mapping as a workbook', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mapping-workbook-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  const sources = {
    'mappings/sample.yaml': async () => readFile(join(process.cwd(), 'mappings', 'sample.yaml'), 'utf8'),
    'mappings/export.yaml': async () => readFile(join(process.cwd(), 'mappings', 'export.yaml'), 'utf8'),
    'a mapping init draft': async () => buildSampleDraft(),
  };
  for (const [name, load] of Object.entries(sources)) {
    it(`round-trips ${name}: YAML → workbook → YAML holds the same document, notes included`, async () => {
      const text = await load();
      const document = decode(text);
      const path = join(dir, `${name.replace(/\W+/g, '-')}.xlsx`);
      await writeMappingWorkbook(path, { document, notes: collectYamlNotes(text), index });
      const read = await readMappingWorkbook(path, 'm.xlsx');
      expect(read.issues).toEqual([]);
      expect(read.document).toEqual(document);
      const back = buildMappingYaml(read.document, read.notes);
      expect(decode(back)).toEqual(document);
      // The notes come back as comments: every TODO keeps its candidates.
      for (const [notePath, note] of collectYamlNotes(text)) if (note.startsWith('TODO')) expect(read.notes.get(notePath), notePath).toContain(note.replace(/^TODO: /, '').slice(0, 20));
    });
  }

  it('offers every cell to fill as a drop-down over the directory sheets, with paths, never bare ids', async () => {
    const text = buildSampleDraft();
    const path = join(dir, 'draft.xlsx');
    await writeMappingWorkbook(path, { document: decode(text), notes: collectYamlNotes(text), index });
    const workbook = new (loadExcelJs().Workbook)();
    await workbook.xlsx.readFile(path);
    expect(workbook.worksheets.map((sheet) => sheet.name).slice(0, 7)).toEqual([
      MAPPING_SHEETS.categories,
      MAPPING_SHEETS.categoryDefaults,
      MAPPING_SHEETS.brands,
      MAPPING_SHEETS.values,
      MAPPING_SHEETS.settings,
      MAPPING_SHEETS.columns,
      MAPPING_SHEETS.attributes,
    ]);
    const categories = workbook.getWorksheet(MAPPING_SHEETS.categories);
    const rows: Record<string, { value: unknown; list: string | undefined; note: string }> = {};
    categories?.eachRow((row, number) => {
      if (number === 1) return;
      rows[String(row.getCell(1).value)] = { value: row.getCell(2).value, list: row.getCell(2).dataValidation?.formulae?.[0], note: String(row.getCell(4).value ?? '') };
    });
    expect(rows['Смартфоны']?.value).toBe('Электроника / Смартфоны и гаджеты / Смартфоны [10101]');
    expect(rows['Смартфоны']?.list).toMatch(/^'Directory categories'!\$A\$2:\$A\$\d+$/);
    expect(rows['Кроссовки']?.value).toBe('TODO');
    expect(rows['Кроссовки']?.note).toContain('[40101]');
    const directory = workbook.getWorksheet(MAPPING_SHEETS.directoryCategories);
    const listed = new Set<string>();
    directory?.eachRow((row, number) => {
      if (number > 1) listed.add(String(row.getCell(1).value));
    });
    expect(listed.has('Обувь / Женская обувь / Кроссовки [40101]')).toBe(true);
    expect(listed.size).toBe(directories.categories.length);
    // Attribute values and category defaults list only the values of their attribute.
    const values = workbook.getWorksheet(MAPPING_SHEETS.values);
    expect(values?.getRow(2).getCell(3).dataValidation?.formulae?.[0]).toMatch(/^'Directory values'!\$B\$\d+:\$B\$\d+$/);
  });

  it('is accepted wherever a YAML mapping is, with its errors at sheet, row and column', async () => {
    const text = buildSampleDraft();
    const path = join(dir, 'todo.xlsx');
    await writeMappingWorkbook(path, { document: decode(text), notes: collectYamlNotes(text), index });
    const error = await loadMapping(path, { cwd: dir }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MappingError);
    const issues = (error as MappingError).issues;
    const shopId = issues.find((issue) => issue.path === 'defaults.shopId');
    expect(shopId).toMatchObject({ sheet: MAPPING_SHEETS.settings, column: 'B' });
    expect(shopId?.row).toBeGreaterThan(1);
    const model = issues.find((issue) => issue.path === 'categoryDefaults.Смартфоны.attributes.model');
    expect(model).toMatchObject({ sheet: MAPPING_SHEETS.categoryDefaults, column: 'C' });
  });

  it('places the directory rules’ findings at the cell to fix', async () => {
    const document = decode(await readFile(join(process.cwd(), 'mappings', 'sample.yaml'), 'utf8'));
    (document.categories as Record<string, unknown>)['Новая категория'] = 999_999;
    const path = join(dir, 'unknown.xlsx');
    await writeMappingWorkbook(path, { document, index });
    const mapping = await loadMapping(path, { cwd: dir });
    const issues = locateMappingIssues(mapping, checkMappingRules(mapping, directories));
    const unknown = issues.find((issue) => issue.code === 'unknown_category');
    expect(unknown).toMatchObject({ sheet: MAPPING_SHEETS.categories, column: 'B' });
    expect(unknown?.row).toBeGreaterThan(1);
  });

  it('is hashed from the bytes it was decoded from: the hash a run records names the workbook it used, its cells placed as ever', async () => {
    const document = decode(await readFile(join(process.cwd(), 'mappings', 'sample.yaml'), 'utf8'));
    (document.categories as Record<string, unknown>)['Новая категория'] = 999_999;
    const path = join(dir, 'hashed.xlsx');
    await writeMappingWorkbook(path, { document, index });
    const loaded = await loadMappingWithHash(path, { cwd: dir });
    expect(loaded.sha256).toBe(createHash('sha256').update(await readFile(path)).digest('hex'));
    expect(loaded.mapping).toEqual(await loadMapping(path, { cwd: dir }));
    const unknown = locateMappingIssues(loaded.mapping, checkMappingRules(loaded.mapping, directories)).find((issue) => issue.code === 'unknown_category');
    expect(unknown).toMatchObject({ sheet: MAPPING_SHEETS.categories, column: 'B' });
  });

  it('reads a picked entry, a typed id, a name and a JSON list as the YAML would hold them', async () => {
    const ExcelJs = loadExcelJs();
    const workbook = new ExcelJs.Workbook();
    workbook.addWorksheet(MAPPING_SHEETS.settings).addRows([['Setting', 'Value'], ['defaults.shopId', 1001], ['validation.vat', '[0,12]']]);
    workbook.addWorksheet(MAPPING_SHEETS.columns).addRows([['Field', 'Header'], ['price', 'Цена'], ['barcode', '{"letter":"C"}'], ['name.rus', 'Название']]);
    workbook.addWorksheet(MAPPING_SHEETS.categories).addRows([['Seller', 'Pick'], ['Смартфоны', 'Электроника / Смартфоны и гаджеты / Смартфоны [10101]'], ['Платья', 30101], ['Юбки', 'Одежда / Юбки'], ['Пусто', null]]);
    workbook.addWorksheet(MAPPING_SHEETS.attributes).addRows([['Code', 'Column'], ['color', 'Цвет']]);
    workbook.addWorksheet(MAPPING_SHEETS.values).addRows([['Code', 'Seller', 'Pick'], ['color', 'черн', 'Чёрный [color_black]'], ['color', 'ч/б', '["color_black","color_white"]']]);
    const path = join(dir, 'typed.xlsx');
    await workbook.xlsx.writeFile(path);
    const read = await readMappingWorkbook(path, 'typed.xlsx');
    expect(read.issues).toEqual([]);
    expect(read.document).toMatchObject({
      defaults: { shopId: 1001 },
      validation: { vat: [0, 12] },
      columns: { price: 'Цена', barcode: { letter: 'C' }, name: { rus: 'Название' } },
      categories: { Смартфоны: 10101, Платья: 30101, Юбки: 'Одежда / Юбки' },
      attributes: [{ code: 'color', column: 'Цвет', values: { черн: 'color_black', 'ч/б': ['color_black', 'color_white'] } }],
    });
    expect(Object.keys(read.document.categories as object)).not.toContain('Пусто');
  });
});
