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
import { parseColumnLetter } from '../../sources/column-letter.js';
import { createMergedRangeFill, type MergedCellKind, type MergedRangeFill } from '../../sources/fill-merged-ranges.js';
import { EXCEL_MAX_COLUMNS } from '../../xlsx/parse-sheet-rows.js';
import { parseOutlineLevel } from '../../xlsx/scan-row-outlines.js';
import { placeXmlTextError } from '../../xlsx/xml-text.js';
import { isAnnotationHeader } from '../annotation-columns.js';
import { renderIssueText } from '../render-issue-text.js';
import type { RowOutcome } from '../report-types.js';
import { annotationColumnWidths, buildAnnotationCells, buildAnnotationHeaderCells, limitCellText, placeAnnotationColumns, type AnnotationColumns } from './annotation-cells.js';
import { endsBefore, openRowTag, rewriteRowXml, type RowXmlEdit } from './rewrite-row-xml.js';
import { rewriteSheetHead } from './rewrite-sheet-head.js';
import { columnLetters, readRowCells, readRowShape, readStoredCell, RowCellsOnDemand, type RowCell, type RowShape } from './row-cells.js';
import { buildGroupRecord, checkTableCellsFilled, createLazyTextRow, readRowTexts, type RowTexts } from './row-texts.js';
import type { SheetRowsOptions, SheetRowsResult, SheetRowsState } from './sheet-rows-state.js';
import { readColumnHeader } from './to-fix-sheet-xml.js';
import { createGroupRowTracker, type GroupRowRecord, type GroupRowTracker } from './track-group-rows.js';
import { readDecodedAttribute, readLenientAttribute, setAttribute } from '../../xlsx/xml-markup.js';


/** The rewriter of one sheet: feed it the pieces of `splitSheetXml` in order. */
/**
 * The reader's `fillMerged` over the texts of the rows handed to `onDataRow`: a data row inside a
 * merged range of a `fillMerged` column reads the range's top-left value in the reader, but its own
 * cell is empty in the sheet. `rejected-rows.csv` is fed back as a CSV, which has no merged cells,
 * so the rejected row must carry the value the run read: the reader's rules, over texts.
 */
const MERGED_TEXT: MergedCellKind<string> = {
  checkBlank: (text) => (text ?? '').trim() === '',
  copyFilled: (text) => text,
};

interface SheetRowsRewriter {
  head(text: string, prefix: string): void;
  row(text: string): Promise<void>;
  /**
   * The end of the part. `legacyDrawingId` gives the relationship id of the notes' drawing (or
   * `undefined` for none) once their number is known; the element goes where the schema wants it.
   */
  tail(text: string, legacyDrawingId: (notes: number) => string | undefined): Promise<SheetRowsResult>;
}

/** Starts the rewrite of one sheet. */
export function createSheetRowsRewriter(options: SheetRowsOptions): SheetRowsRewriter {
  return new SheetRewrite(options);
}

/** A count of something found in the sheet, and where it was first seen. */
interface SheetFinding {
  count: number;
  first: string;
}

const NO_GROUPS: readonly GroupRowRecord[] = [];

/**
 * One sheet's rewrite: every piece of state the rows change lives here, changed by these methods
 * only. The cell-by-cell XML (`rewriteRowXml`), the `_` cells (`annotation-cells.ts`) and the row
 * texts (`row-texts.ts`) are functions of what they are given; this class gives itself to them
 * through the read-only views they declare.
 */
class SheetRewrite implements SheetRowsRewriter, SheetRowsState, RowXmlEdit {
  readonly result: SheetRowsResult = { rows: 0, annotatedRows: 0, highlightedCells: 0, issues: 0, notes: [], warnings: [] };
  prefix = '';
  /** Columns of `_` cells appended by an earlier run: dropped. */
  readonly oldColumns = new Set<number>();
  readonly earlierHighlights: ReadonlyMap<number, number> | undefined;
  /** Columns of the rows handed to `onDataRow`: the header up to its last non-blank cell. */
  copyWidth: number;
  /** The part before the rows, held until the place of the `_` columns is known. */
  private headText: string | undefined;
  /** Rows held with the head; `undefined` once released. */
  private held: string[] | undefined = [];
  private headerSeen = false;
  /** Where the `_` columns go; `undefined` until the header is read, and when the sheet has no room. */
  private columns: AnnotationColumns | undefined;
  private previousRow = 0;
  private highestRow = 0;
  /** Rows stored out of order or more than once. */
  private readonly disorder: SheetFinding = { count: 0, first: '' };
  /** Cells of the seller's where a `_` cell goes. */
  private readonly conflicts: SheetFinding = { count: 0, first: '' };
  /** The header's texts handed to `onHeader`; `undefined` until the header row is read. */
  private copyHeader: string[] | undefined;
  /** Positions (0-based) of `copyHeader` kept in `rejected-rows.csv` (an earlier run's `_` columns left out). */
  private copyKeep: number[];
  private headerHanded = false;
  /** The group rows in effect, when followed. */
  private readonly groups: GroupRowTracker | undefined;
  /** The merged values filled into the rows handed to `onDataRow`, when the reader filled some. */
  private readonly mergedFill: MergedRangeFill<string> | undefined;

  constructor(readonly options: SheetRowsOptions) {
    this.earlierHighlights = options.styles.earlierHighlights;
    this.copyWidth = options.headerNames.length;
    this.copyKeep = options.headerNames.map((_, index) => index);
    const handsRows = options.onDataRow !== undefined;
    this.groups = options.groupRows !== undefined && handsRows ? createGroupRowTracker(options.groupRows) : undefined;
    this.mergedFill = options.fillMerged !== undefined && handsRows ? createMergedRangeFill(options.fillMerged.ranges, options.fillMerged.columns, options.headerRow, MERGED_TEXT) : undefined;
  }

  head(text: string, prefix: string): void {
    this.headText = text;
    this.prefix = prefix;
  }

  /** Numbers a row, notes disorder, and writes it: as the header, as a data row, or as a row above the header. */
  async row(source: string): Promise<void> {
    const { options } = this;
    this.result.rows += 1;
    let text = source;
    let shape = readRowShape(text);
    const tag = text.slice(0, shape.tagEnd);
    // Decoded as the reader decodes it: `r="&#51;"` is row 3 to the run, so it is row 3 here.
    const declared = Number(this.readRowAttribute(tag, 'r') ?? Number.NaN);
    const rowNumber = Number.isInteger(declared) && declared > 0 ? declared : this.previousRow + 1;
    if (rowNumber !== declared) {
      // Excel numbers a row without `r` after the one before; some readers need it written.
      text = setAttribute(tag, 'r', String(rowNumber)) + text.slice(shape.tagEnd);
      shape = readRowShape(text);
    }
    if (rowNumber <= this.highestRow) {
      this.disorder.count += 1;
      this.disorder.first ||= `row ${rowNumber} after row ${this.previousRow}`;
    }
    this.previousRow = rowNumber;
    this.highestRow = Math.max(this.highestRow, rowNumber);

    if (!this.headerSeen && rowNumber >= options.headerRow) {
      this.headerSeen = true;
      if (rowNumber === options.headerRow) {
        const cells = await this.readHeader(text, shape);
        const extras = buildAnnotationHeaderCells(this.columns, this.prefix, rowNumber, options.styles);
        await this.handHeader();
        await this.releaseHeld();
        await this.emitRow(rewriteRowXml(this, text, shape, cells, rowNumber, new Map(), extras));
        return;
      }
      this.placeColumns(options.headerNames.length + 1);
      await this.handHeader();
      await this.releaseHeld();
    }
    if (this.headerSeen && rowNumber > options.headerRow) await this.emitRow(await this.rewriteDataRow(text, shape, rowNumber));
    else if (this.earlierHighlights !== undefined || (this.headerSeen && this.oldColumns.size > 0)) {
      await options.loadStrings?.();
      await this.emitRow(rewriteRowXml(this, text, shape, readRowCells(text, this.prefix, shape), rowNumber, new Map(), []));
    } else await this.emitRow(text);
  }

  /** Writes the part after the rows (with the notes' drawing), and returns the counts and warnings. */
  async tail(text: string, legacyDrawingId: (notes: number) => string | undefined): Promise<SheetRowsResult> {
    const { options, result, prefix } = this;
    if (!this.headerSeen) this.placeColumns(options.headerNames.length + 1);
    await this.releaseHeld();
    await this.handHeader();
    this.pushFindingWarning(
      'rows_out_of_order',
      this.disorder,
      `row(s) of the sheet are stored out of order or more than once (first: ${this.disorder.first}); the annotated copy keeps them in the sheet's order`,
    );
    this.pushFindingWarning(
      'annotation_cell_taken',
      this.conflicts,
      `cell(s) right of the header hold values where the _ columns go (first: ${this.conflicts.first}); those values are kept and the _ cells of their rows left out there`,
    );
    const id = legacyDrawingId(result.notes.length);
    const drawing = id === undefined ? undefined : `<${prefix}legacyDrawing xmlns:r="${options.relationshipsNs}" r:id="${id}"/>`;
    await options.emit(drawing === undefined ? text : insertLegacyDrawing(text, prefix, drawing));
    return result;
  }

  /** The text a cell shows, without number formats (what header and formula checks compare). */
  readCellText(text: string, cell: RowCell): string {
    const built = buildXlsxCell(readStoredCell(text, cell, this.prefix), { numberFormat: undefined, strings: this.options.strings, date1904: this.options.date1904 });
    return built?.text ?? '';
  }

  noteTakenCell(ref: string): void {
    this.conflicts.count += 1;
    this.conflicts.first ||= ref;
  }

  /** Places the `_` columns from `column` on, or nowhere (with a warning) when they would pass XFD. */
  private placeColumns(column: number): void {
    this.columns = placeAnnotationColumns(column);
    if (this.columns !== undefined) return;
    this.result.warnings.push(
      createIssue({
        code: 'annotation_columns_no_room',
        severity: 'warning',
        stage: 'read',
        file: this.options.file,
        sheet: this.options.sheet,
        message: `the sheet uses columns up to XFD, the last one Excel has: the annotated copy has no _status/_errors/id columns; faulty cells are still highlighted and every issue is on the "To fix" sheet`,
      }),
    );
  }

  /**
   * Reads the header row: notes `_` columns of an earlier run, places the new ones after the last
   * used cell, and keeps every column's name for the rows handed to `onDataRow` (the seller's own
   * `_` columns included: the CSV path keeps them too).
   */
  private async readHeader(text: string, shape: RowShape): Promise<RowCell[]> {
    const { headerNames, loadStrings } = this.options;
    const cells = readRowCells(text, this.prefix, shape);
    if (loadStrings !== undefined) await loadStrings(highestStringIndex(text, cells, this.prefix));
    let last = headerNames.length;
    const names = headerNames.slice();
    for (const cell of cells) {
      const value = this.readCellText(text, cell);
      if (isAnnotationHeader(value)) this.oldColumns.add(cell.column);
      else if (value !== '') last = Math.max(last, cell.column);
      // A column the reader reads keeps the name it read; the others (ignored `_` columns) their text.
      if (value.trim() !== '' && (names[cell.column - 1] ?? '') === '') {
        while (names.length < cell.column) names.push('');
        names[cell.column - 1] = value.trim();
      }
    }
    while (names.length > 0 && names[names.length - 1] === '') names.pop();
    this.copyHeader = names;
    this.copyWidth = names.length;
    this.copyKeep = [];
    names.forEach((name, index) => {
      if (!isAnnotationHeader(name)) this.copyKeep.push(index);
    });
    this.placeColumns(last + 1);
    return cells;
  }

  /**
   * True when the row's texts may be read: to check a highlighted cell is empty, for per-cell work,
   * for merged fills, for group rows (a row without an outcome may be one; with an outline, a data
   * row may close groups, see `handDataRow`), and for `onDataRow` (as `onDataRowReads` says).
   */
  private readsTexts(text: string, shape: RowShape, outcome: RowOutcome | undefined, perCell: boolean): boolean {
    const { options, groups } = this;
    if (perCell || this.mergedFill !== undefined) return true;
    if (outcome === undefined ? groups !== undefined : outcome.issues.length > 0) return true;
    if (groups !== undefined && options.groupRows?.outline === true && groups.mayAskTableValue(readOutlineLevel(text, shape))) return true;
    return options.onDataRow !== undefined && (options.onDataRowReads?.(outcome) ?? true);
  }

  /** A data row annotated with its outcome (its issues counted into the `To fix` sheet's causes), or copied. */
  private async rewriteDataRow(text: string, shape: RowShape, rowNumber: number): Promise<string> {
    const { options, prefix } = this;
    // Work on every cell: dropping old `_` cells, undoing old highlights.
    const perCell = this.oldColumns.size > 0 || this.earlierHighlights !== undefined;
    const outcome = options.outcomeOf(rowNumber);
    const loading = options.loadStrings !== undefined && this.readsTexts(text, shape, outcome, perCell) ? options.loadStrings() : undefined;
    if (loading !== undefined) await loading;
    const cells = new RowCellsOnDemand(text, prefix, shape);
    let out = text;
    if (outcome !== undefined) {
      this.result.annotatedRows += 1;
      const highlights = this.highlightCells(outcome, rowNumber, cells);
      const extras = buildAnnotationCells(this.columns, prefix, rowNumber, outcome, options.styles, options.annotationWords);
      if (highlights === undefined && !perCell && endsBefore(text, shape, prefix, this.columns?.first)) {
        out = `${openRowTag(text, shape)}${text.slice(shape.tagEnd, shape.closeStart)}${extras.map((extra) => extra.xml).join('')}</${prefix}row>`;
      } else {
        out = rewriteRowXml(this, text, shape, cells.get(), rowNumber, highlights ?? new Map(), extras);
      }
      for (const issue of outcome.issues) options.causes.add(issue, rowNumber, issue.header === undefined ? readColumnHeader(issue.column, options.headerNames) : undefined);
      this.result.issues += outcome.issues.length;
    } else if (perCell) {
      out = rewriteRowXml(this, text, shape, cells.get(), rowNumber, new Map(), []);
    }
    if (options.onDataRow !== undefined) {
      const handed = this.handDataRow(shape, rowNumber, cells, outcome);
      if (handed !== undefined) await handed;
    }
    return out;
  }

  /**
   * The faulty cells of a data row: one highlight format per column with an issue (derived from the
   * cell's own format; error over warning), and a note per such cell listing its issues, while
   * there is room for notes and the seller has none there. `undefined` when no issue has a cell.
   */
  private highlightCells(outcome: RowOutcome, rowNumber: number, cells: RowCellsOnDemand): Map<number, number> | undefined {
    const { options, result, earlierHighlights } = this;
    const byColumn = new Map<number, Issue[]>();
    for (const issue of outcome.issues) {
      const column = readIssueColumn(issue.column);
      if (column === undefined) continue;
      const list = byColumn.get(column);
      if (list === undefined) byColumn.set(column, [issue]);
      else list.push(issue);
    }
    if (byColumn.size === 0) return undefined;
    const styleOf = new Map<number, number>();
    for (const cell of cells.get()) if (!this.oldColumns.has(cell.column)) styleOf.set(cell.column, earlierHighlights?.get(cell.style) ?? cell.style);
    const highlights = new Map<number, number>();
    const noteTranslator = options.annotationWords.translator;
    for (const [column, list] of byColumn) {
      const severity = list.some((issue) => issue.severity === 'error') ? 'error' : 'warning';
      highlights.set(column, options.styles.highlight(styleOf.get(column) ?? 0, severity));
      const ref = `${columnLetters(column)}${rowNumber}`;
      if (result.notes.length < options.maxNotes && options.hasSellerNote?.(ref) !== true) {
        // Notes are never evaluated, so they keep the exact text.
        result.notes.push({ row: rowNumber, column, ref, text: limitCellText(list.map((issue) => renderIssueText(issue, noteTranslator, { column: false })).join('\n')) });
      }
    }
    result.highlightedCells += byColumn.size;
    return highlights;
  }

  /**
   * Hands a row below the header to `onDataRow` with the group rows in effect for it, its empty
   * cells of merged `fillMerged` ranges filled as the reader filled them; a group row (no outcome, a
   * value in a column the reader reads) is followed instead of handed.
   */
  private handDataRow(shape: RowShape, row: number, cells: RowCellsOnDemand, outcome: RowOutcome | undefined): void | Promise<void> {
    const { options, groups, mergedFill } = this;
    const onDataRow = options.onDataRow;
    if (onDataRow === undefined) return;
    let texts: RowTexts | undefined;
    if (groups !== undefined) {
      const level = options.groupRows?.outline === true ? readOutlineLevel(cells.text, shape) : 0;
      if (outcome !== undefined) groups.add(row, level, 'data', undefined, () => checkTableCellsFilled((texts ??= readRowTexts(this, cells)), options.visibleColumns ?? []));
      else {
        texts = readRowTexts(this, cells);
        if (checkTableCellsFilled(texts, options.visibleColumns ?? [])) {
          groups.add(row, level, 'group', buildGroupRecord(row, texts, this.copyKeep, options.visibleColumns ?? []));
          return;
        }
        groups.add(row, level, 'blank');
      }
    }
    let filler: ((values: string[]) => void) | undefined;
    if (mergedFill !== undefined) {
      if (mergedFill.startsAt(row)) mergedFill.start(row, (texts ??= readRowTexts(this, cells)).values);
      filler = mergedFill.fillerOf(row);
      if (texts !== undefined && filler !== undefined) {
        // Texts already read were read before the fill; the row's own top-left values stay as they are.
        texts = { values: texts.values.slice(), beyond: texts.beyond };
        filler(texts.values);
      }
    }
    return onDataRow(createLazyTextRow(this, row, cells, texts, filler), outcome, groups?.current() ?? NO_GROUPS);
  }

  /** An attribute of a row's start tag, decoded as the reader's scanner decodes it; a refused value names the row it follows. */
  private readRowAttribute(tag: string, name: string): string | undefined {
    try {
      return readDecodedAttribute(tag, name);
    } catch (error) {
      throw placeXmlTextError(error, `the tag of the row after row ${this.previousRow}`);
    }
  }

  /** Calls `onHeader` once, with the header's names (those the reader read when the header row is not in the sheet). */
  private async handHeader(): Promise<void> {
    if (this.headerHanded) return;
    this.headerHanded = true;
    await this.options.onHeader?.(this.copyHeader ?? this.options.headerNames);
  }

  /** Writes the held head and rows once the place of the `_` columns is known. */
  private async releaseHeld(): Promise<void> {
    if (this.held === undefined) return;
    await this.options.emit(rewriteSheetHead(this.headText ?? '', this.prefix, annotationColumnWidths(this.columns)));
    for (const text of this.held) await this.options.emit(text);
    this.held = undefined;
  }

  private async emitRow(text: string): Promise<void> {
    if (this.held !== undefined) this.held.push(text);
    else await this.options.emit(text);
  }

  /** A warning that starts with the finding's count, when there is one. */
  private pushFindingWarning(code: 'rows_out_of_order' | 'annotation_cell_taken', finding: SheetFinding, rest: string): void {
    if (finding.count === 0) return;
    this.result.warnings.push(createIssue({ code, severity: 'warning', stage: 'read', file: this.options.file, sheet: this.options.sheet, message: `${finding.count} ${rest}` }));
  }
}

/** The highest shared-string index the row's cells use (-1 for none): the strings the header needs loaded. */
function highestStringIndex(text: string, cells: readonly RowCell[], prefix: string): number {
  let highest = -1;
  for (const cell of cells) {
    if (cell.type !== 's') continue;
    const index = Number(readStoredCell(text, cell, prefix).value);
    // A value that is no index is left to the cell builder, with every string loaded.
    highest = Math.max(highest, Number.isInteger(index) && index >= 0 ? index : Number.MAX_SAFE_INTEGER);
  }
  return highest === Number.MAX_SAFE_INTEGER ? Number.POSITIVE_INFINITY : highest;
}

/** The 1-based column an issue names (`C`), `undefined` when it names none a sheet has. */
function readIssueColumn(column: string | undefined): number | undefined {
  const index = column === undefined || !/^[A-Z]{1,3}$/.test(column) ? undefined : parseColumnLetter(column);
  return index === undefined || index >= EXCEL_MAX_COLUMNS ? undefined : index + 1;
}

/** The row's outline level (`outlineLevel` of its start tag), 0 when none. */
function readOutlineLevel(text: string, shape: RowShape): number {
  // Searching back from the tag's end reads the start tag only, not the row's cells.
  if (text.lastIndexOf('outlineLevel', shape.tagEnd) < 0) return 0;
  // Decoded and parsed as the reader's outline scan reads it, so both see the same groups.
  return parseOutlineLevel(readLenientAttribute(text.slice(0, shape.tagEnd), 'outlineLevel'));
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
