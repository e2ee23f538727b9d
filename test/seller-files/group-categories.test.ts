/**
 * Issue 36, item 7: the category from the group rows of a generated price list — the nearest group
 * above each row (`category: { fromGroups: nearest }`), the product name for a row under no group
 * (`otherwise: name`), and empty group rows ("Переупаковано", or a heading without a key) never
 * read as goods.
 */
import { describe, expect, it } from 'vitest';
import { buildReadOptions } from '../../src/mapping/build-read-options.js';
import { xlsxReader } from '../../src/sources/read-xlsx.js';
import { createRowMapper } from '../../src/stages/create-row-mapper.js';
import { HEADER, makeDirectories, makeMapping } from '../helpers/builders.js';
import { buildTestWorkbook, escapeXml } from '../helpers/write-test-zip.js';
import { collectRows, writeTempFile } from '../sources/temp-files.js';

const COLUMNS = HEADER.filter((name) => name !== 'Категория');

/** A product's cells by header, as `makeProductRow` fills them. */
function buildProduct(key: string, name: string, barcode: string): Record<string, string> {
  return {
    Артикул: key,
    Штрихкод: barcode,
    Наименование: name,
    Атауы: `${name} (қаз.)`,
    Описание: '<p>Описание</p>',
    Сипаттама: '<p>Сипаттама</p>',
    Бренд: 'Qazaq Style',
    Цена: '4990',
    НДС: '12',
    Цвет: 'Красный',
    Размер: 'M',
    Материал: 'Хлопок',
    Фото: `https://cdn.example.kz/${key}.jpg`,
    Казахстан: 'да',
  };
}

/** Sheet rows: a header, then `[outline level, cells by header]` from row 2. */
function buildSheet(rows: readonly (readonly [number, Record<string, string>])[]): Buffer {
  const cell = (text: string, column: number, row: number): string =>
    text === '' ? '' : `<c r="${String.fromCharCode(65 + column)}${row}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`;
  const header = `<row r="1">${COLUMNS.map((name, column) => cell(name, column, 1)).join('')}</row>`;
  const body = rows
    .map(([level, values], i) => `<row r="${i + 2}"${level > 0 ? ` outlineLevel="${level}"` : ''}>${COLUMNS.map((name, column) => cell(values[name] ?? '', column, i + 2)).join('')}</row>`)
    .join('');
  return buildTestWorkbook({ sheetData: header + body });
}

describe('category from group rows', () => {
  it('takes the nearest group, the name under no group, and never reads an empty group as goods', async () => {
    const bytes = buildSheet([
      [0, { Наименование: 'Одежда' }], // 2
      [1, { Наименование: 'Футболки мужские' }], // 3
      [2, buildProduct('TS-1', 'Футболка мужская', '4601234567893')], // 4
      [1, { Наименование: 'Переупаковано' }], // 5: an empty group
      [1, { Наименование: 'Джинсы' }], // 6
      [2, buildProduct('JN-1', 'Джинсы мужские синие', '4601234567862')], // 7
      [0, buildProduct('JN-2', 'Джинсы мужские чёрные', '4601234567831')], // 8: under no group
      [0, { Наименование: 'Уценка' }], // 9: a heading without a key, nothing under it
    ]);
    const mapping = makeMapping((m) => {
      m.columns = { ...m.columns, category: { fromGroups: 'nearest', otherwise: 'name' } };
    });
    const path = await writeTempFile('price.xlsx', bytes);
    const stream = await xlsxReader.open(path, buildReadOptions(mapping), {});
    const rows = await collectRows(stream);
    expect(rows.map((row) => row.row)).toEqual([4, 7, 8]);

    const mapper = createRowMapper(mapping, makeDirectories(), stream.info);
    expect(mapper.setupIssues).toEqual([]);
    const mapped = rows.map((row) => mapper(row));
    expect(mapped.flatMap((result) => result.issues).map((issue) => `${issue.row} ${issue.code}: ${issue.message}`)).toEqual([]);
    expect(mapped.map((result) => result.record?.product.categoryId)).toEqual([111, 112, 112]);
  });

  it('reads a fixed level as before, and leaves a row under no group without a category when no fallback is asked', async () => {
    const bytes = buildSheet([
      [0, { Наименование: 'Джинсы' }],
      [1, buildProduct('JN-1', 'Джинсы мужские синие', '4601234567862')],
      [0, buildProduct('JN-2', 'Джинсы мужские чёрные', '4601234567831')],
    ]);
    const mapping = makeMapping((m) => {
      m.columns = { ...m.columns, category: { fromGroups: 1 } };
    });
    const path = await writeTempFile('price.xlsx', bytes);
    const stream = await xlsxReader.open(path, buildReadOptions(mapping), {});
    const mapper = createRowMapper(mapping, makeDirectories(), stream.info);
    const mapped = (await collectRows(stream)).map((row) => mapper(row));
    expect(mapped[0]?.record?.product.categoryId).toBe(112);
    expect(mapped[1]?.issues).toEqual([expect.objectContaining({ code: 'required_field_missing', row: 4 })]);
  });
});
