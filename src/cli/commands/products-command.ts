/**
 * `products list` and `products show`: quick lookups of the live catalog from the terminal.
 */
import type { ProductListItem, ProductListRequest, ProductListResponse } from '../../domain/index.js';
import type { ExportNames } from '../../export/build-export-rows.js';
import type { HeldItem } from '../../plan/build-held-item.js';
import type { ArgumentsCamelCase, Argv } from 'yargs';
import type { CommandContext, CommandRegistrar } from '../command-context.js';
import { withServiceOptions } from '../common-options.js';
import type { Describe, ServiceArgv } from '../common-options.js';
import { readProductFilters, withProductFilterOptions } from '../product-filter-options.js';
import { renderJsonLines } from '../render-json-lines.js';
import { UsageProblem } from '../usage-error.js';

/** Renders list items as a table. */
function renderProductTable(items: readonly ProductListItem[]): string {
  const head = ['ID', 'NAME', 'CATEGORY', 'STATUS', 'MODERATION', 'STOCK'];
  const rows = items.map((p) => [
    String(p.productId),
    p.productName?.rus || p.productName?.kaz || '',
    p.categoryName?.rus || String(p.categoryId ?? ''),
    p.productStatus ?? '',
    p.moderationStatus ?? '',
    p.totalWmsQuantity == null ? '' : String(p.totalWmsQuantity),
  ]);
  const widths = head.map((h, i) => Math.min(48, Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length))));
  const cut = (text: string, width: number): string => (text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width));
  return [head, ...rows].map((r) => r.map((c, i) => cut(c, widths[i] ?? 0)).join('  ').trimEnd()).join('\n');
}

/** Renders one product's details with readable names (codes in brackets). */
function renderProductDetail(held: HeldItem, names: ExportNames): string {
  const values = (map: ReadonlyMap<string, string[]>): string =>
    [...map]
      .map(([code, list]) => `${names.attributeName(code)}: ${list.map((v) => (names.valueName(v) === v ? v : `${names.valueName(v)} [${v}]`)).join(', ')}`)
      .join('; ');
  const lines = [
    `Product ${held.productId}`,
    `  name:         ${held.name.rus ?? ''}${held.name.kaz ? `  /  ${held.name.kaz}` : ''}`,
    `  category:     ${held.categoryId === undefined ? '' : `${names.categoryPath(held.categoryId) || '?'} [${held.categoryId}]`}`,
    `  brand:        ${held.brandId === undefined ? '' : `${names.brandName(held.brandId) || '?'} [${held.brandId}]`}`,
    `  vat: ${held.vat ?? ''}   made in Kazakhstan: ${held.isLocalMade === undefined ? '' : held.isLocalMade ? 'yes' : 'no'}`,
    `  attributes:   ${values(held.attributes)}`,
    `  SKUs:`,
    ...held.skus.map((sku) => `    ${sku.skuId}  barcode ${sku.barcode ?? ''}  price ${sku.price ?? ''}  ${values(sku.values)}  photos ${sku.photos.length}`),
  ];
  if (held.unknownIds.length) lines.push(`  not in the directories: ${held.unknownIds.join(', ')}`);
  return lines.join('\n');
}

/** Registers `products list` and `products show`. */
export const registerProductsCommand: CommandRegistrar = (y, ctx) =>
  y.command('products', ctx.describe('help.command.products'), (c) =>
    c
      .command('list', ctx.describe('help.command.products-list'), (l) => withListOptions(l, ctx.describe), (argv) => listProducts(argv, ctx))
      .command('show <ids..>', ctx.describe('help.command.products-show'), (s) => withShowOptions(s, ctx.describe), (argv) => showProducts(argv, ctx))
      .demandCommand(1, 'Name a subcommand: list or show'),
  );

/** The flags a yargs builder adds, as its handler receives them. */
type HandlerArgv<A> = A extends Argv<infer U> ? ArgumentsCamelCase<U> : never;

/** Adds the filter, sorting and paging options of `products list`. */
function withListOptions<T>(y: Argv<T>, describe: Describe) {
  return withProductFilterOptions(withServiceOptions(y, describe), describe)
    .option('page', { type: 'number', default: 1, describe: describe('help.option.page') })
    .option('page-size', { type: 'number', default: 50, describe: describe('help.option.page-size') })
    .check((argv) => {
      const size = Number(argv['page-size'] ?? argv.pageSize);
      if (!Number.isInteger(size) || size < 1 || size > 100) throw new UsageProblem('usage.whole_number_between', { flag: '--page-size', min: 1, max: 100 });
      if (!Number.isInteger(argv.page) || argv.page < 1) throw new UsageProblem('usage.whole_number_from', { flag: '--page', min: 1 });
      return true;
    })
    .option('all', { type: 'boolean', describe: describe('help.option.all') })
    .example('$0 products list --sandbox --search футболка --status Active', describe('help.example.products-list'));
}

/** Adds the product ids of `products show`. */
function withShowOptions<T>(y: Argv<T>, describe: Describe) {
  return withServiceOptions(y, describe)
    .positional('ids', { type: 'number', array: true, demandOption: true, describe: describe('help.positional.product-ids'), default: undefined })
    .check((argv) => {
      if (argv.ids.some((id) => !Number.isInteger(id) || id < 1)) throw new UsageProblem('usage.product_ids_whole');
      return true;
    })
    .example('$0 products show 1000001 1000002 --sandbox', describe('help.example.products-show'));
}

type ListArgv = HandlerArgv<ReturnType<typeof withListOptions<object>>>;
type ShowArgv = HandlerArgv<ReturnType<typeof withShowOptions<object>>>;

/** `products list`: one page, or with `--all` every page. */
async function listProducts(argv: ListArgv, ctx: CommandContext): Promise<void> {
  const json = Boolean(argv.json);
  await ctx.withOpenService(argv as ServiceArgv, { json, quiet: true }, async ({ service, done }) => {
    const base = listRequestOf(argv);
    done();
    if (argv.all) {
      await printEveryProduct(service.client.listAllProducts(base), json, (text) => ctx.io.stdout(text));
    } else {
      const page = await service.client.listProducts({ ...base, pageNumber: argv.page, pageSize: argv.pageSize });
      ctx.io.stdout(json ? renderJsonLines(page.products.map((p) => ({ type: 'product', ...p })), { pageNumber: page.pageNumber, totalPages: page.totalPages, totalCount: page.totalCount, count: page.products.length }) : `${renderProductTable(page.products)}
${describeListPage(page, argv.page)}
`);
    }
    ctx.setExitCode(0);
  });
}

/**
 * The footer of one page, numbered as asked (from 1): a service that echoes another number (one
 * that numbers from 0 echoes 0 for the first page) never makes it "page 0 of 1"; a service that
 * pages by link or cursor has no page numbers: `--all` follows them.
 */
export function describeListPage(page: ProductListResponse, asked: number): string {
  if (page.linkPaged === true) return `first page${page.nextUrl !== undefined || page.nextCursor !== undefined ? '; the service pages by link or cursor, not by number: --all lists every page' : ' (the only one)'}`;
  const fromZero = page.pageNumber === asked - 1;
  const total = page.totalPages >= 0 ? ` of ${page.totalPages}, ${page.totalCount} products` : ' (the service gives no total)';
  return `page ${asked}${total}${fromZero ? ' (the service numbers its pages from 0)' : ''}`;
}

/** The filters and sorting the flags ask for (paging apart: `--all` walks every page). */
function listRequestOf(argv: ListArgv): Omit<ProductListRequest, 'pageNumber' | 'pageSize'> & { filters: NonNullable<ProductListRequest['filters']> } {
  return { sortBy: argv.sort, sortDirection: argv.desc ? ('Desc' as const) : ('Asc' as const), filters: readProductFilters(argv) };
}

/** Prints every product, 100 at a time so a large catalog never sits in memory: one table (one header) and a count, or with `--json` one product per line. */
async function printEveryProduct(items: AsyncIterable<ProductListItem>, json: boolean, stdout: (text: string) => void): Promise<void> {
  let count = 0;
  let page: ProductListItem[] = [];
  const flush = (): void => {
    if (!page.length) return;
    stdout(json ? page.map((item) => `${JSON.stringify({ type: 'product', ...item })}\n`).join('') : `${renderProductTable(page).split('\n').slice(count ? 1 : 0).join('\n')}\n`);
    count += page.length;
    page = [];
  };
  for await (const item of items) {
    page.push(item);
    if (page.length >= 100) flush();
  }
  flush();
  stdout(json ? renderJsonLines([], { count }) : `${count} products\n`);
}

/** `products show`: each product with readable names; exit 1 when an id is not found. */
async function showProducts(argv: ShowArgv, ctx: CommandContext): Promise<void> {
  const json = Boolean(argv.json);
  await ctx.withOpenService(argv as ServiceArgv, { json, quiet: true }, async ({ service, settings, deps, done }) => {
    const details = await service.client.getProductDetails(argv.ids);
    const missing = argv.ids.filter((id) => !details.some((d) => d.productId === id));
    if (json) {
      done();
      ctx.io.stdout(renderJsonLines(details.map((d) => ({ type: 'product', ...d })), { missing }, missing.length ? 1 : 0));
    } else {
      const [{ loadServiceDirectoriesOf }, { buildHeldItem, createCodeLookups }, { createExportNames }] = await Promise.all([
        import('../../pipeline/load-directories.js'),
        import('../../plan/build-held-item.js'),
        import('../../export/build-export-rows.js'),
      ]);
      const { directories } = await loadServiceDirectoriesOf(service, settings, deps);
      done();
      const lookups = createCodeLookups(directories);
      const names = createExportNames(directories);
      const text = details.map((detail) => renderProductDetail(buildHeldItem(detail, lookups), names)).join('\n\n');
      ctx.io.stdout(`${text}\n${missing.length ? `not found: ${missing.join(', ')}\n` : ''}`);
    }
    ctx.setExitCode(missing.length ? 1 : 0);
  });
}
