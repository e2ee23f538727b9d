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
import { createIssue, formatIssueBody, type Issue } from '../../core/issue.js';
import { createTranslator } from '../../i18n/create-translator.js';
import { isAnnotationHeader } from '../annotation-columns.js';
import type { RowOutcome } from '../report-types.js';
import { annotationColumnWidths, buildAnnotationCells, buildAnnotationHeaderCells, placeAnnotationColumns } from './annotation-cells.js';
import { highlightRowCells } from './highlight-row-cells.js';
import { endsBefore, openRowTag, rewriteRowXml } from './rewrite-row-xml.js';
import { parseColumn, readRowCells, readRowShape, readStoredCell, RowCellsOnDemand, type RowCell, type RowShape } from './row-cells.js';
import type { GroupRowRecord } from './track-group-rows.js';
import { buildGroupRecord, checkTableCellsFilled, createLazyTextRow, readRowTexts, type RowTexts } from './row-texts.js';
import { rewriteSheetHead } from './rewrite-sheet-head.js';
import { createSheetRowsState, readCellText, type SheetFinding, type SheetRowsOptions, type SheetRowsResult, type SheetRowsState } from './sheet-rows-state.js';
import type { ToFixLine } from './to-fix-sheet-xml.js';
import { placeXmlTextError } from '../../sources/xml-text.js';
import { parseOutlineLevel } from '../../sources/scan-row-outlines.js';
import { readDecodedAttribute, readLenientAttribute, setAttribute } from './xml-markup.js';

export { MAX_COLUMN } from './annotation-cells.js';
export type { SheetRowsOptions, SheetRowsResult } from './sheet-rows-state.js';

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

/** Starts the rewrite of one sheet. */
export function createSheetRowsRewriter(options: SheetRowsOptions): SheetRowsRewriter {
  const state = createSheetRowsState(options);
  return {
    head(text, elementPrefix) {
      state.head = text;
      state.prefix = elementPrefix;
    },
    row: (source) => rewriteRow(state, source),
    tail: (text, legacyDrawingId) => finishSheet(state, text, legacyDrawingId),
  };
}

/** Numbers a row, notes disorder, and writes it: as the header, as a data row, or as a row above the header. */
async function rewriteRow(state: SheetRowsState, source: string): Promise<void> {
  const { options } = state;
  state.result.rows += 1;
  let text = source;
  let shape = readRowShape(text);
  const tag = text.slice(0, shape.tagEnd);
  // Decoded as the reader decodes it: `r="&#51;"` is row 3 to the run, so it is row 3 here.
  const declared = Number(readRowAttribute(state, tag, 'r') ?? Number.NaN);
  const rowNumber = Number.isInteger(declared) && declared > 0 ? declared : state.previousRow + 1;
  if (rowNumber !== declared) {
    // Excel numbers a row without `r` after the one before; some readers need it written.
    text = setAttribute(tag, 'r', String(rowNumber)) + text.slice(shape.tagEnd);
    shape = readRowShape(text);
  }
  if (rowNumber <= state.highestRow) {
    state.disorder.count += 1;
    state.disorder.first ||= `row ${rowNumber} after row ${state.previousRow}`;
  }
  state.previousRow = rowNumber;
  state.highestRow = Math.max(state.highestRow, rowNumber);

  if (!state.headerSeen && rowNumber >= options.headerRow) {
    state.headerSeen = true;
    if (rowNumber === options.headerRow) {
      const cells = await readHeader(state, text, shape);
      const extras = buildAnnotationHeaderCells(state, rowNumber);
      await handHeader(state);
      await releaseHeld(state);
      await emitRow(state, rewriteRowXml(state, text, shape, cells, rowNumber, new Map(), extras));
      return;
    }
    placeAnnotationColumns(state, state.firstColumn);
    await handHeader(state);
    await releaseHeld(state);
  }
  if (state.headerSeen && rowNumber > options.headerRow) await emitRow(state, await rewriteDataRow(state, text, shape, rowNumber));
  else if (options.prefixFormulaText || state.earlierHighlights !== undefined || (state.headerSeen && state.oldColumns.size > 0)) {
    await options.loadStrings?.();
    await emitRow(state, rewriteRowXml(state, text, shape, readRowCells(text, state.prefix, shape), rowNumber, new Map(), []));
  }
  else await emitRow(state, text);
}

/**
 * Reads the header row: notes `_` columns of an earlier run, places the new ones after the last
 * used cell, and keeps every column's name for the rows handed to `onDataRow` (the seller's own
 * `_` columns included: the CSV path keeps them too).
 */
async function readHeader(state: SheetRowsState, text: string, shape: RowShape): Promise<RowCell[]> {
  const { headerNames, loadStrings } = state.options;
  const cells = readRowCells(text, state.prefix, shape);
  if (loadStrings !== undefined) await loadStrings(highestStringIndex(text, cells, state.prefix));
  let last = headerNames.length;
  const names = headerNames.slice();
  for (const cell of cells) {
    const value = readCellText(state, text, cell);
    if (isAnnotationHeader(value)) state.oldColumns.add(cell.column);
    else if (value !== '') last = Math.max(last, cell.column);
    // A column the reader reads keeps the name it read; the others (ignored `_` columns) their text.
    if (value.trim() !== '' && (names[cell.column - 1] ?? '') === '') {
      while (names.length < cell.column) names.push('');
      names[cell.column - 1] = value.trim();
    }
  }
  while (names.length > 0 && names[names.length - 1] === '') names.pop();
  state.copyHeader = names;
  state.copyWidth = names.length;
  state.copyKeep = [];
  names.forEach((name, index) => {
    if (!isAnnotationHeader(name)) state.copyKeep.push(index);
  });
  placeAnnotationColumns(state, last + 1);
  return cells;
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

/**
 * True when the row's texts may be read: to check a highlighted cell is empty, for per-cell work,
 * for merged fills, for group rows (a row without an outcome may be one; with an outline, a data
 * row may close groups, see `handDataRow`), and for `onDataRow` (as `onDataRowReads` says).
 */
function readsTexts(state: SheetRowsState, text: string, shape: RowShape, outcome: RowOutcome | undefined, perCell: boolean): boolean {
  const { options, groups } = state;
  if (perCell || state.mergedFill !== undefined) return true;
  if (outcome === undefined ? groups !== undefined : outcome.issues.length > 0) return true;
  if (groups !== undefined && options.groupRows?.outline === true && groups.mayAskTableValue(readOutlineLevel(text, shape))) return true;
  return options.onDataRow !== undefined && (options.onDataRowReads?.(outcome) ?? true);
}

/** A data row annotated with its outcome (and its issues passed on as `To fix` lines), or copied. */
async function rewriteDataRow(state: SheetRowsState, text: string, shape: RowShape, rowNumber: number): Promise<string> {
  const { options, prefix } = state;
  // Work on every cell: dropping old `_` cells, undoing old highlights, prefixing formula-like text.
  const perCell = state.oldColumns.size > 0 || state.earlierHighlights !== undefined || options.prefixFormulaText;
  const outcome = await options.outcomeFor(rowNumber);
  const loading = options.loadStrings !== undefined && readsTexts(state, text, shape, outcome, perCell) ? options.loadStrings() : undefined;
  if (loading !== undefined) await loading;
  const cells = new RowCellsOnDemand(text, prefix, shape);
  let out = text;
  if (outcome !== undefined) {
    state.result.annotatedRows += 1;
    const highlights = highlightRowCells(state, outcome, rowNumber, cells);
    const extras = buildAnnotationCells(state, rowNumber, outcome);
    if (highlights === undefined && !perCell && endsBefore(text, shape, prefix, state.firstColumn)) {
      out = `${openRowTag(text, shape)}${text.slice(shape.tagEnd, shape.closeStart)}${extras.map((extra) => extra.xml).join('')}</${prefix}row>`;
    } else {
      out = rewriteRowXml(state, text, shape, cells.get(), rowNumber, highlights ?? new Map(), extras);
    }
    for (const issue of outcome.issues) {
      await options.onIssue(buildToFixLine(rowNumber, issue, options.headerNames));
      state.result.issues += 1;
    }
  } else if (perCell) {
    out = rewriteRowXml(state, text, shape, cells.get(), rowNumber, new Map(), []);
  }
  if (options.onDataRow !== undefined) {
    const handed = handDataRow(state, shape, rowNumber, cells, outcome);
    if (handed !== undefined) await handed;
  }
  return out;
}

const NO_GROUPS: readonly GroupRowRecord[] = [];

/**
 * Hands a row below the header to `onDataRow` with the group rows in effect for it, its empty
 * cells of merged `fillMerged` ranges filled as the reader filled them; a group row (no outcome, a
 * value in a column the reader reads) is followed instead of handed.
 */
function handDataRow(state: SheetRowsState, shape: RowShape, row: number, cells: RowCellsOnDemand, outcome: RowOutcome | undefined): void | Promise<void> {
  const { options, groups, mergedFill } = state;
  const onDataRow = options.onDataRow;
  if (onDataRow === undefined) return;
  let texts: RowTexts | undefined;
  if (groups !== undefined) {
    const level = options.groupRows?.outline === true ? readOutlineLevel(cells.text, shape) : 0;
    if (outcome !== undefined) groups.add(row, level, 'data', undefined, () => checkTableCellsFilled((texts ??= readRowTexts(state, cells)), options.visibleColumns ?? []));
    else {
      texts = readRowTexts(state, cells);
      if (checkTableCellsFilled(texts, options.visibleColumns ?? [])) {
        groups.add(row, level, 'group', buildGroupRecord(row, texts, state.copyKeep, options.visibleColumns ?? []));
        return;
      }
      groups.add(row, level, 'blank');
    }
  }
  let filler: ((texts: RowTexts) => void) | undefined;
  if (mergedFill !== undefined) {
    if (mergedFill.startsAt(row)) mergedFill.start(row, (texts ??= readRowTexts(state, cells)));
    filler = mergedFill.fillerOf(row);
    if (texts !== undefined && filler !== undefined) {
      // Texts already read were read before the fill; the row's own top-left values stay as they are.
      texts = { values: texts.values.slice(), beyond: texts.beyond };
      filler(texts);
    }
  }
  return onDataRow(createLazyTextRow(state, row, cells, texts, filler), outcome, groups?.current() ?? NO_GROUPS);
}

/** An attribute of a row's start tag, decoded as the reader's scanner decodes it; a refused value names the row it follows. */
function readRowAttribute(state: SheetRowsState, tag: string, name: string): string | undefined {
  try {
    return readDecodedAttribute(tag, name);
  } catch (error) {
    throw placeXmlTextError(error, `the tag of the row after row ${state.previousRow}`);
  }
}

/** The row's outline level (`outlineLevel` of its start tag), 0 when none. */
function readOutlineLevel(text: string, shape: RowShape): number {
  // Searching back from the tag's end reads the start tag only, not the row's cells.
  if (text.lastIndexOf('outlineLevel', shape.tagEnd) < 0) return 0;
  // Decoded and parsed as the reader's outline scan reads it, so both see the same groups.
  return parseOutlineLevel(readLenientAttribute(text.slice(0, shape.tagEnd), 'outlineLevel'));
}

/** Calls `onHeader` once, with the header's names (those the reader read when the header row is not in the sheet). */
async function handHeader(state: SheetRowsState): Promise<void> {
  if (state.headerHanded) return;
  state.headerHanded = true;
  await state.options.onHeader?.(state.copyHeader ?? state.options.headerNames);
}

/** Writes the held head and rows once the place of the `_` columns is known. */
async function releaseHeld(state: SheetRowsState): Promise<void> {
  if (state.held === undefined) return;
  await state.options.emit(rewriteSheetHead(state.head ?? '', state.prefix, annotationColumnWidths(state)));
  for (const text of state.held) await state.options.emit(text);
  state.held = undefined;
}

async function emitRow(state: SheetRowsState, text: string): Promise<void> {
  if (state.held !== undefined) state.held.push(text);
  else await state.options.emit(text);
}

/** Writes the part after the rows (with the notes' drawing), and returns the counts and warnings. */
async function finishSheet(state: SheetRowsState, text: string, legacyDrawingId: (notes: number) => string | undefined): Promise<SheetRowsResult> {
  const { options, result, prefix } = state;
  if (!state.headerSeen) placeAnnotationColumns(state, state.firstColumn);
  await releaseHeld(state);
  await handHeader(state);
  pushFindingWarning(
    state,
    'rows_out_of_order',
    state.disorder,
    `row(s) of the sheet are stored out of order or more than once (first: ${state.disorder.first}); the annotated copy keeps them in the sheet's order`,
  );
  pushFindingWarning(
    state,
    'annotation_cell_taken',
    state.conflicts,
    `cell(s) right of the header hold values where the _ columns go (first: ${state.conflicts.first}); those values are kept and the _ cells of their rows left out there`,
  );
  const id = legacyDrawingId(result.notes.length);
  const drawing = id === undefined ? undefined : `<${prefix}legacyDrawing xmlns:r="${options.relationshipsNs}" r:id="${id}"/>`;
  await options.emit(drawing === undefined ? text : insertLegacyDrawing(text, prefix, drawing));
  return result;
}

/** A warning that starts with the finding's count, when there is one. */
function pushFindingWarning(state: SheetRowsState, code: 'rows_out_of_order' | 'annotation_cell_taken', finding: SheetFinding, rest: string): void {
  if (finding.count === 0) return;
  state.result.warnings.push(
    createIssue({ code, severity: 'warning', stage: 'read', file: state.options.file, sheet: state.options.sheet, message: `${finding.count} ${rest}` }),
  );
}

/** One `To fix` line of an issue of row `row`. */
export function buildToFixLine(row: number, issue: Issue, headerNames: readonly string[]): ToFixLine {
  const column = issue.column ?? '';
  const index = column === '' || !/^[A-Z]{1,3}$/.test(column) ? undefined : parseColumn(column);
  const header = issue.header ?? (index !== undefined ? (headerNames[index - 1] ?? '') : '');
  // The value has a column of its own: the message and the hint as the one renderer writes them.
  const message = formatIssueBody(issue, {}, createTranslator('en'), { value: false });
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
