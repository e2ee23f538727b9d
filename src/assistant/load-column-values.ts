/**
 * Reads a seller file once for `mapping init`: its header and, per column, the distinct cell texts
 * in first-seen order (spellings that differ only in case, spaces or `ё` count once). Columns
 * with more distinct texts than the limit (names, barcodes) keep only the first ones: they are
 * never matched value by value anyway.
 */
import type { Deps } from '../core/deps.js';
import { normalizeName } from '../mapping/normalize-name.js';
import { openSource } from '../sources/open-source.js';
import type { ReadOptions, SourceInfo, SourceRow } from '../sources/types.js';

/** What `loadColumnValues` found. */
export interface ColumnValues {
  /** The file's header, each column's `index` its position in the rows read (`row.cells`, the keys below). */
  info: SourceInfo;
  /** Distinct texts per column position. */
  values: Map<number, string[]>;
  /** Columns that had more distinct texts than the limit. */
  truncated: Set<number>;
  /** Data rows read, but for a pasted export's header and titles (the reader marks them; see `titles`): no fill rate counts them. */
  rows: number;
  /** Non-empty cells per column position: a key or attribute column filled in 1 of 1,935 rows is not the one to use. */
  filled: Map<number, number>;
  /** Distinct texts of the group rows above the goods, per level (1 = outermost), when the reader found any. */
  groups: Map<number, string[]>;
  /** Data rows under a group row of each level: how many rows a category from group rows would cover. */
  groupedRows: Map<number, number>;
  /** The rows the reader took for a pasted export's titles, in no count yet: a narrow row of goods looks the same until its columns are known. */
  titles: SourceRow[];
  /** Adds rows to every count above (`rows` included): the titles `import` maps as goods, once the columns are chosen. */
  keepRows(rows: readonly SourceRow[]): void;
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
  const stream = await openSource(path, readOptions, deps);
  const profile = createProfile(options.maxDistinct ?? DEFAULT_MAX_DISTINCT);
  const titles: SourceRow[] = [];
  for await (const row of stream.rows) {
    if (row.leftOut === undefined) profile.add(row);
    // No column is chosen yet: a marked title waits until the key and name columns tell it from a narrow row of goods.
    else if (row.leftOut.variant === 'title') titles.push(row);
  }
  // The draft finds a column's values by its `index`, and the later reads its cells by it (`row.cells[index]`): its
  // position among the columns read, not its place in the sheet, which is one more past each `_` column left out
  // before it (its `letter` keeps that place).
  const header = stream.info.header.map((column, position) => (column.index === position ? column : { ...column, index: position }));
  // One object: the rows kept later count in its `rows` as in its maps.
  return Object.assign(profile.values, { info: { ...stream.info, header }, titles, keepRows: (rows: readonly SourceRow[]) => rows.forEach(profile.add) });
}

type ProfileCounts = Omit<ColumnValues, 'info' | 'titles' | 'keepRows'>;

/** The counts of the rows added so far; a row added later shows in them. */
function createProfile(maxDistinct: number): { values: ProfileCounts; add(row: SourceRow): void } {
  const values: ProfileCounts = { values: new Map(), truncated: new Set(), rows: 0, filled: new Map(), groups: new Map(), groupedRows: new Map() };
  const { truncated, filled, groups, groupedRows } = values;
  const seen = new Map<number, Set<string>>();
  const groupKeys = new Map<number, Set<string>>();
  const add = (row: SourceRow): void => {
    values.rows += 1;
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
        values.values.set(index, []);
      }
      const key = normalizeName(text);
      if (keys.has(key)) return;
      if (keys.size >= maxDistinct) {
        truncated.add(index);
        return;
      }
      keys.add(key);
      values.values.get(index)?.push(text);
    });
  };
  return { values, add };
}
