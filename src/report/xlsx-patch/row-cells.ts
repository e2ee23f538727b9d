/**
 * The cells of one `<row>` element of a worksheet's XML: where each starts and ends, its column
 * (from `r`, or the one after the previous cell when it has none), its style and type, and, on
 * demand, the cell as stored (for the texts of `onDataRow`, built by the reader's own cell builder).
 * Cell tags and contents are read by the reader's own sheet scanner (`readAttributes`,
 * `scanCellContent`): a text the reader refuses as malformed is refused here too, never read another way.
 */
import { buildColumnLetter } from '../../sources/column-letter.js';
import { findTagEnd, placeXmlTextError } from '../../xlsx/xml-text.js';
import { findElementEnd, findMarkupEnd, parseCellColumn, parseCellStyle, readAttributes, scanCellContent, type TagAttributes, type XmlCell } from '../../xlsx/parse-sheet-rows.js';
import { readAttribute } from '../../xlsx/xml-markup.js';

/** One cell of a row. */
export interface RowCell {
  /** Offsets in the row's text: the cell element is `[start, end)`, its start tag `[start, tagEnd)`. */
  start: number;
  tagEnd: number;
  end: number;
  /** 1-based column. */
  column: number;
  /** True when the cell has an `r` attribute. */
  hasRef: boolean;
  /** Cell format index (`s`), 0 when absent. */
  style: number;
  /** Cell type (`t`), `n` when absent. */
  type: string;
}

/** The row's start tag and the place of its end tag (`closeStart` = text length for `<row/>`). */
export interface RowShape {
  /** End (exclusive) of the start tag. */
  tagEnd: number;
  selfClosing: boolean;
  /** Start of `</row>` (text length when self-closing). */
  closeStart: number;
}

/** Where the row's start tag ends and its end tag starts. */
export function readRowShape(row: string): RowShape {
  const tagEnd = findTagEnd(row, 1) + 1;
  const selfClosing = row.charCodeAt(tagEnd - 2) === 47;
  return { tagEnd, selfClosing, closeStart: selfClosing ? row.length : row.lastIndexOf('</') };
}

/**
 * The cells of `row` (the text of one row element, prefix `prefix`), in the order written. The row
 * is walked markup by markup as the reader's scanner walks it (`findMarkupEnd`), and a cell ends
 * where the scanner ends it (`findElementEnd`): a `<c` or `</c>` inside a comment, CDATA section,
 * processing instruction or quoted attribute value is no cell and ends none.
 */
export function readRowCells(row: string, prefix: string, shape: RowShape): RowCell[] {
  const cells: RowCell[] = [];
  const open = `<${prefix}c`;
  let previous = 0;
  let start = row.indexOf('<', shape.tagEnd);
  while (start >= 0 && start < shape.closeStart) {
    if (!row.startsWith(open, start) || !checkNameEnd(row.charCodeAt(start + open.length))) {
      // Not a cell's start tag (`<col…>`, an end tag, a comment): stepped over.
      const after = findMarkupEnd(row, start);
      if (after < 0) break;
      start = row.indexOf('<', after);
      continue;
    }
    const gt = findTagEnd(row, start + open.length);
    if (gt < 0) break;
    const selfClosing = row.charCodeAt(gt - 1) === 47;
    try {
      // Read and decoded by the reader's own attribute reader, so both place the cell in the same column.
      readAttributes(row, start + open.length, selfClosing ? gt - 1 : gt, tagValues);
    } catch (error) {
      const number = readRowNumber(row);
      throw placeXmlTextError(error, previous === 0 ? `the tag of the first cell of row ${number}` : `the tag of the cell after ${columnLetters(previous)}${number}`);
    }
    const end = findElementEnd(row, start);
    if (end < 0) break;
    const fromRef = readCellRefColumn(tagValues.r);
    const column = fromRef ?? previous + 1;
    cells.push({ start, tagEnd: gt + 1, end, column, hasRef: fromRef !== undefined, style: parseCellStyle(tagValues.s), type: tagValues.t ?? 'n' });
    previous = column;
    start = row.indexOf('<', end);
  }
  return cells;
}

/** White space, `>` or `/` after `<c`: the cell's name ends there (not `<col…>`). */
function checkNameEnd(code: number): boolean {
  return code === 32 || code === 62 || code === 47 || code === 9 || code === 10 || code === 13;
}

const tagValues: TagAttributes = { r: undefined, s: undefined, t: undefined };

/**
 * The number of a row as written in its start tag (the rewrite gives every row its `r` before its
 * cells are read), for an error message only.
 */
function readRowNumber(row: string): string {
  return readAttribute(row.slice(0, findTagEnd(row, 1) + 1), 'r') ?? '?';
}

/**
 * Column number (A = 1) of a cell's `r` attribute, read by the reader's own rule (`$B$2` is B; a
 * column past XFD is one, the reader leaves such a cell out); `undefined` when it is none.
 */
export function readCellRefColumn(ref: string | undefined): number | undefined {
  const column = parseCellColumn(ref);
  return column === undefined ? undefined : column + 1;
}

/** The letters of a 1-based column. */
export function columnLetters(column: number): string {
  return buildColumnLetter(column - 1);
}

/**
 * The cell as stored, in the shape the source reader builds its cells from (`XmlCell`), its content
 * read by the reader's own sheet scanner, so that the copy reads every cell exactly as the reader did.
 */
export function readStoredCell(row: string, cell: RowCell, prefix: string): XmlCell {
  const stored: XmlCell = { column: cell.column - 1, type: cell.type === 'n' ? undefined : cell.type, style: cell.style, value: undefined, formula: undefined, inline: undefined };
  if (cell.end === cell.tagEnd) return stored;
  // The content ends where the cell's end tag starts (`</c>`, or `</c >` as XML allows).
  scanCellContent(row.slice(cell.tagEnd, row.lastIndexOf('<', cell.end - 1)), stored, `${prefix}c`, () => Number(readRowNumber(row)));
  return stored;
}

/** A row's cells, read on first use (most rows never need them). */
export class RowCellsOnDemand {
  private cells: RowCell[] | undefined;
  constructor(
    readonly text: string,
    private readonly prefix: string,
    private readonly shape: RowShape,
  ) {}

  /** The row's cells, read once. */
  get(): RowCell[] {
    this.cells ??= readRowCells(this.text, this.prefix, this.shape);
    return this.cells;
  }
}
