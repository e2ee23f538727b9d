/**
 * The filters and sorting of the seller's products, shared by `products list` and `export` (which
 * lists the same products), and their folding into the list request's filters.
 */
import type { Argv } from 'yargs';
import type { ProductListFilters } from '../domain/index.js';
import type { Describe } from './common-options.js';

/** Adds `--category`, `--status`, `--moderation`, `--search`, `--shop`, `--sort` and `--desc`, their help in the language of `describe`. */
export function withProductFilterOptions<T>(y: Argv<T>, describe: Describe) {
  return y
    .option('category', { type: 'number', array: true, describe: describe('help.option.category') })
    .option('status', { type: 'string', array: true, describe: describe('help.option.status') })
    .option('moderation', { type: 'string', array: true, describe: describe('help.option.moderation') })
    .option('search', { type: 'string', describe: describe('help.option.search') })
    .option('shop', { type: 'number', describe: describe('help.option.shop') })
    .option('sort', { choices: ['id', 'name', 'status'] as const, default: 'id' as const, describe: describe('help.option.sort') })
    .option('desc', { type: 'boolean', describe: describe('help.option.desc') });
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
