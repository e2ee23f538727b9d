/**
 * Which merged range of the sheet covers an empty cell below its first row. A seller who merges
 * a product's article (or category) down over its variants leaves every row but the first empty
 * in the file: the reader fills such cells only for the columns named in `input.fillMerged`, so a
 * required field found empty there is told so, with the way out. Built once per file.
 */
import { buildColumnLetter } from '../../sources/column-letter.js';
import type { CellRange, SourceInfo } from '../../sources/types.js';

/** The range (as `A4:A7`) holding the cell of `row` in the column at `position` of the row's cells, below the range's first row. */
export type MergedRangeFinder = (position: number, row: number) => string | undefined;

/** Undefined when no merged range spans rows below the header (CSV, most sheets). */
export function createMergedRangeFinder(info: SourceInfo): MergedRangeFinder | undefined {
  const tall = (info.mergedRanges ?? []).filter((range) => range.bottom > range.top && range.top > info.headerRow);
  if (tall.length === 0) return undefined;
  // By sheet column, sorted by first row: the ranges of one column do not overlap.
  const byColumn = new Map<number, CellRange[]>();
  for (const range of tall) {
    for (let column = range.left; column <= range.right; column++) {
      const list = byColumn.get(column) ?? [];
      list.push(range);
      byColumn.set(column, list);
    }
  }
  for (const list of byColumn.values()) list.sort((a, b) => a.top - b.top);
  return (position, row) => {
    const column = info.header[position]?.index;
    const list = column === undefined ? undefined : byColumn.get(column);
    if (list === undefined) return undefined;
    // The last range starting above `row`.
    let low = 0;
    let high = list.length - 1;
    let found: CellRange | undefined;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const range = list[middle] as CellRange;
      if (range.top < row) {
        found = range;
        low = middle + 1;
      } else high = middle - 1;
    }
    if (found === undefined || found.bottom < row) return undefined;
    return `${buildColumnLetter(found.left)}${found.top}:${buildColumnLetter(found.right)}${found.bottom}`;
  };
}
