/**
 * The typed client of the Seller Catalog Service: token, the four reference directories, import,
 * job status, product list and product details. Every answer is read by meaning
 * (`read-service-answers.ts`); every failure is a `PipelineError` (`ApiError`, `SchemaMismatchError`,
 * `ConfigError`, `AbortedError`) naming the endpoint and never the secret or the token. See
 * `docs/client.md` for retries, time-outs and the token life cycle.
 */
import { ConfigError } from '../core/errors.js';
import type { Deps } from '../core/deps.js';
import { createIssue } from '../core/issue.js';
import type { Issue } from '../core/issue.js';
import { createRedactor } from './redact-secrets.js';
import { createRateGate } from './create-rate-gate.js';
import { createRequestSender } from './send-request.js';
import { createTokenProvider } from './create-token-provider.js';
import { createDirectoryFetcher } from './create-directory-fetcher.js';
import { fetchProductDetails } from './fetch-product-details.js';
import { explainPageSizeRefusal } from './explain-page-size-refusal.js';
import { listAllProducts } from './list-all-products.js';
import { requestServiceToken, type ClientCredentials } from './request-service-token.js';
import { buildFirstPageUrl, readNextLinkHeader } from './load-directory.js';
import type { DirectoryPageSeen } from './load-directory.js';
import { createFieldLedger, type FieldLedger } from './field-ledger.js';
import { readJobStatus } from './read-job-status.js';
import { buildTypeWords } from './read-directory-records.js';
import { readImportAnswer, readProductDetails, readProductListPage } from './read-service-answers.js';
import type { ProductListPage, TokenAnswer } from './read-service-answers.js';
import type { ServiceProfile } from './service-profile.js';
import { buildWireAliases, type WireAliases } from './wire-aliases.js';
import type { WireReadContext } from './wire-read-context.js';
import { DEFAULT_PATHS, SERVICE_LIMITS, DEFAULT_STATUS_VOCABULARY, createStatusClassifier, type StatusClassifier } from '../domain/index.js';
import type {
  Attribute,
  AttributeValue,
  Brand,
  Category,
  Directories,
  DirectoryName,
  ImportItem,
  ImportResponse,
  JobStatus,
  PathName,
  ProductDetail,
  ProductListItem,
  ProductListRequest,
  ProductListResponse,
} from '../domain/index.js';

/** Options of `createCatalogClient`. */
export interface CatalogClientOptions {
  /** Service address, e.g. `https://seller-api.example.kz` (a path prefix is kept). */
  baseUrl: string;
  /** The seller's API key. */
  credentials: ClientCredentials;
  /** Paths overriding `DEFAULT_PATHS`, absolute paths or relative to `baseUrl`. */
  paths?: Partial<Record<PathName, string>>;
  /** Per request attempt, headers and body, default 30 000. */
  timeoutMs?: number;
  /** Retries: default 5 retries, 500 ms base, 30 s longest wait; exponential backoff with full jitter. */
  retry?: { limit?: number; baseDelayMs?: number; maxDelayMs?: number };
  /** Page size of directories and `listAllProducts`, 1..100, default 100. */
  pageSize?: number;
  /** Details requests in flight at once, default 4. */
  detailsConcurrency?: number;
  /** Refresh the token this long before it expires, default 60 (capped to half its lifetime). */
  refreshMarginSeconds?: number;
  /**
   * Requests per second at most, every request counted (token, directories, imports, job polls,
   * products); default none: unlimited until the service answers 429. Either way a 429 lowers the
   * rate and its `Retry-After` pauses every request (`create-rate-gate.ts`).
   */
  rateLimit?: number | undefined;
  /** How this service spells and pages things where the interface is silent (docs/service-profile.md). */
  profile?: ServiceProfile | undefined;
}

/** What the client saw of the service's answers so far (for `doctor`). */
export interface WireObservations {
  /** Fields not used, by endpoint. */
  unused: Map<string, string[]>;
  /** Warnings about words and shapes not understood. */
  notes: string[];
  /** Every directory page read. */
  pages: DirectoryPageSeen[];
}

/** The Seller Catalog Service, typed. */
export interface CatalogClient {
  /** A valid access token: cached, refreshed before expiry; concurrent callers share one request. */
  getToken(): Promise<string>;
  /** Every record of one directory, all pages. */
  fetchDirectory(name: 'categories'): Promise<Category[]>;
  /** Every attribute, all pages. */
  fetchDirectory(name: 'attributes'): Promise<Attribute[]>;
  /** Every attribute value, all pages. */
  fetchDirectory(name: 'values'): Promise<AttributeValue[]>;
  /** Every brand, all pages. */
  fetchDirectory(name: 'brands'): Promise<Brand[]>;
  /** Every record of the directory named at run time, all pages. */
  fetchDirectory(name: DirectoryName): Promise<Category[] | Attribute[] | AttributeValue[] | Brand[]>;
  /**
   * The first page of one directory exactly as the service answers it, unread (for `doctor
   * --write-profile` to infer the profile by data), asked as every other request: same gate,
   * retries, time-out and token.
   */
  readFirstDirectoryPage(name: DirectoryName, pageSize: number): Promise<{ body: unknown; nextLink: string | undefined }>;
  /** The four directories, all pages, with the time they were fetched. */
  fetchDirectories(): Promise<Directories>;
  /**
   * Submits one import request (at most `SERVICE_LIMITS.importBatch` products on the live service);
   * 200 or 202 is accepted. `bodyText`, when given, is the request body `{"products": …}` already
   * serialized by the caller (it must be `products`' JSON), sent as is instead of serializing again.
   */
  importProducts(products: ImportItem[], bodyText?: string, options?: { /** Called right before each attempt is handed to fetch (see `RequestSpec.onDepart`). */ onDepart?: () => void }): Promise<ImportResponse & { httpStatus: number }>;
  /** Status of an import job: follows `infoUrl` when given (same origin only), else the `importInfo` path with `?jobId=`. */
  getJobStatus(job: { jobId: string | number; infoUrl?: string | null | undefined }): Promise<JobStatus>;
  /** One page of the seller's products. */
  /** One page of the list; `at` is a next link a previous page gave (asked with the same body). */
  listProducts(request: ProductListRequest, at?: string): Promise<ProductListResponse>;
  /** Every product matching the request, page after page (`pageSize` from the client options). */
  listAllProducts(request: Omit<ProductListRequest, 'pageNumber' | 'pageSize'>): AsyncIterable<ProductListItem>;
  /**
   * Details of any number of products, in requests of at most `SERVICE_LIMITS.detailsBatch` ids
   * run `detailsConcurrency` at a time. Results follow the order of the (de-duplicated) input;
   * ids the service does not know are left out.
   */
  getProductDetails(productIds: number[]): Promise<ProductDetail[]>;
  /** What was seen of the answers so far: fields not used, notes, pages. */
  observe(): WireObservations;
}

/** The side effects the client uses. */
export type CatalogClientDeps = Pick<Deps, 'fetch' | 'now' | 'monotonic' | 'sleep' | 'random' | 'onEvent' | 'signal'>;

/** Defaults of the options. */
const CATALOG_CLIENT_DEFAULTS = {
  timeoutMs: 30_000,
  retry: { limit: 5, baseDelayMs: 500, maxDelayMs: 30_000 },
  pageSize: SERVICE_LIMITS.maxPageSize,
  detailsConcurrency: 4,
  refreshMarginSeconds: 60,
} as const;

/**
 * Creates a client. Options are checked at once (`ConfigError` listing every bad one); the
 * credentials are checked before the first token request.
 */
export function createCatalogClient(options: CatalogClientOptions, deps: CatalogClientDeps): CatalogClient {
  const settings = resolveOptions(options);
  const paths: Record<PathName, string> = { ...DEFAULT_PATHS, ...definedEntries(options.paths ?? {}) };
  const baseUrl = settings.baseUrl;
  const credentials = options.credentials;

  // Every token issued to this client, so that an old one quoted in a late error is hidden too.
  const issuedTokens = new Set<string>();
  const redact = createRedactor(() => [credentials.clientSecret, ...issuedTokens]);
  const gate = createRateGate({ rate: settings.rateLimit, maxPauseMs: settings.retry.maxDelayMs }, deps);
  const send = createRequestSender({ timeoutMs: settings.timeoutMs, retry: settings.retry, redact, gate }, deps);

  const profile = options.profile ?? {};
  const wire = createWireWatch(profile, deps);
  const { ledger, readContext } = wire;
  const detailsBatch = profile.detailsBatch ?? SERVICE_LIMITS.detailsBatch;
  const listPageSize = profile.pageSizes?.list ?? settings.pageSize;

  const endpointOf = (method: 'GET' | 'POST', url: URL): string => `${method} ${url.pathname}`;
  const urlOf = (name: PathName): URL => buildUrl(baseUrl, paths[name]);

  const requestToken = (): Promise<TokenAnswer> => {
    const url = urlOf('token');
    return requestServiceToken({ credentials, send, url, endpoint: endpointOf('POST', url), readContext, onIssued: (token) => issuedTokens.add(token) });
  };
  const tokens = createTokenProvider({ requestToken, refreshMarginSeconds: settings.refreshMarginSeconds }, deps);

  const directories = createDirectoryFetcher({
    send,
    auth: tokens,
    read: { aliases: wire.aliases, ledger, typeWords: buildTypeWords(profile.attributeTypes) },
    onPage: (seen) => wire.pagesSeen.push(seen),
    urlOf,
    endpointOf: (url) => endpointOf('GET', url),
    pageSizeOf: (name) => profile.pageSizes?.[name] ?? settings.pageSize,
    flush: () => ledger.flush(),
    now: deps.now,
  });
  // One generic implementation behind the per-name overloads of the interface.
  const fetchDirectory = directories.fetchOne as CatalogClient['fetchDirectory'];

  const postJson = async (name: PathName, json: unknown, idempotent = true, at?: string) => {
    const url = urlOf(name);
    const endpoint = endpointOf('POST', url);
    // A next link of the list is asked with the same body, on the service's own origin only.
    const target = at !== undefined && new URL(at, url).origin === url.origin ? new URL(at, url).href : url.href;
    const response = await send({ method: 'POST', url: target, endpoint, json, auth: tokens, idempotent });
    return { ...response, endpoint };
  };

  const listProducts = async (request: ProductListRequest, at?: string): Promise<ProductListResponse> => {
    const { body, endpoint, headers } = await postJson('list', request, true, at).catch((error: unknown) => {
      throw explainPageSizeRefusal(error, 'service.pageSizes.list', request.pageSize);
    });
    const page = readProductListPage(body, readContext(`${endpoint} (page ${request.cursor === undefined ? request.pageNumber : 'by cursor'})`, endpoint));
    ledger.flush();
    return completeListPaging(page, request, readNextLinkHeader(headers?.get('link')), urlOf('list').href);
  };

  const noteJobLocation = createJobLocationNote(paths.importInfo, deps);

  return {
    getToken: () => tokens.getToken(),

    fetchDirectory,

    fetchDirectories: () => directories.fetchAll(),

    async readFirstDirectoryPage(name, pageSize) {
      const url = urlOf(name);
      const { body, headers } = await send({ method: 'GET', url: buildFirstPageUrl(url.href, pageSize), endpoint: endpointOf('GET', url), auth: tokens, idempotent: true });
      return { body, nextLink: readNextLinkHeader(headers?.get('link')) };
    },

    async importProducts(products, bodyText, options) {
      const url = urlOf('import');
      const endpoint = endpointOf('POST', url);
      // Not idempotent: a second copy of a create request would create the products twice.
      const body = bodyText === undefined ? { json: { products } } : { jsonText: bodyText };
      const onDepart = options?.onDepart === undefined ? {} : { onDepart: options.onDepart };
      const { body: answer, status, headers } = await send({ method: 'POST', url: url.href, endpoint, ...body, auth: tokens, idempotent: false, ...onDepart });
      const accepted = readImportAnswer(answer, readContext(endpoint));
      ledger.flush();
      // The job's location, in this order: the Location header, a link field, infoUrl, the configured path.
      const location = headers?.get('location')?.trim();
      const job = location ? { ...accepted, infoUrl: location, infoUrlSource: 'Location header' } : accepted;
      noteJobLocation(job.infoUrlSource);
      return { ...job, httpStatus: status };
    },

    async getJobStatus(job) {
      const url = buildJobStatusUrl(baseUrl, paths.importInfo, job, deps);
      const endpoint = endpointOf('GET', url);
      // Polls fill the capacity imports leave: under a rate limit an import never waits for a poll.
      const { body } = await send({ method: 'GET', url: url.href, endpoint, auth: tokens, idempotent: true, priority: 'background' });
      const status = readJobStatus(body, readContext(endpoint, endpointOf('GET', urlOf('importInfo'))), wire.classify);
      ledger.flush();
      return status;
    },

    listProducts,

    listAllProducts: (request) => listAllProducts(listProducts, request, { pageSize: listPageSize, endpoint: endpointOf('POST', urlOf('list')) }),

    getProductDetails: (productIds) =>
      fetchProductDetails(productIds, { batchSize: detailsBatch, concurrency: settings.detailsConcurrency }, async (chunk) => {
        const { body, endpoint } = await postJson('details', { productIds: chunk });
        return readProductDetails(body, readContext(endpoint));
      }),

    observe: () => wire.observe(),
  };
}

/** Says once per client where job statuses are asked (an answer's field, or the configured path), for the run's log and report. */
function createJobLocationNote(importInfoPath: string, deps: Pick<Deps, 'onEvent'>): (source: string | undefined) => void {
  let said = false;
  return (source) => {
    if (said) return;
    said = true;
    const where = source === undefined ? `the configured path ${importInfoPath}` : `the import answer's ${source}`;
    deps.onEvent({
      type: 'log',
      level: 'info',
      message: `job status: asked at the location from ${where}`,
      data: { jobStatusFrom: source ?? 'service.paths.importInfo' },
      text: source === undefined ? { key: 'log.job_status_path', data: { path: importInfoPath } } : { key: 'log.job_status_answer', data: { field: source } },
    });
  };
}

/** How the client reads the service's answers (aliases, status words), and what it saw of them. */
interface WireWatch {
  aliases: WireAliases;
  ledger: FieldLedger;
  classify: StatusClassifier;
  /** Every directory page read. */
  pagesSeen: DirectoryPageSeen[];
  /** What an answer of `endpoint` is read with (its fields recorded under `ledgerEndpoint` when given). */
  readContext(endpoint: string, ledgerEndpoint?: string): WireReadContext;
  observe(): WireObservations;
}

function createWireWatch(profile: ServiceProfile, deps: Pick<Deps, 'onEvent'>): WireWatch {
  const aliases = buildWireAliases(profile.fields);
  const ledger = createFieldLedger(deps);
  const pagesSeen: DirectoryPageSeen[] = [];
  return {
    aliases,
    ledger,
    classify: createStatusClassifier(profile.statuses ?? {}, DEFAULT_STATUS_VOCABULARY),
    pagesSeen,
    readContext: (endpoint, ledgerEndpoint) => ({ endpoint, aliases, ledger, ...(ledgerEndpoint ? { ledgerEndpoint } : {}) }),
    observe: () => ({
      unused: ledger.unusedByEndpoint(),
      notes: ledger.notes(),
      pages: [...pagesSeen],
    }),
  };
}

/**
 * A list page with its paging filled in where the service left it out: the page asked for, the
 * total pages from the total count, and -1 for a total the service does not give.
 */
function completeListPaging(page: ProductListPage, request: ProductListRequest, linkHeader: string | undefined, listUrl: string): ProductListResponse {
  const totalCount = page.paging.totalCount ?? -1;
  const pageSize = page.paging.pageSize ?? request.pageSize;
  const totalPages = page.paging.totalPages ?? (totalCount >= 0 ? Math.ceil(totalCount / Math.max(1, pageSize)) : -1);
  const next = linkHeader ?? (typeof page.paging.next === 'string' && page.paging.next !== '' ? page.paging.next : undefined);
  const cursor = typeof page.paging.cursor === 'string' && page.paging.cursor !== '' ? page.paging.cursor : undefined;
  return {
    products: page.products,
    totalCount,
    pageNumber: page.paging.pageNumber ?? request.pageNumber,
    pageSize,
    totalPages,
    ...(next === undefined ? {} : { nextUrl: new URL(next, listUrl).href }),
    ...(cursor === undefined ? {} : { nextCursor: cursor }),
    ...(page.paging.hasNext === undefined ? {} : { hasNext: page.paging.hasNext }),
    ...(next !== undefined || cursor !== undefined || page.paging.next === null || page.paging.cursor === null ? { linkPaged: true } : {}),
  };
}

/** Options with defaults applied and checked. */
interface ResolvedOptions {
  baseUrl: URL;
  timeoutMs: number;
  retry: { limit: number; baseDelayMs: number; maxDelayMs: number };
  pageSize: number;
  detailsConcurrency: number;
  refreshMarginSeconds: number;
  rateLimit: number | undefined;
}

function resolveOptions(options: CatalogClientOptions): ResolvedOptions {
  const issues: Issue[] = [];
  const bad = (path: string, message: string, value?: unknown): void => {
    issues.push(
      createIssue({ stage: 'settings', code: 'client_option_invalid', severity: 'error', path, data: { detail: message }, value: value === undefined ? undefined : String(value) }),
    );
  };
  let baseUrl: URL | undefined;
  try {
    baseUrl = new URL(options.baseUrl);
    if (baseUrl.protocol !== 'http:' && baseUrl.protocol !== 'https:') bad('baseUrl', 'baseUrl must be an http or https URL', options.baseUrl);
  } catch {
    bad('baseUrl', 'baseUrl is not a valid URL', options.baseUrl);
  }
  const resolved = {
    timeoutMs: options.timeoutMs ?? CATALOG_CLIENT_DEFAULTS.timeoutMs,
    retry: {
      limit: options.retry?.limit ?? CATALOG_CLIENT_DEFAULTS.retry.limit,
      baseDelayMs: options.retry?.baseDelayMs ?? CATALOG_CLIENT_DEFAULTS.retry.baseDelayMs,
      maxDelayMs: options.retry?.maxDelayMs ?? CATALOG_CLIENT_DEFAULTS.retry.maxDelayMs,
    },
    pageSize: options.pageSize ?? CATALOG_CLIENT_DEFAULTS.pageSize,
    detailsConcurrency: options.detailsConcurrency ?? CATALOG_CLIENT_DEFAULTS.detailsConcurrency,
    refreshMarginSeconds: options.refreshMarginSeconds ?? CATALOG_CLIENT_DEFAULTS.refreshMarginSeconds,
    rateLimit: options.rateLimit,
  };
  // ky and setTimeout both refuse delays above 2^31 − 1 ms.
  const maxTimer = 2_147_483_647;
  if (!isIntegerIn(resolved.timeoutMs, 1, maxTimer)) bad('timeoutMs', 'timeoutMs must be a positive integer (milliseconds)', resolved.timeoutMs);
  if (!isIntegerIn(resolved.retry.limit, 0, 100)) bad('retry.limit', 'retry.limit must be an integer from 0 to 100', resolved.retry.limit);
  if (!isIntegerIn(resolved.retry.baseDelayMs, 0, maxTimer)) bad('retry.baseDelayMs', 'retry.baseDelayMs must be a non-negative integer', resolved.retry.baseDelayMs);
  if (!isIntegerIn(resolved.retry.maxDelayMs, 0, maxTimer)) bad('retry.maxDelayMs', 'retry.maxDelayMs must be a non-negative integer', resolved.retry.maxDelayMs);
  if (!isIntegerIn(resolved.pageSize, 1, SERVICE_LIMITS.maxPageSize)) bad('pageSize', `pageSize must be an integer from 1 to ${SERVICE_LIMITS.maxPageSize}`, resolved.pageSize);
  if (!isIntegerIn(resolved.detailsConcurrency, 1, 64)) bad('detailsConcurrency', 'detailsConcurrency must be an integer from 1 to 64', resolved.detailsConcurrency);
  if (!(Number.isFinite(resolved.refreshMarginSeconds) && resolved.refreshMarginSeconds >= 0)) {
    bad('refreshMarginSeconds', 'refreshMarginSeconds must be a non-negative number', resolved.refreshMarginSeconds);
  }
  if (resolved.rateLimit !== undefined && !(Number.isFinite(resolved.rateLimit) && resolved.rateLimit > 0)) {
    bad('rateLimit', 'rateLimit must be a positive number of requests per second', resolved.rateLimit);
  }
  if (issues.length > 0 || baseUrl === undefined) {
    throw new ConfigError(`invalid API client options: ${issues.map((issue) => issue.message).join('; ')}`, issues);
  }
  return { baseUrl, ...resolved };
}

function isIntegerIn(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

function definedEntries(paths: Partial<Record<PathName, string>>): Partial<Record<PathName, string>> {
  return Object.fromEntries(Object.entries(paths).filter(([, value]) => typeof value === 'string' && value !== ''));
}

/**
 * Joins the base URL and a path keeping the base's own path prefix: base `https://h/x` and path
 * `/api/v1/categories` give `https://h/x/api/v1/categories`. An absolute URL path is used as is.
 */
function buildUrl(baseUrl: URL, path: string): URL {
  if (/^https?:\/\//i.test(path)) return new URL(path);
  const base = baseUrl.href.replace(/[?#].*$/, '').replace(/\/+$/, '');
  return new URL(`${base}/${path.replace(/^\/+/, '')}`);
}

/**
 * The job-status URL: `infoUrl` resolved against the base URL when the service gave one and it
 * stays on the service's origin (the token is never sent elsewhere), else `importInfo?jobId=`.
 */
function buildJobStatusUrl(
  baseUrl: URL,
  importInfoPath: string,
  job: { jobId: string | number; infoUrl?: string | null | undefined },
  deps: Pick<Deps, 'onEvent'>,
): URL {
  const infoUrl = job.infoUrl?.trim();
  if (infoUrl) {
    let resolved: URL | undefined;
    try {
      resolved = /^[a-z][a-z0-9+.-]*:/i.test(infoUrl) || infoUrl.startsWith('//') ? new URL(infoUrl) : buildRelativeUrl(baseUrl, infoUrl);
    } catch {
      resolved = undefined;
    }
    if (resolved !== undefined && resolved.origin === baseUrl.origin) return resolved;
    deps.onEvent({
      type: 'log',
      level: 'warn',
      message: `job ${job.jobId}: infoUrl is not on the service's origin or not a URL; asking the job-status path instead`,
      data: { infoUrl },
      text: { key: 'log.info_url_foreign', data: { jobId: String(job.jobId) } },
    });
  }
  const url = buildUrl(baseUrl, importInfoPath);
  url.searchParams.set('jobId', String(job.jobId));
  return url;
}

function buildRelativeUrl(baseUrl: URL, infoUrl: string): URL {
  // A path that already starts with the base's prefix is origin-relative; any other is joined to the base.
  const prefix = baseUrl.pathname.replace(/\/+$/, '');
  if (prefix !== '' && infoUrl.startsWith(`${prefix}/`)) return new URL(infoUrl, baseUrl.origin);
  return buildUrl(baseUrl, infoUrl);
}
