/**
 * The blank policy: an update replaces a product's content on the service, so a field the file
 * leaves empty would wipe what the service holds. Under the mapping's `blank` policy `keep` (the
 * default for every field) the held value is put back into the outgoing item; under `clear` the
 * empty value is sent and the field is cleared. Either way the case is recorded.
 *
 * Fields a valid draft can never leave empty (the Russian name, brand, VAT, made-in-Kazakhstan,
 * price: they are required or come from `defaults`) are not affected.
 */
import type { ImportItem, ImportSku } from '../domain/index.js';
import type { ProductDraft } from '../core/types.js';
import { isAttributeAllowed } from '../mapping/directory-index.js';
import type { BlankableField, Mapping } from '../mapping/mapping-schema.js';
import { UNKNOWN_ATTRIBUTE_PREFIX, findHeldSku } from './build-held-item.js';
import type { CodeLookups, HeldItem } from './build-held-item.js';
import type { BlankedField } from './plan-types.js';

/** The draft to send and the blank fields found. */
export interface BlankPolicyResult {
  /** The input draft when nothing was filled in; else a copy with held values put back. */
  draft: ProductDraft;
  blanked: BlankedField[];
}

const TEXT_FIELDS = [
  ['name', 'rus'],
  ['name', 'kaz'],
  ['description', 'rus'],
  ['description', 'kaz'],
] as const;

/** Applies `mapping.blank` to one draft against what the service holds for it. */
export function applyBlankPolicy(draft: ProductDraft, held: HeldItem, mapping: Pick<Mapping, 'blank'>, lookups: Pick<CodeLookups, 'attributeByCode' | 'attributesOfValueCode'>): BlankPolicyResult {
  const blanked: BlankedField[] = [];
  let item: ImportItem = draft.item;
  let copied = false;
  const writable = (): ImportItem => {
    if (!copied) {
      item = { ...item, name: { ...item.name }, description: { ...item.description }, attributes: [...item.attributes], skus: item.skus.map((sku) => ({ ...sku })) };
      copied = true;
    }
    return item;
  };
  // One decision for every blank field: put the held value back (`putBack`) under `keep`, unless `reason` says it cannot go back.
  const decide = (policy: BlankableField, field: string, heldValue: unknown, reason: string | null, putBack: () => void, skuIndex?: number): void => {
    const why = mapping.blank[policy] !== 'clear' ? reason : 'blank: clear';
    const sku = skuIndex === undefined ? {} : { skuIndex };
    if (why === null) putBack();
    blanked.push(why === null ? { field, held: heldValue, kept: true, ...sku } : { field, held: heldValue, kept: false, reason: why, ...sku });
  };

  for (const [group, lang] of TEXT_FIELDS) {
    const field = `${group}.${lang}` as const;
    const was = held[group][lang];
    if (item[group][lang].trim() !== '' || was === undefined || was.trim() === '') continue;
    decide(field, field, was, null, () => (writable()[group][lang] = was));
  }

  // Product-level attributes the item leaves out.
  const sent = new Set(item.attributes.map((attribute) => attribute.code));
  for (const [code, values] of held.attributes) {
    if (sent.has(code) || values.length === 0) continue;
    decide('attributes', `attributes.${code}`, values, keepReason(code, values, false), () => writable().attributes.push({ code, valueCodes: [...values] }));
  }

  item.skus.forEach((sku, index) => {
    const heldSku = findHeldSku(held, sku.skuId);
    if (heldSku === undefined) return;
    const name = `skus[${draft.skuKeys[index] ?? sku.barcode ?? index}]`;
    if (sku.photos.length === 0 && heldSku.photos.length > 0) {
      const putBack = (): unknown => (writableSku(index).photos = heldSku.photos.map((url, position) => ({ mediaFile: url, order: position + 1 })));
      decide('photos', `${name}.photos`, heldSku.photos, null, putBack, index);
    }
    // SKU-defining attributes the SKU leaves out. A sent code counts for every attribute the
    // directory files it under (and the one the held SKU does), so a changed value is never
    // mistaken for a missing one.
    const sentAttributes = new Set<string>();
    for (const code of sku.attributeValueCodes) {
      for (const owner of lookups.attributesOfValueCode.get(code) ?? []) sentAttributes.add(owner);
      for (const [attribute, values] of heldSku.values) if (values.includes(code)) sentAttributes.add(attribute);
    }
    for (const [code, values] of heldSku.values) {
      if (sentAttributes.has(code) || values.length === 0) continue;
      const putBack = (): void => {
        const target = writableSku(index);
        target.attributeValueCodes = [...target.attributeValueCodes, ...values];
      };
      decide('attributes', `${name}.attributes.${code}`, values, keepReason(code, values, true), putBack, index);
    }
  });

  return { draft: copied ? { ...draft, item } : draft, blanked };

  function writableSku(index: number): ImportSku {
    return writable().skus[index] as ImportSku;
  }

  /** Null when the held value can be sent back; else why not. */
  function keepReason(code: string, values: readonly string[], skuLevel: boolean): string | null {
    if (code.startsWith(UNKNOWN_ATTRIBUTE_PREFIX) || values.some((value) => value.startsWith(UNKNOWN_ATTRIBUTE_PREFIX))) {
      return 'the held value is not in the directories';
    }
    const attribute = lookups.attributeByCode.get(code);
    if (attribute === undefined) return 'the attribute is not in the directory';
    if (!isAttributeAllowed(attribute, item.categoryId)) return `the attribute does not belong to category ${item.categoryId}`;
    if (attribute.isSkuDefining !== skuLevel) return skuLevel ? 'the attribute is not SKU-defining' : 'the attribute is SKU-defining';
    return null;
  }
}
