/**
 * The faulty cells of a data row: one highlight format per column with an issue (derived from the
 * cell's own format; error over warning), and a note per such cell listing its issues, while
 * there is room for notes and the seller has none there.
 */
import type { Issue } from '../../core/issue.js';
import { renderIssueText } from '../render-issue-line.js';
import { createTranslator } from '../../i18n/create-translator.js';
import type { RowOutcome } from '../report-types.js';
import { limitCellText } from './limit-cell-text.js';
import { columnLetters, parseColumn, type RowCellsOnDemand } from './row-cells.js';
import type { SheetRowsState } from './sheet-rows-state.js';

/** Highlight formats by column, notes collected; `undefined` when the outcome has no cell issue. */
export function highlightRowCells(state: SheetRowsState, outcome: RowOutcome, rowNumber: number, cells: RowCellsOnDemand): Map<number, number> | undefined {
  const { options, result, earlierHighlights } = state;
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
  for (const cell of cells.get()) if (!state.oldColumns.has(cell.column)) styleOf.set(cell.column, earlierHighlights?.get(cell.style) ?? cell.style);
  const highlights = new Map<number, number>();
  for (const [column, list] of byColumn) {
    const severity = list.some((issue) => issue.severity === 'error') ? 'error' : 'warning';
    highlights.set(column, options.styles.highlight(styleOf.get(column) ?? 0, severity));
    const ref = `${columnLetters(column)}${rowNumber}`;
    if (result.notes.length < options.maxNotes && options.hasSellerNote?.(ref) !== true) {
      // Notes are never evaluated, so they keep the exact text.
      result.notes.push({ row: rowNumber, column, ref, text: limitCellText(list.map((issue) => renderIssueText(issue, createTranslator('en'), { column: false })).join('\n')) });
    }
  }
  result.highlightedCells += byColumn.size;
  return highlights;
}
