/**
 * The `_` cells of the annotated copy: where the `_` columns go (right of the last used header
 * cell, if the sheet has room before XFD), their header cells, and a data row's `_status`,
 * `_errors` and id cells.
 */
import { createIssue } from '../../core/issue.js';
import { ANNOTATION_HEADERS, buildAnnotationValues } from '../annotation-columns.js';
import { neutralizeFormula } from '../neutralize-formula.js';
import type { RowOutcome, RowStatus } from '../report-types.js';
import { limitCellText } from './limit-cell-text.js';
import type { ToolStyle } from './patch-styles.js';
import { columnLetters } from './row-cells.js';
import type { SheetRowsState } from './sheet-rows-state.js';
import { escapeXmlText } from './xml-markup.js';

/** Last column of a worksheet (XFD). */
export const MAX_COLUMN = 16_384;

/** Widths of the appended columns, in `ANNOTATION_HEADERS` order. */
const ANNOTATION_WIDTHS = [12, 60, 12, 12, 10];

/** A cell put into a row, at its column. */
export type ExtraCell = { column: number; xml: string; replaceable?: boolean };

/** Places the `_` columns from `column` on, or nowhere (with a warning) when they would pass XFD. */
export function placeAnnotationColumns(state: SheetRowsState, column: number | undefined): void {
  const firstColumn = column !== undefined && column + ANNOTATION_HEADERS.length - 1 <= MAX_COLUMN ? column : undefined;
  state.firstColumn = firstColumn;
  state.annotationLetters = firstColumn === undefined ? [] : ANNOTATION_HEADERS.map((_, offset) => columnLetters(firstColumn + offset));
  state.result.firstAnnotationColumn = firstColumn;
  if (firstColumn === undefined) {
    state.result.warnings.push(
      createIssue({
        code: 'annotation_columns_no_room',
        severity: 'warning',
        stage: 'read',
        file: state.options.file,
        sheet: state.options.sheet,
        message: `the sheet uses columns up to XFD, the last one Excel has: the annotated copy has no _status/_errors/id columns; faulty cells are still highlighted and every issue is on the "To fix" sheet`,
      }),
    );
  }
}

/** Widths of the `_` columns, for the sheet's `<cols>`. */
export function annotationColumnWidths(state: SheetRowsState): { column: number; width: number }[] {
  const { firstColumn } = state;
  return firstColumn === undefined ? [] : ANNOTATION_WIDTHS.map((width, offset) => ({ column: firstColumn + offset, width }));
}

/** The `_` header cells of the header row. */
export function buildAnnotationHeaderCells(state: SheetRowsState, rowNumber: number): ExtraCell[] {
  const { firstColumn, prefix } = state;
  if (firstColumn === undefined) return [];
  const style = state.options.styles.toolStyle('header');
  return ANNOTATION_HEADERS.map((header, offset) => ({ column: firstColumn + offset, xml: inlineCell(prefix, `${state.annotationLetters[offset]}${rowNumber}`, header, style) }));
}

/** A data row's `_status`, `_errors` and id cells. */
export function buildAnnotationCells(state: SheetRowsState, rowNumber: number, outcome: RowOutcome): ExtraCell[] {
  const { firstColumn, prefix } = state;
  if (firstColumn === undefined) return [];
  const styles = state.options.styles;
  const values = buildAnnotationValues(outcome, '\n', state.options.statusWords);
  const ref = (offset: number): string => `${state.annotationLetters[offset]}${rowNumber}`;
  const extras: ExtraCell[] = [{ column: firstColumn, xml: inlineCell(prefix, ref(0), values._status, styles.toolStyle(statusStyle(outcome.status))) }];
  if (values._errors !== '') extras.push({ column: firstColumn + 1, xml: inlineCell(prefix, ref(1), limitCellText(neutralizeFormula(values._errors)), styles.toolStyle('errors')) });
  [values._product_id, values._sku_id, values._job_id].forEach((id, offset) => {
    if (id === null) return;
    // Job ids are text (they may pass 2^53, and Excel keeps 15 digits of a number): written as text.
    const xml = typeof id === 'string' ? inlineCell(prefix, ref(2 + offset), id, 0) : `<${prefix}c r="${ref(2 + offset)}"><${prefix}v>${id}</${prefix}v></${prefix}c>`;
    extras.push({ column: firstColumn + 2 + offset, xml });
  });
  return extras;
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
