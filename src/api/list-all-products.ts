/**
 * Every product of a list request, page after page: a total the service announces is followed
 * even past a short page (a capped page size), and a list that ends short of it is refused;
 * without a total, pages are asked until one comes empty. The same page twice means the service
 * ignores the page number: listing stops rather than loops.
 */
import { SchemaMismatchError } from '../core/errors.js';
import type { ProductListItem, ProductListRequest, ProductListResponse } from '../domain/index.js';

/** Pages at most, whatever the service says. */
const MAX_LIST_PAGES = 100_000;

/** Yields every product `listProducts` gives for `request`, asked `pageSize` at a time; `endpoint` names the list in errors. */
export async function* listAllProducts(
  listProducts: (request: ProductListRequest) => Promise<ProductListResponse>,
  request: Omit<ProductListRequest, 'pageNumber' | 'pageSize'>,
  options: { pageSize: number; endpoint: string },
): AsyncGenerator<ProductListItem> {
  let previousKeys = '';
  let fetched = 0;
  let announced = -1;
  for (let pageNumber = 1; pageNumber <= MAX_LIST_PAGES; pageNumber += 1) {
    const page = await listProducts({ ...request, pageNumber, pageSize: options.pageSize });
    const keys = page.products.map((product) => product.productId).join(',');
    if (page.totalCount >= 0) announced = page.totalCount;
    // The same page twice means the server ignores pageNumber; stop rather than loop.
    if (page.products.length === 0 || keys === previousKeys) break;
    previousKeys = keys;
    fetched += page.products.length;
    yield* page.products;
    // A total is followed even past a short page (a capped page size); without one, page until empty.
    if (announced >= 0 ? fetched >= announced : page.totalPages >= 0 && pageNumber >= page.totalPages) break;
  }
  if (announced >= 0 && fetched < announced) {
    throw new SchemaMismatchError(options.endpoint, [
      { path: '', message: `the service announced ${announced} products but ${fetched} came; refusing a short list. If the service pages otherwise, set service.pageSizes.list in the settings — see docs/service-profile.md` },
    ]);
  }
}
