/**
 * The deferred client (issue 39): the real client is created at the first request, once for
 * requests made together, and again after a creation that failed.
 */
import { describe, expect, it } from 'vitest';
import type { CatalogClient } from '../../src/api/create-catalog-client.js';
import { createDeferredClient } from '../../src/pipeline/create-deferred-client.js';

/** A client whose requests answer with fixed values; every method not used here throws. */
function buildClient(token: string): CatalogClient {
  const unused = (): never => {
    throw new Error('not used in this test');
  };
  return {
    getToken: async () => token,
    fetchDirectory: unused as unknown as CatalogClient['fetchDirectory'],
    fetchDirectories: unused,
    readFirstDirectoryPage: unused,
    importProducts: unused,
    getJobStatus: unused,
    listProducts: unused,
    listAllProducts: () => ({
      async *[Symbol.asyncIterator]() {
        yield { productId: 1 } as never;
        yield { productId: 2 } as never;
      },
    }),
    getProductDetails: unused,
    observe: () => ({ unused: new Map(), notes: [`seen by ${token}`], pages: [] }),
  };
}

describe('createDeferredClient', () => {
  it('creates nothing until the first request, then once for requests made together', async () => {
    let creations = 0;
    const deferred = createDeferredClient(async () => {
      creations++;
      return buildClient('t1');
    });
    expect(creations).toBe(0);
    expect(deferred.client.observe().notes).toEqual([]);

    expect(await Promise.all([deferred.client.getToken(), deferred.client.getToken()])).toEqual(['t1', 't1']);
    expect(creations).toBe(1);
    expect(deferred.client.observe().notes).toEqual(['seen by t1']);
  });

  it('forwards every argument: the import\'s onDepart (the departure mark a resume relies on) and a list page\'s next link', async () => {
    const seen: unknown[][] = [];
    const real: CatalogClient = {
      ...buildClient('t1'),
      importProducts: async (...args) => {
        seen.push(args);
        args[2]?.onDepart?.();
        return { httpStatus: 202 } as never;
      },
      listProducts: async (...args) => {
        seen.push(args);
        return { products: [] } as never;
      },
    };
    const deferred = createDeferredClient(async () => real);
    let departed = 0;
    await deferred.client.importProducts([], '{"products":[]}', { onDepart: () => departed++ });
    await deferred.client.listProducts({ pageNumber: 1, pageSize: 1 }, 'https://x.example/next');
    expect(departed).toBe(1);
    expect(seen.map((args) => args.length)).toEqual([3, 2]);
    expect(seen[1]?.[1]).toBe('https://x.example/next');
  });

  it('lists through the real client', async () => {
    const deferred = createDeferredClient(async () => buildClient('t1'));
    const ids: number[] = [];
    for await (const item of deferred.client.listAllProducts({})) ids.push(item.productId);
    expect(ids).toEqual([1, 2]);
  });

  it('fails the requests of a failed creation, and creates again at the next request', async () => {
    let creations = 0;
    const deferred = createDeferredClient(async () => {
      creations++;
      if (creations === 1) throw new Error('sandbox did not start');
      return buildClient('t2');
    });
    await expect(deferred.client.getToken()).rejects.toThrow('sandbox did not start');
    expect(await deferred.client.getToken()).toBe('t2');
    expect(creations).toBe(2);
  });
});
