/**
 * A `CatalogClient` that creates the real one at its first request (issue 39): a dry run whose
 * directories are cached sends nothing, so it should load neither the HTTP client (ky, the wire
 * readers) nor, with `--sandbox`, start the embedded sandbox. Concurrent first calls share one
 * creation; a creation that failed fails every call made with it, and the next call tries again.
 */
import type { CatalogClient, WireObservations } from '../api/create-catalog-client.js';

/** Creates the real client; called at the first request. */
type CreateClient = () => Promise<CatalogClient>;

/** The deferred client, and the creation of its real client. */
export interface DeferredClient {
  client: CatalogClient;
  /** Creates the real client now (once; again after a failed creation). */
  create(): Promise<CatalogClient>;
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
  // Every argument forwarded as given (rest parameters): a wrapper that names fewer parameters than
  // the client drops the rest silently — it once dropped the import's `onDepart`, and with it the
  // departure mark every resume relies on to know a request never left.
  const client: CatalogClient = {
    getToken: async () => (await get()).getToken(),
    fetchDirectory: (async (...args: Parameters<CatalogClient['fetchDirectory']>) => (await get()).fetchDirectory(...args)) as CatalogClient['fetchDirectory'],
    fetchDirectories: async () => (await get()).fetchDirectories(),
    readFirstDirectoryPage: async (...args) => (await get()).readFirstDirectoryPage(...args),
    importProducts: async (...args) => (await get()).importProducts(...args),
    getJobStatus: async (...args) => (await get()).getJobStatus(...args),
    listProducts: async (...args) => (await get()).listProducts(...args),
    listAllProducts: (...args) => ({
      async *[Symbol.asyncIterator]() {
        yield* (await get()).listAllProducts(...args);
      },
    }),
    getProductDetails: async (...args) => (await get()).getProductDetails(...args),
    // Nothing was seen before the first request.
    observe: () => real?.observe() ?? emptyObservations(),
  };
  return { client, create: get };
}

function emptyObservations(): WireObservations {
  return { unused: new Map(), notes: [], pages: [] };
}
