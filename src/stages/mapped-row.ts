/**
 * One source row after mapping: the seller's keys, the product-level and SKU-level fields in wire
 * form, where each field came from, and whether the row may be sent. Plain JSON (no classes, maps
 * or `undefined`), so that a persistent product sink can store it.
 */
import type { ImportAttribute, ImportPhoto, Localized } from '../domain/index.js';
import type { RowRef } from '../core/types.js';

/** Fields a column can feed. Attribute fields are named `attribute:<code>`. */
export type FieldName =
  | 'productKey'
  | 'skuKey'
  | 'shopId'
  | 'category'
  | 'brand'
  | 'isLocalMade'
  | 'name.rus'
  | 'name.kaz'
  | 'description.rus'
  | 'description.kaz'
  | 'vat'
  | 'price'
  | 'barcode'
  | 'photos'
  | 'productId'
  | 'skuId';

/** Where a field's value came from in the sheet. */
export interface CellLocation {
  /** Column letter (A, B, …). */
  column: string;
  /** Header text, when the column has one. */
  header?: string;
}

/** Product-level fields of a row; `null` when missing or invalid. */
export interface MappedProductFields {
  shopId: number | null;
  categoryId: number | null;
  brandId: number | null;
  isLocalMade: boolean | null;
  name: Localized;
  description: Localized;
  vat: number | null;
  /** Product-level attributes, in mapping order. */
  attributes: ImportAttribute[];
}

/** SKU-level fields of a row. */
export interface MappedSkuFields {
  price: number | null;
  /** Barcode digits, '' when missing or invalid. */
  barcode: string;
  photos: ImportPhoto[];
  /** SKU-defining attributes, in mapping order; flattened into `attributeValueCodes` on the wire. */
  attributes: ImportAttribute[];
}

/** One mapped row. */
export interface MappedRow {
  source: RowRef;
  /**
   * False when the row has an error (its own, or a duplicate found by the assembler). The record is
   * kept so that the assembler can name the rows of a product; an invalid row is never sent.
   */
  valid: boolean;
  /** The codes of the row's own errors when it is not valid (what holds its product back), distinct. */
  errorCodes?: string[];
  /** The seller's product key ('' when missing). */
  productKey: string;
  /** The seller's SKU key: its own column, else the barcode ('' when missing). */
  skuKey: string;
  /** Marketplace product id from the sheet, or null. */
  productId: number | null;
  /** Marketplace SKU id from the sheet, or null. */
  skuId: number | null;
  product: MappedProductFields;
  sku: MappedSkuFields;
  /**
   * `validation.barcode.several: each`: the checked barcodes of the cell after the first, each of
   * which makes a SKU of its own (see `splitBarcodeCopies`).
   */
  extraBarcodes?: string[];
  /**
   * Field name (or `attribute:<code>`) → the column that feeds it, for issue locations; absent for
   * fields no column feeds. The same object for every row of a file: never mutate it.
   */
  cells: Readonly<Partial<Record<string, CellLocation>>>;
}
