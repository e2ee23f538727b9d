/**
 * Every product of a list request, page after page, by the first sign of a next page each answer
 * gives: a next link (the `Link` header or the body), a next cursor (sent back as `cursor` in the
 * body), else the page number. A total the service announces is followed even past a short page
 * (a capped page size), and a list that ends short of it is refused; without a total, pages are
 * asked until one comes empty. Numbering from 0 is detected: a page-number read that found fewer
 * than announced, or had no total to check, asks page 0 once, and records it brings are kept. A
 * page that brings only products already listed while the answer still says there are more is an
 * error naming the endpoint and the sign: never a short list.
 */
import { ApiError, SchemaMismatchError } from '../core/errors.js';
import type { ProductListItem, ProductListRequest, ProductListResponse } from '../domain/index.js';

/** Pages at most, whatever the service says. */
const MAX_LIST_PAGES = 100_000;

type ListPage = (request: ProductListRequest, at?: string) => Promise<ProductListResponse>;

/** How the next page is asked. */
type NextAsk = { at: string } | { cursor: string } | { pageNumber: number } | undefined;

function chooseNextAsk(page: ProductListResponse, byPageNumber: boolean, pageNumber: number): NextAsk {
  if (page.nextUrl !== undefined) return { at: page.nextUrl };
  if (page.nextCursor !== undefined) return { cursor: page.nextCursor };
  return byPageNumber ? { pageNumber: pageNumber + 1 } : undefined;
}

/** Yields every product `listProducts` gives for `request`, asked `pageSize` at a time; `endpoint` names the list in errors. */
export async function* listAllProducts(listProducts: ListPage, request: Omit<ProductListRequest, 'pageNumber' | 'pageSize'>, options: { pageSize: number; endpoint: string }): AsyncGenerator<ProductListItem> {
  const seen = new Set<number>();
  let announced = -1;
  let byPageNumber = true;
  let ask: NextAsk = { pageNumber: 1 };
  for (let pages = 1; pages <= MAX_LIST_PAGES && ask !== undefined; pages += 1) {
    const current: NextAsk = ask;
    const pageNumber = 'pageNumber' in current ? current.pageNumber : 1;
    const page = await listProducts({ ...request, pageNumber, pageSize: options.pageSize, ...('cursor' in current ? { cursor: current.cursor } : {}) }, 'at' in current ? current.at : undefined);
    if (page.totalCount >= 0) announced = page.totalCount;
    const fresh = page.products.filter((product) => !seen.has(product.productId));
    for (const product of fresh) seen.add(product.productId);
    yield* fresh;
    if (page.linkPaged === true) byPageNumber = false;
    const next = chooseNextAsk(page, byPageNumber, pageNumber);
    if (page.products.length === 0) break;
    if (fresh.length === 0) {
      const more = !byPageNumber ? 'its next link or cursor led back to them' : page.hasNext === true ? 'it says there are more (hasNext)' : announced > seen.size ? `it announced ${announced}` : undefined;
      if (more !== undefined) throw refuseShortList(options.endpoint, `page ${pages} brought only products already listed, yet ${more}; refusing a short list of ${seen.size}`);
      break;
    }
    if (!byPageNumber) {
      ask = next;
      continue;
    }
    if (page.hasNext === false) break;
    const done = page.hasNext === true ? false : announced >= 0 ? seen.size >= announced : page.totalPages >= 0 && pageNumber >= page.totalPages;
    ask = done ? undefined : next;
  }
  if (byPageNumber && (announced < 0 || seen.size < announced)) yield* askPageZero(listProducts, request, options.pageSize, seen);
  if (announced >= 0 && seen.size < announced) {
    throw refuseShortList(options.endpoint, `the service announced ${announced} products but ${seen.size} came; refusing a short list. If the service pages otherwise, set service.pageSizes.list or service.fields["paging.next"]/["paging.cursor"] in the settings — see docs/service-profile.md`);
  }
}

/**
 * Page 0 once, for a service that numbers pages from 0 (read from 1, its first page was never
 * asked): the products it brings that were not listed. A service that refuses page 0 (400) or
 * answers it as page 1 numbers from 1.
 */
async function* askPageZero(listProducts: ListPage, request: Omit<ProductListRequest, 'pageNumber' | 'pageSize'>, pageSize: number, seen: Set<number>): AsyncGenerator<ProductListItem> {
  let page: ProductListResponse;
  try {
    page = await listProducts({ ...request, pageNumber: 0, pageSize });
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return;
    throw error;
  }
  for (const product of page.products) {
    if (seen.has(product.productId)) continue;
    seen.add(product.productId);
    yield product;
  }
}

function refuseShortList(endpoint: string, message: string): SchemaMismatchError {
  return new SchemaMismatchError(endpoint, [{ path: '', message }]);
}
