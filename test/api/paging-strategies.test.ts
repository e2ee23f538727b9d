/**
 * Paging strategies read from the answers (issue 37, item 1): a next link in the body or in an
 * RFC 8288 `Link` header, a next cursor, offset/limit, a whole list; a sign of more that leads
 * nowhere is an error naming the endpoint, never a short directory. A local server on port 0.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createCatalogClient } from '../../src/api/create-catalog-client.js';
import { readNextLinkHeader } from '../../src/api/load-directory.js';
import { SchemaMismatchError } from '../../src/core/errors.js';
import { makeTestDeps, startLocalServer, tokenAnswer } from './client-test-kit.js';
import type { LocalAnswer, LocalServer, RecordedRequest } from './client-test-kit.js';

const servers: LocalServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(route: (request: RecordedRequest, base: string) => LocalAnswer): Promise<LocalServer> {
  const holder: { url: string } = { url: '' };
  const server = await startLocalServer((request) => (request.path.endsWith('/auth/token') ? tokenAnswer() : route(request, holder.url)));
  holder.url = server.url;
  servers.push(server);
  return server;
}

function clientFor(server: LocalServer) {
  return createCatalogClient({ baseUrl: server.url, credentials: { clientId: 'local', clientSecret: 'secret-42' }, retry: { limit: 0 }, pageSize: 10 }, makeTestDeps().deps);
}

const apiQueries = (server: LocalServer) => server.requests.filter((r) => !r.path.endsWith('/auth/token')).map((r) => r.query.toString());

const all = Array.from({ length: 7 }, (_, i) => ({ id: i + 1, name: `Brand ${i + 1}` }));
/** Three records a page from `offset`, whatever size is asked (a capped page). */
const windowAt = (offset: number) => ({ items: all.slice(offset, offset + 3), nextOffset: offset + 3 < all.length ? offset + 3 : null });

describe('paging strategies', () => {
  it('follows a next link in the body to its null, past pages shorter than asked', async () => {
    const server = await serve(({ query, path }, base) => {
      const { items, nextOffset } = windowAt(Number(query.get('at') ?? 0));
      return { json: { items, next: nextOffset === null ? null : `${base}${path}?at=${nextOffset}` } };
    });
    expect((await clientFor(server).fetchDirectory('brands')).map((b) => b.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(apiQueries(server)).toEqual(['pageNumber=1&pageSize=10', 'at=3', 'at=6']);
  });

  it('follows a HAL-style links.next.href, relative to the page', async () => {
    const server = await serve(({ query, path }) => {
      const { items, nextOffset } = windowAt(Number(query.get('at') ?? 0));
      return { json: { data: items, _links: nextOffset === null ? {} : { next: { href: `${path}?at=${nextOffset}` } } } };
    });
    expect(await clientFor(server).fetchDirectory('brands')).toHaveLength(7);
  });

  it('follows an RFC 8288 Link header rel="next" until a page has none', async () => {
    const server = await serve(({ query, path }, base) => {
      const { items, nextOffset } = windowAt(Number(query.get('at') ?? 0));
      return { json: items, headers: nextOffset === null ? {} : { link: `<${base}${path}?at=0>; rel="first", <${base}${path}?at=${nextOffset}>; rel="next"` } };
    });
    expect(await clientFor(server).fetchDirectory('brands')).toHaveLength(7);
    expect(apiQueries(server)).toEqual(['pageNumber=1&pageSize=10', 'at=3', 'at=6']);
  });

  it('sends a next cursor back as `cursor`, with the page size, until it is null', async () => {
    const server = await serve(({ query }) => {
      const { items, nextOffset } = windowAt(Number(query.get('cursor') ?? 0));
      return { json: { results: items, nextCursor: nextOffset === null ? null : String(nextOffset) } };
    });
    expect(await clientFor(server).fetchDirectory('brands')).toHaveLength(7);
    expect(apiQueries(server)).toEqual(['pageNumber=1&pageSize=10', 'pageSize=10&cursor=3', 'pageSize=10&cursor=6']);
  });

  it('pages by offset/limit when the answer echoes an offset', async () => {
    const server = await serve(({ query }) => {
      const offset = Number(query.get('offset') ?? 0);
      const limit = Number(query.get('limit') ?? 3);
      return { json: { items: all.slice(offset, offset + Math.min(limit, 3)), offset, limit: 3 } };
    });
    expect(await clientFor(server).fetchDirectory('brands')).toHaveLength(7);
    expect(apiQueries(server)).toEqual(['pageNumber=1&pageSize=10', 'pageSize=10&offset=3&limit=10', 'pageSize=10&offset=6&limit=10', 'pageSize=10&offset=7&limit=10']);
  });

  it('refuses a next link that leads back to records already read, naming the endpoint', async () => {
    const server = await serve(({ path }, base) => ({ json: { items: all.slice(0, 3), next: `${base}${path}?again=1` } }));
    const error = await clientFor(server).fetchDirectory('brands').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SchemaMismatchError);
    expect((error as Error).message).toMatch(/GET \/api\/v1\/seller\/brands.*next link .*led back.*refusing a short directory of 3 brands/);
  });

  it('refuses a service that says hasNext but sends the same page again', async () => {
    const server = await serve(() => ({ json: { items: all.slice(0, 3), hasMore: true } }));
    const error = await clientFor(server).fetchDirectory('brands').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as Error).message).toMatch(/there are more \(paging fields hasMore\); refusing a short directory/);
  });

  it('refuses a full first page repeated (a service that ignores pageNumber), but takes a whole list longer than asked', async () => {
    const full = await serve(() => ({ json: Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `B${i}` })) }));
    await expect(clientFor(full).fetchDirectory('brands')).rejects.toThrow(/first page was full \(10 of 10\)/);
    const whole = await serve(() => ({ json: Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `B${i}` })) }));
    expect(await clientFor(whole).fetchDirectory('brands')).toHaveLength(12);
  });

  it.each([true, false])('detects pages numbered from 0 (with a total: %s): page 0 is asked once and its records kept', async (withTotal) => {
    const server = await serve(({ query }) => {
      const page = Number(query.get('pageNumber'));
      const items = page < 0 ? [] : all.slice(page * 3, page * 3 + 3);
      return { json: withTotal ? { items, pageNumber: page, totalCount: all.length } : items };
    });
    expect((await clientFor(server).fetchDirectory('brands')).map((b) => b.id).sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(apiQueries(server).at(-1)).toBe('pageNumber=0&pageSize=10');
  });

  it('asks page 0 of a service numbering from 1 only without a total, and takes its 400 as "from 1"', async () => {
    const server = await serve(({ query }) => {
      const page = Number(query.get('pageNumber'));
      if (page < 1) return { status: 400, json: { errors: { pageNumber: ['OUT_OF_RANGE'] } } };
      return { json: all.slice((page - 1) * 3, page * 3) };
    });
    expect(await clientFor(server).fetchDirectory('brands')).toHaveLength(7);
    expect(apiQueries(server)).toEqual(['pageNumber=1&pageSize=10', 'pageNumber=2&pageSize=10', 'pageNumber=3&pageSize=10', 'pageNumber=4&pageSize=10', 'pageNumber=0&pageSize=10']);
  });

  it('reads the next target of a Link header among other relations', () => {
    expect(readNextLinkHeader('<https://x/a?p=1>; rel="prev", <https://x/a?p=3>; rel="next"')).toBe('https://x/a?p=3');
    expect(readNextLinkHeader('<https://x/a?p=3>; rel=next')).toBe('https://x/a?p=3');
    expect(readNextLinkHeader('<https://x/a?p=1>; rel="prev"')).toBeUndefined();
    expect(readNextLinkHeader(null)).toBeUndefined();
  });
});

const products = Array.from({ length: 7 }, (_, i) => ({ productId: 1000 + i, productName: { rus: `Товар ${i}`, kaz: '' } }));
const listOf = async (server: LocalServer) => {
  const ids: number[] = [];
  for await (const product of clientFor(server).listAllProducts({})) ids.push(product.productId);
  return ids;
};
const bodyOf = (request: RecordedRequest) => (request.body ?? {}) as { pageNumber?: number; cursor?: string };

describe('product list paging', () => {
  it('follows a next cursor sent back in the body, whatever pageNumber says', async () => {
    const server = await serve((request) => {
      const at = Number(bodyOf(request).cursor ?? 0);
      return { json: { products: products.slice(at, at + 3), nextCursor: at + 3 < products.length ? String(at + 3) : null } };
    });
    expect(await listOf(server)).toEqual(products.map((p) => p.productId));
    expect(server.requests.filter((r) => r.method === 'POST' && !r.path.endsWith('/auth/token')).map((r) => bodyOf(r).cursor ?? '-')).toEqual(['-', '3', '6']);
  });

  it('follows a Link header rel="next", posting the same body there', async () => {
    const server = await serve((request, base) => {
      const at = Number(request.query.get('at') ?? 0);
      return { json: { products: products.slice(at, at + 3) }, headers: at + 3 < products.length ? { link: `<${base}${request.path}?at=${at + 3}>; rel="next"` } : {} };
    });
    expect(await listOf(server)).toHaveLength(7);
  });

  it('refuses a cursor that leads back to products already listed, naming the endpoint', async () => {
    const server = await serve(() => ({ json: { products: products.slice(0, 3), nextCursor: 'again' } }));
    await expect(listOf(server)).rejects.toThrow(/products\/list.*brought only products already listed, yet its next link or cursor led back to them/);
  });

  it('detects a list numbered from 0: its first page is not lost', async () => {
    const server = await serve((request) => {
      const page = bodyOf(request).pageNumber ?? 0;
      return { json: { products: products.slice(page * 3, page * 3 + 3), totalCount: products.length, pageNumber: page } };
    });
    expect((await listOf(server)).sort()).toEqual(products.map((p) => p.productId));
  });
});

describe('page size refused', () => {
  it('names service.pageSizes.list for a 400 about the list page size, and service.pageSizes.<directory> for a directory', async () => {
    const server = await serve(() => ({ status: 400, json: { status: 400, errorCode: 'VALIDATION_ERROR', errors: { pageSize: [{ code: 'OUT_OF_RANGE', description: 'at most 50' }] } } }));
    await expect(clientFor(server).listProducts({ pageNumber: 1, pageSize: 100 })).rejects.toThrow(/page size asked was 100: set a size the service accepts in service\.pageSizes\.list/);
    await expect(clientFor(server).fetchDirectory('brands')).rejects.toThrow(/page size asked was 10: set a size the service accepts in service\.pageSizes\.brands/);
  });
});
