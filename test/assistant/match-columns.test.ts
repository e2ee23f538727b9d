import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { matchColumns, type ColumnMatch } from '../../src/assistant/match-columns.js';
import type { SourceColumn } from '../../src/sources/types.js';
import { buildSandboxDirectories } from './measure-matching.js';

const matchers = createDirectoryMatchers(buildSandboxDirectories());

function buildHeader(names: readonly string[]): SourceColumn[] {
  return names.map((name, index) => ({ index, letter: String.fromCharCode(65 + index), name }));
}

function describeTargets(matches: readonly ColumnMatch[]): Record<string, string> {
  return Object.fromEntries(
    matches.map((match) => [
      match.column.name,
      match.target.kind === 'field' ? match.target.field : match.target.kind === 'attribute' ? `attribute:${match.target.attribute.code}` : '-',
    ]),
  );
}

describe('matchColumns', () => {
  it('matches Russian, Kazakh and English headers to fields, with language marks', () => {
    const header = buildHeader([
      'Артикул',
      'Наименование',
      'Наименование (каз)',
      'Описание',
      'Сипаттамасы',
      'Бағасы',
      'Баркод',
      'Бренд',
      'Санаты',
      'Фото 1',
      'Фото 2',
      'НДС',
      'Түсі',
      'Өлшемі',
    ]);
    expect(describeTargets(matchColumns(header, { matchers }))).toEqual({
      Артикул: 'productKey',
      Наименование: 'name.rus',
      'Наименование (каз)': 'name.kaz',
      Описание: 'description.rus',
      Сипаттамасы: 'description.kaz',
      Бағасы: 'price',
      Баркод: 'barcode',
      Бренд: 'brand',
      Санаты: 'category',
      'Фото 1': 'photos',
      'Фото 2': 'photos',
      НДС: 'vat',
      Түсі: 'attribute:color',
      // `Өлшемі` (size) fits several size attributes; without values it is left open.
      Өлшемі: '-',
    });
  });

  it('matches English headers and ШК/EAN', () => {
    const header = buildHeader(['SKU', 'Model', 'Name', 'Price', 'EAN', 'Manufacturer', 'Category', 'Image URL', 'ШК']);
    const targets = describeTargets(matchColumns(header, { matchers }));
    expect(targets).toMatchObject({ SKU: 'skuKey', Model: 'productKey', Name: 'name.rus', Price: 'price', EAN: 'barcode', Manufacturer: 'brand', Category: 'category', 'Image URL': 'photos' });
    // A second barcode column is not matched twice.
    expect(targets['ШК']).toBe('-');
  });

  it('decides between attributes with fitting names by the column values', () => {
    const header = buildHeader(['Размер', 'Память', 'ОС']);
    const values = new Map<number, string[]>([
      [0, ['38', '39', '40', '41']],
      [1, ['128', '256 GB']],
      [2, ['Android']],
    ]);
    const matches = matchColumns(header, { matchers, valuesOf: (index) => values.get(index) ?? [] });
    expect(describeTargets(matches)).toEqual({ Размер: 'attribute:size_shoes', Память: 'attribute:memory_gb', ОС: 'attribute:operating_system' });
    expect(matches[0]).toMatchObject({ status: 'confident', via: 'values' });
  });

  it('makes a model column the product key only when the article is unique per row', () => {
    const header = buildHeader(['Артикул', 'Модель']);
    const perRow = new Map<number, string[]>([
      [0, ['A-1', 'A-2', 'A-3', 'A-4']],
      [1, ['M1', 'M2']],
    ]);
    const grouped = matchColumns(header, { matchers, rows: 4, valuesOf: (index) => perRow.get(index) ?? [] });
    expect(describeTargets(grouped)).toEqual({ Артикул: 'skuKey', Модель: 'productKey' });
    expect(grouped[1]?.alsoAttribute?.code).toBe('model');

    const shared = new Map<number, string[]>([
      [0, ['A-1', 'A-2']],
      [1, ['M1', 'M2']],
    ]);
    expect(describeTargets(matchColumns(header, { matchers, rows: 4, valuesOf: (index) => shared.get(index) ?? [] }))).toEqual({ Артикул: 'productKey', Модель: 'attribute:model' });
  });

  it('leaves unknown headers unmatched with the nearest targets', () => {
    const [match] = matchColumns(buildHeader(['Примечание']), { matchers });
    expect(match?.target.kind).toBe('none');
    expect(match?.status).toBe('todo');
  });
});

describe('matchColumns by content as well as headers', () => {
  const run = (columns: Record<string, { values: string[]; filled: number }>, rows: number): Record<string, string> => {
    const names = Object.keys(columns);
    const header = buildHeader(names);
    return describeTargets(
      matchColumns(header, {
        matchers,
        rows,
        valuesOf: (index) => columns[names[index] ?? '']?.values ?? [],
        filledOf: (index) => columns[names[index] ?? '']?.filled ?? 0,
      }),
    );
  };

  it('takes as product key the filled one of two key columns, never one filled in 1 row of 1,935', () => {
    const targets = run({ Код: { values: ['X1'], filled: 1 }, Артикул: { values: ['A1', 'A2', 'A3'], filled: 1935 }, Цена: { values: ['10'], filled: 1935 } }, 1935);
    expect(targets['Артикул']).toBe('productKey');
    expect(targets['Код']).not.toBe('productKey');
  });

  it("never maps a seller's SKU_ID to the marketplace's skuId; the export's skuId column of ids it does", () => {
    expect(run({ Артикул: { values: ['A1'], filled: 3 }, SKU_ID: { values: ['SK-1', 'SK-2', 'SK-3'], filled: 3 } }, 3)['SKU_ID']).toBe('skuKey');
    expect(run({ Артикул: { values: ['A1'], filled: 3 }, SKU_ID: { values: ['1001', '1002', '1003'], filled: 3 } }, 3)['SKU_ID']).not.toBe('skuId');
    expect(run({ productKey: { values: ['A1'], filled: 3 }, skuId: { values: ['501', '502'], filled: 2 } }, 3)['skuId']).toBe('skuId');
  });

  it('finds the price in a header that only holds a price word, when its values are amounts', () => {
    const targets = run({ Артикул: { values: ['A1'], filled: 2 }, 'Цена Рекоменд. по РРЦ_БАЗ_ГРН, ГРН': { values: ['1 299,00', '850'], filled: 2 }, 'Цена акции (описание)': { values: ['скидка 10%'], filled: 2 } }, 2);
    expect(targets['Цена Рекоменд. по РРЦ_БАЗ_ГРН, ГРН']).toBe('price');
    expect(targets['Цена акции (описание)']).toBe('-');
  });

  it('feeds an attribute from the filled one of two columns for it; the other is not imported', () => {
    const targets = run({ Артикул: { values: ['A1'], filled: 325 }, Цвет: { values: ['чёрный'], filled: 1 }, 'Цвет товара': { values: ['чёрный', 'белый'], filled: 325 } }, 325);
    expect(targets['Цвет товара']).toBe('attribute:color');
    expect(targets['Цвет']).toBe('-');
  });
});

describe('matchColumns: barcodes by their shape', () => {
  it('takes a column of EAN-shaped digits as the barcode when no header says so', () => {
    const names = ['Артикул', 'Цена', 'Код EAN поставщика', 'Остаток'];
    const values: Record<string, string[]> = { Артикул: ['A1'], Цена: ['10'], 'Код EAN поставщика': ['4600000000011', '4600000000028'], Остаток: ['5', '7'] };
    const targets = describeTargets(matchColumns(buildHeader(names), { matchers, valuesOf: (index) => values[names[index] ?? ''] ?? [] }));
    expect(targets['Код EAN поставщика']).toBe('barcode');
    expect(targets['Остаток']).toBe('-');
  });
});

describe('size tokens as a content signal', () => {
  const columnsOf = (header: string, values: string[]) =>
    matchColumns([{ index: 0, letter: 'A', name: 'Наименование' }, { index: 1, letter: 'B', name: header }], {
      matchers: sizeMatchers,
      valuesOf: (index) => (index === 1 ? values : ['Футболка', 'Худи']),
    })[1];
  const sizeMatchers = createDirectoryMatchers(buildSandboxDirectories());

  it('maps a column no header fits to the size attribute its tokens belong to (44/46 and S-M by their first half)', () => {
    const match = columnsOf('Р-р', ['S', 'M', 'L-XL', 'XL', 'S-M']);
    expect(match?.target).toMatchObject({ kind: 'attribute', attribute: { code: 'size_clothing' } });
    expect(match?.via).toBe('values');
  });

  it('takes plain numbers (stock, quantity) as no evidence of sizes', () => {
    expect(columnsOf('Остаток', ['10', '12', '40', '42', '44'])?.target.kind).toBe('none');
  });
});
