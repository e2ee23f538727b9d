/**
 * A bounded read of the seller file for `mapping init`, once the name column is known: the product
 * names of the first rows, each with the seller's own grouping of its row (the category column's
 * text, the group rows above it). The draft classifies them as `lookup: category` would, to say how
 * many rows the classifier places surely (`choose-category-source.ts`).
 */
import type { Deps } from '../core/deps.js';
import { openSource } from '../sources/open-source.js';
import type { ReadOptions } from '../sources/types.js';
import { createLeftOutTest } from '../stages/create-left-out-test.js';

/** One row of the sample. */
export interface NameRow {
  name: string;
  /** The text of the category column, when the file has one. */
  label?: string;
  /** The group rows above the row, level 1 first, as the reader gave them (a level may be empty). */
  groups?: readonly string[];
}

/**
 * How many rows are read. The share the classifier places is plain from the first two thousand names, and
 * the read stops there: a large file costs no more than a small one.
 */
export const NAME_ROWS_READ = 2000;

/**
 * Reads the first `NAME_ROWS_READ` rows that have a product name, leaving out a pasted export's header and titles as
 * `import` does (a title is goods where it fills the name and a key, `keys`; the mapping's `rows.skip` is not known here).
 */
export async function loadNameRows(
  path: string,
  readOptions: ReadOptions,
  columns: { name: number; label?: number; keys?: readonly number[] },
  deps: Pick<Deps, 'signal'>,
): Promise<NameRow[]> {
  const stream = await openSource(path, readOptions, deps);
  const leavesOut = createLeftOutTest({ name: columns.name, keys: columns.keys ?? [] });
  const rows: NameRow[] = [];
  for await (const row of stream.rows) {
    if (leavesOut(row)) continue;
    const name = row.cells[columns.name]?.text.trim() ?? '';
    if (name === '') continue;
    const label = columns.label === undefined ? '' : (row.cells[columns.label]?.text.trim() ?? '');
    rows.push({ name, ...(label === '' ? {} : { label }), ...(row.groups === undefined || row.groups.length === 0 ? {} : { groups: row.groups }) });
    if (rows.length >= NAME_ROWS_READ) break;
  }
  return rows;
}
