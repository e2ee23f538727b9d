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
import { SchemaMismatchError } from '../core/errors.js';
import type { TokenProvider } from './create-token-provider.js';
import { findRecordList } from './find-record-list.js';
import type { PagingFields } from './find-record-list.js';
import { buildRecordKey } from './normalize-directory-page.js';
import { DIRECTORY_READERS } from './read-directory-records.js';
import type { RawRecordMap } from './read-directory-records.js';
import type { Redactor } from './redact-secrets.js';
import type { SendRequest } from './send-request.js';
import type { WireReadContext } from './wire-read-context.js';

/** Pages read at most from one directory. */
export const MAX_DIRECTORY_PAGES = 10_000;

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
  redact: Redactor;
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
}

/** Other names a directory's array may go by. */
const OWN_NAMES: Record<DirectoryName, readonly string[]> = {
  categories: ['categories', 'categoryList'],
  attributes: ['attributes', 'attributeList'],
  values: ['values', 'attributeValues', 'valueList'],
  brands: ['brands', 'brandList'],
};

/** Reads every page of directory `name`; records repeated across pages are kept once. */
export async function loadDirectory<N extends DirectoryName>(name: N, context: DirectoryRequestContext): Promise<RawRecordMap[N][]> {
  const seen = new Set<string>();
  const records: RawRecordMap[N][] = [];
  let announced: number | undefined;
  let announcedPages: number | undefined;
  let rawCount = 0;
  let lastPage = 0;
  for (let pageNumber = 1; pageNumber <= MAX_DIRECTORY_PAGES; pageNumber += 1) {
    lastPage = pageNumber;
    const url = new URL(context.url);
    url.searchParams.set('pageNumber', String(pageNumber));
    url.searchParams.set('pageSize', String(context.pageSize));
    const { body } = await context.send({ method: 'GET', url: url.href, endpoint: context.endpoint, auth: context.auth, idempotent: true });
    const pageEndpoint = `${context.endpoint} (page ${pageNumber})`;
    const page = findRecordList(body, OWN_NAMES[name], context.read.aliases);
    if (!page.ok) throw new SchemaMismatchError(pageEndpoint, [{ path: '', message: page.message }]);
    context.read.ledger.noteUnused(context.endpoint, page.unusedKeys, '(page)');
    context.onPage?.({ name, pageNumber, arrayPath: page.arrayPath, paging: page.paging, pagingPaths: page.pagingPaths, records: page.items.length });
    if (page.paging.totalCount !== undefined) announced = page.paging.totalCount;
    if (page.paging.totalPages !== undefined) announcedPages = page.paging.totalPages;

    const readContext: WireReadContext = { ...context.read, endpoint: pageEndpoint, ledgerEndpoint: context.endpoint };
    const prefix = page.arrayPath;
    const read = DIRECTORY_READERS[name](page.items, readContext, (index) => (prefix === '' ? `[${index}]` : `${prefix}[${index}]`)) as RawRecordMap[N][];
    let fresh = 0;
    page.items.forEach((raw) => {
      const key = buildRecordKey(raw);
      if (seen.has(key)) return;
      seen.add(key);
      fresh += 1;
    });
    // Tree categories expand to more records than the page had; keep them all for fresh pages.
    if (fresh > 0) records.push(...read);
    rawCount += fresh;

    if (page.items.length === 0 || fresh === 0) break;
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
    // No total at all: page until an empty page.
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
