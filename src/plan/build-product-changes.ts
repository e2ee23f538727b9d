/**
 * Compares an import item with what the service holds for the product, field by field, in import
 * terms (see `build-held-item.ts`). A field the service did not report is not compared. The plan
 * and the read-back (`--verify`, `pipeline/import/report-product-outcomes.ts`) both compare with it: Kazakh
 * texts, shop, free attribute values, SKU-defining values and attributes the item leaves out, with
 * old and new values.
 *
 * "Not returned" is never "changed": a field the details do not carry (Kazakh texts, shop, a free
 * attribute's text) is listed in `notCompared` and never makes an unchanged product an update.
 */
import type { ImportItem } from '../domain/index.js';
import { findHeldSku } from './build-held-item.js';
import type { CodeLookups, HeldItem } from './build-held-item.js';
import type { FieldChange } from './plan-types.js';

/** Every field of `item` that differs from `held`. `skuKeys[i]` names `item.skus[i]` in field paths. */
export function buildProductChanges(
  item: ImportItem,
  held: HeldItem,
  skuKeys: readonly string[],
  lookups: Pick<CodeLookups, 'attributesOfValueCode' | 'attributeByCode'>,
  notCompared: string[] = [],
): FieldChange[] {
  const changes: FieldChange[] = [];
  const compare = (field: string, sent: unknown, was: unknown, skuIndex?: number): void => {
    if (was === undefined) {
      if (sent !== undefined && sent !== '' && !(Array.isArray(sent) && sent.length === 0)) notCompared.push(field);
      return;
    }
    if (!isSameValue(sent, was)) changes.push({ field, old: was, new: sent, ...(skuIndex === undefined ? {} : { skuIndex }) });
  };

  compare('shopId', item.shopId, held.shopId);
  compare('categoryId', item.categoryId, held.categoryId);
  compare('brandId', item.brandId, held.brandId);
  compare('isLocalMade', item.isLocalMade, held.isLocalMade);
  compare('vat', item.vat, held.vat);
  compare('name.rus', item.name.rus, held.name.rus);
  compare('name.kaz', item.name.kaz, held.name.kaz);
  compare('description.rus', item.description.rus, held.description.rus);
  compare('description.kaz', item.description.kaz, held.description.kaz);

  const sentAttributes = new Map(item.attributes.map((attribute) => [attribute.code, attribute.valueCodes]));
  for (const code of unionKeys(sentAttributes, held.attributes)) {
    if (!held.attributes.has(code) && isNotHeld(code, held, lookups)) {
      notCompared.push(`attributes.${code}`);
      continue;
    }
    compareSet(changes, `attributes.${code}`, sentAttributes.get(code), held.attributes.get(code));
  }

  item.skus.forEach((sku, index) => {
    const name = `skus[${skuKeys[index] ?? sku.barcode ?? index}]`;
    const heldSku = findHeldSku(held, sku.skuId);
    if (heldSku === undefined) {
      changes.push({ field: name, old: null, new: sku.skuId === null ? `new SKU ${sku.barcode ?? skuKeys[index] ?? '(no barcode)'}` : `SKU ${sku.skuId} (not on the service)`, skuIndex: index });
      return;
    }
    compare(`${name}.price`, sku.price, heldSku.price, index);
    compare(`${name}.barcode`, sku.barcode ?? '', heldSku.barcode ?? '', index);
    compare(
      `${name}.photos`,
      sku.photos.map((photo) => photo.mediaFile),
      heldSku.photos,
      index,
    );
    const sentValues = groupSkuValues(sku.attributeValueCodes, heldSku.values, lookups);
    for (const code of unionKeys(sentValues, heldSku.values)) {
      compareSet(changes, `${name}.attributes.${code}`, sentValues.get(code), heldSku.values.get(code), index);
    }
  });
  return changes;
}

/**
 * Groups a SKU's flat `attributeValueCodes` by attribute: under the attribute the held SKU has the
 * code under, else the attribute the directory names for it, else the code itself.
 */
function groupSkuValues(codes: readonly string[], held: ReadonlyMap<string, string[]>, lookups: Pick<CodeLookups, 'attributesOfValueCode'>): Map<string, string[]> {
  const attributeOfCode = new Map<string, string>();
  for (const [attribute, values] of held) for (const value of values) attributeOfCode.set(value, attribute);
  const out = new Map<string, string[]>();
  for (const code of codes) {
    const attribute = attributeOfCode.get(code) ?? lookups.attributesOfValueCode.get(code)?.[0] ?? code;
    out.set(attribute, [...(out.get(attribute) ?? []), code]);
  }
  return out;
}

/** An attribute the details may leave out without saying anything: listed valueless, or free text (never returned by some services). */
function isNotHeld(code: string, held: HeldItem, lookups: Pick<CodeLookups, 'attributeByCode'>): boolean {
  if (held.valuelessAttributes.has(code)) return true;
  const attribute = lookups.attributeByCode.get(code);
  return attribute !== undefined && attribute.type !== 'dictionary';
}

function compareSet(changes: FieldChange[], field: string, sent: readonly string[] | undefined, held: readonly string[] | undefined, skuIndex?: number): void {
  const a = [...new Set(sent ?? [])].sort();
  const b = [...new Set(held ?? [])].sort();
  if (a.join('\u0000') === b.join('\u0000')) return;
  changes.push({ field, old: held === undefined || held.length === 0 ? null : held, new: sent === undefined || sent.length === 0 ? null : sent, ...(skuIndex === undefined ? {} : { skuIndex }) });
}

function unionKeys(a: ReadonlyMap<string, unknown>, b: ReadonlyMap<string, unknown>): string[] {
  return [...new Set([...a.keys(), ...b.keys()])];
}

function isSameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a === b || Math.abs(a - b) < 1e-9 * Math.max(1, Math.abs(a));
  return JSON.stringify(a) === JSON.stringify(b);
}
