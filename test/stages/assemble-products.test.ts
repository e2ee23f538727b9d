import { describe, expect, it } from 'vitest';
import type { ImportItem } from '../../src/domain/index.js';
import type { Issue } from '../../src/core/issue.js';
import { createProductKeyIndex } from '../../src/core/product-key-index.js';
import type { MappingInput } from '../../src/mapping/mapping-schema.js';
import { createProductAssembler } from '../../src/stages/assemble-products.js';
import { buildBatches } from '../../src/stages/build-batches.js';
import { createRowMapper } from '../../src/stages/create-row-mapper.js';
import type { MappedRow } from '../../src/stages/mapped-row.js';
import { createMemoryProductSink, type AssembledProduct, type ProductSink } from '../../src/stages/product-sink.js';
import { mapAndAssemble } from '../../src/stages/run-dry-stages.js';
import type { ProductDraft } from '../../src/core/types.js';
import { makeDirectories, makeInfo, makeMapping, makeProductRow, streamRows, type CellInput } from '../helpers/builders.js';

const directories = makeDirectories();
const info = makeInfo();

/** Valid barcodes for SKU rows: EAN-13 with computed check digits. */
const BARCODES = ['4601234567893', '4601234567886', '4601234567879', '4601234567862', '4601234567855', '4601234567848'];

function assemble(rows: [number, Record<string, CellInput>][], options: { edit?: (input: MappingInput) => void; closeWindow?: number; drafts?: boolean } = {}) {
  const mapping = makeMapping(options.edit);
  const mapRow = createRowMapper(mapping, directories, info);
  const sink = createMemoryProductSink();
  const assembler = createProductAssembler({
    mapping,
    directories,
    sink,
    ...(options.closeWindow === undefined ? {} : { closeWindow: options.closeWindow }),
    ...(options.drafts === undefined ? {} : { drafts: options.drafts }),
  });
  const rowIssues: Issue[] = [];
  for (const [row, overrides] of rows) {
    const { record, issues } = mapRow(makeProductRow(info, row, overrides));
    rowIssues.push(...issues);
    if (record !== null) rowIssues.push(...assembler.add(record));
  }
  rowIssues.push(...assembler.finish());
  return { entries: sink.entries(), rowIssues };
}

function summarize(issues: Issue[]): string[] {
  return issues.map((issue) => `row ${issue.row} ${issue.code}${issue.column === undefined ? '' : ` ${issue.column}`}: ${issue.message}`);
}

describe('createProductAssembler', () => {
  it('builds the exact import item, with SKUs in row order', () => {
    const { entries, rowIssues } = assemble([
      [2, { Штрихкод: BARCODES[0], Размер: 'S', Фото: 'https://a.kz/s1.jpg https://a.kz/s2.jpg' }],
      [3, { Штрихкод: BARCODES[1], Размер: 'M', Цена: '5 490' }],
    ]);
    expect(rowIssues).toEqual([]);
    expect(entries).toHaveLength(1);
    const draft = entries[0]?.draft as ProductDraft;
    const expected: ImportItem = {
      shopId: 7,
      productId: null,
      categoryId: 111,
      brandId: 502,
      isLocalMade: true,
      name: { rus: 'Футболка мужская', kaz: 'Ерлерге арналған футболка' },
      description: { rus: '<p>Хлопковая футболка</p>', kaz: '<p>Мақта футболка</p>' },
      vat: 12,
      attributes: [{ code: 'material', valueCodes: ['cotton'] }],
      skus: [
        {
          skuId: null,
          attributeValueCodes: ['red', 's'],
          price: 4990,
          barcode: BARCODES[0] as string,
          photos: [
            { mediaFile: 'https://a.kz/s1.jpg', order: 1 },
            { mediaFile: 'https://a.kz/s2.jpg', order: 2 },
          ],
        },
        { skuId: null, attributeValueCodes: ['red', 'm'], price: 5490, barcode: BARCODES[1] as string, photos: [{ mediaFile: 'https://cdn.example.kz/ts-1-red.jpg', order: 1 }] },
      ],
    };
    expect(draft.item).toEqual(expected);
    expect(draft.productKey).toBe('TS-1');
    expect(draft.skuKeys).toEqual([BARCODES[0], BARCODES[1]]);
    expect(draft.skuRows.map((ref) => ref.row)).toEqual([2, 3]);
    expect(draft.rows).toEqual([
      { file: 'catalog.xlsx', sheet: 'Товары', row: 2 },
      { file: 'catalog.xlsx', sheet: 'Товары', row: 3 },
    ]);
    expect(entries[0]?.issues).toEqual([]);
    expect(entries[0]?.firstRow).toBe(2);
  });

  it('groups rows of one product that are not adjacent', () => {
    const { entries } = assemble([
      [2, { Артикул: 'A', Штрихкод: BARCODES[0], Размер: 'S' }],
      [3, { Артикул: 'B', Штрихкод: BARCODES[1], Размер: 'S' }],
      [4, { Артикул: 'A', Штрихкод: BARCODES[2], Размер: 'M' }],
      [5, { Артикул: 'B', Штрихкод: BARCODES[3], Размер: 'M' }],
    ]);
    expect(entries.map((entry) => [entry.productKey, entry.draft?.skuRows.map((ref) => ref.row)])).toEqual([
      ['A', [2, 4]],
      ['B', [3, 5]],
    ]);
  });

  it('refuses a later duplicate barcode or SKU key, naming the first row', () => {
    const { entries, rowIssues } = assemble([
      [2, { Артикул: 'A', Штрихкод: BARCODES[0], Размер: 'S' }],
      [3, { Артикул: 'B', Штрихкод: BARCODES[0], Размер: 'S' }],
    ]);
    expect(summarize(rowIssues)).toEqual([`row 3 duplicate_barcode B: barcode ${BARCODES[0]} is already used in row 2`]);
    expect(entries.map((entry) => [entry.productKey, entry.draft === null])).toEqual([
      ['A', false],
      ['B', true],
    ]);
  });

  it('takes a UPC-A and the same code as EAN-13 with a leading zero for one barcode', () => {
    const { rowIssues } = assemble([
      [2, { Артикул: 'A', Штрихкод: '036000291452', Размер: 'S' }],
      [3, { Артикул: 'B', Штрихкод: '0036000291452', Размер: 'S' }],
    ]);
    expect(summarize(rowIssues)).toEqual(['row 3 duplicate_barcode B: barcode 0036000291452 is already used in row 2']);
  });

  it('checks SKU keys from their own column separately from barcodes', () => {
    const { rowIssues } = assemble(
      [
        [2, { Штрихкод: BARCODES[0], Размер: 'S', Атауы: 'SKU-1' }],
        [3, { Штрихкод: BARCODES[1], Размер: 'M', Атауы: 'SKU-1' }],
      ],
      {
        edit: (input) => {
          input.columns.skuKey = 'Атауы';
          input.columns.name = { rus: 'Наименование' };
          input.validation = { kazakh: 'off' };
        },
      },
    );
    expect(summarize(rowIssues)).toEqual(['row 3 duplicate_sku_key D: SKU key SKU-1 is already used in row 2']);
  });

  it('names the rows and field where a product disagrees with itself', () => {
    const { entries } = assemble([
      [2, { Штрихкод: BARCODES[0], Размер: 'S' }],
      [3, { Штрихкод: BARCODES[1], Размер: 'M', Наименование: 'Футболка мужская хлопок', Материал: 'Полиэстер' }],
    ]);
    expect(entries[0]?.draft).toBeNull();
    expect(summarize(entries[0]?.issues ?? [])).toEqual([
      'row 3 product_field_conflict C: rows of product "TS-1" disagree on name.rus: "Футболка мужская хлопок" here, "Футболка мужская" in row 2',
      'row 3 product_field_conflict M: rows of product "TS-1" disagree on attribute material: polyester here, cotton in row 2',
      // The row that agrees is held back by the product's error found on row 3, and says so in its own issue.
      'row 2 product_has_invalid_rows: product "TS-1" is held back: row 3 of it has errors (product_field_conflict)',
    ]);
  });

  it('lets an empty optional product-level cell take the value of the other rows', () => {
    const { entries } = assemble([
      [2, { Штрихкод: BARCODES[0], Размер: 'S', Атауы: '' }],
      [3, { Штрихкод: BARCODES[1], Размер: 'M' }],
    ]);
    expect(entries[0]?.draft?.item.name.kaz).toBe('Ерлерге арналған футболка');
  });

  it('refuses SKUs not distinguished by their SKU-defining values', () => {
    const { entries } = assemble([
      [2, { Штрихкод: BARCODES[0], Размер: 'S' }],
      [3, { Штрихкод: BARCODES[1], Размер: 'S' }],
    ]);
    expect(summarize(entries[0]?.issues ?? [])).toEqual([
      'row 3 skus_not_distinguished: SKUs of product "TS-1" in rows 2 and 3 have the same SKU-defining values (color=red;size=s)',
      'row 2 product_has_invalid_rows: product "TS-1" is held back: row 3 of it has errors (skus_not_distinguished)',
    ]);
  });

  // Up to 32 valid SKUs the signatures are looked up in a list, beyond in a map: both must name the
  // first row of a signature, as the map alone did.
  it.each([6, 40])('names the first row with the same SKU-defining values, in a product of %i SKUs', (count) => {
    const sizes = ['S', 'M', 'L'];
    const rows: [number, Record<string, CellInput>][] = Array.from({ length: count }, (_, i) => [i + 2, { Штрихкод: buildEan13(4_600_000_000_00 + i), Размер: sizes[i % 3] as string }]);
    const { entries } = assemble(rows);
    const expected = rows.slice(3).map(([row], i) => {
      const size = (sizes[i % 3] as string).toLowerCase();
      return `row ${row} skus_not_distinguished: SKUs of product "TS-1" in rows ${2 + (i % 3)} and ${row} have the same SKU-defining values (color=red;size=${size})`;
    });
    // The first row of each signature is held back by the others; the message lists ten rows and counts the rest.
    const bad = rows.slice(3).map(([row]) => row);
    const listed = `${bad.slice(0, 10).join(', ')}${bad.length > 10 ? ` and ${bad.length - 10} more` : ''}`;
    for (const [row] of rows.slice(0, 3)) expected.push(`row ${row} product_has_invalid_rows: product "TS-1" is held back: rows ${listed} of it have errors (skus_not_distinguished)`);
    expect(summarize(entries[0]?.issues ?? [])).toEqual(expected);
  });

  it('requires the category required attributes, on the product or on every SKU', () => {
    const { entries } = assemble([
      [2, { Штрихкод: BARCODES[0], Размер: '', Материал: '' }],
      [3, { Штрихкод: BARCODES[1], Размер: 'M', Материал: '' }],
    ]);
    expect(summarize(entries[0]?.issues ?? [])).toEqual([
      'row 2 required_attribute_missing: SKU lacks attribute size (Размер), required in category 111',
      'row 2 required_attribute_missing: product lacks attribute material (Материал), required in category 111',
      'row 3 product_has_invalid_rows: product "TS-1" is held back: row 2 of it has errors (required_attribute_missing)',
    ]);
    expect(entries[0]?.draft).toBeNull();
  });

  it('holds back a whole product when one of its rows has an error, naming the bad rows on the good ones', () => {
    const { entries, rowIssues } = assemble([
      [2, { Штрихкод: BARCODES[0], Размер: 'S' }],
      [3, { Штрихкод: BARCODES[1], Размер: 'M', Цена: 'договорная' }],
      [4, { Штрихкод: BARCODES[2], Размер: 'L' }],
    ]);
    expect(summarize(rowIssues)).toEqual(['row 3 invalid_price I: the price must be a positive number, got "договорная"']);
    expect(entries[0]?.draft).toBeNull();
    expect(summarize(entries[0]?.issues ?? [])).toEqual([
      'row 2 product_has_invalid_rows: product "TS-1" is held back: row 3 of it has errors (invalid_price)',
      'row 4 product_has_invalid_rows: product "TS-1" is held back: row 3 of it has errors (invalid_price)',
    ]);
    // The blocking row is in the message, never in `value` (the To fix sheet's value column would show it as a cell value).
    expect(entries[0]?.issues.every((issue) => issue.value === undefined)).toBe(true);
    expect(entries[0]?.rows.map((ref) => ref.row)).toEqual([2, 3, 4]);
  });

  it('closes products after closeWindow others started, and reopens one when a late row arrives', () => {
    const puts: string[] = [];
    const reopens: string[] = [];
    const memory = createMemoryProductSink();
    const sink: ProductSink = {
      put: (entry: AssembledProduct) => {
        puts.push(`${entry.productKey}:${entry.rows.map((ref) => ref.row).join('+')}`);
        memory.put(entry);
      },
      reopen: (key: string) => {
        const entry = memory.reopen(key);
        reopens.push(`${key}:${entry === undefined ? 'none' : 'back'}`);
        return entry;
      },
    };
    const mapping = makeMapping();
    const mapRow = createRowMapper(mapping, directories, info);
    // The run's key index, shared with other stages: one of them named C first.
    const productKeys = createProductKeyIndex();
    productKeys.idOf('C');
    const assembler = createProductAssembler({ mapping, directories, sink, closeWindow: 2, productKeys });
    const add = (row: number, key: string, size: string, barcode: string): void => {
      const { record } = mapRow(makeProductRow(info, row, { Артикул: key, Размер: size, Штрихкод: barcode }));
      assembler.add(record as MappedRow);
    };
    add(2, 'A', 'S', BARCODES[0] as string);
    add(3, 'B', 'S', BARCODES[1] as string);
    add(4, 'A', 'M', BARCODES[2] as string); // A stays open: only B started since row 2
    add(5, 'C', 'S', BARCODES[3] as string);
    expect(puts).toEqual([]);
    add(6, 'D', 'S', BARCODES[4] as string); // C and D started since B's row 3 and A's row 4
    expect(puts).toEqual(['B:3', 'A:2+4']);
    add(7, 'A', 'L', BARCODES[5] as string); // late row: A comes back from the sink, and C closes
    expect(reopens).toEqual(['A:back']);
    expect(puts).toEqual(['B:3', 'A:2+4', 'C:5']);
    assembler.finish(); // the rest, in order of first row
    expect(puts).toEqual(['B:3', 'A:2+4', 'C:5', 'A:2+4+7', 'D:6']);
    const entries = memory.entries();
    expect(entries.map((entry) => entry.productKey)).toEqual(['A', 'B', 'C', 'D']);
    expect(entries[0]?.draft?.item.skus.map((sku) => sku.attributeValueCodes[1])).toEqual(['s', 'm', 'l']);
    expect(['C', 'A', 'B', 'D'].map((key) => productKeys.find(key))).toEqual([0, 1, 2, 3]);
  });

  it('closes two open products whose rows alternate in the order of their last rows', () => {
    const puts: string[] = [];
    const sink: ProductSink = {
      put: (entry: AssembledProduct) => void puts.push(`${entry.productKey}:${entry.rows.map((ref) => ref.row).join('+')}`),
      reopen: () => undefined,
    };
    const mapping = makeMapping();
    const mapRow = createRowMapper(mapping, directories, info);
    const assembler = createProductAssembler({ mapping, directories, sink, closeWindow: 2 });
    const add = (row: number, key: string, size: string, barcode: string): void => {
      const { record } = mapRow(makeProductRow(info, row, { Артикул: key, Размер: size, Штрихкод: barcode }));
      assembler.add(record as MappedRow);
    };
    add(2, 'C', 'S', BARCODES[0] as string);
    add(3, 'A', 'S', BARCODES[1] as string);
    add(4, 'C', 'M', BARCODES[2] as string); // no product started: C keeps its mark, yet is now behind A
    add(5, 'A', 'M', BARCODES[3] as string); // and A behind C
    add(6, 'D', 'S', BARCODES[4] as string);
    expect(puts).toEqual([]);
    add(7, 'E', 'S', BARCODES[5] as string);
    expect(puts).toEqual(['C:2+4', 'A:3+5']);
  });

  it('does not take a barcode for a duplicate of itself when a product is reassembled', () => {
    const { entries, rowIssues } = assemble(
      [
        [2, { Артикул: 'A', Штрихкод: BARCODES[0], Размер: 'S' }],
        [3, { Артикул: 'B', Штрихкод: BARCODES[1], Размер: 'S' }],
        [4, { Артикул: 'C', Штрихкод: BARCODES[2], Размер: 'S' }],
        [5, { Артикул: 'A', Штрихкод: BARCODES[3], Размер: 'M' }],
      ],
      { closeWindow: 1 },
    );
    expect(rowIssues).toEqual([]);
    expect(entries.map((entry) => [entry.productKey, entry.draft?.item.skus.length])).toEqual([
      ['A', 2],
      ['B', 1],
      ['C', 1],
    ]);
  });
});

describe('buildBatches', () => {
  const drafts = Array.from({ length: 65 }, (_, i) => ({ productKey: `P${i}` }) as ProductDraft);

  it('splits into batches of at most 30, in order', () => {
    const batches = [...buildBatches(drafts)];
    expect(batches.map((batch) => batch.length)).toEqual([30, 30, 5]);
    expect(batches.flat().map((draft) => draft.productKey)).toEqual(drafts.map((draft) => draft.productKey));
  });

  it('takes a smaller size, and never more than 30 whatever is asked', () => {
    expect([...buildBatches(drafts, 10)].map((batch) => batch.length)).toEqual([10, 10, 10, 10, 10, 10, 5]);
    expect([...buildBatches(drafts, 100)].every((batch) => batch.length <= 30)).toBe(true);
    expect([...buildBatches(drafts, 0)].map((batch) => batch.length)).toEqual([30, 30, 5]);
    expect([...buildBatches([], 30)]).toEqual([]);
  });
});

describe('mapAndAssemble', () => {
  it('streams rows through mapping and assembly and counts the outcome', async () => {
    const mapping = makeMapping();
    const sink = createMemoryProductSink();
    const rows = [
      makeProductRow(info, 2, { Артикул: 'A', Штрихкод: BARCODES[0], Размер: 'S' }),
      makeProductRow(info, 3, { Артикул: 'A', Штрихкод: BARCODES[1], Размер: 'M' }),
      makeProductRow(info, 4, { Артикул: 'B', Штрихкод: BARCODES[2], Размер: 'S', Цена: '0' }),
      makeProductRow(info, 5, { Артикул: 'B', Штрихкод: BARCODES[3], Размер: 'M' }),
      makeProductRow(info, 6, { Артикул: '', Штрихкод: BARCODES[4] }),
      { ...makeProductRow(info, 7, { Артикул: 'C', Штрихкод: BARCODES[0], Размер: 'S' }), issues: [{ stage: 'read' as const, code: 'invalid_encoding', severity: 'warning' as const, message: 'bad bytes', file: 'catalog.xlsx', sheet: 'Товары', row: 7 }] },
    ];
    const result = await mapAndAssemble(streamRows(rows), { mapping, directories, info, sink });
    expect(result.counts).toEqual({ rows: 6, validRows: 3, invalidRows: 3, products: 3, validProducts: 1 });
    expect(result.issues.map((issue) => `${issue.row} ${issue.code}`)).toEqual([
      '4 invalid_price',
      '5 product_has_invalid_rows',
      '6 required_field_missing',
      '7 invalid_encoding',
      '7 duplicate_barcode',
    ]);
    expect(sink.entries().map((entry) => [entry.productKey, entry.draft === null])).toEqual([
      ['A', false],
      ['B', true],
      ['C', true],
    ]);
    expect([...buildBatches(sink.entries().flatMap((entry) => (entry.draft === null ? [] : [entry.draft])))]).toHaveLength(1);
  });

  it('drops the stale issues of a reopened product', async () => {
    const mapping = makeMapping();
    const sink = createMemoryProductSink();
    const rows = [
      makeProductRow(info, 2, { Артикул: 'A', Штрихкод: BARCODES[0], Размер: 'S' }),
      makeProductRow(info, 3, { Артикул: 'B', Штрихкод: BARCODES[1], Размер: 'S' }),
      makeProductRow(info, 4, { Артикул: 'A', Штрихкод: BARCODES[2], Размер: 'M', Материал: '' }),
      makeProductRow(info, 5, { Артикул: 'A', Штрихкод: BARCODES[3], Размер: 'L' }),
    ];
    const result = await mapAndAssemble(streamRows(rows), { mapping, directories, info, sink, closeWindow: 1 });
    expect(result.counts).toEqual({ rows: 4, validRows: 4, invalidRows: 0, products: 2, validProducts: 2 });
    expect(result.issues).toEqual([]);
    expect(sink.entries()[0]?.draft?.item.skus).toHaveLength(3);
  });

  it('without drafts (the dry run) finds the same validity and issues, and builds no draft', () => {
    const rows: [number, Record<string, CellInput>][] = [
      [2, { Артикул: 'A', Штрихкод: BARCODES[0], Размер: 'S' }],
      [3, { Артикул: 'A', Штрихкод: BARCODES[1], Размер: 'M' }],
      [4, { Артикул: 'B', Штрихкод: BARCODES[2], Размер: 'S' }],
      [5, { Артикул: 'C', Штрихкод: BARCODES[3], Размер: 'S', Цена: 'по запросу' }],
      [6, { Артикул: 'C', Штрихкод: BARCODES[4], Размер: 'M' }],
      [7, { Артикул: 'B', Штрихкод: BARCODES[5], Размер: 'M', Наименование: 'Другое' }],
      [8, { Артикул: 'D', Штрихкод: BARCODES[5], Размер: 'M' }],
    ];
    const withDrafts = assemble(rows);
    const without = assemble(rows, { drafts: false });
    expect(without.rowIssues).toEqual(withDrafts.rowIssues);
    expect(without.entries.map((entry) => entry.draft)).toEqual([null, null, null, null]);
    expect(without.entries).toEqual(withDrafts.entries.map((entry) => ({ ...entry, draft: null })));
    expect(withDrafts.entries.map((entry) => [entry.productKey, entry.valid, entry.draft !== null])).toEqual([
      ['A', true, true],
      ['B', false, false],
      ['C', false, false],
      ['D', false, false],
    ]);
  });
});

/** An EAN-13 barcode for the 12 digits of `body`, with its check digit. */
function buildEan13(body: number): string {
  const digits = String(body).padStart(12, '0');
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (i % 2 === 0 ? 1 : 3);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}
