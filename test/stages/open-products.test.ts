import { describe, expect, it } from 'vitest';
import { OpenProducts, type OpenProduct } from '../../src/stages/open-products.js';

function product(id: number, mark: number): OpenProduct {
  return { key: `P-${id}`, id, records: [], mark };
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
    const reopened = product(4, 2);
    open.add(reopened);
    expect(open.get(4)).toBe(reopened);
    expect(drainOldest(open)).toEqual(['P-4']);
  });

  it('keeps the order through growth of its queue, with the head anywhere in the ring', () => {
    const open = new OpenProducts();
    let mark = 0;
    // Turn the ring: open and close 200 products, then hold 1,000 with re-marks among them.
    for (let id = 0; id < 200; id++) {
      open.add(product(id, ++mark));
      open.remove(open.oldest() as OpenProduct);
    }
    const held: OpenProduct[] = [];
    for (let id = 200; id < 1200; id++) {
      const p = product(id, ++mark);
      held.push(p);
      open.add(p);
      if (id % 3 === 0) open.remark(held[held.length - 2] as OpenProduct, mark);
    }
    const expected = [...held].sort((a, b) => a.mark - b.mark || held.indexOf(a) - held.indexOf(b));
    const drained = drainOldest(open);
    expect(drained).toHaveLength(1000);
    // Equal marks: a re-marked product comes after the product that opened with that mark.
    for (let i = 1; i < drained.length; i++) {
      const a = held.find((p) => p.key === drained[i - 1]) as OpenProduct;
      const b = held.find((p) => p.key === drained[i]) as OpenProduct;
      expect(a.mark).toBeLessThanOrEqual(b.mark);
    }
    expect(new Set(drained)).toEqual(new Set(expected.map((p) => p.key)));
  });
});
