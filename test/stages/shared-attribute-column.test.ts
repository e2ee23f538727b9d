import { describe, expect, it } from 'vitest';
import { mappingSchema } from '../../src/mapping/mapping-schema.js';
import { createReferenceData } from '../../src/sandbox/reference-data.js';
import { createMemoryProductSink } from '../../src/stages/product-sink.js';
import { mapAndAssemble } from '../../src/stages/run-dry-stages.js';
import { makeInfo, makeRow } from '../helpers/builders.js';

const HEADER = ['Артикул', 'Штрихкод', 'Наименование', 'Категория', 'Цвет', 'Пол', 'Размер', 'Цена'];

describe('one seller column feeding several attributes', () => {
  it('gives each row’s value to the attribute of the row’s category, and still reports a value no category attribute takes', async () => {
    const reference = createReferenceData();
    const directories = { ...reference, categories: reference.categories.filter((c) => c.isLeaf), fetchedAt: '2026-11-01T00:00:00Z' };
    const mapping = mappingSchema.parse({
      columns: { productKey: 'Артикул', barcode: 'Штрихкод', name: { rus: 'Наименование' }, category: 'Категория', price: 'Цена' },
      defaults: { shopId: 1001, vat: 12, isLocalMade: false, brand: 1001, description: { rus: 'Описание' } },
      categories: { Футболки: 30104, Кроссовки: 40101 },
      attributes: [
        { code: 'color', column: 'Цвет' },
        { code: 'gender', column: 'Пол' },
        { code: 'size_clothing', column: 'Размер' },
        { code: 'size_shoes', column: 'Размер' },
      ],
      validation: { photos: { min: 0 } },
    });
    const info = makeInfo({ header: HEADER, file: 'catalog.csv' });
    const base = { Цвет: 'Чёрный', Пол: 'Женский', Цена: '1000' };
    const rows = [
      makeRow(info, 2, { ...base, Артикул: 'TS-1', Штрихкод: '4601234567893', Наименование: 'Футболка', Категория: 'Футболки', Размер: 'M' }),
      makeRow(info, 3, { ...base, Артикул: 'SN-1', Штрихкод: '4601234567909', Наименование: 'Кроссовки', Категория: 'Кроссовки', Размер: '38' }),
      makeRow(info, 4, { ...base, Артикул: 'SN-2', Штрихкод: '4601234567916', Наименование: 'Кроссовки 2', Категория: 'Кроссовки', Размер: 'XL' }),
    ];
    const sink = createMemoryProductSink();
    const result = await mapAndAssemble(
      (async function* () {
        yield* rows;
      })(),
      { mapping, directories, info, sink },
    );
    const codesOf = (key: string): string[] => sink.entries().find((e) => e.productKey === key)?.draft?.item.skus[0]?.attributeValueCodes ?? [];
    expect(codesOf('TS-1')).toContain('size_m');
    expect(codesOf('SN-1')).toContain('size_shoes_38');
    expect(result.issues.filter((i) => i.code === 'attribute_not_in_category')).toEqual([]);
    // "XL" is no shoe size: the sneakers' own size attribute reports it.
    expect(result.issues.find((i) => i.row === 4)?.code).toBe('unknown_attribute_value');
  });
});
