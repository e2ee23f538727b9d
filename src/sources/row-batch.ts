/**
 * The form in which rows cross from the reader thread to the main thread. Structured clone of
 * one object per cell is slow to deserialize (about 23 ms per 1,000 rows of 19 cells, the whole
 * gain of a second thread), so a batch travels as flat columns: one array of cell texts, typed
 * arrays (transferred, not copied) for row numbers, cell counts, kinds, value tags and numbers,
 * and short side lists for what is rare (formulas, flag sets, number formats, row issues, group
 * texts). `decodeRowBatch` rebuilds rows deep-equal to the ones encoded, with the same property
 * sets in the same order: an absent property stays absent. A cell is taken to carry only the
 * properties `SourceCell` declares (a plain `{ kind, text, value }` is not searched for others);
 * one whose kind, value or optional properties are out of the ordinary is sent whole.
 *
 * A text equal to the one of the cell above (same column, previous row, across batches) is not
 * sent again: the decoder hands out the string it made for the cell above. The rows of one
 * product repeat its name, description and photos on every row, so on a catalog most of the text
 * crosses once, and the main thread keeps one string where it kept one per row. A plain
 * `{ kind, text, value }` cell whose text repeats the one above and whose kind and value (a
 * primitive) are the same is that cell's object, not a new one: most cells of a catalog repeat
 * (the SKU rows of a product), and the decoded rows are only read, by the pipeline's stages, on
 * the main thread, where those objects were most of its young garbage.
 */
import type { CellFlag, CellKind, SourceCell, SourceRow } from './types.js';

/** Kinds by code; code 0 is a cell slot holding `undefined`. */
const KINDS: readonly CellKind[] = ['empty', 'string', 'number', 'boolean', 'date', 'error'];
const KIND_CODES = new Map<unknown, number>(KINDS.map((kind, index) => [kind, index + 1]));
/** A cell none of the codes describe, sent whole in `cloned`. */
const CLONED = 255;

/** How a cell's `value` is stored. */
const enum ValueTag {
  Null = 0,
  SameAsText = 1,
  Number = 2,
  True = 3,
  False = 4,
  Date = 5,
  /** A string other than the cell's text, next in `strings`. */
  OtherString = 6,
}
/** Set on a value tag when the cell's text is the text of the cell above, not sent again. */
const REPEATED_TEXT = 0x80;

/** The optional properties of a cell beyond `kind`, `text` and `value`, shared by many cells. */
export interface CellShape {
  /** Every property name of the cell, in its order. */
  keys: string[];
  flags?: CellFlag[];
  numberFormat?: string;
}

/** A row with properties besides `row` and `cells` (issues, groups). */
export interface RowExtra {
  /** Position of the row in the batch. */
  index: number;
  keys: string[];
  values: Record<string, unknown>;
}

/** Rows in columns, as posted between threads. */
export interface RowBatch {
  rowCount: number;
  rows: Float64Array;
  widths: Uint32Array;
  /** Per cell slot: 0 `undefined`, 1–6 the kind, 255 cloned. */
  kinds: Uint8Array;
  valueTags: Uint8Array;
  /** Per cell slot: the number, or a date's time, for those tags. */
  numbers: Float64Array;
  /** Per cell slot: 0 for a plain `{ kind, text, value }`, else 1 + the shape's number. */
  shapes: Uint16Array;
  /** One per cell slot, in order, except those whose value tag says `REPEATED_TEXT`. */
  texts: string[];
  /** Other value strings and formulas, in cell order (value before formula). */
  strings: string[];
  /** Shapes first used in this batch, numbered on from the shapes of the earlier batches. */
  newShapes: CellShape[];
  rowExtras: RowExtra[];
  cloned: SourceCell[];
  /** The reader's `bytesRead()` when the batch was taken. */
  bytesRead: number;
}

/** The buffers of a batch, to transfer rather than copy. */
export function listBatchBuffers(batch: RowBatch): ArrayBuffer[] {
  return [batch.rows.buffer, batch.widths.buffer, batch.kinds.buffer, batch.valueTags.buffer, batch.numbers.buffer, batch.shapes.buffer] as ArrayBuffer[];
}

const OPTIONAL_CELL_KEYS = new Set(['flags', 'numberFormat', 'formula']);
const MAX_SHAPES = 0xfffe;

/** Collects rows and hands them out as batches. Shapes are numbered across the batches of one stream. */
export interface RowBatchEncoder {
  add(row: SourceRow): void;
  /** Rows added since the last `take`. */
  readonly size: number;
  take(bytesRead: number): RowBatch;
}

/** An encoder for one stream. */
export function createRowBatchEncoder(): RowBatchEncoder {
  const shapes = createCellShapeEncoder();
  const encodeShape = shapes.encodeShape;
  let pending: SourceRow[] = [];
  // Per column, the text of the last row's cell (the decoder keeps the same list).
  const above: string[] = [];

  return {
    add(row) {
      pending.push(row);
    },
    get size() {
      return pending.length;
    },
    take(bytesRead) {
      const rows = pending;
      pending = [];
      let slots = 0;
      for (const row of rows) slots += row.cells.length;
      const batch: RowBatch = {
        rowCount: rows.length,
        rows: new Float64Array(rows.length),
        widths: new Uint32Array(rows.length),
        kinds: new Uint8Array(slots),
        valueTags: new Uint8Array(slots),
        numbers: new Float64Array(slots),
        shapes: new Uint16Array(slots),
        // Filled by `push`: an array made with `new Array(n)` stays holey, and V8 serializes a
        // holey array element by element with its index.
        texts: [],
        strings: [],
        newShapes: [],
        rowExtras: [],
        cloned: [],
        bytesRead,
      };
      let slot = 0;
      for (let index = 0; index < rows.length; index++) {
        const row = rows[index] as SourceRow;
        batch.rows[index] = row.row;
        batch.widths[index] = row.cells.length;
        const extra = encodeRowExtra(row, index);
        if (extra !== undefined) batch.rowExtras.push(extra);
        const cells = row.cells;
        for (let column = 0; column < cells.length; column++) {
          encodeCell(cells[column], slot, batch, encodeShape, above, column);
          slot++;
        }
      }
      // The shapes met while encoding this batch, so that the decoder knows them before its cells.
      batch.newShapes = shapes.takeNewShapes();
      return batch;
    },
  };
}

/** Numbers the shapes of the cells with optional properties, across the batches of one stream. */
interface CellShapeEncoder {
  /** The shape id of a cell with optional properties (its formula pushed on `strings`); `undefined` when it must be cloned. */
  encodeShape(cell: SourceCell, strings: string[]): number | undefined;
  /** The shapes first met since the last call, in the order of their ids. */
  takeNewShapes(): CellShape[];
}

function createCellShapeEncoder(): CellShapeEncoder {
  const shapeIds = new Map<string, number>();
  let newShapes: CellShape[] = [];

  const findShape = (cell: SourceCell, keys: string[]): number | undefined => {
    const { flags, numberFormat } = cell;
    const key = `${keys.join(',')}\n${flags === undefined ? '' : `[${flags.join(',')}`}\n${numberFormat === undefined ? '' : `"${numberFormat}`}`;
    let id = shapeIds.get(key);
    if (id !== undefined) return id;
    if (shapeIds.size >= MAX_SHAPES) return undefined;
    id = shapeIds.size + 1;
    shapeIds.set(key, id);
    const shape: CellShape = { keys };
    if (flags !== undefined) shape.flags = [...flags];
    if (numberFormat !== undefined) shape.numberFormat = numberFormat;
    newShapes.push(shape);
    return id;
  };

  // A number format alone or flags alone (most cells with either) are looked up by their value,
  // without listing the cell's keys: both are added last to a `{ kind, text, value }`.
  const byFormat = new Map<string, number>();
  const byFlags = new Map<string, number>();
  const findAlone = (cell: SourceCell, cache: Map<string, number>, key: string, name: string): number | undefined => {
    let id = cache.get(key);
    if (id === undefined) {
      id = findShape(cell, ['kind', 'text', 'value', name]);
      if (id !== undefined) cache.set(key, id);
    }
    return id;
  };

  return {
    encodeShape(cell, strings) {
      const { flags, numberFormat, formula } = cell;
      if (!('formula' in cell)) {
        if (!('flags' in cell) && typeof numberFormat === 'string') return findAlone(cell, byFormat, numberFormat, 'numberFormat');
        if (!('numberFormat' in cell) && Array.isArray(flags) && flags.every((flag) => typeof flag === 'string')) {
          return findAlone(cell, byFlags, flags.length === 1 ? (flags[0] as string) : flags.join(','), 'flags');
        }
      }
      const keys = Object.keys(cell);
      for (const key of keys) {
        if (key === 'kind' || key === 'text' || key === 'value') continue;
        if (!OPTIONAL_CELL_KEYS.has(key)) return undefined;
      }
      if ('flags' in cell && !(Array.isArray(cell.flags) && cell.flags.every((flag) => typeof flag === 'string'))) return undefined;
      if ('numberFormat' in cell && typeof cell.numberFormat !== 'string') return undefined;
      if ('formula' in cell && typeof cell.formula !== 'string') return undefined;
      const id = findShape(cell, keys);
      if (id !== undefined && formula !== undefined) strings.push(formula);
      return id;
    },
    takeNewShapes() {
      const taken = newShapes;
      newShapes = [];
      return taken;
    },
  };
}

function encodeRowExtra(row: SourceRow, index: number): RowExtra | undefined {
  if (row.issues === undefined && row.groups === undefined) {
    const keys = Object.keys(row);
    if (keys.length === 2 && keys[0] === 'row' && keys[1] === 'cells') return undefined;
  }
  const keys = Object.keys(row);
  const values: Record<string, unknown> = {};
  for (const key of keys) if (key !== 'row' && key !== 'cells') values[key] = (row as unknown as Record<string, unknown>)[key];
  return { index, keys, values };
}

function encodeCell(
  cell: SourceCell | undefined,
  slot: number,
  batch: RowBatch,
  encodeShape: (cell: SourceCell, strings: string[]) => number | undefined,
  above: string[],
  column: number,
): void {
  if (cell === undefined) {
    batch.texts.push('');
    return;
  }
  const kind = KIND_CODES.get(cell.kind);
  const tag = kind === undefined || typeof cell.text !== 'string' ? undefined : encodeValue(cell, slot, batch);
  let shape: number | undefined = 0;
  if (tag !== undefined && (cell.flags !== undefined || cell.numberFormat !== undefined || cell.formula !== undefined)) {
    shape = encodeShape(cell, batch.strings);
  }
  if (kind === undefined || tag === undefined || shape === undefined) {
    // Only a cell outside the types gets here; `encodeValue` pushed nothing for it but a string.
    if (tag === ValueTag.OtherString) batch.strings.pop();
    batch.kinds[slot] = CLONED;
    batch.texts.push('');
    batch.cloned.push(cell);
    return;
  }
  batch.kinds[slot] = kind;
  batch.shapes[slot] = shape;
  const text = cell.text;
  if (text === above[column] && text !== '') {
    batch.valueTags[slot] = tag | REPEATED_TEXT;
    return;
  }
  batch.valueTags[slot] = tag;
  batch.texts.push(text);
  above[column] = text;
}

function encodeValue(cell: SourceCell, slot: number, batch: RowBatch): ValueTag | undefined {
  const value = cell.value;
  if (value === null) return ValueTag.Null;
  if (value === cell.text) return ValueTag.SameAsText;
  switch (typeof value) {
    case 'number':
      batch.numbers[slot] = value;
      return ValueTag.Number;
    case 'boolean':
      return value ? ValueTag.True : ValueTag.False;
    case 'string':
      batch.strings.push(value);
      return ValueTag.OtherString;
    default:
      if (value instanceof Date && Object.getPrototypeOf(value) === Date.prototype) {
        batch.numbers[slot] = value.getTime();
        return ValueTag.Date;
      }
      return undefined;
  }
}

/** Rebuilds rows from batches of one stream, in order (shapes carry over from batch to batch). */
export interface RowBatchDecoder {
  decode(batch: RowBatch): SourceRow[];
}

/** A decoder for one stream. */
export function createRowBatchDecoder(): RowBatchDecoder {
  const shapes: CellShape[] = [];
  const above: string[] = [];
  // Per column, the last plain cell made (undefined after any other kind of cell).
  const aboveCells: (SourceCell | undefined)[] = [];
  return {
    decode(batch) {
      for (const shape of batch.newShapes) shapes.push(shape);
      const { kinds, valueTags, numbers, texts, strings, cloned } = batch;
      const out: SourceRow[] = new Array<SourceRow>(batch.rowCount);
      let slot = 0;
      let textAt = 0;
      let stringAt = 0;
      let clonedAt = 0;
      let extraAt = 0;
      for (let index = 0; index < batch.rowCount; index++) {
        const width = batch.widths[index] as number;
        const cells: (SourceCell | undefined)[] = [];
        for (let column = 0; column < width; column++, slot++) {
          const kind = kinds[slot] as number;
          if (kind === 0) {
            cells.push(undefined);
            aboveCells[column] = undefined;
            textAt++;
            continue;
          }
          if (kind === CLONED) {
            cells.push(cloned[clonedAt++]);
            aboveCells[column] = undefined;
            textAt++;
            continue;
          }
          const tag = valueTags[slot] as number;
          const shapeId = batch.shapes[slot] as number;
          let text: string;
          if ((tag & REPEATED_TEXT) !== 0) {
            text = above[column] as string;
            const same = shapeId === 0 ? aboveCells[column] : undefined;
            if (same !== undefined && same.kind === KINDS[kind - 1] && isSameValue(same.value, tag & ~REPEATED_TEXT, text, numbers[slot] as number)) {
              cells.push(same);
              continue;
            }
          } else {
            text = texts[textAt++] as string;
            above[column] = text;
          }
          const valueTag = (tag & ~REPEATED_TEXT) as ValueTag;
          const value = decodeValue(valueTag, text, numbers[slot] as number, strings, stringAt);
          if (valueTag === ValueTag.OtherString) stringAt++;
          if (shapeId === 0) {
            const cell: SourceCell = { kind: KINDS[kind - 1] as CellKind, text, value };
            cells.push(cell);
            aboveCells[column] = cell;
            continue;
          }
          aboveCells[column] = undefined;
          const cell = buildShapedCell(shapes[shapeId - 1] as CellShape, KINDS[kind - 1] as CellKind, text, value, strings, stringAt);
          if (cell.formula !== undefined) stringAt++;
          cells.push(cell);
        }
        const extra = batch.rowExtras[extraAt];
        const rowNumber = batch.rows[index] as number;
        if (extra === undefined || extra.index !== index) {
          out[index] = { row: rowNumber, cells };
          continue;
        }
        extraAt++;
        out[index] = buildExtraRow(extra, rowNumber, cells);
      }
      return out;
    },
  };
}

/** A cell's value as its tag (`REPEATED_TEXT` cleared) gives it; `OtherString` is `strings[stringAt]`. */
function decodeValue(tag: ValueTag, text: string, number: number, strings: readonly string[], stringAt: number): SourceCell['value'] {
  switch (tag) {
    case ValueTag.Null:
      return null;
    case ValueTag.SameAsText:
      return text;
    case ValueTag.Number:
      return number;
    case ValueTag.True:
      return true;
    case ValueTag.False:
      return false;
    case ValueTag.Date:
      return new Date(number);
    default:
      return strings[stringAt] as string;
  }
}

/** A cell with optional properties, its keys in the order of its shape; a formula is `strings[stringAt]`. */
function buildShapedCell(shape: CellShape, kind: CellKind, text: string, value: SourceCell['value'], strings: readonly string[], stringAt: number): SourceCell {
  const cell: Record<string, unknown> = {};
  for (const key of shape.keys) {
    if (key === 'kind') cell['kind'] = kind;
    else if (key === 'text') cell['text'] = text;
    else if (key === 'value') cell['value'] = value;
    else if (key === 'flags') cell['flags'] = [...(shape.flags as CellFlag[])];
    else if (key === 'numberFormat') cell['numberFormat'] = shape.numberFormat;
    else cell['formula'] = strings[stringAt];
  }
  return cell as unknown as SourceCell;
}

/** A row with properties besides `row` and `cells`, in their order. */
function buildExtraRow(extra: RowExtra, rowNumber: number, cells: (SourceCell | undefined)[]): SourceRow {
  const row: Record<string, unknown> = {};
  for (const key of extra.keys) row[key] = key === 'row' ? rowNumber : key === 'cells' ? cells : extra.values[key];
  return row as unknown as SourceRow;
}

/** Whether a cell's `value` is the primitive the tag gives (a date is an object of its own: never). */
function isSameValue(value: SourceCell['value'], tag: number, text: string, number: number): boolean {
  switch (tag as ValueTag) {
    case ValueTag.Null:
      return value === null;
    case ValueTag.SameAsText:
      return value === text;
    case ValueTag.Number:
      return Object.is(value, number);
    case ValueTag.True:
      return value === true;
    case ValueTag.False:
      return value === false;
    default:
      return false;
  }
}
