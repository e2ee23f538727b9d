/**
 * The texts of a row of the annotated sheet, for `rejected-rows.csv`: every column of the header
 * (the seller's own `_` columns included, as the CSV path keeps them), each value whole, built by
 * the reader's own cell builder with the cells' number formats (what the reader saw), and the
 * values right of the header after them.
 */
import { buildXlsxCell } from '../../sources/build-xlsx-cell.js';
import { EXCEL_MAX_COLUMNS } from '../../xlsx/parse-sheet-rows.js';
import type { TextRow } from '../write-annotated-csv.js';
import { readStoredCell, type RowCellsOnDemand } from './row-cells.js';
import type { SheetRowsState } from './sheet-rows-state.js';
import type { GroupRowRecord } from './track-group-rows.js';

/** A row's texts: `values` under the header's `width` columns, `beyond` right of them (absent when none). */
export interface RowTexts {
  values: string[];
  beyond: string[] | undefined;
}

/** The texts of a row's cells, number formats applied. */
export function readRowTexts(state: SheetRowsState, cells: RowCellsOnDemand): RowTexts {
  const { options } = state;
  const width = state.copyWidth;
  const values = new Array<string>(width).fill('');
  let beyond: string[] | undefined;
  const text = cells.text;
  for (const cell of cells.get()) {
    // A cell past XFD is left out by the reader (and reported there): not read here either.
    if (cell.column > EXCEL_MAX_COLUMNS) continue;
    const built = buildXlsxCell(readStoredCell(text, cell, state.prefix), { numberFormat: options.numberFormatOf(cell.style), strings: options.strings, date1904: options.date1904 });
    if (built === undefined || built.text === '') continue;
    if (cell.column <= width) {
      values[cell.column - 1] = built.text;
      continue;
    }
    beyond ??= [];
    while (beyond.length < cell.column - width - 1) beyond.push('');
    beyond[cell.column - width - 1] = built.text;
  }
  return { values, beyond };
}

const NOTHING_BEYOND: readonly string[] = [];

/**
 * A data row handed to `onDataRow`: a plain object whose `values` (and `beyond`) are built on
 * first read (most rows are never read: `rejected-rows.csv` wants the rows that need attention only),
 * with `filler` (the reader's `fillMerged`) applied; `known` texts are taken as they are.
 */
export function createLazyTextRow(state: SheetRowsState, row: number, cells: RowCellsOnDemand, known?: RowTexts, filler?: (values: string[]) => void): TextRow {
  return new LazyTextRow(state, row, cells, known, filler);
}

// A class, not an object literal with accessors: one is made per data row, and the literal's
// getters cost a closure each and a fresh hidden class.
class LazyTextRow implements TextRow {
  constructor(
    private readonly state: SheetRowsState,
    readonly row: number,
    private readonly cells: RowCellsOnDemand,
    private texts: RowTexts | undefined,
    private readonly filler: ((values: string[]) => void) | undefined,
  ) {}

  private read(): RowTexts {
    if (this.texts === undefined) {
      this.texts = readRowTexts(this.state, this.cells);
      this.filler?.(this.texts.values);
    }
    return this.texts;
  }

  get values(): string[] {
    return this.read().values;
  }

  set values(values: string[]) {
    this.texts = { values, beyond: this.read().beyond };
  }

  get beyond(): readonly string[] {
    return this.read().beyond ?? NOTHING_BEYOND;
  }
}

/** True when the row has a value in a column the reader reads (`visible`, 1-based). */
export function checkTableCellsFilled(texts: RowTexts, visible: readonly number[]): boolean {
  for (const column of visible) if ((texts.values[column - 1] ?? '').trim() !== '') return true;
  return false;
}

/**
 * A group row as it stands, for `rejected-rows.csv`: its values in the columns kept there (`keep`,
 * the columns of an earlier run's `_` cells left out, as for data rows), then those right of the
 * header, up to the last filled one.
 */
export function buildGroupRecord(row: number, texts: RowTexts, keep: readonly number[], visible: readonly number[]): GroupRowRecord {
  const fields = keep.map((index) => texts.values[index] ?? '');
  if (texts.beyond !== undefined) fields.push(...texts.beyond);
  while (fields.length > 0 && fields[fields.length - 1] === '') fields.pop();
  const filled = visible.map((column) => (texts.values[column - 1] ?? '').trim()).filter((text) => text !== '');
  return { row, fields, text: filled.join(' '), level: 0 };
}
