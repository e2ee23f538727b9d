/**
 * Paging by cursor: a directory page is `{items, next}`, `next` the absolute URL of the next page
 * (also sent as an RFC 8288 `Link: <…>; rel="next"` header), null on the last page; the product
 * list answers `{products, nextCursor}` and takes `cursor` in its request body. No totals, no
 * page numbers (a `pageNumber` asked for is ignored); pages are capped at 20 whatever is asked.
 * A cursor is opaque, tied to the list it walks; a cursor that is not one answers 400.
 */
import { buildErrorBody } from '../build-error-body.js';
import { answerWith } from './dialect-types.js';
import type { DialectAnswer, DialectRequest, DialectTrait } from './dialect-types.js';

const MAX_PAGE_SIZE = 20;

/** The cursor of the record at `offset` of the list `scope`. */
function writeCursor(scope: string, offset: number): string {
  return Buffer.from(JSON.stringify([scope, offset]), 'utf8').toString('base64url');
}

/** The offset a cursor points at; 0 without one; undefined when it is not a cursor of this list. */
function readCursor(text: string | null, scope: string, total: number): number | undefined {
  if (text === null || text === '') return 0;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed[0] !== scope) return undefined;
    const offset: unknown = parsed[1];
    return Number.isSafeInteger(offset) && (offset as number) >= 0 && (offset as number) <= total ? (offset as number) : undefined;
  } catch {
    return undefined;
  }
}

function refuseCursor(text: string): DialectAnswer {
  const description = `cursor "${text}" is not one this list gave out: start again without a cursor`;
  return answerWith(buildErrorBody(400, 'VALIDATION_ERROR', 'The cursor is not valid.', { cursor: [{ code: 'INVALID_CURSOR', description }] }), {}, 400);
}

/** The window of `total` records a request asks for, from its cursor. */
function readWindow(text: string | null, scope: string, total: number, pageSize: number): { offset: number; nextOffset: number | null } | DialectAnswer {
  const offset = readCursor(text, scope, total);
  if (offset === undefined) return refuseCursor(text ?? '');
  const end = offset + pageSize;
  return { offset, nextOffset: end < total ? end : null };
}

/** The URL of the next page: this request's query with the cursor in place of any page number. */
function buildNextUrl(request: DialectRequest, cursor: string): string {
  const query = new URLSearchParams(request.query);
  query.delete('pageNumber');
  query.set('cursor', cursor);
  return `${request.url}?${query.toString()}`;
}

/** The cursor-paging trait. */
export const cursorPagingTrait: DialectTrait = {
  name: 'cursor',
  summary: 'cursor paging: {items, next} with a Link rel="next" header, list {products, nextCursor}, no totals, pages capped at 20',
  pager: {
    maxPageSize: MAX_PAGE_SIZE,
    directory(records, paging, request, scope) {
      const window = readWindow(request.query.get('cursor'), scope, records.length, paging.pageSize);
      if ('body' in window) return window;
      const next = window.nextOffset === null ? null : buildNextUrl(request, writeCursor(scope, window.nextOffset));
      const items = records.slice(window.offset, window.offset + paging.pageSize);
      return answerWith({ items, next }, next === null ? {} : { link: `<${next}>; rel="next"` });
    },
    list(page, request) {
      const raw = (request.body as Record<string, unknown> | null | undefined)?.['cursor'];
      const cursor = raw === undefined || raw === null ? null : typeof raw === 'string' ? raw : JSON.stringify(raw);
      const window = readWindow(cursor, 'products', page.totalCount, page.pageSize);
      if ('body' in window) return window;
      return { products: page.sliceAt(window.offset, page.pageSize), nextCursor: window.nextOffset === null ? null : writeCursor('products', window.nextOffset) };
    },
  },
};
