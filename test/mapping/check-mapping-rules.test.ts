import { describe, expect, it } from 'vitest';
import { checkMappingRules } from '../../src/mapping/check-mapping-rules.js';
import { makeDirectories, makeMapping } from '../helpers/builders.js';

const directories = makeDirectories();

describe('checkMappingRules', () => {
  it('accepts the reference mapping', () => {
    expect(checkMappingRules(makeMapping(), directories, { file: 'shop.yaml' })).toEqual([]);
  });

  it('checks category targets: existence, leaf, ambiguity, with suggestions', () => {
    const mapping = makeMapping((input) => {
      input.categories = {
        Одежда: 'Одежда',
        Футболки: 'Футболки',
        Детские: 'Детская одежда / Футболки',
        Телефоны: 'Смартфон',
        Пропавшая: 999,
        Родитель: 11,
        Джинсы: 112,
      };
      input.defaults = { shopId: 7, category: 'Мужская одежда' };
    });
    expect(checkMappingRules(mapping, directories, { file: 'shop.yaml' })).toMatchInlineSnapshot(`
      [
        {
          "code": "category_not_leaf",
          "data": {
            "categories": "Одежда (10)",
            "hint": "map_to_one_subcategory",
          },
          "file": "shop.yaml",
          "hint": "map to one of its subcategories",
          "message": "category Одежда (10) is not a leaf category",
          "path": "categories.Одежда",
          "severity": "error",
          "stage": "mapping",
          "value": "Одежда",
        },
        {
          "code": "ambiguous_category",
          "data": {
            "entries": "Одежда / Мужская одежда / Футболки (111); Одежда / Детская одежда / Футболки (121)",
            "hint": "use_id_or_path",
          },
          "file": "shop.yaml",
          "hint": "use the id or the path: Одежда / Мужская одежда / Футболки (111); Одежда / Детская одежда / Футболки (121)",
          "message": ""Футболки" names several leaf categories",
          "path": "categories.Футболки",
          "severity": "error",
          "stage": "mapping",
          "value": "Футболки",
        },
        {
          "code": "unknown_category",
          "data": {
            "hint": "did_you_mean",
            "suggestions": "Электроника / Смартфоны (21)",
            "variant": "directory",
          },
          "file": "shop.yaml",
          "hint": "did you mean: Электроника / Смартфоны (21)?",
          "message": "category "Смартфон" is not in the category directory",
          "path": "categories.Телефоны",
          "severity": "error",
          "stage": "mapping",
          "value": "Смартфон",
        },
        {
          "code": "unknown_category",
          "data": {
            "variant": "directory",
          },
          "file": "shop.yaml",
          "message": "category "999" is not in the category directory",
          "path": "categories.Пропавшая",
          "severity": "error",
          "stage": "mapping",
          "value": "999",
        },
        {
          "code": "category_not_leaf",
          "data": {
            "categories": "Одежда / Мужская одежда (11)",
            "hint": "map_to_one_subcategory",
          },
          "file": "shop.yaml",
          "hint": "map to one of its subcategories",
          "message": "category Одежда / Мужская одежда (11) is not a leaf category",
          "path": "categories.Родитель",
          "severity": "error",
          "stage": "mapping",
          "value": "11",
        },
        {
          "code": "category_not_leaf",
          "data": {
            "categories": "Одежда / Мужская одежда (11)",
            "hint": "map_to_one_subcategory",
          },
          "file": "shop.yaml",
          "hint": "map to one of its subcategories",
          "message": "category Одежда / Мужская одежда (11) is not a leaf category",
          "path": "defaults.category",
          "severity": "error",
          "stage": "mapping",
          "value": "Мужская одежда",
        },
      ]
    `);
  });

  it('checks brands by id and name', () => {
    const mapping = makeMapping((input) => {
      input.brands = { Самсунг: 'Samsung', Эппл: 501, Найк: 'Nikee', Пусто: 9 };
      input.defaults = { shopId: 7, brand: 'qazaq  style' };
    });
    const issues = checkMappingRules(mapping, directories);
    expect(issues.map((issue) => [issue.code, issue.path, issue.hint])).toEqual([
      ['unknown_brand', 'brands.Найк', 'did you mean: Nike (503)?'],
      ['unknown_brand', 'brands.Пусто', undefined],
    ]);
  });

  it('checks attribute codes, levels, value codes, free values and separators', () => {
    const mapping = makeMapping((input) => {
      input.attributes = [
        { code: 'color', column: 'Цвет', level: 'product', values: { бордо: 'bordo', синий: 'cotton', красный: 'RED' } },
        { code: 'size', column: 'Размер', separator: '/', free: true },
        { code: 'colour', column: 'Материал' },
        { code: 'color', value: 'Красный' },
        { code: 'material', column: 'Материал', values: { хб: ['cotton', 'polyester'] } },
      ];
    });
    expect(checkMappingRules(mapping, directories).map((issue) => [issue.code, issue.severity, issue.path, issue.message, issue.hint])).toEqual([
      ['attribute_level_mismatch', 'error', 'attributes[0].level', 'attribute color is SKU-defining in the directory, so its level is sku, not product', undefined],
      ['unknown_attribute_value', 'error', 'attributes[0].values.бордо', 'value bordo is not a value of attribute color', undefined],
      ['value_of_other_attribute', 'error', 'attributes[0].values.синий', 'value cotton belongs to attribute material, not color', undefined],
      ['unknown_attribute_value', 'error', 'attributes[0].values.красный', 'value RED is not a value of attribute color', 'did you mean: red?'],
      ['free_values_not_allowed', 'error', 'attributes[1].free', 'attribute size takes directory values only (type dictionary)', undefined],
      ['separator_on_single_value_attribute', 'warning', 'attributes[1].separator', 'attribute size allows one value only; a cell with several values will be an error', undefined],
      ['unknown_attribute', 'error', 'attributes[2].code', 'attribute colour is not in the attribute directory', 'did you mean: color (Цвет)?'],
      ['duplicate_attribute', 'error', 'attributes[3].code', 'attribute color is already mapped at attributes[0]', undefined],
    ]);
  });

  it("honours the mapping's level, free and separator where the directory is silent, and refuses them only where it speaks", () => {
    const mapping = makeMapping((input) => {
      input.attributes = [
        { code: 'color', column: 'Цвет', level: 'product' },
        { code: 'size', column: 'Размер', separator: '/', free: true },
      ];
    });
    const silent = makeDirectories();
    silent.attributes = silent.attributes.map((a) => (a.code === 'color' || a.code === 'size' ? { ...a, unstated: ['type', 'isSkuDefining', 'isMultiple'] } : a));
    const codes = (d: typeof directories) => checkMappingRules(mapping, d).map((issue) => issue.code).filter((code) => code !== 'required_attribute_unmapped');
    expect(codes(silent)).toEqual([]);
    expect(codes(directories)).toEqual(['attribute_level_mismatch', 'free_values_not_allowed', 'separator_on_single_value_attribute']);
  });

  it('reports columns that feed two fields where that is wrong, but allows key columns to share', () => {
    const mapping = makeMapping((input) => {
      input.columns.skuKey = 'Штрихкод';
      input.columns.price = { header: 'штрихкод' };
      input.columns.name = { rus: 'Наименование', kaz: 'Наименование' };
      input.attributes = [{ code: 'color', column: 'Цвет' }, { code: 'size', column: 'Штрихкод' }, { code: 'material', column: 'Категория', values: {} }];
      input.columns.productId = { letter: 'a' };
      input.columns.skuId = { letter: 'A' };
    });
    expect(checkMappingRules(mapping, directories).map((issue) => [issue.code, issue.path, issue.message])).toEqual([
      ['column_used_twice', 'columns.name.kaz', 'column "Наименование" already feeds columns.name.rus'],
      ['column_used_twice', 'columns.barcode', 'column "Штрихкод" already feeds columns.price'],
      ['column_used_twice', 'columns.skuId', 'column A already feeds columns.productId'],
      ['column_used_twice', 'attributes[1].column', 'column "Штрихкод" already feeds columns.price'],
    ]);
  });

  it('warns about a batch size over 30, checks the default VAT, and names unmapped required attributes', () => {
    const mapping = makeMapping((input) => {
      input.batchSize = 100;
      input.defaults = { shopId: 7, vat: 20 };
      input.categories = { Смартфоны: 21, 'Футболки мужские': 111 };
      input.attributes = [{ code: 'color', column: 'Цвет' }];
    });
    expect(checkMappingRules(mapping, directories).map((issue) => [issue.code, issue.severity, issue.message])).toEqual([
      ['invalid_vat', 'error', 'VAT 20 is not among the allowed rates 0, 12, 16'],
      ['batch_size_capped', 'warning', 'the service accepts at most 30 products per request; 30 is used instead of 100'],
      ['required_attribute_unmapped', 'warning', 'category Электроника / Смартфоны (21) requires attribute memory (Встроенная память), which the mapping does not map'],
      ['required_attribute_unmapped', 'warning', 'category Одежда / Мужская одежда / Футболки (111) requires attribute size (Размер), which the mapping does not map'],
      ['required_attribute_unmapped', 'warning', 'category Одежда / Мужская одежда / Футболки (111) requires attribute material (Материал), which the mapping does not map'],
    ]);
  });
});
