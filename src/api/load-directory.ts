/**
 * Reads one reference directory, every page, and never returns a short one silently:
 * `pageNumber` from 1 and the directory's page size in the query; records found wherever the
 * page holds them (`find-record-list.ts`) and read by meaning (`read-directory-records.ts`).
 *
 * Paging: a total (`totalCount`, or `totalPages`) is followed wherever it is, even when a page
 * comes back shorter than asked (the service caps its page size); `hasNext` is followed; with
 * neither, pages are read until an empty one. A total ends paging when the top-level records read
 * reach it (a category tree paged by its roots expands to many more records than it counts); a
 * tree whose total counts every node pages on to the empty page and is checked against its nodes. Fetched ≠ announced total is a
 * `SchemaMismatchError`, never a short directory. A server that ignores paging (the same records
 * again) ends the loop; if a total says more were due, that too is an error.
 */
import type { DirectoryName } from '../domain/index.js';
import { ApiError, SchemaMismatchError } from '../core/errors.js';
import type { TokenProvider } from './create-token-provider.js';
import { explainPageSizeRefusal } from './explain-page-size-refusal.js';
import { findRecordList } from './find-record-list.js';
import type { FoundRecordList, PagingFields } from './find-record-list.js';
import { buildRecordKey } from './record-reader.js';
import { DIRECTORY_READERS } from './read-directory-records.js';
import type { RawRecordMap } from './read-directory-records.js';
import type { SendRequest } from './send-request.js';
import type { WireReadContext } from './wire-read-context.js';

/** The note said once when a directory's pages are numbered from 0 (information, not a problem). */
export const PAGES_FROM_ZERO_NOTE = 'pages are numbered from 0';

/** Pages read at most from one directory. */
const MAX_DIRECTORY_PAGES = 10_000;

/** What `loadDirectory` needs from the client. */
export interface DirectoryRequestContext {
  send: SendRequest;
  auth: TokenProvider;
  /** Absolute URL of the directory, without query. */
  url: string;
  /** `GET path`, for messages. */
  endpoint: string;
  /** Page size asked for, 1..100. */
  pageSize: number;
  read: Omit<WireReadContext, 'endpoint' | 'ledgerEndpoint'>;
  /** Called once per page with what was seen, for `doctor`. */
  onPage?: (seen: DirectoryPageSeen) => void;
}

/** What one page looked like. */
export interface DirectoryPageSeen {
  name: DirectoryName;
  pageNumber: number;
  arrayPath: string;
  paging: PagingFields;
  pagingPaths: string[];
  records: number;
  /** The target of the answer's `Link: rel="next"` header, when it had one. */
  nextLink?: string;
}

/** Other names a directory's array may go by. */
const OWN_NAMES: Record<DirectoryName, readonly string[]> = {
  categories: ['categories', 'categoryList'],
  attributes: ['attributes', 'attributeList'],
  values: ['values', 'attributeValues', 'valueList'],
  brands: ['brands', 'brandList'],
};

/** How the next page is asked for, detected from the answers (`choose-next-page` below). */
export type PagingStrategy = 'page-number' | 'offset' | 'next-link' | 'cursor';

/** The next request of a paged read, or the end. */
type NextPage = { url: string; strategy: PagingStrategy } | { end: true };

/** The URL of the first page: page number 1 and the page size. */
export function buildFirstPageUrl(base: string, pageSize: number): string {
  const url = new URL(base);
  url.searchParams.set('pageNumber', '1');
  url.searchParams.set('pageSize', String(pageSize));
  return url.href;
}

/** The target of an RFC 8288 `Link` header's `rel="next"`, if any. */
export function readNextLinkHeader(header: string | null | undefined): string | undefined {
  if (header === null || header === undefined) return undefined;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (match === null) continue;
    const rel = /;\s*rel\s*=\s*"?([^";]+)"?/i.exec(match[2] ?? '');
    if (rel !== null && (rel[1] ?? '').toLowerCase().split(/\s+/).includes('next')) return match[1];
  }
  return undefined;
}

/**
 * The next page of a paged read, by the first sign the answer gives, in this order: a `Link:
 * rel="next"` header, a next link in the body, a next cursor (sent back as `cursor` with the page
 * size), offset/limit when the answer echoes an offset, else the page number. An explicit empty
 * next link or cursor ends the read.
 */
function chooseNextPage(page: FoundRecordList, linkHeader: string | undefined, current: { url: string; pageNumber: number; fetched: number; pageSize: number; strategy: PagingStrategy }): NextPage {
  if (linkHeader !== undefined) return { url: new URL(linkHeader, current.url).href, strategy: 'next-link' };
  const { next, cursor, offset } = page.paging;
  if (typeof next === 'string') return { url: new URL(next, current.url).href, strategy: 'next-link' };
  if (typeof cursor === 'string') {
    const url = new URL(current.url);
    url.searchParams.delete('pageNumber');
    url.searchParams.delete('offset');
    url.searchParams.set('cursor', cursor);
    return { url: url.href, strategy: 'cursor' };
  }
  // Once paged by link or cursor, a page without one is the last (the field may be left out, not null).
  if (next === null || cursor === null || current.strategy === 'next-link' || current.strategy === 'cursor') return { end: true };
  const url = new URL(current.url);
  if (offset !== undefined) {
    url.searchParams.delete('pageNumber');
    url.searchParams.set('offset', String(current.fetched));
    url.searchParams.set('limit', String(current.pageSize));
    return { url: url.href, strategy: 'offset' };
  }
  url.searchParams.set('pageNumber', String(current.pageNumber + 1));
  return { url: url.href, strategy: 'page-number' };
}

/** Reads every page of directory `name`; records repeated across pages are kept once. */
export async function loadDirectory<N extends DirectoryName>(name: N, context: DirectoryRequestContext): Promise<RawRecordMap[N][]> {
  const seen = new Set<string>();
  const records: RawRecordMap[N][] = [];
  let announced: number | undefined;
  let announcedPages: number | undefined;
  let rawCount = 0;
  let lastPage = 0;
  let url = buildFirstPageUrl(context.url, context.pageSize);
  let strategy: PagingStrategy = 'page-number';
  let firstPageLength = 0;
  for (let pageNumber = 1; pageNumber <= MAX_DIRECTORY_PAGES; pageNumber += 1) {
    lastPage = pageNumber;
    const { page, headers, read, fresh } = await readDirectoryPage(name, context, url, pageNumber, seen);
    if (page.paging.totalCount !== undefined) announced = page.paging.totalCount;
    if (page.paging.totalPages !== undefined) announcedPages = page.paging.totalPages;
    if (pageNumber === 1) firstPageLength = page.items.length;
    // Tree categories expand to more records than the page had; keep them all for fresh pages.
    if (fresh > 0) records.push(...read);
    rawCount += fresh;

    const next = chooseNextPage(page, readNextLinkHeader(headers?.get('link')), { url, pageNumber, fetched: rawCount, pageSize: context.pageSize, strategy });
    if (pageNumber > 1 && fresh === 0 && page.items.length > 0) {
      // The same records again: a whole list (the first page held all, fewer than asked) ends here;
      // anything else is a sign of more that this read cannot follow.
      const more = describeMoreSign(page, strategy, next, announced !== undefined || announcedPages !== undefined ? 0 : firstPageLength, context.pageSize);
      if (more !== undefined) throw new SchemaMismatchError(context.endpoint, [{ path: '', message: `page ${pageNumber} (${strategy} paging) brought only records already read, yet ${more}; refusing a short directory of ${rawCount} ${name}. Say how the service pages in service.fields["paging.next"], ["paging.cursor"] or ["paging.totalCount"] — see docs/service-profile.md` }]);
      break;
    }
    if (page.items.length === 0) break;
    if ('end' in next) break;
    strategy = next.strategy;
    url = next.url;
    if (next.strategy === 'next-link' || next.strategy === 'cursor') continue;
    if (page.paging.hasNext === false) break;
    if (page.paging.hasNext === true) continue;
    if (announced !== undefined) {
      // The total counts what pages are made of: the top-level records. A tree whose total counts
      // every node reaches it before its last page, so it pages on to the empty (or stale) page.
      if (rawCount >= announced) break;
      continue;
    }
    if (announcedPages !== undefined) {
      if (pageNumber >= announcedPages) break;
      continue;
    }
    // No total at all: page until an empty page (or a page with nothing new).
  }
  if (strategy === 'page-number' && (announced === undefined || rawCount < announced)) {
    // Read from page 1, a service that numbers pages from 0 never gave its first page.
    const zero = await askPageZero(name, context, seen);
    if (zero.fresh > 0) {
      records.push(...zero.read);
      rawCount += zero.fresh;
      context.read.ledger.noteOnce(`${context.endpoint} pages from 0`, `${context.endpoint}: ${PAGES_FROM_ZERO_NOTE} (page 0 brought ${zero.fresh} record(s) page 1 did not)`);
    }
  }
  if (announced !== undefined && rawCount !== announced && records.length !== announced) {
    throw new SchemaMismatchError(context.endpoint, [
      {
        path: '',
        message: `the service announced ${announced} ${name} but ${rawCount} distinct record(s) came in ${lastPage} page(s) of ${context.pageSize}; refusing a ${rawCount < announced ? 'short' : 'inconsistent'} directory. Pages were read until the total, an empty page or a page with nothing new; if the field read as the total counts something else, name the right one in service.fields["paging.totalCount"] — see docs/service-profile.md`,
      },
    ]);
  }
  return records;
}

/** One page read: the list found, its records read by meaning, how many were not seen before (their keys added to `seen`). */
async function readDirectoryPage<N extends DirectoryName>(name: N, context: DirectoryRequestContext, url: string, pageNumber: number, seen: Set<string>) {
  const { body, headers } = await context.send({ method: 'GET', url, endpoint: context.endpoint, auth: context.auth, idempotent: true }).catch((error: unknown) => {
    throw explainPageSizeRefusal(error, `service.pageSizes.${name}`, context.pageSize);
  });
  const pageEndpoint = `${context.endpoint} (page ${pageNumber})`;
  const page = findRecordList(body, OWN_NAMES[name], context.read.aliases);
  if (!page.ok) throw new SchemaMismatchError(pageEndpoint, [{ path: '', message: page.message }]);
  context.read.ledger.noteUnused(context.endpoint, page.unusedKeys, '(page)');
  const nextLink = readNextLinkHeader(headers?.get('link'));
  context.onPage?.({ name, pageNumber, arrayPath: page.arrayPath, paging: page.paging, pagingPaths: page.pagingPaths, records: page.items.length, ...(nextLink === undefined ? {} : { nextLink }) });
  const readContext: WireReadContext = { ...context.read, endpoint: pageEndpoint, ledgerEndpoint: context.endpoint };
  const prefix = page.arrayPath;
  const read = DIRECTORY_READERS[name](page.items, readContext, (index) => (prefix === '' ? `[${index}]` : `${prefix}[${index}]`)) as RawRecordMap[N][];
  let fresh = 0;
  for (const raw of page.items) {
    const key = buildRecordKey(raw);
    if (seen.has(key)) continue;
    seen.add(key);
    fresh += 1;
  }
  return { page, headers, read, fresh };
}

/** Page 0, once: a service numbering from 1 refuses it (400: nothing fresh) or answers it as page 1 (nothing fresh). */
async function askPageZero<N extends DirectoryName>(name: N, context: DirectoryRequestContext, seen: Set<string>): Promise<{ read: RawRecordMap[N][]; fresh: number }> {
  const url = new URL(buildFirstPageUrl(context.url, context.pageSize));
  url.searchParams.set('pageNumber', '0');
  try {
    const { read, fresh } = await readDirectoryPage(name, context, url.href, 0, seen);
    return { read, fresh };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return { read: [], fresh: 0 };
    throw error;
  }
}

/**
 * Why a page that repeats earlier records does not end the read silently: a next link or cursor
 * that leads back, `hasNext: true`, or a full first page (the service may ignore the page number
 * and cap its pages; not counted when a total is announced: it is checked against the total).
 * `undefined` for a whole list: the first page held fewer or more records than asked.
 */
function describeMoreSign(page: FoundRecordList, strategy: PagingStrategy, next: NextPage, firstPageLength: number, pageSize: number): string | undefined {
  if (strategy === 'next-link' || strategy === 'cursor') return `the ${strategy === 'cursor' ? 'cursor' : 'next link'} it was asked by led back to them`;
  if (!('end' in next) && (next.strategy === 'next-link' || next.strategy === 'cursor')) return `it still names a next page (${next.strategy})`;
  if (page.paging.hasNext === true) return `it says there are more (paging fields ${page.pagingPaths.join(', ')})`;
  // More records than asked is a whole list; exactly as many may be a page of a list that goes on.
  if (firstPageLength === pageSize) return `the first page was full (${firstPageLength} of ${pageSize}), so the service may ignore pageNumber`;
  return undefined;
}
