/**
 * A second read of the seller file for `mapping init`, once the category and name columns are
 * known: for each category text, a few product names of its rows. They tell a bare `Футболки` of
 * men's shirts from one of kids' shirts (`Футболка мужская базовая`), and rank the candidates.
 */
import type { Deps } from '../core/deps.js';
import { normalizeName } from '../mapping/normalize-name.js';
import { openSource } from '../sources/open-source.js';
import type { ReadOptions } from '../sources/types.js';
import { createLeftOutTest } from '../stages/create-left-out-test.js';
import type { CategoryRows } from './build-mapping-draft-input.js';

/** How many product names are kept per category. */
const PRODUCT_NAMES_PER_CATEGORY = 20;

/** Reads the product names of each category's rows (the first `PRODUCT_NAMES_PER_CATEGORY` distinct ones), leaving out a pasted export's header and titles as `import` does (`loadNameRows`). */
export async function loadCategoryRows(
  path: string,
  readOptions: ReadOptions,
  columns: { category: number; name: number; keys?: readonly number[] },
  deps: Pick<Deps, 'signal'>,
): Promise<Map<string, CategoryRows>> {
  const stream = await openSource(path, readOptions, deps);
  const leavesOut = createLeftOutTest({ name: columns.name, keys: columns.keys ?? [] });
  const rows = new Map<string, CategoryRows>();
  for await (const row of stream.rows) {
    if (leavesOut(row)) continue;
    const category = row.cells[columns.category]?.text.trim() ?? '';
    const name = row.cells[columns.name]?.text.trim() ?? '';
    if (category === '' || name === '') continue;
    const key = normalizeName(category);
    let entry = rows.get(key);
    if (entry === undefined) {
      entry = { productNames: [] };
      rows.set(key, entry);
    }
    if (entry.productNames.length < PRODUCT_NAMES_PER_CATEGORY && !entry.productNames.includes(name)) entry.productNames.push(name);
  }
  return rows;
}
