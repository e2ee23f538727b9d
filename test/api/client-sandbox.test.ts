/**
 * The client over real HTTP against the sandbox: auth, token life cycle, paging, retries, the
 * import's no-repeat rule, listing and details.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isAmbiguousSendError } from '../../src/api/ambiguous-send-error.js';
import { createCatalogClient } from '../../src/api/create-catalog-client.js';
import type { CatalogClient, CatalogClientOptions } from '../../src/api/create-catalog-client.js';
import type { Directories, ImportItem } from '../../src/domain/index.js';
import { ApiError, ConfigError } from '../../src/core/errors.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { SandboxHandle } from '../../src/sandbox/start-sandbox.js';
import { makeTestDeps } from './client-test-kit.js';
import type { TestDeps } from './client-test-kit.js';

const SELLER = { clientId: 'sandbox-seller', clientSecret: 'sandbox-secret-1' };
const SHOP = 1001;

let sandbox: SandboxHandle;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, jobDelayMs: 60_000 });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.setFaults({ script: [], rateLimit: null, failureRate: 0, dropRate: 0, latencyMs: 0, jobStatusFailures: 0 });
  sandbox.resetStats();
});

function connect(options: Partial<CatalogClientOptions> = {}, testDeps: TestDeps = makeTestDeps()): TestDeps & { client: CatalogClient } {
  const client = createCatalogClient({ baseUrl: sandbox.url, credentials: SELLER, retry: { limit: 3, baseDelayMs: 200 }, ...options }, testDeps.deps);
  return { client, ...testDeps };
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** A product the sandbox accepts: a leaf category with every required attribute given. */
function buildValidProduct(directories: Directories, n: number, categoryIndex = 0): ImportItem {
  const category = directories.categories[categoryIndex];
  if (category === undefined) throw new Error('no category');
  const attributes: ImportItem['attributes'] = [];
  const skuValues: string[] = [];
  for (const attribute of directories.attributes) {
    const link = attribute.categories.find((c) => c.categoryId === category.id);
    if (link === undefined || !link.isRequired) continue;
    const value = directories.values.find((v) => v.attributeCode === attribute.code)?.code;
    const given = attribute.type === 'number' ? '1' : attribute.type === 'boolean' ? 'true' : attribute.type === 'text' ? 'text' : value;
    if (given === undefined) throw new Error(`no value for ${attribute.code}`);
    if (attribute.isSkuDefining) skuValues.push(given);
    else attributes.push({ code: attribute.code, valueCodes: [given] });
  }
  const brand = directories.brands[0];
  if (brand === undefined) throw new Error('no brand');
  return {
    shopId: SHOP,
    productId: null,
    categoryId: category.id,
    brandId: brand.id,
    isLocalMade: false,
    name: { rus: `Товар ${n}`, kaz: `Тауар ${n}` },
    description: { rus: '<p>Описание</p>', kaz: '' },
    vat: 12,
    attributes,
    skus: [{ skuId: null, attributeValueCodes: skuValues, price: 1000 + n, barcode: `CLIENT-TEST-${n}`, photos: [] }],
  };
}

describe('auth', () => {
  it('checks the credentials locally before sending anything', async () => {
    const { client } = connect({ credentials: { clientId: 'sandbox-seller', clientSecret: 'short' } });
    const error = (await caught(client.getToken())) as ConfigError;
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.issues.map((issue) => issue.code)).toEqual(['client_secret_too_short', 'client_secret_no_digit']);
    expect(error.message).not.toContain('short"');
    expect(sandbox.stats().requests).toBe(0);
  });

  it('a wrong secret is API_AUTH_REJECTED (401) without the secret in the message', async () => {
    const secret = 'wrong-secret-99';
    const { client } = connect({ credentials: { clientId: 'sandbox-seller', clientSecret: secret } });
    const error = (await caught(client.fetchDirectory('brands'))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('API_AUTH_REJECTED');
    expect(error.status).toBe(401);
    expect(error.message).toContain('Unknown client id or wrong client secret');
    expect(`${error.message} ${JSON.stringify(error)}`).not.toContain(secret);
    expect(sandbox.stats().byRoute['brands'] ?? 0).toBe(0);
  });

  it('a 400 from the token endpoint is API_AUTH_REJECTED with its field errors', async () => {
    sandbox.setFaults({
      script: [{ path: '/api/v1/auth/token', times: 1, action: { status: 400, body: { errorCode: 'VALIDATION_ERROR', errorMessage: 'bad key', errors: { ClientSecret: [{ code: 'REVOKED', description: 'key revoked' }] } } } }],
    });
    const { client } = connect();
    const error = (await caught(client.getToken())) as ApiError;
    expect(error.code).toBe('API_AUTH_REJECTED');
    expect(error.fieldErrors).toEqual([{ field: 'clientSecret', code: 'REVOKED', description: 'key revoked' }]);
    expect(error.message).toContain('bad key; clientSecret: REVOKED (key revoked)');
    expect(error.message).not.toContain(SELLER.clientSecret);
  });

  it('caches the token across requests', async () => {
    const { client } = connect();
    const token = await client.getToken();
    await client.fetchDirectory('attributes');
    await client.fetchDirectory('attributes');
    expect(await client.getToken()).toBe(token);
    expect(sandbox.stats().byRoute['token']).toBe(1);
  });

  it('shares one token request between concurrent callers', async () => {
    const { client } = connect();
    const tokens = await Promise.all([client.getToken(), client.getToken(), client.fetchDirectory('attributes').then(() => client.getToken())]);
    expect(new Set(tokens).size).toBe(1);
    expect(sandbox.stats().byRoute['token']).toBe(1);
  });

  it('refreshes the token before it expires, by the monotonic clock, whatever the wall clock says', async () => {
    // The service's time, which the client's monotonic clock follows; the client's wall clock is
    // set an hour back and two hours forward meanwhile.
    let clock = Date.parse('2025-03-01T12:00:00Z');
    let wallShift = 0;
    const short = await startSandbox({ port: 0, tokenTtlSeconds: 300, now: () => new Date(clock) });
    try {
      const testDeps = makeTestDeps({ now: () => new Date(clock + wallShift), monotonic: () => clock });
      const client = createCatalogClient({ baseUrl: short.url, credentials: SELLER, refreshMarginSeconds: 60 }, testDeps.deps);
      const first = await client.getToken();
      wallShift = 2 * 3_600_000;
      expect(await client.getToken()).toBe(first);
      wallShift = -3_600_000;
      clock += 239_000;
      expect(await client.getToken()).toBe(first);
      clock += 1_000;
      const second = await client.getToken();
      expect(second).not.toBe(first);
      await client.fetchDirectory('attributes');
      expect(short.stats().byRoute['token']).toBe(2);
      // The refresh came early: the old token would still have worked.
      expect(short.stats().byRoute['attributes']).toBe(1);
    } finally {
      await short.close();
    }
  });

  it('re-authenticates exactly once after a 401 and repeats the request once', async () => {
    const { client } = connect();
    await client.getToken();
    sandbox.expireTokens();
    const attributes = await client.fetchDirectory('attributes');
    expect(attributes).toHaveLength(sandbox.reference.attributes.length);
    expect(sandbox.stats().byRoute['token']).toBe(2);
    expect(sandbox.stats().byRoute['attributes']).toBe(2);
  });

  it('gives up with API_AUTH_REJECTED when the new token is refused too', async () => {
    sandbox.setFaults({ script: [{ path: '/api/v1/seller/brands', times: 2, action: { status: 401 } }] });
    const { client } = connect();
    const error = (await caught(client.fetchDirectory('brands'))) as ApiError;
    expect(error.code).toBe('API_AUTH_REJECTED');
    expect(error.message).toContain('even after re-authenticating');
    expect(sandbox.stats().byRoute['token']).toBe(2);
    expect(sandbox.stats().byRoute['brands']).toBe(2);
  });
});

describe('directories', () => {
  it('reads every page of every directory', async () => {
    const { client } = connect();
    const directories = await client.fetchDirectories();
    const reference = sandbox.reference;
    const leaves = reference.categories.filter((c) => c.isLeaf);
    expect(directories.categories.map((c) => c.id)).toEqual(leaves.map((c) => c.id));
    expect(directories.attributes).toHaveLength(reference.attributes.length);
    expect(directories.values.map((v) => v.code)).toEqual(reference.values.map((v) => v.code));
    expect(directories.brands.map((b) => b.id)).toEqual(reference.brands.map((b) => b.id));
    expect(directories.fetchedAt).toBe('2025-03-01T12:00:00.000Z');
    const pages = (n: number, size: number): number => Math.max(1, Math.ceil(n / size));
    expect(sandbox.stats().byRoute).toMatchObject({
      categories: pages(leaves.length, 100),
      attributes: pages(reference.attributes.length, 100),
      values: pages(reference.values.length, 100),
      brands: pages(reference.brands.length, 100),
    });
  });

  it('pages with a small page size', async () => {
    const { client } = connect({ pageSize: 7 });
    const attributes = await client.fetchDirectory('attributes');
    expect(attributes.map((a) => a.code)).toEqual(sandbox.reference.attributes.map((a) => a.code));
    expect(sandbox.stats().byRoute['attributes']).toBe(Math.ceil(sandbox.reference.attributes.length / 7));
  });
});

describe('retries', () => {
  it('waits as Retry-After says on 429, then succeeds', async () => {
    sandbox.setFaults({ script: [{ path: '/api/v1/seller/attributes', times: 2, action: { status: 429, retryAfterSeconds: 3 } }] });
    const { client, waits, events } = connect();
    // Paths are prefixes: `/api/v1/seller/attributes` also matches the values path, so read attributes only.
    await client.fetchDirectory('attributes');
    expect(waits).toEqual([3000, 3000]);
    expect(events.filter((e) => e.type === 'http:retry')).toEqual([
      { type: 'http:retry', endpoint: 'GET /api/v1/seller/attributes', attempt: 1, status: 429, waitMs: 3000 },
      { type: 'http:retry', endpoint: 'GET /api/v1/seller/attributes', attempt: 2, status: 429, waitMs: 3000 },
    ]);
    // Each 429 is told as a rate-limit log line: too few answers to measure a rate, so only the pause.
    const logs = events.flatMap((e) => (e.type === 'log' ? [e.message] : []));
    expect(logs).toEqual([
      'rate limit: the service answered 429 with Retry-After 3000 ms; pausing every request 3000 ms',
      'rate limit: the service answered 429 with Retry-After 3000 ms; pausing every request 3000 ms',
    ]);
    expect(sandbox.stats().byRoute['attributes']).toBe(3);
  });

  it('retries 503 and dropped connections with growing backoff', async () => {
    sandbox.setFaults({
      script: [
        { path: '/api/v1/seller/brands', times: 1, action: { status: 503 } },
        { path: '/api/v1/seller/brands', times: 1, action: { drop: true } },
      ],
    });
    const { client, waits, events } = connect({ retry: { limit: 3, baseDelayMs: 200 } });
    expect(await client.fetchDirectory('brands')).toHaveLength(sandbox.reference.brands.length);
    // random() is 0.5: half of 200, then half of 400.
    expect(waits).toEqual([100, 200]);
    expect(events.map((e) => (e.type === 'http:retry' ? e.status : e.type))).toEqual([503, undefined]);
  });

  it('gives up with API_UNREACHABLE when the retries run out', async () => {
    sandbox.setFaults({ script: [{ path: '/api/v1/categories', times: 10, action: { status: 503 } }] });
    const { client } = connect({ retry: { limit: 2, baseDelayMs: 10 } });
    const error = (await caught(client.fetchDirectory('categories'))) as ApiError;
    expect(error.code).toBe('API_UNREACHABLE');
    expect(error.status).toBe(503);
    expect(error.message).toBe(
      'GET /api/v1/categories answered 503 Service Unavailable after 3 attempt(s): The service is temporarily unavailable.',
    );
    expect(sandbox.stats().byRoute['categories']).toBe(3);
  });

  it('does not retry a 400', async () => {
    const { client, waits } = connect();
    const error = (await caught(client.listProducts({ pageNumber: 0, pageSize: 500 }))) as ApiError;
    expect(error.code).toBe('API_ERROR');
    expect(error.status).toBe(400);
    expect(error.errorCode).toBe('VALIDATION_ERROR');
    expect(error.fieldErrors.map((f) => f.field).sort()).toEqual(['pageNumber', 'pageSize']);
    expect(error.message).toMatch(/^POST \/api\/seller\/v1\/products\/list answered 400 Bad Request: The list request is not valid\.; /);
    expect(error.message).toContain('pageSize: ');
    expect(waits).toEqual([]);
    expect(sandbox.stats().byRoute['list']).toBe(1);
  });
});

describe('import', () => {
  let directories: Directories;
  beforeAll(async () => {
    directories = await connect().client.fetchDirectories();
  });

  it('submits products, answers 202, and reads the job status through infoUrl', async () => {
    const { client } = connect();
    const accepted = await client.importProducts([buildValidProduct(directories, 1), buildValidProduct(directories, 2)]);
    expect(accepted).toMatchObject({ httpStatus: 202, receivedItems: 2 });
    expect(accepted.infoUrl).toContain(`jobId=${accepted.jobId}`);
    await sandbox.settleJobs();
    const status = await client.getJobStatus(accepted);
    expect(status.jobId).toBe(accepted.jobId);
    expect(status.products.map((p) => p.status)).toEqual(['Success', 'Success']);
    expect(status.products.every((p) => typeof p.productId === 'number')).toBe(true);
  });

  it('does not repeat an import whose connection dropped or that got 503, but does repeat one refused with 429', async () => {
    const { client, waits } = connect();
    sandbox.setFaults({ script: [{ path: '/api/seller/v1/products/import', times: 1, action: { dropAfterHandling: true } }] });
    const dropped = await caught(client.importProducts([buildValidProduct(directories, 3)]));
    expect(isAmbiguousSendError(dropped)).toBe(true);
    expect((dropped as ApiError).code).toBe('API_UNREACHABLE');
    // The sandbox did queue it: a repeat would have been a duplicate.
    expect(sandbox.stats()).toMatchObject({ importRequests: 1, byRoute: { import: 1 } });

    sandbox.setFaults({ script: [{ path: '/api/seller/v1/products/import', times: 1, action: { status: 503 } }] });
    const unavailable = (await caught(client.importProducts([buildValidProduct(directories, 4)]))) as ApiError;
    expect(isAmbiguousSendError(unavailable)).toBe(true);
    expect(unavailable.status).toBe(503);
    expect(sandbox.stats().byRoute['import']).toBe(2);

    sandbox.setFaults({ script: [{ path: '/api/seller/v1/products/import', times: 1, action: { status: 429, retryAfterSeconds: 1 } }] });
    const accepted = await client.importProducts([buildValidProduct(directories, 5)]);
    expect(accepted.httpStatus).toBe(202);
    expect(sandbox.stats().byRoute['import']).toBe(4);
    expect(waits).toEqual([1000]);
  });

  it('shows the field errors of a refused import request', async () => {
    const { client } = connect();
    const products = Array.from({ length: 31 }, (_, i) => buildValidProduct(directories, 100 + i));
    const error = (await caught(client.importProducts(products))) as ApiError;
    expect(error.code).toBe('API_ERROR');
    expect(error.fieldErrors).toEqual([{ field: 'products', code: 'TOO_MANY', description: 'at most 30 products per request (got 31)' }]);
    expect(error.message).toBe(
      'POST /api/seller/v1/products/import answered 400 Bad Request: At most 30 products per request.; products: TOO_MANY (at most 30 products per request (got 31))',
    );
  });
});

describe('list and details', () => {
  const seller2 = { clientId: 'sandbox-seller-2', clientSecret: 'sandbox-secret-2' };
  let ids: number[] = [];
  let client: CatalogClient;

  beforeAll(async () => {
    // The second seller's own catalog, so that the import tests above cannot change what is listed.
    client = createCatalogClient({ baseUrl: sandbox.url, credentials: seller2, pageSize: 20 }, makeTestDeps().deps);
    const directories = await client.fetchDirectories();
    const shop = sandbox.credentials.find((c) => c.clientId === seller2.clientId)?.shopIds[0] ?? 0;
    for (let batch = 0; batch < 3; batch += 1) {
      const products = Array.from({ length: 22 }, (_, i) => ({ ...buildValidProduct(directories, 1000 + batch * 22 + i, batch), shopId: shop }));
      await client.importProducts(products);
    }
    await sandbox.settleJobs();
    ids = sandbox.products(seller2.clientId).map((p) => p.productId);
  });

  it('created 66 products to work with', () => {
    expect(ids).toHaveLength(66);
  });

  it('lists one page, and every page with listAllProducts', async () => {
    const page = await client.listProducts({ pageNumber: 2, pageSize: 25, sortBy: 'id', sortDirection: 'Asc' });
    expect(page).toMatchObject({ pageNumber: 2, pageSize: 25, totalCount: 66, totalPages: 3 });
    expect(page.products.map((p) => p.productId)).toEqual([...ids].sort((a, b) => a - b).slice(25, 50));

    sandbox.resetStats();
    const all: number[] = [];
    for await (const product of client.listAllProducts({ sortBy: 'id', sortDirection: 'Desc' })) all.push(product.productId);
    expect(all).toEqual([...ids].sort((a, b) => b - a));
    expect(sandbox.stats().byRoute['list']).toBe(4);
  });

  it('applies filters', async () => {
    const directories = await client.fetchDirectories();
    const categoryId = directories.categories[1]?.id ?? 0;
    const found: number[] = [];
    for await (const product of client.listAllProducts({ filters: { categoryIds: [categoryId] } })) {
      expect(product.categoryId).toBe(categoryId);
      found.push(product.productId);
    }
    expect(found).toHaveLength(22);
    const search = await client.listProducts({ pageNumber: 1, pageSize: 10, filters: { search: 'Товар 1005' } });
    expect(search.products.map((p) => p.productName?.rus)).toEqual(['Товар 1005']);
  });

  it('reads details in chunks of 30, keeping the input order and leaving out unknown ids', async () => {
    sandbox.resetStats();
    const shuffled = [...ids.slice(0, 65)].reverse();
    const unknown = 987_654_321;
    const details = await client.getProductDetails([shuffled[0] ?? 0, unknown, ...shuffled.slice(1)]);
    expect(details.map((d) => d.productId)).toEqual(shuffled);
    expect(sandbox.stats().byRoute['details']).toBe(3);
    expect(details[0]?.skus[0]?.skuBarcode).toMatch(/^CLIENT-TEST-/);
  });

  it('keeps to detailsConcurrency', async () => {
    const limited = createCatalogClient({ baseUrl: sandbox.url, credentials: seller2, detailsConcurrency: 1 }, makeTestDeps().deps);
    await limited.getToken();
    sandbox.setFaults({ latencyMs: 20 });
    sandbox.resetStats();
    await limited.getProductDetails([...ids, ...ids]);
    expect(sandbox.stats()).toMatchObject({ maxInFlight: 1, byRoute: { details: 3 } });
  });
});
