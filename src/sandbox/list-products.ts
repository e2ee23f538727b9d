/**
 * The product list endpoint: request parsing (400 field errors for anything out of range or of the
 * wrong type), filtering, sorting and paging over one seller's products.
 */
import { createFieldErrors, type FieldErrorList, type FieldErrors } from './build-error-body.js';
import { buildProductListItem } from './build-product-views.js';
import type { ReferenceIndex } from './create-reference-index.js';
import { PAGE_SIZE } from './directory-page.js';
import type { ListPage } from './dialects/dialect-types.js';
import type { StoredProduct } from './types.js';
import { isPlainRecord } from '../core/is-plain-record.js';

/** Sort fields; `status` sorts by productStatus, then moderationStatus. */
const SORT_FIELDS = ['id', 'name', 'status'] as const;
/** Sort directions. */
const SORT_DIRECTIONS = ['Asc', 'Desc'] as const;

/** A parsed list request. */
interface ListQuery {
  pageNumber: number;
  pageSize: number;
  sortBy: (typeof SORT_FIELDS)[number];
  sortDirection: (typeof SORT_DIRECTIONS)[number];
  categoryIds: Set<number> | null;
  productStatus: Set<string> | null;
  moderationStatus: Set<string> | null;
  search: string | null;
  shopId: number | null;
}

/** Parses a list request body. Sort values match case-insensitively; absent fields take defaults. */
export function parseListRequest(body: unknown): { query: ListQuery } | { errors: FieldErrors } {
  const problems = createFieldErrors();
  const { add } = problems;
  const record = isPlainRecord(body) ? body : {};
  if (!isPlainRecord(body) && body !== null && body !== undefined) add('body', 'INVALID_TYPE', 'the body must be a JSON object');

  const pageNumber = readInt(record['pageNumber'], 1);
  if (pageNumber === null || pageNumber < 1) add('pageNumber', 'OUT_OF_RANGE', 'pageNumber must be a whole number ≥ 1');
  const pageSize = readInt(record['pageSize'], PAGE_SIZE.default);
  if (pageSize === null || pageSize < 1 || pageSize > PAGE_SIZE.max) add('pageSize', 'OUT_OF_RANGE', `pageSize must be a whole number from 1 to ${PAGE_SIZE.max}`);

  const sortBy = matchEnum(record['sortBy'], SORT_FIELDS, 'id');
  if (sortBy === null) add('sortBy', 'INVALID_VALUE', `sortBy must be one of ${SORT_FIELDS.join(', ')}`);
  const sortDirection = matchEnum(record['sortDirection'], SORT_DIRECTIONS, 'Asc');
  if (sortDirection === null) add('sortDirection', 'INVALID_VALUE', `sortDirection must be one of ${SORT_DIRECTIONS.join(', ')}`);

  const rawFilters = record['filters'];
  const filters = isPlainRecord(rawFilters) ? rawFilters : {};
  if (rawFilters !== undefined && rawFilters !== null && !isPlainRecord(rawFilters)) add('filters', 'INVALID_TYPE', 'filters must be an object');
  const categoryIds = readArray(filters['categoryIds'], (v) => Number.isInteger(v), 'filters.categoryIds', 'integers', add) as number[] | null;
  const productStatus = readArray(filters['productStatus'], (v) => typeof v === 'string', 'filters.productStatus', 'strings', add) as string[] | null;
  const moderationStatus = readArray(
    filters['moderationProductStatus'],
    (v) => typeof v === 'string',
    'filters.moderationProductStatus',
    'strings',
    add,
  ) as string[] | null;
  const rawSearch = filters['search'];
  if (rawSearch !== undefined && rawSearch !== null && typeof rawSearch !== 'string') add('filters.search', 'INVALID_TYPE', 'search must be a string');
  const rawShop = filters['shopId'];
  if (rawShop !== undefined && rawShop !== null && !Number.isInteger(rawShop)) add('filters.shopId', 'INVALID_TYPE', 'shopId must be an integer');

  if (problems.has() || pageNumber === null || pageSize === null || sortBy === null || sortDirection === null) return { errors: problems.errors };
  const search = typeof rawSearch === 'string' && rawSearch.trim() !== '' ? rawSearch.trim().toLowerCase() : null;
  return {
    query: {
      pageNumber,
      pageSize,
      sortBy,
      sortDirection,
      categoryIds: categoryIds && categoryIds.length > 0 ? new Set(categoryIds) : null,
      productStatus: productStatus && productStatus.length > 0 ? new Set(productStatus) : null,
      moderationStatus: moderationStatus && moderationStatus.length > 0 ? new Set(moderationStatus) : null,
      search,
      shopId: Number.isInteger(rawShop) ? (rawShop as number) : null,
    },
  };
}

/** Filters, sorts and pages the seller's products into the list response. */
export function buildProductListPage(products: readonly StoredProduct[], query: ListQuery, index: ReferenceIndex): ListPage {
  const matching = selectListedProducts(products, query);
  const sliceAt = (offset: number, limit: number): Record<string, unknown>[] => matching.slice(offset, offset + limit).map((p) => buildProductListItem(p, index));
  return {
    products: sliceAt((query.pageNumber - 1) * query.pageSize, query.pageSize),
    totalCount: matching.length,
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    totalPages: Math.ceil(matching.length / query.pageSize),
    sliceAt,
  };
}

/** The seller's products the query's filters keep, in its order. */
function selectListedProducts(products: readonly StoredProduct[], query: ListQuery): StoredProduct[] {
  const matching = products.filter(
    (p) =>
      (query.categoryIds === null || query.categoryIds.has(p.categoryId)) &&
      (query.productStatus === null || query.productStatus.has(p.productStatus)) &&
      (query.moderationStatus === null || query.moderationStatus.has(p.moderationStatus)) &&
      (query.shopId === null || p.shopId === query.shopId) &&
      (query.search === null ||
        p.name.rus.toLowerCase().includes(query.search) ||
        p.name.kaz.toLowerCase().includes(query.search) ||
        String(p.productId).includes(query.search)),
  );
  const sign = query.sortDirection === 'Asc' ? 1 : -1;
  const collator = new Intl.Collator('ru');
  matching.sort((a, b) => {
    let order = 0;
    if (query.sortBy === 'name') order = collator.compare(a.name.rus, b.name.rus);
    else if (query.sortBy === 'status') order = a.productStatus.localeCompare(b.productStatus) || a.moderationStatus.localeCompare(b.moderationStatus);
    return sign * (order || a.productId - b.productId);
  });
  return matching;
}

function readInt(value: unknown, fallback: number): number | null {
  if (value === undefined || value === null) return fallback;
  return Number.isSafeInteger(value) ? (value as number) : null;
}

function matchEnum<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T | null {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string') return null;
  return allowed.find((a) => a.toLowerCase() === value.toLowerCase()) ?? null;
}

function readArray(
  value: unknown,
  check: (v: unknown) => boolean,
  field: string,
  what: string,
  add: FieldErrorList['add'],
): unknown[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || !value.every(check)) {
    add(field, 'INVALID_TYPE', `${field} must be an array of ${what}`);
    return null;
  }
  return value;
}
