import { describe, expect, it } from 'vitest';
import { buildRecordKey, normalizeDirectoryPage } from '../../src/api/normalize-directory-page.js';

const request = { pageNumber: 1, pageSize: 2 };
const two = [{ id: 1 }, { id: 2 }];

describe('normalizeDirectoryPage', () => {
  it('reads a bare array; a full page is not the last, a short one is', () => {
    expect(normalizeDirectoryPage(two, 'brands', request)).toEqual({ ok: true, items: two, arrayPath: '', isLast: false });
    expect(normalizeDirectoryPage([{ id: 1 }], 'brands', request)).toMatchObject({ ok: true, isLast: true });
  });

  it('treats an empty page as the last whatever the paging fields say', () => {
    expect(normalizeDirectoryPage({ items: [], totalPages: 9, hasNext: true }, 'brands', request)).toMatchObject({ ok: true, items: [], isLast: true });
  });

  it.each(['items', 'data', 'results', 'records', 'content', 'brands'])('finds the array under %s', (key) => {
    const page = normalizeDirectoryPage({ [key]: two }, 'brands', request);
    expect(page).toMatchObject({ ok: true, items: two, arrayPath: key });
  });

  it("prefers the directory's own name and reads one level of nesting", () => {
    expect(normalizeDirectoryPage({ values: two, items: [] }, 'values', request)).toMatchObject({ arrayPath: 'values', items: two });
    expect(normalizeDirectoryPage({ data: { items: two, totalPages: 1 } }, 'values', request)).toMatchObject({
      arrayPath: 'data.items',
      isLast: true,
    });
  });

  it('stops on totalPages, totalCount and hasNext', () => {
    expect(normalizeDirectoryPage({ items: two, totalPages: 3 }, 'categories', { pageNumber: 2, pageSize: 2 })).toMatchObject({ isLast: false });
    expect(normalizeDirectoryPage({ items: two, totalPages: 3 }, 'categories', { pageNumber: 3, pageSize: 2 })).toMatchObject({ isLast: true });
    expect(normalizeDirectoryPage({ items: two, totalCount: 4 }, 'categories', { pageNumber: 2, pageSize: 2 })).toMatchObject({ isLast: true, totalCount: 4 });
    expect(normalizeDirectoryPage({ items: two, totalCount: 5 }, 'categories', { pageNumber: 2, pageSize: 2 })).toMatchObject({ isLast: false });
    expect(normalizeDirectoryPage({ items: two, hasNext: false }, 'categories', request)).toMatchObject({ isLast: true });
  });

  it('uses the page size the server echoes, so a server capping the size is still paged through', () => {
    // Asked for 100, the server sends 2 and says its page size is 2: not the last page.
    expect(normalizeDirectoryPage({ items: two, pageSize: 2 }, 'categories', { pageNumber: 1, pageSize: 100 })).toMatchObject({ isLast: false });
    expect(normalizeDirectoryPage({ items: two }, 'categories', { pageNumber: 1, pageSize: 100 })).toMatchObject({ isLast: true });
    expect(normalizeDirectoryPage({ items: two, hasNext: true }, 'categories', { pageNumber: 1, pageSize: 100 })).toMatchObject({ isLast: false });
  });

  it('ignores paging fields of the wrong type', () => {
    expect(normalizeDirectoryPage({ items: two, totalPages: 'many', totalCount: -1, hasNext: 'yes' }, 'brands', request)).toMatchObject({
      isLast: false,
    });
    expect(normalizeDirectoryPage({ items: two, totalCount: '2' }, 'brands', request)).toMatchObject({ isLast: true });
  });

  it('explains a body that holds no array', () => {
    expect(normalizeDirectoryPage({ brand: two, total: 2 }, 'brands', request)).toEqual({
      ok: false,
      message: 'expected an array, or an object holding one under brands/items/data/results/records/content; got an object with keys brand, total',
    });
    expect(normalizeDirectoryPage(null, 'brands', request)).toMatchObject({ ok: false, message: expect.stringContaining('got null') });
    expect(normalizeDirectoryPage('x', 'brands', request)).toMatchObject({ ok: false, message: expect.stringContaining('got string') });
  });
});

describe('buildRecordKey', () => {
  it('keys records by id, else by their JSON', () => {
    expect(buildRecordKey({ id: 7, name: 'a' })).toBe('id:7');
    expect(buildRecordKey({ id: 7, name: 'b' })).toBe('id:7');
    expect(buildRecordKey({ code: 'x' })).toBe('json:{"code":"x"}');
  });
});
