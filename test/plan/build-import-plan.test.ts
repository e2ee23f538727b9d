import { describe, expect, it } from 'vitest';
import type { ImportItem, ProductDetail } from '../../src/domain/index.js';
import type { ProductDraft } from '../../src/core/types.js';
import { parseMapping } from '../../src/mapping/parse-mapping.js';
import type { Mapping } from '../../src/mapping/mapping-schema.js';
import { buildImportPlan } from '../../src/plan/build-import-plan.js';
import { buildPlanIssues } from '../../src/plan/build-plan-issues.js';
import { createCodeLookups } from '../../src/plan/build-held-item.js';
import { renderPlanSummary, renderPlannedProduct } from '../../src/plan/render-plan.js';
import { createReferenceData } from '../../src/sandbox/reference-data.js';

const reference = createReferenceData();
const directories = { attributes: reference.attributes, values: reference.values };
const valueId = (code: string): number => {
  const value = reference.values.find((v) => v.code === code);
  if (!value) throw new Error(`no value ${code}`);
  return value.id;
};
const attributeId = (code: string): number => {
  const attribute = reference.attributes.find((a) => a.code === code);
  if (!attribute) throw new Error(`no attribute ${code}`);
  return attribute.id;
};

function mappingWith(blank: Record<string, string> = {}): Mapping {
  const parsed = parseMapping({
    columns: { productKey: 'k', barcode: 'b', name: { rus: 'n' }, price: 'p', photos: 'f', category: 'c', brand: 'br', description: { rus: 'd' } },
    defaults: { shopId: 1001, vat: 12, isLocalMade: false },
    blank,
  });
  if (!parsed.mapping) throw new Error(JSON.stringify(parsed.issues));
  return parsed.mapping;
}

function makeItem(overrides: Partial<ImportItem> = {}): ImportItem {
  return {
    shopId: 1001,
    productId: 1000001,
    categoryId: 10101,
    brandId: 1001,
    isLocalMade: false,
    name: { rus: 'Смартфон A1', kaz: 'Смартфон A1 қаз' },
    description: { rus: '<p>Хороший</p>', kaz: '<p>Жақсы</p>' },
    vat: 12,
    attributes: [
      { code: 'operating_system', valueCodes: ['os_android'] },
      { code: 'model', valueCodes: ['A1'] },
    ],
    skus: [
      { skuId: 50000001, attributeValueCodes: ['color_black', 'memory_128'], price: 99990, barcode: '4601234567893', photos: [{ mediaFile: 'https://cdn.example.kz/a1.jpg', order: 1 }] },
      { skuId: 50000002, attributeValueCodes: ['color_white', 'memory_128'], price: 99990, barcode: '4601234567800', photos: [{ mediaFile: 'https://cdn.example.kz/a1w.jpg', order: 1 }] },
    ],
    ...overrides,
  };
}

function makeDraft(item: ImportItem, key = 'SM-A1'): ProductDraft {
  return {
    productKey: key,
    rows: [{ file: 'f.csv', row: 2 }, { file: 'f.csv', row: 3 }],
    skuKeys: item.skus.map((sku) => `${key}-${(sku.barcode ?? "").slice(-3)}`),
    skuRows: item.skus.map((_, i) => ({ file: 'f.csv', row: 2 + i })),
    item,
  };
}

/** What the sandbox's details would say for an item stored as given. */
function detailOf(item: ImportItem): ProductDetail {
  const free = new Set(reference.attributes.filter((a) => a.type !== 'dictionary').map((a) => a.code));
  return {
    productId: item.productId ?? 0,
    shopId: item.shopId,
    categoryId: item.categoryId,
    brandId: item.brandId,
    isLocalMade: item.isLocalMade,
    name: { ...item.name },
    description: { ...item.description },
    vat: item.vat,
    attributes: item.attributes.map((a) =>
      free.has(a.code) ? { id: attributeId(a.code), valueIds: [], values: a.valueCodes } : { id: attributeId(a.code), valueIds: a.valueCodes.map(valueId) },
    ),
    skus: item.skus.map((sku) => ({
      skuId: sku.skuId ?? 0,
      attributeValueIds: sku.attributeValueCodes.map(valueId),
      price: sku.price,
      skuBarcode: sku.barcode,
      photos: sku.photos.map((p) => ({ url: p.mediaFile, order: p.order })),
    })),
  } as ProductDetail;
}

describe('buildImportPlan', () => {
  it('finds the os value code the test relies on', () => {
    expect(reference.values.some((v) => v.code === 'os_android')).toBe(true);
  });

  it('marks a product identical to the held one unchanged, one without productId create, and a changed one update with old → new', () => {
    const same = makeItem();
    const changed = makeItem({ productId: 1000002, brandId: 1002 });
    const heldChanged = detailOf(makeItem({ productId: 1000002 }));
    const changedSkus = changed.skus.map((sku, i) => (i === 1 ? { ...sku, price: 89990, attributeValueCodes: ['color_white', 'memory_256'] } : sku));
    const plan = buildImportPlan({
      drafts: [makeDraft(same), makeDraft(makeItem({ productId: null }), 'NEW'), makeDraft({ ...changed, skus: changedSkus }, 'SM-B')],
      held: new Map([
        [1000001, detailOf(same)],
        [1000002, heldChanged],
      ]),
      directories,
      mapping: mappingWith(),
    });
    expect(plan.products.map((p) => [p.productKey, p.action])).toEqual([
      ['SM-A1', 'unchanged'],
      ['NEW', 'create'],
      ['SM-B', 'update'],
    ]);
    expect(plan.products[2]?.changes).toEqual([
      { field: 'brandId', old: 1001, new: 1002 },
      { field: 'skus[SM-B-800].price', old: 99990, new: 89990, skuIndex: 1 },
      { field: 'skus[SM-B-800].attributes.memory_gb', old: ['memory_128'], new: ['memory_256'], skuIndex: 1 },
    ]);
    expect(plan.counts).toEqual({ create: 1, update: 1, unchanged: 1, missing: 0, blankKept: 0, blankCleared: 0 });
    expect(renderPlanSummary(plan.counts)).toBe('plan: 1 to create, 1 to update, 1 unchanged (not sent)');
    expect(renderPlannedProduct(plan.products[2] as never)).toContain('  skus[SM-B-800].price: 99990 → 89990');
  });

  it('compares free attribute values, Kazakh texts and photo order, and ignores value order', () => {
    const item = makeItem({ attributes: [{ code: 'model', valueCodes: ['A1'] }, { code: 'operating_system', valueCodes: ['os_android'] }] });
    const held = detailOf(makeItem());
    expect(buildImportPlan({ drafts: [makeDraft(item)], held: new Map([[1000001, held]]), directories, mapping: mappingWith() }).products[0]?.action).toBe('unchanged');

    const renamed = makeItem({ name: { rus: 'Смартфон A1', kaz: 'Жаңа' }, attributes: [{ code: 'model', valueCodes: ['A2'] }, { code: 'operating_system', valueCodes: ['os_android'] }] });
    const photos = renamed.skus.map((sku, i) => (i === 0 ? { ...sku, photos: [{ mediaFile: 'https://cdn.example.kz/2.jpg', order: 1 }, { mediaFile: 'https://cdn.example.kz/a1.jpg', order: 2 }] } : sku));
    const plan = buildImportPlan({ drafts: [makeDraft({ ...renamed, skus: photos })], held: new Map([[1000001, held]]), directories, mapping: mappingWith() });
    expect(plan.products[0]?.changes.map((c) => c.field)).toEqual(['name.kaz', 'attributes.model', 'skus[SM-A1-893].photos']);
  });

  it('does not compare fields the details leave out (the interface has no Kazakh texts and no shopId)', () => {
    const held = detailOf(makeItem()) as unknown as Record<string, unknown>;
    delete held.shopId;
    held.name = { rus: 'Смартфон A1' };
    held.description = { rus: '<p>Хороший</p>' };
    const plan = buildImportPlan({ drafts: [makeDraft(makeItem({ shopId: 2001 }))], held: new Map([[1000001, held as unknown as ProductDetail]]), directories, mapping: mappingWith() });
    expect(plan.products[0]?.action).toBe('unchanged');
  });

  it('never takes "not returned" as "changed": free texts and Kazakh names the details lack are listed as not compared', () => {
    const held = detailOf(makeItem());
    held.name = { rus: held.name?.rus ?? '' };
    // One service lists the free attribute without its text, another leaves it out altogether.
    const listedEmpty = { ...held, attributes: held.attributes.map((a) => (a.values === undefined ? a : { id: a.id, valueIds: [] })) };
    const leftOut = { ...held, attributes: held.attributes.filter((a) => a.values === undefined) };
    for (const detail of [listedEmpty, leftOut]) {
      const planned = buildImportPlan({ drafts: [makeDraft(makeItem())], held: new Map([[1000001, detail]]), directories, mapping: mappingWith() }).products[0];
      expect(planned?.action).toBe('unchanged');
      expect(planned?.notCompared).toEqual(['name.kaz', 'attributes.model']);
    }
    // A dictionary attribute the service does not hold is still a change.
    const noOs = { ...held, attributes: held.attributes.filter((a) => a.values !== undefined) };
    const changed = buildImportPlan({ drafts: [makeDraft(makeItem())], held: new Map([[1000001, noOs]]), directories, mapping: mappingWith() }).products[0];
    expect(changed?.changes.map((c) => c.field)).toEqual(['attributes.operating_system']);
  });

  it('keeps a held value the file leaves empty (blank: keep), lists it, and sends the held value', () => {
    const held = detailOf(makeItem());
    const blankItem = makeItem({ description: { rus: '', kaz: '' }, attributes: [{ code: 'model', valueCodes: ['A1'] }] });
    const noPhotos = blankItem.skus.map((sku, i) => (i === 1 ? { ...sku, photos: [] } : sku));
    const plan = buildImportPlan({ drafts: [makeDraft({ ...blankItem, skus: noPhotos })], held: new Map([[1000001, held]]), directories, mapping: mappingWith() });
    const planned = plan.products[0];
    expect(planned?.action).toBe('unchanged');
    expect(planned?.blanked).toEqual([
      { field: 'description.rus', held: '<p>Хороший</p>', kept: true },
      { field: 'description.kaz', held: '<p>Жақсы</p>', kept: true },
      { field: 'attributes.operating_system', held: ['os_android'], kept: true },
      { field: 'skus[SM-A1-800].photos', held: ['https://cdn.example.kz/a1w.jpg'], kept: true, skuIndex: 1 },
    ]);
    expect(planned?.draft.item.description).toEqual({ rus: '<p>Хороший</p>', kaz: '<p>Жақсы</p>' });
    expect(planned?.draft.item.attributes).toContainEqual({ code: 'operating_system', valueCodes: ['os_android'] });
    expect(planned?.draft.item.skus[1]?.photos).toEqual([{ mediaFile: 'https://cdn.example.kz/a1w.jpg', order: 1 }]);
    expect(plan.counts.blankKept).toBe(4);
    const issues = buildPlanIssues(planned as never);
    expect(issues.map((i) => [i.code, i.row])).toEqual([
      ['blank_field_kept', 2],
      ['blank_field_kept', 2],
      ['blank_field_kept', 2],
      ['blank_field_kept', 3],
    ]);
  });

  it('clears a blank field when the mapping says clear, and shows it as a change', () => {
    const held = detailOf(makeItem());
    const item = makeItem({ description: { rus: '<p>Хороший</p>', kaz: '' } });
    const plan = buildImportPlan({ drafts: [makeDraft(item)], held: new Map([[1000001, held]]), directories, mapping: mappingWith({ 'description.kaz': 'clear' }) });
    expect(plan.products[0]?.action).toBe('update');
    expect(plan.products[0]?.changes).toEqual([{ field: 'description.kaz', old: '<p>Жақсы</p>', new: '' }]);
    expect(plan.products[0]?.blanked).toEqual([{ field: 'description.kaz', held: '<p>Жақсы</p>', kept: false, reason: 'blank: clear' }]);
    expect(plan.products[0]?.draft.item.description.kaz).toBe('');
  });

  it('does not keep a held attribute that the new category does not have', () => {
    const held = detailOf(makeItem());
    // 10108 (cables) has no operating_system.
    const item = makeItem({ categoryId: 10108, attributes: [{ code: 'model', valueCodes: ['A1'] }] });
    const plan = buildImportPlan({ drafts: [makeDraft(item)], held: new Map([[1000001, held]]), directories, mapping: mappingWith() });
    const blank = plan.products[0]?.blanked.find((b) => b.field === 'attributes.operating_system');
    expect(blank).toMatchObject({ kept: false, reason: 'the attribute does not belong to category 10108' });
    expect(plan.products[0]?.changes.map((c) => c.field)).toEqual(['categoryId', 'attributes.operating_system']);
  });

  it('reports a productId the service does not know, and a SKU without skuId as new', () => {
    const item = makeItem();
    const withNewSku = { ...item, skus: [...item.skus, { skuId: null, attributeValueCodes: ['color_black', 'memory_256'], price: 1, barcode: '4601234567817', photos: [] }] };
    const plan = buildImportPlan({
      drafts: [makeDraft(makeItem({ productId: 999 }), 'GONE'), makeDraft(withNewSku)],
      held: new Map([[1000001, detailOf(item)]]),
      directories,
      mapping: mappingWith(),
    });
    expect(plan.products[0]).toMatchObject({ action: 'update', heldMissing: true });
    expect(buildPlanIssues(plan.products[0] as never)[0]?.code).toBe('product_not_on_service');
    expect(plan.products[1]?.changes).toEqual([{ field: 'skus[SM-A1-817]', old: null, new: 'new SKU 4601234567817', skuIndex: 2 }]);
    expect(plan.counts.missing).toBe(1);
  });

  it('reuses lookups across chunks', () => {
    const lookups = createCodeLookups(directories);
    const item = makeItem();
    const plan = buildImportPlan({ drafts: [makeDraft(item)], held: new Map([[1000001, detailOf(item)]]), directories, mapping: mappingWith(), lookups });
    expect(plan.counts.unchanged).toBe(1);
  });
});
