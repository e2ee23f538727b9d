import { describe, expect, it } from 'vitest';
import { attributeSchema, attributeValueSchema, brandSchema, categorySchema } from './wire-schemas.js';
import { KNOWN_BRANDS } from '../../src/sandbox/reference-brands.js';
import { CATEGORY_EXTENSIONS, RETIRED_NEAR_TWINS, extendCategoryTree } from '../../src/sandbox/reference-category-extension.js';
import { CATEGORY_TREE, PROFILE_ATTRIBUTES, createReferenceData } from '../../src/sandbox/reference-data.js';

describe('createReferenceData', () => {
  const data = createReferenceData();

  it('has a three-level tree with at least 2,000 leaves, every leaf under a level-2 parent', () => {
    const byId = new Map(data.categories.map((c) => [c.id, c]));
    const leaves = data.categories.filter((c) => c.isLeaf);
    expect(leaves.length).toBeGreaterThanOrEqual(2000);
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

  it('has at least 3,000 brands and unique codes and ids everywhere', () => {
    expect(data.brands.length).toBeGreaterThanOrEqual(3000);
    expect(new Set(data.brands.map((b) => b.id)).size).toBe(data.brands.length);
    expect(new Set(data.brands.map((b) => b.code)).size).toBe(data.brands.length);
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

  it('keeps every entry of the original directory at its id, code and name', () => {
    const byId = new Map(data.categories.map((c) => [c.id, c]));
    let original = 0;
    CATEGORY_TREE.forEach((root, r) => {
      expect(byId.get(r + 1)?.name).toEqual({ rus: root.rus, kaz: root.kaz });
      root.groups.forEach((group, g) => {
        const groupId = (r + 1) * 100 + g + 1;
        expect(byId.get(groupId)?.name).toEqual({ rus: group.rus, kaz: group.kaz });
        group.leaves.forEach((leaf, l) => {
          const [rus, kaz] = leaf.split('|');
          expect(byId.get(groupId * 100 + l + 1)?.name).toEqual({ rus, kaz });
          original++;
        });
      });
    });
    expect(original).toBe(398);
    const brandsById = new Map(data.brands.map((b) => [b.id, b]));
    KNOWN_BRANDS.forEach((name, i) => expect(brandsById.get(1001 + i)?.name).toBe(name));
    expect(brandsById.get(5001)?.name).toBe(createReferenceData(1).brands.find((b) => b.id === 5001)?.name);
    expect(data.attributes.slice(0, 25).map((a) => a.code)).toContain('operating_system');
  });

  it('covers the breadth of a general marketplace, in Russian and Kazakh', () => {
    const roots = data.categories.filter((c) => c.level === 1).map((c) => c.name.rus);
    for (const root of ['Электроника', 'Бытовая техника', 'Одежда', 'Обувь', 'Красота и здоровье', 'Дом и сад', 'Детские товары', 'Спорт и отдых', 'Автотовары', 'Зоотовары', 'Строительство и ремонт', 'Книги', 'Продукты питания', 'Бытовая химия и гигиена', 'Канцелярские товары', 'Аптека и медицинские изделия']) {
      expect(roots).toContain(root);
    }
    const leaves = data.categories.filter((c) => c.isLeaf);
    const perRoot = new Map<string, number>();
    for (const leaf of leaves) {
      const root = leaf.path?.rus.split(' / ')[0] ?? '';
      perRoot.set(root, (perRoot.get(root) ?? 0) + 1);
    }
    for (const root of ['Продукты питания', 'Зоотовары', 'Строительство и ремонт', 'Бытовая химия и гигиена']) expect(perRoot.get(root)).toBeGreaterThanOrEqual(60);
    for (const leaf of leaves) {
      expect(leaf.name.kaz.trim()).not.toBe('');
      expect(leaf.name.kaz).not.toContain('undefined');
    }
    const originalNames = new Set(CATEGORY_TREE.flatMap((root) => root.groups.flatMap((group) => group.leaves.map((leaf) => (leaf.split('|')[0] ?? '').toLowerCase()))));
    const added = leaves.map((c) => c.name.rus.toLowerCase()).filter((name) => !originalNames.has(name));
    expect(new Set(added).size).toBe(added.length);
  });

  it('adds no near-twin of an original leaf: the retired ones are not served and their ids stay unused', () => {
    const served = new Set(data.categories.filter((c) => c.isLeaf).map((c) => c.path?.rus));
    const original = createReferenceData(1, 'original').categories.filter((c) => c.isLeaf);
    expect(RETIRED_NEAR_TWINS.length).toBeGreaterThan(0);
    for (const path of RETIRED_NEAR_TWINS) expect(served.has(path)).toBe(false);
    for (const path of ['Зоотовары / Корма / Корм для кошек', 'Зоотовары / Товары для животных / Переноски', 'Дом и сад / Хозяйственные товары / Мусорные пакеты']) expect(served.has(path)).toBe(true);
    // A leaf after a retired slot keeps the id it had: `Лонгсливы для девочек` follows the retired T-shirts.
    expect(data.categories.find((c) => c.path?.rus === 'Одежда / Одежда для девочек / Лонгсливы для девочек')?.id).toBe(30502);
    expect(data.categories.some((c) => c.id === 30501)).toBe(false);
    // The same words (any order, any case, ё as е) as an original leaf under another branch is a twin.
    const words = (name: string): string => name.toLowerCase().replace(/ё/g, 'е').split(/[^\p{L}\p{N}]+/u).filter(Boolean).sort().join(' ');
    const originalWords = new Set(original.map((c) => words(c.name.rus)));
    const originalIds = new Set(original.map((c) => c.id));
    const twins = data.categories.filter((c) => c.isLeaf && !originalIds.has(c.id) && originalWords.has(words(c.name.rus))).map((c) => c.path?.rus);
    expect(twins).toEqual([]);
  });

  it('has a "no brand" entry and common Kazakh, Russian and global brands', () => {
    expect(data.brands.find((b) => b.code === 'no-brand')).toEqual({ id: 1000, name: 'Без бренда', code: 'no-brand' });
    const names = new Set(data.brands.map((b) => b.name));
    for (const name of ['Food Master', 'Рахат', 'Простоквашино', 'Макфа', 'Coca-Cola', 'Ariel', 'Makita', 'Royal Canin', 'Knauf', 'Лукойл']) expect(names).toContain(name);
  });

  it('links new categories to attributes that fit them (grocery to weight, pet food to animal, car parts to car make)', () => {
    const linked = (code: string): Set<number> => new Set(data.attributes.find((a) => a.code === code)?.categories.map((c) => c.categoryId));
    const leafId = (path: string): number => data.categories.find((c) => c.path?.rus === path)?.id ?? -1;
    expect(linked('net_weight_g').has(leafId('Продукты питания / Крупы, макароны и мука / Гречка'))).toBe(true);
    expect(linked('pet_type').has(leafId('Зоотовары / Товары для кошек / Сухие корма для кошек'))).toBe(true);
    expect(linked('car_make').has(leafId('Автотовары / Фильтры / Масляные фильтры'))).toBe(true);
    expect(linked('volume_ml').has(leafId('Продукты питания / Напитки / Соки'))).toBe(true);
    for (const profile of Object.values(PROFILE_ATTRIBUTES)) for (const [code] of profile) expect(data.attributes.some((a) => a.code === code)).toBe(true);
  });

  it('names only attribute profiles that attributes.json holds (the profile names are data, not a type)', () => {
    const named = new Set<string>();
    for (const root of extendCategoryTree(CATEGORY_TREE, CATEGORY_EXTENSIONS)) {
      for (const group of root.groups) {
        named.add(group.profile);
        for (const leaf of group.leaves) if (leaf.split('|')[2] !== undefined) named.add(leaf.split('|')[2] as string);
      }
    }
    expect(named.size).toBeGreaterThan(40);
    for (const profile of named) expect(Object.keys(PROFILE_ATTRIBUTES)).toContain(profile);
  });
});
