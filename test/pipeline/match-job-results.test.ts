import { describe, expect, it } from 'vitest';
import { DEFAULT_STATUS_VOCABULARY, createStatusClassifier } from '../../src/domain/index.js';
import type { JobProductResult, JobStatus } from '../../src/domain/index.js';
import type { ProductDraft } from '../../src/core/types.js';
import { matchJobResults } from '../../src/pipeline/match-job-results.js';

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
});
