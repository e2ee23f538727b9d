/**
 * A row's XML rewritten cell by cell: `_` cells of an earlier run dropped, the new cells (`_`
 * cells, empty highlighted cells) merged in column order, each kept cell given its `r` and its
 * highlight (or its format back from an earlier highlight). And the two cheap paths around it: the row's start tag, and whether the new cells
 * can simply go before the end tag.
 */
import { EXCEL_MAX_COLUMNS, readAttributes, type TagAttributes } from '../../xlsx/parse-sheet-rows.js';
import { findTagEnd } from '../../xlsx/xml-text.js';
import type { ExtraCell } from './annotation-cells.js';
import { columnLetters, readCellRefColumn, type RowCell, type RowShape } from './row-cells.js';
import { removeAttribute, setAttribute } from '../../xlsx/xml-markup.js';

/** What the cell-by-cell rewrite of a sheet's rows keeps to (set once the header is read) and whom it tells of a taken place. */
export interface RowXmlEdit {
  /** Namespace prefix of the sheet's elements (`x:` or empty). */
  readonly prefix: string;
  /** Columns of `_` cells appended by an earlier run: dropped. */
  readonly oldColumns: ReadonlySet<number>;
  /** A fed-back copy: the highlights of the earlier run go back to the seller's formats. */
  readonly earlierHighlights: ReadonlyMap<number, number> | undefined;
  /** The text a cell shows, without number formats. */
  readCellText(text: string, cell: RowCell): string;
  /** A cell of the seller's (`B7`) holds a value where a `_` cell goes: it is kept, the `_` cell left out. */
  noteTakenCell(ref: string): void;
}

/** The row with its cells rewritten and `extras` (sorted in place) merged in; `highlights` maps columns to formats. */
export function rewriteRowXml(
  edit: RowXmlEdit,
  text: string,
  shape: RowShape,
  cells: RowCell[],
  rowNumber: number,
  highlights: Map<number, number>,
  extras: ExtraCell[],
): string {
  const { prefix, oldColumns } = edit;
  const out: string[] = [openRowTag(text, shape)];
  const present = new Set<number>();
  for (const cell of cells) if (!oldColumns.has(cell.column)) present.add(cell.column);
  for (const [column, style] of highlights) {
    if (!present.has(column)) extras.push({ column, xml: `<${prefix}c r="${columnLetters(column)}${rowNumber}" s="${style}"/>` });
  }
  extras.sort((a, b) => a.column - b.column);
  let next = 0;
  for (const cell of cells) {
    if (oldColumns.has(cell.column)) continue;
    while (next < extras.length && (extras[next] as ExtraCell).column < cell.column) out.push((extras[next++] as ExtraCell).xml);
    let cellXml = text.slice(cell.start, cell.end);
    const clash = next < extras.length && (extras[next] as ExtraCell).column === cell.column ? (extras[next] as ExtraCell) : undefined;
    if (clash !== undefined) {
      next += 1;
      if (cell.end === cell.tagEnd || edit.readCellText(text, cell) === '') {
        // An empty cell of the seller's where a `_` cell goes: the `_` cell takes its place.
        out.push(clash.xml);
        continue;
      }
      edit.noteTakenCell(`${columnLetters(cell.column)}${rowNumber}`);
    }
    cellXml = rewriteCellXml(edit, cell, cellXml, rowNumber, highlights.get(cell.column));
    out.push(cellXml);
  }
  while (next < extras.length) out.push((extras[next++] as ExtraCell).xml);
  out.push(`</${prefix}row>`);
  return out.join('');
}

function rewriteCellXml(edit: RowXmlEdit, cell: RowCell, cellXml: string, rowNumber: number, highlight: number | undefined): string {
  let tag = cellXml.slice(0, cell.tagEnd - cell.start);
  const rest = cellXml.slice(cell.tagEnd - cell.start);
  if (!cell.hasRef) tag = setAttribute(tag, 'r', `${columnLetters(cell.column)}${rowNumber}`);
  const earlier = edit.earlierHighlights?.get(cell.style);
  if (highlight !== undefined) tag = setAttribute(tag, 's', String(highlight));
  else if (earlier !== undefined) tag = setAttribute(tag, 's', String(earlier));
  return tag + rest;
}

/** The terminators of a comment, CDATA section and processing instruction. */
const NON_TAG_ENDS = ['-->', ']]>', '?>'] as const;

const lastCellTag: TagAttributes = { r: undefined, s: undefined, t: undefined };

/**
 * True when the row's last cell has its `r` and lies left of `column` (any column when
 * `undefined`), or the row has no cell: then the row can be copied as it is.
 */
export function endsBefore(text: string, shape: RowShape, prefix: string, column: number | undefined): boolean {
  const open = `<${prefix}c`;
  let at = text.lastIndexOf(open, shape.closeStart);
  while (at >= shape.tagEnd) {
    const next = text.charCodeAt(at + open.length);
    if (next === 32 || next === 62 || next === 47 || next === 9 || next === 10 || next === 13) break;
    at = text.lastIndexOf(open, at - 1);
  }
  if (at < shape.tagEnd) return true;
  // A `<c` found inside a comment, CDATA section or processing instruction is no cell: the end of
  // one lies after it. The cell-by-cell path steps over them (rare: such markup after the last cell
  // only costs that path).
  for (const terminator of NON_TAG_ENDS) {
    const end = text.indexOf(terminator, at);
    if (end >= 0 && end < shape.closeStart) return false;
  }
  // Read and decoded as readRowCells reads it, so both place the cell in the same column; a tag or
  // value the reader refuses sends the row down the cell-by-cell path, whose error names the cell.
  const gt = findTagEnd(text, at + open.length);
  if (gt < 0) return false;
  try {
    readAttributes(text, at + open.length, text.charCodeAt(gt - 1) === 47 ? gt - 1 : gt, lastCellTag);
  } catch {
    return false;
  }
  const last = readCellRefColumn(lastCellTag.r);
  return last !== undefined && last < (column ?? EXCEL_MAX_COLUMNS + 1);
}

/** The row's start tag, opened when it was `<row/>`, without `spans` (a hint the new cells would make wrong). */
export function openRowTag(text: string, shape: RowShape): string {
  let tag = text.slice(0, shape.tagEnd);
  if (tag.includes('spans')) tag = removeAttribute(tag, 'spans');
  if (shape.selfClosing) tag = `${tag.slice(0, -2).trimEnd()}>`;
  return tag;
}
