import { describe, expect, it } from 'vitest';
import type { ImportItem } from '../../src/domain/index.js';
import { buildCanonicalJson } from '../../src/state/canonical-json.js';
import { hashProductContent, hashRequest } from '../../src/state/content-hash.js';
import { makeItem } from './state-test-kit.js';

/** The same item with every object's keys written in reverse order. */
function reverseKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(reverseKeys) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reverseKeys(v)])) as T;
  }
  return value;
}

describe('buildCanonicalJson', () => {
  it('sorts object keys at every depth and keeps array order', () => {
    expect(buildCanonicalJson({ b: 1, a: { d: [3, 1], c: null }, u: undefined })).toBe('{"a":{"c":null,"d":[3,1]},"b":1}');
  });
});

describe('hashProductContent', () => {
  const item = makeItem();
  const hash = hashProductContent(item);

  it('is a sha256 hex digest, stable across key order', () => {
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(reverseKeys(item))).not.toBe(JSON.stringify(item));
    expect(hashProductContent(reverseKeys(item))).toBe(hash);
  });

  it('ignores marketplace ids', () => {
    const withIds: ImportItem = { ...item, productId: 1001, skus: item.skus.map((sku, i) => ({ ...sku, skuId: 5000 + i })) };
    expect(hashProductContent(withIds)).toBe(hash);
  });

  it('ignores the order of attributes, value codes, SKUs, SKU value codes and photos given the same order numbers', () => {
    const reordered: ImportItem = {
      ...item,
      attributes: [...item.attributes].reverse().map((a) => ({ ...a, valueCodes: [...a.valueCodes].reverse() })),
      skus: [...item.skus].reverse().map((sku) => ({ ...sku, attributeValueCodes: [...sku.attributeValueCodes].reverse() })),
    };
    expect(hashProductContent(reordered)).toBe(hash);

    const photos = [{ mediaFile: 'b.jpg', order: 2 }, { mediaFile: 'a.jpg', order: 1 }];
    const withPhotos = (list: typeof photos): ImportItem => ({ ...item, skus: item.skus.map((sku, i) => (i === 0 ? { ...sku, photos: list } : sku)) });
    expect(hashProductContent(withPhotos(photos))).toBe(hashProductContent(withPhotos([...photos].reverse())));
  });

  it('changes with anything the seller changed: price, photo order, values, names, category', () => {
    const changes: ImportItem[] = [
      { ...item, skus: item.skus.map((sku, i) => (i === 1 ? { ...sku, price: 5291 } : sku)) },
      { ...item, skus: item.skus.map((sku, i) => (i === 0 ? { ...sku, photos: [{ mediaFile: 'a.jpg', order: 2 }] } : sku)) },
      { ...item, attributes: [{ code: 'material', valueCodes: ['cotton'] }, { code: 'season', valueCodes: ['summer'] }] },
      { ...item, attributes: [{ code: 'material', valueCodes: ['cotton', 'elastane'] }, { code: 'season', valueCodes: ['winter'] }] },
      { ...item, name: { rus: 'Футболка', kaz: 'Футболка ' } },
      { ...item, description: { rus: '<p>Хлопок</p>', kaz: '' } },
      { ...item, categoryId: 102 },
      { ...item, skus: item.skus.map((sku, i) => (i === 0 ? { ...sku, barcode: '4601234567894' } : sku)) },
      { ...item, skus: item.skus.slice(0, 1) },
      { ...item, isLocalMade: true },
    ];
    const hashes = changes.map(hashProductContent);
    for (const changed of hashes) expect(changed).not.toBe(hash);
    expect(new Set(hashes).size).toBe(changes.length);
  });
});

describe('hashRequest', () => {
  it('is the hash of the body exactly as sent: item order, ids and key order count', () => {
    const items = [makeItem(), makeItem({ categoryId: 102 })];
    const body = (list: unknown[]): string => JSON.stringify({ products: list });
    const hash = hashRequest(body(items));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRequest(body(items.map((item) => ({ ...item }))))).toBe(hash);
    expect(hashRequest(body(items.map(reverseKeys)))).not.toBe(hash);
    expect(hashRequest(body([...items].reverse()))).not.toBe(hash);
    expect(hashRequest(body([{ ...makeItem(), productId: 9 }, makeItem({ categoryId: 102 })]))).not.toBe(hash);
  });
});
