/**
 * Which rows of a pasted export a run leaves out as no goods: the one rule the mapper and the mapping
 * assistant's reads share, so that `mapping init`, `mapping review` and `mapping check` leave out the
 * same repeated headers and titles `import` does. The mapping's `rows.skip`/`rows.where` is applied by
 * the mapper alone (its conditions may name columns the mapper derives): the review and the check
 * still read the rows it skips.
 *
 * The reader marks a pasted export's repeated header and the narrow rows right above it
 * (`SourceRow.leftOut`, `mark-pasted-exports.ts`) without knowing the mapping; a row of goods may be
 * as narrow (key and name filled, the rest left for later). Whoever knows the columns tells them
 * apart: a row whose SKU key (or barcode) and Russian name are both filled is goods, never a title.
 * A title fills one of them at most ("Прайс-лист …" in the article column).
 */
import type { Mapping } from '../mapping/mapping-schema.js';
import { checkCellEmpty } from '../sources/detect-group-rows.js';
import type { SourceInfo, SourceRow } from '../sources/types.js';
import { createColumnResolver } from './rules/resolve-columns.js';

/** True for a row the run leaves out (its `row_skipped` warning names `row.leftOut`). */
export type LeftOutTest = (row: SourceRow) => boolean;

/** The cell positions that make a marked title row goods: the name and the keys (SKU key, barcode). */
export interface GoodsColumns {
  name: number | undefined;
  keys: readonly number[];
}

/**
 * Compiles the test once per file. Without a name column or a key column (a draft whose columns are
 * not chosen yet) no marked row is goods.
 */
export function createLeftOutTest(columns: GoodsColumns): LeftOutTest {
  const { name, keys } = columns;
  if (name === undefined || keys.length === 0) return (row) => row.leftOut !== undefined;
  return (row) =>
    row.leftOut !== undefined &&
    (row.leftOut.variant === 'header' || checkCellEmpty(row.cells[name]) || keys.every((index) => checkCellEmpty(row.cells[index])));
}

/** The mapping fields whose column makes a marked title row goods when filled (with the name): the SKU key and the barcode. */
export const GOODS_KEY_FIELDS = ['skuKey', 'barcode'] as const;

/** The goods columns a mapping names, by their positions in the file's header. */
export function readGoodsColumns(mapping: Mapping, info: SourceInfo): GoodsColumns {
  // Missing or doubled columns are reported once by the field rules; not again here.
  const resolve = createColumnResolver(info, () => {});
  const keys = GOODS_KEY_FIELDS.flatMap((field) => resolve(mapping.columns[field], `columns.${field}`, 'off')?.index ?? []);
  return { name: resolve(mapping.columns.name?.rus, 'columns.name.rus', 'off')?.index, keys };
}
