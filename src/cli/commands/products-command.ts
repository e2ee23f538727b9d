/**
 * `products list` and `products show`: quick lookups of the live catalog from the terminal.
 */
import { openService } from '../../pipeline/open-service.js';
import type { ProductDetail, ProductListItem, ProductListRequest } from '../../api/wire.js';
import type { CommandRegistrar } from '../command-context.js';
import { settingsFromArgv, withServiceOptions } from '../common-options.js';
import type { ServiceArgv } from '../common-options.js';

/** Renders list items as a table. */
export function renderProductTable(items: readonly ProductListItem[]): string {
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

/** Renders one product's details. */
export function renderProductDetail(p: ProductDetail): string {
  const lines = [
    `Product ${p.productId}`,
    `  name (rus):   ${p.name?.rus ?? ''}`,
    `  name (kaz):   ${p.name?.kaz ?? ''}`,
    `  category:     ${p.categoryId ?? ''}   brand: ${p.brandId ?? ''}   vat: ${p.vat ?? ''}   local: ${p.isLocalMade ?? ''}`,
    `  attributes:   ${p.attributes.map((a) => `${a.id}=[${a.valueIds.join(',')}]`).join('  ')}`,
    `  SKUs:`,
    ...p.skus.map((s) => `    ${s.skuId}  barcode ${s.skuBarcode ?? ''}  price ${s.price ?? ''}  values [${s.attributeValueIds.join(',')}]  photos ${s.photos.length}`),
  ];
  return lines.join('\n');
}

/** Registers `products list` and `products show`. */
export const registerProductsCommand: CommandRegistrar = (y, ctx) =>
  y.command('products', 'Look up the live catalog: `products list`, `products show ID…`', (c) =>
    c
      .command(
        'list',
        'List products with filters, sorting and paging',
        (l) =>
          withServiceOptions(l)
            .option('category', { type: 'number', array: true, describe: 'Category id(s)' })
            .option('status', { type: 'string', array: true, describe: 'Product status(es)' })
            .option('moderation', { type: 'string', array: true, describe: 'Moderation status(es)' })
            .option('search', { type: 'string', describe: 'Text to search' })
            .option('shop', { type: 'number', describe: 'Shop id' })
            .option('sort', { choices: ['id', 'name', 'status'] as const, default: 'id' as const, describe: 'Sort field' })
            .option('desc', { type: 'boolean', describe: 'Sort descending' })
            .option('page', { type: 'number', default: 1, describe: 'Page number from 1' })
            .option('page-size', { type: 'number', default: 50, describe: 'Products per page (1..100)' })
            .option('all', { type: 'boolean', describe: 'Every page' })
            .example('$0 products list --sandbox --search футболка --status Active', 'Active products whose name has “футболка”'),
        async (argv) => {
          const json = Boolean(argv.json);
          const { deps, done } = ctx.createDeps({ json, quiet: true });
          try {
            const { settings } = await settingsFromArgv(argv as ServiceArgv, ctx.io);
            const service = await openService(settings, deps);
            try {
              const filters: NonNullable<ProductListRequest['filters']> = {
                ...(argv.category ? { categoryIds: argv.category } : {}),
                ...(argv.status ? { productStatus: argv.status } : {}),
                ...(argv.moderation ? { moderationProductStatus: argv.moderation } : {}),
                ...(argv.search ? { search: argv.search } : {}),
                ...(argv.shop !== undefined ? { shopId: argv.shop } : {}),
              };
              const base = { sortBy: argv.sort, sortDirection: argv.desc ? ('Desc' as const) : ('Asc' as const), filters };
              done();
              if (argv.all) {
                const items: ProductListItem[] = [];
                for await (const item of service.client.listAllProducts(base)) items.push(item);
                ctx.io.stdout(json ? `${JSON.stringify(items)}\n` : `${renderProductTable(items)}\n${items.length} products\n`);
              } else {
                const page = await service.client.listProducts({ ...base, pageNumber: argv.page, pageSize: argv.pageSize });
                ctx.io.stdout(json ? `${JSON.stringify(page)}\n` : `${renderProductTable(page.products)}\npage ${page.pageNumber} of ${page.totalPages}, ${page.totalCount} products\n`);
              }
              ctx.setExitCode(0);
            } finally {
              await service.close();
            }
          } catch (error) {
            done();
            ctx.reportError(error, json);
          }
        },
      )
      .command(
        'show <ids..>',
        'Show the details of products by id',
        (s) => withServiceOptions(s).positional('ids', { type: 'number', array: true, demandOption: true }).example('$0 products show 1001 1002 --sandbox', 'Two products'),
        async (argv) => {
          const json = Boolean(argv.json);
          const { deps, done } = ctx.createDeps({ json, quiet: true });
          try {
            const { settings } = await settingsFromArgv(argv as ServiceArgv, ctx.io);
            const service = await openService(settings, deps);
            try {
              const details = await service.client.getProductDetails(argv.ids);
              done();
              const missing = argv.ids.filter((id) => !details.some((d) => d.productId === id));
              ctx.io.stdout(json ? `${JSON.stringify(details)}\n` : `${details.map(renderProductDetail).join('\n\n')}\n${missing.length ? `not found: ${missing.join(', ')}\n` : ''}`);
              ctx.setExitCode(missing.length ? 1 : 0);
            } finally {
              await service.close();
            }
          } catch (error) {
            done();
            ctx.reportError(error, json);
          }
        },
      )
      .demandCommand(1, 'Name a subcommand: list or show'),
  );
