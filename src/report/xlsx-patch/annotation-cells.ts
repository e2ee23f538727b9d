/**
 * The `_` cells of the annotated copy: where the `_` columns go (right of the last used header
 * cell, if the sheet has room before XFD), their header cells, and a data row's `_status`,
 * `_errors` and id cells; and the length any text the tool writes into a cell is cut to.
 */
import { EXCEL_MAX_COLUMNS } from '../../xlsx/parse-sheet-rows.js';
import { ANNOTATION_HEADERS, buildAnnotationValues, type AnnotationWords } from '../annotation-columns.js';
import { neutralizeFormula } from '../neutralize-formula.js';
import type { RowOutcome, RowStatus } from '../report-types.js';
import type { StylePatch, ToolStyle } from './patch-styles.js';
import type { ColumnWidth } from './rewrite-sheet-head.js';
import { columnLetters } from './row-cells.js';
import { escapeXmlText } from '../../xlsx/xml-markup.js';

/** Widths of the appended columns, in `ANNOTATION_HEADERS` order. */
const ANNOTATION_WIDTHS = [12, 60, 12, 12, 10];

/** A cell put into a row, at its column. */
export interface ExtraCell {
  column: number;
  xml: string;
}

/** Where the `_` columns of a sheet go: the column of `_status` and the letters of all of them. */
export interface AnnotationColumns {
  first: number;
  letters: readonly string[];
}

/** The `_` columns from `column` on, or `undefined` when they would pass XFD. */
export function placeAnnotationColumns(column: number): AnnotationColumns | undefined {
  if (column + ANNOTATION_HEADERS.length - 1 > EXCEL_MAX_COLUMNS) return undefined;
  return { first: column, letters: ANNOTATION_HEADERS.map((_, offset) => columnLetters(column + offset)) };
}

/** Widths of the `_` columns, for the sheet's `<cols>`. */
export function annotationColumnWidths(columns: AnnotationColumns | undefined): ColumnWidth[] {
  return columns === undefined ? [] : ANNOTATION_WIDTHS.map((width, offset) => ({ column: columns.first + offset, width }));
}

/** The `_` header cells of the header row. */
export function buildAnnotationHeaderCells(columns: AnnotationColumns | undefined, prefix: string, rowNumber: number, styles: StylePatch): ExtraCell[] {
  if (columns === undefined) return [];
  const style = styles.toolStyle('header');
  return ANNOTATION_HEADERS.map((header, offset) => ({ column: columns.first + offset, xml: buildInlineCell(prefix, `${columns.letters[offset]}${rowNumber}`, header, style) }));
}

/** A data row's `_status`, `_errors` and id cells. */
export function buildAnnotationCells(columns: AnnotationColumns | undefined, prefix: string, rowNumber: number, outcome: RowOutcome, styles: StylePatch, annotationWords: AnnotationWords): ExtraCell[] {
  if (columns === undefined) return [];
  const { first, letters } = columns;
  const values = buildAnnotationValues(outcome, '\n', annotationWords);
  const ref = (offset: number): string => `${letters[offset]}${rowNumber}`;
  const extras: ExtraCell[] = [{ column: first, xml: buildInlineCell(prefix, ref(0), values._status, styles.toolStyle(statusStyle(outcome.status))) }];
  if (values._errors !== '') extras.push({ column: first + 1, xml: buildInlineCell(prefix, ref(1), limitCellText(neutralizeFormula(values._errors)), styles.toolStyle('errors')) });
  [values._product_id, values._sku_id, values._job_id].forEach((id, offset) => {
    if (id === null) return;
    // Job ids are text (they may pass 2^53, and Excel keeps 15 digits of a number): written as text.
    const xml = typeof id === 'string' ? buildInlineCell(prefix, ref(2 + offset), id, 0) : `<${prefix}c r="${ref(2 + offset)}"><${prefix}v>${id}</${prefix}v></${prefix}c>`;
    extras.push({ column: first + 2 + offset, xml });
  });
  return extras;
}

/** An inline string cell of the sheet's namespace `prefix`; the text is written as is (callers neutralise what needs it). */
export function buildInlineCell(prefix: string, ref: string, text: string, style: number): string {
  const s = style === 0 ? '' : ` s="${style}"`;
  return `<${prefix}c r="${ref}"${s} t="inlineStr"><${prefix}is><${prefix}t xml:space="preserve">${escapeXmlText(text)}</${prefix}t></${prefix}is></${prefix}c>`;
}

function statusStyle(status: RowStatus): ToolStyle {
  switch (status) {
    case 'invalid':
    case 'rejected':
      return 'fill-error';
    case 'unknown':
    case 'pending':
    case 'not_sent':
      return 'fill-warning';
    case 'valid':
    case 'accepted':
      return 'fill-ok';
    case 'unchanged':
      return 'fill-header';
  }
}

/** Characters a cell holds at most in Excel; a longer text makes it call the file corrupt. */
export const MAX_CELL_TEXT = 32_767;

/** `text` cut to what a cell holds, saying so (every issue is still in summary.json). */
export function limitCellText(text: string): string {
  if (text.length <= MAX_CELL_TEXT) return text;
  const more = ' … (cut at the length a cell holds; every issue is in summary.json)';
  let cut = MAX_CELL_TEXT - more.length;
  // Never between the two halves of a surrogate pair.
  if (/[\uD800-\uDBFF]/.test(text[cut - 1] ?? '')) cut -= 1;
  return text.slice(0, cut) + more;
}
