/**
 * The types of one sheet's rewrite (`annotate-sheet-rows.ts`): its options, the counts and findings
 * it returns, and the read-only view of it the row texts take. Types only: nothing here imports the
 * steps, so no step imports back into the rewriter.
 */
import type { Issue } from '../../core/issue.js';
import type { AnnotationWords } from '../annotation-columns.js';
import type { SharedStringTable } from '../../xlsx/shared-string-table.js';
import type { CauseTally } from '../rank-root-causes.js';
import type { RowOutcome } from '../report-types.js';
import type { TextRow } from '../write-annotated-csv.js';
import type { CellNote } from './build-notes-parts.js';
import type { StylePatch } from './patch-styles.js';
import type { GroupRowRecord } from './track-group-rows.js';
import type { CellRange } from '../../sources/types.js';

/** What the row rewriter needs. */
export interface SheetRowsOptions {
  file: string;
  sheet: string;
  headerRow: number;
  headerNames: readonly string[];
  strings: SharedStringTable;
  /**
   * Loads `strings` up to string `upTo` (all without it) before texts are read; absent when the
   * table is whole. Called for the header and for the rows whose texts are read; gives no promise
   * once every string is loaded (the usual row then costs no await).
   */
  loadStrings?: ((upTo?: number) => Promise<void> | undefined) | undefined;
  /** The number format of a cell format index, for the texts handed to `onDataRow`. */
  numberFormatOf: (style: number) => string | undefined;
  date1904: boolean;
  styles: StylePatch;
  /** The outcome of a data row; asked once per row, in sheet order. */
  outcomeOf: (row: number) => RowOutcome | undefined;
  /** Most notes written (0 when the sheet cannot take any). */
  maxNotes: number;
  /** True for a cell (`B7`) that has a note of the seller's: it gets none of ours. */
  hasSellerNote?: (ref: string) => boolean;
  /**
   * Each data row below the header, with its outcome and the group rows in effect for it
   * (outermost first; empty unless `groupRows` is given). Not called for the group rows themselves.
   */
  onDataRow?: ((row: TextRow, outcome: RowOutcome | undefined, groups: readonly GroupRowRecord[]) => void | Promise<void>) | undefined;
  /** The rows whose texts `onDataRow` reads, by outcome (default: every row); the others need no shared strings. */
  onDataRowReads?: ((outcome: RowOutcome | undefined) => boolean) | undefined;
  /**
   * The header's texts (trimmed) up to its last non-blank cell, every column of it: called once,
   * before the first `onDataRow`. The names of `headerNames` when the header row is not in the sheet.
   */
  onHeader?: ((names: readonly string[]) => void | Promise<void>) | undefined;
  /** The reader took group rows out of the goods (its `groupRows` option): they are followed for `onDataRow`. */
  groupRows?: { outline: boolean } | undefined;
  /** 1-based columns the reader reads (the visible header columns): a group row has a value in one. */
  visibleColumns?: readonly number[];
  /**
   * The reader's `fillMerged`, for the rows handed to `onDataRow`: the sheet's merged ranges (Excel
   * writes them after the rows, so the caller scans for them first) and the 0-based columns filled.
   */
  fillMerged?: { ranges: readonly CellRange[]; columns: readonly number[] } | undefined;
  /** Counts each issue of the data rows, in sheet order, for the `To fix` sheet. */
  causes: CauseTally;
  /** Where the rewritten XML goes, in order. */
  emit: (text: string) => Promise<void>;
  /** Namespace of relationship ids in the workbook (transitional or strict). */
  relationshipsNs: string;
  /** The `_status` words and the translator of the run's language. */
  annotationWords: AnnotationWords;
}

/** Counts and findings of the rewrite. */
export interface SheetRowsResult {
  rows: number;
  annotatedRows: number;
  highlightedCells: number;
  issues: number;
  notes: CellNote[];
  warnings: Issue[];
}

/**
 * What the steps outside the rewriter (the texts of `row-texts.ts`) read of a sheet's rewrite: its
 * options, the namespace prefix of the sheet's elements, and the width of the rows handed to
 * `onDataRow`. The rewrite's own state is private to `annotate-sheet-rows.ts`.
 */
export interface SheetRowsState {
  readonly options: SheetRowsOptions;
  /** Namespace prefix of the sheet's elements (`x:` or empty). */
  readonly prefix: string;
  /** Columns of the rows handed to `onDataRow`: the header up to its last non-blank cell. */
  readonly copyWidth: number;
}
