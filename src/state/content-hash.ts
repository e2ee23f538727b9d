/**
 * Content hashes of import items. `hashProductContent` answers "did this product change since its
 * last accepted import?" (`--changed-only`); `hashRequest` identifies one exact import request in
 * the journal.
 */
import { createHash } from 'node:crypto';
import type { ImportItem, ImportSku } from '../domain/index.js';
import { buildCanonicalJson } from './canonical-json.js';

// Bumped when the canonical form changes, so that old hashes read as "changed" instead of colliding.
const PRODUCT_HASH_VERSION = 'catalog-import/product-content/v1';
const REQUEST_HASH_VERSION = 'catalog-import/import-request/v2';

/**
 * sha256 (hex) of what the seller's file says about a product, independent of marketplace ids
 * and of orders that carry no meaning:
 * - `productId` and every `skuId` are left out (the same content gets ids after the first import);
 * - attributes are sorted by `code`, their `valueCodes` sorted;
 * - each SKU's `attributeValueCodes` are sorted, its photos sorted by `order` then `mediaFile`;
 * - SKUs are sorted by `barcode` (the SKU identity the item carries; seller SKU keys are not in
 *   the item), so re-sorting the sheet does not count as a change;
 * - object keys are in canonical order; every other field (prices, names, descriptions, unknown
 *   extra fields) counts as given.
 */
export function hashProductContent(item: ImportItem): string {
  const canonical = {
    ...item,
    productId: undefined,
    attributes: [...item.attributes]
      .map((attribute) => ({ ...attribute, valueCodes: [...attribute.valueCodes].sort(compareText) }))
      .sort((a, b) => compareText(a.code, b.code) || compareText(buildCanonicalJson(a), buildCanonicalJson(b))),
    skus: item.skus.map(buildCanonicalSku).sort(
      (a, b) => compareText(a.barcode ?? '', b.barcode ?? '') || compareText(buildCanonicalJson(a), buildCanonicalJson(b)),
    ),
  };
  return sha256(`${PRODUCT_HASH_VERSION}\n${buildCanonicalJson(canonical)}`);
}

/**
 * sha256 (hex) of one import request exactly as sent: the text of its body, so item order (results
 * are matched by position), ids and key order all count. The body is serialized once, and that same
 * text is journaled and sent; hashing it costs a fraction of building a canonical form of the items.
 */
export function hashRequest(body: string): string {
  return sha256(`${REQUEST_HASH_VERSION}\n${body}`);
}

// `undefined` fields are dropped by the canonical JSON, which is how ids are left out.
function buildCanonicalSku(sku: ImportSku): Omit<ImportSku, 'skuId'> & { skuId: undefined } {
  return {
    ...sku,
    skuId: undefined,
    attributeValueCodes: [...sku.attributeValueCodes].sort(compareText),
    photos: [...sku.photos].sort((a, b) => a.order - b.order || compareText(a.mediaFile, b.mediaFile)),
  };
}

// Code-unit order, not locale order: hashes must not depend on the machine's ICU data.
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
