import { describe, expect, it } from 'vitest';
import type { ProductDraft } from '../../src/core/types.js';
import { buildImportTask, buildImportTasks } from '../../src/pipeline/import/build-import-tasks.js';
import { hashRequest } from '../../src/state/content-hash.js';
import { makeItem, makeRun, makeTempDir, openTestStore } from '../state/state-test-kit.js';

function makeDraft(productKey: string, row: number, name = 'Футболка'): ProductDraft {
  const ref = { file: 'catalog.xlsx', sheet: 'Товары', row };
  const item = makeItem({ name: { rus: name, kaz: name } });
  return { productKey, rows: [ref], skuKeys: item.skus.map((_, i) => `${productKey}-${i + 1}`), skuRows: item.skus.map(() => ref), item };
}

describe('buildImportTasks', () => {
  it('builds each body from the spool as JSON.stringify would, drafts with ids or changed by the blank policy included, and tells the drafts of each request as sent', async () => {
    const store = openTestStore(await makeTempDir());
    const { runId } = store.createRun(makeRun());
    // Text the spool's item lines must carry exactly: escapes, non-Latin letters, a lone surrogate.
    const drafts = [makeDraft('A', 2, 'Кружка "Утро"\n\\ 😀 \u2028'), makeDraft('B', 3, '\ud800 жалғыз'), makeDraft('C', 4)];
    store.spoolProducts(runId, drafts.map((draft) => ({ productKey: draft.productKey, firstRow: draft.rows[0]?.row ?? 0, rows: draft.rows, draft, issues: [], contentHash: `hash-${draft.productKey}` })));
    // B's ids are known; C was changed by the blank policy.
    store.recordAccepted([{ productKey: 'B', productId: 501, skus: [{ skuKey: 'B-1', skuId: 9001, barcode: '4601234567893' }], contentHash: 'old', runId }]);
    const changedC: ProductDraft = { ...makeDraft('C', 4), item: { ...makeDraft('C', 4).item, description: { rus: '', kaz: '' } } };
    const sent = new Map<number, { drafts: ProductDraft[]; hashes: (string | null)[] }>();

    const tasks = [...buildImportTasks({ store, runId, batchSize: 2, keys: ['A', 'B', 'C'], outgoing: new Map([['C', changedC]]), mayHaveIds: (key) => key === 'B', onTask: (index, products) => sent.set(index, products) })];

    const withIds = { ...drafts[1], item: { ...drafts[1]?.item, productId: 501, skus: drafts[1]?.item.skus.map((sku, i) => ({ ...sku, skuId: i === 0 ? 9001 : null })) } } as ProductDraft;
    const expected = [[drafts[0] as ProductDraft, withIds], [changedC]];
    expect(tasks.map((task) => task.index)).toEqual([0, 1]);
    tasks.forEach((task, i) => {
      const body = JSON.stringify({ products: expected[i]?.map((draft) => draft.item) });
      expect(task.body).toBe(body);
      expect(task.items).toEqual(expected[i]?.map((draft) => draft.item));
      expect(task.plan).toEqual({ index: task.index, productKeys: expected[i]?.map((draft) => draft.productKey), requestHash: hashRequest(body) });
      // The same request built from the drafts as objects (a refused request's remainder) is the same bytes.
      expect(buildImportTask(task.index, expected[i] ?? []).body).toBe(body);
    });
    expect(sent.get(0)?.hashes).toEqual(['hash-A', 'hash-B']);
    expect(sent.get(1)?.hashes).toEqual([null]);
    expect(sent.get(0)?.drafts).toEqual(expected[0]);
    expect(sent.get(1)?.drafts).toEqual(expected[1]);
  });
});
