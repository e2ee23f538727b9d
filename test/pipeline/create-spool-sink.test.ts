import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createScratchSpoolSink, createSpoolSink } from '../../src/pipeline/create-spool-sink.js';
import { createProductAssembler } from '../../src/stages/assemble-products.js';
import { createRowMapper } from '../../src/stages/create-row-mapper.js';
import type { MappedRow } from '../../src/stages/mapped-row.js';
import { createMemoryProductSink, type AssembledProduct, type ProductSink } from '../../src/stages/product-sink.js';
import { buildCanonicalJson } from '../../src/state/canonical-json.js';
import { openStateStore } from '../../src/state/index.js';
import { openScratchSpool } from '../../src/pipeline/scratch/open-scratch-spool.js';
import { makeDirectories, makeInfo, makeMapping, makeProductRow, type CellInput } from '../helpers/builders.js';

let dir: string;
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const cells = { price: { column: 'M', header: 'Цена' } };

function record(row: number, description: string): MappedRow {
  return {
    source: { file: 'c.csv', row },
    valid: true,
    productKey: 'P1',
    skuKey: `S${row}`,
    productId: null,
    skuId: null,
    product: { shopId: 1, categoryId: 2, brandId: 3, isLocalMade: false, name: { rus: 'Имя', kaz: 'Аты' }, description: { rus: description, kaz: '' }, vat: 12, attributes: [] },
    sku: { price: 10 + row, barcode: `46000000000${row}`, photos: [], attributes: [] },
    cells,
  };
}

describe('createSpoolSink', () => {
  it('gives back a spooled product whole on reopen, though it stores shared fields once', async () => {
    dir = await mkdtemp(join(tmpdir(), 'spool-sink-'));
    const store = openStateStore({ dir, account: { baseUrl: 'http://x', clientId: 'c' }, now: () => new Date('2026-11-22T00:00:00Z') });
    try {
      const { runId } = store.createRun({ command: 'validate', file: 'c.csv', fileSha256: 'a', mappingFile: 'm', mappingSha256: 'b', options: {}, reportDir: '' });
      const sink = createSpoolSink(store, runId, { flushEvery: 1 });
      const records = [record(2, '<p>Длинное описание</p>'), record(3, '<p>Длинное описание</p>'), record(4, '<p>Другое</p>')];
      const entry: AssembledProduct = { productKey: 'P1', valid: false, draft: null, issues: [], rows: records.map((r) => r.source), firstRow: 2, records };
      sink.put(entry);
      sink.flush();
      const stored = store.getSpooledProduct(runId, 'P1');
      expect(JSON.stringify(stored?.records)).not.toContain('"cells"');
      expect(JSON.stringify(stored?.records).match(/Длинное описание/g)).toHaveLength(1);
      // A left-out source or product is no key at all (not a `null` kept for its place).
      expect(JSON.stringify(stored?.records)).not.toContain('"source"');
      expect(JSON.stringify(stored?.records).match(/"product"/g)).toHaveLength(2);
      const back = sink.reopen('P1');
      expect(back?.records).toEqual(records);
      expect(back?.records[1]?.cells).toBe(cells);
      expect(store.getSpooledProduct(runId, 'P1')).toBeUndefined();
      expect(sink.reopen('never-put')).toBeUndefined();
    } finally {
      store.close();
    }
  });

  it('reopens a product from the dry run\'s scratch spool whole, every field of every record', async () => {
    dir = await mkdtemp(join(tmpdir(), 'spool-sink-'));
    const scratch = openScratchSpool(join(dir, 'scratch.spool'), { pendingBytes: 1 });
    try {
      const sink = createScratchSpoolSink(scratch);
      const sheetRef = (row: number) => ({ file: 'c.xlsx', sheet: 'Лист 1', row });
      const full: MappedRow = {
        ...record(7, 'x'.repeat(400)),
        source: sheetRef(7),
        valid: false,
        productId: 123456789012,
        skuId: 42,
        product: {
          shopId: null,
          categoryId: 2,
          brandId: null,
          isLocalMade: null,
          name: { rus: 'Другое имя', kaz: '' },
          description: { rus: 'x'.repeat(400), kaz: 'Қазақша 🌼' },
          vat: 0.5,
          attributes: [{ code: 'material', valueCodes: ['cotton', 'silk'] }],
        },
        sku: { price: null, barcode: '', photos: [{ mediaFile: 'https://a.kz/1.jpg', order: 1 }, { mediaFile: 'https://a.kz/2.jpg', order: 2 }], attributes: [{ code: 'size', valueCodes: ['m'] }] },
        extraBarcodes: ['4601234567886', '4601234567879'],
      };
      const records = [{ ...record(2, 'Описание'), source: sheetRef(2) }, full, { ...record(9, 'Описание'), source: sheetRef(9), productKey: 'P1-2' }];
      const rows = [sheetRef(2), sheetRef(7), records[2]?.source as MappedRow['source']];
      const issues = [{ stage: 'build' as const, code: 'product_has_invalid_rows', severity: 'error' as const, message: 'held back', file: 'c.xlsx', sheet: 'Лист 1', row: 2, productKey: 'P1' }];
      sink.put({ productKey: 'P1', valid: false, draft: null, issues, rows, firstRow: 2, records });
      sink.put({ productKey: 'P2', valid: true, draft: null, issues: [], rows: [record(3, '').source], firstRow: 3, records: [record(3, '')] });
      const back = sink.reopen('P1');
      expect(back).toStrictEqual({ productKey: 'P1', valid: false, draft: null, issues, rows, firstRow: 2, records });
      expect(back?.records[2]?.source).toBe(back?.rows[2]);
      expect(back?.records[1]?.cells).toBe(cells);
      expect(sink.reopen('P1')).toBeUndefined();
      expect(sink.reopen('never-put')?.records).toBeUndefined();
      expect(sink.reopen('P2')?.records).toEqual([record(3, '')]);
    } finally {
      scratch.close();
    }
  });

  it('reads back records stored while left-out fields were kept as null, and before they were left out', async () => {
    dir = await mkdtemp(join(tmpdir(), 'spool-sink-'));
    const scratch = openScratchSpool(join(dir, 'scratch.spool'));
    try {
      const sink = createScratchSpoolSink(scratch);
      const records = [record(2, 'Описание'), record(3, 'Описание')];
      const rows = records.map((r) => r.source);
      const withoutCells = records.map(({ cells: _cells, ...rest }) => rest);
      const asNull = withoutCells.map((rest, i) => ({ ...rest, source: null, product: i === 0 ? rest.product : null }));
      scratch.put('old-null', { valid: true, firstRow: 2, rows, issues: [], records: asNull });
      scratch.put('older-whole', { valid: true, firstRow: 2, rows, issues: [], records: withoutCells });
      // No product was put through the sink, so it has no `cells` to give back.
      const strip = (back: MappedRow[] | undefined) => back?.map(({ cells: _cells, ...rest }) => rest);
      expect(strip(sink.reopen('old-null')?.records)).toStrictEqual(withoutCells);
      expect(strip(sink.reopen('older-whole')?.records)).toStrictEqual(withoutCells);
    } finally {
      scratch.close();
    }
  });

  it('gives back repeated photos and a barcode that is the SKU key equal', async () => {
    dir = await mkdtemp(join(tmpdir(), 'spool-sink-'));
    const scratch = openScratchSpool(join(dir, 'scratch.spool'));
    try {
      const sink = createScratchSpoolSink(scratch);
      const photos = (...names: string[]) => names.map((name, i) => ({ mediaFile: `https://a.kz/${name}.jpg`, order: i + 1 }));
      const withSku = (row: number, barcode: string, skuPhotos: ReturnType<typeof photos>): MappedRow => {
        const base = record(row, 'Описание');
        return { ...base, skuKey: barcode, sku: { ...base.sku, barcode, photos: skuPhotos } };
      };
      const shared = photos('1', '2');
      const records = [
        withSku(2, '4600000000015', shared),
        // The same links as the row before (the same objects, then equal copies), one in another order, none.
        withSku(3, '4600000000022', shared),
        withSku(4, '4600000000039', photos('1', '2')),
        withSku(5, '4600000000046', photos('2', '1')),
        withSku(6, '4600000000053', []),
        { ...withSku(7, '4600000000060', []), skuKey: 'own-key' },
      ];
      const rows = records.map((r) => r.source);
      sink.put({ productKey: 'P1', valid: true, draft: null, issues: [], rows, firstRow: 2, records });
      const back = sink.reopen('P1');
      expect(back?.records).toStrictEqual(records);
    } finally {
      scratch.close();
    }
  });

  it('gives back shared (frozen) attribute entries and own entries equal, across products', async () => {
    dir = await mkdtemp(join(tmpdir(), 'spool-sink-'));
    const scratch = openScratchSpool(join(dir, 'scratch.spool'));
    try {
      const sink = createScratchSpoolSink(scratch);
      const red = Object.freeze({ code: 'color', valueCodes: Object.freeze(['red']) as string[] });
      const wool = Object.freeze({ code: 'material', valueCodes: Object.freeze(['wool', 'silk']) as string[] });
      const own = () => ({ code: 'size', valueCodes: ['S', 'M'] });
      const withAttributes = (row: number, key: string, product: MappedRow['product']['attributes'], sku: MappedRow['sku']['attributes']): MappedRow => {
        const base = record(row, 'Описание');
        return { ...base, productKey: key, product: { ...base.product, attributes: product }, sku: { ...base.sku, attributes: sku } };
      };
      const first = [withAttributes(2, 'P1', [wool], [red, own()]), withAttributes(3, 'P1', [wool], [own(), red])];
      // P2 uses the entries P1 used; it is read back first.
      const second = [withAttributes(4, 'P2', [wool, own()], [red]), withAttributes(5, 'P2', [], [red, wool])];
      for (const records of [first, second]) {
        const productKey = (records[0] as MappedRow).productKey;
        sink.put({ productKey, valid: true, draft: null, issues: [], rows: records.map((r) => r.source), firstRow: 2, records });
      }
      const back2 = sink.reopen('P2');
      const back1 = sink.reopen('P1');
      expect(back2?.records).toStrictEqual(second);
      expect(back1?.records).toStrictEqual(first);
    } finally {
      scratch.close();
    }
  });

  it('rebuilds products whose rows are interleaved (A, B, C, A, B, C, …) exactly as a sink in memory does', async () => {
    dir = await mkdtemp(join(tmpdir(), 'spool-sink-'));
    const info = makeInfo();
    const keys = ['A', 'B', 'C'];
    const rows = Array.from({ length: 24 }, (_, i) => {
      const key = keys[i % 3] as string;
      const n = Math.floor(i / 3);
      const overrides: Record<string, CellInput> = { Артикул: key, Штрихкод: barcodeOf(i), Размер: ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL'][n] };
      // B: one row with a bad price holds the product back; C: one row disagrees on the name.
      if (key === 'B' && n === 3) overrides['Цена'] = 'по запросу';
      if (key === 'C' && n === 5) overrides['Наименование'] = 'Другое имя';
      if (key === 'A' && n === 2) overrides['Фото'] = 'https://a.kz/1.jpg https://a.kz/2.jpg';
      return makeProductRow(info, i + 2, overrides);
    });
    const runWith = (base: ProductSink) => {
      const events: string[] = [];
      const describe = (entry: AssembledProduct | undefined, withDraft: boolean) =>
        entry === undefined
          ? 'none'
          : // Keys sorted: the records are compared as values, not by the order their keys were made in.
            buildCanonicalJson({ ...entry, draft: withDraft ? entry.draft : undefined, records: entry.records.map(({ cells: _cells, ...rest }) => rest) });
      const sink: ProductSink = {
        put(entry) {
          events.push(`put ${describe(entry, true)}`);
          base.put(entry);
        },
        reopen(key) {
          const entry = base.reopen(key);
          // The scratch sink keeps no draft: the assembler rebuilds it from the records.
          events.push(`reopen ${describe(entry, false)}`);
          return entry;
        },
      };
      const mapping = makeMapping();
      const mapRow = createRowMapper(mapping, directories, info);
      const assembler = createProductAssembler({ mapping, directories, sink, closeWindow: 1 });
      for (const row of rows) {
        const { record, issues } = mapRow(row);
        events.push(...issues.map((issue) => `row issue ${JSON.stringify(issue)}`));
        if (record !== null) events.push(...assembler.add(record).map((issue) => `add issue ${JSON.stringify(issue)}`));
      }
      assembler.finish();
      return events;
    };
    const scratch = openScratchSpool(join(dir, 'scratch.spool'), { pendingBytes: 4096 });
    try {
      const inMemory = runWith(createMemoryProductSink());
      const spooled = runWith(createScratchSpoolSink(scratch));
      expect(inMemory.filter((event) => event.startsWith('reopen ')).length).toBeGreaterThan(15);
      expect(inMemory.some((event) => event.includes('product_has_invalid_rows'))).toBe(true);
      expect(inMemory.some((event) => event.includes('product_field_conflict'))).toBe(true);
      expect(spooled).toEqual(inMemory);
    } finally {
      scratch.close();
    }
  });
});

const directories = makeDirectories();

/** The i-th valid EAN-13 barcode of a test range. */
function barcodeOf(i: number): string {
  const body = `460123456${String(1000 + i).slice(-3)}`;
  const sum = [...body].reduce((total, digit, k) => total + Number(digit) * (k % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}
