/**
 * Rewrites the validated sheet's XML one row at a time, as it streams: the header gets the `_`
 * headers, each data row its `_status`, `_errors` and id cells after its last used column, faulty
 * cells a highlight format derived from their own (an empty faulty cell is added), and columns
 * this tool appended on an earlier run are dropped. A row that needs none of the per-cell work is
 * copied as it is with the new cells put before its end tag. Everything else in the part (views,
 * frozen panes, merged cells, data validation, conditional formats, formulas) is passed through.
 *
 * Rows are written in the sheet's order. Rows stored out of order or more than once are counted
 * and reported, never fatal; a sheet whose columns reach XFD gets no `_` columns (reported; every
 * issue is still highlighted and listed on the `To fix` sheet).
 */
import { createIssue, type Issue } from '../../core/issue.js';
import { buildXlsxCell } from '../../sources/build-xlsx-cell.js';
import type { SharedStringTable } from '../../sources/shared-string-table.js';
import { ANNOTATION_HEADERS, buildAnnotationValues, isAnnotationHeader } from '../annotation-columns.js';
import { isFormulaLike, neutralizeFormula } from '../neutralize-formula.js';
import { renderIssueText } from '../render-issue-line.js';
import type { RowOutcome, RowStatus } from '../report-types.js';
import type { TextRow } from '../write-annotated-csv.js';
import type { CellNote } from './build-notes-parts.js';
import type { StylePatch, ToolStyle } from './patch-styles.js';
import { columnLetters, parseColumn, readStoredCell, readRowCells, readRowShape, type RowCell, type RowShape } from './row-cells.js';
import { rewriteSheetHead } from './rewrite-sheet-head.js';
import type { ToFixLine } from './to-fix-sheet-xml.js';
import { limitCellText } from './limit-cell-text.js';
import { escapeXmlText, readAttribute, removeAttribute, setAttribute } from './xml-markup.js';

/** Last column of a worksheet (XFD). */
export const MAX_COLUMN = 16_384;

/** Widths of the appended columns, in `ANNOTATION_HEADERS` order. */
const ANNOTATION_WIDTHS = [12, 60, 12, 12, 10];

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

/** The rewriter of one sheet: feed it the pieces of `splitSheetXml` in order. */
export interface SheetRowsRewriter {
  head(text: string, prefix: string): void;
  row(text: string): Promise<void>;
  /**
   * The end of the part. `legacyDrawingId` gives the relationship id of the notes' drawing (or
   * `undefined` for none) once their number is known; the element goes where the schema wants it.
   */
  tail(text: string, legacyDrawingId: (notes: number) => string | undefined): Promise<SheetRowsResult>;
}

type Extra = { column: number; xml: string; replaceable?: boolean };

/** Starts the rewrite of one sheet. */
export function createSheetRowsRewriter(options: SheetRowsOptions): SheetRowsRewriter {
  const result: SheetRowsResult = { rows: 0, annotatedRows: 0, highlightedCells: 0, issues: 0, notes: [], firstAnnotationColumn: undefined, warnings: [] };
  let prefix = '';
  let head: string | undefined;
  let held: string[] | undefined = [];
  let headerSeen = false;
  let firstColumn: number | undefined = options.headerNames.length + 1;
  let annotationLetters: string[] = [];
  const oldColumns = new Set<number>();
  let previousRow = 0;
  let highestRow = 0;
  const disorder = { count: 0, first: '' };
  const conflicts = { count: 0, first: '' };
  const toolStyle = (style: ToolStyle): number => options.styles.toolStyle(style);
  // A fed-back copy: the highlights of the earlier run go back to the seller's formats.
  const earlierHighlights = options.styles.earlierHighlights;

  const setAnnotationColumn = (column: number | undefined): void => {
    firstColumn = column !== undefined && column + ANNOTATION_HEADERS.length - 1 <= MAX_COLUMN ? column : undefined;
    annotationLetters = firstColumn === undefined ? [] : ANNOTATION_HEADERS.map((_, offset) => columnLetters((firstColumn as number) + offset));
    result.firstAnnotationColumn = firstColumn;
    if (firstColumn === undefined) {
      result.warnings.push(
        createIssue({
          code: 'annotation_columns_no_room',
          severity: 'warning',
          stage: 'read',
          file: options.file,
          sheet: options.sheet,
          message: `the sheet uses columns up to XFD, the last one Excel has: the annotated copy has no _status/_errors/id columns; faulty cells are still highlighted and every issue is on the "To fix" sheet`,
        }),
      );
    }
  };

  /** Writes the held head and rows once the place of the `_` columns is known. */
  const release = async (): Promise<void> => {
    if (held === undefined) return;
    const widths = firstColumn === undefined ? [] : ANNOTATION_WIDTHS.map((width, offset) => ({ column: (firstColumn as number) + offset, width }));
    await options.emit(rewriteSheetHead(head ?? '', prefix, widths));
    for (const text of held) await options.emit(text);
    held = undefined;
  };
  const emitRow = async (text: string): Promise<void> => {
    if (held !== undefined) held.push(text);
    else await options.emit(text);
  };

  const textsOf = (cells: RowCellsOnDemand): string[] => {
    const values = options.headerNames.map(() => '');
    const text = cells.text;
    for (const cell of cells.get()) {
      if (cell.column > values.length) continue;
      const built = buildXlsxCell(readStoredCell(text, cell, prefix), { numberFormat: options.numberFormatOf(cell.style), strings: options.strings, date1904: options.date1904 });
      if (built !== undefined) values[cell.column - 1] = built.text;
    }
    return values;
  };

  const cellText = (text: string, cell: RowCell): string => {
    const built = buildXlsxCell(readStoredCell(text, cell, prefix), { numberFormat: undefined, strings: options.strings, date1904: options.date1904 });
    return built?.text ?? '';
  };

  const readHeader = (text: string, shape: RowShape): RowCell[] => {
    const cells = readRowCells(text, prefix, shape);
    let last = options.headerNames.length;
    for (const cell of cells) {
      const value = cellText(text, cell);
      if (isAnnotationHeader(value)) oldColumns.add(cell.column);
      else if (value !== '') last = Math.max(last, cell.column);
    }
    setAnnotationColumn(last + 1);
    return cells;
  };

  const annotationCells = (rowNumber: number, outcome: RowOutcome): Extra[] => {
    if (firstColumn === undefined) return [];
    const values = buildAnnotationValues(outcome, '\n');
    const ref = (offset: number): string => `${annotationLetters[offset]}${rowNumber}`;
    const extras: Extra[] = [{ column: firstColumn, xml: inlineCell(prefix, ref(0), values._status, toolStyle(statusStyle(outcome.status))) }];
    if (values._errors !== '') extras.push({ column: firstColumn + 1, xml: inlineCell(prefix, ref(1), limitCellText(neutralizeFormula(values._errors)), toolStyle('errors')) });
    [values._product_id, values._sku_id, values._job_id].forEach((id, offset) => {
      if (id === null) return;
      // Job ids are text (they may pass 2^53, and Excel keeps 15 digits of a number): written as text.
      const xml = typeof id === 'string' ? inlineCell(prefix, ref(2 + offset), id, 0) : `<${prefix}c r="${ref(2 + offset)}"><${prefix}v>${id}</${prefix}v></${prefix}c>`;
      extras.push({ column: firstColumn! + 2 + offset, xml });
    });
    return extras;
  };

  const rewrite = (text: string, shape: RowShape, cells: RowCell[], rowNumber: number, highlights: Map<number, number>, extras: Extra[]): string => {
    const out: string[] = [openTag(text, shape)];
    const present = new Set<number>();
    for (const cell of cells) if (!oldColumns.has(cell.column)) present.add(cell.column);
    for (const [column, style] of highlights) {
      if (!present.has(column)) extras.push({ column, xml: `<${prefix}c r="${columnLetters(column)}${rowNumber}" s="${style}"/>` });
    }
    extras.sort((a, b) => a.column - b.column);
    let next = 0;
    for (const cell of cells) {
      if (oldColumns.has(cell.column)) continue;
      while (next < extras.length && (extras[next] as Extra).column < cell.column) out.push((extras[next++] as Extra).xml);
      let cellXml = text.slice(cell.start, cell.end);
      const clash = next < extras.length && (extras[next] as Extra).column === cell.column ? (extras[next] as Extra) : undefined;
      if (clash !== undefined) {
        next += 1;
        if (cell.end === cell.tagEnd || cellText(text, cell) === '') {
          // An empty cell of the seller's where a `_` cell goes: the `_` cell takes its place.
          out.push(clash.xml);
          continue;
        }
        conflicts.count += 1;
        conflicts.first ||= `${columnLetters(cell.column)}${rowNumber}`;
      }
      cellXml = rewriteCell(text, cell, cellXml, rowNumber, highlights.get(cell.column));
      out.push(cellXml);
    }
    while (next < extras.length) out.push((extras[next++] as Extra).xml);
    out.push(`</${prefix}row>`);
    return out.join('');
  };

  const rewriteCell = (text: string, cell: RowCell, cellXml: string, rowNumber: number, highlight: number | undefined): string => {
    let tag = cellXml.slice(0, cell.tagEnd - cell.start);
    let rest = cellXml.slice(cell.tagEnd - cell.start);
    if (!cell.hasRef) tag = setAttribute(tag, 'r', `${columnLetters(cell.column)}${rowNumber}`);
    const earlier = earlierHighlights?.get(cell.style);
    if (highlight !== undefined) tag = setAttribute(tag, 's', String(highlight));
    else if (earlier !== undefined) tag = setAttribute(tag, 's', String(earlier));
    if (options.prefixFormulaText && (cell.type === 's' || cell.type === 'inlineStr') && !rest.includes(`<${prefix}f`)) {
      const value = cellText(text, cell);
      if (isFormulaLike(value)) {
        tag = setAttribute(tag, 't', 'inlineStr');
        if (tag.endsWith('/>')) tag = `${tag.slice(0, -2)}>`;
        rest = `<${prefix}is><${prefix}t xml:space="preserve">${escapeXmlText(neutralizeFormula(value))}</${prefix}t></${prefix}is></${prefix}c>`;
      }
    }
    return tag + rest;
  };

  /** Highlight formats by column, notes collected; `undefined` when the outcome has no cell issue. */
  const highlightsOf = (outcome: RowOutcome, rowNumber: number, cells: RowCellsOnDemand): Map<number, number> | undefined => {
    const byColumn = new Map<number, Issue[]>();
    for (const issue of outcome.issues) {
      const column = issue.column === undefined || !/^[A-Z]{1,3}$/.test(issue.column) ? undefined : parseColumn(issue.column);
      if (column === undefined) continue;
      const list = byColumn.get(column);
      if (list === undefined) byColumn.set(column, [issue]);
      else list.push(issue);
    }
    if (byColumn.size === 0) return undefined;
    const styleOf = new Map<number, number>();
    for (const cell of cells.get()) if (!oldColumns.has(cell.column)) styleOf.set(cell.column, earlierHighlights?.get(cell.style) ?? cell.style);
    const highlights = new Map<number, number>();
    for (const [column, list] of byColumn) {
      const severity = list.some((issue) => issue.severity === 'error') ? 'error' : 'warning';
      highlights.set(column, options.styles.highlight(styleOf.get(column) ?? 0, severity));
      const ref = `${columnLetters(column)}${rowNumber}`;
      if (result.notes.length < options.maxNotes && options.hasSellerNote?.(ref) !== true) {
        // Notes are never evaluated, so they keep the exact text.
        result.notes.push({ row: rowNumber, column, ref, text: limitCellText(list.map((issue) => renderIssueText(issue, { column: false })).join('\n')) });
      }
    }
    result.highlightedCells += byColumn.size;
    return highlights;
  };

  const dataRow = async (text: string, shape: RowShape, rowNumber: number): Promise<string> => {
    // Work on every cell: dropping old `_` cells, undoing old highlights, prefixing formula-like text.
    const perCell = oldColumns.size > 0 || earlierHighlights !== undefined || options.prefixFormulaText;
    const outcome = await options.outcomeFor(rowNumber);
    const cells = new RowCellsOnDemand(text, prefix, shape);
    let out = text;
    if (outcome !== undefined) {
      result.annotatedRows += 1;
      const highlights = highlightsOf(outcome, rowNumber, cells);
      const extras = annotationCells(rowNumber, outcome);
      if (highlights === undefined && !perCell && endsBefore(text, shape, prefix, firstColumn)) {
        out = `${openTag(text, shape)}${text.slice(shape.tagEnd, shape.closeStart)}${extras.map((extra) => extra.xml).join('')}</${prefix}row>`;
      } else {
        out = rewrite(text, shape, cells.get(), rowNumber, highlights ?? new Map(), extras);
      }
      for (const issue of outcome.issues) {
        await options.onIssue(buildToFixLine(rowNumber, issue, options.headerNames));
        result.issues += 1;
      }
    } else if (perCell) {
      out = rewrite(text, shape, cells.get(), rowNumber, new Map(), []);
    }
    if (options.onDataRow !== undefined) await options.onDataRow(createLazyTextRow(rowNumber, cells, textsOf), outcome);
    return out;
  };

  return {
    head(text, elementPrefix) {
      head = text;
      prefix = elementPrefix;
    },
    async row(source) {
      result.rows += 1;
      let text = source;
      let shape = readRowShape(text);
      const tag = text.slice(0, shape.tagEnd);
      const declared = Number(readAttribute(tag, 'r') ?? Number.NaN);
      const rowNumber = Number.isInteger(declared) && declared > 0 ? declared : previousRow + 1;
      if (rowNumber !== declared) {
        // Excel numbers a row without `r` after the one before; some readers need it written.
        text = setAttribute(tag, 'r', String(rowNumber)) + text.slice(shape.tagEnd);
        shape = readRowShape(text);
      }
      if (rowNumber <= highestRow) {
        disorder.count += 1;
        disorder.first ||= `row ${rowNumber} after row ${previousRow}`;
      }
      previousRow = rowNumber;
      highestRow = Math.max(highestRow, rowNumber);

      if (!headerSeen && rowNumber >= options.headerRow) {
        headerSeen = true;
        if (rowNumber === options.headerRow) {
          const cells = readHeader(text, shape);
          const extras = firstColumn === undefined ? [] : ANNOTATION_HEADERS.map((header, offset) => ({ column: firstColumn! + offset, xml: inlineCell(prefix, `${annotationLetters[offset]}${rowNumber}`, header, toolStyle('header')) }));
          await release();
          await emitRow(rewrite(text, shape, cells, rowNumber, new Map(), extras));
          return;
        }
        setAnnotationColumn(firstColumn);
        await release();
      }
      if (headerSeen && rowNumber > options.headerRow) await emitRow(await dataRow(text, shape, rowNumber));
      else if (options.prefixFormulaText || earlierHighlights !== undefined || (headerSeen && oldColumns.size > 0)) {
        await emitRow(rewrite(text, shape, readRowCells(text, prefix, shape), rowNumber, new Map(), []));
      }
      else await emitRow(text);
    },
    async tail(text, legacyDrawingId) {
      if (!headerSeen) setAnnotationColumn(firstColumn);
      await release();
      if (disorder.count > 0) {
        result.warnings.push(
          createIssue({
            code: 'rows_out_of_order',
            severity: 'warning',
            stage: 'read',
            file: options.file,
            sheet: options.sheet,
            message: `${disorder.count} row(s) of the sheet are stored out of order or more than once (first: ${disorder.first}); the annotated copy keeps them in the sheet's order`,
          }),
        );
      }
      if (conflicts.count > 0) {
        result.warnings.push(
          createIssue({
            code: 'annotation_cell_taken',
            severity: 'warning',
            stage: 'read',
            file: options.file,
            sheet: options.sheet,
            message: `${conflicts.count} cell(s) right of the header hold values where the _ columns go (first: ${conflicts.first}); those values are kept and the _ cells of their rows left out there`,
          }),
        );
      }
      const id = legacyDrawingId(result.notes.length);
      const drawing = id === undefined ? undefined : `<${prefix}legacyDrawing xmlns:r="${options.relationshipsNs}" r:id="${id}"/>`;
      await options.emit(drawing === undefined ? text : insertLegacyDrawing(text, prefix, drawing));
      return result;
    },
  };
}

/** A row's cells, read on first use (most rows never need them). */
class RowCellsOnDemand {
  private cells: RowCell[] | undefined;
  constructor(
    readonly text: string,
    private readonly prefix: string,
    private readonly shape: RowShape,
  ) {}

  get(): RowCell[] {
    this.cells ??= readRowCells(this.text, this.prefix, this.shape);
    return this.cells;
  }
}

/**
 * A data row handed to `onDataRow`: a plain object whose `values` are built on first read (most
 * rows are never read: `rejected-rows.csv` wants the rows that need attention only).
 */
function createLazyTextRow(row: number, cells: RowCellsOnDemand, build: (cells: RowCellsOnDemand) => string[]): TextRow {
  let texts: string[] | undefined;
  return {
    row,
    get values(): string[] {
      texts ??= build(cells);
      return texts;
    },
    set values(values: string[]) {
      texts = values;
    },
  };
}

/**
 * True when the row's last cell has its `r` and lies left of `column` (any column when
 * `undefined`), or the row has no cell: then the row can be copied as it is.
 */
function endsBefore(text: string, shape: RowShape, prefix: string, column: number | undefined): boolean {
  const open = `<${prefix}c`;
  let at = text.lastIndexOf(open, shape.closeStart);
  while (at >= shape.tagEnd) {
    const next = text.charCodeAt(at + open.length);
    if (next === 32 || next === 62 || next === 47 || next === 9 || next === 10 || next === 13) break;
    at = text.lastIndexOf(open, at - 1);
  }
  if (at < shape.tagEnd) return true;
  const tag = text.slice(at, text.indexOf('>', at) + 1);
  const ref = readAttribute(tag, 'r');
  const last = ref === undefined ? undefined : parseColumn(ref);
  return last !== undefined && last < (column ?? MAX_COLUMN + 1);
}

/** The row's start tag, opened when it was `<row/>`, without `spans` (a hint the new cells would make wrong). */
function openTag(text: string, shape: RowShape): string {
  let tag = text.slice(0, shape.tagEnd);
  if (tag.includes('spans')) tag = removeAttribute(tag, 'spans');
  if (shape.selfClosing) tag = `${tag.slice(0, -2).trimEnd()}>`;
  return tag;
}

function inlineCell(prefix: string, ref: string, text: string, style: number): string {
  const s = style === 0 ? '' : ` s="${style}"`;
  return `<${prefix}c r="${ref}"${s} t="inlineStr"><${prefix}is><${prefix}t xml:space="preserve">${escapeXmlText(text)}</${prefix}t></${prefix}is></${prefix}c>`;
}

function statusStyle(status: RowStatus): ToolStyle {
  switch (status) {
    case 'invalid':
    case 'rejected':
      return 'fill-error';
    case 'unknown':
    case 'not_sent':
      return 'fill-warning';
    case 'valid':
    case 'accepted':
      return 'fill-ok';
    case 'unchanged':
      return 'fill-header';
  }
}

/** One `To fix` line of an issue of row `row`. */
export function buildToFixLine(row: number, issue: Issue, headerNames: readonly string[]): ToFixLine {
  const column = issue.column ?? '';
  const index = column === '' || !/^[A-Z]{1,3}$/.test(column) ? undefined : parseColumn(column);
  const header = issue.header ?? (index !== undefined ? (headerNames[index - 1] ?? '') : '');
  const message = issue.hint !== undefined ? `${issue.message}; ${issue.hint}` : issue.message;
  return [issue.row ?? row, column, header, issue.value ?? '', issue.severity, issue.code, message];
}

// Elements of CT_Worksheet that come after `legacyDrawing`: it goes before the first of them.
const AFTER_LEGACY_DRAWING = ['legacyDrawingHF', 'drawingHF', 'picture', 'oleObjects', 'controls', 'webPublishItems', 'tableParts', 'extLst'];

/** `tail` (the part after the rows) with `element` inserted where the schema puts `legacyDrawing`. */
function insertLegacyDrawing(tail: string, prefix: string, element: string): string {
  let at = tail.lastIndexOf(`</${prefix}worksheet`);
  for (const name of AFTER_LEGACY_DRAWING) {
    const match = new RegExp(`<${prefix}${name}(?=[\\s/>])`).exec(tail);
    if (match !== null && match.index < at) at = match.index;
  }
  if (at < 0) at = tail.length;
  return `${tail.slice(0, at)}${element}${tail.slice(at)}`;
}
