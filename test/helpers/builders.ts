/**
 * Builders for tests of the pure stages: a small but realistic directory set, a header, rows by
 * header name, and a mapping with defaults applied.
 */
import type { Directories } from '../../src/domain/index.js';
import { mappingSchema, type Mapping, type MappingInput } from '../../src/mapping/mapping-schema.js';
import type { CellFlag, SourceCell, SourceColumn, SourceInfo, SourceRow } from '../../src/sources/types.js';

/** The header used by most tests, in column order (A, B, …). */
export const HEADER = [
  'Артикул',
  'Штрихкод',
  'Наименование',
  'Атауы',
  'Описание',
  'Сипаттама',
  'Категория',
  'Бренд',
  'Цена',
  'НДС',
  'Цвет',
  'Размер',
  'Материал',
  'Фото',
  'Казахстан',
] as const;

/** Column letter of a position from 0. */
export function columnLetter(index: number): string {
  let letter = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letter = String.fromCharCode(65 + ((n - 1) % 26)) + letter;
  return letter;
}

/** A `SourceInfo` for a header. */
export function makeInfo(overrides: { header?: readonly string[]; file?: string; sheet?: string; headerRow?: number } = {}): SourceInfo {
  const header: SourceColumn[] = (overrides.header ?? HEADER).map((name, index) => ({ index, letter: columnLetter(index), name }));
  const info: SourceInfo = {
    file: overrides.file ?? 'catalog.xlsx',
    format: (overrides.file ?? 'catalog.xlsx').endsWith('.csv') ? 'csv' : 'xlsx',
    headerRow: overrides.headerRow ?? 1,
    header,
    totalBytes: 1000,
  };
  const sheet = overrides.sheet ?? (info.format === 'xlsx' ? 'Товары' : undefined);
  if (sheet !== undefined) info.sheet = sheet;
  return info;
}

/** A text cell. */
export function textCell(text: string): SourceCell {
  return text === '' ? { kind: 'empty', text: '', value: null } : { kind: 'string', text, value: text };
}

/** A number cell; `text` defaults to the number's digits. */
export function numberCell(value: number, options: { text?: string; flags?: CellFlag[] } = {}): SourceCell {
  const cell: SourceCell = { kind: 'number', text: options.text ?? String(value), value };
  if (options.flags !== undefined) cell.flags = options.flags;
  return cell;
}

/** A cell value for `makeRow`: text, a number (number cell), a boolean, a full cell, or undefined (absent). */
export type CellInput = string | number | boolean | SourceCell | undefined;

/** A data row with cells given by header name. */
export function makeRow(info: SourceInfo, row: number, values: Record<string, CellInput>): SourceRow {
  const cells: (SourceCell | undefined)[] = info.header.map(() => undefined);
  for (const [name, input] of Object.entries(values)) {
    const column = info.header.find((c) => c.name === name);
    if (column === undefined) throw new Error(`makeRow: no column "${name}" in the header`);
    cells[column.index] = toCell(input);
  }
  return { row, cells };
}

/** A complete valid row of the default header: a red size-M T-shirt, overridable by header name. */
export function makeProductRow(info: SourceInfo, row: number, overrides: Record<string, CellInput> = {}): SourceRow {
  return makeRow(info, row, {
    Артикул: 'TS-1',
    Штрихкод: '4601234567893',
    Наименование: 'Футболка мужская',
    Атауы: 'Ерлерге арналған футболка',
    Описание: '<p>Хлопковая футболка</p>',
    Сипаттама: '<p>Мақта футболка</p>',
    Категория: 'Футболки мужские',
    Бренд: 'Qazaq Style',
    Цена: '4 990,00',
    НДС: '12',
    Цвет: 'Красный',
    Размер: 'M',
    Материал: 'Хлопок',
    Фото: 'https://cdn.example.kz/ts-1-red.jpg',
    Казахстан: 'да',
    ...overrides,
  });
}

/** Rows as an async iterable, as readers yield them. */
export async function* streamRows(rows: Iterable<SourceRow>): AsyncIterable<SourceRow> {
  for (const row of rows) yield row;
}

/** The mapping input for the default header. */
export function makeMappingInput(): MappingInput {
  return {
    columns: {
      productKey: 'Артикул',
      barcode: 'Штрихкод',
      name: { rus: 'Наименование', kaz: 'Атауы' },
      description: { rus: 'Описание', kaz: 'Сипаттама' },
      category: 'Категория',
      brand: 'Бренд',
      price: 'Цена',
      vat: 'НДС',
      photos: 'Фото',
      isLocalMade: 'Казахстан',
    },
    defaults: { shopId: 7 },
    categories: { 'Футболки мужские': 'Одежда / Мужская одежда / Футболки' },
    brands: {},
    attributes: [
      { code: 'color', column: 'Цвет' },
      { code: 'size', column: 'Размер' },
      { code: 'material', column: 'Материал', separator: ',' },
    ],
  };
}

/** A parsed mapping for the default header; `edit` changes the input before parsing (defaults are then applied). */
export function makeMapping(edit: (input: MappingInput) => void = () => {}): Mapping {
  const input = makeMappingInput();
  edit(input);
  return mappingSchema.parse(input);
}

/**
 * A small directory set shaped like the sandbox's: a category tree where only leaves take products
 * (and two leaves share the name "Футболки"), dictionary and free attributes, values, brands.
 */
export function makeDirectories(): Directories {
  const loc = (rus: string, kaz: string): { rus: string; kaz: string } => ({ rus, kaz });
  return {
    fetchedAt: '2025-01-01T00:00:00.000Z',
    categories: [
      { id: 10, parentId: null, name: loc('Одежда', 'Киім'), path: null, isLeaf: false },
      { id: 11, parentId: 10, name: loc('Мужская одежда', 'Ерлер киімі'), path: null, isLeaf: false },
      { id: 111, parentId: 11, name: loc('Футболки', 'Футболкалар'), path: null, isLeaf: true },
      { id: 112, parentId: 11, name: loc('Джинсы', 'Джинсылар'), path: null, isLeaf: true },
      { id: 12, parentId: 10, name: loc('Детская одежда', 'Балалар киімі'), path: null, isLeaf: false },
      { id: 121, parentId: 12, name: loc('Футболки', 'Футболкалар'), path: null, isLeaf: true },
      { id: 20, parentId: null, name: loc('Электроника', 'Электроника'), path: null, isLeaf: false },
      { id: 21, parentId: 20, name: loc('Смартфоны', 'Смартфондар'), path: loc('Электроника / Смартфоны', 'Электроника / Смартфондар'), isLeaf: true },
    ],
    attributes: [
      {
        id: 1,
        code: 'color',
        name: loc('Цвет', 'Түсі'),
        type: 'dictionary',
        isMultiple: false,
        isSkuDefining: true,
        categories: [111, 112, 121, 21].map((categoryId) => ({ categoryId, isRequired: false })),
      },
      {
        id: 2,
        code: 'size',
        name: loc('Размер', 'Өлшемі'),
        type: 'dictionary',
        isMultiple: false,
        isSkuDefining: true,
        categories: [111, 112, 121].map((categoryId) => ({ categoryId, isRequired: true })),
      },
      {
        id: 3,
        code: 'material',
        name: loc('Материал', 'Материалы'),
        type: 'dictionary',
        isMultiple: true,
        isSkuDefining: false,
        categories: [
          { categoryId: 111, isRequired: true },
          { categoryId: 112, isRequired: false },
        ],
      },
      {
        id: 4,
        code: 'memory',
        name: loc('Встроенная память', 'Ішкі жады'),
        type: 'dictionary',
        isMultiple: false,
        isSkuDefining: true,
        categories: [{ categoryId: 21, isRequired: true }],
      },
      {
        id: 5,
        code: 'model',
        name: loc('Модель', 'Үлгі'),
        type: 'text',
        isMultiple: false,
        isSkuDefining: false,
        categories: [{ categoryId: 21, isRequired: false }],
      },
      {
        id: 6,
        code: 'weight',
        name: loc('Вес, г', 'Салмағы, г'),
        type: 'number',
        isMultiple: false,
        isSkuDefining: false,
        categories: [{ categoryId: 21, isRequired: false }],
      },
    ],
    values: [
      { id: 101, code: 'red', attributeCode: 'color', attributeId: 1, name: loc('Красный', 'Қызыл') },
      { id: 102, code: 'blue', attributeCode: 'color', attributeId: 1, name: loc('Синий', 'Көк') },
      { id: 103, code: 'black', attributeCode: 'color', attributeId: 1, name: loc('Чёрный', 'Қара') },
      { id: 104, code: 'dark_blue', attributeCode: 'color', attributeId: 1, name: loc('Тёмно-синий', 'Қою көк') },
      { id: 201, code: 's', attributeCode: 'size', attributeId: 2, name: loc('S', 'S') },
      { id: 202, code: 'm', attributeCode: 'size', attributeId: 2, name: loc('M', 'M') },
      { id: 203, code: 'l', attributeCode: 'size', attributeId: 2, name: loc('L', 'L') },
      { id: 301, code: 'cotton', attributeCode: 'material', attributeId: 3, name: loc('Хлопок', 'Мақта') },
      { id: 302, code: 'polyester', attributeCode: 'material', attributeId: 3, name: loc('Полиэстер', 'Полиэстер') },
      { id: 303, code: 'elastane', attributeCode: 'material', attributeId: 3, name: loc('Эластан', 'Эластан') },
      { id: 401, code: '128gb', attributeCode: 'memory', attributeId: 4, name: loc('128 ГБ', '128 ГБ') },
      { id: 402, code: '256gb', attributeCode: 'memory', attributeId: 4, name: loc('256 ГБ', '256 ГБ') },
    ],
    brands: [
      { id: 500, name: 'Samsung', code: 'samsung' },
      { id: 501, name: 'Apple', code: 'apple' },
      { id: 502, name: 'Qazaq Style', code: null },
      { id: 503, name: 'Nike', code: 'nike' },
    ],
  };
}

function toCell(input: CellInput): SourceCell | undefined {
  if (input === undefined) return undefined;
  if (typeof input === 'string') return textCell(input);
  if (typeof input === 'number') return numberCell(input);
  if (typeof input === 'boolean') return { kind: 'boolean', text: input ? 'TRUE' : 'FALSE', value: input };
  return input;
}
