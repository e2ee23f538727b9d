import { describe, expect, it } from 'vitest';
import { DEFAULT_STATUS_VOCABULARY, createStatusClassifier } from '../../src/domain/index.js';
import type { JobProductResult, JobStatus } from '../../src/domain/index.js';
import type { ProductDraft } from '../../src/core/types.js';
import { matchJobResults } from '../../src/pipeline/import/match-job-results.js';

function draft(key: string, barcodes: string[], productId: number | null = null): ProductDraft {
  return {
    productKey: key,
    rows: barcodes.map((_, i) => ({ file: 'f.csv', row: i + 2 })),
    skuKeys: barcodes.map((b) => `sku-${b}`),
    skuRows: barcodes.map((_, i) => ({ file: 'f.csv', row: i + 2 })),
    item: {
      shopId: 1,
      productId,
      categoryId: 1,
      brandId: 1,
      isLocalMade: false,
      name: { rus: 'a', kaz: 'a' },
      description: { rus: '', kaz: '' },
      vat: 12,
      attributes: [],
      skus: barcodes.map((barcode) => ({ skuId: null, attributeValueCodes: [], price: 1, barcode, photos: [] })),
    },
  };
}

const classify = createStatusClassifier(DEFAULT_STATUS_VOCABULARY);

/** A job status as the client reads it: every word classified with the default vocabulary. */
function job(products: Omit<JobProductResult, 'meaning'>[], status: string | null = 'Done'): JobStatus {
  return { jobId: '1', status, meaning: classify(status), products: products.map((p) => ({ ...p, meaning: classify(p.status) })) };
}

describe('matchJobResults', () => {
  it('matches by index and takes SKU ids by barcode, whatever their order', () => {
    const results = matchJobResults(
      [draft('A', ['111', '222']), draft('B', ['333'])],
      job([
        { index: 1, productId: 20, status: 'Success', skus: [{ skuId: 201, barcode: '333' }], errors: [] },
        { index: 0, productId: 10, status: 'Success', skus: [{ skuId: 102, barcode: '222' }, { skuId: 101, barcode: '111' }], errors: [] },
      ]),
    );
    expect(results[0]).toMatchObject({ productKey: 'A', status: 'accepted', productId: 10, skus: [{ skuId: 101 }, { skuId: 102 }] });
    expect(results[1]).toMatchObject({ productKey: 'B', status: 'accepted', productId: 20 });
  });

  it('reports rejections with the service errors', () => {
    const [result] = matchJobResults([draft('A', ['111'])], job([{ index: 0, productId: null, status: 'Failed', errors: [{ field: 'brandId', code: 'unknown_brand', description: 'no such brand' }] }]));
    expect(result).toMatchObject({ status: 'rejected', errors: [{ field: 'brandId', code: 'unknown_brand', message: 'no such brand' }] });
  });

  it('never guesses: a missing result, a foreign product id or a timed-out job is unknown', () => {
    expect(matchJobResults([draft('A', ['111'])], job([]))[0]?.status).toBe('unknown');
    expect(matchJobResults([draft('A', ['111'])], null)[0]?.status).toBe('unknown');
    const foreign = matchJobResults([draft('A', ['111'], 55)], job([{ index: 0, productId: 56, status: 'Success', skus: [{ skuId: 1, barcode: '111' }] }]));
    expect(foreign[0]?.status).toBe('unknown');
  });

  it('matches by position when the service gives no index', () => {
    const results = matchJobResults(
      [draft('A', ['111']), draft('B', ['222'])],
      job([
        { productId: 1, status: 'Success', skus: [{ skuId: 11, barcode: '111' }] },
        { productId: 2, status: 'Success', skus: [{ skuId: 22, barcode: '222' }] },
      ]),
    );
    expect(results.map((r) => r.productId)).toEqual([1, 2]);
  });

  it('never takes an unknown or still-pending word as success, whatever the job says', () => {
    const sent = [draft('A', ['111']), draft('B', ['222']), draft('C', ['333'])];
    const results = matchJobResults(
      sent,
      job([
        { index: 0, productId: 1, status: 'InProgress', skus: [{ skuId: 11, barcode: '111' }] },
        { index: 1, productId: 2, status: 'Approvedish', skus: [{ skuId: 22, barcode: '222' }] },
        { index: 2, productId: 3, status: 'PartiallyImported', skus: [{ skuId: 33, barcode: '333' }] },
      ]),
    );
    expect(results.map((r) => r.status)).toEqual(['unknown', 'unknown', 'unknown']);
    expect(results[0]?.errors[0]?.message).toContain('"InProgress"');
    expect(results[1]?.errors[0]?.message).toContain('"Approvedish"');
  });

  it('uses the job-level word only when the product has none, and only a decisive one', () => {
    const sent = [draft('A', ['111'])];
    const product = { index: 0, productId: 1, skus: [{ skuId: 11, barcode: '111' }] };
    expect(matchJobResults(sent, job([product], 'Completed'))[0]?.status).toBe('accepted');
    expect(matchJobResults(sent, job([product], 'Rejected'))[0]?.status).toBe('rejected');
    expect(matchJobResults(sent, job([product], 'CompletedWithErrors'))[0]?.status).toBe('unknown');
    expect(matchJobResults(sent, job([product], 'Zzz'))[0]?.status).toBe('unknown');
    expect(matchJobResults(sent, job([{ ...product, errors: [{ description: 'bad barcode' }] }], 'Zzz'))[0]?.status).toBe('rejected');
  });

  it('matches status words whatever their case or separators', () => {
    const sent = [draft('A', ['111'])];
    expect(matchJobResults(sent, job([{ index: 0, productId: 1, status: 'SUCCEEDED', skus: [{ skuId: 11, barcode: '111' }] }]))[0]?.status).toBe('accepted');
    expect(matchJobResults(sent, job([{ index: 0, productId: 1, status: 'validation_failed' }]))[0]?.status).toBe('rejected');
  });
  it('without positions, matches shuffled results by barcode and places a lone rejection by elimination', () => {
    const sent = [draft('A', ['111', '112']), draft('B', ['222']), draft('C', ['333'])];
    const results = matchJobResults(
      sent,
      job([
        { productId: 3, status: 'Success', skus: [{ skuId: 33, barcode: '333' }] },
        { productId: null, status: 'Failed', errors: [{ description: 'barcode taken' }] },
        { productId: 1, status: 'Success', skus: [{ skuId: 12, barcode: '112' }, { skuId: 11, barcode: '111' }] },
      ]),
    );
    expect(results.map((r) => r.status)).toEqual(['accepted', 'rejected', 'accepted']);
    expect(results[0]).toMatchObject({ productId: 1, skus: [{ skuId: 11 }, { skuId: 12 }] });
    expect(results[1]?.errors[0]?.message).toBe('barcode taken');
    expect(results[2]).toMatchObject({ productId: 3 });
  });

  it('without positions, matches updates by product id', () => {
    const sent = [draft('A', ['111'], 10), draft('B', ['222'], 20)];
    const results = matchJobResults(sent, job([{ productId: 20, status: 'Success', skus: [{ skuId: 21 }] }, { productId: 10, status: 'Failed', errors: [{ description: 'no' }] }]));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'accepted']);
  });

  it('never puts an unplaceable result on a product by order once identities contradict the order', () => {
    const sent = [draft('A', ['111']), draft('B', ['222']), draft('C', ['333']), draft('D', ['444'])];
    const results = matchJobResults(
      sent,
      job([
        { productId: 4, status: 'Success', skus: [{ skuId: 44, barcode: '444' }] },
        { productId: null, status: 'Failed', errors: [{ description: 'first' }] },
        { productId: null, status: 'Failed', errors: [{ description: 'second' }] },
        { productId: 1, status: 'Success', skus: [{ skuId: 11, barcode: '111' }] },
      ]),
    );
    expect(results.map((r) => r.status)).toEqual(['accepted', 'unknown', 'unknown', 'accepted']);
    expect(results[1]?.errors[0]?.message).toMatch(/2 result\(s\) without a position that could not be tied/);
  });

  it('uses array order for leftovers only when the identities agree with it', () => {
    const sent = [draft('A', ['111']), draft('B', ['222']), draft('C', ['333'])];
    const results = matchJobResults(
      sent,
      job([
        { productId: 1, status: 'Success', skus: [{ skuId: 11, barcode: '111' }] },
        { productId: null, status: 'Failed', errors: [{ description: 'first' }] },
        { productId: null, status: 'Failed', errors: [{ description: 'second' }] },
      ]),
    );
    expect(results.map((r) => r.errors[0]?.message ?? r.status)).toEqual(['accepted', 'first', 'second']);
    const bare = matchJobResults(sent.slice(0, 2), job([{ status: 'Failed' }, { status: 'Failed', errors: [{ description: 'b' }] }]));
    expect(bare[1]?.errors[0]?.message).toBe('b');
  });

  it('never places a result on a product whose barcodes contradict it, by order, elimination or index', () => {
    const byOrder = matchJobResults([draft('A', ['111'])], job([{ productId: 1, status: 'Failed', skus: [{ barcode: '999' }] }]));
    expect(byOrder[0]?.status).toBe('unknown');
    expect(byOrder[0]?.errors[0]?.message).toMatch(/could not be tied/);
    const byIndex = matchJobResults([draft('A', ['111'])], job([{ index: 0, productId: 1, status: 'Failed', skus: [{ barcode: '999' }] }]));
    expect(byIndex[0]?.status).toBe('unknown');
    expect(byIndex[0]?.errors[0]?.message).toMatch(/barcode\(s\) 999/);
  });

  it('does not split one result between two products that both claim it', () => {
    const sent = [draft('A', ['111']), draft('B', ['222'])];
    const results = matchJobResults(sent, job([{ productId: 1, status: 'Success', skus: [{ skuId: 11, barcode: '111' }] }, { productId: 9, status: 'Success', skus: [{ skuId: 91, barcode: '111' }] }]));
    expect(results.map((r) => r.status)).toEqual(['unknown', 'unknown']);
  });
});
