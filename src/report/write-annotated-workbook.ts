/**
 * The annotated copy of an XLSX input, streamed end to end so that a 500,000-row file does not
 * have to fit in memory: the seller's sheet with the same name, rows (title rows and header
 * included) and cell values, plus the `_` columns; faulty cells filled and given a note; then a
 * `To fix` sheet listing every issue.
 *
 * The seller's text cells are written as string cells, never as formulas, and keep their exact
 * text by default, so that the fixed file can be fed back to the tool unchanged; a string cell is
 * not evaluated by Excel or LibreOffice when the file is opened. Text the tool writes itself
 * (`_errors`, the `To fix` sheet) goes through `neutralizeFormula`. Formula cells of the source are
 * written as their cached result.
 *
 * The source is read as the XLSX reader reads it (`openSourceSheet`): shared strings in the compact
 * table, the sheet streamed through exceljs's sheet parser. What is kept while the sheet is copied
 * is that table and the row numbers that have issues; the `To fix` lines are built again from
 * `outcomeOf` once the data sheet is committed. The copy waits for the zip's deflate stream when it
 * falls behind (`waitForWorksheetOutput`), so uncompressed XML does not pile up either.
 */
import type * as ExcelJS from 'exceljs';
import { loadExcelJs } from '../core/load-exceljs.js';
import { SourceReadError } from '../core/errors.js';
import type { Issue } from '../core/issue.js';
import type { WorkbookSheet } from '../sources/parse-workbook-parts.js';
import type { SharedStringTable } from '../sources/shared-string-table.js';
import type { ReadOptions, SourceInfo } from '../sources/types.js';
import { ANNOTATION_HEADERS, buildAnnotationValues, isAnnotationHeader } from './annotation-columns.js';
import { neutralizeFormula } from './neutralize-formula.js';
import { openSourceSheet, type SourceSheet } from './open-source-sheet.js';
import { renderIssueText } from './render-issue-line.js';
import { buildHeaderTexts } from './build-header-texts.js';
import type { RowOutcome, RowStatus } from './report-types.js';
import type { TextRow } from './write-annotated-csv.js';
import { waitForWorksheetOutput } from './wait-for-worksheet-output.js';

/** Name of the sheet that lists every issue. */
export const TO_FIX_SHEET = 'To fix';

/** Headers of the `To fix` sheet. */
export const TO_FIX_HEADERS = ['row', 'column', 'header', 'value', 'severity', 'code', 'message'] as const;

/** Default of `maxNotes`. */
export const DEFAULT_MAX_NOTES = 5000;

/** Fill colours (ARGB) used in the annotated workbook; Excel's "bad", "neutral" and "good" styles. */
export const ANNOTATION_FILLS = {
  error: 'FFFFC7CE',
  warning: 'FFFFEB9C',
  ok: 'FFC6EFCE',
  header: 'FFD9D9D9',
} as const;

/** Options of `writeAnnotatedWorkbook`. */
export interface WriteAnnotatedWorkbookOptions {
  /** The seller's workbook. */
  sourcePath: string;
  /** Where to write the annotated copy (replaced). */
  outPath: string;
  /** What the reader found: the sheet and the header row. */
  info: SourceInfo;
  /** The options the reader used; `sheet` picks the sheet when `info.sheet` is absent. */
  readOptions?: ReadOptions;
  /**
   * The outcome of a data row. Called once per data row while the sheet is copied, and again for
   * the rows with issues when the `To fix` sheet is written: it must answer the same both times.
   */
  outcomeOf: (row: number) => RowOutcome | undefined;
  /**
   * Also prefix formula-like text of the seller's own cells with `'` (as in CSV). Off by default:
   * the cells are already safe string cells, and the prefix would change the seller's data when
   * the fixed file is fed back.
   */
  prefixFormulaText?: boolean;
  /**
   * Most cell notes written (default 5,000). Each note is a VML shape, and Excel slows to a crawl
   * on workbooks with tens of thousands of them; past the limit, faulty cells are still filled and
   * every issue is still in `_errors` and the `To fix` sheet.
   */
  maxNotes?: number;
  /** Called for each data row (below the header) with its text under `info.header`, e.g. to write `rejected-rows.csv` in the same pass. */
  onDataRow?: (row: TextRow, outcome: RowOutcome | undefined) => void | Promise<void>;
}

/** What `writeAnnotatedWorkbook` wrote. */
export interface AnnotatedWorkbookResult {
  sheet: string;
  /** Rows copied, title and header rows included. */
  rows: number;
  /** Data rows that had an outcome. */
  annotatedRows: number;
  /** Cells filled. */
  highlightedCells: number;
  /** Notes written (at most `maxNotes`). */
  notes: number;
  /** Rows of the `To fix` sheet (one per issue). */
  issues: number;
}

/** One line of the `To fix` sheet. */
type ToFixLine = [row: number, column: string, header: string, value: string, severity: string, code: string, message: string];

/** A plain cell value as written: number, boolean, date or text. */
type PlainValue = string | number | boolean | Date;

/** Streams the annotated copy of the seller's workbook to `outPath`. */
export async function writeAnnotatedWorkbook(options: WriteAnnotatedWorkbookOptions): Promise<AnnotatedWorkbookResult> {
  const { info } = options;
  const source = await openSourceSheet(
    options.sourcePath,
    (sheets) => pickSheet(sheets, info, options.readOptions),
    () =>
      new SourceReadError(info.file, `sheet "${String(info.sheet ?? options.readOptions?.sheet ?? 1)}" not found while writing the annotated copy`, {
        ...(info.sheet !== undefined ? { sheet: info.sheet } : {}),
      }),
  );
  const writer = new (loadExcelJs().stream.xlsx.WorkbookWriter)({ filename: options.outPath, useStyles: true, useSharedStrings: false });
  const headerNames = buildHeaderTexts(info);
  const result: AnnotatedWorkbookResult = { sheet: source.name, rows: 0, annotatedRows: 0, highlightedCells: 0, notes: 0, issues: 0 };
  const issueRows = createRowList();

  const out = writer.addWorksheet(source.name);
  await copySheet(source, out, options, headerNames, result, issueRows);
  out.commit();
  result.issues = await writeToFixSheet(writer, result.sheet, issueRows, options.outcomeOf, headerNames);
  await writer.commit();
  return result;
}

async function copySheet(
  source: SourceSheet,
  out: ExcelJS.Worksheet,
  options: WriteAnnotatedWorkbookOptions,
  headerNames: string[],
  result: AnnotatedWorkbookResult,
  issueRows: RowList,
): Promise<void> {
  const { info } = options;
  const { strings } = source;
  const prefixFormulaText = options.prefixFormulaText === true;
  const styles = createSharedStyles();
  // Columns this tool appended on an earlier run are dropped and written afresh.
  const oldAnnotationColumns = new Set<number>();
  let firstAnnotationColumn = headerNames.length + 1;
  let headerSeen = false;
  const maxNotes = options.maxNotes ?? DEFAULT_MAX_NOTES;

  for await (const row of source.rows) {
    if (!headerSeen && row.number >= info.headerRow) {
      headerSeen = true;
      if (row.number === info.headerRow) {
        let lastSellerColumn = headerNames.length;
        row.eachCell((cell, column) => {
          if (isAnnotationHeader(cellText(plainValue(cell.value, strings)))) oldAnnotationColumns.add(column);
          else lastSellerColumn = Math.max(lastSellerColumn, column);
        });
        firstAnnotationColumn = lastSellerColumn + 1;
      }
      setColumnWidths(out, firstAnnotationColumn);
    }

    const isDataRow = row.number > info.headerRow;
    const texts = isDataRow && options.onDataRow !== undefined ? headerNames.map(() => '') : undefined;
    const outRow = out.getRow(row.number);
    row.eachCell((cell, column) => {
      const value = plainValue(cell.value, strings);
      if (value === null) return;
      if (texts !== undefined && column <= texts.length) texts[column - 1] = cellText(value);
      if (oldAnnotationColumns.has(column)) return;
      const target = outRow.getCell(column);
      target.value = typeof value === 'string' && prefixFormulaText ? neutralizeFormula(value) : value;
      const numFmt = (typeof value === 'number' || value instanceof Date) && typeof cell.numFmt === 'string' && cell.numFmt !== '' ? cell.numFmt : undefined;
      target.style = styles.get(value, numFmt);
    });
    result.rows += 1;

    if (row.number === info.headerRow) {
      ANNOTATION_HEADERS.forEach((header, offset) => {
        const cell = outRow.getCell(firstAnnotationColumn + offset);
        cell.value = header;
        setStyle(cell, { font: { bold: true }, fill: solidFill(ANNOTATION_FILLS.header) });
      });
    } else if (isDataRow) {
      const outcome = options.outcomeOf(row.number);
      if (outcome !== undefined) {
        result.annotatedRows += 1;
        writeAnnotation(outRow, firstAnnotationColumn, outcome);
        const highlighted = highlightCells(outRow, outcome.issues, maxNotes - result.notes);
        result.highlightedCells += highlighted.cells;
        result.notes += highlighted.notes;
        if (outcome.issues.length > 0) issueRows.push(row.number);
      }
      if (options.onDataRow !== undefined) await options.onDataRow({ row: row.number, values: texts ?? [] }, outcome);
    }
    // Rows above the header stay uncommitted until the header is seen: column widths can only be
    // set before the first row is written.
    if (headerSeen) {
      outRow.commit();
      await waitForWorksheetOutput(out);
    }
  }
}

function writeAnnotation(outRow: ExcelJS.Row, firstColumn: number, outcome: RowOutcome): void {
  const values = buildAnnotationValues(outcome, '\n');
  const status = outRow.getCell(firstColumn);
  status.value = values._status;
  setStyle(status, { fill: solidFill(statusFill(outcome.status)) });
  if (values._errors !== '') {
    const errors = outRow.getCell(firstColumn + 1);
    errors.value = neutralizeFormula(values._errors);
    setStyle(errors, { alignment: { wrapText: true, vertical: 'top' } });
  }
  const ids = [values._product_id, values._sku_id, values._job_id];
  ids.forEach((id, offset) => {
    if (id !== null) outRow.getCell(firstColumn + 2 + offset).value = id;
  });
}

function highlightCells(outRow: ExcelJS.Row, issues: readonly Issue[], notesLeft: number): { cells: number; notes: number } {
  const byColumn = new Map<string, Issue[]>();
  for (const issue of issues) {
    if (issue.column === undefined || columnNumber(issue.column) === undefined) continue;
    const list = byColumn.get(issue.column);
    if (list === undefined) byColumn.set(issue.column, [issue]);
    else list.push(issue);
  }
  let notes = 0;
  for (const [letter, list] of byColumn) {
    const cell = outRow.getCell(columnNumber(letter) as number);
    const severity = list.some((issue) => issue.severity === 'error') ? 'error' : 'warning';
    setStyle(cell, { fill: solidFill(ANNOTATION_FILLS[severity]) });
    if (notes >= notesLeft) continue;
    // Notes are never evaluated, so they keep the exact text.
    cell.note = list.map((issue) => renderIssueText(issue, { column: false })).join('\n');
    notes += 1;
  }
  return { cells: byColumn.size, notes };
}

/** Writes the `To fix` sheet from the outcomes of the rows in `issueRows`; returns its number of issue lines. */
async function writeToFixSheet(
  writer: ExcelJS.stream.xlsx.WorkbookWriter,
  dataSheet: string,
  issueRows: RowList,
  outcomeOf: (row: number) => RowOutcome | undefined,
  headerNames: readonly string[],
): Promise<number> {
  const name = dataSheet.toLowerCase() === TO_FIX_SHEET.toLowerCase() ? `_${TO_FIX_SHEET}` : TO_FIX_SHEET;
  const sheet = writer.addWorksheet(name);
  const widths = [8, 8, 24, 30, 9, 28, 80];
  widths.forEach((width, index) => {
    sheet.getColumn(index + 1).width = width;
  });
  const header = sheet.addRow([...TO_FIX_HEADERS]);
  header.font = { bold: true };
  header.commit();
  let lines = 0;
  for (const rowNumber of issueRows.values()) {
    for (const issue of outcomeOf(rowNumber)?.issues ?? []) {
      const line = buildToFixLine(rowNumber, issue, headerNames);
      const [row, ...texts] = line;
      const outRow = sheet.addRow([row, ...texts.map((text) => neutralizeFormula(text))]);
      if (line[4] === 'error') outRow.getCell(5).fill = solidFill(ANNOTATION_FILLS.error);
      outRow.commit();
      await waitForWorksheetOutput(sheet);
      lines += 1;
    }
  }
  sheet.commit();
  return lines;
}

function buildToFixLine(row: number, issue: Issue, headerNames: readonly string[]): ToFixLine {
  const column = issue.column ?? '';
  const index = column === '' ? undefined : columnNumber(column);
  const header = issue.header ?? (index !== undefined ? (headerNames[index - 1] ?? '') : '');
  const message = issue.hint !== undefined ? `${issue.message}; ${issue.hint}` : issue.message;
  return [issue.row ?? row, column, header, issue.value ?? '', issue.severity, issue.code, message];
}

/** The sheet the reader read (`info.sheet`), else the one `readOptions.sheet` names, else the first visible worksheet. */
function pickSheet(sheets: readonly WorkbookSheet[], info: SourceInfo, readOptions: ReadOptions | undefined): WorkbookSheet | undefined {
  const worksheets = sheets.filter((sheet) => sheet.isWorksheet);
  if (info.sheet !== undefined) return worksheets.find((sheet) => sheet.name === info.sheet);
  const wanted = readOptions?.sheet;
  if (typeof wanted === 'string') {
    const key = wanted.trim().toLowerCase();
    return worksheets.find((sheet) => sheet.name === wanted) ?? worksheets.find((sheet) => sheet.name.trim().toLowerCase() === key);
  }
  if (typeof wanted === 'number') {
    const sheet = sheets[wanted - 1];
    return sheet?.isWorksheet === true ? sheet : undefined;
  }
  return worksheets.find((sheet) => sheet.state === 'visible');
}

// The seller's column widths are not copied: exceljs 4.4.0's streaming reader drops them
// (`Column.fromModel` is called without its worksheet argument).
function setColumnWidths(out: ExcelJS.Worksheet, firstAnnotationColumn: number): void {
  const widths = [12, 60, 12, 12, 10];
  widths.forEach((width, offset) => {
    out.getColumn(firstAnnotationColumn + offset).width = width;
  });
}

/**
 * A cell value reduced to what is written: number, boolean, date or text. Shared strings come from
 * the table (a missing one reads `#REF!`, as in the reader); formulas become their cached result
 * (never a formula), an error result `#ERROR!` (exceljs reads it as NaN, which is no valid number
 * cell); rich text and hyperlinks become their text, errors their `#…` text.
 */
function plainValue(value: unknown, strings: SharedStringTable): PlainValue | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isNaN(value) ? '#ERROR!' : value;
  if (typeof value === 'string' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value !== 'object') return String(value);
  if ('sharedString' in value) return strings.get(Number(value.sharedString)) ?? '#REF!';
  if ('formula' in value || 'sharedFormula' in value) {
    const formula = value as { formula?: string; sharedFormula?: string; result?: unknown };
    if (formula.result === undefined || formula.result === null) return `=${formula.formula ?? formula.sharedFormula ?? ''}`;
    return plainValue(formula.result, strings);
  }
  if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((run: { text?: unknown }) => String(run.text ?? '')).join('');
  if ('text' in value) return plainValue(value.text, strings);
  if ('error' in value) return String(value.error);
  return null;
}

function cellText(plain: PlainValue | null): string {
  if (plain === null) return '';
  if (plain instanceof Date) return isMidnightUtc(plain) ? plain.toISOString().slice(0, 10) : plain.toISOString();
  if (typeof plain === 'boolean') return plain ? 'TRUE' : 'FALSE';
  return String(plain);
}

function isMidnightUtc(date: Date): boolean {
  return date.getUTCHours() === 0 && date.getUTCMinutes() === 0 && date.getUTCSeconds() === 0 && date.getUTCMilliseconds() === 0;
}

/**
 * One style object per number format and kind of value, shared by the copied cells. exceljs's
 * writer renders a cell's style to XML to find its id unless it has seen that very object before
 * (a WeakMap by identity), and every cell otherwise has a fresh `{}`: a shared object saves that
 * work on every cell. The kind is part of the key because exceljs gives a number without a format
 * the General format and a text none, and caches the first answer for the object.
 */
function createSharedStyles(): { get(value: PlainValue, numFmt: string | undefined): Partial<ExcelJS.Style> } {
  const byKey = new Map<string, Partial<ExcelJS.Style>>();
  return {
    get(value, numFmt) {
      const kind = value instanceof Date ? 'date' : typeof value;
      const key = `${kind}\u0000${numFmt ?? ''}`;
      let style = byKey.get(key);
      if (style === undefined) {
        style = numFmt === undefined ? {} : { numFmt };
        byKey.set(key, style);
      }
      return style;
    },
  };
}

/** Adds to a cell's style without changing the object it may share with other cells. */
function setStyle(cell: ExcelJS.Cell, patch: Partial<ExcelJS.Style>): void {
  cell.style = { ...cell.style, ...patch };
}

/** Row numbers in a growable typed array: 4 bytes a row with issues, not a list of lines. */
interface RowList {
  push(row: number): void;
  values(): IterableIterator<number>;
}

function createRowList(): RowList {
  let rows = new Uint32Array(1024);
  let size = 0;
  return {
    push(row) {
      if (size === rows.length) {
        const grown = new Uint32Array(rows.length * 2);
        grown.set(rows);
        rows = grown;
      }
      rows[size++] = row;
    },
    values: () => rows.subarray(0, size).values(),
  };
}

function statusFill(status: RowStatus): string {
  switch (status) {
    case 'invalid':
    case 'rejected':
      return ANNOTATION_FILLS.error;
    case 'unknown':
    case 'not_sent':
      return ANNOTATION_FILLS.warning;
    case 'valid':
    case 'accepted':
      return ANNOTATION_FILLS.ok;
    case 'unchanged':
      return ANNOTATION_FILLS.header;
  }
}

function solidFill(argb: string): ExcelJS.Fill {
  return { type: 'pattern', pattern: 'solid', fgColor: { argb } };
}

/** Column number (A = 1) of a column letter, or undefined when it is not one. */
function columnNumber(letters: string): number | undefined {
  if (!/^[A-Z]{1,3}$/.test(letters)) return undefined;
  let n = 0;
  for (const letter of letters) n = n * 26 + (letter.charCodeAt(0) - 64);
  return n <= 16384 ? n : undefined;
}
