/**
 * Small pieces the dialects share: the interface's records and pages, paging a list, renaming
 * keys, rewriting a body whatever headers come with it, and writing an id above 2^53 as
 * a bare JSON number (JavaScript numbers cannot hold one, so it travels as a marked string that
 * `renderJsonText` turns into digits).
 */
import type { DirectoryName } from '../../domain/index.js';
import type { ReferenceIndex } from '../create-reference-index.js';
import { answerWith, isDialectAnswer } from './dialect-types.js';
import type { DialectPaging, ListPage } from './dialect-types.js';

const BIG_NUMBER_MARK = '\u0000bignum:';

/** A value that `renderJsonText` writes as the bare number `digits`. */
export function markBigNumber(digits: string): string {
  return `${BIG_NUMBER_MARK}${digits}`;
}

/** JSON text of a body, with marked big numbers written as bare numbers. */
export function renderJsonText(body: unknown): string {
  const text = JSON.stringify(body);
  return text.includes('\\u0000bignum:') ? text.replace(/"\\u0000bignum:(-?\d+)"/g, '$1') : text;
}

/** The records of one page, and the totals. */
export function slicePage<T>(items: readonly T[], paging: DialectPaging): { items: T[]; totalCount: number; totalPages: number } {
  const start = (paging.pageNumber - 1) * paging.pageSize;
  return { items: items.slice(start, start + paging.pageSize), totalCount: items.length, totalPages: Math.ceil(items.length / paging.pageSize) };
}

/** Renames every key of a JSON value, deeply (`rename` gets the key as written). */
export function renameKeys(value: unknown, rename: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => renameKeys(item, rename));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [rename(key), renameKeys(inner, rename)]));
  }
  return value;
}

/** `productId` → `ProductId`. */
export function toPascalCase(key: string): string {
  return key === '' ? key : key[0]?.toUpperCase() + key.slice(1);
}

/** `productId` → `product_id`. */
export function toSnakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Values of the directory, or of one attribute when the query names it (`attributeCode`). */
export function selectValues(index: ReferenceIndex, query: URLSearchParams) {
  const attributeCode = query.get('attributeCode');
  return attributeCode ? (index.valuesByAttribute.get(attributeCode) ?? []) : index.data.values;
}

/** The records of a directory as the interface serves them, before paging. */
export function selectInterfaceRecords(name: DirectoryName, index: ReferenceIndex, query: URLSearchParams): readonly unknown[] {
  if (name === 'categories') return index.leafRecords;
  if (name === 'attributes') return index.data.attributes;
  return name === 'brands' ? index.data.brands : selectValues(index, query);
}

/** A directory page as the interface writes it: `{items, pageNumber, pageSize, totalCount, totalPages}`. */
export function writeNumberedPage(records: readonly unknown[], paging: DialectPaging): Record<string, unknown> {
  const page = slicePage<unknown>(records, paging);
  return { items: page.items, pageNumber: paging.pageNumber, pageSize: paging.pageSize, totalCount: page.totalCount, totalPages: page.totalPages };
}

/** A product list page as the interface writes it: `{products, totalCount, pageNumber, pageSize, totalPages}`. */
export function writeNumberedListPage(page: ListPage): Record<string, unknown> {
  return { products: page.products, totalCount: page.totalCount, pageNumber: page.pageNumber, pageSize: page.pageSize, totalPages: page.totalPages };
}

/** A writer's result with its body rewritten by `rewrite`, headers and status kept. */
export function mapAnswerBody(written: unknown, rewrite: (body: unknown) => unknown): unknown {
  return isDialectAnswer(written) ? answerWith(rewrite(written.body), written.headers, written.status) : rewrite(written);
}
