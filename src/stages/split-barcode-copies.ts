/**
 * `validation.barcode.several: each` — each barcode of a cell makes its own SKU. The SKUs of one
 * product must differ by their SKU-defining values (the service refuses two alike, and so does the
 * assembler: `skus_not_distinguished`), which copies of one row never do; so the n-th barcode of a
 * row (n ≥ 2) goes to a copy of the row in a product of its own, keyed `<product key>-n`, its SKU
 * keyed `<SKU key>-n` (or by its barcode, when the barcode is the SKU key). Same name, category,
 * brand, attributes, price and photos; no marketplace ids (the copy is another product, which the
 * state then remembers under its own key). The same n for every row of a product, so a product
 * whose rows each hold two barcodes becomes two products with the same sizes.
 */
import type { MappedRow } from './mapped-row.js';

/** The copies a row's extra barcodes make (none without them); takes them off the row. */
export function splitBarcodeCopies(record: MappedRow, barcodeIsSkuKey: boolean): MappedRow[] {
  const extra = record.extraBarcodes;
  if (extra === undefined) return [];
  delete record.extraBarcodes;
  return extra.map((barcode, i) => {
    const n = i + 2;
    return {
      ...record,
      productKey: `${record.productKey}-${n}`,
      skuKey: barcodeIsSkuKey ? barcode : `${record.skuKey}-${n}`,
      productId: null,
      skuId: null,
      product: structuredClone(record.product),
      sku: { ...structuredClone(record.sku), barcode },
    };
  });
}
