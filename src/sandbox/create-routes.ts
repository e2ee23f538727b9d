/**
 * The sandbox's endpoints: one route per interface path, each a function from the parsed request
 * (body, query, authenticated seller) to a reply. Routes never throw for bad input: they answer
 * 400/404 with the error body.
 */
import type { PathName } from '../domain/index.js';
import { SERVICE_LIMITS } from '../domain/index.js';
import { buildErrorBody, createFieldErrors } from './build-error-body.js';
import type { FieldErrors } from './build-error-body.js';
import { buildProductDetail } from './build-product-views.js';
import type { ReferenceIndex } from './create-reference-index.js';
import type { SandboxStore } from './create-sandbox-store.js';
import type { TokenRegistry } from './create-token-registry.js';
import { parseDirectoryQuery } from './directory-page.js';
import { isDialectAnswer } from './dialects/index.js';
import type { DialectRequest, SandboxDialect } from './dialects/index.js';
import { buildProductListPage, parseListRequest } from './list-products.js';
import type { SandboxCredential } from './types.js';
import { isPlainRecord } from '../core/is-plain-record.js';

/** A parsed request as a route sees it. */
interface RouteRequest {
  body: unknown;
  query: URLSearchParams;
  /** The authenticated seller; empty for the token route. */
  clientId: string;
  /** Scheme, host and port the client used, for absolute links. */
  baseUrl: string;
}

/** What a route answers. */
export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** One endpoint. */
export interface Route {
  name: PathName;
  /** The path it is served at. */
  path: string;
  method: 'GET' | 'POST';
  /** False only for the token endpoint. */
  auth: boolean;
  handle(request: RouteRequest): Reply;
}

/** What the routes work on. */
interface RouteRuntime {
  store: SandboxStore;
  getIndex: () => ReferenceIndex;
  tokens: TokenRegistry;
  credentials: SandboxCredential[];
  paths: Record<PathName, string>;
  /** How the silent parts of the interface are written. */
  dialect: SandboxDialect;
  /** Called for every accepted import with the number of products. */
  onImportAccepted: (products: number) => void;
}

/** Builds the route table: one small handler per endpoint, each given the runtime. */
export function createRoutes(runtime: RouteRuntime): Route[] {
  const { paths } = runtime;
  const directory = (name: DirectoryName): Route => ({ name, path: paths[name], method: 'GET', auth: true, handle: (request) => handleDirectory(name, request, runtime) });
  return [
    { name: 'token', path: paths.token, method: 'POST', auth: false, handle: ({ body }) => handleToken(body, runtime) },
    directory('categories'),
    directory('attributes'),
    directory('values'),
    directory('brands'),
    { name: 'import', path: paths.import, method: 'POST', auth: true, handle: (request) => handleImport(request, runtime) },
    { name: 'importInfo', path: jobStatusPath(runtime), method: 'GET', auth: true, handle: (request) => handleImportInfo(request, runtime) },
    { name: 'list', path: paths.list, method: 'POST', auth: true, handle: (request) => handleList(request, runtime) },
    { name: 'details', path: paths.details, method: 'POST', auth: true, handle: (request) => handleDetails(request, runtime) },
  ];
}

/** Where the job status is served: the dialect's own path, else the configured one. */
function jobStatusPath(runtime: RouteRuntime): string {
  return runtime.dialect.jobPath ?? runtime.paths.importInfo;
}

/** A reply from what a dialect's writer returned: a bare body, or a body with headers and maybe a status. */
function replyFrom(status: number, written: unknown): Reply {
  return isDialectAnswer(written) ? { status: written.status ?? status, body: written.body, headers: written.headers } : { status, body: written };
}

function dialectRequest(name: PathName, { query, body, baseUrl }: RouteRequest, runtime: RouteRuntime): DialectRequest {
  return { url: `${baseUrl}${runtime.paths[name]}`, query, body };
}

type DirectoryName = 'categories' | 'attributes' | 'values' | 'brands';

/** A page of a directory, at most the dialect's largest page. */
function handleDirectory(name: DirectoryName, request: RouteRequest, runtime: RouteRuntime): Reply {
  const { query } = request;
  const paging = parseDirectoryQuery(query);
  if ('errors' in paging) return validationError('The paging parameters are not valid.', paging.errors);
  const { dialect } = runtime;
  const capped = { pageNumber: paging.pageNumber, pageSize: Math.min(paging.pageSize, dialect.maxPageSize) };
  return replyFrom(200, dialect.directory(name, runtime.getIndex(), capped, query, dialectRequest(name, request, runtime)));
}

/** Queues an import job of 1 to `importBatch` products; the products themselves are checked when the job runs. */
function handleImport({ body, clientId, baseUrl }: RouteRequest, runtime: RouteRuntime): Reply {
  const products = isPlainRecord(body) ? body['products'] : undefined;
  if (!Array.isArray(products)) return refuseField('products must be an array.', 'products', 'REQUIRED', 'products must be a non-empty array');
  if (products.length === 0) return refuseField('products is empty.', 'products', 'EMPTY', 'send at least one product');
  if (products.length > SERVICE_LIMITS.importBatch) {
    return refuseField(`At most ${SERVICE_LIMITS.importBatch} products per request.`, 'products', 'TOO_MANY', `at most ${SERVICE_LIMITS.importBatch} products per request (got ${products.length})`);
  }
  const { readImportItem } = runtime.dialect;
  const job = runtime.store.enqueueJob(clientId, readImportItem ? products.map((item) => readImportItem(item)) : products);
  runtime.onImportAccepted(products.length);
  return replyFrom(202, runtime.dialect.importAccepted({ jobId: job.jobId, receivedItems: job.receivedItems, queuedAt: job.queuedAt, infoPath: `${baseUrl}${jobStatusPath(runtime)}` }));
}

/** The status of one of the seller's jobs. */
function handleImportInfo({ query, clientId }: RouteRequest, runtime: RouteRuntime): Reply {
  const text = query.get('jobId') ?? '';
  if (!/^\d+$/.test(text)) return refuseField('jobId is required.', 'jobId', 'INVALID_VALUE', 'jobId must be a whole number');
  const jobId = runtime.dialect.readJobId(text);
  const job = jobId === undefined ? undefined : runtime.store.viewJob(clientId, jobId);
  if (!job) return { status: 404, body: buildErrorBody(404, 'JOB_NOT_FOUND', `Job ${text} does not exist.`) };
  return { status: 200, body: runtime.dialect.job(job) };
}

/** A page of the seller's products. */
function handleList(request: RouteRequest, runtime: RouteRuntime): Reply {
  const { body, clientId } = request;
  const parsed = parseListRequest(body);
  if ('errors' in parsed) return validationError('The list request is not valid.', parsed.errors);
  const query = { ...parsed.query, pageSize: Math.min(parsed.query.pageSize, runtime.dialect.maxPageSize) };
  const page = buildProductListPage(runtime.store.sellerProducts(clientId), query, runtime.getIndex());
  return replyFrom(200, runtime.dialect.list(page, dialectRequest('list', request, runtime)));
}

/** Details of up to `detailsBatch` of the seller's products; unknown ids are left out. */
function handleDetails({ body, clientId }: RouteRequest, runtime: RouteRuntime): Reply {
  const ids = isPlainRecord(body) ? body['productIds'] : undefined;
  if (ids !== undefined && ids !== null && !(Array.isArray(ids) && ids.every((id) => Number.isSafeInteger(id)))) {
    return refuseField('productIds must be an array of integers.', 'productIds', 'INVALID_TYPE', 'productIds must be an array of integers');
  }
  const list = (ids ?? []) as number[];
  if (list.length > SERVICE_LIMITS.detailsBatch) {
    return refuseField(`At most ${SERVICE_LIMITS.detailsBatch} productIds per request.`, 'productIds', 'TOO_MANY', `at most ${SERVICE_LIMITS.detailsBatch} ids per request (got ${list.length})`);
  }
  const index = runtime.getIndex();
  const products = [...new Set(list)]
    .map((id) => runtime.store.findProduct(clientId, id))
    .filter((p) => p !== undefined)
    .map((p) => buildProductDetail(p, index));
  return { status: 200, body: runtime.dialect.details(products) };
}

function handleToken(body: unknown, runtime: RouteRuntime): Reply {
  const record = isPlainRecord(body) ? body : {};
  const clientId = record['clientId'];
  const clientSecret = record['clientSecret'];
  const problems = createFieldErrors();
  if (typeof clientId !== 'string' || clientId.length < 1) problems.add('clientId', 'MIN_LENGTH', 'clientId must have at least 1 character');
  if (typeof clientSecret !== 'string' || clientSecret.length < 8) problems.add('clientSecret', 'MIN_LENGTH', 'clientSecret must have at least 8 characters');
  if (typeof clientSecret !== 'string' || !/[0-9]/.test(clientSecret)) problems.add('clientSecret', 'PATTERN', 'clientSecret must contain a digit');
  if (problems.has()) return validationError('The token request is not valid.', problems.errors);
  const credential = runtime.credentials.find((c) => c.clientId === clientId && c.clientSecret === clientSecret);
  if (!credential) return { status: 401, body: buildErrorBody(401, 'INVALID_CLIENT', 'Unknown client id or wrong client secret.') };
  const token = runtime.tokens.issue(credential.clientId);
  return { status: 200, body: { accessToken: token.accessToken, expiresIn: token.expiresIn, tokenType: 'Bearer' } };
}

function validationError(message: string, errors: FieldErrors): Reply {
  return { status: 400, body: buildErrorBody(400, 'VALIDATION_ERROR', message, errors) };
}

/** A 400 for one problem of one field, gathered as every request check gathers its problems. */
function refuseField(message: string, field: string, code: string, description: string): Reply {
  const problems = createFieldErrors();
  problems.add(field, code, description);
  return validationError(message, problems.errors);
}
