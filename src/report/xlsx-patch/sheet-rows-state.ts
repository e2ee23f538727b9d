/**
 * What the rewrite of one sheet's rows works on: its options, the counts and findings it returns,
 * and the state its steps (placing the `_` columns, highlighting cells, rewriting a row's XML)
 * share, in one object given to each of them.
 */
import type { Issue } from '../../core/issue.js';
import { buildXlsxCell } from '../../sources/build-xlsx-cell.js';
import type { SharedStringTable } from '../../sources/shared-string-table.js';
import type { RowOutcome } from '../report-types.js';
import type { TextRow } from '../write-annotated-csv.js';
import type { CellNote } from './build-notes-parts.js';
import type { StylePatch } from './patch-styles.js';
import { readStoredCell, type RowCell } from './row-cells.js';
import type { ToFixLine } from './to-fix-sheet-xml.js';

/** What the row rewriter needs. */
export interface SheetRowsOptions {
  file: string;
  sheet: string;
  headerRow: number;
  headerNames: readonly string[];
  strings: SharedStringTable;
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
  onDataRow?: ((row: TextRow, outcome: RowOutcome | undefined) => void | Promise<void>) | undefined;
  /** Called for each `To fix` line, in sheet order. */
  onIssue: (line: ToFixLine) => Promise<void>;
  /** Where the rewritten XML goes, in order. */
  emit: (text: string) => Promise<void>;
  /** Namespace of relationship ids in the workbook (transitional or strict). */
  relationshipsNs: string;
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
  };
}

/** The text a cell shows, without number formats (what header and formula checks compare). */
export function readCellText(state: SheetRowsState, text: string, cell: RowCell): string {
  const built = buildXlsxCell(readStoredCell(text, cell, state.prefix), { numberFormat: undefined, strings: state.options.strings, date1904: state.options.date1904 });
  return built?.text ?? '';
}
