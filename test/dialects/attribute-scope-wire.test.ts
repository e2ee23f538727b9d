import { describe, expect, it } from 'vitest';
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import { call, importAndSettle, makeCable, makeTshirt } from '../sandbox/sandbox-test-kit.js';
import { useWireRig } from './dialect-kit.js';
import type { WireRig } from './dialect-kit.js';

/** Every record of a directory under the interface's page numbers. */
async function readWhole(rig: WireRig, path: string): Promise<Record<string, unknown>[]> {
  const records: Record<string, unknown>[] = [];
  for (let pageNumber = 1; ; pageNumber += 1) {
    const page = await call(rig.sandbox, 'GET', path, { token: rig.token, query: { pageNumber, pageSize: 100 } });
    records.push(...(page.body.items as Record<string, unknown>[]));
    if (pageNumber >= (page.body.totalPages as number)) return records;
  }
}

describe('the attribute-scope dialect, over raw HTTP', () => {
  const rig = useWireRig('attribute-scope');

  it('states isRequired once per attribute with its category ids, no per-category flag', async () => {
    const attributes = await readWhole(rig(), DEFAULT_PATHS.attributes);
    expect(attributes).toHaveLength(rig().sandbox.reference.attributes.length);
    for (const reference of rig().sandbox.reference.attributes) {
      const written = attributes.find((a) => a['id'] === reference.id);
      expect(written).toMatchObject({ code: reference.code, type: reference.type, isSkuDefining: reference.isSkuDefining, isMultiple: reference.isMultiple });
      expect(written?.['categories']).toBeUndefined();
      expect(written?.['isRequired']).toBe(reference.categories.some((link) => link.isRequired));
      expect(written?.['categoryIds']).toEqual(reference.categories.map((link) => link.categoryId));
    }
    // The point of the dialect: some attribute is required in some of its categories only.
    expect(rig().sandbox.reference.attributes.some((a) => new Set(a.categories.map((link) => link.isRequired)).size > 1)).toBe(true);
  });

  it('names the attribute of a value only by id, as characteristicId', async () => {
    const values = await readWhole(rig(), DEFAULT_PATHS.values);
    expect(values).toHaveLength(rig().sandbox.reference.values.length);
    for (const written of values) {
      const reference = rig().sandbox.reference.values.find((v) => v.id === written['id']);
      expect(Object.keys(written).sort()).toEqual(['characteristicId', 'code', 'id', 'name']);
      expect(written['characteristicId']).toBe(reference?.attributeId);
    }
  });

  it("checks each category's own rule: gender (isRequired: true on the wire) is refused missing in women's T-shirts, accepted missing where it is optional", async () => {
    const gender = rig().sandbox.reference.attributes.find((a) => a.code === 'gender');
    const optionalIn = gender?.categories.find((link) => !link.isRequired && link.categoryId === 10103);
    expect(gender?.categories.find((link) => link.categoryId === 30104)?.isRequired).toBe(true);
    expect(optionalIn).toBeDefined();
    const tshirt = makeTshirt({ attributes: [{ code: 'material', valueCodes: ['material_cotton'] }] });
    const job = await importAndSettle(rig().sandbox, rig().token, [tshirt, makeCable({ categoryId: 10103, attributes: [] })]);
    expect(job.products.map((p: { status: string }) => p.status)).toEqual(['Failed', 'Success']);
    expect(job.products[0].errors).toEqual([expect.objectContaining({ field: 'attributes[gender]', code: 'ATTRIBUTE_REQUIRED' })]);
  });
});
