/**
 * Issue 19: seller files in the shapes real shops send go from `mapping init` to an accepted import
 * in the sandbox, through a mapping that uses group rows, derived columns, per-category defaults,
 * scoped attributes and several barcodes per cell. The draft's choices are asserted first; then
 * the seller's edits (what `docs/mapping.md` shows) are applied and the file is imported.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify } from 'yaml';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { registerDirectoriesCommand } from '../../src/cli/commands/directories-command.js';
import { registerMappingCommand } from '../../src/cli/commands/mapping-command.js';
import { runCli } from '../../src/cli/run-cli.js';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/start-sandbox.js';
import { buildPrefixedEan13, PRICE_LIST_SECTIONS, writeCatalogExportFixture, writeDistributorListFixture, writePriceListFixture, writeSkuSheetFixture } from '../helpers/seller-file-fixtures.js';

const ALL_COMMANDS = [...COMMANDS, registerDirectoriesCommand, registerMappingCommand];

let dir: string;
let sandbox: SandboxHandle;
let service: string[];

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(
    args,
    {
      stdout: (text) => void (stdout += text),
      stderr: (text) => void (stderr += text),
      isTty: false,
      env: {},
      cwd: dir,
    },
    ALL_COMMANDS,
  );
  return { code, stdout, stderr };
}

async function importFile(file: string, mapping: string): Promise<{ byStatus: Record<string, number>; issues: { code: string; severity: string; row?: number; column?: string; message: string }[] }> {
  const result = await run(['import', file, '-m', mapping, ...service, '--json']);
  const lines = result.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; reportDir?: string; exitCode?: number });
  const done = lines.find((line) => line.type === 'result');
  expect(done, result.stderr).toBeDefined();
  const summary = JSON.parse(await readFile(join(done?.reportDir ?? '', 'summary.json'), 'utf8')) as {
    counts: { byStatus: Record<string, number> };
    issues?: { code: string; severity: string; row?: number; column?: string; message: string }[];
    examples?: unknown;
  };
  return { byStatus: summary.counts.byStatus, issues: summary.issues ?? [] };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'catalog-seller-files-'));
  sandbox = await startSandbox({ port: 0, jobDelayMs: 0 });
  const credential = sandbox.credentials[0];
  if (credential === undefined) throw new Error('no sandbox credential');
  await writeFile(join(dir, 'secret.txt'), credential.clientSecret);
  service = ['--base-url', sandbox.url, '--client-id', credential.clientId, '--client-secret-file', 'secret.txt', '--state-dir', 'state'];
});

afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a price list with title rows, merged section rows and outline groups, no category column', () => {
  it('is drafted, then imported with categories from group rows and brand, volume and origin from text', async () => {
    const fixture = await writePriceListFixture(dir);
    const init = await run(['mapping', 'init', 'price.xlsx', '--out', 'price.yaml', ...service]);
    expect(init.code, init.stderr).toBe(0);
    const draft = parseYaml(await readFile(join(dir, 'price.yaml'), 'utf8')) as { columns: Record<string, unknown> };
    // The draft found the header under the title rows and the columns the sheet has.
    expect(draft.columns.name).toMatchObject({ rus: 'Наименование' });
    expect(draft.columns.barcode).toBe('Штрихкод');
    expect(draft.columns.price).toBe('Цена, тг');
    // It saw the group rows and the brands, volumes and weights inside the names, and proposes them;
    // the summary lists exactly what the YAML holds.
    const proposed = draft as unknown as { columns: Record<string, unknown>; derive?: { name: string; from: string; steps: unknown[] }[]; attributes?: { code: string; column: string }[] };
    expect(proposed.columns.category).toBe('_group2');
    expect(proposed.columns.brand).toBe('Бренд из названия');
    expect(proposed.derive?.map((entry) => [entry.name, entry.from])).toEqual([
      ['Бренд из названия', 'Наименование'],
      ['Объём из названия', 'Наименование'],
      ['Вес из названия', 'Наименование'],
    ]);
    expect(proposed.derive?.[0]?.steps).toEqual([{ lookup: 'brand' }]);
    expect(proposed.attributes).toEqual([
      { code: 'volume_ml', column: 'Объём из названия' },
      { code: 'net_weight_g', column: 'Вес из названия' },
    ]);
    expect(init.stdout).toContain(
      'Derived: category ← _group2 (group rows, level 2); brand ← Бренд из названия (lookup brand in Наименование); attribute volume_ml ← Объём из названия (regex + unit мл in Наименование); attribute net_weight_g ← Вес из названия (regex + unit г in Наименование).',
    );

    const categories = Object.fromEntries(PRICE_LIST_SECTIONS.flatMap(({ groups }) => groups.map((group) => [group.text, group.leafPath])));
    const mapping = {
      input: { headerRow: fixture.headerRow },
      columns: {
        productKey: 'Штрихкод',
        barcode: 'Штрихкод',
        name: { rus: 'Наименование' },
        price: 'Цена, тг',
        category: '_group2',
        brand: 'Бренд из названия',
        isLocalMade: 'Казахстан',
      },
      defaults: { shopId: 1001, vat: 12, brand: 'Без бренда', description: { rus: 'Товар из прайс-листа' } },
      categories,
      derive: [
        { name: 'Бренд из названия', from: 'Наименование', steps: [{ lookup: 'brand' }], onFail: 'skip' },
        { name: 'Объём мл', from: 'Наименование', steps: [{ regex: '(\\d+(?:[.,]\\d+)?\\s*(?:мл|л)(?!\\p{L}))' }, { unit: 'мл' }], onFail: 'skip' },
        { name: 'Вес г', from: 'Наименование', steps: [{ regex: '(\\d+(?:[.,]\\d+)?\\s*(?:г|кг)(?!\\p{L}))' }, { unit: 'г' }], onFail: 'skip' },
        { name: 'Казахстан', from: 'Штрихкод', steps: [{ when: { startsWith: '487' }, then: 'да', else: 'нет' }] },
      ],
      attributes: [
        { code: 'volume_ml', column: 'Объём мл' },
        { code: 'net_weight_g', column: 'Вес г' },
      ],
      categoryDefaults: { 'Корма для кошек': { attributes: { pet_type: 'Кошки' } } },
      validation: { photos: { min: 0 } },
    };
    await writeFile(join(dir, 'price.yaml'), stringify(mapping));

    const result = await importFile("price.xlsx", "price.yaml");
    expect(result.byStatus).toEqual({ accepted: fixture.goods });
    // Volume came from the name where the category has it; weight only in the cat food.
    const products = sandbox.products('sandbox-seller');
    expect(products).toHaveLength(fixture.goods);
    const juice = products.find((product) => product.name.rus.startsWith('Сок Rich'));
    expect(juice?.attributes).toContainEqual(expect.objectContaining({ code: 'volume_ml' }));
    expect(JSON.stringify(juice)).toContain('950');
    const food = products.find((product) => product.name.rus.includes('Royal Canin'));
    expect(JSON.stringify(food?.attributes)).toContain('pet_cat');
    expect(JSON.stringify(food?.attributes)).toContain('2000');
    const water = products.find((product) => product.name.rus.includes('Tassay газированная'));
    expect(water?.isLocalMade).toBe(true);
    expect(sandbox.reference.brands.find((brand) => brand.id === water?.brandId)?.name).toBe('Tassay');
  }, 60_000);
});

function buildCatalogueMapping(several: 'first' | 'each'): Record<string, unknown> {
  return {
    columns: {
      productKey: 'Код',
      barcode: 'Штрихкоды',
      name: { rus: 'Наименование' },
      price: 'Цена',
      category: 'Категория из названия',
      brand: 'Бренд из названия',
    },
    defaults: { shopId: 1001, vat: 12, isLocalMade: false, brand: 'Без бренда', description: { rus: 'Инструмент' } },
    categories: { Дрель: 'Дрели', Шуруповёрт: 'Шуруповёрты', Перфоратор: 'Перфораторы', Саморезы: 'Саморезы' },
    derive: [
      { name: 'Категория из названия', from: 'Наименование', steps: [{ lookup: 'category' }], onFail: 'error' },
      { name: 'Бренд из названия', from: 'Наименование', steps: [{ lookup: 'brand' }], onFail: 'skip' },
      { name: 'Модель', from: 'Наименование', steps: [{ regex: '([A-ZА-Я]{1,4}[- ]?\\d[\\w-]*)' }], onFail: 'skip' },
    ],
    attributes: [
      { code: 'model', column: 'Модель' },
      { code: 'power_w', value: '500' },
    ],
    categoryDefaults: { Дрель: { attributes: { model: 'Дрель' } } },
    validation: { photos: { min: 0 }, barcode: { several } },
  };
}

describe('a catalogue export with several barcodes per cell and no category column', () => {
  it('is imported with the first barcode per SKU, the others reported, and the category from the name', async () => {
    const fixture = await writeCatalogExportFixture(dir);
    const init = await run(['mapping', 'init', 'export.csv', '--out', 'export.yaml', ...service]);
    expect(init.code, init.stderr).toBe(0);
    const draft = parseYaml(await readFile(join(dir, 'export.yaml'), 'utf8')) as { columns: Record<string, unknown>; derive?: { name: string }[] };
    expect(draft.columns.name).toMatchObject({ rus: 'Наименование' });
    expect(draft.columns.price).toBe('Цена');
    // No category column and no group rows: the draft reads the category from the names by the classifier (`lookup: category`).
    expect(draft.columns.category).toBe('Категория');
    expect(draft.derive?.find((entry) => entry.name === 'Категория')).toMatchObject({ from: 'Наименование', steps: [{ lookup: 'category' }] });
    expect(init.stdout).toContain('category ← Категория (lookup category in Наименование; next: `mapping review`');

    const mapping = buildCatalogueMapping('first');
    await writeFile(join(dir, 'export.yaml'), stringify(mapping));
    const result = await importFile('export.csv', 'export.yaml');
    expect(result.byStatus).toEqual({ accepted: fixture.goods });
    // Two cells hold a second barcode: the SKU takes the first, the other is named, at its cell.
    const several = result.issues.filter((issue) => issue.code === 'several_barcodes');
    expect(several.map((issue) => `${issue.severity} ${issue.row} ${issue.column}`)).toEqual(['warning 2 C', 'warning 4 C']);
    const products = sandbox.products('sandbox-seller');
    const drill = products.find((product) => product.name.rus === 'Дрель Makita HP1630');
    expect(sandbox.reference.brands.find((brand) => brand.id === drill?.brandId)?.name).toBe('Makita');
    expect(sandbox.reference.categories.find((category) => category.id === drill?.categoryId)?.name.rus).toBe('Дрели');
    expect(JSON.stringify(drill)).toContain('HP1630');
  }, 60_000);
});

describe('a catalogue export whose every barcode makes a SKU (validation.barcode.several: each)', () => {
  it('imports a product copy per extra barcode, keyed <key>-2, and each row reports all its SKUs', async () => {
    const own = await startSandbox({ port: 0, jobDelayMs: 0 });
    try {
      const credential = own.credentials[0];
      if (credential === undefined) throw new Error('no sandbox credential');
      const fixture = await writeCatalogExportFixture(dir);
      await writeFile(join(dir, 'export-each.yaml'), stringify(buildCatalogueMapping('each')));
      const ownService = ['--base-url', own.url, '--client-id', credential.clientId, '--client-secret-file', 'secret.txt', '--state-dir', 'state-each'];
      const result = await run(['import', 'export.csv', '-m', 'export-each.yaml', ...ownService, '--json']);
      const lines = result.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; reportDir?: string });
      const done = lines.find((line) => line.type === 'result');
      expect(done, result.stderr).toBeDefined();
      const summary = JSON.parse(await readFile(join(done?.reportDir ?? '', 'summary.json'), 'utf8')) as { counts: { byStatus: Record<string, number> }; issues?: { code: string }[] };
      // Rows: every one accepted; products: one more per second barcode (rows 2 and 4).
      expect(summary.counts.byStatus).toEqual({ accepted: fixture.goods });
      expect((summary.issues ?? []).filter((issue) => issue.code === 'several_barcodes')).toEqual([]);
      const products = own.products('sandbox-seller');
      expect(products).toHaveLength(fixture.goods + 2);
      const drills = products.filter((product) => product.name.rus === 'Дрель Makita HP1630');
      expect(drills.map((product) => product.skus.map((sku) => sku.barcode.slice(0, 3)).join()).sort()).toEqual(['460', '487']);

      // A copy whose barcode another row already has: its row is invalid, and stays so in the
      // report although the row's own product is accepted (the worst of the row's SKUs).
      const [a, c] = [buildPrefixedEan13('460', 9001), buildPrefixedEan13('460', 9002)];
      await writeFile(join(dir, 'clash.csv'), ['Код;Наименование;Штрихкоды;Цена', `K-1;Дрель Makita HP1630;${a};10000`, `K-2;Дрель Makita HP1631;"${c}, ${a}";20000`].join('\n'));
      const clash = await run(['import', 'clash.csv', '-m', 'export-each.yaml', ...ownService, '--json']);
      const clashDone = clash.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; reportDir?: string }).find((line) => line.type === 'result');
      expect(clashDone, clash.stderr).toBeDefined();
      const clashSummary = JSON.parse(await readFile(join(clashDone?.reportDir ?? '', 'summary.json'), 'utf8')) as { counts: { byStatus: Record<string, number> }; issues?: { code: string; row?: number }[] };
      expect(clashSummary.counts.byStatus).toEqual({ accepted: 1, invalid: 1 });
      expect((clashSummary.issues ?? []).filter((issue) => issue.code === 'duplicate_barcode').map((issue) => issue.row)).toEqual([3]);
    } finally {
      await own.close();
    }
  }, 60_000);
});

describe('a distributor list with the header on row 8 and prices in US dollars', () => {
  it('is drafted with the header found under the letterhead, and imported with prices converted at the mapping rate', async () => {
    const fixture = await writeDistributorListFixture(dir);
    const init = await run(['mapping', 'init', 'distributor.xlsx', '--out', 'distributor.yaml', ...service]);
    expect(init.code, init.stderr).toBe(0);
    const draft = parseYaml(await readFile(join(dir, 'distributor.yaml'), 'utf8')) as { columns: Record<string, unknown>; brands?: Record<string, unknown> };
    expect(draft.columns.name).toMatchObject({ rus: 'Наименование' });
    expect(draft.columns.barcode).toBe('EAN');
    expect(draft.columns.brand).toBe('Производитель');
    // Brands written in capitals are matched to the directory's spelling.
    expect(draft.brands?.SAMSUNG).toBe(1001);

    const rate = 495.5;
    const mapping = {
      columns: {
        productKey: 'Артикул',
        barcode: 'EAN',
        name: { rus: 'Наименование' },
        price: 'Цена, тг',
        category: 'Группа товара',
        brand: 'Производитель',
      },
      defaults: { shopId: 1001, vat: 12, isLocalMade: false, description: { rus: 'Товар дистрибьютора' } },
      brands: draft.brands,
      categories: {
        'Мобильные телефоны': 'Электроника / Смартфоны и гаджеты / Смартфоны',
        'Наушники беспроводные': 'Электроника / ТВ, аудио и видео / Беспроводные наушники',
        'Аккумуляторы внешние': 'Электроника / Смартфоны и гаджеты / Внешние аккумуляторы',
      },
      derive: [
        { name: 'Цена, тг', from: 'Цена, USD', steps: [{ scale: rate, decimals: 0 }], onFail: 'error' },
        { name: 'Память', from: 'Наименование', steps: [{ regex: '(\\d+)\\s*GB' }, { map: { '128': '128 ГБ', '256': '256 ГБ' }, otherwise: 'fail' }], onFail: 'skip' },
        { name: 'Цвет', from: 'Наименование', steps: [{ regex: '(чёрный|синий|белый)' }], onFail: 'skip' },
        { name: 'Модель', from: 'Наименование', steps: [{ regex: '(Galaxy \\S+|Redmi \\S+)' }], onFail: 'skip' },
      ],
      // Headphones have no memory in their name: `skip` there, and a phone without it is caught
      // by its category's required attribute instead.
      attributes: [
        { code: 'memory_gb', column: 'Память' },
        { code: 'color', column: 'Цвет' },
        { code: 'model', column: 'Модель' },
      ],
      categoryDefaults: { 'Мобильные телефоны': { attributes: { operating_system: 'Android' } } },
      validation: { photos: { min: 0 } },
    };
    await writeFile(join(dir, 'distributor.yaml'), stringify(mapping));
    const result = await importFile('distributor.xlsx', 'distributor.yaml');
    expect(result.byStatus).toEqual({ accepted: fixture.goods });
    const products = sandbox.products('sandbox-seller');
    for (const [name, usd] of fixture.usd) {
      const product = products.find((p) => p.name.rus === name);
      expect(product?.skus[0]?.price, name).toBe(Math.round(usd * rate));
    }
  }, 60_000);
});

describe('a seller SKU sheet without barcodes, sizes written 44/46 and S-M', () => {
  const skuMapping = (validation: Record<string, unknown>): Record<string, unknown> => ({
    columns: { productKey: 'Модель', skuKey: 'SKU', name: { rus: 'Наименование' }, category: 'Категория', brand: 'Бренд из названия', price: 'Цена' },
    defaults: { shopId: 1001, vat: 12, isLocalMade: false, description: { rus: 'Спортивная одежда' } },
    categories: { Футболки: 'Одежда / Мужская одежда / Футболки и поло', Худи: 'Одежда / Мужская одежда / Худи и свитшоты' },
    derive: [
      { name: 'Бренд из названия', from: 'Наименование', steps: [{ lookup: 'brand' }], onFail: 'error' },
      // "44/46" → 44 → S; "S-M" → S.
      { name: 'Размер одежды', from: 'Размер', steps: [{ split: { separator: '/', take: 'first' } }, { split: { separator: '-', take: 'first' } }, { map: { '44': 'S', '46': 'M', '48': 'L', '50': 'XL', '52': 'XXL' } }], onFail: 'error' },
    ],
    attributes: [
      { code: 'color', column: 'Цвет' },
      { code: 'size_clothing', column: 'Размер одежды' },
    ],
    categoryDefaults: { Футболки: { attributes: { gender: 'Мужской' } }, Худи: { attributes: { gender: 'Мужской' } } },
    validation: { photos: { min: 0 }, ...validation },
  });

  it('is refused by a service that requires barcodes: the mapping up front, or each SKU with the service reason', async () => {
    const fixture = await writeSkuSheetFixture(dir);
    const init = await run(['mapping', 'init', 'skus.csv', '--out', 'skus.yaml', ...service]);
    expect(init.code, init.stderr).toBe(0);
    const draft = parseYaml(await readFile(join(dir, 'skus.yaml'), 'utf8')) as { columns: Record<string, unknown> };
    expect(draft.columns.name).toMatchObject({ rus: 'Наименование' });
    expect(draft.columns.barcode).toBeUndefined();

    // The default profile says what the sandbox enforces: a barcode; a mapping without a barcode
    // column is refused before any row, saying how a service without that rule is described.
    await writeFile(join(dir, 'skus.yaml'), stringify(skuMapping({})));
    const refused = await run(['validate', 'skus.csv', '-m', 'skus.yaml', ...service, '--json']);
    expect(refused.code).not.toBe(0);
    expect(refused.stdout + refused.stderr).toContain('required_field_unmapped');
    expect(refused.stdout + refused.stderr).toContain('service.requiredFields');

    // The mapping may still say the barcode is optional: it validates (with a warning that the
    // profile disagrees), and the sandbox refuses every SKU, each with its reason.
    await writeFile(join(dir, 'skus.yaml'), stringify(skuMapping({ requireBarcode: false })));
    const validate = await run(['validate', 'skus.csv', '-m', 'skus.yaml', ...service]);
    expect(validate.code, validate.stdout + validate.stderr).toBe(0);
    const result = await importFile('skus.csv', 'skus.yaml');
    expect(result.byStatus).toEqual({ rejected: fixture.skus });
    expect(result.issues.some((issue) => issue.code === 'required_by_service')).toBe(true);
    const errors = result.issues.filter((issue) => issue.severity === 'error');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((issue) => issue.message.includes('barcode'))).toBe(true);
  }, 60_000);

  it('is accepted by a service whose profile makes the barcode optional, the SKUs sent with no barcode at all', async () => {
    const optional = await startSandbox({ port: 0, jobDelayMs: 0, requiredFields: [] });
    try {
      const credential = optional.credentials[0];
      if (credential === undefined) throw new Error('no sandbox credential');
      const fixture = await writeSkuSheetFixture(dir);
      await writeFile(join(dir, 'optional-barcode.yaml'), stringify({ service: { requiredFields: [] } }));
      const optionalService = ['--base-url', optional.url, '--client-id', credential.clientId, '--client-secret-file', 'secret.txt', '--state-dir', 'state-optional', '--config', 'optional-barcode.yaml'];
      // No requireBarcode in the mapping: it follows the profile.
      await writeFile(join(dir, 'skus-optional.yaml'), stringify(skuMapping({})));
      const result = await run(['import', 'skus.csv', '-m', 'skus-optional.yaml', ...optionalService, '--json']);
      const lines = result.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; reportDir?: string });
      const done = lines.find((line) => line.type === 'result');
      expect(done, result.stderr).toBeDefined();
      const summary = JSON.parse(await readFile(join(done?.reportDir ?? '', 'summary.json'), 'utf8')) as { counts: { byStatus: Record<string, number> }; issues?: { severity: string }[] };
      // This sandbox refuses `barcode: ""` (leave it out instead), so acceptance proves the key is absent.
      expect(summary.counts.byStatus).toEqual({ accepted: fixture.skus });
      expect((summary.issues ?? []).filter((issue) => issue.severity === 'error')).toEqual([]);
    } finally {
      await optional.close();
    }
  }, 60_000);
});
