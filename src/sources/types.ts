/**
 * Input adapters. A `SourceReader` opens one seller file (CSV/TSV or XLSX) and yields its rows as
 * they are read, each with its origin, so that memory does not grow with the file. Bad cells are
 * not thrown: they are returned with `flags`, and the validation stage decides what they mean for
 * the field the column feeds. Only a file that cannot be read at all throws `SourceReadError`.
 */
import type { Deps } from '../core/deps.js';
import type { Issue } from '../core/issue.js';

/** Supported input formats. */
export type SourceFormat = 'csv' | 'xlsx';

/** What kind of value a cell holds, as the file stored it. */
type CellKind = 'empty' | 'string' | 'number' | 'boolean' | 'date' | 'error';

/**
 * Problems a reader can see in a cell:
 * - `exponent`: a number written or shown in exponent notation (`4,60123E+12`): digits were lost;
 * - `precision_lost`: a number with more than 15 significant digits (Excel keeps 15);
 * - `date_serial`: a number formatted as a date in the workbook;
 * - `formula_no_result`: a formula without a cached result;
 * - `formula`: the value is a formula's cached result;
 * - `invalid_encoding`: bytes not valid in the file's encoding (see `Issue` for the offset);
 * - `merged_filled`: the value was copied from the top-left cell of a merged range;
 * - `truncated`: the cell was longer than the configured limit and was cut.
 */
export type CellFlag =
  | 'exponent'
  | 'precision_lost'
  | 'date_serial'
  | 'formula_no_result'
  | 'formula'
  | 'invalid_encoding'
  | 'merged_filled'
  | 'truncated';

/** One cell as read. */
export interface SourceCell {
  kind: CellKind;
  /**
   * The cell's text: for strings the string; for numbers their exact digits without exponent
   * when possible (a barcode stored as a number gives its full integer digits); for dates an ISO
   * date; for booleans `TRUE`/`FALSE`; empty string for empty cells.
   */
  text: string;
  /** The typed value. */
  value: string | number | boolean | Date | null;
  /** What the reader saw wrong or special. Absent when nothing. */
  flags?: CellFlag[];
  /** The number format of an XLSX cell, when it has one other than General. */
  numberFormat?: string;
  /** The formula text, for formula cells. */
  formula?: string;
}

/** A column of the header row. */
export interface SourceColumn {
  /** Position from 0. */
  index: number;
  /** Column letter as Excel shows it (A, B, …, AA); for CSV the same letters, by position. */
  letter: string;
  /** Header text, trimmed; empty for a column without a header. Unique: a repeated name is suffixed (`Цена (2)`). */
  name: string;
  /** The header cell's own text (trimmed) when `name` differs from it: a suffixed repeat, a column under a merged or two-row header, a letter name. */
  text?: string;
}

/** One data row. `cells[i]` belongs to `header[i]`; missing trailing cells are `undefined`. */
export interface SourceRow {
  /** Row number as Excel or a text editor shows it (1-based, counting the header and title rows). */
  row: number;
  cells: (SourceCell | undefined)[];
  /** Problems of this row found while reading (bad encoding, too many cells, …). */
  issues?: Issue[];
  /** Texts of the group rows above this row, level 1 first (see `ReadOptions.groupRows`); absent when none. */
  groups?: string[];
  /** Set when the row is no goods: it repeats the header, or it is a title row above such a repeat (exports pasted together). */
  leftOut?: LeftOutRow;
}

/** Why a row of a pasted export is no goods: it repeats the header, or it is a title above the repeat in `headerRow`. */
export type LeftOutRow = { readonly variant: 'header' } | { readonly variant: 'title'; readonly headerRow: number };

/** Which group (section) rows the reader recognises and takes out of the data rows. */
export interface GroupRowOptions {
  /** XLSX: a row that opens a deeper Excel outline level. */
  outline: boolean;
  /** XLSX: a row whose only value is a merged range spanning at least half of the table. */
  merged: boolean;
  /** A row with one filled cell (text, not a number) and nothing else. */
  singleCell: boolean;
  /** With `singleCell`: only rows whose text is bold (XLSX). */
  bold: boolean;
  /** With `singleCell`: the header (or column letter) of the column the group text must be in; default any. */
  column?: string;
  /**
   * The header (or letter) of the product key column: a row whose key cell is empty and whose only
   * filled cell is a text is a group row whatever the other kinds say (a heading such as
   * "Переупаковано", with no goods under it, is never read as goods).
   */
  keyColumn?: string;
}

/** Options a reader honours. All optional; the mapping's `input` section supplies them. */
export interface ReadOptions {
  /** XLSX: sheet by name or position from 1. Default: the first visible sheet. */
  sheet?: string | number;
  /** Row number of the header row, or `none` for a table without one (columns named by letter). Default: found among the first 20 rows. */
  headerRow?: number | 'none';
  /** Rows the header takes: 2 for units or names under group titles below it. Default: a second row is recognised. */
  headerRows?: 1 | 2;
  /** First row of goods; rows between the header and it are passed over. Default: the row after the header. */
  dataStartRow?: number;
  /** Header names the mapping expects; used to find the header row. */
  expectedHeaders?: string[];
  /** CSV: encoding (`utf-8`, `utf-16le`, `utf-16be`, `windows-1251`, `kz-1048`). Default: detected. */
  encoding?: string;
  /** CSV: delimiter. Default: detected among `,` `;` tab `|`. */
  delimiter?: string;
  /** XLSX: headers of columns whose merged ranges are filled down. Default: none. */
  fillMerged?: string[];
  /** Largest cell in characters; longer cells are cut and flagged `truncated`. */
  maxCellLength?: number;
  /** Largest file in bytes; a larger file is a `LimitError`. */
  maxFileBytes?: number;
  /** Most data rows; reading stops with a `LimitError` after that. */
  maxRows?: number;
  /** Header names (case-insensitive) whose columns are ignored, e.g. the report's own `_status`. */
  ignoreHeaderPrefix?: string;
  /** Group rows to recognise; absent: none. */
  groupRows?: GroupRowOptions;
}

/** What a reader tells about the file before the rows. */
export interface SourceInfo {
  file: string;
  format: SourceFormat;
  /** Sheet read, for workbooks. */
  sheet?: string;
  /** CSV: the encoding used and whether it was detected or given. */
  encoding?: string;
  /** CSV: the delimiter used. */
  delimiter?: string;
  /** Row number of the (first) header row; 0 for a table read with `headerRow: none`. */
  headerRow: number;
  header: SourceColumn[];
  /** File size in bytes, for progress. */
  totalBytes: number;
  /**
   * XLSX: the sheet's merged ranges, when the reader looked for them (the options fill merged
   * columns or take out merged group rows): Excel writes them after the rows, so the reader scans
   * the sheet for them before it streams it, and the annotated copy takes them from here instead
   * of scanning the sheet again.
   */
  mergedRanges?: readonly CellRange[];
}

/** A merged range, 1-based rows and 0-based columns, inclusive. */
export interface CellRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** An opened file: its header, then its rows as an async iterable (read once). */
export interface SourceStream {
  info: SourceInfo;
  rows: AsyncIterable<SourceRow>;
  /** Bytes consumed so far, for progress (counted in bytes, not lines: quoted line breaks). */
  bytesRead(): number;
  /** File-level warnings found while reading (e.g. hidden sheets skipped, encoding detected by guess). */
  issues: Issue[];
}

/** Opens one input format. */
export interface SourceReader {
  format: SourceFormat;
  /** True when this reader handles the path (by extension). */
  match(path: string): boolean;
  /** Opens the file; throws `SourceReadError` when it cannot be read at all. */
  open(path: string, options: ReadOptions, deps: Pick<Deps, 'signal'>): Promise<SourceStream>;
}
