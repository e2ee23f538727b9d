/**
 * The seller's products as the service lists and details them, and the queries that ask for them.
 */
import type { Localized } from './directories.js';

/** Filters of the product list. */
export interface ProductListFilters {
  categoryIds?: number[];
  productStatus?: string[];
  moderationProductStatus?: string[];
  search?: string;
  shopId?: number;
}

/** One page of the product list, as asked. */
export interface ProductListRequest {
  pageNumber: number;
  pageSize: number;
  /** The next cursor the previous page gave (a service that pages by cursor; `pageNumber` is then ignored by it). */
  cursor?: string;
  sortBy?: 'id' | 'name' | 'status';
  sortDirection?: 'Asc' | 'Desc';
  filters?: ProductListFilters;
}

/** One product of the list. */
export interface ProductListItem {
  productId: number;
  productName?: Localized | null | undefined;
  categoryId?: number | null | undefined;
  categoryName?: Localized | null | undefined;
  productStatus?: string | null | undefined;
  moderationStatus?: string | null | undefined;
  totalWmsQuantity?: number | null | undefined;
  salesCount?: number | null | undefined;
  photo?: { url?: string | null | undefined } | null | undefined;
}

/** One page of the product list. `totalCount` and `totalPages` are -1 when the service gives no total. */
export interface ProductListResponse {
  products: ProductListItem[];
  totalCount: number;
  pageNumber: number;
  pageSize: number;
  totalPages: number;
  /** The next page's link (a `Link: rel="next"` header or a next link in the body), absolute; absent: none given. */
  nextUrl?: string;
  /** The next page's cursor; absent: none given. */
  nextCursor?: string;
  /** The service's own "more" flag, when it gives one. */
  hasNext?: boolean;
  /** The answer pages by link or cursor: it has a next link or cursor field, empty (`null`) on its last page. */
  linkPaged?: boolean;
}

/** A text in Russian and Kazakh as details give it: either language may be missing. */
export interface HeldText {
  rus?: string | null | undefined;
  kaz?: string | null | undefined;
}

/** One SKU of a product's details. */
export interface ProductDetailSku {
  skuId: number;
  attributeValueIds: number[];
  price?: number | null | undefined;
  skuBarcode?: string | null | undefined;
  photos: { url: string; order?: number | null | undefined }[];
}

/** Details of one product, as the service holds it. Ids where import uses codes. */
export interface ProductDetail {
  productId: number;
  /** The shop the product belongs to, when the details carry it. */
  shopId?: number | null | undefined;
  categoryId?: number | null | undefined;
  brandId?: number | null | undefined;
  isLocalMade?: boolean | null | undefined;
  name?: HeldText | null | undefined;
  description?: HeldText | null | undefined;
  vat?: number | null | undefined;
  /** Attribute values: ids for dictionary attributes, the texts for free ones (`values`). */
  attributes: { id: number; valueIds: number[]; values?: string[] }[];
  skus: ProductDetailSku[];
}
