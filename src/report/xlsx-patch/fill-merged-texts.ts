/**
 * The reader's `fillMerged` for the rows handed to `onDataRow`: a data row inside a merged range of
 * a `fillMerged` column reads the range's top-left value in the reader (`createMergedFill` in
 * `src/sources/shape-rows.ts`), but its own cell is empty in the sheet. `rejected-rows.csv` is fed
 * back as a CSV, which has no merged cells, so the rejected row must carry the value the run read
 * or the re-run loses it. The rules are the reader's own (`createMergedRangeFill`), over texts.
 */
import { createMergedRangeFill, type MergedCellKind } from '../../sources/fill-merged-ranges.js';
import type { CellRange } from '../../sources/types.js';
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

const MERGED_TEXT: MergedCellKind<string> = {
  checkBlank: (text) => (text ?? '').trim() === '',
  copyFilled: (text) => text,
};

/** Creates the fill; `columns` are the 0-based positions of the `fillMerged` columns the reader reads. */
export function createMergedTextFill(ranges: readonly CellRange[], columns: readonly number[], headerRow: number): MergedTextFill | undefined {
  const fill = createMergedRangeFill(ranges, columns, headerRow, MERGED_TEXT);
  if (fill === undefined) return undefined;
  return {
    startsAt: (row) => fill.startsAt(row),
    start: (row, texts) => fill.start(row, texts.values),
    fillerOf(row) {
      const filler = fill.fillerOf(row);
      return filler && ((texts) => filler(texts.values));
    },
  };
}
