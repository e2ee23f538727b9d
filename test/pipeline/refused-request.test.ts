/**
 * A request the service refuses whole (400) naming one of its products, over the real sandbox:
 * the named product is `rejected` on its cell, the others were never judged, so they are sent
 * again without it in the same run (once), or left `not_sent` for the next run — never `rejected`.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import { openStateStore } from '../../src/state/index.js';
import { join } from 'node:path';
import { writeCatalogFixture } from '../helpers/catalog-fixture.js';
import { createTestDir, importOnce, loadAnnotatedRows, loadLiveCatalog, startTestSandbox } from '../reliability/fault-kit.js';

const IMPORT = { path: DEFAULT_PATHS.import, method: 'POST' } as const;

/** A 400 in the live service's documented shape, naming `products[i]`'s second barcode. */
function refusalNaming(position: number, spelling = `products[${position}].skus[1].barcode`): { status: 400; body: unknown } {
  return {
    status: 400,
    body: {
      status: 400,
      errorCode: 'VALIDATION_ERROR',
      errorMessage: 'The request has invalid products; nothing was imported.',
      errors: { [spelling]: [{ code: 'BARCODE_TAKEN', description: 'the barcode belongs to another seller' }] },
    },
  };
}

describe('a request refused whole, naming one product', () => {
  it('rejects the named product on its cell and sends the others again in the same run', async () => {
    const dir = await createTestDir();
    const sandbox = await startTestSandbox(dir);
    // 25 products of 2 SKUs: requests of 10, 10 and 5; the first is refused naming its third product.
    const fixture = await writeCatalogFixture({ dir, products: 25, skusPerProduct: 2 });
    sandbox.setFaults({ script: [{ ...IMPORT, times: 1, action: refusalNaming(2) }] });
    const { result, events } = await importOnce({ dir, sandbox, fixture }, { settings: { concurrency: 1 } });

    expect(result.exitCode).toBe(1);
    expect(result.summary.counts.byStatus).toEqual({ accepted: 48, rejected: 2 });
    const rows = await loadAnnotatedRows(result);
    // SM-3 is the third product: data rows 6 and 7 (row 1 is the header).
    expect(rows.flatMap((r, i) => (r['_status'] === 'rejected' ? [i + 2] : []))).toEqual([6, 7]);
    const located = result.summary.issues.find((i) => i.code === 'service_BARCODE_TAKEN');
    expect(located).toMatchObject({ row: 7, header: 'Штрихкод', path: 'skus[1].barcode', productKey: 'SM-3' });
    expect(located?.message).toContain('belongs to another seller');
    expect(result.summary.issues.some((i) => i.code === 'request_rejected' || i.code === 'not_sent_request_refused')).toBe(false);
    expect(events.some((e) => e.type === 'log' && /request 0 refused because of product SM-3 \(row 6\); its 9 other product\(s\) were sent again in request \d+$/.test(e.message))).toBe(true);

    // On the service: the 24 others exactly once, SM-3 not at all; three requests taken.
    const live = await loadLiveCatalog(sandbox);
    expect(live.length).toBe(24);
    const barcodes = live.flatMap((p) => p.skus.map((s) => s.skuBarcode));
    expect(new Set(barcodes).size).toBe(48);
    expect(sandbox.stats().importRequests).toBe(3);

    // The journal: the refused request failed (not retryable), its remainder a request of its own.
    const store = openStateStore({ dir: join(dir, 'state'), account: { baseUrl: sandbox.url, clientId: 'sandbox-seller' }, now: () => new Date() });
    try {
      const batches = store.listBatches(result.runId);
      expect(batches.map((b) => [b.status, b.productKeys.length]).sort()).toEqual([
        ['done', 10],
        ['done', 5],
        ['done', 9],
        ['failed', 10],
      ]);
      expect(batches[0]).toMatchObject({ status: 'failed', retryable: false, httpStatus: 400 });
      expect(batches.find((b) => b.productKeys.length === 9)?.productKeys).toEqual(batches[0]?.productKeys.filter((key) => key !== 'SM-3'));
      expect(store.listProductResults(result.runId).get('SM-3')).toMatchObject({ status: 'rejected', batchIndex: 0 });
    } finally {
      store.close();
    }
  });

  it('sends the remainder again only once: refused again, its unjudged products are not_sent and the next run sends them', async () => {
    const dir = await createTestDir();
    const sandbox = await startTestSandbox(dir);
    const fixture = await writeCatalogFixture({ dir, products: 10, skusPerProduct: 2 });
    // The first request names SM-3 (`items[2]`); the remainder, sent again, names its third: SM-4.
    sandbox.setFaults({ script: [{ ...IMPORT, times: 1, action: refusalNaming(2, 'items[2].skus[1].barcode') }, { ...IMPORT, times: 1, action: refusalNaming(2, 'products.2') }] });
    const first = await importOnce({ dir, sandbox, fixture });

    expect(first.result.exitCode).toBe(1);
    expect(first.result.summary.counts.byStatus).toEqual({ rejected: 4, not_sent: 16 });
    const rows = await loadAnnotatedRows(first.result);
    expect(rows.flatMap((r) => (r['_status'] === 'rejected' ? [r['Артикул']] : []))).toEqual(['SM-3', 'SM-3', 'SM-4', 'SM-4']);
    const left = first.result.summary.issues.filter((i) => i.code === 'not_sent_request_refused');
    expect(left.length).toBe(16);
    expect(left[0]?.message).toMatch(/refused whole because of product SM-4 \(row 8\).*run the same command again/);
    expect(first.result.summary.issues.some((i) => i.code === 'request_rejected')).toBe(false);
    expect(sandbox.stats().importRequests).toBe(0);

    // The run stays open; the same command finishes it: the 8 are sent, SM-3 and SM-4 stay rejected.
    const second = await importOnce({ dir, sandbox, fixture });
    expect(second.result.runId).toBe(first.result.runId);
    expect(second.result.summary.counts.byStatus).toEqual({ accepted: 16, rejected: 4 });
    expect(sandbox.stats().importRequests).toBe(1);
    expect((await loadLiveCatalog(sandbox)).length).toBe(8);
  });

  it('leaves the products of a request the service never took (429 through every retry) not_sent, never rejected', async () => {
    const dir = await createTestDir();
    const sandbox = await startTestSandbox(dir);
    const fixture = await writeCatalogFixture({ dir, products: 5, skusPerProduct: 1 });
    sandbox.setFaults({ script: [{ ...IMPORT, times: 2, action: { status: 429, retryAfterSeconds: 1 } }] });
    const first = await importOnce({ dir, sandbox, fixture }, { settings: { retryLimit: 1 } });
    expect(first.result.exitCode).toBe(1);
    expect(first.result.summary.counts.byStatus).toEqual({ not_sent: 5 });
    const issue = first.result.summary.issues.find((i) => i.code === 'not_sent_not_taken');
    expect(issue?.message).toMatch(/not sent: the service did not take its request \(.*429.*\); nothing of it was imported; run the same command again/);
    const second = await importOnce({ dir, sandbox, fixture });
    expect(second.result.runId).toBe(first.result.runId);
    expect(second.result.summary.counts.byStatus).toEqual({ accepted: 5 });
  });

  it('refuses every product, quoting the reason, when the 400 names no product of the request', async () => {
    const dir = await createTestDir();
    const sandbox = await startTestSandbox(dir);
    const fixture = await writeCatalogFixture({ dir, products: 5, skusPerProduct: 1 });
    sandbox.setFaults({
      script: [{ ...IMPORT, times: 1, action: { status: 400, body: { status: 400, errorCode: 'VALIDATION_ERROR', errorMessage: 'The shop is suspended.', errors: { shopId: [{ code: 'SUSPENDED', description: 'shop 1001 is suspended' }] } } } }],
    });
    const { result } = await importOnce({ dir, sandbox, fixture });
    expect(result.summary.counts.byStatus).toEqual({ rejected: 5 });
    const issue = result.summary.issues.find((i) => i.code === 'request_rejected');
    expect(issue?.message).toMatch(/refused the whole request of 5 product\(s\) without naming which product is at fault \(nothing of it was imported\).*The shop is suspended.*shopId: SUSPENDED/);
  });
});
