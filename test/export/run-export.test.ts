import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { PipelineEvent } from '../../src/core/events.js';
import { renderExportMapping } from '../../src/export/build-export-mapping.js';
import { EXPORT_SHEET } from '../../src/export/create-export-writer.js';
import { runExport } from '../../src/export/run-export.js';
import { parseMapping } from '../../src/mapping/parse-mapping.js';
import { createReferenceData } from '../../src/sandbox/reference-data.js';
import { EXPORT_MAPPING, createExportWorld, loadCsvTable, readDrafts } from './export-test-kit.js';
import type { ExportWorld } from './export-test-kit.js';

let world: ExportWorld;

beforeAll(async () => {
  world = await createExportWorld(3);
});
afterAll(async () => {
  await world.close();
});

describe('mappings/export.yaml', () => {
  it('is the generated export mapping for the sandbox directories and parses', async () => {
    const shipped = await readFile(EXPORT_MAPPING, 'utf8');
    expect(shipped).toBe(renderExportMapping(createReferenceData()));
    expect(parseMapping(parseYaml(shipped)).issues).toBeUndefined();
  });
});

describe('runExport', () => {
  it('writes one XLSX row per SKU with ids, codes, seller keys, names and statuses', async () => {
    const events: PipelineEvent[] = [];
    const out = join(world.dir, 'catalog.xlsx');
    const result = await runExport({ out, settings: world.settings() }, world.deps(events));
    expect(result).toMatchObject({ format: 'xlsx', products: 3, rows: 6, missing: 0, keysFromState: 3, issueCount: 0 });
    expect(events.some((e) => e.type === 'stage:start' && e.stage === 'export' && e.detail?.startsWith('3 product(s)'))).toBe(true);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(out);
    const sheet = workbook.getWorksheet(EXPORT_SHEET);
    if (!sheet) throw new Error('no sheet');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 16)).toEqual([
      'productKey', 'skuKey', 'productId', 'skuId', 'barcode', 'shopId', 'categoryId', 'brandId',
      'name_rus', 'name_kaz', 'description_rus', 'description_kaz', 'vat', 'isLocalMade', 'price', 'photo_1',
    ]);
    expect(header).toContain('attr:color');
    expect(header.slice(-5)).toEqual(['_category', '_brand', '_attributes', '_productStatus', '_moderationStatus']);
    expect(sheet.actualRowCount).toBe(7);
    const cell = (row: number, name: string): unknown => sheet.getRow(row).getCell(header.indexOf(name) + 1).value;
    const stored = world.sandbox.products('sandbox-seller')[0];
    expect(cell(2, 'productKey')).toBe('SM-0000');
    expect(cell(2, 'productId')).toBe(stored?.productId);
    expect(cell(2, 'skuId')).toBe(stored?.skus[0]?.skuId);
    expect(cell(2, 'barcode')).toBe(stored?.skus[0]?.barcode);
    expect(cell(2, 'skuKey')).toBe(stored?.skus[0]?.barcode);
    expect(cell(2, 'price')).toBe(100990);
    expect(cell(2, 'categoryId')).toBe(10101);
    expect(String(cell(2, '_category'))).toMatch(/Смартфоны$/);
    expect(cell(2, '_brand')).toBe('Samsung');
    expect(cell(2, 'attr:color')).toBe('color_black');
    expect(cell(3, 'attr:color')).toBe('color_white');
    expect(cell(2, 'attr:model')).toBe('SM-0000');
    expect(cell(2, 'attr:gender')).toBeNull();
    expect(cell(2, '_productStatus')).toBe('OnModeration');
    expect(cell(2, '_moderationStatus')).toBe('Pending');
    expect(String(cell(2, '_attributes'))).toContain('Цвет: Чёрный');
  });

  it('filters by search and writes CSV with the same columns', async () => {
    const out = join(world.dir, 'filtered.csv');
    const result = await runExport({ out, settings: world.settings(), filters: { search: 'Model 1' }, sort: { by: 'id', direction: 'Desc' } }, world.deps());
    expect(result).toMatchObject({ format: 'csv', products: 1, rows: 2 });
    const table = await loadCsvTable(out);
    expect(table.header[0]).toBe('productKey');
    expect(table.rows.map((row) => row[0])).toEqual(['SM-0001', 'SM-0001']);
  });

  it('reads back with mappings/export.yaml into the drafts that were imported, without errors', async () => {
    const out = join(world.dir, 'readback.xlsx');
    await runExport({ out, settings: world.settings() }, world.deps());
    const { drafts, issues } = await readDrafts(out, EXPORT_MAPPING, world.directories());
    expect(issues.filter((issue) => issue.severity === 'error')).toEqual([]);
    expect(drafts).toHaveLength(3);
    const stored = world.sandbox.products('sandbox-seller');
    for (const draft of drafts) {
      const product = stored.find((p) => p.productId === draft.item.productId);
      expect(product, draft.productKey).toBeDefined();
      expect(draft.item.skus.map((sku) => [sku.skuId, sku.barcode, sku.price, [...sku.attributeValueCodes].sort()])).toEqual(
        product?.skus.map((sku) => [sku.skuId, sku.barcode, sku.price, [...sku.attributeValueCodes].sort()]),
      );
      expect(draft.item.description).toEqual(product?.description);
      expect([...draft.item.attributes].sort((a, b) => a.code.localeCompare(b.code))).toEqual([...(product?.attributes ?? [])].sort((a, b) => a.code.localeCompare(b.code)));
    }
  });

  it('writes the mapping next to the file when asked, and leaves no file behind when the output folder is missing', async () => {
    const out = join(world.dir, 'with-mapping.csv');
    const mappingOut = join(world.dir, 'with-mapping.yaml');
    const result = await runExport({ out, settings: world.settings(), mappingOut, photoColumns: 2 }, world.deps());
    expect(result.mappingOut).toBe(mappingOut);
    const mapping = parseMapping(parseYaml(await readFile(mappingOut, 'utf8')));
    expect(mapping.mapping?.columns.photos).toEqual({ columns: ['photo_1', 'photo_2'] });

    await expect(runExport({ out: join(world.dir, 'no-such-folder', 'x.xlsx'), settings: world.settings() }, world.deps())).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
    await expect(runExport({ out: join(world.dir, 'x.ods'), settings: world.settings() }, world.deps())).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
  });

  it('puts photos beyond the photo columns into the last one, and they read back in order', async () => {
    const photos = ['https://cdn.example.kz/1.jpg', 'https://cdn.example.kz/2.jpg', 'https://cdn.example.kz/3.jpg'];
    const client = (await import('../../src/api/create-catalog-client.js')).createCatalogClient(
      { baseUrl: world.sandbox.url, credentials: { clientId: 'sandbox-seller-2', clientSecret: 'sandbox-secret-2' } },
      world.deps(),
    );
    await client.importProducts([
      {
        shopId: 2001, productId: null, categoryId: 10101, brandId: 1001, isLocalMade: true, vat: 16,
        name: { rus: 'Телефон', kaz: '' }, description: { rus: '', kaz: '' },
        attributes: [{ code: 'operating_system', valueCodes: ['os_android'] }, { code: 'model', valueCodes: ['X'] }],
        skus: [{ skuId: null, attributeValueCodes: ['color_black', 'memory_128'], price: 10.5, barcode: '4601234567893', photos: photos.map((mediaFile, i) => ({ mediaFile, order: i + 1 })) }],
      },
    ]);
    world.sandbox.settleJobs();
    const out = join(world.dir, 'seller2.csv');
    const settings = world.settings({ clientId: 'sandbox-seller-2', clientSecret: 'sandbox-secret-2' });
    const result = await runExport({ out, settings, photoColumns: 2 }, world.deps());
    expect(result).toMatchObject({ products: 1, keysFromState: 0 });
    const table = await loadCsvTable(out);
    const row = table.rows[0] ?? [];
    const at = (name: string): string | undefined => row[table.header.indexOf(name)];
    expect([at('photo_1'), at('photo_2')]).toEqual([photos[0], `${photos[1]} ${photos[2]}`]);
    expect([at('productKey'), at('vat'), at('isLocalMade'), at('price'), at('shopId')]).toEqual([at('productId'), '16', 'true', '10.5', '2001']);
    // Two photo columns: the shipped mapping (five) does not fit; the mapping written with the file does.
    await runExport({ out, settings, photoColumns: 2, mappingOut: join(world.dir, 'seller2.yaml') }, world.deps());
    const { drafts, issues } = await readDrafts(out, join(world.dir, 'seller2.yaml'), world.directories());
    expect(issues.filter((issue) => issue.severity === 'error')).toEqual([]);
    expect(drafts[0]?.item.skus[0]?.photos.map((p) => p.mediaFile)).toEqual(photos);
    expect(drafts[0]?.item).toMatchObject({ vat: 16, isLocalMade: true, shopId: 2001 });
  });
});
