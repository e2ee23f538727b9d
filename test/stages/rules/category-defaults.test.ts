import { describe, expect, it } from 'vitest';
import { createRowMapper } from '../../../src/stages/create-row-mapper.js';
import { createProductAssembler } from '../../../src/stages/assemble-products.js';
import { createMemoryProductSink } from '../../../src/stages/product-sink.js';
import { mappingSchema, type MappingInput } from '../../../src/mapping/mapping-schema.js';
import { makeDirectories, makeInfo, makeMapping, makeMappingInput, makeProductRow } from '../../helpers/builders.js';

const directories = makeDirectories();

describe('categoryDefaults', () => {
  it('gives the rows of a category the attribute values no column gives, by seller word or marketplace id', () => {
    const info = makeInfo();
    const mapping = makeMapping((m) => {
      m.attributes = [{ code: 'color', column: 'Цвет' }];
      m.categoryDefaults = {
        'Футболки мужские': { attributes: { material: 'Хлопок', size: 'M' } },
        '21': { attributes: { model: 'Galaxy' } },
      };
      m.categories = { ...m.categories, Смартфоны: 21 };
    });
    const mapper = createRowMapper(mapping, directories, info);
    expect(mapper.setupIssues).toEqual([]);
    const shirt = mapper(makeProductRow(info, 5));
    expect(shirt.issues).toEqual([]);
    expect(shirt.record?.product.attributes).toEqual([{ code: 'material', valueCodes: ['cotton'] }]);
    expect(shirt.record?.sku.attributes).toEqual([
      { code: 'color', valueCodes: ['red'] },
      { code: 'size', valueCodes: ['m'] },
    ]);
    // A column's value wins over the default.
    const phone = mapper(makeProductRow(info, 6, { Категория: 'Смартфоны', Цвет: 'Синий' }));
    expect(phone.record?.product.attributes).toEqual([{ code: 'model', valueCodes: ['Galaxy'] }]);
  });

  it('reports unknown categories, attributes and values once, on the mapping path', () => {
    const info = makeInfo();
    const mapping = makeMapping((m) => {
      m.categoryDefaults = {
        Носки: { attributes: { material: 'Хлопок' } },
        'Футболки мужские': { attributes: { material: 'Шёлк', weight: '200' } },
      };
    });
    const mapper = createRowMapper(mapping, directories, info);
    expect(mapper.setupIssues.map((issue) => `${issue.code} ${issue.path}`)).toEqual([
      'unknown_category categoryDefaults.Носки',
      'unknown_attribute_value categoryDefaults.Футболки мужские.attributes.material',
      'attribute_not_in_category categoryDefaults.Футболки мужские.attributes.weight',
    ]);
  });
});

describe('one bad cell feeding several attributes', () => {
  it('is one issue naming every attribute it feeds', () => {
    const info = makeInfo();
    const mapping = makeMapping((m) => {
      m.attributes = [
        { code: 'color', column: 'Цвет' },
        { code: 'size', column: 'Цвет' },
      ];
    });
    const result = createRowMapper(mapping, directories, info)(makeProductRow(info, 7, { Цвет: 'Малиновый' }));
    expect(result.issues).toHaveLength(1);
    expect(result.issues[0]).toMatchObject({ code: 'unknown_attribute_value', column: 'K', value: 'Малиновый' });
    expect(result.issues[0]?.message).toContain('also feeds attribute size');
  });
});

describe('several barcodes in one cell', () => {
  const info = makeInfo();
  const map = (text: string, several?: 'first' | 'each') =>
    createRowMapper(
      makeMapping((m) => {
        if (several) m.validation = { barcode: { several } };
      }),
      directories,
      info,
    )(makeProductRow(info, 8, { Штрихкод: text }));

  it('are refused by default, with the way out in the hint', () => {
    const result = map('4601234567893, 4601234567886');
    expect(result.record?.valid).toBe(false);
    expect(result.issues).toEqual([expect.objectContaining({ code: 'several_barcodes', severity: 'error', column: 'B', hint: expect.stringContaining('several: first') })]);
  });

  it('give the first to the SKU with several: first, each other checked and reported', () => {
    const result = map('4601234567893, 4601234567886; 4601234567880 4601234567886', 'first');
    expect(result.record?.valid).toBe(true);
    expect(result.record?.sku.barcode).toBe('4601234567893');
    expect(result.issues.map((issue) => `${issue.severity} ${issue.code} ${issue.message}`)).toEqual([
      'warning barcode_check_digit_mismatch extra barcode 4601234567880 is not valid',
      'warning several_barcodes barcode 4601234567886 is repeated in the cell',
      'warning several_barcodes the cell holds 4 barcodes: the SKU takes 4601234567893; 4601234567886 is not sent',
    ]);
  });

  it('make a SKU each with several: each: the row, and a copy per other barcode keyed <key>-n', () => {
    const result = map('4601234567893, 4601234567886', 'each');
    expect(result.issues).toEqual([]);
    expect(result.record).toMatchObject({ valid: true, productKey: 'TS-1', sku: { barcode: '4601234567893' } });
    expect(result.record).not.toHaveProperty('extraBarcodes');
    expect(result.extra?.map((copy) => [copy.productKey, copy.skuKey, copy.sku.barcode, copy.valid, copy.productId])).toEqual([['TS-1-2', '4601234567886', '4601234567886', true, null]]);
    expect(result.extra?.[0]?.product).toEqual(result.record?.product);
    expect(result.extra?.[0]?.product).not.toBe(result.record?.product);
  });

  it('check every barcode with several: each: a bad or repeated one is an error of the row, at the cell', () => {
    const result = map('4601234567893, 4601234567880, 4601234567893', 'each');
    expect(result.record?.valid).toBe(false);
    expect(result.issues.map((issue) => `${issue.severity} ${issue.code} ${issue.column}`)).toEqual(['error barcode_check_digit_mismatch B', 'error several_barcodes B']);
    expect(result.extra ?? []).toEqual([]);
  });

  it('check the first barcode as usual', () => {
    expect(map('4601234567890, 4601234567886', 'first').issues.map((issue) => issue.code)).toContain('barcode_check_digit_mismatch');
  });
});

describe('a barcode the service does not require', () => {
  it('is required by default: a mapping without a barcode column is refused', () => {
    const input = { ...makeMappingInputWithout('barcode') };
    expect(mappingSchema.safeParse(input).success).toBe(false);
    expect(mappingSchema.safeParse({ ...input, validation: { requireBarcode: false } }).success).toBe(true);
  });

  it('may be missing with validation.requireBarcode: false; the product key then stands for the SKU', () => {
    const info = makeInfo();
    const mapping = mappingSchema.parse({ ...makeMappingInputWithout('barcode'), validation: { requireBarcode: false } });
    const mapper = createRowMapper(mapping, directories, info);
    const result = mapper(makeProductRow(info, 9, { Штрихкод: '' }));
    expect(result.issues).toEqual([]);
    expect(result.record).toMatchObject({ valid: true, skuKey: 'TS-1', sku: { barcode: '' } });
    // The import item carries no barcode key at all (never "").
    if (result.record === null) throw new Error('expected a record');
    const sink = createMemoryProductSink();
    const assembler = createProductAssembler({ mapping, directories, sink });
    assembler.add(result.record);
    assembler.finish();
    const [assembled] = sink.entries();
    expect(assembled?.issues).toEqual([]);
    expect(assembled?.draft?.item.skus[0]).not.toHaveProperty('barcode');
  });
});

function makeMappingInputWithout(field: 'barcode'): MappingInput {
  const input = makeMappingInput();
  const { [field]: _dropped, ...columns } = input.columns as Record<string, unknown>;
  return { ...input, columns: columns as MappingInput['columns'] };
}
