/**
 * Reads a seller file once for `mapping init`: its header and, per column, the distinct cell texts
 * in first-seen order (spellings that differ only in case, spaces or `ё` count once). Columns
 * with more distinct texts than the limit (names, barcodes) keep only the first ones: they are
 * never matched value by value anyway.
 */
import type { Deps } from '../core/deps.js';
import { normalizeName } from '../mapping/normalize-name.js';
import { openSource } from '../sources/open-source.js';
import type { ReadOptions, SourceInfo } from '../sources/types.js';
import { createLeftOutTest } from '../stages/create-left-out-test.js';

/** What `loadColumnValues` found. */
export interface ColumnValues {
  /** The file's header, each column's `index` its position in the rows read (`row.cells`, the keys below). */
  info: SourceInfo;
  /** Distinct texts per column position. */
  values: Map<number, string[]>;
  /** Columns that had more distinct texts than the limit. */
  truncated: Set<number>;
  /** Data rows read, but for a pasted export's header and titles (the reader marks them): no fill rate counts them. */
  rows: number;
  /** Non-empty cells per column position: a key or attribute column filled in 1 of 1,935 rows is not the one to use. */
  filled: Map<number, number>;
  /** Distinct texts of the group rows above the goods, per level (1 = outermost), when the reader found any. */
  groups: Map<number, string[]>;
  /** Data rows under a group row of each level: how many rows a category from group rows would cover. */
  groupedRows: Map<number, number>;
}

/** Default of `maxDistinct`. */
const DEFAULT_MAX_DISTINCT = 2000;

/** Reads the file and collects the distinct texts of every column. Throws `SourceReadError` for an unreadable file. */
export async function loadColumnValues(
  path: string,
  readOptions: ReadOptions,
  deps: Pick<Deps, 'signal'>,
  options: { maxDistinct?: number } = {},
): Promise<ColumnValues> {
  const maxDistinct = options.maxDistinct ?? DEFAULT_MAX_DISTINCT;
  const stream = await openSource(path, readOptions, deps);
  const values = new Map<number, string[]>();
  const seen = new Map<number, Set<string>>();
  const truncated = new Set<number>();
  const filled = new Map<number, number>();
  const groups = new Map<number, string[]>();
  const groupKeys = new Map<number, Set<string>>();
  const groupedRows = new Map<number, number>();
  // No column is chosen yet, so no title the reader marks can be told for goods by its key and name: each is left out.
  const leavesOut = createLeftOutTest({ name: undefined, keys: [] });
  let rows = 0;
  for await (const row of stream.rows) {
    if (leavesOut(row)) continue;
    rows += 1;
    row.groups?.forEach((text, i) => {
      const level = i + 1;
      const key = normalizeName(text);
      if (key !== '') groupedRows.set(level, (groupedRows.get(level) ?? 0) + 1);
      let keys = groupKeys.get(level);
      if (keys === undefined) {
        keys = new Set();
        groupKeys.set(level, keys);
        groups.set(level, []);
      }
      if (key === '' || keys.has(key) || keys.size >= maxDistinct) return;
      keys.add(key);
      groups.get(level)?.push(text.trim());
    });
    row.cells.forEach((cell, index) => {
      const text = cell?.text.trim() ?? '';
      if (text === '') return;
      filled.set(index, (filled.get(index) ?? 0) + 1);
      if (truncated.has(index)) return;
      let keys = seen.get(index);
      if (keys === undefined) {
        keys = new Set();
        seen.set(index, keys);
        values.set(index, []);
      }
      const key = normalizeName(text);
      if (keys.has(key)) return;
      if (keys.size >= maxDistinct) {
        truncated.add(index);
        return;
      }
      keys.add(key);
      values.get(index)?.push(text);
    });
  }
  // The draft finds a column's values by its `index`, and the later reads its cells by it (`row.cells[index]`): its
  // position among the columns read, not its place in the sheet, which is one more past each `_` column left out
  // before it (its `letter` keeps that place).
  const header = stream.info.header.map((column, position) => (column.index === position ? column : { ...column, index: position }));
  return { info: { ...stream.info, header }, values, truncated, rows, filled, groups, groupedRows };
}
