import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSpoolSink } from '../../src/pipeline/create-spool-sink.js';
import type { MappedRow } from '../../src/stages/mapped-row.js';
import type { AssembledProduct } from '../../src/stages/product-sink.js';
import { openStateStore } from '../../src/state/index.js';
import { openScratchSpool } from '../../src/state/open-scratch-spool.js';

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
      const entry: AssembledProduct = { productKey: 'P1', draft: null, issues: [], rows: records.map((r) => r.source), firstRow: 2, records };
      sink.put(entry);
      sink.flush();
      const stored = store.getSpooledProduct(runId, 'P1');
      expect(JSON.stringify(stored?.records)).not.toContain('"cells"');
      expect(JSON.stringify(stored?.records).match(/Длинное описание/g)).toHaveLength(1);
      const back = sink.reopen('P1');
      expect(back?.records).toEqual(records);
      expect(back?.records[1]?.cells).toBe(cells);
      expect(store.getSpooledProduct(runId, 'P1')).toBeUndefined();
      expect(sink.reopen('never-put')).toBeUndefined();
    } finally {
      store.close();
    }
  });

  it('reopens a product from the dry run\'s scratch spool the same way', async () => {
    dir = await mkdtemp(join(tmpdir(), 'spool-sink-'));
    const scratch = openScratchSpool(join(dir, 'scratch.sqlite'), () => new Date('2026-11-23T00:00:00Z'));
    try {
      const sink = createSpoolSink(scratch, 'run-1', { flushEvery: 1, hash: false, drafts: false });
      const records = [record(2, '<p>Длинное описание</p>'), record(5, '<p>Длинное описание</p>')];
      sink.put({ productKey: 'P1', draft: null, issues: [], rows: records.map((r) => r.source), firstRow: 2, records });
      sink.flush();
      const back = sink.reopen('P1');
      expect(back?.records).toEqual(records);
      expect(back?.rows).toEqual(records.map((r) => r.source));
      expect(sink.reopen('P1')).toBeUndefined();
    } finally {
      scratch.close();
    }
  });
});
