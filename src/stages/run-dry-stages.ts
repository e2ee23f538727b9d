/**
 * Mapping, validation and assembly of one file in one call: the dry-run core of the pipeline, which
 * `readAndValidate` (the dry run and the import) runs and the library exports.
 */
import type { Directories } from '../domain/index.js';
import { compareIssues, type Issue } from '../core/issue.js';
import { createProductKeyIndex, type ProductKeyIndex } from '../core/product-key-index.js';
import { createDirectoryIndex, type DirectoryIndex } from '../mapping/directory-index.js';
import type { Mapping } from '../mapping/mapping-schema.js';
import type { SourceInfo, SourceRow } from '../sources/types.js';
import { createProductAssembler } from './assemble-products.js';
import { buildRowMapper, type RowMapResult } from './build-row-mapper.js';
import { loadCategoryLookup } from './derive/load-category-lookup.js';
import type { AssembledProduct, ProductSink } from './product-sink.js';
import { buildUnusedEntryIssues, findUnusedEntries } from './find-unused-entries.js';
import { locateMappingEntry } from '../mapping/locate-mapping-issues.js';

/** Inputs of `mapAndAssemble`. */
export interface MapAndAssembleOptions {
  mapping: Mapping;
  directories: Directories;
  info: SourceInfo;
  /** Receives every assembled product. */
  sink: ProductSink;
  /** See `createProductAssembler`. */
  closeWindow?: number;
  /** Lookup tables over `directories` (built here when not given): one per run, not one per stage. */
  index?: DirectoryIndex | undefined;
  /** The run's product key ids, shared with `sink` (see `createProductAssembler`). */
  productKeys?: ProductKeyIndex | undefined;
  /** Build the import drafts of valid products (default true); a dry run, which sends nothing, needs none. */
  drafts?: boolean | undefined;
  /**
   * Receives each issue of a row or a product as it is found, instead of the result's `issues`
   * (which then holds only the column set-up issues, on the header row): a run keeps them by row,
   * on disk, and drops a reopened product's stale issues in its own `sink`.
   */
  onIssue?: ((issue: Issue) => void) | undefined;
  /** Called after each row is mapped and added; `true` stops the reading after that row. */
  onRow?: ((row: SourceRow, mapped: RowMapResult) => boolean) | undefined;
  /** The run's stop signal: a run stopped while reading has not seen every row, and claims no mapping entry unused. */
  signal?: AbortSignal | undefined;
}

/** Counts of a dry run. */
export interface DryRunCounts {
  /** Data rows seen (empty rows included). */
  rows: number;
  /** Rows mapped without errors (before product-level checks). */
  validRows: number;
  /** Rows with an error, including rows without a product key. */
  invalidRows: number;
  /** Products assembled. */
  products: number;
  /** Products with a draft (sendable). */
  validProducts: number;
}

/** What a dry run found. */
export interface MapAndAssembleResult {
  /** Every issue: column set-up, rows, products (current after any reopen), sorted by location. */
  issues: Issue[];
  counts: DryRunCounts;
}

/**
 * Streams rows through the row mapper and the assembler into `sink`. Issues the reader attached to
 * rows are passed on. Memory holds the open products and the issues, not the rows.
 */
export async function mapAndAssemble(rows: AsyncIterable<SourceRow>, options: MapAndAssembleOptions): Promise<MapAndAssembleResult> {
  const { mapping, directories, info } = options;
  const index = options.index ?? createDirectoryIndex(directories);
  const compileCategoryLookup = await loadCategoryLookup(mapping);
  const mapRow = buildRowMapper(mapping, directories, info, { index, compileCategoryLookup });
  const counts: DryRunCounts = { rows: 0, validRows: 0, invalidRows: 0, products: 0, validProducts: 0 };
  const issues: Issue[] = [...mapRow.setupIssues];
  const onIssue = options.onIssue;
  const record = onIssue ?? ((issue: Issue) => void issues.push(issue));
  // Without `onIssue`, product issues are kept per product so that a reopened product's stale issues can be dropped.
  const productIssues = new Map<string, Issue[]>();
  const productKeys = options.productKeys ?? createProductKeyIndex();
  // Counted by key id: a sink's copy of a reopened product need not say whether it was valid.
  const validIds = new Set<number>();
  const sink: ProductSink = {
    put(entry: AssembledProduct) {
      counts.products++;
      if (entry.valid) {
        counts.validProducts++;
        validIds.add(productKeys.idOf(entry.productKey));
      }
      if (onIssue !== undefined) for (const issue of entry.issues) onIssue(issue);
      else if (entry.issues.length > 0) productIssues.set(entry.productKey, entry.issues);
      options.sink.put(entry);
    },
    reopen(productKey: string) {
      const entry = options.sink.reopen(productKey);
      if (entry !== undefined) {
        counts.products--;
        if (validIds.delete(productKeys.find(productKey))) counts.validProducts--;
        productIssues.delete(productKey);
      }
      return entry;
    },
  };
  const assembler = createProductAssembler({
    mapping,
    directories,
    sink,
    index,
    productKeys,
    drafts: options.drafts ?? true,
    ...(options.closeWindow === undefined ? {} : { closeWindow: options.closeWindow }),
  });
  let stopped = false;
  for await (const row of rows) {
    counts.rows++;
    if (row.issues !== undefined) for (const issue of row.issues) record(issue);
    const mapped = mapRow(row);
    for (const issue of mapped.issues) record(issue);
    const { record: mappedRow, extra } = mapped;
    if (mappedRow === null) {
      if (mapped.issues.length > 0) counts.invalidRows++;
    } else {
      for (const issue of assembler.add(mappedRow)) record(issue);
      // `several: each`: the row's other barcodes, each a SKU of its own product copy.
      if (extra !== undefined) for (const copy of extra) for (const issue of assembler.add(copy)) record(issue);
      // Read after `add`: the assembler marks duplicates invalid there, and never later.
      if (mappedRow.valid && (extra === undefined || extra.every((copy) => copy.valid))) counts.validRows++;
      else counts.invalidRows++;
    }
    if (options.onRow?.(row, mapped) === true) {
      stopped = true;
      break;
    }
  }
  for (const issue of assembler.finish()) record(issue);
  // Only a file read to its end says which entries no row reaches.
  if (!stopped && options.signal?.aborted !== true) {
    const unused = findUnusedEntries(mapping, mapRow.usage, { categoryLookup: compileCategoryLookup !== undefined });
    for (const issue of buildUnusedEntryIssues(unused, { file: info.file, sheet: info.sheet, locate: (path) => locateMappingEntry(mapping, path) })) record(issue);
  }
  for (const list of productIssues.values()) issues.push(...list);
  issues.sort(compareIssues);
  return { issues, counts };
}
