import { describe, expect, it } from 'vitest';
import type { Directories } from '../../src/domain/index.js';
import { checkMappingRules } from '../../src/mapping/check-mapping-rules.js';
import { mappingSchema } from '../../src/mapping/mapping-schema.js';
import { createMemoryProductSink } from '../../src/stages/product-sink.js';
import { mapAndAssemble } from '../../src/stages/run-dry-stages.js';
import { createReferenceData } from '../../src/sandbox/reference-data.js';
import { makeInfo, makeRow, streamRows } from '../helpers/builders.js';

// The sandbox's own directories: the mapping resolves real-looking names without explicit entries.
const reference = createReferenceData();
const directories: Directories = { ...reference, fetchedAt: '2025-01-01T00:00:00.000Z' };
const HEADER = ['Модель', 'EAN', 'Название', 'Атауы', 'Описание', 'Категория', 'Бренд', 'Цена', 'Цвет', 'Память', 'ОС', 'Модель телефона', 'Фото'];

describe('the dry stages on the sandbox reference data', () => {
  it('maps a smartphone sheet by directory names alone', async () => {
    const mapping = mappingSchema.parse({
      columns: {
        productKey: 'Модель',
        barcode: 'EAN',
        name: { rus: 'Название', kaz: 'Атауы' },
        description: { rus: 'Описание' },
        category: 'Категория',
        brand: 'Бренд',
        price: 'Цена',
        photos: 'Фото',
      },
      defaults: { shopId: 1, vat: 12, isLocalMade: false, description: { kaz: 'Смартфон сипаттамасы' } },
      attributes: [
        { code: 'color', column: 'Цвет' },
        { code: 'memory_gb', column: 'Память' },
        { code: 'operating_system', column: 'ОС' },
        { code: 'model', column: 'Модель телефона' },
      ],
    });
    expect(checkMappingRules(mapping, directories).filter((issue) => issue.severity === 'error')).toEqual([]);
    const info = makeInfo({ header: HEADER, file: 'phones.csv' });
    const base = {
      Модель: 'GX-S24',
      Название: 'Смартфон Galaxy S24',
      Атауы: 'Galaxy S24 смартфоны',
      Описание: 'Флагман',
      Категория: 'Электроника / Смартфоны и гаджеты / Смартфоны',
      Бренд: 'samsung',
      Цена: '459 990',
      ОС: 'android',
      'Модель телефона': 'Galaxy S24',
      Фото: 'https://cdn.example.kz/s24.jpg',
    };
    const rows = [
      makeRow(info, 2, { ...base, EAN: '4006381333931', Цвет: 'чёрный', Память: '128 гб' }),
      makeRow(info, 3, { ...base, EAN: '7501031311309', Цвет: 'Белый', Память: '128 ГБ' }),
    ];
    const sink = createMemoryProductSink();
    const result = await mapAndAssemble(streamRows(rows), { mapping, directories, info, sink });
    expect(result.issues).toEqual([]);
    const item = sink.entries()[0]?.draft?.item;
    expect(item).toMatchObject({
      categoryId: 10101,
      brandId: 1001,
      attributes: [
        { code: 'operating_system', valueCodes: ['os_android'] },
        { code: 'model', valueCodes: ['Galaxy S24'] },
      ],
    });
    expect(item?.skus.map((sku) => sku.attributeValueCodes)).toEqual([
      ['color_black', 'memory_128'],
      ['color_white', 'memory_128'],
    ]);
  });
});
