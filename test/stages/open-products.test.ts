import { describe, expect, it } from 'vitest';
import { OpenProducts, type OpenProduct } from '../../src/stages/open-products.js';

function product(id: number, mark: number): OpenProduct {
  return { key: `P-${id}`, id, records: [], mark, ticket: 0 };
}

function drainOldest(open: OpenProducts): string[] {
  const keys: string[] = [];
  for (let oldest = open.oldest(); oldest !== undefined; oldest = open.oldest()) {
    keys.push(oldest.key);
    open.remove(oldest);
  }
  return keys;
}

describe('OpenProducts', () => {
  it('finds products by key id and gives the oldest mark first', () => {
    const open = new OpenProducts();
    open.add(product(3, 1));
    open.add(product(0, 2));
    open.add(product(7, 3));
    expect(open.size).toBe(3);
    expect(open.get(0)?.key).toBe('P-0');
    expect(open.get(5)).toBeUndefined();
    expect(drainOldest(open)).toEqual(['P-3', 'P-0', 'P-7']);
    expect(open.size).toBe(0);
  });

  it('moves a re-marked product behind the others, skipping its old place', () => {
    const open = new OpenProducts();
    const first = product(0, 1);
    open.add(first);
    open.add(product(1, 2));
    open.remark(first, 2);
    open.add(product(2, 3));
    expect(drainOldest(open)).toEqual(['P-1', 'P-0', 'P-2']);
  });

  it('forgets a removed product: not found, not visited, not listed', () => {
    const open = new OpenProducts();
    const gone = product(1, 1);
    open.add(gone);
    open.add(product(2, 2));
    open.remove(gone);
    open.remove(gone);
    expect(open.size).toBe(1);
    expect(open.get(1)).toBeUndefined();
    expect(open.values().map((p) => p.key)).toEqual(['P-2']);
    expect(open.oldest()?.key).toBe('P-2');
  });

  it('keeps a product opened again under the same id apart from its closed self', () => {
    const open = new OpenProducts();
    const closed = product(4, 1);
    open.add(closed);
    open.remove(closed);
    open.add(product(5, 2));
    const reopened = product(4, 3);
    open.add(reopened);
    expect(open.get(4)).toBe(reopened);
    // The closed product's entry, at the head, is not taken for the reopened one.
    expect(drainOldest(open)).toEqual(['P-5', 'P-4']);
  });

  it('puts a product re-marked with the mark it has behind one re-marked before it', () => {
    const open = new OpenProducts();
    const a = product(0, 1);
    const b = product(1, 2);
    open.add(a);
    open.add(b);
    open.remark(a, 2);
    open.remark(b, 2);
    expect(drainOldest(open)).toEqual(['P-0', 'P-1']);
  });

  it('drops stale entries instead of growing when rows of two products alternate', () => {
    const open = new OpenProducts();
    const a = product(0, 1);
    const b = product(1, 1);
    open.add(a);
    open.add(b);
    for (let i = 0; i < 100_000; i++) open.remark(i % 2 === 0 ? a : b, 1);
    expect((open as unknown as { ids: Int32Array }).ids.length).toBe(256);
    expect(drainOldest(open)).toEqual(['P-0', 'P-1']);
  });

  it('keeps the order through growth of its queue, with the head anywhere in the ring', () => {
    const open = new OpenProducts();
    let mark = 0;
    // Turn the ring: open and close 200 products, then hold 1,000 with re-marks among them.
    for (let id = 0; id < 200; id++) {
      open.add(product(id, ++mark));
      open.remove(open.oldest() as OpenProduct);
    }
    const order: OpenProduct[] = [];
    const touch = (p: OpenProduct): void => {
      const at = order.indexOf(p);
      if (at >= 0) order.splice(at, 1);
      order.push(p);
    };
    for (let id = 200; id < 1200; id++) {
      const p = product(id, ++mark);
      open.add(p);
      touch(p);
      if (id % 3 === 0) {
        const back = order[Math.max(0, order.length - 5)] as OpenProduct;
        open.remark(back, mark);
        touch(back);
      }
    }
    expect(drainOldest(open)).toEqual(order.map((p) => p.key));
  });
});
