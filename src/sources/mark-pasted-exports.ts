/**
 * Exports pasted one under the other (two downloads joined, a sheet copied under another). Each
 * brings its header along, and often its title rows above it: "Прайс-лист …", a date line, an
 * empty row. Neither is goods. Mapped, the header is a product named "Наименование" whose price is
 * "Цена", and a title is a product with an error for every required field. The reader marks both
 * (`SourceRow.leftOut`); the mapper leaves them out with a `row_skipped` warning naming them, as it
 * does a row the mapping skips. A title row comes before the header that shows what it is, so the
 * rows that may be titles are held back until the next row that is not one.
 */
import { checkCellEmpty } from './detect-group-rows.js';
import { HEADER_SCAN_ROWS, normalizeHeaderName } from './find-header-row.js';
import type { RawRow } from './shape-rows.js';
import type { LeftOutRow, SourceCell, SourceColumn } from './types.js';

/** Hands raw rows on in file order, marking repeated headers and the title rows above them. */
export interface PastedExportMarker {
  /**
   * Takes the next row. Returns it when it goes on at once with nothing held before it (the usual
   * row of goods: no array touched); else pushes onto `ready` the rows that may go on now (none
   * while `row` is held) and returns undefined.
   */
  add(row: RawRow, ready: RawRow[]): RawRow | undefined;
  /** At the end of the rows: pushes the rows still held onto `ready`, unmarked. */
  flush(ready: RawRow[]): void;
}

const REPEATED_HEADER: LeftOutRow = { variant: 'header' };

/** Most rows held back, empty ones counted: empty rows between a title and its header are few. */
const MAX_HELD_ROWS = 4 * HEADER_SCAN_ROWS;

/** Most cells a title row fills: a title, a date line, "Цены в тенге с НДС", a manager and a phone. */
const TITLE_MAX_CELLS = 2;

/**
 * Compiles the marker for a header (its visible columns). A row repeats the header when every filled
 * cell holds its column's header text (case, spaces and ё/е aside) and at least half of the named
 * columns, two at least, are filled so. A title is a row with values in fewer than half of the named
 * columns and in two at most; such rows right above a repeated header (empty rows between them aside, at most
 * `HEADER_SCAN_ROWS` of them, as at the top of the file) are its export's titles. Undefined for a
 * header of fewer than two named columns (`headerRow: none` names none).
 */
export function createPastedExportMarker(columns: readonly SourceColumn[]): PastedExportMarker | undefined {
  const repeatsHeader = createRepeatedHeaderTest(columns);
  if (repeatsHeader === undefined) return undefined;
  const positions = columns.map((column) => column.index);
  const named = columns.filter((column) => normalizeHeaderName(column.text ?? column.name) !== '').length;
  const wide = Math.min(TITLE_MAX_CELLS + 1, Math.ceil(named / 2));
  const checkNarrow = (cells: readonly (SourceCell | undefined)[]): boolean => {
    let filled = 0;
    for (let i = 0; i < positions.length; i++) if (checkCellFilled(cells[positions[i] as number]) && ++filled >= wide) return false;
    return true;
  };
  const held: RawRow[] = [];
  let heldFilled = 0;
  const release = (ready: RawRow[]): void => {
    for (const row of held) ready.push(row);
    held.length = 0;
    heldFilled = 0;
  };
  return {
    add(row, ready) {
      if (repeatsHeader(row.cells)) {
        for (const title of held) if (!checkRowBlank(title, positions)) title.leftOut = { variant: 'title', headerRow: row.row };
        release(ready);
        row.leftOut = REPEATED_HEADER;
        ready.push(row);
        return undefined;
      }
      if (!checkNarrow(row.cells)) {
        if (held.length === 0) return row;
        release(ready);
        ready.push(row);
        return undefined;
      }
      const blank = checkRowBlank(row, positions);
      // An empty row goes on at once unless it stands between held rows and what follows them (the
      // formatted empty rows below a sheet's goods are never held); nor are too many held.
      if ((blank && held.length === 0) || held.length >= MAX_HELD_ROWS) {
        release(ready);
        ready.push(row);
        return undefined;
      }
      if (!blank && ++heldFilled > HEADER_SCAN_ROWS) {
        // Too many to be one export's titles: the oldest goes on as a row of goods.
        let oldest = held.shift();
        while (oldest !== undefined && checkRowBlank(oldest, positions)) {
          ready.push(oldest);
          oldest = held.shift();
        }
        if (oldest !== undefined) ready.push(oldest);
        heldFilled--;
      }
      held.push(row);
      return undefined;
    },
    flush: release,
  };
}

/**
 * `!checkCellEmpty(cell)`, told by the first character for most cells: `trim()` on every cell of
 * every row cost ~4,000 instructions a row (20,000-row CSV read four times: +320 M).
 */
function checkCellFilled(cell: SourceCell | undefined): boolean {
  if (cell === undefined || cell.kind === 'empty') return false;
  if (cell.kind !== 'string') return true;
  const first = cell.text.charCodeAt(0);
  if (first > 32 && first !== 160 && first < 0x1680) return true;
  return !checkCellEmpty(cell);
}

function checkRowBlank(row: RawRow, positions: readonly number[]): boolean {
  return positions.every((position) => checkCellEmpty(row.cells[position]));
}

/** True when a row's cells (raw, by column position) repeat the header. */
type RepeatedHeaderTest = (cells: readonly (SourceCell | undefined)[]) => boolean;

function createRepeatedHeaderTest(columns: readonly SourceColumn[]): RepeatedHeaderTest | undefined {
  const names = columns.map((column) => normalizeHeaderName(column.text ?? column.name));
  const named = names.filter((name) => name !== '').length;
  if (named < 2) return undefined;
  const needed = Math.max(2, Math.ceil(named / 2));
  const positions = columns.map((column) => column.index);
  // The first letter of each name, both cases (ё as е): most rows of goods differ at their first
  // filled cell's first letter, told apart without a string made.
  const firsts = names.map((name) => {
    const first = name.charAt(0);
    return first === '' ? [] : [first, first.toUpperCase(), ...(first === 'е' ? ['ё', 'Ё'] : [])].map((letter) => letter.charCodeAt(0));
  });
  return (cells) => {
    let matched = 0;
    for (let i = 0; i < positions.length; i++) {
      const cell = cells[positions[i] as number];
      if (cell === undefined || cell.kind === 'empty') continue;
      const text = cell.text;
      let at = 0;
      while (at < text.length && (text.charCodeAt(at) <= 32 || text.charCodeAt(at) === 160)) at++;
      if (at === text.length) continue;
      if (!(firsts[i] ?? []).includes(text.charCodeAt(at)) || normalizeHeaderName(text) !== names[i]) return false;
      matched++;
    }
    return matched >= needed;
  };
}
