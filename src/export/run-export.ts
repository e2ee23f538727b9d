/**
 * `export`: the live catalog to a file that the shipped `mappings/export.yaml` reads back
 * unchanged. Streams: list pages (every filter and sort of the interface) → details of a chunk of
 * products (30 ids per request, the client's concurrency limit) → rows → a streaming XLSX or CSV
 * writer, so memory holds one chunk whatever the catalog's size. Ids are resolved to readable
 * names in the `_` columns, and to the seller's own product and SKU keys where the local state
 * remembers them (by barcode).
 */
import { resolve } from 'node:path';
import { rename, rm, writeFile } from 'node:fs/promises';
import { SERVICE_LIMITS } from '../domain/index.js';
import type { ProductDetail, ProductListFilters, ProductListItem, ProductListRequest } from '../domain/index.js';
import type { CatalogClient } from '../api/create-catalog-client.js';
import type { Deps } from '../core/deps.js';
import { AbortedError, ConfigError, isPipelineError } from '../core/errors.js';
import type { Issue } from '../core/issue.js';
import { loadServiceDirectoriesOf } from '../pipeline/load-directories.js';
import { openService } from '../pipeline/open-service.js';
import { createCodeLookups } from '../plan/build-held-item.js';
import type { ResolvedSettings } from '../settings/resolve-settings.js';
import { openStateStore } from '../state/index.js';
import type { StateStore } from '../state/index.js';
import { renderExportMapping } from './build-export-mapping.js';
import { buildExportRows, createExportNames } from './build-export-rows.js';
import type { ExportKeys, ExportRowContext } from './build-export-rows.js';
import { buildExportColumns } from './export-columns.js';
import { createExportWriter, pickExportFormat } from './create-export-writer.js';
import type { ExportFormat, ExportWriter } from './create-export-writer.js';

/** Sort of the export (the list endpoint's). */
export interface ExportSort {
  by: 'id' | 'name' | 'status';
  direction: 'Asc' | 'Desc';
}

/** Options of `runExport`. */
export interface ExportOptions {
  /** Output path, `.xlsx` or `.csv` (replaced when the export finishes). */
  out: string;
  /** The list endpoint's filters; none means the whole catalog. */
  filters?: ProductListFilters;
  /** Default: by id, ascending (stable while the catalog changes between pages). */
  sort?: ExportSort;
  settings: ResolvedSettings;
  /** Photo columns, default 5; further photos go into the last one, space-separated. */
  photoColumns?: number;
  /** Also write the mapping that reads this file back (for a service whose directories differ from the sandbox's). */
  mappingOut?: string;
}

/** What `runExport` wrote. */
export interface ExportResult {
  out: string;
  format: ExportFormat;
  /** Products written. */
  products: number;
  /** Rows written (SKUs), header excluded. */
  rows: number;
  /** Products the list returned whose details the service did not return (deleted meanwhile). */
  missing: number;
  /** Products whose keys came from the local state. */
  keysFromState: number;
  /** Warnings: ids the directories lack, products without SKUs (at most 1,000 kept). */
  issues: Issue[];
  /** Warnings found, including those not kept. */
  issueCount: number;
  mappingOut?: string;
  durationMs: number;
}

const MAX_KEPT_ISSUES = 1000;

/** Products per details round: four full requests of 30 ids (docs/export.md). */
const EXPORT_CHUNK_SIZE = SERVICE_LIMITS.detailsBatch * 4;

/** Exports the catalog; throws only for run-stopping failures (service, state, file system, Ctrl-C). */
export async function runExport(options: ExportOptions, deps: Deps): Promise<ExportResult> {
  const started = deps.now().getTime();
  const settings = options.settings.settings;
  const format = pickExportFormat(options.out);
  const outPath = resolve(deps.cwd, options.out);
  const partialPath = `${outPath}.partial`;
  const service = await openService(settings, deps);
  let store: StateStore | undefined;
  let writer: ExportWriter | undefined;
  try {
    store = openStateStore({ dir: service.stateDir, account: service.account, now: deps.now });
    const { directories } = await loadServiceDirectoriesOf(service, settings, deps);
    const columns = buildExportColumns(directories, options.photoColumns === undefined ? {} : { photoColumns: options.photoColumns });
    const textColumns = new Set(columns.flatMap((column, index) => (['productKey', 'skuKey', 'barcode'].includes(column.kind) ? [index] : [])));
    // Fails here, with the file system's reason, before exceljs' stream could fail out of reach.
    await writeFile(partialPath, '');
    writer = createExportWriter(partialPath, format, { textColumns });
    await writer.write(columns.map((column) => column.header));

    const request: Omit<ProductListRequest, 'pageNumber' | 'pageSize'> = {
      sortBy: options.sort?.by ?? 'id',
      sortDirection: options.sort?.direction ?? 'Asc',
      ...(options.filters && Object.keys(options.filters).length > 0 ? { filters: options.filters } : {}),
    };
    const total = (await service.client.listProducts({ ...request, pageNumber: 1, pageSize: 1 })).totalCount;
    deps.onEvent({ type: 'stage:start', stage: 'export', detail: `${total >= 0 ? total : 'an untold number of'} product(s) to ${options.out}`, text: total >= 0 ? { key: 'stage.export.start', data: { count: total, file: options.out } } : { key: 'stage.export.start_untold', data: { file: options.out } } });

    const target: ExportTarget = {
      client: service.client,
      store,
      writer,
      ctx: { columns, lookups: createCodeLookups(directories), names: createExportNames(directories) },
      ...(options.filters?.shopId === undefined ? {} : { shopId: options.filters.shopId }),
    };
    const tally: ExportTally = { products: 0, rows: 0, missing: 0, keysFromState: 0, issueCount: 0, issues: [] };
    const step = Math.max(1000, Math.ceil(total / 10));
    let nextReport = step;
    for await (const chunk of chunkListedProducts(service.client.listAllProducts(request), EXPORT_CHUNK_SIZE, deps.signal)) {
      await writeChunk(chunk, target, tally);
      if (tally.products >= nextReport) {
        deps.onEvent({ type: 'log', level: 'info', message: `exported ${tally.products} of ${total} products (${tally.rows} rows)`, text: { key: 'log.exported', data: { done: tally.products, count: total, rows: tally.rows } } });
        nextReport = (Math.floor(tally.products / step) + 1) * step;
      }
    }
    if (deps.signal?.aborted) throw new AbortedError('the export was interrupted; nothing was written');
    await writer.close();
    writer = undefined;
    await rename(partialPath, outPath);

    let mappingOut: string | undefined;
    if (options.mappingOut !== undefined) {
      mappingOut = resolve(deps.cwd, options.mappingOut);
      await writeFile(mappingOut, renderExportMapping(directories, options.photoColumns === undefined ? {} : { photoColumns: options.photoColumns }));
    }
    deps.onEvent({
      type: 'stage:end',
      stage: 'export',
      detail: `${tally.products} product(s), ${tally.rows} row(s) written to ${options.out}${tally.missing ? `; ${tally.missing} listed product(s) had no details` : ''}`,
      text: { key: tally.missing ? 'stage.export.end_missing' : 'stage.export.end', data: { count: tally.products, rows: tally.rows, file: options.out, missing: tally.missing } },
    });
    return {
      out: outPath,
      format,
      products: tally.products,
      rows: tally.rows,
      missing: tally.missing,
      keysFromState: tally.keysFromState,
      issues: tally.issues,
      issueCount: tally.issueCount,
      ...(mappingOut === undefined ? {} : { mappingOut }),
      durationMs: deps.now().getTime() - started,
    };
  } catch (error) {
    await writer?.destroy();
    await rm(partialPath, { force: true });
    throw toPipelineError(error, options.out);
  } finally {
    store?.close();
    await service.close();
  }
}

/** What the export has written so far. */
interface ExportTally {
  products: number;
  rows: number;
  missing: number;
  keysFromState: number;
  issueCount: number;
  issues: Issue[];
}

/** Where a chunk's rows come from and go to. */
interface ExportTarget {
  client: Pick<CatalogClient, 'getProductDetails'>;
  store: Pick<StateStore, 'findProductKeyByBarcode'>;
  writer: ExportWriter;
  ctx: ExportRowContext;
  shopId?: number;
}

/**
 * The listed products in chunks of `size`, each product once: paging over a catalog that changes
 * meanwhile can show a product twice. Ctrl-C stops the walk between products.
 */
async function* chunkListedProducts(items: AsyncIterable<ProductListItem>, size: number, signal: AbortSignal | undefined): AsyncGenerator<ProductListItem[]> {
  const seen = new Set<number>();
  let chunk: ProductListItem[] = [];
  for await (const item of items) {
    if (signal?.aborted) throw new AbortedError('the export was interrupted; nothing was written');
    if (seen.has(item.productId)) continue;
    seen.add(item.productId);
    chunk.push(item);
    if (chunk.length >= size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

/** Writes the rows of one chunk of listed products (their details in one round) and counts them. */
async function writeChunk(chunk: readonly ProductListItem[], target: ExportTarget, tally: ExportTally): Promise<void> {
  const details = await target.client.getProductDetails(chunk.map((item) => item.productId));
  const byId = new Map<number, ProductDetail>(details.map((detail) => [detail.productId, detail]));
  for (const item of chunk) {
    const detail = byId.get(item.productId);
    if (detail === undefined) {
      tally.missing += 1;
      continue;
    }
    const keys = findSellerKeys(target.store, detail);
    if (keys.fromState) tally.keysFromState += 1;
    const built = buildExportRows({ detail, listItem: item, keys, ...(target.shopId === undefined ? {} : { shopId: target.shopId }) }, target.ctx);
    for (const row of built.rows) await target.writer.write(row);
    tally.products += 1;
    tally.rows += built.rows.length;
    tally.issueCount += built.issues.length;
    for (const issue of built.issues) if (tally.issues.length < MAX_KEPT_ISSUES) tally.issues.push(issue);
  }
}

/**
 * The seller's keys of a product: the state remembers, per SKU barcode, the product and SKU keys
 * it imported under. Without a memory the product key is the productId and the SKU key the barcode.
 */
function findSellerKeys(store: Pick<StateStore, 'findProductKeyByBarcode'>, detail: ProductDetail): ExportKeys & { fromState: boolean } {
  let productKey: string | undefined;
  const skuKeys = new Map<number, string>();
  for (const sku of detail.skus) {
    if (typeof sku.skuBarcode !== 'string' || sku.skuBarcode === '') continue;
    const match = store.findProductKeyByBarcode(sku.skuBarcode);
    if (match === undefined || match.productId !== detail.productId) continue;
    productKey ??= match.productKey;
    if (match.productKey === productKey) skuKeys.set(sku.skuId, match.skuKey);
  }
  return { productKey: productKey ?? String(detail.productId), skuKeys, fromState: productKey !== undefined };
}

/** A file-system failure on the output (no such folder, no permission) is bad input, not a bug. */
function toPipelineError(error: unknown, out: string): unknown {
  if (isPipelineError(error)) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return new ConfigError(`cannot write ${out}: ${code}`, [], { cause: error });
  return error;
}
