/** `products list`'s footer (issue 37 item 9): numbered as asked, never "page 0 of 1"; no numbers for a service paging by link or cursor. */
import { describe, expect, it } from 'vitest';
import { describeListPage } from '../../src/cli/commands/products-command.js';

const page = { products: [], totalCount: 3, pageSize: 50, totalPages: 1 };

describe('products list footer', () => {
  it('shows the page asked, saying when the service numbers from 0', () => {
    expect(describeListPage({ ...page, pageNumber: 0 }, 1)).toBe('page 1 of 1, 3 products (the service numbers its pages from 0)');
    expect(describeListPage({ ...page, pageNumber: 1 }, 1)).toBe('page 1 of 1, 3 products');
  });

  it('sends a service paging by cursor to --all', () => {
    expect(describeListPage({ ...page, totalCount: -1, totalPages: -1, pageNumber: 1, nextCursor: 'x', linkPaged: true }, 1)).toMatch(/pages by link or cursor.*--all/);
  });
});
