/** Mapping, validation and assembly of one file in one call: the dry-run core of the pipeline. */
import type { Directories } from '../domain/index.js';
import { compareIssues, type Issue } from '../core/issue.js';
import { createValueResolver } from '../mapping/create-value-resolver.js';
import { createDirectoryIndex } from '../mapping/directory-index.js';
import type { Mapping } from '../mapping/mapping-schema.js';
import type { SourceInfo, SourceRow } from '../sources/types.js';
import { createProductAssembler } from './assemble-products.js';
import { buildRowMapper } from './build-row-mapper.js';
import { loadCategoryLookup } from './derive/load-category-lookup.js';
import type { AssembledProduct, ProductSink } from './product-sink.js';

/** Inputs of `mapAndAssemble`. */
export interface MapAndAssembleOptions {
  mapping: Mapping;
  directories: Directories;
  info: SourceInfo;
  /** Receives every assembled product. */
  sink: ProductSink;
  /** See `createProductAssembler`. */
  closeWindow?: number;
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
  const index = createDirectoryIndex(directories);
  const resolver = createValueResolver(mapping, index);
  const mapRow = buildRowMapper(mapping, directories, info, { index, resolver, compileCategoryLookup: await loadCategoryLookup(mapping) });
  const counts: DryRunCounts = { rows: 0, validRows: 0, invalidRows: 0, products: 0, validProducts: 0 };
  // Product issues are kept per product so that a reopened product's stale issues can be dropped.
  const productIssues = new Map<string, Issue[]>();
  const sink: ProductSink = {
    put(entry: AssembledProduct) {
      counts.products++;
      if (entry.valid) counts.validProducts++;
      if (entry.issues.length > 0) productIssues.set(entry.productKey, entry.issues);
      options.sink.put(entry);
    },
    reopen(productKey: string) {
      const entry = options.sink.reopen(productKey);
      if (entry !== undefined) {
        counts.products--;
        if (entry.valid) counts.validProducts--;
        productIssues.delete(productKey);
      }
      return entry;
    },
  };
  const assembler = createProductAssembler({ mapping, directories, sink, index, ...(options.closeWindow === undefined ? {} : { closeWindow: options.closeWindow }) });
  const issues: Issue[] = [...mapRow.setupIssues];
  for await (const row of rows) {
    counts.rows++;
    if (row.issues !== undefined) issues.push(...row.issues);
    const { record, issues: rowIssues, extra } = mapRow(row);
    issues.push(...rowIssues);
    if (record === null) {
      if (rowIssues.length > 0) counts.invalidRows++;
      continue;
    }
    issues.push(...assembler.add(record));
    // `several: each`: the row's other barcodes, each a SKU of its own product copy.
    for (const copy of extra ?? []) issues.push(...assembler.add(copy));
    // Read after `add`: the assembler marks duplicates invalid there, and never later.
    if (record.valid && (extra ?? []).every((copy) => copy.valid)) counts.validRows++;
    else counts.invalidRows++;
  }
  issues.push(...assembler.finish());
  for (const list of productIssues.values()) issues.push(...list);
  issues.sort(compareIssues);
  return { issues, counts };
}
