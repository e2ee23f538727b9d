/**
 * Domain types shared by the stages after reading: where a row came from, and a product ready to
 * be sent with its seller keys and source rows.
 */
import type { ImportItem } from '../domain/index.js';

/** Where one source row came from. */
export interface RowRef {
  file: string;
  sheet?: string;
  /** Row number as Excel or a text editor shows it. */
  row: number;
}

/**
 * One product ready to send: the exact import item plus the seller's keys and source rows, so
 * that every outcome can be written back to the rows it came from.
 */
export interface ProductDraft {
  /** The seller's product key (e.g. the article / model code column). */
  productKey: string;
  /** Every source row of the product, in file order. */
  rows: RowRef[];
  /** The seller's SKU key of each `item.skus[i]`. */
  skuKeys: string[];
  /** The source row of each `item.skus[i]`. */
  skuRows: RowRef[];
  /**
   * The import item. `productId`/`skuId` are the ids the sheet gave, or null; the import stage
   * fills them from the local state before sending.
   */
  item: ImportItem;
}
