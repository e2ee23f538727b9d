/**
 * How stored products are shown by the list and details endpoints. Details use numeric ids where
 * import uses codes (attribute `id`/`valueIds`, SKU `attributeValueIds`), `skuBarcode` for the
 * barcode and `url` for a photo, as the interface says. Free (text, number, boolean) attribute
 * values have no id: the sandbox adds them as `values` next to an empty `valueIds`.
 */
import type { ReferenceIndex } from './create-reference-index.js';
import type { StoredProduct } from './types.js';

/** A product as the list shows it (interface fields, plus `shopId` and `rejectionReason`). */
export function buildProductListItem(product: StoredProduct, index: ReferenceIndex): Record<string, unknown> {
  const category = index.categoriesById.get(product.categoryId);
  const photo = [...product.skus.flatMap((s) => s.photos)].sort((a, b) => a.order - b.order)[0];
  return {
    productId: product.productId,
    shopId: product.shopId,
    productName: { rus: product.name.rus, kaz: product.name.kaz },
    categoryId: product.categoryId,
    categoryName: category ? { rus: category.name.rus, kaz: category.name.kaz } : null,
    productStatus: product.productStatus,
    moderationStatus: product.moderationStatus,
    rejectionReason: product.rejectionReason,
    totalWmsQuantity: 0,
    salesCount: 0,
    photo: photo ? { url: photo.mediaFile } : null,
  };
}

/** A product as the details endpoint shows it. */
export function buildProductDetail(product: StoredProduct, index: ReferenceIndex): Record<string, unknown> {
  return {
    productId: product.productId,
    shopId: product.shopId,
    categoryId: product.categoryId,
    brandId: product.brandId,
    isLocalMade: product.isLocalMade,
    name: { rus: product.name.rus, kaz: product.name.kaz },
    description: { rus: product.description.rus, kaz: product.description.kaz },
    vat: product.vat,
    productStatus: product.productStatus,
    moderationStatus: product.moderationStatus,
    attributes: product.attributes.map((attribute) => {
      const known = index.attributesByCode.get(attribute.code);
      const isDictionary = known?.type === 'dictionary';
      return {
        id: known?.id ?? 0,
        valueIds: isDictionary ? attribute.valueCodes.map((code) => index.valuesByCode.get(code)?.id ?? 0) : [],
        ...(isDictionary ? {} : { values: attribute.valueCodes }),
      };
    }),
    skus: product.skus.map((sku) => ({
      skuId: sku.skuId,
      attributeValueIds: sku.attributeValueCodes.map((code) => index.valuesByCode.get(code)?.id ?? 0),
      price: sku.price,
      ...(sku.barcode === '' ? {} : { skuBarcode: sku.barcode }),
      photos: sku.photos.map((photo) => ({ url: photo.mediaFile, order: photo.order })),
    })),
  };
}
