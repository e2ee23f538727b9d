/**
 * Reads one reference directory, every page: `pageNumber` from 1 and `pageSize` in the query
 * string, each page normalised by `normalizeDirectoryPage` and its records checked against the
 * directory's wire schema. A server that ignores paging (the same records again) cannot make this
 * loop forever: a page that brings no new record ends it, and so does `MAX_DIRECTORY_PAGES`.
 */
import { z } from 'zod';
import { SchemaMismatchError } from '../core/errors.js';
import { buildRecordKey, normalizeDirectoryPage } from './normalize-directory-page.js';
import { parseWireResponse } from './parse-wire-response.js';
import type { Redactor } from './redact-secrets.js';
import type { SendRequest } from './send-request.js';
import type { TokenProvider } from './create-token-provider.js';
import { attributeSchema, attributeValueSchema, brandSchema, categorySchema } from './wire.js';
import type { Attribute, AttributeValue, Brand, Category, DirectoryName } from '../domain/index.js';

/** The record type of each directory. */
export interface DirectoryRecordMap {
  categories: Category;
  attributes: Attribute;
  values: AttributeValue;
  brands: Brand;
}

/** The wire schema of each directory's records. */
export const DIRECTORY_RECORD_SCHEMAS = {
  categories: categorySchema,
  attributes: attributeSchema,
  values: attributeValueSchema,
  brands: brandSchema,
} as const satisfies Record<DirectoryName, z.ZodType>;

/** Pages read at most from one directory: 1 000 000 records at 100 a page. */
export const MAX_DIRECTORY_PAGES = 10_000;

/** What `loadDirectory` needs from the client. */
export interface DirectoryRequestContext {
  send: SendRequest;
  auth: TokenProvider;
  /** Absolute URL of the directory, without query. */
  url: string;
  /** `GET path`, for messages. */
  endpoint: string;
  /** 1..100. */
  pageSize: number;
  redact: Redactor;
}

/** Reads every page of directory `name`; records repeated across pages are kept once. */
export async function loadDirectory<N extends DirectoryName>(name: N, context: DirectoryRequestContext): Promise<DirectoryRecordMap[N][]> {
  const schema = z.array(DIRECTORY_RECORD_SCHEMAS[name]);
  const seen = new Set<string>();
  const records: DirectoryRecordMap[N][] = [];
  for (let pageNumber = 1; pageNumber <= MAX_DIRECTORY_PAGES; pageNumber += 1) {
    const url = new URL(context.url);
    url.searchParams.set('pageNumber', String(pageNumber));
    url.searchParams.set('pageSize', String(context.pageSize));
    const { body } = await context.send({ method: 'GET', url: url.href, endpoint: context.endpoint, auth: context.auth, idempotent: true });
    const page = normalizeDirectoryPage(body, name, { pageNumber, pageSize: context.pageSize });
    const pageEndpoint = `${context.endpoint} (page ${pageNumber})`;
    if (!page.ok) throw new SchemaMismatchError(pageEndpoint, [{ path: '', message: page.message }]);
    const parsed = parseWireResponse(schema, page.items, { endpoint: pageEndpoint, pathPrefix: page.arrayPath, redact: context.redact });

    let fresh = 0;
    page.items.forEach((raw, index) => {
      const key = buildRecordKey(raw);
      if (seen.has(key)) return;
      seen.add(key);
      fresh += 1;
      records.push(parsed[index] as DirectoryRecordMap[N]);
    });
    // No new record means the server served a page we already had: it ignores paging.
    if (page.isLast || fresh === 0) break;
  }
  return records;
}
