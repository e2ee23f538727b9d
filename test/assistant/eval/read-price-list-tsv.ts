/**
 * Reads a price list written outside the generator (a trade it does not know) for the review loop: a UTF-8 TSV with
 * the header `name<TAB>leaf`, one product name a row and the id of its right leaf in the sandbox's default
 * (marketplace-sized) directory, empty or `none` when no leaf fits, `?` when several leaves are defensible (the row is left out:
 * no leaf is right or wrong for it, so it is not scored, as the held-out names leave `?` unscored). An optional `group` column holds the seller's own group
 * path of the row (`A / B`): the CSV then gets a `Группа` column (`writePriceListCsv`); `groups: false` ignores it. Further
 * columns are ignored. The other cells of a
 * row are filled as the generator fills them (a valid barcode on every row: a row the validation rejects is never
 * "accepted", and the loop's wrong-among-accepted check would not see it), so the loop maps it the same way.
 */
import { readFileSync } from 'node:fs';
import { buildPrefixedEan13 } from '../../helpers/seller-file-fixtures.js';
import type { PriceList, PriceListRow } from './generate-price-list.js';

/** The rows of a `name<TAB>leaf` file, with made-up article, price, barcode and photo cells. */
export function readPriceListTsv(path: string, options: { groups?: boolean } = {}): Pick<PriceList, 'rows'> {
  const lines = readFileSync(path, 'utf8').split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = (lines[0] ?? '').split('\t').map((cell) => cell.trim().toLowerCase());
  const nameAt = header.indexOf('name');
  const leafAt = header.indexOf('leaf');
  const groupAt = options.groups === false ? -1 : header.indexOf('group');
  if (nameAt < 0 || leafAt < 0) throw new Error(`${path}: the first line must name the columns "name" and "leaf" (TAB-separated)`);
  const labelled = lines.slice(1).map((line, i) => ({ cells: line.split('\t'), at: i + 2 })).filter(({ cells }) => (cells[leafAt] ?? '').trim() !== '?');
  const rows = labelled.map(({ cells, at }, i): PriceListRow => {
    const leaf = (cells[leafAt] ?? '').trim();
    if (leaf !== '' && leaf !== 'none' && !/^\d+$/.test(leaf)) throw new Error(`${path}: line ${at}: leaf "${leaf}" is no leaf id`);
    const n = i + 1;
    return {
      cells: {
        Артикул: `PL-${String(100000 + n).padStart(6, '0')}`,
        Наименование: (cells[nameAt] ?? '').trim(),
        Цена: String(100 + ((n * 37) % 9000)),
        Штрихкод: buildPrefixedEan13('460', 100000 + n),
        'Ед. изм.': 'шт',
        Остаток: '10',
        'Код поставщика': '',
        Размер: '',
        Фото: `https://img.example.kz/p/${n}.jpg`,
      },
      leafId: leaf === '' || leaf === 'none' ? null : Number(leaf),
      kind: '',
      ...(groupAt < 0 ? {} : { group: (cells[groupAt] ?? '').trim() }),
    };
  });
  return { rows };
}
