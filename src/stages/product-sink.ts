/**
 * Where the assembler puts finished products. The assembler keeps only "open" products in memory;
 * each closed product goes to a sink, which may keep it in memory (tests, small files) or on disk
 * (the import's SQLite sink). A row that arrives late for a product already put takes the product
 * back with `reopen`, so the sink must keep enough to reassemble it: the mapped rows.
 */
import type { Issue } from '../core/issue.js';
import type { ProductDraft, RowRef } from '../core/types.js';
import type { MappedRow } from './mapped-row.js';

/** One assembled product. */
export interface AssembledProduct {
  /** The seller's product key. */
  productKey: string;
  /** Whether the product would be sent: no row and no product-level check failed. */
  valid: boolean;
  /**
   * The import draft; null when the product is not valid (nothing of it is sent), and also when the
   * assembler was told to build none (`drafts: false`, the dry run).
   */
  draft: ProductDraft | null;
  /** Product-level issues (conflicts, undistinguished SKUs, required attributes, held-back rows). Row issues are not repeated here. */
  issues: Issue[];
  /** Every source row of the product, in file order. */
  rows: RowRef[];
  /** The first source row number, for ordering. */
  firstRow: number;
  /** The mapped rows, so that a reopened product can be reassembled. A persistent sink stores them as JSON. */
  records: MappedRow[];
}

/** Receives finished products. */
export interface ProductSink {
  /** A finished product: its validity and draft, its product-level issues, and its rows. */
  put(entry: AssembledProduct): void;
  /** A row arrived for a product already put: take it back (and forget its product-level issues) so it can be reassembled; undefined if never put. */
  reopen(productKey: string): AssembledProduct | undefined;
}

/** A sink that keeps every product in memory. */
export interface MemoryProductSink extends ProductSink {
  /** Every product put and not reopened, sorted by first row. */
  entries(): AssembledProduct[];
}

/**
 * Creates an in-memory sink. Library API (docs/library.md), on purpose: a caller who wants the
 * products in hand (`mapAndAssemble`, then `buildBatches` or `importDrafts`) collects them here;
 * the CLI's runs spool them instead (the dry run's scratch spool, the import's state spool).
 */
export function createMemoryProductSink(): MemoryProductSink {
  const products = new Map<string, AssembledProduct>();
  return {
    put(entry) {
      products.set(entry.productKey, entry);
    },
    reopen(productKey) {
      const entry = products.get(productKey);
      products.delete(productKey);
      return entry;
    },
    entries() {
      return [...products.values()].sort((a, b) => a.firstRow - b.firstRow);
    },
  };
}
