/**
 * The reader's `fillMerged` for the rows handed to `onDataRow`: a data row inside a merged range of
 * a `fillMerged` column reads the range's top-left value in the reader (`createMergedFill` in
 * `src/sources/shape-rows.ts`), but its own cell is empty in the sheet. `rejected-rows.csv` is fed
 * back as a CSV, which has no merged cells, so the rejected row must carry the value the run read
 * or the re-run loses it. Same rules as the reader: ranges below the header that touch a filled
 * column, their top-left value when it is not blank, only into empty cells of those columns.
 */
import type { CellRange } from '../../sources/shape-rows.js';
import type { RowTexts } from './row-texts.js';

/** Fills the rows of the merged ranges, fed every row below the header (group rows aside, as in the reader) in sheet order. */
export interface MergedTextFill {
  /** True when a range of a filled column starts on `row`: its texts are needed (`start`). */
  startsAt(row: number): boolean;
  /** Keeps the top-left values of the ranges starting on `row`. */
  start(row: number, texts: RowTexts): void;
  /** What fills `row` (the ranges covering it now), or `undefined` when none does. */
  fillerOf(row: number): ((texts: RowTexts) => void) | undefined;
}

/** Creates the fill; `columns` are the 0-based positions of the `fillMerged` columns the reader reads. */
export function createMergedTextFill(ranges: readonly CellRange[], columns: readonly number[], headerRow: number): MergedTextFill | undefined {
  const byTop = new Map<number, CellRange[]>();
  for (const range of ranges) {
    if (range.top <= headerRow || !columns.some((index) => index >= range.left && index <= range.right)) continue;
    byTop.set(range.top, [...(byTop.get(range.top) ?? []), range]);
  }
  if (byTop.size === 0) return undefined;
  let active: { range: CellRange; text: string }[] = [];
  const drop = (row: number): void => {
    if (active.some((entry) => entry.range.bottom < row)) active = active.filter((entry) => entry.range.bottom >= row);
  };
  return {
    startsAt: (row) => byTop.has(row),
    start(row, texts) {
      drop(row);
      for (const range of byTop.get(row) ?? []) {
        const text = texts.values[range.left] ?? '';
        if (text.trim() !== '') active.push({ range, text });
      }
    },
    fillerOf(row) {
      drop(row);
      if (active.length === 0) return undefined;
      const covering = active.filter(({ range }) => row >= range.top && row <= range.bottom);
      if (covering.length === 0) return undefined;
      return (texts) => {
        for (const { range, text } of covering) {
          for (const index of columns) {
            if (index < range.left || index > range.right || (row === range.top && index === range.left)) continue;
            if ((texts.values[index] ?? '').trim() !== '') continue;
            texts.values[index] = text;
          }
        }
      };
    },
  };
}
