/**
 * Finds the records of a listing answer wherever they are: a bare array, an array under
 * `items`/`data`/`records`/`results`/`content`/the resource's own name (keys in any case), or one
 * level down (`data.items`). Paging fields are read at the top level, beside the array, and under
 * `meta`/`paging`/`pagination`. Which wrapper and paging fields were seen is returned for
 * `doctor` and for the ledger of unused fields.
 */
import { createRecordReader, readCount, readFlag } from './record-reader.js';
import type { WireAliases } from './wire-aliases.js';
import { isPlainRecord } from '../core/is-plain-record.js';

/** Paging fields an answer carried. */
export interface PagingFields {
  totalCount?: number;
  totalPages?: number;
  pageSize?: number;
  pageNumber?: number;
  hasNext?: boolean;
  /** A link to the next page (absolute or relative URL); `null` when the field is there and empty (the last page). */
  next?: string | null;
  /** An opaque cursor of the next page; `null` when the field is there and empty. */
  cursor?: string | null;
  /** The offset of this page's first record (offset/limit paging). */
  offset?: number;
}

/** A listing answer, understood. */
export interface FoundRecordList {
  ok: true;
  items: unknown[];
  /** Where the array was (`items`, `data.items`, `''` for a bare array). */
  arrayPath: string;
  paging: PagingFields;
  /** Where each paging field was found (`meta.totalCount`), for `doctor`. */
  pagingPaths: string[];
  /** Keys of the wrapper the client did not use. */
  unusedKeys: string[];
}

/** An answer with no recognisable array. */
export interface MissingRecordList {
  ok: false;
  message: string;
}

/** Finds the record array and paging fields of `body`; `ownNames` are the resource's names (e.g. `categories`). */
export function findRecordList(body: unknown, ownNames: readonly string[], aliases: WireAliases): FoundRecordList | MissingRecordList {
  const listKeys = [...ownNames, ...aliases['list.records']];
  if (Array.isArray(body)) return { ok: true, items: body, arrayPath: '', paging: {}, pagingPaths: [], unusedKeys: [] };
  if (!isPlainRecord(body)) return { ok: false, message: `expected an array, or an object holding one under ${listKeys.join('/')}; got ${describeValue(body)}` };

  const outer = createRecordReader(body);
  const direct = outer.find(listKeys);
  if (direct !== undefined && Array.isArray(direct.value)) {
    const paging = readPagingAround(body, '', aliases);
    return { ok: true, items: direct.value, arrayPath: direct.key, ...paging, unusedKeys: unusedOf(body, [direct.key, ...paging.usedKeys]) };
  }
  for (const key of Object.keys(body)) {
    const inner = body[key];
    if (!isPlainRecord(inner)) continue;
    const nested = createRecordReader(inner).find(listKeys);
    if (nested === undefined || !Array.isArray(nested.value)) continue;
    // Paging beside the array wins over the outer paging.
    const outerPaging = readPagingAround(body, '', aliases);
    const innerPaging = readPagingAround(inner, `${key}.`, aliases);
    return {
      ok: true,
      items: nested.value,
      arrayPath: `${key}.${nested.key}`,
      paging: { ...outerPaging.paging, ...innerPaging.paging },
      pagingPaths: [...outerPaging.pagingPaths, ...innerPaging.pagingPaths],
      unusedKeys: [...unusedOf(body, [key, ...outerPaging.usedKeys]), ...unusedOf(inner, [nested.key, ...innerPaging.usedKeys]).map((k) => `${key}.${k}`)],
    };
  }
  return { ok: false, message: `expected an array, or an object holding one under ${listKeys.join('/')} (or one level down); got ${describeValue(body)}` };
}

function readPagingAround(record: Record<string, unknown>, prefix: string, aliases: WireAliases): { paging: PagingFields; pagingPaths: string[]; usedKeys: string[] } {
  const paging: PagingFields = {};
  const pagingPaths: string[] = [];
  const usedKeys: string[] = [];
  const readFrom = (source: Record<string, unknown>, path: string): void => {
    const reader = createRecordReader(source);
    const take = (meaning: keyof WireAliases, field: keyof PagingFields, read: (value: unknown) => number | boolean | string | null | undefined): void => {
      if (paging[field] !== undefined) return;
      const found = reader.find(aliases[meaning]);
      if (found === undefined) return;
      const value = read(found.value);
      if (value === undefined) return;
      (paging as Record<string, unknown>)[field] = value;
      pagingPaths.push(`${path}${found.key}`);
      if (path === prefix) usedKeys.push(found.key);
    };
    take('paging.totalCount', 'totalCount', readCount);
    take('paging.totalPages', 'totalPages', readCount);
    take('paging.pageSize', 'pageSize', readCount);
    take('paging.pageNumber', 'pageNumber', readCount);
    take('paging.hasNext', 'hasNext', readFlag);
    take('paging.next', 'next', readLink);
    take('paging.cursor', 'cursor', readCursorText);
    take('paging.offset', 'offset', readCount);
    // A paging field the service left null (`next: null`, `nextCursor: null` on the last page) was read: it says
    // there is no next page, and is no field the client missed.
    if (path === prefix) for (const key of reader.keys()) if (source[key] === null && !reader.unusedKeys().includes(key)) usedKeys.push(key);
  };
  readFrom(record, prefix);
  const containers = createRecordReader(record);
  for (const name of aliases['list.paging']) {
    const found = containers.find([name]);
    if (found === undefined || !isPlainRecord(found.value)) continue;
    usedKeys.push(found.key);
    readFrom(found.value, `${prefix}${found.key}.`);
  }
  return { paging, pagingPaths, usedKeys };
}

/** A next-page link: a URL text, or a HAL-style `{href}`; `null` for an empty one (no next page). */
function readLink(value: unknown): string | null | undefined {
  if (value === null || value === '') return null;
  if (typeof value === 'string') return value;
  if (isPlainRecord(value)) {
    const href = createRecordReader(value).find(['href', 'url', 'link']);
    if (href !== undefined && typeof href.value === 'string') return href.value === '' ? null : href.value;
    if (href !== undefined && href.value === null) return null;
  }
  return undefined;
}

/** A cursor: any non-empty text or number, kept as text; `null` for an empty one. */
function readCursorText(value: unknown): string | null | undefined {
  if (value === null || value === '') return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function unusedOf(record: Record<string, unknown>, used: readonly string[]): string[] {
  return Object.keys(record).filter((key) => !used.includes(key));
}

/** A short description of a value for messages, never its content. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'an empty body';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') {
    const keys = Object.keys(value).slice(0, 8);
    return keys.length === 0 ? 'an empty object' : `an object with keys ${keys.join(', ')}`;
  }
  return typeof value;
}
