/**
 * An independent implementation of the Seller Catalog interface, written apart from the sandbox
 * and its dialects (nothing of `src/sandbox/dialects` or `src/api` is used to write or read the
 * wire), with choices of its own for every part the interface leaves silent. It exists to learn
 * what breaks before an outside check does. Its reference data is the sandbox's domain model,
 * rendered in these shapes:
 *
 * - snake_case keys everywhere; names as `{ru, kz}`; token `{access_token, expires_in, token_type}`;
 * - directory pages `{result: {rows: [...]}, pagination: {total_count, page, page_size}}`, the page
 *   size silently capped below what is asked;
 * - categories as one nested tree (`children`, no leaf flag, no path, no parent id);
 * - attributes `data_type` `ENUM`/`STRING`/`DECIMAL`/`BOOLEAN`, `variant_attribute`,
 *   `multi_valued`, links `category_bindings[{category, is_mandatory}]`;
 * - values tied to their attribute by `attribute_id` only; brands `{brand_id, brand_name}`;
 * - import accepted with a job id above 2^53 written as a bare JSON number, `info_url: null`;
 * - jobs `QUEUED` → `PROCESSING` → `DONE` / `COMPLETED_WITH_ERRORS`, every product `IN_PROGRESS`
 *   until its final `OK` / `REJECTED` (with `error_messages[{property_name, error_code, message}]`);
 * - product list `{data: {items}, paging: {total_items, current_page, per_page}}`.
 *
 * `ForeignServiceOptions` switches individual choices, one probe at a time.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createReferenceData } from '../../src/sandbox/reference-data.js';
import type { ReferenceCategory, ReferenceData } from '../../src/sandbox/reference-data.js';

/** Credentials the foreign service accepts. */
export const FOREIGN_CREDENTIALS = { clientId: 'foreign-seller', clientSecret: 'foreign-secret-42' } as const;
/** The seller's shop (the sample's mapping uses 1001). */
export const FOREIGN_SHOP_ID = 1001;

/** Paging fields of a directory page. */
export type ForeignPaging = 'total' | 'has-more' | 'none';

/** Choices that a probe switches. */
export interface ForeignServiceOptions {
  /** Largest page of the flat directories served whatever is asked (default 7). */
  pageCap?: number;
  /** Largest page of the category tree (top-level nodes) served whatever is asked (default 50). */
  categoryPageCap?: number;
  /** How a directory page says where it stands (default `total`). */
  paging?: ForeignPaging;
  /** Where a directory page's rows are (default `result.rows`). */
  rowsAt?: 'result.rows' | 'data.items' | 'bare';
  /** Barcodes whose products the service rejects. */
  rejectBarcodes?: readonly string[];
  /** The job word once processing ends; `undefined` = DONE / COMPLETED_WITH_ERRORS. */
  finalJobWord?: string;
  /** The per-product word once processing ends; `undefined` = OK / REJECTED. */
  finalProductWord?: string;
  /** Status answers carry no per-product list at all. */
  omitProductList?: boolean;
  /** The key saying an attribute defines SKUs (default `variant_attribute`). */
  skuFlagKey?: string;
  /** Final per-product results without `position`, in reverse order of the request. */
  shuffleResults?: boolean;
  /** `info_url`: null (the client uses the documented path), or a relative link to a path of this service's own. */
  infoUrl?: 'null' | 'relative-own-path';
  /** Per-product errors as a map `{field: [message]}` instead of a list. */
  errorsAsMap?: boolean;
  /** Once the job is DONE, the last product of each job has no result at all. */
  dropLastResult?: boolean;
  /** Once the job is DONE, the first product of each job still says IN_PROGRESS. */
  firstStillInProgress?: boolean;
  /** `pagination.total_count` of the category tree counts every node, not the top-level ones. */
  treeTotalCountsNodes?: boolean;
  /** Barcodes whose import request is refused at once: 400 naming the product by its place in the request. */
  syncRejectBarcodes?: readonly string[];
  /** Answers inside an envelope `{success: true, data: {...}}`: token, import and job (`all`), or import and job only. */
  envelope?: 'all' | 'import-and-job';
  /** The brand directory as bare names, without ids. */
  brandsAsStrings?: boolean;
  /** Every id of the directories written as a JSON string (`"10101"`). */
  idsAsStrings?: boolean;
  /** Job ids as UUID strings instead of numbers above 2^53. */
  uuidJobIds?: boolean;
  /** Polls answered as QUEUED then PROCESSING before the final word (default 2). */
  pendingPolls?: number;
}

/** A product as the foreign service keeps it. */
export interface ForeignProduct {
  productId: number;
  body: Record<string, unknown>;
  skus: { skuId: number; barcode: string }[];
}

/** A running foreign service. */
export interface ForeignService {
  url: string;
  reference: ReferenceData;
  /** Job ids issued, exactly as written on the wire. */
  issuedJobIds: string[];
  /** Job ids the client asked about, exactly as they came in the query. */
  askedJobIds: string[];
  /** Every request line, for diagnosis. */
  requests: string[];
  products(): ForeignProduct[];
  close(): Promise<void>;
}

interface ForeignJob {
  id: string;
  polls: number;
  results: Record<string, unknown>[];
}

const BIG_JOB_BASE = 9_007_199_254_740_993n; // 2^53 + 1: not a double
const TYPES = { dictionary: 'ENUM', text: 'STRING', number: 'DECIMAL', boolean: 'BOOLEAN' } as const;
const localized = (n: { rus: string; kaz: string }): Record<string, string> => ({ ru: n.rus, kz: n.kaz });

function buildCategoryTree(data: ReferenceData): Record<string, unknown>[] {
  const children = new Map<number | null, ReferenceCategory[]>();
  for (const c of data.categories) children.set(c.parentId, [...(children.get(c.parentId) ?? []), c]);
  const node = (c: ReferenceCategory): Record<string, unknown> => ({ category_id: c.id, title: localized(c.name), children: (children.get(c.id) ?? []).map(node) });
  return (children.get(null) ?? []).map(node);
}

function buildDirectory(name: string, data: ReferenceData, skuFlagKey: string, brandsAsStrings = false): unknown[] | undefined {
  if (name === 'categories') return buildCategoryTree(data);
  if (name === 'attributes')
    return data.attributes.map((a) => ({
      attribute_id: a.id,
      attribute_code: a.code,
      title: localized(a.name),
      data_type: TYPES[a.type],
      multi_valued: a.isMultiple,
      [skuFlagKey]: a.isSkuDefining,
      category_bindings: a.categories.map((c) => ({ category: c.categoryId, is_mandatory: c.isRequired })),
    }));
  if (name === 'values') return data.values.map((v) => ({ value_id: v.id, value_code: v.code, attribute_id: v.attributeId, label: localized(v.name) }));
  if (name === 'brands') return brandsAsStrings ? data.brands.map((b) => b.name) : data.brands.map((b) => ({ brand_id: b.id, brand_name: b.name }));
  return undefined;
}

function writeDirectoryPage(all: unknown[], query: URLSearchParams, options: ForeignServiceOptions, cap: number, totalCount?: number): unknown {
  const page = Math.max(1, Number(query.get('pageNumber') ?? query.get('page') ?? 1) || 1);
  const size = Math.min(cap, Math.max(1, Number(query.get('pageSize') ?? query.get('size') ?? cap) || cap));
  const rows = all.slice((page - 1) * size, page * size);
  const at = options.rowsAt ?? 'result.rows';
  if (at === 'bare') return rows;
  const paging = options.paging ?? 'total';
  const pagination =
    paging === 'total' ? { total_count: totalCount ?? all.length, page, page_size: size } : paging === 'has-more' ? { page, has_more: page * size < all.length } : undefined;
  const wrapped = at === 'result.rows' ? { result: { rows } } : { data: { items: rows } };
  return pagination === undefined ? wrapped : { ...wrapped, pagination };
}

/** JSON text in which strings marked `\u0000big:` become bare numbers (ids above 2^53). */
function toJson(body: unknown): string {
  return JSON.stringify(body).replace(/"\\u0000big:(\d+)"/g, '$1');
}
const bigNumber = (digits: string): string => `\u0000big:${digits}`;

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(body === undefined ? '' : toJson(body));
}

function writeFinalResult(result: Record<string, unknown>, options: ForeignServiceOptions): Record<string, unknown> {
  const out: Record<string, unknown> = { ...result };
  if (options.finalProductWord !== undefined) out.result = options.finalProductWord;
  if (options.shuffleResults) delete out.position;
  if (options.errorsAsMap && Array.isArray(out.error_messages)) {
    const map: Record<string, string[]> = {};
    for (const e of out.error_messages as Record<string, string>[]) (map[e.property_name ?? ''] ??= []).push(`${e.error_code ?? ''}: ${e.message ?? ''}`);
    out.error_messages = map;
  }
  return out;
}

/** The same JSON with every `*_id` / `category` number as a string. */
function stringifyIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stringifyIds);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeof v === 'number' && (/_id$/.test(k) || k === 'category') ? String(v) : stringifyIds(v)]));
}

const asRecord = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Starts the foreign service on a free port. */
export async function startForeignService(options: ForeignServiceOptions = {}): Promise<ForeignService> {
  const reference = createReferenceData();
  const leafIds = new Set(reference.categories.filter((c) => c.isLeaf).map((c) => c.id));
  const brandIds = new Set(reference.brands.map((b) => b.id));
  const rejected = new Set(options.rejectBarcodes ?? []);
  const tokens = new Set<string>();
  const products = new Map<number, ForeignProduct>();
  const jobs = new Map<string, ForeignJob>();
  const issuedJobIds: string[] = [];
  const askedJobIds: string[] = [];
  const requests: string[] = [];
  let nextProductId = 70_001;
  let nextSkuId = 880_001;
  let jobCount = 0;

  const judge = (item: Record<string, unknown>, position: number): Record<string, unknown> => {
    const skus = asArray(item.skus).map(asRecord);
    const errors: Record<string, unknown>[] = [];
    if (!leafIds.has(Number(item.categoryId))) errors.push({ property_name: 'category_id', error_code: 'CATEGORY_NOT_LEAF', message: `category ${String(item.categoryId)} is not a leaf` });
    if (!brandIds.has(Number(item.brandId))) errors.push({ property_name: 'brand_id', error_code: 'BRAND_UNKNOWN', message: `brand ${String(item.brandId)} does not exist` });
    if (Number(item.shopId) !== FOREIGN_SHOP_ID) errors.push({ property_name: 'shop_id', error_code: 'SHOP_FORBIDDEN', message: 'not your shop' });
    for (const sku of skus) {
      if (rejected.has(String(sku.barcode))) errors.push({ property_name: 'skus.barcode', error_code: 'BARCODE_BLOCKED', message: `barcode ${String(sku.barcode)} is blocked for this seller` });
    }
    if (errors.length > 0) return { position, product_id: item.productId ?? null, result: 'REJECTED', error_messages: errors };
    const productId = typeof item.productId === 'number' ? item.productId : nextProductId++;
    const kept: ForeignProduct = products.get(productId) ?? { productId, body: item, skus: [] };
    kept.body = item;
    const skuResults = skus.map((sku) => {
      const skuId = typeof sku.skuId === 'number' ? sku.skuId : nextSkuId++;
      const barcode = String(sku.barcode ?? '');
      kept.skus = [...kept.skus.filter((s) => s.skuId !== skuId), { skuId, barcode }];
      return { sku_id: skuId, barcode };
    });
    products.set(productId, kept);
    return { position, product_id: productId, result: 'OK', skus: skuResults };
  };

  const writeJob = (job: ForeignJob): unknown => {
    job.polls += 1;
    const pending = options.pendingPolls ?? 2;
    const done = job.polls > pending;
    const anyRejected = job.results.some((r) => r.result === 'REJECTED');
    const word = !done ? (job.polls === 1 ? 'QUEUED' : 'PROCESSING') : (options.finalJobWord ?? (anyRejected ? 'COMPLETED_WITH_ERRORS' : 'DONE'));
    const rows = done ? job.results.map((r) => writeFinalResult(r, options)) : job.results.map((r) => ({ position: r.position, result: 'IN_PROGRESS' }));
    if (done && options.shuffleResults) rows.reverse();
    if (done && options.dropLastResult) rows.pop();
    if (done && options.firstStillInProgress && rows[0] !== undefined) rows[0] = { position: 0, result: 'IN_PROGRESS' };
    const head = { job_id: options.uuidJobIds ? job.id : bigNumber(job.id), state: word, updated_at: new Date().toISOString() };
    return options.omitProductList ? head : { ...head, product_results: rows };
  };

  const routes: Record<string, (req: IncomingMessage, url: URL) => Promise<[number, unknown]>> = {
    'POST /api/v1/auth/token': async (req) => {
      const body = asRecord(await readBody(req));
      if (body.clientId !== FOREIGN_CREDENTIALS.clientId || body.clientSecret !== FOREIGN_CREDENTIALS.clientSecret) return [401, { error: 'invalid_client' }];
      const token = `ftk-${tokens.size + 1}-${Math.random().toString(36).slice(2)}`;
      tokens.add(token);
      return [200, { access_token: token, expires_in: 3600, token_type: 'bearer' }];
    },
    'POST /api/seller/v1/products/import': async (req) => {
      const items = asArray(asRecord(await readBody(req)).products).map(asRecord);
      const refused = items.flatMap((item, i) =>
        asArray(item.skus)
          .map(asRecord)
          .flatMap((sku, j) => ((options.syncRejectBarcodes ?? []).includes(String(sku.barcode)) ? [{ field: `products[${i}].skus[${j}].barcode`, error_code: 'BARCODE_TAKEN', message: `barcode ${String(sku.barcode)} belongs to another seller` }] : [])),
      );
      if (refused.length > 0) return [400, { error_code: 'VALIDATION_FAILED', message: 'the request has invalid products; nothing was imported', errors: refused }];
      jobCount += 1;
      const id = options.uuidJobIds ? `7c0e${String(jobCount).padStart(4, '0')}-2f1a-4b7e-9c3d-${String(jobCount).padStart(12, '0')}` : (BIG_JOB_BASE + BigInt(jobCount) * 2n).toString();
      issuedJobIds.push(id);
      jobs.set(id, { id, polls: 0, results: items.map((item, i) => judge(item, i)) });
      const infoUrl = options.infoUrl === 'relative-own-path' ? `/api/seller/v1/import-jobs/${id}/state` : null;
      return [202, { job_id: options.uuidJobIds ? id : bigNumber(id), received_items: items.length, queued_at: new Date().toISOString(), info_url: infoUrl }];
    },
    'GET /api/seller/v1/products/import/info': async (_req, url) => {
      const asked = url.searchParams.get('jobId') ?? url.searchParams.get('job_id') ?? /^\/api\/seller\/v1\/import-jobs\/(\d+)\/state$/.exec(url.pathname)?.[1] ?? '';
      askedJobIds.push(asked);
      const job = jobs.get(asked);
      return job === undefined ? [404, { error_code: 'JOB_NOT_FOUND', message: `no job ${asked}` }] : [200, writeJob(job)];
    },
    'POST /api/seller/v1/products/list': async (req) => {
      const body = asRecord(await readBody(req));
      const cap = 10;
      const page = Math.max(1, Number(body.pageNumber ?? 1) || 1);
      const size = Math.min(cap, Math.max(1, Number(body.pageSize ?? cap) || cap));
      const all = [...products.values()].sort((a, b) => a.productId - b.productId);
      const rows = all.slice((page - 1) * size, page * size).map((p) => ({
        product_id: p.productId,
        product_name: localized(asRecord(p.body.name) as { rus: string; kaz: string }),
        category_id: p.body.categoryId,
        product_status: 'ACTIVE',
        moderation_status: 'APPROVED',
      }));
      return [200, { data: { items: rows }, paging: { total_items: all.length, current_page: page, per_page: size } }];
    },
    'POST /api/seller/v1/products/details': async (req) => {
      const ids = asArray(asRecord(await readBody(req)).productIds).map(Number);
      if (ids.length > 30) return [400, { error_code: 'TOO_MANY_IDS', message: 'at most 30 ids' }];
      const rows = ids.flatMap((id) => {
        const p = products.get(id);
        if (p === undefined) return [];
        return [{ product_id: p.productId, category_id: p.body.categoryId, brand_id: p.body.brandId, name: { ru: asRecord(p.body.name).rus }, skus: p.skus.map((s) => ({ sku_id: s.skuId, sku_barcode: s.barcode })) }];
      });
      return [200, { data: { items: rows } }];
    },
  };

  const directoryPaths: Record<string, string> = {
    '/api/v1/categories': 'categories',
    '/api/v1/seller/attributes': 'attributes',
    '/api/v1/seller/attributes/values': 'values',
    '/api/v1/seller/brands': 'brands',
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(`${req.method ?? ''} ${url.pathname}${url.search}`);
    const handle = async (): Promise<void> => {
      const key = `${req.method ?? ''} ${url.pathname}`;
      if (key !== 'POST /api/v1/auth/token') {
        const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
        if (token === undefined || !tokens.has(token)) return send(res, 401, { error_code: 'UNAUTHORIZED', message: 'token missing or unknown' });
      }
      const directory = req.method === 'GET' ? directoryPaths[url.pathname] : undefined;
      if (directory !== undefined) {
        const cap = directory === 'categories' ? (options.categoryPageCap ?? 50) : (options.pageCap ?? 7);
        const total = directory === 'categories' && options.treeTotalCountsNodes ? reference.categories.length : undefined;
        const page = writeDirectoryPage(buildDirectory(directory, reference, options.skuFlagKey ?? 'variant_attribute', options.brandsAsStrings) ?? [], url.searchParams, options, cap, total);
        return send(res, 200, options.idsAsStrings ? stringifyIds(page) : page);
      }
      const route = routes[/^GET \/api\/seller\/v1\/import-jobs\/\d+\/state$/.test(key) ? 'GET /api/seller/v1/products/import/info' : key];
      if (route === undefined) return send(res, 404, { error_code: 'NOT_FOUND', message: key });
      const [status, body] = await route(req, url);
      const enveloped =
        status < 300 && !/products\/(list|details)$/.test(url.pathname) && (options.envelope === 'all' || (options.envelope === 'import-and-job' && !url.pathname.endsWith('/auth/token')));
      send(res, status, enveloped ? { success: true, data: body } : body);
    };
    handle().catch((error: unknown) => send(res, 500, { error_code: 'INTERNAL', message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    reference,
    issuedJobIds,
    askedJobIds,
    requests,
    products: () => [...products.values()],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
