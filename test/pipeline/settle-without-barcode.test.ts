/** A SKU sent without a barcode cannot be looked up after a request of unknown fate: reported, never guessed. */
import { describe, expect, it } from 'vitest';
import type { ImportItem } from '../../src/domain/index.js';
import { describeUnsettleable, settleProduct } from '../../src/pipeline/import/settle-unknown-requests.js';
import { makeItem as makeStateItem } from '../state/state-test-kit.js';

/** An item whose SKUs carry these barcodes (none where `undefined`). */
function makeItem(barcodes: (string | undefined)[]): ImportItem {
  return makeStateItem({
    skus: barcodes.map((barcode, i) => ({ skuId: null, attributeValueCodes: [`size_${i}`], price: 100, ...(barcode === undefined ? {} : { barcode }), photos: [] })),
  });
}

describe('settling a product with SKUs without barcodes', () => {
  it('is not settleable when a new SKU has no barcode, naming the SKU by its key', () => {
    const reason = describeUnsettleable({ item: makeItem(['4600000000015', undefined]), skuKeys: ['TS-S', 'TS-M'] });
    expect(reason).toContain('TS-M');
    expect(reason).not.toContain('TS-S');
    expect(reason).toContain('reconcile');
    expect(describeUnsettleable({ item: makeItem(['4600000000015']), skuKeys: ['TS-S'] })).toBeNull();
  });

  it('never matches a SKU without a barcode to a live SKU with an empty one', () => {
    const found = new Map([['', { productId: 7, skuId: 70, barcode: '' }]]);
    expect(settleProduct({ productKey: 'TS', item: makeItem([undefined]), skuKeys: ['TS-S'] }, found, undefined)).toEqual({});
  });
});
