import { describe, expect, it } from 'vitest';
import type { MappingInput } from '../../src/mapping/mapping-schema.js';
import { createRowMapper } from '../../src/stages/create-row-mapper.js';
import { makeDirectories, makeInfo, makeMapping, makeProductRow, makeRow, numberCell, type CellInput } from '../helpers/builders.js';

const directories = makeDirectories();

function mapOne(overrides: Record<string, CellInput> = {}, edit?: (input: MappingInput) => void) {
  const info = makeInfo();
  const mapper = createRowMapper(makeMapping(edit), directories, info);
  return mapper(makeProductRow(info, 5, overrides));
}

/** `code column value` of each issue, for compact assertions. */
function summarize(issues: { code: string; severity: string; column?: string; value?: string }[]): string[] {
  return issues.map((issue) => `${issue.severity} ${issue.code} ${issue.column ?? '-'} ${issue.value ?? '-'}`);
}

describe('createRowMapper: a good row', () => {
  it('maps every field to its wire form and records where it came from', () => {
    const { record, issues } = mapOne();
    expect(issues).toEqual([]);
    expect(record).toEqual({
      source: { file: 'catalog.xlsx', sheet: 'Товары', row: 5 },
      valid: true,
      productKey: 'TS-1',
      skuKey: '4601234567893',
      productId: null,
      skuId: null,
      product: {
        shopId: 7,
        categoryId: 111,
        brandId: 502,
        isLocalMade: true,
        name: { rus: 'Футболка мужская', kaz: 'Ерлерге арналған футболка' },
        description: { rus: '<p>Хлопковая футболка</p>', kaz: '<p>Мақта футболка</p>' },
        vat: 12,
        attributes: [{ code: 'material', valueCodes: ['cotton'] }],
      },
      sku: {
        price: 4990,
        barcode: '4601234567893',
        photos: [{ mediaFile: 'https://cdn.example.kz/ts-1-red.jpg', order: 1 }],
        attributes: [
          { code: 'color', valueCodes: ['red'] },
          { code: 'size', valueCodes: ['m'] },
        ],
      },
      cells: {
        productKey: { column: 'A', header: 'Артикул' },
        barcode: { column: 'B', header: 'Штрихкод' },
        'name.rus': { column: 'C', header: 'Наименование' },
        'name.kaz': { column: 'D', header: 'Атауы' },
        'description.rus': { column: 'E', header: 'Описание' },
        'description.kaz': { column: 'F', header: 'Сипаттама' },
        category: { column: 'G', header: 'Категория' },
        brand: { column: 'H', header: 'Бренд' },
        price: { column: 'I', header: 'Цена' },
        vat: { column: 'J', header: 'НДС' },
        'attribute:color': { column: 'K', header: 'Цвет' },
        'attribute:size': { column: 'L', header: 'Размер' },
        'attribute:material': { column: 'M', header: 'Материал' },
        photos: { column: 'N', header: 'Фото' },
        isLocalMade: { column: 'O', header: 'Казахстан' },
      },
    });
  });

  it('finds columns by letter and by header ignoring case and spaces', () => {
    const { record, issues } = mapOne({}, (input) => {
      input.columns.productKey = { letter: 'a' };
      input.columns.price = '  цена ';
    });
    expect(issues).toEqual([]);
    expect(record?.productKey).toBe('TS-1');
    expect(record?.sku.price).toBe(4990);
  });

  it('skips a row whose cells are all empty, without an issue', () => {
    const info = makeInfo();
    const mapper = createRowMapper(makeMapping(), directories, info);
    expect(mapper(makeRow(info, 9, { Артикул: '  ' }))).toEqual({ record: null, issues: [] });
  });
});

describe('createRowMapper: issue locations', () => {
  it('names file, sheet, row, column, header, value, product key and a hint', () => {
    const { record, issues } = mapOne({ Бренд: 'Samsnug' });
    expect(record?.valid).toBe(false);
    expect(issues).toMatchInlineSnapshot(`
      [
        {
          "code": "unknown_brand",
          "column": "H",
          "data": {
            "hint": "did_you_mean",
            "suggestions": "Samsung (500)",
            "variant": "missing",
          },
          "file": "catalog.xlsx",
          "header": "Бренд",
          "hint": "did you mean: Samsung (500)?",
          "message": "brand "Samsnug" is not in the mapping or the directory",
          "productKey": "TS-1",
          "row": 5,
          "severity": "error",
          "sheet": "Товары",
          "stage": "map",
          "value": "Samsnug",
        },
      ]
    `);
  });

  it('reports a mapped column missing from the header once, not per row', () => {
    const info = makeInfo({ header: ['Артикул', 'Штрихкод', 'Наименование', 'Описание', 'Категория', 'Бренд', 'Цена', 'НДС', 'Фото', 'Казахстан', 'Цвет', 'Размер', 'Материал', 'Сипатама'] });
    const mapper = createRowMapper(makeMapping(), directories, info);
    expect(mapper.setupIssues.map((issue) => [issue.code, issue.severity, issue.path, issue.header, issue.hint])).toEqual([
      // Kazakh columns weigh what `validation.kazakh` says (a warning by default), like an empty Kazakh cell.
      ['mapped_column_missing', 'warning', 'columns.name.kaz', 'Атауы', undefined],
      ['mapped_column_missing', 'warning', 'columns.description.kaz', 'Сипаттама', 'did you mean: "Сипатама" (N)?'],
    ]);
    const row = makeRow(info, 2, {
      Артикул: 'TS-1',
      Штрихкод: '4601234567893',
      Наименование: 'Футболка',
      Описание: 'Хлопок',
      Категория: 'Футболки мужские',
      Бренд: 'Nike',
      Цена: '100',
      НДС: '0',
      Фото: 'https://x.kz/1.jpg',
      Казахстан: 'нет',
      Цвет: 'Синий',
      Размер: 'S',
      Материал: 'Хлопок',
    });
    const first = mapper(row);
    const second = mapper({ ...row, row: 3 });
    // Kazakh text is a warning by default, so the rows stay valid and nothing repeats per row.
    expect(first.issues).toEqual([]);
    expect(second.issues).toEqual([]);
    expect(first.record?.valid).toBe(true);
  });

  it('reports a missing Kazakh column once at setup, with the configured severity', () => {
    const info = makeInfo();
    const mapper = createRowMapper(
      makeMapping((input) => {
        input.columns.name = { rus: 'Наименование' };
        input.validation = { kazakh: 'error' };
      }),
      directories,
      info,
    );
    expect(mapper.setupIssues.map((issue) => [issue.code, issue.severity, issue.path])).toEqual([['kazakh_text_missing', 'error', 'columns.name.kaz']]);
    const { record, issues } = mapper(makeProductRow(info, 2));
    expect(issues).toEqual([]);
    expect(record?.valid).toBe(false);
  });
});

describe('createRowMapper: required fields and defaults', () => {
  it('reports each empty required field in its column', () => {
    const { record, issues } = mapOne({ Наименование: '', Цена: undefined, Штрихкод: '', Категория: '', НДС: '', Казахстан: '' });
    expect(record?.valid).toBe(false);
    expect(summarize(issues)).toEqual([
      'error required_field_missing G -',
      'error required_field_missing O -',
      'error required_field_missing C -',
      'error required_field_missing J -',
      'error required_field_missing I -',
      'error required_field_missing B -',
    ]);
  });

  it('fills empty cells from defaults', () => {
    const { record, issues } = mapOne({ Категория: '', НДС: '', Казахстан: '', Бренд: '' }, (input) => {
      input.defaults = { shopId: 3, vat: 0, isLocalMade: false, category: 112, brand: 'Nike' };
    });
    expect(issues).toEqual([]);
    expect(record?.product).toMatchObject({ shopId: 3, vat: 0, isLocalMade: false, categoryId: 112, brandId: 503 });
    expect(record?.cells.category).toBeDefined();
  });

  it('refuses a row without a product key (it belongs to no product)', () => {
    const { record, issues } = mapOne({ Артикул: '' });
    expect(record).toBeNull();
    expect(summarize(issues)).toEqual(['error required_field_missing A -']);
  });

  it('takes the SKU key from its own column when mapped, else the barcode', () => {
    const info = makeInfo({ header: ['Артикул', 'SKU', 'Штрихкод', 'Наименование', 'Атауы', 'Описание', 'Сипаттама', 'Категория', 'Бренд', 'Цена', 'НДС', 'Цвет', 'Размер', 'Материал', 'Фото', 'Казахстан'] });
    const mapper = createRowMapper(makeMapping((input) => void (input.columns.skuKey = 'SKU')), directories, info);
    const { record } = mapper({ ...makeProductRow(makeInfo(), 2), cells: makeRowCells(info, { SKU: 'TS-1-RED-M' }) });
    expect(record?.skuKey).toBe('TS-1-RED-M');
  });
});

describe('createRowMapper: values', () => {
  it.each([
    ['1 298,00', 1298],
    ['1\u00a0298,50', 1298.5],
    ['999.9', 999.9],
  ])('reads price %s', (text, expected) => {
    expect(mapOne({ Цена: text }).record?.sku.price).toBe(expected);
  });

  it('reads a numeric price cell as is', () => {
    expect(mapOne({ Цена: numberCell(4990.5) }).record?.sku.price).toBe(4990.5);
  });

  it.each(['0', '-10', 'бесплатно', '12,5,0'])('refuses price %s', (text) => {
    const { issues } = mapOne({ Цена: text });
    expect(summarize(issues)).toEqual([`error invalid_price I ${text}`]);
  });

  it('a price in the other decimal notation than input.decimal says so, and how to read it', () => {
    const comma = (input: MappingInput): void => {
      input.input = { ...input.input, decimal: ',' };
    };
    expect(mapOne({ Цена: '54990.9' }, comma).issues.map((issue) => issue.message)).toEqual([
      'the price "54990.9" is not written with the decimal separator "," of input.decimal in the mapping (the other one may only group thousands by three); write it so, or set input.decimal: auto',
    ]);
    // Read as 1.2995 before: a price 1000 times too low, with no word.
    expect(mapOne({ Цена: '1,299.50' }, comma).issues.map((issue) => issue.message)).toEqual([
      'the price "1,299.50" is not written with the decimal separator "," of input.decimal in the mapping (the other one may only group thousands by three); write it so, or set input.decimal: auto',
    ]);
    expect(mapOne({ Цена: 'бесплатно' }, comma).issues.map((issue) => issue.message)).toEqual(['the price must be a positive number, got "бесплатно"']);
    expect(mapOne({ Цена: '-5.5' }, comma).issues.map((issue) => issue.message)).toEqual(['the price must be a positive number, got "-5.5"']);
  });

  it('reads VAT as 12, 12%, 0 and "без НДС", and refuses a rate outside the allowed set', () => {
    expect(mapOne({ НДС: '12%' }).record?.product.vat).toBe(12);
    expect(mapOne({ НДС: numberCell(0) }).record?.product.vat).toBe(0);
    expect(mapOne({ НДС: 'Без НДС' }).record?.product.vat).toBe(0);
    expect(summarize(mapOne({ НДС: '20' }).issues)).toEqual(['error invalid_vat J 20']);
    expect(summarize(mapOne({ НДС: '20' }, (input) => void (input.validation = { vat: [0, 12, 20] })).issues)).toEqual([]);
  });

  it('checks barcodes: check digit, length, Excel damage', () => {
    expect(summarize(mapOne({ Штрихкод: '4601234567890' }).issues)).toEqual(['error barcode_check_digit_mismatch B 4601234567890']);
    expect(summarize(mapOne({ Штрихкод: '46012345' }).issues)).toEqual(['error barcode_check_digit_mismatch B 46012345']);
    expect(summarize(mapOne({ Штрихкод: '12345' }).issues)).toEqual(['error invalid_barcode B 12345']);
    expect(summarize(mapOne({ Штрихкод: numberCell(4601234567893, { text: '4,60123E+12', flags: ['exponent'] }) }).issues)).toEqual([
      'error barcode_damaged_by_excel B 4,60123E+12',
    ]);
    const lostZero = mapOne({ Штрихкод: numberCell(36000291452) });
    expect(summarize(lostZero.issues)).toEqual(['error barcode_damaged_by_excel B 36000291452']);
    expect(lostZero.issues[0]?.hint).toContain('probably 036000291452');
    const repaired = mapOne({ Штрихкод: numberCell(36000291452) }, (input) => void (input.validation = { barcode: { repairLeadingZeros: true } }));
    expect(summarize(repaired.issues)).toEqual(['warning barcode_leading_zero_restored B 36000291452']);
    expect(repaired.record?.sku.barcode).toBe('036000291452');
    expect(repaired.record?.valid).toBe(true);
  });

  it('checks photo URLs, splits cells, drops repeats and counts', () => {
    const { record, issues } = mapOne({ Фото: 'https://a.kz/1.jpg\nhttps://a.kz/2.jpg  https://a.kz/1.jpg ftp://a.kz/3.jpg /img/4.jpg' });
    expect(record?.sku.photos).toEqual([
      { mediaFile: 'https://a.kz/1.jpg', order: 1 },
      { mediaFile: 'https://a.kz/2.jpg', order: 2 },
    ]);
    expect(summarize(issues)).toEqual(['warning duplicate_photo N https://a.kz/1.jpg', 'error invalid_photo_url N ftp://a.kz/3.jpg', 'error invalid_photo_url N /img/4.jpg']);
    expect(summarize(mapOne({ Фото: '' }).issues)).toEqual(['error too_few_photos N -']);
    expect(summarize(mapOne({ Фото: 'http://a.kz/1.jpg' }, (input) => void (input.validation = { photos: { requireHttps: true } })).issues)).toEqual([
      'error invalid_photo_url N http://a.kz/1.jpg',
    ]);
  });

  it('orders photos from several columns and a separator', () => {
    const info = makeInfo({ header: ['Артикул', 'Штрихкод', 'Наименование', 'Атауы', 'Описание', 'Сипаттама', 'Категория', 'Бренд', 'Цена', 'НДС', 'Цвет', 'Размер', 'Материал', 'Фото', 'Казахстан', 'Фото 2'] });
    const mapper = createRowMapper(
      makeMapping((input) => {
        input.columns.photos = { columns: ['Фото', 'Фото 2'], separator: ';' };
        input.validation = { photos: { max: 3 } };
      }),
      directories,
      info,
    );
    const row = { row: 2, cells: makeRowCells(info, { Фото: 'https://a.kz/1.jpg;https://a.kz/2.jpg', 'Фото 2': 'https://a.kz/3.jpg' }) };
    const { record, issues } = mapper(row);
    expect(issues).toEqual([]);
    expect(record?.sku.photos.map((photo) => `${photo.order}:${photo.mediaFile}`)).toEqual(['1:https://a.kz/1.jpg', '2:https://a.kz/2.jpg', '3:https://a.kz/3.jpg']);
    const tooMany = mapper({ row: 3, cells: makeRowCells(info, { Фото: 'https://a.kz/1.jpg;https://a.kz/2.jpg', 'Фото 2': 'https://a.kz/3.jpg https://a.kz/4.jpg' }) });
    expect(summarize(tooMany.issues)).toEqual(['error too_many_photos N -']);
  });

  it('reads booleans in the seller words, and boolean cells', () => {
    expect(mapOne({ Казахстан: 'Иә' }).record?.product.isLocalMade).toBe(true);
    expect(mapOne({ Казахстан: 'нет' }).record?.product.isLocalMade).toBe(false);
    expect(mapOne({ Казахстан: false }).record?.product.isLocalMade).toBe(false);
    expect(summarize(mapOne({ Казахстан: 'наверное' }).issues)).toEqual(['error invalid_boolean O наверное']);
    expect(mapOne({ Казахстан: 'отечественный' }, (input) => void (input.booleans = { true: ['отечественный'], false: ['импорт'] })).record?.product.isLocalMade).toBe(true);
  });

  it('checks Kazakh texts: missing, lost letters, copied from Russian', () => {
    expect(summarize(mapOne({ Атауы: '' }).issues)).toEqual(['warning kazakh_text_missing D -']);
    expect(summarize(mapOne({ Атауы: '' }, (input) => void (input.validation = { kazakh: 'error' })).issues)).toEqual(['error kazakh_text_missing D -']);
    expect(mapOne({ Атауы: '' }, (input) => void (input.validation = { kazakh: 'off' })).issues).toEqual([]);
    const lost = mapOne({ Атауы: 'Ерлерге арнал?ан футболка', Сипаттама: '?ызыл' });
    expect(summarize(lost.issues)).toEqual(['error kazakh_text_lost D Ерлерге арнал?ан футболка', 'error kazakh_text_lost F ?ызыл']);
    expect(lost.record?.valid).toBe(false);
    expect(summarize(mapOne({ Атауы: 'Футболка мужская' }).issues)).toEqual(['warning kazakh_same_as_russian D Футболка мужская']);
  });

  it('resolves categories: explicit entry, exact name, not a leaf, ambiguous, unknown with suggestions', () => {
    expect(mapOne({ Категория: 'джинсы' }).record?.product.categoryId).toBe(112);
    expect(summarize(mapOne({ Категория: 'Мужская одежда' }).issues)).toEqual(['error category_not_leaf G Мужская одежда']);
    expect(summarize(mapOne({ Категория: 'Футболки' }).issues)).toEqual(['error ambiguous_category G Футболки']);
    const unknown = mapOne({ Категория: 'Футболки женские' });
    expect(summarize(unknown.issues)).toEqual(['error unknown_category G Футболки женские']);
    expect(unknown.issues[0]?.hint).toMatch(/^did you mean: .*Футболки \(1[12]1\)/);
  });

  it('with unmapped: auto, accepts a clearly nearest value with a warning', () => {
    const { record, issues } = mapOne({ Бренд: 'Samsnug', Материал: 'Полиэстр' }, (input) => void (input.unmapped = 'auto'));
    expect(summarize(issues)).toEqual(['warning value_matched_approximately H Samsnug', 'warning value_matched_approximately M Полиэстр']);
    expect(record?.product.brandId).toBe(500);
    expect(record?.product.attributes).toEqual([{ code: 'material', valueCodes: ['polyester'] }]);
    expect(record?.valid).toBe(true);
  });

  it('maps attribute values: synonyms, multi-valued cells, value codes, errors', () => {
    const edit = (input: MappingInput): void => {
      input.attributes = [
        { code: 'color', column: 'Цвет', values: { бордо: 'red' } },
        { code: 'size', column: 'Размер' },
        { code: 'material', column: 'Материал', separator: ',', values: { хб: 'cotton' } },
      ];
    };
    const good = mapOne({ Цвет: 'Бордо', Размер: 'l', Материал: 'ХБ, Эластан, cotton' }, edit);
    expect(good.issues).toEqual([]);
    expect(good.record?.sku.attributes).toEqual([
      { code: 'color', valueCodes: ['red'] },
      { code: 'size', valueCodes: ['l'] },
    ]);
    expect(good.record?.product.attributes).toEqual([{ code: 'material', valueCodes: ['cotton', 'elastane'] }]);
    const bad = mapOne({ Цвет: 'Малиновый', Размер: 'XXL' }, edit);
    expect(summarize(bad.issues)).toEqual(['error unknown_attribute_value K Малиновый', 'error unknown_attribute_value L XXL']);
    expect(bad.issues[1]?.hint).toBeUndefined();
  });

  it('refuses several values for a single-value attribute and attributes foreign to the category', () => {
    const several = mapOne({ Цвет: 'Красный, Синий' }, (input) => void (input.attributes = [{ code: 'color', column: 'Цвет', separator: ',' }]));
    expect(summarize(several.issues)).toEqual(['error too_many_values K Красный, Синий']);
    // An attribute applies only where the category has it: left out silently by default…
    const foreign = mapOne({ Категория: 'Смартфоны', Материал: 'Хлопок', Размер: '', Цвет: 'Синий' });
    expect(summarize(foreign.issues)).toEqual([]);
    expect(foreign.record?.product.attributes).toEqual([]);
    // …with a warning or an error when the mapping asks.
    const asked = (outsideCategory: 'warning' | 'error') => (input: MappingInput) =>
      void (input.attributes = [{ code: 'color', column: 'Цвет' }, { code: 'material', column: 'Материал', separator: ',', outsideCategory }]);
    expect(summarize(mapOne({ Категория: 'Смартфоны', Материал: 'Хлопок', Цвет: 'Синий' }, asked('warning')).issues)).toEqual(['warning attribute_not_in_category M Хлопок']);
    expect(summarize(mapOne({ Категория: 'Смартфоны', Материал: 'Хлопок', Цвет: 'Синий' }, asked('error')).issues)).toEqual(['error attribute_not_in_category M Хлопок']);
  });

  it('gives every row of a repeated attribute cell the same values and the same findings', () => {
    const info = makeInfo();
    const mapping = makeMapping((input) => {
      input.attributes = [
        { code: 'color', column: 'Цвет', separator: ',' },
        { code: 'size', column: 'Размер' },
        { code: 'material', column: 'Материал', separator: ',', values: { хб: 'cotton' } },
      ];
    });
    const mapper = createRowMapper(mapping, directories, info);
    const rows = [2, 3, 4].flatMap((n) => [
      mapper(makeProductRow(info, n * 10, { Цвет: 'Красный', Размер: 'l', Материал: 'ХБ, Эластан' })),
      mapper(makeProductRow(info, n * 10 + 1, { Цвет: 'Красный, Синий', Размер: 'XXL', Материал: 'ХБ, Шерсть??' })),
    ]);
    for (let n = 0; n < 3; n++) {
      const good = rows[n * 2];
      const bad = rows[n * 2 + 1];
      expect(good?.issues).toEqual([]);
      expect(good?.record?.sku.attributes).toEqual([
        { code: 'color', valueCodes: ['red'] },
        { code: 'size', valueCodes: ['l'] },
      ]);
      expect(good?.record?.product.attributes).toEqual([{ code: 'material', valueCodes: ['cotton', 'elastane'] }]);
      expect(summarize(bad?.issues ?? [])).toEqual(['error too_many_values K Красный, Синий', 'error unknown_attribute_value L XXL', 'error unknown_attribute_value M Шерсть??']);
      expect(bad?.issues.every((issue) => issue.row === (n + 2) * 10 + 1)).toBe(true);
    }
  });

  it("takes the mapping's separator as several values where the directory does not state multiplicity", () => {
    const silent = makeDirectories();
    silent.attributes = silent.attributes.map((a) => (a.code === 'color' ? { ...a, unstated: ['isMultiple'] } : a));
    const info = makeInfo();
    const mapper = createRowMapper(makeMapping((input) => void (input.attributes = [{ code: 'color', column: 'Цвет', separator: ',' }])), silent, info);
    const row = mapper(makeProductRow(info, 5, { Цвет: 'Красный, Синий' }));
    expect(row.issues).toEqual([]);
    expect(row.record?.sku.attributes).toEqual([{ code: 'color', valueCodes: ['red', 'blue'] }]);
  });

  it('sends free text, numbers and fixed values for non-dictionary attributes', () => {
    const { record, issues } = mapOne({ Категория: 'Смартфоны', Материал: '', Размер: 'Galaxy S24', Цвет: '1 200,5' }, (input) => {
      input.attributes = [
        { code: 'model', column: 'Размер' },
        { code: 'weight', column: 'Цвет' },
        { code: 'memory', value: '128 ГБ' },
      ];
    });
    expect(issues).toEqual([]);
    expect(record?.product.attributes).toEqual([
      { code: 'model', valueCodes: ['Galaxy S24'] },
      { code: 'weight', valueCodes: ['1200.5'] },
    ]);
    expect(record?.sku.attributes).toEqual([{ code: 'memory', valueCodes: ['128gb'] }]);
    const bad = mapOne({ Категория: 'Смартфоны', Материал: '', Размер: '', Цвет: 'лёгкий' }, (input) => void (input.attributes = [{ code: 'weight', column: 'Цвет' }]));
    expect(summarize(bad.issues)).toEqual(['error invalid_attribute_value K лёгкий']);
  });

  it('reports cells Excel damaged: errors, dates, formulas without results, shortened keys', () => {
    const { record, issues } = mapOne({
      Размер: { kind: 'date', text: '2025-03-04', value: new Date('2025-03-04') },
      Цена: { kind: 'error', text: '#VALUE!', value: '#VALUE!' },
      Наименование: { kind: 'string', text: '', value: null, flags: ['formula_no_result'], formula: 'A1&B1' },
      Артикул: numberCell(1.23456789012346e19, { text: '12345678901234600000', flags: ['precision_lost'] }),
    });
    expect(record).toBeNull();
    expect(summarize(issues)).toEqual(['error key_damaged_by_excel A 12345678901234600000']);
    const rest = mapOne({
      Размер: { kind: 'date', text: '2025-03-04', value: new Date('2025-03-04') },
      Цена: { kind: 'error', text: '#VALUE!', value: '#VALUE!' },
      Наименование: { kind: 'string', text: '', value: null, flags: ['formula_no_result'], formula: 'A1&B1' },
    });
    expect(summarize(rest.issues)).toEqual(['error formula_without_result C A1&B1', 'error cell_error I #VALUE!', 'error excel_date_conversion L 2025-03-04']);
  });

  it('a formula without a saved result, as the reader gives it (an error cell with no text), is reported as such', () => {
    const { issues } = mapOne({ Цена: { kind: 'error', text: '', value: null, flags: ['formula_no_result'], formula: 'B4*1' } });
    expect(issues.map((issue) => `${issue.code} ${issue.column} ${issue.value}: ${issue.message}`)).toEqual([
      'formula_without_result I B4*1: the cell holds a formula without a saved result',
    ]);
  });

  it('reads marketplace ids when the sheet has them', () => {
    const info = makeInfo({ header: ['Артикул', 'Штрихкод', 'Наименование', 'Атауы', 'Описание', 'Сипаттама', 'Категория', 'Бренд', 'Цена', 'НДС', 'Цвет', 'Размер', 'Материал', 'Фото', 'Казахстан', 'ID товара', 'ID SKU'] });
    const mapper = createRowMapper(
      makeMapping((input) => {
        input.columns.productId = 'ID товара';
        input.columns.skuId = 'ID SKU';
      }),
      directories,
      info,
    );
    const good = mapper({ row: 2, cells: makeRowCells(info, { 'ID товара': numberCell(123456), 'ID SKU': '98765' }) });
    expect([good.record?.productId, good.record?.skuId]).toEqual([123456, 98765]);
    const bad = mapper({ row: 3, cells: makeRowCells(info, { 'ID товара': 'abc', 'ID SKU': '' }) });
    expect(summarize(bad.issues)).toEqual(['error invalid_integer P abc']);
    expect(bad.record?.skuId).toBeNull();
  });
});

/** Cells of the default product row laid out for another header (extra columns from `extra`). */
function makeRowCells(info: ReturnType<typeof makeInfo>, extra: Record<string, CellInput>) {
  const base = makeProductRow(makeInfo(), 0);
  const baseInfo = makeInfo();
  const values: Record<string, CellInput> = {};
  for (const column of baseInfo.header) {
    if (info.header.some((c) => c.name === column.name)) values[column.name] = base.cells[column.index];
  }
  return makeRow(info, 0, { ...values, ...extra }).cells;
}

describe('createRowMapper: a required cell left empty by a merged range', () => {
  // The product key (column A) merged down over a product's rows 4–6; the category (column G) over rows 8–9.
  const info = { ...makeInfo(), mergedRanges: [{ top: 4, bottom: 6, left: 0, right: 0 }, { top: 8, bottom: 9, left: 6, right: 6 }, { top: 1, bottom: 1, left: 0, right: 3 }] };
  const mapper = createRowMapper(makeMapping(), directories, info);
  const messages = (row: number, overrides: Record<string, CellInput>): string[] =>
    mapper(makeProductRow(info, row, overrides)).issues.filter((issue) => issue.code === 'required_field_missing').map((issue) => `${issue.column}: ${issue.message}`);

  it('names the range and input.fillMerged below the range\'s first row', () => {
    expect(info.header[6]?.name).toBe('Категория');
    expect(messages(5, { Артикул: '' })).toEqual([
      'A: the product key is empty: the cell is in the merged range A4:A6, whose value only its first row holds; name the column in input.fillMerged of the mapping to give it to every row',
    ]);
    expect(messages(9, { Категория: '' })).toEqual([expect.stringContaining('the cell is in the merged range G8:G9')]);
  });

  it('says only that the field is empty outside a range, or in another column', () => {
    expect(messages(7, { Артикул: '' })).toEqual(['A: the product key is empty']);
    expect(messages(5, { Категория: '' })).toEqual([expect.not.stringContaining('merged')]);
  });
});
