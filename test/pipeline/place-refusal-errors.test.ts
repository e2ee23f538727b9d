import { describe, expect, it } from 'vitest';
import type { ProductDraft } from '../../src/core/types.js';
import { placeRefusalErrors, readPlacePath } from '../../src/pipeline/import/place-refusal-errors.js';

/** Products PK-1..PK-n, two SKUs each, barcodes 4600000000<p><s>. */
function drafts(count: number): ProductDraft[] {
  return Array.from({ length: count }, (_, p) => ({
    productKey: `PK-${p + 1}`,
    rows: [{ file: 'f.csv', row: 2 + 2 * p }, { file: 'f.csv', row: 3 + 2 * p }],
    skuKeys: ['a', 'b'],
    skuRows: [{ file: 'f.csv', row: 2 + 2 * p }, { file: 'f.csv', row: 3 + 2 * p }],
    item: {
      shopId: 1,
      productId: p === 4 ? 777001 : null,
      categoryId: 1,
      brandId: 1,
      isLocalMade: false,
      name: { rus: 'x', kaz: 'x' },
      description: { rus: 'x', kaz: 'x' },
      vat: 12,
      attributes: [],
      skus: [0, 1].map((s) => ({ skuId: null, barcode: `4600000000${p}${s}`, price: 1, photos: [], attributeValueCodes: [] })),
    } as unknown as ProductDraft['item'],
  }));
}

describe('placeRefusalErrors', () => {
  it.each([
    ['products[3].skus[1].barcode', 3, 'skus[1].barcode'],
    ['items[3].vat', 3, 'vat'],
    ['products.3.skus.1.price', 3, 'skus[1].price'],
    ['/products/3/name/rus', 3, 'name.rus'],
    ['$.Products[3]', 3, ''],
    ['body.products[3].categoryId', 3, 'categoryId'],
    ['[3].brandId', 3, 'brandId'],
  ])('reads the place in %s', (field, position, rest) => {
    expect(readPlacePath(field)).toEqual({ position, rest });
  });

  it('leaves fields of the request itself unplaced', () => {
    expect(readPlacePath('shopId')).toBeUndefined();
    expect(readPlacePath('products')).toBeUndefined();
    const placed = placeRefusalErrors([{ field: 'shopId', code: 'SUSPENDED' }, { field: 'products[9]', code: 'OUT_OF_RANGE' }], drafts(5));
    expect(placed.byPosition.size).toBe(0);
    expect(placed.unplaced.map((e) => e.field)).toEqual(['shopId', 'products[9]']);
  });

  it('reads an index of its own, and an identity echoed in the entry or its message', () => {
    const placed = placeRefusalErrors(
      [
        { field: 'skus[0].price', code: 'PRICE', details: { item_index: 1 } },
        { field: '', code: 'BARCODE_TAKEN', description: 'barcode 460000000031 belongs to another seller' },
        { field: 'productId', code: 'NOT_YOURS', details: { productId: 777001 } },
        { field: 'name', description: 'product PK-3 has no name' },
      ],
      drafts(5),
    );
    expect(Object.fromEntries(placed.byPosition)).toEqual({
      1: [{ field: 'skus[0].price', code: 'PRICE', message: 'PRICE' }],
      3: [{ field: 'skus[1].barcode', code: 'BARCODE_TAKEN', message: 'barcode 460000000031 belongs to another seller' }],
      4: [{ field: 'productId', code: 'NOT_YOURS', message: 'NOT_YOURS' }],
      2: [{ field: 'name', message: 'product PK-3 has no name' }],
    });
    expect(placed.unplaced).toEqual([]);
  });

  it('trusts the echoed barcode over a place that contradicts it, and places nothing on a barcode of two products', () => {
    const placed = placeRefusalErrors(
      [
        { field: 'products[0].skus[1].barcode', description: 'barcode 460000000021 is taken' },
        { field: '', description: 'barcodes 460000000001 and 460000000011 clash' },
      ],
      drafts(3),
    );
    expect([...placed.byPosition.keys()]).toEqual([2]);
    expect(placed.byPosition.get(2)?.[0]?.field).toBe('skus[1].barcode');
    expect(placed.unplaced.length).toBe(1);
  });
});
