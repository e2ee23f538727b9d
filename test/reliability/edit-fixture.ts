/**
 * Edits a written catalog fixture the way a seller fixes a file between a crash and the re-run:
 * a barcode corrected, a price changed, a SKU added, a SKU removed. Rewrites the CSV in place and
 * returns the fixture with what the service must hold after the next import.
 */
import { writeFile } from 'node:fs/promises';
import { FIXTURE_HEADER } from '../helpers/catalog-fixture.js';
import type { CatalogFixture, ExpectedSku, FixtureColumn } from '../helpers/catalog-fixture.js';

/** One edit of the file. */
export type FixtureEdit =
  | { kind: 'barcode'; productKey: string; sku: number; barcode: string }
  | { kind: 'price'; productKey: string; priceTenge: number }
  | { kind: 'removeSku'; productKey: string; sku: number }
  | { kind: 'addSku'; productKey: string; barcode: string; color: string };

const column = (name: FixtureColumn): number => FIXTURE_HEADER.indexOf(name);

/** Applies the edits to the fixture's CSV (rewritten in place) and returns the edited fixture. */
export async function editFixture(fixture: CatalogFixture, edits: readonly FixtureEdit[]): Promise<CatalogFixture> {
  let cells = fixture.cells.map((row) => [...row]);
  const rowsOf = (productKey: string): string[][] => cells.filter((row) => row[column('Артикул')] === productKey);
  for (const edit of edits) {
    const rows = rowsOf(edit.productKey);
    if (edit.kind === 'barcode') (rows[edit.sku] as string[])[column('Штрихкод')] = edit.barcode;
    else if (edit.kind === 'price') for (const row of rows) row[column('Цена')] = `${edit.priceTenge},00`;
    else if (edit.kind === 'removeSku') cells = cells.filter((row) => row !== rows[edit.sku]);
    else {
      const copy = [...(rows[0] as string[])];
      copy[column('Штрихкод')] = edit.barcode;
      copy[column('Цвет')] = edit.color;
      copy[column('Фото')] = `https://cdn.example.kz/${edit.barcode}.jpg`;
      // Right after the product's last row: a product's rows stay together.
      cells.splice(cells.indexOf(rows.at(-1) as string[]) + 1, 0, copy);
    }
  }
  const expected = new Map<string, ExpectedSku>();
  for (const row of cells) {
    const productKey = row[column('Артикул')] as string;
    if (productKey.startsWith('BAD-')) continue;
    const barcode = row[column('Штрихкод')] as string;
    const price = Number((row[column('Цена')] as string).replace(/\s/g, '').replace(',', '.'));
    expected.set(barcode, { productKey, barcode, nameRus: row[column('Наименование')] as string, price });
  }
  const quote = (value: string): string => (/[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const lines = [FIXTURE_HEADER.join(';'), ...cells.map((row) => row.map(quote).join(';'))];
  await writeFile(fixture.file, `${lines.join('\r\n')}\r\n`);
  return { ...fixture, rows: cells.length, expected, cells };
}
