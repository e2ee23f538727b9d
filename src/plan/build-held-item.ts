/**
 * The service's details of a product, turned into import terms. Details speak in ids
 * (`attributes[].id`, `valueIds`, `attributeValueIds`), `skuBarcode` and photo `url`; the import
 * speaks in codes, `barcode` and `mediaFile`. The plan compares in import terms and the export
 * writes import terms, so both go through this one conversion.
 */
import type { Attribute, AttributeValue, Directories, ProductDetail } from '../domain/index.js';

/** Id ↔ code lookups over the attribute directories, built once per run. */
export interface CodeLookups {
  attributeById: ReadonlyMap<number, Attribute>;
  attributeByCode: ReadonlyMap<string, Attribute>;
  valueById: ReadonlyMap<number, AttributeValue>;
  /** Attribute codes of each value code (a code may belong to several attributes). */
  attributesOfValueCode: ReadonlyMap<string, readonly string[]>;
}

/** Builds the lookups. */
export function createCodeLookups(directories: Pick<Directories, 'attributes' | 'values'>): CodeLookups {
  const attributeById = new Map<number, Attribute>();
  const attributeByCode = new Map<string, Attribute>();
  for (const attribute of directories.attributes) {
    attributeById.set(attribute.id, attribute);
    attributeByCode.set(attribute.code, attribute);
  }
  const valueById = new Map<number, AttributeValue>();
  const attributesOfValueCode = new Map<string, string[]>();
  for (const value of directories.values) {
    valueById.set(value.id, value);
    const owners = attributesOfValueCode.get(value.code);
    if (owners === undefined) attributesOfValueCode.set(value.code, [value.attributeCode]);
    else if (!owners.includes(value.attributeCode)) owners.push(value.attributeCode);
  }
  return { attributeById, attributeByCode, valueById, attributesOfValueCode };
}

/** A SKU as the service holds it, in import terms. */
export interface HeldSku {
  skuId: number;
  /** Absent when the service did not say. */
  barcode?: string;
  price?: number;
  /** SKU-defining values by attribute code; values the directories lack are `#<valueId>` under `#?`. */
  values: Map<string, string[]>;
  /** Photo URLs in photo order. */
  photos: string[];
}

/**
 * A product as the service holds it, in import terms. A field is absent (undefined) when the
 * details did not carry it: the interface's details have no `shopId` and no Kazakh texts; the
 * sandbox adds them.
 */
export interface HeldItem {
  productId: number;
  shopId?: number;
  categoryId?: number;
  brandId?: number;
  isLocalMade?: boolean;
  vat?: number;
  name: { rus?: string; kaz?: string };
  description: { rus?: string; kaz?: string };
  /** Product-level values by attribute code (codes for dictionary attributes, the text for free ones). */
  attributes: Map<string, string[]>;
  skus: HeldSku[];
  /** Ids the directories do not know: `attribute 77`, `value 5003`. */
  unknownIds: string[];
  /** Attributes the details list without any value the tool can read (free text not returned): not held. */
  valuelessAttributes: Set<string>;
}

/** Attribute code used for ids the attribute directory lacks. */
export const UNKNOWN_ATTRIBUTE_PREFIX = '#';

/** Converts a details item to import terms. */
export function buildHeldItem(detail: ProductDetail, lookups: CodeLookups): HeldItem {
  const unknownIds: string[] = [];
  const valueCode = (id: number): { attribute: string; code: string } => {
    const value = lookups.valueById.get(id);
    if (value === undefined) {
      unknownIds.push(`value ${id}`);
      return { attribute: `${UNKNOWN_ATTRIBUTE_PREFIX}?`, code: `${UNKNOWN_ATTRIBUTE_PREFIX}${id}` };
    }
    return { attribute: value.attributeCode, code: value.code };
  };

  const attributes = new Map<string, string[]>();
  const valuelessAttributes = new Set<string>();
  for (const entry of detail.attributes) {
    const attribute = lookups.attributeById.get(entry.id);
    const code = attribute?.code ?? `${UNKNOWN_ATTRIBUTE_PREFIX}${entry.id}`;
    if (attribute === undefined) unknownIds.push(`attribute ${entry.id}`);
    // Free (text, number, boolean) values have no ids; the sandbox returns them as `values`.
    if (entry.valueIds.length === 0 && entry.values === undefined) {
      // Listed, but with no value the answer carries (a free text the details do not return): not held.
      valuelessAttributes.add(code);
      continue;
    }
    const free = entry.values ?? [];
    const codes = entry.valueIds.length > 0 ? entry.valueIds.map((id) => valueCode(id).code) : free;
    attributes.set(code, [...(attributes.get(code) ?? []), ...codes]);
  }

  const skus: HeldSku[] = detail.skus.map((sku) => {
    const values = new Map<string, string[]>();
    for (const id of sku.attributeValueIds) {
      const { attribute, code } = valueCode(id);
      values.set(attribute, [...(values.get(attribute) ?? []), code]);
    }
    const photos = sku.photos
      .map((photo, position) => ({ url: photo.url, order: photo.order ?? position }))
      .sort((a, b) => a.order - b.order)
      .map((photo) => photo.url);
    return {
      skuId: sku.skuId,
      ...(typeof sku.skuBarcode === 'string' ? { barcode: sku.skuBarcode } : {}),
      ...(typeof sku.price === 'number' ? { price: sku.price } : {}),
      values,
      photos,
    };
  });

  const shopId = detail.shopId;
  return {
    productId: detail.productId,
    ...(typeof shopId === 'number' && Number.isInteger(shopId) ? { shopId } : {}),
    ...(typeof detail.categoryId === 'number' ? { categoryId: detail.categoryId } : {}),
    ...(typeof detail.brandId === 'number' ? { brandId: detail.brandId } : {}),
    ...(typeof detail.isLocalMade === 'boolean' ? { isLocalMade: detail.isLocalMade } : {}),
    ...(typeof detail.vat === 'number' ? { vat: detail.vat } : {}),
    name: readLocalized(detail.name),
    description: readLocalized(detail.description),
    attributes,
    skus,
    unknownIds,
    valuelessAttributes,
  };
}

/** The held SKU a draft SKU updates: by skuId when it has one, else none (a new SKU). */
export function findHeldSku(held: HeldItem, skuId: number | null): HeldSku | undefined {
  return skuId === null ? undefined : held.skus.find((sku) => sku.skuId === skuId);
}

function readLocalized(value: { rus?: string | null | undefined; kaz?: string | null | undefined } | null | undefined): { rus?: string; kaz?: string } {
  const out: { rus?: string; kaz?: string } = {};
  if (typeof value?.rus === 'string') out.rus = value.rus;
  if (typeof value?.kaz === 'string') out.kaz = value.kaz;
  return out;
}
