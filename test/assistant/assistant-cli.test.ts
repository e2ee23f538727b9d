import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMap, isScalar, isSeq, parseDocument, type Document } from 'yaml';
import { DIRECTORY_SHEETS } from '../../src/assistant/write-directories-workbook.js';
import { registerDirectoriesCommand } from '../../src/cli/commands/directories-command.js';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { registerMappingCommand } from '../../src/cli/commands/mapping-command.js';
import type { CommandRegistrar } from '../../src/cli/command-context.js';
import { runCli } from '../../src/cli/run-cli.js';
import { checkMappingRules } from '../../src/mapping/check-mapping-rules.js';
import { parseMapping } from '../../src/mapping/parse-mapping.js';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/start-sandbox.js';
import { loadExcelJs } from '../../src/core/load-exceljs.js';
import { createReferenceData } from '../../src/sandbox/reference-data.js';
import { openStateStore } from '../../src/state/index.js';
import type { ImportItem } from '../../src/domain/index.js';
import { writeCatalogFixture } from '../helpers/catalog-fixture.js';
import { buildSandboxDirectories } from './measure-matching.js';

const OWN_COMMANDS: readonly CommandRegistrar[] = [registerDirectoriesCommand, registerMappingCommand];

interface Env {
  dir: string;
  sandbox: SandboxHandle;
  service: string[];
  run(args: string[], commands?: readonly CommandRegistrar[]): Promise<{ code: number; stdout: string; stderr: string }>;
  close(): Promise<void>;
}

async function createEnv(): Promise<Env> {
  const dir = await mkdtemp(join(tmpdir(), 'catalog-assistant-'));
  const sandbox = await startSandbox({ port: 0 });
  const credential = sandbox.credentials[0];
  if (credential === undefined) throw new Error('no sandbox credential');
  await writeFile(join(dir, 'secret.txt'), credential.clientSecret);
  const service = ['--base-url', sandbox.url, '--client-id', credential.clientId, '--client-secret-file', 'secret.txt', '--state-dir', 'state'];
  return {
    dir,
    sandbox,
    service,
    async run(args, commands = OWN_COMMANDS) {
      let stdout = '';
      let stderr = '';
      const code = await runCli(
        args,
        {
          stdout: (text) => {
            stdout += text;
          },
          stderr: (text) => {
            stderr += text;
          },
          isTty: false,
          env: {},
          cwd: dir,
        },
        commands,
      );
      return { code, stdout, stderr };
    },
    async close() {
      await sandbox.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Replaces every `TODO` scalar with `answer(path)`; `undefined` deletes the entry. */
function resolveTodos(doc: Document, answer: (path: string[]) => unknown): void {
  const visit = (node: unknown, path: string[]): void => {
    if (isMap(node)) {
      for (const pair of [...node.items]) {
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        if (isScalar(pair.value) && pair.value.value === 'TODO') {
          const value = answer([...path, key]);
          if (value === undefined) node.delete(pair.key);
          else pair.value = doc.createNode(value);
        } else {
          visit(pair.value, [...path, key]);
        }
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => visit(item, [...path, String(i)]));
    }
  };
  visit(doc.contents, []);
}

describe('directories pull', () => {
  let env: Env;
  beforeAll(async () => {
    env = await createEnv();
  });
  afterAll(async () => env.close());

  it('writes the four directories as a browsable workbook', async () => {
    const result = await env.run(['directories', 'pull', '--export', 'out/directories.xlsx', ...env.service]);
    expect(result.stderr).not.toContain('catalog-import:');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Fetched ${createReferenceData().categories.filter((c) => c.isLeaf).length} leaf categories`);
    expect(result.stdout).toContain('No earlier snapshot to compare with.');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(join(env.dir, 'out', 'directories.xlsx'));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(Object.keys(DIRECTORY_SHEETS));
    for (const sheet of workbook.worksheets) {
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.autoFilter).toBeTruthy();
    }

    const categories = workbook.getWorksheet('Categories');
    expect(categories?.getRow(1).values).toEqual([undefined, ...DIRECTORY_SHEETS.Categories]);
    const phones = categories?.getRows(2, categories.rowCount - 1)?.find((row) => row.getCell(1).value === 10101);
    expect(phones?.getCell(3).value).toBe('Электроника / Смартфоны и гаджеты / Смартфоны');
    expect(phones?.getCell(4).value).toBe('Электроника / Смартфондар мен гаджеттер / Смартфондар');

    const attributes = workbook.getWorksheet('Attributes');
    const colourInPhones = attributes?.getRows(2, attributes.rowCount - 1)?.find((row) => row.getCell(1).value === 'color' && row.getCell(8).value === 10101);
    expect(colourInPhones?.getCell(3).value).toBe('Цвет');
    expect(colourInPhones?.getCell(4).value).toBe('Түсі');
    expect(colourInPhones?.getCell(7).value).toBe(true);
    expect(colourInPhones?.getCell(10).value).toBe(true);

    const values = workbook.getWorksheet('Values');
    const black = values?.getRows(2, values.rowCount - 1)?.find((row) => row.getCell(2).value === 'color_black');
    expect([black?.getCell(1).value, black?.getCell(4).value, black?.getCell(5).value]).toEqual(['color', 'Чёрный', 'Қара']);
    expect(workbook.getWorksheet('Brands')?.rowCount).toBe(createReferenceData().brands.length + 1);
  });

  it('reports what changed since the last pull, and neutralises formula-like names', async () => {
    env.sandbox.mutateReference((data) => {
      data.brands = data.brands.filter((brand) => brand.name !== 'Nokia');
      data.brands.push({ id: 9999, name: '=HYPERLINK("http://x")', code: null });
    });
    const result = await env.run(['directories', 'pull', '--export', 'directories.xlsx', ...env.service]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Changes since the snapshot of/);
    expect(result.stdout).toContain('Brands removed (1):');
    expect(result.stdout).toContain('Nokia [1009]');
    expect(result.stdout).toContain('Brands added (1):');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(join(env.dir, 'directories.xlsx'));
    const brands = workbook.getWorksheet('Brands');
    const injected = brands?.getRows(2, brands.rowCount - 1)?.find((row) => row.getCell(1).value === 9999);
    expect(injected?.getCell(2).value).toBe('\'=HYPERLINK("http://x")');

    const again = await env.run(['directories', 'pull', '--json', ...env.service]);
    const line = again.stdout.trim().split('\n').map((text) => JSON.parse(text) as { type: string; changes?: Record<string, number> }).find((event) => event.type === 'result');
    expect(line?.changes?.['brands removed']).toBe(1);
  });
});

describe('mapping init', () => {
  let env: Env;
  beforeAll(async () => {
    env = await createEnv();
  });
  afterAll(async () => env.close());

  it('drafts a mapping whose matches are right and whose TODOs carry candidates; resolved, it passes the rules', async () => {
    const rows = [
      ['Артикул', 'Наименование', 'Категория', 'Бренд', 'Цвет', 'Размер', 'Цена', 'Штрихкод', 'Фото', 'НДС', 'Описание'],
      ['A-1', 'Смартфон 1', 'Смартфоны', 'Самсунг', 'чёрный', 'XL', '100', '4600000000011', 'https://x/1.jpg', '12', 'x'],
      ['A-2', 'Смартфон 2', 'Телефоны / Смартфоны', 'Samsnug', 'ЧЕРН.', 'хл', '100', '4600000000028', 'https://x/2.jpg', '12', 'x'],
      ['A-3', 'Кроссовки', 'Кроссовки', 'Apple', 'Қара', 'M', '100', '4600000000035', 'https://x/3.jpg', '12', 'x'],
      ['A-4', 'Кроссовки 2', 'Кроссовки мужские', 'Redmi', 'белый', 'S', '100', '4600000000042', 'https://x/4.jpg', '12', 'x'],
      ['A-5', 'Платье', 'Платье', 'Apple', 'мятный', 'S', '100', '4600000000059', 'https://x/5.jpg', '12', 'x'],
    ];
    await writeFile(join(env.dir, 'seller.csv'), rows.map((row) => row.join(';')).join('\n'));
    const result = await env.run(['mapping', 'init', 'seller.csv', ...env.service]);
    expect(result.stderr).not.toContain('catalog-import:');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Wrote mappings\/seller\.yaml from 5 rows\./);
    expect(result.stdout).toMatch(/11 columns matched, 0 not/);
    expect(result.stdout).toMatch(/\d+ values exact, \d+ confident \(check them\), 3 TODO/);

    const text = await readFile(join(env.dir, 'mappings', 'seller.yaml'), 'utf8');
    expect(text).toContain('Смартфоны: 10101 # exact: Электроника / Смартфоны и гаджеты / Смартфоны');
    expect(text).toMatch(/Телефоны \/ Смартфоны: 10101 # score 0\.\d\d: /);
    expect(text).toMatch(/Кроссовки мужские: 40201 # score 0\.\d\d: Обувь \/ Мужская обувь \/ Кроссовки/);
    // The women's `Платья` beside `Платья для девочек` of another branch: its row's name says no child.
    expect(text).toMatch(/Платье: 30101 # score 0\.\d\d: Одежда \/ Женская одежда \/ Платья/);
    expect(text).toMatch(/Самсунг: 1001 # score 0\.9\d: Samsung/);
    expect(text).toMatch(/Samsnug: 1001 # score 0\.\d\d: Samsung/);
    expect(text).toContain('Apple: 1002 # exact: Apple');
    expect(text).toMatch(/ЧЕРН\.: color_black # score/);
    expect(text).toContain('Қара: color_black # exact: Чёрный');
    expect(text).toMatch(/хл: size_xl # score/);
    // TODOs: the placeholder and the three best candidates.
    for (const key of ['Кроссовки', 'Redmi', 'мятный']) {
      const line = text.split('\n').find((l) => l.trimStart().startsWith(`${key}: TODO`));
      expect(line, key).toMatch(/# TODO: choose one of: 1\) .+ \(\d\.\d\d\) 2\) .+ \(\d\.\d\d\) 3\) .+ \(\d\.\d\d\)$/);
    }

    // Unresolved, the draft is refused.
    const doc = parseDocument(text);
    const unresolved = parseMapping(doc.toJS());
    expect(unresolved.issues?.map((issue) => issue.path)).toEqual(expect.arrayContaining(['defaults.shopId', 'defaults.isLocalMade']));

    // Required attributes of the matched categories that no column feeds are TODOs under categoryDefaults, with what they accept.
    expect(text).toMatch(/categoryDefaults:\n/);
    expect(text).toMatch(/operating_system: TODO # TODO: Операционная система \(operating_system\), required, one of: .+\(os_android\)/);
    expect(text).toMatch(/model: TODO # TODO: Модель \(model\), required: free text/);
    expect(unresolved.issues?.map((issue) => issue.path)).toEqual(expect.arrayContaining(['categoryDefaults.Смартфоны.attributes.model']));

    const directories = buildSandboxDirectories();
    const resolvedAttributes: string[] = [];
    resolveTodos(doc, (path) => {
      const key = path.join('.');
      if (key === 'defaults.shopId') return 1001;
      if (key === 'defaults.isLocalMade') return false;
      if (key === 'categories.Кроссовки') return 40101;
      if (path[0] === 'categoryDefaults') {
        const code = path[path.length - 1] ?? '';
        resolvedAttributes.push(code);
        return directories.values.find((value) => value.attributeCode === code)?.name.rus ?? '12';
      }
      return undefined; // Redmi and мятный have no right entry: the line is deleted.
    });
    expect(resolvedAttributes).toEqual(expect.arrayContaining(['memory_gb', 'operating_system', 'model', 'gender', 'size_shoes']));
    const parsed = parseMapping(doc.toJS());
    expect(parsed.issues).toBeUndefined();
    if (parsed.mapping === undefined) return;
    expect(checkMappingRules(parsed.mapping, directories).filter((issue) => issue.severity === 'error')).toEqual([]);
  });

  it('drafts the mapping as a workbook, which validate reads with errors at its cells, and converts it to YAML and back', async () => {
    const rows = [
      ['Артикул', 'Наименование', 'Категория', 'Бренд', 'Цвет', 'Цена', 'Штрихкод', 'Фото', 'НДС', 'Описание', 'Модель', 'Память', 'ОС'],
      ['A-1', 'Смартфон 1', 'Смартфоны', 'Samsung', 'чёрный', '100', '4600000000011', 'https://x/1.jpg', '12', 'x', 'Galaxy A06', '128 ГБ', 'Android'],
      ['A-2', 'Смартфон 2', 'Кроссовки', 'Samsung', 'белый', '100', '4600000000028', 'https://x/2.jpg', '12', 'x', 'Galaxy A16', '256 ГБ', 'Android'],
    ];
    await writeFile(join(env.dir, 'book-seller.csv'), rows.map((row) => row.join(';')).join('\n'));
    const init = await env.run(['mapping', 'init', 'book-seller.csv', '--xlsx', ...env.service]);
    expect(init.stderr).not.toContain('catalog-import:');
    expect(init.stdout).toMatch(/Wrote mappings\/book-seller\.xlsx from 2 rows\./);

    // Unresolved, validate refuses it and says which cell to fill.
    const refused = await env.run(['validate', 'book-seller.csv', '--mapping', 'mappings/book-seller.xlsx', ...env.service], COMMANDS);
    expect(refused.code).toBe(2);
    expect(refused.stdout + refused.stderr).toMatch(/Settings/);

    // The seller picks in Excel: a category from the list, the settings.
    const ExcelJs = loadExcelJs();
    const workbook = new ExcelJs.Workbook();
    await workbook.xlsx.readFile(join(env.dir, 'mappings', 'book-seller.xlsx'));
    workbook.getWorksheet('Categories')?.eachRow((row) => {
      if (row.getCell(1).value === 'Кроссовки') row.getCell(2).value = 'Обувь / Мужская обувь / Кроссовки [40201]';
    });
    workbook.getWorksheet('Settings')?.eachRow((row) => {
      if (row.getCell(1).value === 'defaults.shopId') row.getCell(2).value = 1001;
      if (row.getCell(1).value === 'defaults.isLocalMade') row.getCell(2).value = false;
    });
    workbook.getWorksheet('Category defaults')?.eachRow((row, number) => {
      if (number > 1 && row.getCell(3).value === 'TODO') row.getCell(3).value = row.getCell(2).value === 'gender' ? 'Мужской [gender_men]' : '42';
    });
    await workbook.xlsx.writeFile(join(env.dir, 'mappings', 'book-seller.xlsx'));
    const validated = await env.run(['validate', 'book-seller.csv', '--mapping', 'mappings/book-seller.xlsx', ...env.service], COMMANDS);
    expect(validated.stdout + validated.stderr).not.toMatch(/mapping .* (cannot be loaded|has \d+ problem|does not fit)/);
    expect([0, 1]).toContain(validated.code);

    const toYaml = await env.run(['mapping', 'convert', 'mappings/book-seller.xlsx', 'mappings/book-seller.yaml', ...env.service]);
    expect(toYaml.code).toBe(0);
    const yamlText = await readFile(join(env.dir, 'mappings', 'book-seller.yaml'), 'utf8');
    expect(yamlText).toMatch(/Кроссовки: 40201/);
    expect(yamlText).toMatch(/shopId: 1001/);
    const again = await env.run(['mapping', 'convert', 'mappings/book-seller.yaml', 'mappings/again.xlsx', ...env.service]);
    expect(again.code).toBe(0);
    const twice = await env.run(['mapping', 'convert', 'mappings/again.xlsx', 'mappings/again.yaml', ...env.service]);
    expect(twice.code).toBe(0);
    expect(parseDocument(await readFile(join(env.dir, 'mappings', 'again.yaml'), 'utf8')).toJS()).toEqual(parseDocument(yamlText).toJS());
    // A usage mistake stops before anything runs.
    const same = await env.run(['mapping', 'convert', 'mappings/book-seller.yaml', 'mappings/other.yaml', ...env.service]);
    expect(same.code).toBe(2);
    // The first validate and convert of the file load their modules here (issue 39), not before the test.
  }, 60_000);

  it('drafts from a workbook, naming its sheet', async () => {
    await writeCatalogFixture({ dir: env.dir, products: 2, format: 'xlsx', name: 'book' });
    const result = await env.run(['mapping', 'init', 'book.xlsx', '--sheet', 'Товары', ...env.service]);
    expect(result.code).toBe(0);
    const text = await readFile(join(env.dir, 'mappings', 'book.yaml'), 'utf8');
    expect(text).toMatch(/input:\n {2}sheet: Товары/);
    expect(text).toContain('Смартфоны: 10101 # exact');
  });

  it('refuses to replace a draft without --force', async () => {
    await writeFile(join(env.dir, 'small.csv'), 'Артикул;Цена\nA;1\n');
    expect((await env.run(['mapping', 'init', 'small.csv', '--out', 'm.yaml', ...env.service])).code).toBe(0);
    const again = await env.run(['mapping', 'init', 'small.csv', '--out', 'm.yaml', ...env.service]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('m.yaml already exists; use --force');
    expect((await env.run(['mapping', 'init', 'small.csv', '--out', 'm.yaml', '--force', ...env.service])).code).toBe(0);
  });

  it('drafts a mapping for the sample catalog that validates cleanly once its TODOs are resolved', async () => {
    const fixture = await writeCatalogFixture({ dir: env.dir, products: 4, skusPerProduct: 2, name: 'sample' });
    const init = await env.run(['mapping', 'init', 'sample.csv', '--out', 'mappings/sample.yaml', ...env.service]);
    expect(init.code).toBe(0);
    expect(init.stdout).toMatch(/0 TODO; 3 settings left to fill in/);
    const doc = parseDocument(await readFile(join(env.dir, 'mappings', 'sample.yaml'), 'utf8'));
    resolveTodos(doc, (path) => ({ 'defaults.shopId': 1001, 'defaults.vat': 12, 'defaults.isLocalMade': false })[path.join('.')]);
    await writeFile(join(env.dir, 'mappings', 'sample.yaml'), doc.toString());
    const validate = await env.run(['validate', 'sample.csv', '-m', 'mappings/sample.yaml', ...env.service], [...COMMANDS, ...OWN_COMMANDS]);
    expect(validate.stderr).not.toMatch(/error /);
    expect(validate.code).toBe(0);
    expect(fixture.rows).toBe(8);
  });
});

describe('mapping check', () => {
  let env: Env;
  beforeAll(async () => {
    env = await createEnv();
  });
  afterAll(async () => env.close());

  it('reports a value deleted, an attribute made required and a category that got a child, with the affected rows', async () => {
    await writeFile(
      join(env.dir, 'shop.yaml'),
      [
        'columns: { productKey: Артикул, category: Категория, brand: Бренд, name: { rus: Наименование }, price: Цена, barcode: Штрихкод, photos: Фото }',
        'defaults: { shopId: 1001, vat: 12, isLocalMade: false, description: { rus: x } }',
        'categories: { Смартфоны: 10101, Телефоны: 10102 }',
        'brands: { Samsung: 1001 }',
        'attributes:',
        '  - { code: color, column: Цвет, values: { чёрный: color_black, белый: color_white } }',
        '  - { code: memory_gb, column: Память }',
        '  - { code: operating_system, value: Android }',
        '  - { code: model, column: Артикул }',
      ].join('\n'),
    );
    const rows = [
      ['Артикул', 'Наименование', 'Категория', 'Бренд', 'Цвет', 'Память', 'Цена', 'Штрихкод', 'Фото'],
      ['S-1', 'a', 'Смартфоны', 'Samsung', 'чёрный', '128 ГБ', '1', '1', 'u'],
      ['S-2', 'b', 'Смартфоны', 'Samsung', 'белый', '128 ГБ', '1', '2', 'u'],
      ['T-1', 'c', 'Телефоны', 'Samsung', 'Чёрный', '', '1', '3', 'u'],
      ['T-2', 'd', 'Телефоны', 'Samsung', 'белый', '', '1', '4', 'u'],
    ];
    await writeFile(join(env.dir, 'shop.csv'), rows.map((row) => row.join(';')).join('\n'));
    expect((await env.run(['directories', 'pull', ...env.service])).code).toBe(0);

    const clean = await env.run(['mapping', 'check', 'shop.yaml', '--file', 'shop.csv', ...env.service]);
    expect(clean.stderr).not.toContain('catalog-import:');
    expect(clean.stdout).toContain('Nothing is stale.');
    expect(clean.code).toBe(0);

    env.sandbox.mutateReference((data) => {
      data.values = data.values.filter((value) => value.code !== 'color_black');
      const ram = data.attributes.find((attribute) => attribute.code === 'ram_gb');
      const link = ram?.categories.find((l) => l.categoryId === 10101);
      if (link !== undefined) link.isRequired = true;
      const buttons = data.categories.find((category) => category.id === 10102);
      if (buttons === undefined) throw new Error('no category 10102');
      buttons.isLeaf = false;
      data.categories.push({
        id: 1010201,
        parentId: 10102,
        name: { rus: 'Телефоны для пожилых', kaz: 'Қарттарға арналған телефондар' },
        path: { rus: 'Электроника / Смартфоны и гаджеты / Кнопочные телефоны / Телефоны для пожилых', kaz: '' },
        isLeaf: true,
        level: 3,
      });
    });

    const stale = await env.run(['mapping', 'check', 'shop.yaml', '--file', 'shop.csv', ...env.service]);
    expect(stale.code).toBe(1);
    const lines = stale.stdout.split('\n');
    const affects = (code: string): string | undefined => lines[lines.findIndex((line) => line.includes(` ${code}: `)) + 1];
    expect(stale.stdout).toMatch(/error unknown_attribute_value: shop\.yaml › attributes\[0\]\.values\.чёрный: value color_black is not a value of attribute color.*it was "Чёрный"/);
    expect(affects('unknown_attribute_value')).toBe('  affects rows 2, 4 of shop.csv');
    expect(stale.stdout).toMatch(/error attribute_became_required: .*ram_gb \(Оперативная память\) is now required in category Электроника \/ Смартфоны и гаджеты \/ Смартфоны \[10101\]/);
    expect(affects('attribute_became_required')).toBe('  affects rows 2, 3 of shop.csv');
    expect(stale.stdout).toMatch(/error category_not_leaf: shop\.yaml › categories\.Телефоны: .*no longer a leaf.*map to one of: .*Телефоны для пожилых \[1010201\]/);
    expect(affects('category_not_leaf')).toBe('  affects rows 4, 5 of shop.csv');
    expect(stale.stdout).toContain('3 stale entries');

    // Without --file, the rows come from the last run of the mapping (its spooled products).
    const store = openStateStore({ dir: join(env.dir, 'state'), account: { baseUrl: env.sandbox.url, clientId: env.sandbox.credentials[0]?.clientId ?? '' }, now: () => new Date() });
    try {
      const { runId } = store.createRun({ command: 'validate', file: 'shop.csv', fileSha256: 'x', mappingFile: 'shop.yaml', mappingSha256: 'y', options: {}, reportDir: '' });
      const ref = (row: number): { file: string; row: number } => ({ file: 'shop.csv', row });
      const item = (categoryId: number, colour: string): ImportItem => ({
        shopId: 1001,
        productId: null,
        categoryId,
        brandId: 1001,
        isLocalMade: false,
        name: { rus: 'x', kaz: '' },
        description: { rus: 'x', kaz: '' },
        vat: 12,
        attributes: [],
        skus: [{ skuId: null, attributeValueCodes: [colour], price: 1, barcode: '1', photos: [] }],
      });
      store.spoolProducts(runId, [
        { productKey: 'S-1', firstRow: 2, rows: [ref(2)], draft: { productKey: 'S-1', rows: [ref(2)], skuKeys: ['S-1'], skuRows: [ref(2)], item: item(10101, 'color_black') }, issues: [], contentHash: null },
        { productKey: 'T-2', firstRow: 5, rows: [ref(5)], draft: { productKey: 'T-2', rows: [ref(5)], skuKeys: ['T-2'], skuRows: [ref(5)], item: item(10102, 'color_white') }, issues: [], contentHash: null },
      ]);
      const fromRun = await env.run(['mapping', 'check', 'shop.yaml', ...env.service]);
      expect(fromRun.code).toBe(1);
      const runLines = fromRun.stdout.split('\n');
      const runAffects = (code: string): string | undefined => runLines[runLines.findIndex((line) => line.includes(` ${code}: `)) + 1];
      expect(runAffects('unknown_attribute_value')).toBe(`  affects rows 2 of shop.csv (run ${runId})`);
      expect(runAffects('category_not_leaf')).toBe(`  affects rows 5 of shop.csv (run ${runId})`);
    } finally {
      store.close();
    }

    const json = await env.run(['mapping', 'check', 'shop.yaml', '--json', ...env.service]);
    expect(json.code).toBe(1);
    const result = json.stdout.trim().split('\n').map((text) => JSON.parse(text) as { type: string; findings?: { code: string }[] }).find((event) => event.type === 'result');
    expect(result?.findings?.map((finding) => finding.code).sort()).toEqual(['attribute_became_required', 'category_not_leaf', 'unknown_attribute_value']);
  });

  it('refuses a mapping that cannot be loaded', async () => {
    await writeFile(join(env.dir, 'broken.yaml'), 'columns: [');
    const result = await env.run(['mapping', 'check', 'broken.yaml', ...env.service]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('mapping_yaml_invalid');
  });
});
