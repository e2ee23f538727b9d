/**
 * Client behaviour on response shapes and failures the sandbox never produces, against a tiny
 * local server on port 0.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { isAmbiguousSendError } from '../../src/api/ambiguous-send-error.js';
import { createCatalogClient } from '../../src/api/create-catalog-client.js';
import type { CatalogClientOptions } from '../../src/api/create-catalog-client.js';
import { sleepWithSignal } from '../../src/core/deps.js';
import { AbortedError, ApiError, ConfigError, SchemaMismatchError } from '../../src/core/errors.js';
import { makeTestDeps, startLocalServer, tokenAnswer } from './client-test-kit.js';
import type { LocalAnswer, LocalServer, RecordedRequest } from './client-test-kit.js';

const SECRET = 'local-secret-42';
const servers: LocalServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(route: (request: RecordedRequest) => LocalAnswer | Promise<LocalAnswer>): Promise<LocalServer> {
  const server = await startLocalServer((request) => (request.path.endsWith('/auth/token') ? tokenAnswer() : route(request)));
  servers.push(server);
  return server;
}

function clientFor(server: LocalServer, options: Partial<CatalogClientOptions> = {}, deps = makeTestDeps()) {
  const client = createCatalogClient(
    { baseUrl: server.url, credentials: { clientId: 'local', clientSecret: SECRET }, retry: { limit: 2, baseDelayMs: 100 }, ...options },
    deps.deps,
  );
  return { client, ...deps };
}

function apiRequests(server: LocalServer): RecordedRequest[] {
  return server.requests.filter((request) => !request.path.endsWith('/auth/token'));
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

const brand = (id: number) => ({ id, name: `Brand ${id}` });

describe('directory shapes', () => {
  it('pages through a bare array without a total until an empty page (a short page may only be a capped size)', async () => {
    const all = [1, 2, 3, 4, 5].map(brand);
    const server = await serve(({ query }) => {
      const page = Number(query.get('pageNumber'));
      const size = Number(query.get('pageSize'));
      return { json: all.slice((page - 1) * size, page * size) };
    });
    const { client } = clientFor(server, { pageSize: 2 });
    const brands = await client.fetchDirectory('brands');
    expect(brands.map((b) => b.id)).toEqual([1, 2, 3, 4, 5]);
    expect(apiRequests(server).map((r) => `${r.path}?${r.query.toString()}`)).toEqual([
      '/api/v1/seller/brands?pageNumber=1&pageSize=2',
      '/api/v1/seller/brands?pageNumber=2&pageSize=2',
      '/api/v1/seller/brands?pageNumber=3&pageSize=2',
      '/api/v1/seller/brands?pageNumber=4&pageSize=2',
      // No total vouches for the read: page 0 once, for a service numbering from 0 (nothing new here).
      '/api/v1/seller/brands?pageNumber=0&pageSize=2',
    ]);
    expect(apiRequests(server)[0]?.headers.authorization).toBe('Bearer local-token-1');
  });

  it('reads a `data` wrapper with totalPages, and a localized brand name', async () => {
    const server = await serve(({ query }) => {
      const page = Number(query.get('pageNumber'));
      return { json: { data: page === 1 ? [brand(1), brand(2)] : [{ id: 3, name: { rus: 'Бренд', kaz: '' } }, brand(4)], totalPages: 2 } };
    });
    const { client } = clientFor(server, { pageSize: 2 });
    expect(await client.fetchDirectory('brands')).toEqual([
      { id: 1, name: 'Brand 1', code: null },
      { id: 2, name: 'Brand 2', code: null },
      { id: 3, name: 'Бренд', code: null },
      { id: 4, name: 'Brand 4', code: null },
    ]);
    // Pages 1 and 2, then page 0 once (totalPages alone does not say where numbering starts).
    expect(apiRequests(server)).toHaveLength(3);
  });

  it('stops when the server ignores paging and sends the same page again', async () => {
    const server = await serve(() => ({ json: { items: [brand(1), brand(2), brand(3)] } }));
    const { client } = clientFor(server, { pageSize: 2 });
    expect((await client.fetchDirectory('brands')).map((b) => b.id)).toEqual([1, 2, 3]);
    expect(apiRequests(server)).toHaveLength(3);
  });

  it('reads a category tree paged by its roots whole: the total counts roots, each page expands to more records', async () => {
    const root = (id: number) => ({ id, name: `Root ${id}`, children: [1, 2, 3].map((k) => ({ id: id * 10 + k, name: `Leaf ${id}.${k}` })) });
    const roots = [1, 2, 3].map(root);
    const server = await serve(({ query }) => {
      const page = Number(query.get('pageNumber'));
      return { json: { items: roots.slice((page - 1) * 2, page * 2), totalCount: 3 } };
    });
    const { client } = clientFor(server, { pageSize: 2 });
    expect(await client.fetchDirectory('categories')).toHaveLength(12);
    expect(apiRequests(server)).toHaveLength(2);
  });

  it('refuses a flat list that ends short of its announced total, pointing at the total field', async () => {
    const all = [1, 2, 3].map(brand);
    const server = await serve(({ query }) => {
      const page = Number(query.get('pageNumber'));
      return { json: { items: all.slice((page - 1) * 2, page * 2), totalCount: 5 } };
    });
    const { client } = clientFor(server, { pageSize: 2 });
    const error = await caught(client.fetchDirectory('brands'));
    expect(error).toBeInstanceOf(SchemaMismatchError);
    expect((error as Error).message).toMatch(/announced 5 brands but 3 distinct record\(s\) came.*refusing a short directory.*service\.fields\["paging\.totalCount"\]/);
  });

  it('names the endpoint, page and field of a record that breaks the schema', async () => {
    const server = await serve(() => ({ json: { items: [{ id: 1, name: { rus: 'a' } }, { id: 'two', name: { rus: 'b' } }] } }));
    const { client } = clientFor(server);
    const error = await caught(client.fetchDirectory('categories'));
    expect(error).toBeInstanceOf(SchemaMismatchError);
    const mismatch = error as SchemaMismatchError;
    expect(mismatch.endpoint).toBe('GET /api/v1/categories (page 1)');
    expect(mismatch.problems.map((p) => p.path)).toEqual(['items[1].id']);
    expect(mismatch.message).toContain('items[1].id');
  });

  it('rejects a page holding no array with a clear message', async () => {
    const server = await serve(() => ({ json: { things: [brand(1)] } }));
    const { client } = clientFor(server);
    await expect(client.fetchDirectory('brands')).rejects.toThrow(/GET \/api\/v1\/seller\/brands \(page 1\).*expected an array/);
  });
});

describe('responses that break the schema', () => {
  it('an import response without jobId is a SchemaMismatchError naming the field', async () => {
    const server = await serve(() => ({ status: 202, json: { receivedItems: 1 } }));
    const { client } = clientFor(server);
    const error = await caught(client.importProducts([]));
    expect(error).toBeInstanceOf(SchemaMismatchError);
    expect((error as SchemaMismatchError).problems[0]?.path).toBe('jobId');
    expect((error as Error).message).toMatch(/^unexpected response from POST \/api\/seller\/v1\/products\/import: jobId: /);
  });

  it('a read whose success body is never JSON gives up after its retries, naming the endpoint', async () => {
    const server = await serve(() => ({ text: '<html>ok</html>' }));
    const { client } = clientFor(server);
    const error = (await caught(client.listProducts({ pageNumber: 1, pageSize: 10 }))) as ApiError;
    expect(error.code).toBe('API_UNREACHABLE');
    expect(error.message).toBe('POST /api/seller/v1/products/list answered 200 without a readable answer after 3 attempt(s): body is not JSON: <html>ok</html>');
    expect(apiRequests(server)).toHaveLength(3);
  });
});

describe('empty or non-JSON success answers of reads', () => {
  /** Answers each distinct request (method, path and query) blank, then garbled, then with `good`. */
  function blankTwice(good: (request: RecordedRequest) => LocalAnswer): (request: RecordedRequest) => LocalAnswer {
    const seen = new Map<string, number>();
    return (request) => {
      const key = `${request.method} ${request.path}?${request.query.toString()}`;
      const count = seen.get(key) ?? 0;
      seen.set(key, count + 1);
      if (count === 0) return { text: '' };
      if (count === 1) return { text: '{"products": [' };
      return good(request);
    };
  }

  it('asks every read again: token, directory, product list, details and job status', async () => {
    const server = await startLocalServer(
      blankTwice((request) => {
        if (request.path.endsWith('/auth/token')) return tokenAnswer();
        if (request.path.endsWith('/brands')) return { json: request.query.get('pageNumber') === '1' ? [brand(1)] : [] };
        if (request.path.endsWith('/list')) return { json: { products: [], totalCount: 0, pageNumber: 1, pageSize: 10, totalPages: 0 } };
        if (request.path.endsWith('/details')) return { json: [] };
        return { json: { jobId: 9, status: 'Done', products: [] } };
      }),
    );
    servers.push(server);
    const { client, events } = clientFor(server, { pageSize: 1 });
    expect(await client.getToken()).toBe('local-token-1');
    expect((await client.fetchDirectory('brands')).map((b) => b.id)).toEqual([1]);
    expect((await client.listProducts({ pageNumber: 1, pageSize: 10 })).products).toEqual([]);
    expect(await client.getProductDetails([1])).toEqual([]);
    expect((await client.getJobStatus({ jobId: 9 })).products).toEqual([]);
    // Each of the six requests was answered three times: blank, garbled, then read; and the
    // directory's page 0 (no total: asked once for a service numbering from 0), three times too.
    expect(server.requests).toHaveLength(21);
    const retried = events.flatMap((e) => (e.type === 'http:retry' ? [`${e.endpoint} ${e.attempt}`] : []));
    expect(new Set(retried)).toEqual(
      new Set(
        ['POST /api/v1/auth/token', 'GET /api/v1/seller/brands', 'POST /api/seller/v1/products/list', 'POST /api/seller/v1/products/details', 'GET /api/seller/v1/products/import/info'].flatMap(
          (endpoint) => [`${endpoint} 1`, `${endpoint} 2`],
        ),
      ),
    );
  });

  it('gives up on a read that stays blank once the retry budget is spent, naming the endpoint', async () => {
    const server = await serve(() => ({ status: 200, text: '' }));
    const { client } = clientFor(server);
    const error = (await caught(client.getJobStatus({ jobId: 9 }))) as ApiError;
    expect(error.code).toBe('API_UNREACHABLE');
    expect(error.endpoint).toBe('GET /api/seller/v1/products/import/info');
    expect(error.message).toBe('GET /api/seller/v1/products/import/info answered 200 without a readable answer after 3 attempt(s): the body is empty');
    expect(apiRequests(server)).toHaveLength(3);
  });

  it('never asks an import again: a blank 2xx may mean the products were taken', async () => {
    const server = await serve(() => ({ status: 202, text: '' }));
    const { client } = clientFor(server);
    await expect(client.importProducts([])).rejects.toBeInstanceOf(SchemaMismatchError);
    expect(apiRequests(server)).toHaveLength(1);
  });
});

describe('error bodies', () => {
  it('turns PascalCase field errors into fieldErrors and a readable message without the secret', async () => {
    const server = await serve(() => ({
      status: 400,
      json: {
        status: 400,
        errorCode: 'B2B-SELLER-NONE-VALIDATION_ERROR',
        errorMessage: `Validation failed for client secret ${SECRET}`,
        errors: { 'Products[0].Skus[0].Price': [{ Code: 'PRICE_INVALID', Description: 'Price must be positive' }], Vat: ['VAT is required'] },
      },
    }));
    const { client } = clientFor(server);
    const error = (await caught(client.importProducts([]))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('API_ERROR');
    expect(error.status).toBe(400);
    expect(error.errorCode).toBe('B2B-SELLER-NONE-VALIDATION_ERROR');
    expect(error.fieldErrors).toEqual([
      { field: 'products[0].skus[0].price', code: 'PRICE_INVALID', description: 'Price must be positive' },
      { field: 'vat', description: 'VAT is required' },
    ]);
    expect(error.message).toBe(
      'POST /api/seller/v1/products/import answered 400 Bad Request: Validation failed for client secret ***; products[0].skus[0].price: PRICE_INVALID (Price must be positive); vat: VAT is required',
    );
    expect(isAmbiguousSendError(error)).toBe(false);
    expect(apiRequests(server)).toHaveLength(1);
  });

  it('hides an access token the service quotes back', async () => {
    const server = await serve(({ headers }) => ({ status: 403, json: { errorMessage: `token ${String(headers.authorization)} may not do this` } }));
    const { client } = clientFor(server);
    const error = (await caught(client.getProductDetails([1]))) as ApiError;
    expect(error.code).toBe('API_ERROR');
    expect(error.message).toBe('POST /api/seller/v1/products/details answered 403 Forbidden: token Bearer *** may not do this');
  });

  it('a refused token request is API_AUTH_REJECTED and never shows the secret', async () => {
    const server = await startLocalServer(() => ({ status: 400, json: { errorMessage: `secret ${SECRET} is not valid` } }));
    servers.push(server);
    const { client } = clientFor(server);
    const error = (await caught(client.getToken())) as ApiError;
    expect(error.code).toBe('API_AUTH_REJECTED');
    expect(error.endpoint).toBe('POST /api/v1/auth/token');
    expect(error.message).toContain('secret *** is not valid');
    expect(error.message).not.toContain(SECRET);
    expect(JSON.stringify(error)).not.toContain(SECRET);
  });
});

describe('time-outs, dropped connections and refused connections', () => {
  it('retries a slow directory request and gives up with API_UNREACHABLE', async () => {
    const server = await serve(() => ({ json: [], delayMs: 3000 }));
    const { client, events } = clientFor(server, { timeoutMs: 500, retry: { limit: 1, baseDelayMs: 10 } });
    const error = (await caught(client.fetchDirectory('brands'))) as ApiError;
    expect(error.code).toBe('API_UNREACHABLE');
    expect(error.message).toBe('GET /api/v1/seller/brands could not be reached after 2 attempt(s): timed out after 500 ms');
    expect(apiRequests(server)).toHaveLength(2);
    // The token request shares the time-out (500 ms: a loaded machine took more than 60 ms to
    // answer the token at once, and its retry ran out first); if it is retried too, that
    // is not what this test is about.
    expect(events.filter((e) => 'endpoint' in e && e.endpoint === 'GET /api/v1/seller/brands')).toEqual([{ type: 'http:retry', endpoint: 'GET /api/v1/seller/brands', attempt: 1, waitMs: 5 }]);
  });

  it('does not repeat an import that timed out or whose connection dropped', async () => {
    const slow = await serve(() => ({ status: 202, json: { jobId: 1 }, delayMs: 400 }));
    const timedOut = await caught(clientFor(slow, { timeoutMs: 60 }).client.importProducts([]));
    expect(isAmbiguousSendError(timedOut)).toBe(true);
    expect((timedOut as ApiError).code).toBe('API_UNREACHABLE');
    expect((timedOut as Error).message).toMatch(/timed out after 60 ms.*may have been processed/);
    expect(apiRequests(slow)).toHaveLength(1);

    const dropping = await serve(() => 'drop');
    const dropped = await caught(clientFor(dropping).client.importProducts([]));
    expect(isAmbiguousSendError(dropped)).toBe(true);
    expect(apiRequests(dropping)).toHaveLength(1);
  });

  it('retries an import whose connection was refused, since it never reached the service', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const server = await serve(() => ({ status: 202, json: { jobId: 1 } }));
    const { client, events } = clientFor(server, { paths: { import: `http://127.0.0.1:${deadPort}/import` } });
    const error = (await caught(client.importProducts([]))) as ApiError;
    expect(isAmbiguousSendError(error)).toBe(false);
    expect(error.code).toBe('API_UNREACHABLE');
    expect(error.message).toMatch(/could not be reached after 3 attempt\(s\).*ECONNREFUSED/);
    expect(events.filter((event) => event.type === 'http:retry')).toHaveLength(2);
  });

  it('stops at once with AbortedError when the caller aborts', async () => {
    const server = await serve(() => ({ json: [], delayMs: 2000 }));
    const controller = new AbortController();
    const { client } = clientFor(server, {}, makeTestDeps({ signal: controller.signal }));
    setTimeout(() => controller.abort(new Error('Ctrl-C')), 30);
    const started = Date.now();
    await expect(client.fetchDirectory('brands')).rejects.toBeInstanceOf(AbortedError);
    expect(Date.now() - started).toBeLessThan(1500);
  });
});

describe('waits and the clock', () => {
  const listAnswer: LocalAnswer = { json: { products: [], totalCount: 0, pageNumber: 1, pageSize: 10, totalPages: 0 } };

  it('waits out a Retry-After pause on the monotonic clock though the wall clock jumps an hour ahead meanwhile', async () => {
    let refused = false;
    const server = await serve(() => {
      if (refused) return listAnswer;
      refused = true;
      return { status: 429, headers: { 'retry-after': '2' }, json: {} };
    });
    // Simulated time: each wait moves both clocks by its length; the 429's retry event moves the
    // wall clock alone, as a clock set an hour ahead would.
    let monotonic = 0;
    let wall = Date.parse('2025-03-01T12:00:00Z');
    const waits: number[] = [];
    const deps = makeTestDeps({
      monotonic: () => monotonic,
      now: () => new Date(wall),
      sleep: async (ms, signal) => {
        waits.push(ms);
        monotonic += ms;
        wall += ms;
        await new Promise((resolve) => setTimeout(resolve, 1));
        signal?.throwIfAborted();
      },
      onEvent: (event) => {
        if (event.type === 'http:retry' && event.status === 429) wall += 3_600_000;
      },
    });
    const { client } = clientFor(server, {}, deps);
    await client.listProducts({ pageNumber: 1, pageSize: 10 });
    expect(apiRequests(server)).toHaveLength(2);
    // The pause the refused request's Retry-After asked for was waited (in one or more waits).
    expect(waits.reduce((sum, ms) => sum + ms, 0)).toBeGreaterThanOrEqual(2000);
  });

  it('rejects with the abort reason itself when stopped during a retry wait or a rate pause', async () => {
    const stop = new AbortedError('stopped by SIGTERM');
    const unavailable = await serve(() => ({ status: 503, json: {} }));
    const first = new AbortController();
    const backoff = clientFor(unavailable, { retry: { limit: 5, baseDelayMs: 100 } }, makeTestDeps({ signal: first.signal, onEvent: (event) => event.type === 'http:retry' && first.abort(stop) }));
    expect(await caught(backoff.client.fetchDirectory('brands'))).toBe(stop);

    const throttled = await serve(() => ({ status: 429, headers: { 'retry-after': '30' }, json: {} }));
    const second = new AbortController();
    // A real 30 s wait, cut short 20 ms into it.
    const pausedDeps = makeTestDeps({ signal: second.signal, sleep: sleepWithSignal, onEvent: (event) => event.type === 'http:retry' && setTimeout(() => second.abort(stop), 20) });
    const paused = clientFor(throttled, { retry: { limit: 5, baseDelayMs: 100, maxDelayMs: 60_000 } }, pausedDeps);
    expect(await caught(paused.client.listProducts({ pageNumber: 1, pageSize: 10 }))).toBe(stop);
    expect(apiRequests(throttled)).toHaveLength(1);
  });
});

describe('URLs', () => {
  it('keeps a base path prefix and honours path overrides', async () => {
    const server = await serve(() => ({ json: { products: [], totalCount: 0, pageNumber: 1, pageSize: 10, totalPages: 0 } }));
    const { client } = clientFor({ ...server, url: `${server.url}/external/` }, { paths: { list: 'custom/list' } });
    await client.listProducts({ pageNumber: 1, pageSize: 10 });
    expect(server.requests.map((r) => r.path)).toEqual(['/external/api/v1/auth/token', '/external/custom/list']);
  });

  it('follows a relative or same-origin infoUrl, and never sends the token to another origin', async () => {
    const server = await serve(() => ({ json: { jobId: 9, status: 'Done', products: [] } }));
    const { client, events } = clientFor(server);
    await client.getJobStatus({ jobId: 9, infoUrl: '/jobs/9/status' });
    await client.getJobStatus({ jobId: 9, infoUrl: `${server.url}/jobs/9/abs` });
    await client.getJobStatus({ jobId: 9, infoUrl: 'https://elsewhere.example/jobs/9' });
    await client.getJobStatus({ jobId: 9, infoUrl: null });
    expect(apiRequests(server).map((r) => `${r.path}${r.query.size > 0 ? `?${r.query.toString()}` : ''}`)).toEqual([
      '/jobs/9/status',
      '/jobs/9/abs',
      '/api/seller/v1/products/import/info?jobId=9',
      '/api/seller/v1/products/import/info?jobId=9',
    ]);
    expect(events).toContainEqual(expect.objectContaining({ type: 'log', level: 'warn' }));
  });
});

describe('what reaches fetch', () => {
  it("hands fetch ky's whole request: the JSON body inside it, with its content type", async () => {
    const server = await serve(() => ({ status: 202, json: { jobId: 7, receivedItems: 0 } }));
    const handed: { input: unknown; init: RequestInit | undefined; bodyText: string | undefined }[] = [];
    const deps = makeTestDeps({
      fetch: async (input, init) => {
        const bodyText = input instanceof Request ? await input.clone().text() : undefined;
        handed.push({ input, init, bodyText });
        return globalThis.fetch(input, init);
      },
    });
    const { client } = clientFor(server, {}, deps);
    const bodyText = '{"products":[]}';
    await client.importProducts([], bodyText);
    const sent = handed.find((call) => call.input instanceof Request && call.input.url.endsWith('/products/import'));
    expect(sent?.input).toBeInstanceOf(Request);
    const request = sent?.input as Request;
    expect([request.method, request.headers.get('content-type'), sent?.bodyText]).toEqual(['POST', 'application/json', bodyText]);
    expect(sent?.init?.body).toBeUndefined();
    expect(apiRequests(server).map((r) => [r.method, r.headers['content-type'], r.body])).toEqual([['POST', 'application/json', { products: [] }]]);
  });
});

describe('options', () => {
  it('rejects bad options at creation, naming each one', () => {
    const { deps } = makeTestDeps();
    let error: unknown;
    try {
      createCatalogClient({ baseUrl: 'ftp://x', credentials: { clientId: 'a', clientSecret: SECRET }, pageSize: 500, detailsConcurrency: 0 }, deps);
    } catch (caughtError) {
      error = caughtError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues.map((issue) => issue.path)).toEqual(['baseUrl', 'pageSize', 'detailsConcurrency']);
  });

  it('checks the credentials before sending anything', async () => {
    const server = await serve(() => ({ json: [] }));
    const { client } = clientFor(server, { credentials: { clientId: 'x', clientSecret: 'nodigits' } });
    const error = (await caught(client.fetchDirectory('brands'))) as ConfigError;
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toContain('clientSecret must contain a digit');
    expect(error.message).not.toContain('nodigits');
    expect(server.requests).toHaveLength(0);
  });
});
