/**
 * One product as the tool sends it: the import item built by the stages and translated to the
 * wire by the client.
 */
import type { Localized } from './directories.js';

/** A product attribute in an import item. */
export interface ImportAttribute {
  code: string;
  valueCodes: string[];
}

/** A photo in an import SKU. */
export interface ImportPhoto {
  mediaFile: string;
  order: number;
}

/**
 * A SKU in an import item; `skuId: null` creates a SKU. `barcode` is absent (never `""`) when the
 * service makes it optional and the row has none: such a SKU is known by its SKU key only.
 */
export interface ImportSku {
  skuId: number | null;
  attributeValueCodes: string[];
  price: number;
  barcode?: string;
  photos: ImportPhoto[];
}

/** One product of an import request; `productId: null` creates a product. */
export interface ImportItem {
  shopId: number;
  productId: number | null;
  categoryId: number;
  brandId: number;
  isLocalMade: boolean;
  name: Localized;
  description: Localized;
  vat: number;
  attributes: ImportAttribute[];
  skus: ImportSku[];
}
