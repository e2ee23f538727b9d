/**
 * A sheet whose rows are not stored in order (`<row r="7">` before `<row r="5">`), or that stores
 * a row number twice, as some generators write them: Excel places every row by its number, so the
 * reader does too. Such a sheet is found by the integrity pass (scan-row-outlines.ts) before its
 * rows are read; only then are its rows held here and handed on in row order, a repeated row's
 * cells read together (a later cell replacing an earlier one in the same column). A sheet in order,
 * nearly every sheet, never comes here and streams as it is.
 */
import { createIssue, type Issue } from '../core/issue.js';
import type { XmlCell, XmlRow } from '../xlsx/parse-sheet-rows.js';
import { READ_CODES } from './read-codes.js';

/** Rows named in a message, at most. */
const ROWS_SHOWN = 10;

/** Collects a sheet's rows in file order and gives them back in row order. */
export interface SheetRowSorter {
  add(row: XmlRow): void;
  /** The rows in row order, repeated ones merged; call once, after the last `add`. */
  sorted(): XmlRow[];
  /** The one warning naming the rows out of order and the repeated ones. */
  buildIssue(file: string, sheet: string): Issue;
}

/** Creates the sorter of one sheet. */
export function createSheetRowSorter(): SheetRowSorter {
  const byNumber = new Map<number, XmlRow>();
  const late: number[] = [];
  const repeated = new Set<number>();
  let last = 0;
  return {
    add(row) {
      const earlier = byNumber.get(row.row);
      if (earlier !== undefined) {
        repeated.add(row.row);
        byNumber.set(row.row, mergeRows(earlier, row));
      } else {
        if (row.row < last) late.push(row.row);
        byNumber.set(row.row, row);
      }
      last = Math.max(last, row.row);
    },
    sorted: () => [...byNumber.values()].sort((a, b) => a.row - b.row),
    buildIssue(file, sheet) {
      // `storedLate` and `storedTwice` name the catalog's phrase for one row or several (`stored_late.one`).
      const data: Record<string, string> = {};
      if (late.length > 0) Object.assign(data, { storedLate: late.length > 1 ? 'other' : 'one', lateRows: listRows(late) });
      if (repeated.size > 0) Object.assign(data, { storedTwice: repeated.size > 1 ? 'other' : 'one', twiceRows: listRows([...repeated]) });
      const variant = late.length > 0 && repeated.size > 0 ? 'both' : late.length > 0 ? 'late' : 'twice';
      return createIssue({
        code: READ_CODES.rowsOutOfOrder,
        severity: 'warning',
        stage: 'read',
        data: { ...data, variant },
        file,
        sheet,
        row: late[0] ?? [...repeated][0],
      });
    },
  };
}

function mergeRows(earlier: XmlRow, later: XmlRow): XmlRow {
  const byColumn = new Map<number, XmlCell>();
  for (const cell of [...earlier.cells, ...later.cells]) byColumn.set(cell.column, cell);
  const merged: XmlRow = { row: earlier.row, cells: [...byColumn.values()].sort((a, b) => a.column - b.column) };
  const beyond = earlier.beyondLastColumn ?? later.beyondLastColumn;
  if (beyond !== undefined) merged.beyondLastColumn = beyond;
  return merged;
}

/** Row numbers for a message: the first ten, then how many more. */
export function listRows(rows: readonly number[]): string {
  const shown = rows.slice(0, ROWS_SHOWN).join(', ');
  return rows.length > ROWS_SHOWN ? `${shown} and ${rows.length - ROWS_SHOWN} more` : shown;
}
