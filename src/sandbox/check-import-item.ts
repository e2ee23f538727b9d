/**
 * Validation of one product of an import job, as the sandbox does it when the job runs. Bad
 * products are never a 400: every problem becomes an error of that product's result, with a field
 * path (`categoryId`, `skus[1].barcode`, `attributes[color]`), a stable code and a description.
 */
import type { ImportItem, ImportSku, Localized } from '../domain/index.js';
import type { ReferenceIndex } from './create-reference-index.js';
import type { SandboxRequirableField, StoredProduct } from './types.js';
import { isPlainRecord } from '../core/is-plain-record.js';

/** One problem of a product, as the job result reports it. */
export interface ImportItemError {
  field: string;
  code: string;
  description: string;
}

/** A SKU that passed the checks (`skuId: null` creates one; `barcode` '' when it has none). */
interface CheckedSku extends Omit<ImportSku, 'barcode'> {
  barcode: string;
}

/** A product that passed the checks, normalised (defaults filled, strings trimmed where documented). */
export interface CheckedItem extends Omit<ImportItem, 'skus'> {
  skus: CheckedSku[];
}

/** What the checks need to know about the seller and its stored products. */
interface ImportCheckContext {
  index: ReferenceIndex;
  /** Shops of the seller. */
  shopIds: ReadonlySet<number>;
  /** A product of this seller, or undefined. */
  findProduct: (productId: number) => StoredProduct | undefined;
  /** Which product and SKU of this seller hold a barcode. */
  findBarcode: (barcode: string) => { productId: number; skuId: number } | undefined;
  /** Import fields refused when missing (barcode, description, photos). */
  requiredFields: ReadonlySet<SandboxRequirableField>;
}

/** VAT rates the sandbox accepts, in percent (Kazakhstan: 0, 12 until 2025, 16 from 2026). */
const ALLOWED_VAT_RATES: readonly number[] = [0, 12, 16];

/** Result: the normalised item when there are no errors. */
type ImportItemCheck = { item: CheckedItem; errors: [] } | { item: null; errors: ImportItemError[] };

/** Checks one raw product against the reference data and the seller's stored products. */
export function checkImportItem(raw: unknown, ctx: ImportCheckContext): ImportItemCheck {
  const errors: ImportItemError[] = [];
  const fail = (field: string, code: string, description: string): void => {
    errors.push({ field, code, description });
  };
  if (!isPlainRecord(raw)) {
    fail('', 'INVALID_TYPE', 'a product must be a JSON object');
    return { item: null, errors };
  }

  const shopId = readInteger(raw, 'shopId', fail, true);
  if (shopId !== null && !ctx.shopIds.has(shopId)) fail('shopId', 'SHOP_NOT_ALLOWED', `shop ${shopId} does not belong to this seller`);

  const productId = readInteger(raw, 'productId', fail, false);
  const stored = productId === null ? undefined : ctx.findProduct(productId);
  if (productId !== null && !stored) fail('productId', 'PRODUCT_NOT_FOUND', `product ${productId} does not exist for this seller`);

  const categoryId = readInteger(raw, 'categoryId', fail, true);
  const category = categoryId === null ? undefined : ctx.index.categoriesById.get(categoryId);
  if (categoryId !== null && !category) fail('categoryId', 'CATEGORY_NOT_FOUND', `category ${categoryId} does not exist`);
  if (category && !category.isLeaf) fail('categoryId', 'CATEGORY_NOT_LEAF', `category ${categoryId} is not a leaf category`);
  const categoryAttributes = category?.isLeaf ? ctx.index.categoryAttributes.get(category.id) ?? new Map<string, boolean>() : null;

  const brandId = readInteger(raw, 'brandId', fail, true);
  if (brandId !== null && !ctx.index.brandsById.has(brandId)) fail('brandId', 'BRAND_NOT_FOUND', `brand ${brandId} does not exist`);

  let isLocalMade = false;
  if (raw['isLocalMade'] !== undefined && raw['isLocalMade'] !== null) {
    if (typeof raw['isLocalMade'] === 'boolean') isLocalMade = raw['isLocalMade'];
    else fail('isLocalMade', 'INVALID_TYPE', 'isLocalMade must be a boolean');
  }

  const name = readLocalized(raw, 'name', fail);
  if (name && name.rus.trim() === '') fail('name.rus', 'NAME_REQUIRED', 'the Russian name must not be empty');
  const description = readLocalized(raw, 'description', fail) ?? { rus: '', kaz: '' };
  const required = ctx.requiredFields;
  if (required.has('description') && description.rus.trim() === '') fail('description.rus', 'DESCRIPTION_REQUIRED', 'the Russian description must not be empty');

  const vat = raw['vat'];
  if (vat === undefined || vat === null) fail('vat', 'REQUIRED', 'vat is required');
  else if (typeof vat !== 'number' || !ALLOWED_VAT_RATES.includes(vat))
    fail('vat', 'VAT_INVALID', `vat must be one of ${ALLOWED_VAT_RATES.join(', ')} (got ${JSON.stringify(vat)})`);

  const attributes = checkAttributes(raw['attributes'], ctx, categoryAttributes, fail);
  const skus = checkSkus(raw['skus'], ctx, categoryAttributes, productId, stored, required, fail);

  if (errors.length > 0 || shopId === null || categoryId === null || brandId === null || !name || typeof vat !== 'number' || !skus) {
    return { item: null, errors };
  }
  return {
    item: { productId, shopId, categoryId, brandId, isLocalMade, name, description, vat, attributes, skus },
    errors: [],
  };
}

type Fail = (field: string, code: string, description: string) => void;

function checkAttributes(
  rawAttributes: unknown,
  ctx: ImportCheckContext,
  categoryAttributes: Map<string, boolean> | null,
  fail: Fail,
): { code: string; valueCodes: string[] }[] {
  const out: { code: string; valueCodes: string[] }[] = [];
  const seen = new Set<string>();
  const given = new Set<string>();
  if (rawAttributes !== undefined && rawAttributes !== null && !Array.isArray(rawAttributes)) {
    fail('attributes', 'INVALID_TYPE', 'attributes must be an array');
  } else if (Array.isArray(rawAttributes)) {
    rawAttributes.forEach((entry: unknown, i) => {
      if (!isPlainRecord(entry) || typeof entry['code'] !== 'string' || entry['code'] === '') {
        fail(`attributes[${i}].code`, 'INVALID_TYPE', 'an attribute needs a non-empty string code');
        return;
      }
      const code = entry['code'];
      const field = `attributes[${code}]`;
      const rawValues = entry['valueCodes'];
      if (rawValues !== undefined && rawValues !== null && !(Array.isArray(rawValues) && rawValues.every((v) => typeof v === 'string'))) {
        fail(field, 'INVALID_TYPE', 'valueCodes must be an array of strings');
        return;
      }
      // Duplicates in one list are harmless: keep the first of each.
      const valueCodes = [...new Set(((rawValues ?? []) as string[]).map((v) => v.trim()))].filter((v) => v !== '');
      if (seen.has(code)) {
        fail(field, 'ATTRIBUTE_DUPLICATE', `attribute ${code} is given more than once`);
        return;
      }
      seen.add(code);
      const attribute = ctx.index.attributesByCode.get(code);
      if (!attribute) {
        fail(field, 'ATTRIBUTE_NOT_FOUND', `attribute ${code} does not exist`);
        return;
      }
      if (categoryAttributes && !categoryAttributes.has(code)) {
        fail(field, 'ATTRIBUTE_NOT_IN_CATEGORY', `attribute ${code} is not used in this category`);
        return;
      }
      if (attribute.isSkuDefining) {
        fail(field, 'ATTRIBUTE_SKU_LEVEL', `attribute ${code} defines SKUs: send its value in skus[].attributeValueCodes`);
        return;
      }
      // An attribute without values is the same as an absent one (the required check below decides).
      if (valueCodes.length === 0) return;
      given.add(code);
      if (valueCodes.length > 1 && !attribute.isMultiple) {
        fail(field, 'ATTRIBUTE_NOT_MULTIPLE', `attribute ${code} takes one value (got ${valueCodes.length})`);
        return;
      }
      let ok = true;
      for (const value of valueCodes) {
        const problem = checkAttributeValue(attribute.code, attribute.type, value, ctx);
        if (problem) {
          fail(field, problem.code, problem.description);
          ok = false;
        }
      }
      if (ok) out.push({ code, valueCodes });
    });
  }
  if (categoryAttributes) {
    for (const [code, isRequired] of categoryAttributes) {
      const attribute = ctx.index.attributesByCode.get(code);
      if (!isRequired || !attribute || attribute.isSkuDefining || given.has(code)) continue;
      fail(`attributes[${code}]`, 'ATTRIBUTE_REQUIRED', `attribute ${code} is required in this category`);
    }
  }
  return out;
}

function checkAttributeValue(
  attributeCode: string,
  type: string,
  value: string,
  ctx: ImportCheckContext,
): { code: string; description: string } | null {
  switch (type) {
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(value) && Number.isFinite(Number(value))
        ? null
        : { code: 'ATTRIBUTE_VALUE_INVALID', description: `attribute ${attributeCode} takes a number written with digits and an optional "." (got "${value}")` };
    case 'boolean':
      return value === 'true' || value === 'false'
        ? null
        : { code: 'ATTRIBUTE_VALUE_INVALID', description: `attribute ${attributeCode} takes "true" or "false" (got "${value}")` };
    case 'text':
      return null;
    default: {
      const known = ctx.index.valuesByCode.get(value);
      if (!known) return { code: 'ATTRIBUTE_VALUE_NOT_FOUND', description: `value ${value} does not exist` };
      if (known.attributeCode !== attributeCode)
        return { code: 'ATTRIBUTE_VALUE_WRONG_ATTRIBUTE', description: `value ${value} belongs to attribute ${known.attributeCode}, not ${attributeCode}` };
      return null;
    }
  }
}

/** What the checks of a product's SKUs share: the reference data, the stored product's SKUs, and what earlier SKUs used. */
interface SkuChecks {
  ctx: ImportCheckContext;
  productId: number | null;
  required: ReadonlySet<SandboxRequirableField>;
  categoryAttributes: Map<string, boolean> | null;
  /** SKU-defining attributes the category requires. */
  requiredSkuAttributes: string[];
  storedSkuIds: Set<number>;
  submittedSkuIds: Set<number>;
  seenSkuIds: Set<number>;
  /** Barcode → index of the SKU that used it first. */
  barcodes: Map<string, number>;
  /** Sorted value codes → index of the SKU that used them first. */
  variants: Map<string, number>;
}

function checkSkus(
  rawSkus: unknown,
  ctx: ImportCheckContext,
  categoryAttributes: Map<string, boolean> | null,
  productId: number | null,
  stored: StoredProduct | undefined,
  required: ReadonlySet<SandboxRequirableField>,
  fail: Fail,
): CheckedSku[] | null {
  if (rawSkus === undefined || rawSkus === null || (Array.isArray(rawSkus) && rawSkus.length === 0)) {
    fail('skus', 'SKUS_REQUIRED', 'a product needs at least one SKU');
    return null;
  }
  if (!Array.isArray(rawSkus)) {
    fail('skus', 'INVALID_TYPE', 'skus must be an array');
    return null;
  }
  const submittedSkuIds = new Set<number>();
  for (const sku of rawSkus) {
    if (isPlainRecord(sku) && Number.isInteger(sku['skuId'])) submittedSkuIds.add(sku['skuId'] as number);
  }
  const checks: SkuChecks = {
    ctx,
    productId,
    required,
    categoryAttributes,
    requiredSkuAttributes: [...(categoryAttributes ?? [])]
      .filter(([code, isRequired]) => isRequired && ctx.index.attributesByCode.get(code)?.isSkuDefining)
      .map(([code]) => code),
    storedSkuIds: new Set(stored?.skus.map((s) => s.skuId) ?? []),
    submittedSkuIds,
    seenSkuIds: new Set(),
    barcodes: new Map(),
    variants: new Map(),
  };
  const out: CheckedSku[] = [];
  let ok = true;
  const skuFail: Fail = (field, code, description) => {
    ok = false;
    fail(field, code, description);
  };
  rawSkus.forEach((sku: unknown, i) => {
    const checked = checkSku(checks, sku, i, skuFail);
    if (ok && checked) out.push(checked);
  });
  return ok ? out : null;
}

/** One SKU's checks, in the order its errors are reported; the SKU when its price is a number (the caller drops it on any error). */
function checkSku(checks: SkuChecks, sku: unknown, i: number, fail: Fail): CheckedSku | null {
  const at = `skus[${i}]`;
  if (!isPlainRecord(sku)) {
    fail(at, 'INVALID_TYPE', 'a SKU must be a JSON object');
    return null;
  }
  const skuId = readSkuId(checks, sku['skuId'], at, fail);
  const codes = readSkuValueCodes(checks, sku['attributeValueCodes'], i, at, fail);
  const price = sku['price'];
  if (price === undefined || price === null) fail(`${at}.price`, 'REQUIRED', 'price is required');
  else if (typeof price !== 'number' || !Number.isFinite(price) || price <= 0) fail(`${at}.price`, 'PRICE_INVALID', `price must be a positive number (got ${JSON.stringify(price)})`);
  const barcode = readSkuBarcode(checks, sku['barcode'], i, at, fail);
  const photos = readSkuPhotos(sku['photos'], at, fail);
  if (checks.required.has('photos') && photos.length === 0) fail(`${at}.photos`, 'PHOTOS_REQUIRED', 'a SKU needs at least one photo');
  return typeof price === 'number' ? { skuId, attributeValueCodes: codes, price, barcode, photos } : null;
}

/** The SKU id: null for a new SKU; one of the stored product's, given once. */
function readSkuId(checks: SkuChecks, rawSkuId: unknown, at: string, fail: Fail): number | null {
  if (rawSkuId === undefined || rawSkuId === null) return null;
  if (!Number.isInteger(rawSkuId)) {
    fail(`${at}.skuId`, 'INVALID_TYPE', 'skuId must be an integer or null');
    return null;
  }
  const skuId = rawSkuId as number;
  if (checks.seenSkuIds.has(skuId)) fail(`${at}.skuId`, 'SKU_DUPLICATE_ID', `SKU ${skuId} is given more than once`);
  else if (!checks.storedSkuIds.has(skuId))
    fail(`${at}.skuId`, 'SKU_NOT_FOUND', checks.productId === null ? 'a new product cannot reference an existing SKU id' : `SKU ${skuId} does not belong to product ${checks.productId}`);
  checks.seenSkuIds.add(skuId);
  return skuId;
}

/** The SKU's value codes (trimmed, each once): SKU-defining values of the category, one per attribute, every required one, a variant no earlier SKU has. */
function readSkuValueCodes(checks: SkuChecks, rawCodes: unknown, i: number, at: string, fail: Fail): string[] {
  const { ctx, categoryAttributes } = checks;
  let codes: string[] = [];
  if (rawCodes !== undefined && rawCodes !== null) {
    if (!Array.isArray(rawCodes) || !rawCodes.every((c) => typeof c === 'string')) fail(`${at}.attributeValueCodes`, 'INVALID_TYPE', 'attributeValueCodes must be an array of strings');
    else codes = [...new Set((rawCodes as string[]).map((c) => c.trim()))].filter((c) => c !== '');
  }
  const byAttribute = new Map<string, string>();
  for (const code of codes) {
    const value = ctx.index.valuesByCode.get(code);
    const attribute = value ? ctx.index.attributesByCode.get(value.attributeCode) : undefined;
    if (!value || !attribute) fail(`${at}.attributeValueCodes`, 'ATTRIBUTE_VALUE_NOT_FOUND', `value ${code} does not exist`);
    else if (!attribute.isSkuDefining)
      fail(`${at}.attributeValueCodes`, 'ATTRIBUTE_NOT_SKU_LEVEL', `value ${code} belongs to attribute ${attribute.code}, which is not SKU-defining: send it in attributes[]`);
    else if (categoryAttributes && !categoryAttributes.has(attribute.code))
      fail(`${at}.attributeValueCodes`, 'ATTRIBUTE_NOT_IN_CATEGORY', `attribute ${attribute.code} (value ${code}) is not used in this category`);
    else if (byAttribute.has(attribute.code))
      fail(`${at}.attributeValueCodes`, 'ATTRIBUTE_NOT_MULTIPLE', `a SKU takes one value of ${attribute.code} (got ${byAttribute.get(attribute.code)} and ${code})`);
    else byAttribute.set(attribute.code, code);
  }
  for (const code of checks.requiredSkuAttributes) {
    if (!byAttribute.has(code)) fail(`${at}.attributeValueCodes`, 'ATTRIBUTE_REQUIRED', `attribute ${code} is required in this category: give each SKU one value of it`);
  }
  const variantKey = [...codes].sort().join('\u0000');
  const sameVariant = checks.variants.get(variantKey);
  if (sameVariant !== undefined) fail(`${at}.attributeValueCodes`, 'SKU_DUPLICATE_VARIANT', `SKU has the same attribute values as skus[${sameVariant}]`);
  else checks.variants.set(variantKey, i);
  return codes;
}

/** The SKU's barcode ('' for none): present where required, used by no other SKU of this product or of another product. */
function readSkuBarcode(checks: SkuChecks, rawBarcode: unknown, i: number, at: string, fail: Fail): string {
  if (rawBarcode !== undefined && rawBarcode !== null && typeof rawBarcode !== 'string') {
    fail(`${at}.barcode`, 'INVALID_TYPE', 'barcode must be a string');
    return '';
  }
  const barcode = (rawBarcode ?? '').trim();
  if (barcode === '') {
    if (checks.required.has('barcode')) fail(`${at}.barcode`, 'BARCODE_REQUIRED', 'barcode must not be empty');
    // Where the barcode is optional, a SKU without one leaves the key out; "" is not a barcode.
    else if (typeof rawBarcode === 'string') fail(`${at}.barcode`, 'BARCODE_INVALID', 'barcode is empty: leave it out for a SKU without one');
    return barcode;
  }
  const sameInProduct = checks.barcodes.get(barcode);
  const holder = checks.ctx.findBarcode(barcode);
  if (sameInProduct !== undefined) fail(`${at}.barcode`, 'BARCODE_DUPLICATE', `barcode ${barcode} is also used by skus[${sameInProduct}] of this product`);
  else if (holder && holder.productId !== checks.productId)
    fail(`${at}.barcode`, 'BARCODE_DUPLICATE', `barcode ${barcode} is already used by product ${holder.productId}`);
  else if (holder && !checks.submittedSkuIds.has(holder.skuId))
    fail(`${at}.barcode`, 'BARCODE_DUPLICATE', `barcode ${barcode} is already used by SKU ${holder.skuId} of this product`);
  checks.barcodes.set(barcode, i);
  return barcode;
}

/** The SKU's photos: absolute http(s) URLs, each with a whole order ≥ 0 (default: its position). */
function readSkuPhotos(rawPhotos: unknown, at: string, fail: Fail): { mediaFile: string; order: number }[] {
  const photos: { mediaFile: string; order: number }[] = [];
  if (rawPhotos !== undefined && rawPhotos !== null && !Array.isArray(rawPhotos)) fail(`${at}.photos`, 'INVALID_TYPE', 'photos must be an array');
  else if (Array.isArray(rawPhotos)) {
    rawPhotos.forEach((photo: unknown, j) => {
      const pat = `${at}.photos[${j}]`;
      if (!isPlainRecord(photo)) {
        fail(pat, 'INVALID_TYPE', 'a photo must be a JSON object');
        return;
      }
      const mediaFile = photo['mediaFile'];
      if (typeof mediaFile !== 'string' || !isHttpUrl(mediaFile)) {
        fail(`${pat}.mediaFile`, 'PHOTO_URL_INVALID', `mediaFile must be an absolute http(s) URL (got ${JSON.stringify(mediaFile)})`);
        return;
      }
      const order = photo['order'];
      if (order !== undefined && order !== null && !(Number.isInteger(order) && (order as number) >= 0)) {
        fail(`${pat}.order`, 'PHOTO_ORDER_INVALID', `order must be a whole number ≥ 0 (got ${JSON.stringify(order)})`);
        return;
      }
      photos.push({ mediaFile, order: (order as number | null | undefined) ?? j });
    });
  }
  return photos;
}

function readInteger(raw: Record<string, unknown>, key: string, fail: Fail, required: boolean): number | null {
  const value = raw[key];
  if (value === undefined || value === null) {
    if (required) fail(key, 'REQUIRED', `${key} is required`);
    return null;
  }
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    fail(key, 'INVALID_TYPE', `${key} must be an integer (got ${JSON.stringify(value)})`);
    return null;
  }
  return value;
}

function readLocalized(raw: Record<string, unknown>, key: 'name' | 'description', fail: Fail): Localized | null {
  const value = raw[key];
  if (value === undefined || value === null) {
    if (key === 'name') fail('name', 'REQUIRED', 'name is required');
    return null;
  }
  if (!isPlainRecord(value)) {
    fail(key, 'INVALID_TYPE', `${key} must be an object with rus and kaz`);
    return null;
  }
  const out: Localized = { rus: '', kaz: '' };
  for (const lang of ['rus', 'kaz'] as const) {
    const text = value[lang];
    if (text === undefined || text === null) continue;
    if (typeof text !== 'string') fail(`${key}.${lang}`, 'INVALID_TYPE', `${key}.${lang} must be a string`);
    else out[lang] = text;
  }
  return out;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
