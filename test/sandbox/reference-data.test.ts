import { describe, expect, it } from 'vitest';
import { attributeSchema, attributeValueSchema, brandSchema, categorySchema } from '../../src/api/wire.js';
import { createReferenceData } from '../../src/sandbox/reference-data.js';

describe('createReferenceData', () => {
  const data = createReferenceData();

  it('has a three-level tree with at least 300 leaves, every leaf under a level-2 parent', () => {
    const byId = new Map(data.categories.map((c) => [c.id, c]));
    const leaves = data.categories.filter((c) => c.isLeaf);
    expect(leaves.length).toBeGreaterThanOrEqual(300);
    for (const leaf of leaves) {
      expect(leaf.level).toBe(3);
      const parent = byId.get(leaf.parentId as number);
      expect(parent?.level).toBe(2);
      expect(byId.get(parent?.parentId as number)?.level).toBe(1);
      expect(leaf.path?.rus.split(' / ')).toHaveLength(3);
      expect(leaf.path?.kaz.split(' / ')).toHaveLength(3);
    }
    expect(new Set(data.categories.map((c) => c.id)).size).toBe(data.categories.length);
  });

  it('keeps ids stable and readable (append-only lists)', () => {
    const smartphones = data.categories.find((c) => c.id === 10101);
    expect(smartphones?.path).toEqual({
      rus: 'Электроника / Смартфоны и гаджеты / Смартфоны',
      kaz: 'Электроника / Смартфондар мен гаджеттер / Смартфондар',
    });
    expect(data.attributes.find((a) => a.code === 'color')?.id).toBe(1);
    expect(data.values.find((v) => v.code === 'color_black')).toMatchObject({ id: 1001, name: { rus: 'Чёрный', kaz: 'Қара' } });
    expect(data.brands.find((b) => b.id === 1001)?.name).toBe('Samsung');
  });

  it('uses real Kazakh letters', () => {
    const kazakh = data.categories.map((c) => c.name.kaz).join(' ') + data.values.map((v) => v.name.kaz).join(' ');
    for (const letter of 'әғқңөұүһі') expect(kazakh).toContain(letter);
  });

  it('is deterministic for a seed and varies generated brands with the seed', () => {
    expect(createReferenceData(1)).toEqual(data);
    const other = createReferenceData(2);
    expect(other.categories).toEqual(data.categories);
    expect(other.brands.map((b) => b.name)).not.toEqual(data.brands.map((b) => b.name));
  });

  it('has at least 500 brands and unique codes and ids everywhere', () => {
    expect(data.brands.length).toBeGreaterThanOrEqual(500);
    expect(new Set(data.brands.map((b) => b.id)).size).toBe(data.brands.length);
    expect(new Set(data.values.map((v) => v.code)).size).toBe(data.values.length);
    expect(new Set(data.values.map((v) => v.id)).size).toBe(data.values.length);
    expect(new Set(data.attributes.map((a) => a.code)).size).toBe(data.attributes.length);
  });

  it('links attributes only to leaves, with required, SKU-defining and multi-valued attributes', () => {
    const leafIds = new Set(data.categories.filter((c) => c.isLeaf).map((c) => c.id));
    for (const attribute of data.attributes) for (const link of attribute.categories) expect(leafIds.has(link.categoryId)).toBe(true);
    const color = data.attributes.find((a) => a.code === 'color');
    expect(color).toMatchObject({ type: 'dictionary', isSkuDefining: true });
    expect(color?.categories).toContainEqual({ categoryId: 30104, isRequired: true });
    expect(data.attributes.find((a) => a.code === 'material')?.isMultiple).toBe(true);
    expect(data.attributes.find((a) => a.code === 'warranty_months')?.type).toBe('number');
    expect(data.attributes.find((a) => a.code === 'model')?.type).toBe('text');
    for (const value of data.values) expect(data.attributes.some((a) => a.code === value.attributeCode && a.id === value.attributeId)).toBe(true);
  });

  it('parses with the wire schemas the client uses', () => {
    for (const c of data.categories) expect(categorySchema.safeParse(c).success).toBe(true);
    for (const a of data.attributes) expect(attributeSchema.safeParse(a).success).toBe(true);
    for (const v of data.values) expect(attributeValueSchema.safeParse(v).success).toBe(true);
    for (const b of data.brands) expect(brandSchema.safeParse(b).success).toBe(true);
  });
});
