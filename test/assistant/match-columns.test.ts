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
