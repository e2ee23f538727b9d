/**
 * What the rewrite of one sheet's rows works on: its options, the counts and findings it returns,
 * and the state its steps (placing the `_` columns, highlighting cells, rewriting a row's XML)
 * share, in one object given to each of them.
 */
import type { Issue } from '../../core/issue.js';
import type { StatusWords } from '../annotation-columns.js';
import { buildXlsxCell } from '../../sources/build-xlsx-cell.js';
import type { SharedStringTable } from '../../sources/shared-string-table.js';
import type { RowOutcome } from '../report-types.js';
import type { TextRow } from '../write-annotated-csv.js';
import type { CellNote } from './build-notes-parts.js';
import type { StylePatch } from './patch-styles.js';
import { readStoredCell, type RowCell } from './row-cells.js';
import type { ToFixLine } from './to-fix-sheet-xml.js';
import { createGroupRowTracker, type GroupRowRecord, type GroupRowTracker } from './track-group-rows.js';
import { createMergedTextFill, type MergedTextFill } from './fill-merged-texts.js';
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
  outcomeFor: (row: number) => Promise<RowOutcome | undefined>;
  prefixFormulaText: boolean;
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
  /** Called for each `To fix` line, in sheet order. */
  onIssue: (line: ToFixLine) => Promise<void>;
  /** Where the rewritten XML goes, in order. */
  emit: (text: string) => Promise<void>;
  /** Namespace of relationship ids in the workbook (transitional or strict). */
  relationshipsNs: string;
  /** The `_status` words of the run's language (default: the status codes). */
  statusWords?: StatusWords | undefined;
}

/** Counts and findings of the rewrite. */
export interface SheetRowsResult {
  rows: number;
  annotatedRows: number;
  highlightedCells: number;
  issues: number;
  notes: CellNote[];
  /** Column of `_status`, or `undefined` when the sheet had no room for the `_` columns. */
  firstAnnotationColumn: number | undefined;
  warnings: Issue[];
}

/** A count of something found in the sheet, and where it was first seen. */
export interface SheetFinding {
  count: number;
  first: string;
}

/** The state of one sheet's rewrite, changed in place by its steps. */
export interface SheetRowsState {
  readonly options: SheetRowsOptions;
  readonly result: SheetRowsResult;
  /** Namespace prefix of the sheet's elements (`x:` or empty). */
  prefix: string;
  /** The part before the rows, held until the place of the `_` columns is known. */
  head: string | undefined;
  /** Rows held with the head; `undefined` once released. */
  held: string[] | undefined;
  headerSeen: boolean;
  /** Column of `_status`; `undefined` when the sheet has no room. */
  firstColumn: number | undefined;
  /** Letters of the `_` columns. */
  annotationLetters: string[];
  /** Columns of `_` cells appended by an earlier run: dropped. */
  readonly oldColumns: Set<number>;
  previousRow: number;
  highestRow: number;
  /** Rows stored out of order or more than once. */
  readonly disorder: SheetFinding;
  /** Cells of the seller's where a `_` cell goes. */
  readonly conflicts: SheetFinding;
  /** A fed-back copy: the highlights of the earlier run go back to the seller's formats. */
  readonly earlierHighlights: ReadonlyMap<number, number> | undefined;
  /** Columns of the rows handed to `onDataRow`: the header up to its last non-blank cell. */
  copyWidth: number;
  /** The header's texts handed to `onHeader`; `undefined` until the header row is read. */
  copyHeader: string[] | undefined;
  /** Positions (0-based) of `copyHeader` kept in `rejected-rows.csv` (an earlier run's `_` columns left out). */
  copyKeep: number[];
  /** `onHeader` was called. */
  headerHanded: boolean;
  /** The group rows in effect, when followed. */
  readonly groups: GroupRowTracker | undefined;
  /** The merged values filled into the rows handed to `onDataRow`, when the reader filled some. */
  readonly mergedFill: MergedTextFill | undefined;
}

/** The state before the first row. */
export function createSheetRowsState(options: SheetRowsOptions): SheetRowsState {
  return {
    options,
    result: { rows: 0, annotatedRows: 0, highlightedCells: 0, issues: 0, notes: [], firstAnnotationColumn: undefined, warnings: [] },
    prefix: '',
    head: undefined,
    held: [],
    headerSeen: false,
    firstColumn: options.headerNames.length + 1,
    annotationLetters: [],
    oldColumns: new Set(),
    previousRow: 0,
    highestRow: 0,
    disorder: { count: 0, first: '' },
    conflicts: { count: 0, first: '' },
    earlierHighlights: options.styles.earlierHighlights,
    copyWidth: options.headerNames.length,
    copyHeader: undefined,
    copyKeep: options.headerNames.map((_, index) => index),
    headerHanded: false,
    groups: options.groupRows !== undefined && options.onDataRow !== undefined ? createGroupRowTracker(options.groupRows) : undefined,
    mergedFill: options.fillMerged !== undefined && options.onDataRow !== undefined ? createMergedTextFill(options.fillMerged.ranges, options.fillMerged.columns, options.headerRow) : undefined,
  };
}

/** The text a cell shows, without number formats (what header and formula checks compare). */
export function readCellText(state: SheetRowsState, text: string, cell: RowCell): string {
  const built = buildXlsxCell(readStoredCell(text, cell, state.prefix), { numberFormat: undefined, strings: state.options.strings, date1904: state.options.date1904 });
  return built?.text ?? '';
}
