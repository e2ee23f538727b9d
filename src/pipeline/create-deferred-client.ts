/**
 * A `CatalogClient` that creates the real one at its first request (issue 39): a dry run whose
 * directories are cached sends nothing, so it should load neither the HTTP client (ky, the wire
 * readers) nor, with `--sandbox`, start the embedded sandbox. Concurrent first calls share one
 * creation; a creation that failed fails every call made with it, and the next call tries again.
 */
import type { CatalogClient, WireObservations } from '../api/create-catalog-client.js';

/** Creates the real client; called at the first request. */
export type CreateClient = () => Promise<CatalogClient>;

/** The deferred client and whether its real client was created. */
export interface DeferredClient {
  client: CatalogClient;
  /** Creates the real client now (once; again after a failed creation). */
  create(): Promise<CatalogClient>;
  /** The real client, once a request created it. */
  created(): CatalogClient | undefined;
}

/** Wraps `create` so that it runs at the first request of the returned client. */
export function createDeferredClient(create: CreateClient): DeferredClient {
  let real: CatalogClient | undefined;
  let creating: Promise<CatalogClient> | undefined;
  const get = (): Promise<CatalogClient> => {
    if (real) return Promise.resolve(real);
    creating ??= create().then(
      (client) => (real = client),
      (error: unknown) => {
        creating = undefined;
        throw error;
      },
    );
    return creating;
  };
  const client: CatalogClient = {
    getToken: async () => (await get()).getToken(),
    fetchDirectory: (async (name: Parameters<CatalogClient['fetchDirectory']>[0]) => (await get()).fetchDirectory(name)) as CatalogClient['fetchDirectory'],
    fetchDirectories: async () => (await get()).fetchDirectories(),
    importProducts: async (products, bodyText) => (await get()).importProducts(products, bodyText),
    getJobStatus: async (job) => (await get()).getJobStatus(job),
    listProducts: async (request) => (await get()).listProducts(request),
    listAllProducts: (request) => ({
      async *[Symbol.asyncIterator]() {
        yield* (await get()).listAllProducts(request);
      },
    }),
    getProductDetails: async (ids) => (await get()).getProductDetails(ids),
    // Nothing was seen before the first request.
    observe: () => real?.observe() ?? emptyObservations(),
  };
  return { client, create: get, created: () => real };
}

function emptyObservations(): WireObservations {
  return { unused: new Map(), notes: [], pages: [], statusWords: [] };
}
