import { describe, expect, it } from 'vitest';
import type { Directories } from '../../src/domain/index.js';
import { checkMappingStaleness } from '../../src/assistant/check-mapping-staleness.js';
import { buildDirectoryDiff, isDirectoryDiffEmpty, renderDirectoryDiff } from '../../src/assistant/diff-directories.js';
import type { ProductDraft } from '../../src/core/types.js';
import { parseMapping } from '../../src/mapping/parse-mapping.js';
import type { Mapping } from '../../src/mapping/mapping-schema.js';
import { buildSandboxDirectories } from './measure-matching.js';

function buildChanged(): Directories {
  const directories = structuredClone(buildSandboxDirectories());
  directories.values = directories.values.filter((value) => value.code !== 'color_black');
  directories.brands = directories.brands.filter((brand) => brand.id !== 1002);
  const ram = directories.attributes.find((attribute) => attribute.code === 'ram_gb');
  const link = ram?.categories.find((l) => l.categoryId === 10101);
  if (link !== undefined) link.isRequired = true;
  // The live service lists leaves only: 10102 disappears and its new child names it as parent.
  directories.categories = directories.categories.filter((category) => category.id !== 10102);
  directories.categories.push({ id: 1010201, parentId: 10102, name: { rus: 'Телефоны для пожилых', kaz: '' }, path: null, isLeaf: true });
  directories.fetchedAt = '2026-02-01T00:00:00.000Z';
  return directories;
}

function buildMapping(): Mapping {
  const parsed = parseMapping({
    columns: { productKey: 'Артикул', category: 'Категория', brand: 'Бренд', name: { rus: 'Наименование' }, price: 'Цена', barcode: 'Штрихкод', photos: 'Фото' },
    defaults: { shopId: 1001, vat: 12, isLocalMade: false, description: { rus: 'x' } },
    categories: { Смартфоны: 10101, Телефоны: 10102 },
    brands: { Samsung: 1001, Apple: 1002 },
    attributes: [
      { code: 'color', column: 'Цвет', values: { чёрный: 'color_black', белый: 'color_white' } },
      { code: 'memory_gb', column: 'Память' },
      { code: 'operating_system', value: 'Android' },
      { code: 'model', column: 'Артикул' },
    ],
  });
  if (parsed.mapping === undefined) throw new Error(JSON.stringify(parsed.issues));
  return parsed.mapping;
}

function buildProduct(key: string, categoryId: number, brandId: number, colour: string, firstRow: number): ProductDraft {
  const row = (n: number): { file: string; row: number } => ({ file: 'shop.csv', row: n });
  return {
    productKey: key,
    rows: [row(firstRow), row(firstRow + 1)],
    skuKeys: ['1', '2'],
    skuRows: [row(firstRow), row(firstRow + 1)],
    item: {
      shopId: 1001,
      productId: null,
      categoryId,
      brandId,
      isLocalMade: false,
      name: { rus: key, kaz: '' },
      description: { rus: 'x', kaz: '' },
      vat: 12,
      attributes: [{ code: 'model', valueCodes: [key] }],
      skus: [
        { skuId: null, attributeValueCodes: [colour, 'memory_128'], price: 1, barcode: '1', photos: [] },
        { skuId: null, attributeValueCodes: ['color_white', 'memory_256'], price: 1, barcode: '2', photos: [] },
      ],
    },
  };
}

describe('buildDirectoryDiff', () => {
  it('finds removed values and brands, newly required attributes and leaves that got children', () => {
    const diff = buildDirectoryDiff(buildSandboxDirectories(), buildChanged());
    expect(diff.values.removed.map((value) => value.code)).toEqual(['color_black']);
    expect(diff.brands.removed.map((brand) => brand.name)).toEqual(['Apple']);
    expect(diff.attributes.newlyRequired.map((r) => `${r.attribute.code}@${r.categoryId}`)).toEqual(['ram_gb@10101']);
    expect(diff.categories.noLongerLeaf.map((category) => category.id)).toEqual([10102]);
    expect(diff.categories.removed).toEqual([]);
    expect(diff.categories.added.map((category) => category.id)).toEqual([1010201]);
    expect(renderDirectoryDiff(diff)).toContain('Values removed (1):');
  });

  it('is empty for the same directories', () => {
    expect(isDirectoryDiffEmpty(buildDirectoryDiff(buildSandboxDirectories(), buildSandboxDirectories()))).toBe(true);
  });
});

describe('checkMappingStaleness', () => {
  it('reports nothing for a mapping that fits', () => {
    expect(checkMappingStaleness({ mapping: buildMapping(), directories: buildSandboxDirectories() })).toEqual([]);
  });

  it('reports each stale entry with the rows of the last run it affects', () => {
    const products = [
      buildProduct('S-1', 10101, 1001, 'color_black', 2),
      buildProduct('S-2', 10101, 1002, 'color_white', 4),
      buildProduct('T-1', 10102, 1001, 'color_white', 6),
    ];
    const findings = checkMappingStaleness({ mapping: buildMapping(), mappingFile: 'shop.yaml', directories: buildChanged(), previous: buildSandboxDirectories(), products });
    const byCode = Object.fromEntries(findings.map((finding) => [finding.issue.code, { path: finding.issue.path, rows: finding.rows.map((ref) => ref.row), hint: finding.issue.hint }]));
    expect(Object.keys(byCode).sort()).toEqual(['attribute_became_required', 'category_not_leaf', 'unknown_attribute_value', 'unknown_brand']);
    expect(byCode.unknown_attribute_value).toMatchObject({ path: 'attributes[0].values.чёрный', rows: [2] });
    expect(byCode.unknown_attribute_value?.hint).toContain('it was "Чёрный"');
    expect(byCode.unknown_brand).toMatchObject({ path: 'brands.Apple', rows: [4, 5] });
    expect(byCode.unknown_brand?.hint).toContain('it was Apple [1002]');
    expect(byCode.attribute_became_required).toMatchObject({ path: 'attributes', rows: [2, 3, 4, 5] });
    expect(byCode.category_not_leaf).toMatchObject({ path: 'categories.Телефоны', rows: [6, 7] });
    expect(byCode.category_not_leaf?.hint).toContain('[1010201]');
    expect(findings.every((finding) => finding.issue.severity === 'error' && finding.issue.file === 'shop.yaml')).toBe(true);
  });

  it('reports a required attribute the mapping never fed even without a previous snapshot', () => {
    const mapping = buildMapping();
    mapping.attributes = mapping.attributes.filter((attribute) => attribute.code !== 'operating_system');
    const findings = checkMappingStaleness({ mapping, directories: buildSandboxDirectories() });
    expect(findings.map((finding) => `${finding.issue.code} ${finding.issue.value ?? ''}`)).toEqual(['required_attribute_unmapped operating_system']);
  });
});
