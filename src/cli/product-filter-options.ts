/**
 * The filters and sorting of the seller's products, shared by `products list` and `export` (which
 * lists the same products), and their folding into the list request's filters.
 */
import type { Argv } from 'yargs';
import type { ProductListFilters } from '../domain/index.js';

/** Adds `--category`, `--status`, `--moderation`, `--search`, `--shop`, `--sort` and `--desc`. */
export function withProductFilterOptions<T>(y: Argv<T>) {
  return y
    .option('category', { type: 'number', array: true, describe: 'Only these category id(s)' })
    .option('status', { type: 'string', array: true, describe: 'Only these product status(es), e.g. Active OnModeration Rejected' })
    .option('moderation', { type: 'string', array: true, describe: 'Only these moderation status(es), e.g. Pending Approved Rejected' })
    .option('search', { type: 'string', describe: 'Only products whose name (or id) contains this text' })
    .option('shop', { type: 'number', describe: 'Only this shop id' })
    .option('sort', { choices: ['id', 'name', 'status'] as const, default: 'id' as const, describe: 'Sort field' })
    .option('desc', { type: 'boolean', describe: 'Sort descending' });
}

/** The filter flags as a handler receives them. */
interface ProductFilterArgv {
  category?: number[] | undefined;
  status?: string[] | undefined;
  moderation?: string[] | undefined;
  search?: string | undefined;
  shop?: number | undefined;
}

/** The filters the flags ask for; a flag not given (or given no value) filters nothing. */
export function readProductFilters(argv: ProductFilterArgv): ProductListFilters {
  return {
    ...(argv.category?.length ? { categoryIds: argv.category } : {}),
    ...(argv.status?.length ? { productStatus: argv.status } : {}),
    ...(argv.moderation?.length ? { moderationProductStatus: argv.moderation } : {}),
    ...(argv.search ? { search: argv.search } : {}),
    ...(argv.shop !== undefined ? { shopId: argv.shop } : {}),
  };
}
