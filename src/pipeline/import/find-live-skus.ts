/**
 * Asks the service which SKUs exist, by barcode: every product of the seller through the list,
 * then their details 30 at a time. Used to settle requests whose fate is unknown (so a create is
 * never repeated) and by `reconcile` to rebuild the id memory.
 */
import type { CatalogClient } from '../../api/create-catalog-client.js';
import { SERVICE_LIMITS } from '../../domain/index.js';
import type { ProductDetail } from '../../domain/index.js';

/** A SKU found on the service. */
export interface LiveSku {
  productId: number;
  skuId: number;
  barcode: string;
}

/**
 * Reads the seller's whole catalog (list + details) and calls `onProduct` for each product;
 * `done`, asked after each chunk's details, ends the read early.
 */
export async function scanLiveCatalog(client: CatalogClient, onProduct: (detail: ProductDetail) => void, chunk = 600, done: () => boolean = () => false): Promise<number> {
  let ids: number[] = [];
  let count = 0;
  const drain = async (): Promise<void> => {
    if (!ids.length) return;
    const details = await client.getProductDetails(ids);
    ids = [];
    for (const detail of details) {
      count += 1;
      onProduct(detail);
    }
  };
  for await (const item of client.listAllProducts({ sortBy: 'id', sortDirection: 'Asc' })) {
    ids.push(item.productId);
    if (ids.length < chunk) continue;
    await drain();
    if (done()) return count;
  }
  await drain();
  return count;
}

/** A product to look for: its barcodes, and what may find it without reading the whole catalog. */
export interface SoughtProduct {
  /** Barcodes of SKUs that may have been created. */
  barcodes: readonly string[];
  /** Marketplace id it was sent for, when it was an update. */
  productId: number | null;
  /** Its Russian name as sent, to narrow the list with `search`. */
  name: string | null;
}

/** How `findSentSkus` found what it found. */
export interface SentSkuLookup {
  found: Map<string, LiveSku>;
  /** Whether the whole catalog had to be read (some barcode was not found by the narrow reads). */
  wholeCatalog: boolean;
}

/** Products searched for one by one at most; beyond this, one read of the whole catalog costs less. */
const MAX_SEARCHED_PRODUCTS = 150;
/** Pages of one search read at most (a search that matches more than that narrows nothing). */
const MAX_SEARCH_PAGES = 2;

/**
 * The live SKUs of products that requests of unknown fate may have created, by barcode. Reads only
 * what it needs first: details of the ids the requests were sent for, then the list narrowed by
 * `search` (each product's name and each barcode; what the service's search matches is not
 * documented, so every hit is checked through details, by barcode). Only when some barcode is
 * still not found — the request never created it, or the search does not match it — is the whole
 * catalog read, since a product missed here would be created a second time.
 */
export async function findSentSkus(
  client: CatalogClient,
  sought: readonly SoughtProduct[],
  options: { catalogSize?: number; progress?: SettleProgressLog } = {},
): Promise<SentSkuLookup> {
  const wanted = new Set(sought.flatMap((product) => product.barcodes));
  const found = new Map<string, LiveSku>();
  if (wanted.size === 0) return { found, wholeCatalog: false };
  const { progress } = options;
  // What a settle stopped half-way had found is not asked again.
  for (const [barcode, sku] of progress?.found ?? []) if (wanted.has(barcode)) found.set(barcode, sku);
  const take = (details: readonly ProductDetail[]): void => {
    const fresh: LiveSku[] = [];
    for (const detail of details) {
      for (const sku of detail.skus) {
        const barcode = sku.skuBarcode ?? '';
        if (!wanted.has(barcode)) continue;
        const live = { productId: detail.productId, skuId: sku.skuId, barcode };
        found.set(barcode, live);
        fresh.push(live);
      }
    }
    progress?.onFound(fresh);
  };
  const missing = (): SoughtProduct[] => sought.filter((product) => product.barcodes.some((barcode) => !found.has(barcode)));
  const known = missing().flatMap((product) => (product.productId === null ? [] : [product.productId]));
  if (known.length) take(await client.getProductDetails(known));
  const toSearch = missing();
  if (toSearch.length > 0 && toSearch.length <= MAX_SEARCHED_PRODUCTS && !isWholeReadCheaper(toSearch, found, options.catalogSize)) {
    // Hits are read in details requests of a full batch; only then are their terms journaled as
    // asked, so a settle stopped in between asks them again rather than losing their hits.
    const candidates = new Set<number>();
    const asked: string[] = [];
    const flush = async (): Promise<void> => {
      if (candidates.size) take(await client.getProductDetails([...candidates]));
      for (const term of asked) progress?.onSearched(term);
      candidates.clear();
      asked.length = 0;
    };
    for (const product of toSearch) {
      const terms = [...(product.name ? [product.name] : []), ...product.barcodes.filter((barcode) => !found.has(barcode))];
      for (const term of terms) {
        if (progress?.searched.has(term)) continue;
        for (const id of await searchProductIds(client, term)) candidates.add(id);
        asked.push(term);
        if (candidates.size >= SERVICE_LIMITS.detailsBatch) await flush();
      }
    }
    await flush();
  }
  if (missing().length === 0) return { found, wholeCatalog: false };
  take(await collectCatalog(client, wanted, found));
  return { found, wholeCatalog: true };
}

/** What settling journals as it goes (`StateStore.recordSettleFound`/`recordSettleSearched`), and what an earlier settle left. */
export interface SettleProgressLog {
  found: ReadonlyMap<string, LiveSku>;
  searched: ReadonlySet<string>;
  onFound(found: readonly LiveSku[]): void;
  onSearched(term: string): void;
}

/**
 * Whether one read of the whole catalog (its list pages and details) costs fewer requests than the
 * narrow search would at least (a list call per search term: each product's name and barcodes not
 * found yet). `catalogSize` is what the caller knows of the catalog (the state's known products);
 * unknown, the narrow search is tried first.
 */
export function isWholeReadCheaper(toSearch: readonly SoughtProduct[], found: ReadonlyMap<string, LiveSku>, catalogSize: number | undefined): boolean {
  if (catalogSize === undefined) return false;
  const searches = toSearch.reduce((sum, product) => sum + (product.name ? 1 : 0) + product.barcodes.filter((barcode) => !found.has(barcode)).length, 0);
  const wholeRead = Math.ceil(catalogSize / SERVICE_LIMITS.maxPageSize) + Math.ceil(catalogSize / SERVICE_LIMITS.detailsBatch);
  return wholeRead <= searches;
}

async function searchProductIds(client: CatalogClient, term: string): Promise<number[]> {
  const ids: number[] = [];
  for await (const item of client.listAllProducts({ sortBy: 'id', sortDirection: 'Asc', filters: { search: term } })) {
    ids.push(item.productId);
    if (ids.length >= 100 * MAX_SEARCH_PAGES) break;
  }
  return ids;
}

/**
 * The whole catalog, kept only as far as it holds a sought barcode; the read stops once every
 * sought barcode is found (with those found before), in pages of `EARLY_STOP_CHUNK` products.
 */
async function collectCatalog(client: CatalogClient, wanted: ReadonlySet<string>, foundBefore: ReadonlyMap<string, LiveSku>): Promise<ProductDetail[]> {
  const details: ProductDetail[] = [];
  const seen = new Set([...wanted].filter((barcode) => foundBefore.has(barcode)));
  await scanLiveCatalog(
    client,
    (detail) => {
      if (!detail.skus.some((sku) => wanted.has(sku.skuBarcode ?? ''))) return;
      details.push(detail);
      for (const sku of detail.skus) if (wanted.has(sku.skuBarcode ?? '')) seen.add(sku.skuBarcode ?? '');
    },
    EARLY_STOP_CHUNK,
    () => seen.size >= wanted.size,
  );
  return details;
}

/** Products listed between two looks at whether every sought barcode was found. */
const EARLY_STOP_CHUNK = 300;
