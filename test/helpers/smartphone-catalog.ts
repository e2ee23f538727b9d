/**
 * A small valid catalog for pipeline tests: N smartphone products with two colour SKUs each, as a
 * `;` CSV in a temp dir, with its mapping. Built from the sandbox's reference data.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURE_MAPPING_YAML } from './catalog-fixture.js';

/** One product row set. */
export interface PhoneRow {
  key: string;
  barcode: string;
  name: string;
  color: 'Чёрный' | 'Белый';
  memory: '128' | '256';
  price: string;
}

/** The mapping of the sandbox's smartphone category (one definition for every test helper). */
export const PHONE_MAPPING = FIXTURE_MAPPING_YAML;

const HEADER = 'Артикул;Штрихкод;Наименование;Атауы;Описание;Сипаттамасы;Категория;Бренд;Цвет;Память;ОС;Модель;Цена;Фото';

/** A valid EAN-13 from a 12-digit stem. */
export function makeEan13(stem: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(stem[i]) * (i % 2 ? 3 : 1);
  return `${stem}${(10 - (sum % 10)) % 10}`;
}

/** Rows for `count` products, two SKUs each. */
export function buildPhoneRows(count: number, options: { priceOf?: (product: number, sku: number) => string; nameOf?: (product: number) => string } = {}): PhoneRow[] {
  const rows: PhoneRow[] = [];
  for (let p = 0; p < count; p += 1) {
    for (let s = 0; s < 2; s += 1) {
      rows.push({
        key: `SM-${String(p).padStart(4, '0')}`,
        barcode: makeEan13(`46099${String(p).padStart(5, '0')}${s}0`),
        name: options.nameOf?.(p) ?? `Смартфон Model ${p}`,
        color: s === 0 ? 'Чёрный' : 'Белый',
        memory: p % 2 ? '256' : '128',
        price: options.priceOf?.(p, s) ?? `${100 + p} 990,00`,
      });
    }
  }
  return rows;
}

/** CSV text of the rows. */
export function buildPhoneCsv(rows: readonly PhoneRow[]): string {
  const lines = rows.map((r) =>
    [r.key, r.barcode, r.name, `${r.name} смартфоны`, '<p>Описание</p>', '<p>Сипаттама</p>', 'Смартфоны', 'Samsung', r.color, r.memory, 'Android', r.key, r.price, `https://cdn.example.kz/${r.barcode}.jpg`].join(';'),
  );
  return `\uFEFF${HEADER}\n${lines.join('\n')}\n`;
}

/** A temp folder with `catalog.csv` and `mapping.yaml`; `remove()` deletes it. */
export async function createPhoneCatalog(rows: readonly PhoneRow[]): Promise<{ dir: string; file: string; mapping: string; write(rows: readonly PhoneRow[]): Promise<void>; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'catalog-import-test-'));
  const file = join(dir, 'catalog.csv');
  const mapping = join(dir, 'mapping.yaml');
  await writeFile(file, buildPhoneCsv(rows));
  await writeFile(mapping, PHONE_MAPPING);
  return {
    dir,
    file,
    mapping,
    write: (next) => writeFile(file, buildPhoneCsv(next)),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
