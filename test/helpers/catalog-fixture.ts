/**
 * A valid seller catalog for end-to-end tests: writes a CSV or XLSX file of smartphones (category
 * 10101 of the sandbox reference data) and a mapping that fits it into a directory, and returns
 * what the service must hold after a successful import, so tests can check exactly-once by
 * barcode. Other suites may reuse it.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';

/** The header of every fixture file, in column order. */
export const FIXTURE_HEADER = ['Артикул', 'Штрихкод', 'Наименование', 'Атауы', 'Описание', 'Сипаттамасы', 'Категория', 'Бренд', 'Цвет', 'Память', 'ОС', 'Модель', 'Цена', 'Фото'] as const;

/** One header name of the fixture. */
export type FixtureColumn = (typeof FIXTURE_HEADER)[number];

/** The mapping the fixture writes (column names as in `FIXTURE_HEADER`). */
export const FIXTURE_MAPPING_YAML = `columns:
  productKey: Артикул
  barcode: Штрихкод
  name: { rus: Наименование, kaz: Атауы }
  description: { rus: Описание, kaz: Сипаттамасы }
  category: Категория
  brand: Бренд
  price: Цена
  photos: Фото
defaults: { shopId: 1001, vat: 12, isLocalMade: false }
categories: { Смартфоны: 10101 }
attributes:
  - { code: color, column: Цвет }
  - { code: memory_gb, column: Память, values: { "128": memory_128, "256": memory_256 } }
  - { code: operating_system, column: ОС }
  - { code: model, column: Модель }
`;

/** What one valid SKU must look like on the service after the import. */
export interface ExpectedSku {
  productKey: string;
  barcode: string;
  nameRus: string;
  /** Price as the service stores it (a number). */
  price: number;
}

/** Options of `writeCatalogFixture`. */
export interface CatalogFixtureOptions {
  /** Directory to write into (the caller owns and removes it). */
  dir: string;
  /** Number of products. */
  products: number;
  /** SKUs per product, 1 or 2 (128 and 256 GB). Default 1. */
  skusPerProduct?: 1 | 2;
  /** `csv` (default, `;`-separated UTF-8) or `xlsx`. */
  format?: 'csv' | 'xlsx';
  /** Content version: changes every price and name, so a re-run with another version is an update. Default 1. */
  version?: number;
  /** First product number; keeps barcodes of several fixtures in one sandbox apart. Default 1. */
  start?: number;
  /** File name without extension. Default `catalog`. */
  name?: string;
  /** Rows (by 0-based data row index) whose cells are replaced; such rows may become invalid. */
  override?: (index: number) => Partial<Record<FixtureColumn, string>> | undefined;
  /** Data rows that are invalid on purpose (counted in `rows`, absent from `expected`), appended at the end. */
  invalidRows?: number;
}

/** A written fixture. */
export interface CatalogFixture {
  /** Absolute path of the data file. */
  file: string;
  /** Absolute path of the mapping. */
  mapping: string;
  /** Data rows written, header excluded. */
  rows: number;
  /** Every valid SKU, by barcode. Rows changed by `override` are included as written. */
  expected: Map<string, ExpectedSku>;
  /** The cell texts of every data row, in file order. */
  cells: string[][];
}

/** A valid EAN-13 for a number: `46` + 10 digits + check digit. */
export function buildEan13(n: number): string {
  const body = `46${String(n).padStart(10, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** Writes the data file and the mapping into `options.dir`. */
export async function writeCatalogFixture(options: CatalogFixtureOptions): Promise<CatalogFixture> {
  const format = options.format ?? 'csv';
  const version = options.version ?? 1;
  const skus = options.skusPerProduct ?? 1;
  const start = options.start ?? 1;
  const cells: string[][] = [];
  const expected = new Map<string, ExpectedSku>();
  const colors = ['Чёрный', 'Белый', 'Синий', 'Красный'];
  for (let p = 0; p < options.products; p += 1) {
    const n = start + p;
    const productKey = `SM-${n}`;
    for (let s = 0; s < skus; s += 1) {
      const memory = s === 0 ? '128' : '256';
      const priceTenge = 50_000 + n * 10 + s * 5_000 + version;
      const row: Record<FixtureColumn, string> = {
        Артикул: productKey,
        Штрихкод: buildEan13(n * 2 + s),
        Наименование: `Смартфон Samsung A${n} v${version}`,
        Атауы: `Samsung A${n} смартфоны v${version}`,
        Описание: '<p>Хороший</p>',
        Сипаттамасы: '<p>Жақсы</p>',
        Категория: 'Смартфоны',
        Бренд: 'Samsung',
        Цвет: colors[n % colors.length] ?? 'Чёрный',
        Память: memory,
        ОС: 'Android',
        Модель: `A${n}`,
        Цена: `${priceTenge.toLocaleString('ru-RU').replace(/\s/g, ' ')},00`,
        Фото: `https://cdn.example.kz/a${n}-${s}.jpg`,
      };
      Object.assign(row, options.override?.(cells.length));
      cells.push(FIXTURE_HEADER.map((h) => row[h]));
      expected.set(row.Штрихкод, { productKey: row.Артикул, barcode: row.Штрихкод, nameRus: row.Наименование, price: priceTenge });
    }
  }
  for (let i = 0; i < (options.invalidRows ?? 0); i += 1) {
    // A wrong check digit and an unknown brand: refused by validation, never sent.
    cells.push(['BAD-' + String(i + 1), '4600000000001', `Плохой ${i}`, '', '<p>x</p>', '', 'Смартфоны', 'NoSuchBrandXYZ', 'Чёрный', '128', 'Android', 'X', '100', 'https://cdn.example.kz/x.jpg']);
  }

  const name = options.name ?? 'catalog';
  const mapping = join(options.dir, `${name}.mapping.yaml`);
  await writeFile(mapping, FIXTURE_MAPPING_YAML);
  const file = join(options.dir, `${name}.${format}`);
  if (format === 'csv') {
    const lines = [FIXTURE_HEADER.join(';'), ...cells.map((row) => row.map(quoteCsv).join(';'))];
    await writeFile(file, `${lines.join('\r\n')}\r\n`);
  } else {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Товары');
    sheet.addRow([...FIXTURE_HEADER]);
    // Every cell as a string cell: a value like `=1+1` must stay text in the source too.
    for (const row of cells) sheet.addRow(row);
    await workbook.xlsx.writeFile(file);
  }
  return { file, mapping, rows: cells.length, expected, cells };
}

function quoteCsv(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
