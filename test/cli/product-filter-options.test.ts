/** The product filters of `products list` and `export`: one folding of the flags into the list filters. */
import { describe, expect, it } from 'vitest';
import { readProductFilters } from '../../src/cli/product-filter-options.js';

describe('readProductFilters', () => {
  it('keeps each filter given, shop 0 included', () => {
    expect(readProductFilters({ category: [10101], status: ['Active'], moderation: ['Rejected'], search: 'чай', shop: 0 })).toEqual({
      categoryIds: [10101],
      productStatus: ['Active'],
      moderationProductStatus: ['Rejected'],
      search: 'чай',
      shopId: 0,
    });
  });

  it('a flag given no value filters nothing (not "none of these")', () => {
    expect(readProductFilters({ category: [], status: [], moderation: [], search: '' })).toEqual({});
  });
});
