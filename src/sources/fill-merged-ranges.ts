/**
 * The rules of `fillMerged`, for any kind of cell: the reader fills `SourceCell`s
 * (`shape-rows.ts`), the annotated copy's `rejected-rows.csv` fills the texts of the same rows
 * (`src/report/xlsx-patch/annotate-sheet-rows.ts`). One set of rules so the two cannot drift: ranges
 * below the header that touch a filled column, their top-left value when it is not blank, only
 * into blank cells of those columns, the top-left cell itself left as it is; and one choice of
 * those columns (`pickFillMergedColumns`).
 */
import { normalizeHeaderName } from './find-header-row.js';
import type { CellRange, SourceColumn } from './types.js';

/**
 * The 0-based positions of the `fillMerged` columns among `header` (the columns the reader reads,
 * `SourceInfo.header`), matched by normalised name: the reader fills these, and the annotated copy
 * fills the same ones in the rows it hands to `rejected-rows.csv`.
 */
export function pickFillMergedColumns(header: readonly SourceColumn[], fillMerged: readonly string[] | undefined): number[] {
  if (fillMerged === undefined || fillMerged.length === 0) return [];
  const wanted = new Set(fillMerged.map(normalizeHeaderName));
  return header.filter((column) => wanted.has(normalizeHeaderName(column.name))).map((column) => column.index);
}

/** Fills the rows of the merged ranges, fed every row below the header (group rows aside) in sheet order. */
export interface MergedRangeFill<V> {
  /** True when a range of a filled column starts on `row`: its values are needed (`start`). */
  startsAt(row: number): boolean;
  /** Keeps the top-left values of the ranges starting on `row`; `values` by 0-based column. */
  start(row: number, values: readonly (V | undefined)[]): void;
  /** What fills `row` (the ranges covering it now), or `undefined` when none does. */
  fillerOf(row: number): ((values: (V | undefined)[]) => void) | undefined;
}

/** How the fill sees a kind of cell. */
export interface MergedCellKind<V> {
  /** True when the cell holds nothing but blanks (filled, and never a range's value). */
  checkBlank(value: V | undefined): boolean;
  /** The value written into a blank cell of the range, from the range's top-left value. */
  copyFilled(value: V): V;
}

/**
 * Creates the fill, or `undefined` when no range below `headerRow` touches one of `columns` (the
 * 0-based positions of the `fillMerged` columns).
 */
export function createMergedRangeFill<V>(
  ranges: readonly CellRange[],
  columns: readonly number[],
  headerRow: number,
  kind: MergedCellKind<V>,
): MergedRangeFill<V> | undefined {
  const byTop = new Map<number, CellRange[]>();
  for (const range of ranges) {
    if (range.top <= headerRow || !columns.some((index) => index >= range.left && index <= range.right)) continue;
    byTop.set(range.top, [...(byTop.get(range.top) ?? []), range]);
  }
  if (byTop.size === 0) return undefined;
  let active: { range: CellRange; value: V }[] = [];
  const drop = (row: number): void => {
    if (active.some((entry) => entry.range.bottom < row)) active = active.filter((entry) => entry.range.bottom >= row);
  };
  return {
    startsAt: (row) => byTop.has(row),
    start(row, values) {
      drop(row);
      for (const range of byTop.get(row) ?? []) {
        const value = values[range.left];
        if (!kind.checkBlank(value)) active.push({ range, value: value as V });
      }
    },
    fillerOf(row) {
      drop(row);
      if (active.length === 0) return undefined;
      const covering = active.filter(({ range }) => row >= range.top && row <= range.bottom);
      if (covering.length === 0) return undefined;
      return (values) => {
        for (const { range, value } of covering) {
          for (const index of columns) {
            if (index < range.left || index > range.right || (row === range.top && index === range.left)) continue;
            if (!kind.checkBlank(values[index])) continue;
            values[index] = kind.copyFilled(value);
          }
        }
      };
    },
  };
}
