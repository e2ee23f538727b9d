import { describe, expect, it } from 'vitest';
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import { call, makeCable } from '../sandbox/sandbox-test-kit.js';
import { readNextLink, useWireRig, walkCursorPages } from './dialect-kit.js';

const ids = (pages: { body: { items: { id: number }[] } }[]): number[] => pages.flatMap((page) => page.body.items.map((item) => item.id));

describe('the cursor dialect, over raw HTTP', () => {
  const rig = useWireRig('cursor');

  it.each([
    ['categories', () => rig().sandbox.reference.categories.filter((c) => c.isLeaf)],
    ['attributes', () => rig().sandbox.reference.attributes],
    ['values', () => rig().sandbox.reference.values],
    ['brands', () => rig().sandbox.reference.brands],
  ] as const)('walks the %s directory by its next links to every record exactly once, pages capped at 20, no totals', async (name, expected) => {
    const pages = await walkCursorPages(rig(), DEFAULT_PATHS[name], { pageSize: 100 }, 'body');
    const seen = ids(pages);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((a, b) => a - b)).toEqual(expected().map((record) => record.id).sort((a, b) => a - b));
    expect(pages.every((page) => page.body.items.length <= 20)).toBe(true);
    expect(pages.slice(0, -1).every((page) => page.body.items.length === 20)).toBe(true);
    expect(pages.every((page) => Object.keys(page.body).sort().join() === 'items,next')).toBe(true);
    expect(pages.at(-1)?.body.next).toBeNull();
  });

  it('sends the same next page as an RFC 8288 Link header, absolute, and none on the last page', async () => {
    const pages = await walkCursorPages(rig(), DEFAULT_PATHS.brands, { pageSize: 20 }, 'link');
    expect(ids(pages)).toHaveLength(rig().sandbox.reference.brands.length);
    for (const page of pages.slice(0, -1)) {
      expect(page.headers.get('link')).toBe(`<${page.body.next as string}>; rel="next"`);
      expect(readNextLink(page.headers.get('link'))).toMatch(new RegExp(`^${rig().sandbox.url}${DEFAULT_PATHS.brands}\\?`));
    }
    expect(pages.at(-1)?.headers.get('link')).toBeNull();
  });

  it('keeps the filter in the next link: the values of one attribute, and only those', async () => {
    const pages = await walkCursorPages(rig(), DEFAULT_PATHS.values, { attributeCode: 'color', pageSize: 5 }, 'body');
    const colors = rig().sandbox.reference.values.filter((v) => v.attributeCode === 'color');
    expect(colors.length).toBeGreaterThan(5);
    expect(ids(pages).sort((a, b) => a - b)).toEqual(colors.map((v) => v.id).sort((a, b) => a - b));
    expect(pages[0]?.body.next).toMatch(/attributeCode=color/);
  });

  it('ignores a page number (the cursor alone moves), and refuses a cursor it did not give out or gave out for another list', async () => {
    const first = await call(rig().sandbox, 'GET', DEFAULT_PATHS.brands, { token: rig().token });
    const second = await call(rig().sandbox, 'GET', DEFAULT_PATHS.brands, { token: rig().token, query: { pageNumber: 2 } });
    expect(second.body.items).toEqual(first.body.items);
    const forged = await call(rig().sandbox, 'GET', DEFAULT_PATHS.brands, { token: rig().token, query: { cursor: 'not-a-cursor' } });
    expect(forged.status).toBe(400);
    expect(forged.body.errors.cursor[0].code).toBe('INVALID_CURSOR');
    const cursor = new URL(first.body.next as string).searchParams.get('cursor') ?? '';
    const elsewhere = await call(rig().sandbox, 'GET', DEFAULT_PATHS.categories, { token: rig().token, query: { cursor } });
    expect(elsewhere.status).toBe(400);
  });

  it('pages the product list by a cursor in the request body: every product once, no totals', async () => {
    for (let batch = 0; batch < 3; batch += 1) {
      const accepted = await call(rig().sandbox, 'POST', DEFAULT_PATHS.import, { token: rig().token, body: { products: Array.from({ length: 15 }, () => makeCable()) } });
      expect(accepted.status).toBe(202);
    }
    await rig().sandbox.settleJobs();
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await call(rig().sandbox, 'POST', DEFAULT_PATHS.list, { token: rig().token, body: { pageSize: 100, ...(cursor === null ? {} : { cursor }) } });
      expect(page.status).toBe(200);
      expect(Object.keys(page.body).sort()).toEqual(['nextCursor', 'products']);
      expect(page.body.products.length).toBeLessThanOrEqual(20);
      seen.push(...page.body.products.map((p: { productId: number }) => p.productId));
      cursor = page.body.nextCursor as string | null;
      pages += 1;
    } while (cursor !== null && pages < 100);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(45);
    expect(seen.sort((a, b) => a - b)).toEqual(rig().sandbox.products('sandbox-seller').map((p) => p.productId).sort((a, b) => a - b));
    const refused = await call(rig().sandbox, 'POST', DEFAULT_PATHS.list, { token: rig().token, body: { cursor: 12 } });
    expect(refused.status).toBe(400);
  });
});
