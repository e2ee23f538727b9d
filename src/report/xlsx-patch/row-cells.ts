/**
 * The cells of one `<row>` element of a worksheet's XML: where each starts and ends, its column
 * (from `r`, or the one after the previous cell when it has none), its style and type, and, on
 * demand, the cell as stored (for the texts of `onDataRow`, built by the reader's own cell builder).
 * Text and attributes are decoded by the reader's own decoder (`decodeXmlText`), by the same rules:
 * a text the reader refuses as malformed is refused here too, never read another way.
 */
import { decodeXmlText, normalizeLineEnds, XmlTextError } from '../../sources/xml-text.js';
import type { XmlCell } from '../../sources/parse-sheet-rows.js';
import { readDecodedAttribute } from './xml-markup.js';

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
  const tagEnd = row.indexOf('>') + 1;
  const selfClosing = row.charCodeAt(tagEnd - 2) === 47;
  return { tagEnd, selfClosing, closeStart: selfClosing ? row.length : row.lastIndexOf('</') };
}

/** The cells of `row` (the text of one row element, prefix `prefix`), in the order written. */
export function readRowCells(row: string, prefix: string, shape: RowShape): RowCell[] {
  const cells: RowCell[] = [];
  const open = `<${prefix}c`;
  const close = `</${prefix}c>`;
  let at = shape.tagEnd;
  let previous = 0;
  for (;;) {
    const start = row.indexOf(open, at);
    if (start < 0 || start >= shape.closeStart) break;
    const next = row.charCodeAt(start + open.length);
    // `<c ` / `<c>` / `<c/>`, not `<col…>` or another element starting with c.
    if (!(next === 32 || next === 62 || next === 47 || next === 9 || next === 10 || next === 13)) {
      at = start + open.length;
      continue;
    }
    const tagEnd = row.indexOf('>', start) + 1;
    const selfClosing = row.charCodeAt(tagEnd - 2) === 47;
    const end = selfClosing ? tagEnd : row.indexOf(close, tagEnd) + close.length;
    if (tagEnd <= 0 || end < tagEnd) break;
    const tag = row.slice(start, tagEnd);
    let ref: string | undefined;
    let style: number;
    let type: string;
    try {
      ref = readDecodedAttribute(tag, 'r');
      style = Number(readDecodedAttribute(tag, 's') ?? '0');
      type = readDecodedAttribute(tag, 't') ?? 'n';
    } catch (error) {
      const number = readRowNumber(row);
      throw placeXmlTextError(error, previous === 0 ? `the tag of the first cell of row ${number}` : `the tag of the cell after ${columnLetters(previous)}${number}`);
    }
    const fromRef = ref === undefined ? undefined : parseColumn(ref);
    const column = fromRef ?? previous + 1;
    cells.push({ start, tagEnd, end, column, hasRef: fromRef !== undefined, style: Number.isInteger(style) && style >= 0 ? style : 0, type });
    previous = column;
    at = end;
  }
  return cells;
}

/**
 * The number of a row as written in its start tag (the rewrite gives every row its `r` before its
 * cells are read), for an error message only.
 */
function readRowNumber(row: string): string {
  const match = /^<[^>]*?\sr\s*=\s*["']([^"']*)["']/.exec(row);
  return match?.[1] ?? '?';
}

/** A text the decoder refused, its message completed with the place in the sheet (`in cell C17`); any other error as it is. */
function placeXmlTextError(error: unknown, place: string): unknown {
  return error instanceof XmlTextError ? new XmlTextError(`${error.message} in ${place}`, { cause: error }) : error;
}

/** Column number (A = 1) of a cell reference such as `AB12`; `undefined` when it is none. */
export function parseColumn(ref: string): number | undefined {
  let n = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const code = ref.charCodeAt(i);
    if (code >= 65 && code <= 90) n = n * 26 + (code - 64);
    else if (code >= 97 && code <= 122) n = n * 26 + (code - 96);
    else break;
  }
  if (i === 0 || i > 3 || n > 16_384) return undefined;
  return n;
}

/** The letters of a 1-based column. */
export function columnLetters(column: number): string {
  let letters = '';
  let n = column;
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/**
 * The cell as stored, in the shape the source reader builds its cells from (`XmlCell`), so that the
 * copy reads every cell exactly as the reader did.
 */
export function readStoredCell(row: string, cell: RowCell, prefix: string): XmlCell {
  const stored: XmlCell = { column: cell.column - 1, type: cell.type === 'n' ? undefined : cell.type, style: cell.style, value: undefined, formula: undefined, inline: undefined };
  if (cell.end === cell.tagEnd) return stored;
  const inner = row.slice(cell.tagEnd, cell.end - prefix.length - 4);
  try {
    stored.formula = readElementText(inner, prefix, 'f');
    stored.value = readElementText(inner, prefix, 'v');
    // Whatever the type, as the reader keeps an `<is>` for the cell builder to choose from.
    if (inner.includes(`<${prefix}is`)) stored.inline = readInlineText(inner, prefix);
  } catch (error) {
    throw placeXmlTextError(error, `cell ${columnLetters(cell.column)}${readRowNumber(row)}`);
  }
  return stored;
}

/** Text of the first `<name>` element in `inner`, entities decoded; `''` for an empty one, `undefined` when absent. */
function readElementText(inner: string, prefix: string, name: string): string | undefined {
  const open = `<${prefix}${name}`;
  let at = inner.indexOf(open);
  while (at >= 0) {
    const next = inner.charCodeAt(at + open.length);
    if (next === 62 || next === 32 || next === 47 || next === 9 || next === 10 || next === 13) break;
    at = inner.indexOf(open, at + open.length);
  }
  if (at < 0) return undefined;
  const tagEnd = inner.indexOf('>', at) + 1;
  if (inner.charCodeAt(tagEnd - 2) === 47) return '';
  const close = inner.indexOf(`</${prefix}${name}>`, tagEnd);
  return readCharacterData(inner.slice(tagEnd, close < 0 ? inner.length : close));
}

/** Text of an inline string (`<is>`): its `<t>` runs joined ('' for none), phonetic guides (`<rPh>`) left out. */
function readInlineText(inner: string, prefix: string): string {
  const withoutGuides = inner.replace(new RegExp(`<${prefix}rPh[\\s>][\\s\\S]*?</${prefix}rPh>`, 'g'), '');
  const pattern = new RegExp(`<${prefix}t(?:\\s[^>]*)?(?:/>|>([\\s\\S]*?)</${prefix}t>)`, 'g');
  let text = '';
  for (const match of withoutGuides.matchAll(pattern)) text += readCharacterData(match[1] ?? '');
  return text;
}

// Markup inside an element's text: a comment, a CDATA section (its content captured), a processing instruction or a tag.
const MARKUP = /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<[^>]*>/g;

/**
 * The text of an element's content as the reader's scanner reads it: each piece of text between
 * markup decoded on its own (an entity cannot span a comment), a CDATA section's content as text
 * (line ends normalised, nothing decoded), comments and other markup left out.
 */
function readCharacterData(content: string): string {
  if (!content.includes('<')) return decodeXmlText(content);
  let text = '';
  let at = 0;
  for (const match of content.matchAll(MARKUP)) {
    text += decodeXmlText(content.slice(at, match.index));
    if (match[1] !== undefined) text += normalizeLineEnds(match[1]);
    at = match.index + match[0].length;
  }
  return text + decodeXmlText(content.slice(at));
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
