/**
 * Which rows the reader held back as a pasted export's titles are goods after all. The reader
 * marks every narrow row right above a repeated header (`mark-pasted-exports.ts`) without knowing
 * the mapping; a row of goods may be as narrow (key and name filled, the rest left for later). The
 * mapper knows the columns: a row whose SKU key (or barcode) and Russian name are both filled is
 * goods, never a title. A title fills one of them at most ("Прайс-лист …" in the article column).
 */
import type { Mapping } from '../mapping/mapping-schema.js';
import { checkCellEmpty } from '../sources/detect-group-rows.js';
import type { SourceCell, SourceInfo } from '../sources/types.js';
import { createColumnResolver } from './rules/resolve-columns.js';

/** True when a row's cells (by header position) fill a key column and the name column. */
export type GoodsRowTest = (cells: readonly (SourceCell | undefined)[]) => boolean;

/** Compiles the test once per file; a mapping without a name column or a key column in the header tells none apart (always false). */
export function createGoodsRowTest(mapping: Mapping, info: SourceInfo): GoodsRowTest {
  // Missing or doubled columns are reported once by the field rules; not again here.
  const resolve = createColumnResolver(info, () => {});
  const name = resolve(mapping.columns.name?.rus, 'columns.name.rus', 'off');
  const keys = [resolve(mapping.columns.skuKey, 'columns.skuKey', 'off'), resolve(mapping.columns.barcode, 'columns.barcode', 'off')].flatMap((slot) => (slot ? [slot.index] : []));
  if (!name || keys.length === 0) return () => false;
  const nameIndex = name.index;
  return (cells) => !checkCellEmpty(cells[nameIndex]) && keys.some((index) => !checkCellEmpty(cells[index]));
}
