/**
 * Directory pages in every shape the service might use. The sandbox sends
 * `{items, pageNumber, pageSize, totalCount, totalPages}`, but the live directory shapes are
 * undocumented, so a page may be a bare array, or an object holding the array under `items`,
 * `data`, `results`, `records`, `content` or the directory's own name (one level of nesting
 * allowed, e.g. `{data: {items: [...]}}`), with or without paging fields. This file only decides
 * what the items are and whether the page is the last one; fetching lives in `fetch-directory.ts`.
 */
import type { DirectoryName } from '../domain/index.js';

/** Keys under which a page may hold its array, in the order they are tried (after the directory's own name). */
export const DIRECTORY_ARRAY_KEYS = ['items', 'data', 'results', 'records', 'content'] as const;

/** The page the client asked for. */
export interface DirectoryPageRequest {
  /** From 1. */
  pageNumber: number;
  /** 1..100. */
  pageSize: number;
}

/** A recognised page. */
export interface NormalizedDirectoryPage {
  ok: true;
  /** The page's records, not yet checked against the record schema. */
  items: unknown[];
  /** Where the array was found (`items`, `data.items`, or `''` for a bare array), for error paths. */
  arrayPath: string;
  /** True when no further page should be asked for. */
  isLast: boolean;
  /** `totalCount` when the page said it. */
  totalCount?: number;
}

/** A body that holds no recognisable array. */
export interface UnrecognizedDirectoryPage {
  ok: false;
  /** What was wrong, for a `SchemaMismatchError`. */
  message: string;
}

/** Paging fields a page may carry. */
interface PagingFields {
  totalPages?: number;
  totalCount?: number;
  pageSize?: number;
  hasNext?: boolean;
}

/**
 * Finds the records of one directory page and decides whether it is the last: it is when the
 * page is empty, `hasNext` is false, `totalPages` or `totalCount` say nothing is left, or the page
 * is shorter than the page size (the size the server echoes, else the one asked for).
 */
export function normalizeDirectoryPage(
  body: unknown,
  name: DirectoryName,
  request: DirectoryPageRequest,
): NormalizedDirectoryPage | UnrecognizedDirectoryPage {
  const found = findArray(body, name);
  if (found === undefined) {
    return {
      ok: false,
      message: `expected an array, or an object holding one under ${[name, ...DIRECTORY_ARRAY_KEYS].join('/')}; got ${describe(body)}`,
    };
  }
  const { items, arrayPath, paging } = found;
  const pageSize = paging.pageSize !== undefined && paging.pageSize > 0 ? paging.pageSize : request.pageSize;
  const isLast =
    items.length === 0 ||
    paging.hasNext === false ||
    (paging.totalPages !== undefined && request.pageNumber >= paging.totalPages) ||
    (paging.totalCount !== undefined && (request.pageNumber - 1) * pageSize + items.length >= paging.totalCount) ||
    (paging.hasNext !== true && items.length < pageSize);
  const page: NormalizedDirectoryPage = { ok: true, items, arrayPath, isLast };
  if (paging.totalCount !== undefined) page.totalCount = paging.totalCount;
  return page;
}

/**
 * A key identifying a record across pages: its `id` when it has a numeric or string one, else its
 * JSON text. The fetch loop uses it to drop repeated records and to notice a server that ignores
 * paging and sends the same page again.
 */
export function buildRecordKey(record: unknown): string {
  if (typeof record === 'object' && record !== null && !Array.isArray(record)) {
    const id = (record as Record<string, unknown>)['id'];
    if (typeof id === 'number' || typeof id === 'string') return `id:${String(id)}`;
  }
  return `json:${JSON.stringify(record)}`;
}

function findArray(
  body: unknown,
  name: DirectoryName,
): { items: unknown[]; arrayPath: string; paging: PagingFields } | undefined {
  if (Array.isArray(body)) return { items: body, arrayPath: '', paging: {} };
  if (!isRecord(body)) return undefined;
  const outerPaging = readPaging(body);
  for (const key of [name, ...DIRECTORY_ARRAY_KEYS]) {
    const value = body[key];
    if (Array.isArray(value)) return { items: value, arrayPath: key, paging: outerPaging };
  }
  for (const key of [name, ...DIRECTORY_ARRAY_KEYS]) {
    const inner = body[key];
    if (!isRecord(inner)) continue;
    for (const innerKey of [name, ...DIRECTORY_ARRAY_KEYS]) {
      const value = inner[innerKey];
      // Paging fields next to the array win over the outer ones.
      if (Array.isArray(value)) return { items: value, arrayPath: `${key}.${innerKey}`, paging: { ...outerPaging, ...readPaging(inner) } };
    }
  }
  return undefined;
}

function readPaging(record: Record<string, unknown>): PagingFields {
  const paging: PagingFields = {};
  const totalPages = readCount(record['totalPages']);
  if (totalPages !== undefined) paging.totalPages = totalPages;
  const totalCount = readCount(record['totalCount']);
  if (totalCount !== undefined) paging.totalCount = totalCount;
  const pageSize = readCount(record['pageSize']);
  if (pageSize !== undefined) paging.pageSize = pageSize;
  const hasNext = record['hasNext'];
  if (typeof hasNext === 'boolean') paging.hasNext = hasNext;
  return paging;
}

function readCount(value: unknown): number | undefined {
  // Some services send counts as numeric strings; anything else is ignored rather than trusted.
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 0 ? number : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') {
    const keys = Object.keys(value).slice(0, 8);
    return keys.length === 0 ? 'an empty object' : `an object with keys ${keys.join(', ')}`;
  }
  return typeof value;
}
