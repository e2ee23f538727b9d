/**
 * The form in which rows cross from the reader thread to the main thread: the cells of a batch in
 * one flat list, beside the row numbers and widths, so that the main thread deserializes a few
 * arrays and strings instead of an object per row and per cell (structured clone of the row
 * objects cost ten times as much to receive; docs/performance.md). A cell is, in the list:
 * - `null`: no cell (`undefined` in the row);
 * - `0`: the same as the cell above (same column, previous row, across batches): the decoder hands
 *   out that cell's object again (the rows of one product repeat its name, description and photos);
 * - a string: a string cell whose value is its text (most cells of a catalog);
 * - else the cell itself, as structured clone sends it.
 * Cells and rows are taken to carry only the properties their types declare (a plain
 * `{ kind, text, value }` is not searched for others). Rows with issues, groups or a `leftOut` mark are sent beside,
 * without their cells.
 */
import type { SourceCell, SourceRow } from './types.js';

/** Same as the cell above. */
const SAME = 0;

/** One cell in the flat list. */
type BatchCell = null | typeof SAME | string | SourceCell;

/** Rows as posted between threads. */
export interface RowBatch {
  rows: number[];
  widths: number[];
  cells: BatchCell[];
  /** Rows with other properties: their index in the batch and the row with `cells` left undefined. */
  extras: [number, SourceRow][];
  /** The reader's `bytesRead()` when the batch was taken. */
  bytesRead: number;
}

/** Collects rows and hands them out as batches; the cells above carry over from batch to batch. */
interface RowBatchEncoder {
  add(row: SourceRow): void;
  /** Rows added since the last `take`. */
  readonly size: number;
  take(bytesRead: number): RowBatch;
}

/** Whether `cell` is a `{ kind, text, value }` with a primitive value, which the decoder may hand out twice. */
function isPlain(cell: SourceCell): boolean {
  return !('flags' in cell) && !('numberFormat' in cell) && !('formula' in cell) && (typeof cell.value !== 'object' || cell.value === null);
}

/** An encoder for one stream. */
export function createRowBatchEncoder(): RowBatchEncoder {
  let batch: RowBatch = { rows: [], widths: [], cells: [], extras: [], bytesRead: 0 };
  // Per column, the plain cell of the last row (undefined after any other).
  const above: (SourceCell | undefined)[] = [];
  const encodeCell = (cell: SourceCell | undefined, column: number): BatchCell => {
    const last = above[column];
    above[column] = undefined;
    if (cell === undefined) return null;
    if (!isPlain(cell)) return cell;
    above[column] = cell;
    if (last !== undefined && last.text === cell.text && last.kind === cell.kind && Object.is(last.value, cell.value)) return SAME;
    return cell.kind === 'string' && cell.value === cell.text ? cell.text : cell;
  };
  return {
    add(row) {
      if ('issues' in row || 'groups' in row || 'leftOut' in row) batch.extras.push([batch.rows.length, { ...row, cells: undefined as unknown as SourceRow['cells'] }]);
      batch.rows.push(row.row);
      batch.widths.push(row.cells.length);
      for (let column = 0; column < row.cells.length; column++) batch.cells.push(encodeCell(row.cells[column], column));
    },
    get size() {
      return batch.rows.length;
    },
    take(bytesRead) {
      const taken = { ...batch, bytesRead };
      batch = { rows: [], widths: [], cells: [], extras: [], bytesRead: 0 };
      return taken;
    },
  };
}

/** Rebuilds rows from batches of one stream, in order. */
interface RowBatchDecoder {
  decode(batch: RowBatch): SourceRow[];
}

/** A decoder for one stream. */
export function createRowBatchDecoder(): RowBatchDecoder {
  const above: (SourceCell | undefined)[] = [];
  return {
    decode({ rows, widths, cells, extras }) {
      const out: SourceRow[] = [];
      let at = 0;
      let extra = 0;
      for (let index = 0; index < rows.length; index++) {
        const width = widths[index] as number;
        const rowCells: (SourceCell | undefined)[] = [];
        for (let column = 0; column < width; column++) {
          const entry = cells[at++] as BatchCell;
          const cell = entry === null ? undefined : entry === SAME ? above[column] : typeof entry === 'string' ? { kind: 'string' as const, text: entry, value: entry } : entry;
          rowCells.push(cell);
          above[column] = cell;
        }
        const withExtras = extras[extra];
        if (withExtras !== undefined && withExtras[0] === index) {
          extra++;
          out.push({ ...withExtras[1], cells: rowCells });
        } else out.push({ row: rows[index] as number, cells: rowCells });
      }
      return out;
    },
  };
}
