/**
 * The cells of one `<row>` element of a worksheet's XML: where each starts and ends, its column
 * (from `r`, or the one after the previous cell when it has none), its style and type, and, on
 * demand, the cell as stored (for the texts of `onDataRow`, built by the reader's own cell builder).
 * Text and attributes are decoded by the reader's own decoder (`decodeXmlText`), by the same rules:
 * a text the reader refuses as malformed is refused here too, never read another way.
 */
import { checkXmlSpace, decodeXmlText, findNonTagEnd, findTagEnd, normalizeLineEnds, placeXmlTextError, XmlTextError } from '../../sources/xml-text.js';
import { parseCellColumn, parseCellStyle, type XmlCell } from '../../sources/parse-sheet-rows.js';
import { readAttribute } from './xml-markup.js';

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

/** The cells of `row` (the text of one row element, prefix `prefix`), in the order written. */
export function readRowCells(row: string, prefix: string, shape: RowShape): RowCell[] {
  const cells: RowCell[] = [];
  const open = `<${prefix}c`;
  const close = `</${prefix}c>`;
  let at = shape.tagEnd;
  let previous = 0;
  // A comment or CDATA section may hold `</c>`: the end of a cell is then looked for around them (rare: one test per row).
  let markup = row.indexOf('<!', shape.tagEnd);
  const careful = markup >= 0;
  for (;;) {
    const start = row.indexOf(open, at);
    if (start < 0 || start >= shape.closeStart) break;
    if (careful) {
      // A `<c` inside a comment or CDATA section between the cells is no cell, as the reader reads it.
      if (markup >= 0 && markup < at) markup = row.indexOf('<!', at);
      if (markup >= 0 && markup < start) {
        at = skipNonTagMarkup(row, markup);
        if (at < 0) break;
        continue;
      }
    }
    const next = row.charCodeAt(start + open.length);
    // `<c ` / `<c>` / `<c/>`, not `<col…>` or another element starting with c.
    if (!(next === 32 || next === 62 || next === 47 || next === 9 || next === 10 || next === 13)) {
      at = start + open.length;
      continue;
    }
    // One walk over the tag reads `r`, `s` and `t` and finds its end; a tag it cannot walk (not well
    // formed: the reader stops on it first) is read attribute by attribute, as before.
    let gt = scanCellTag(row, start + open.length, tagValues);
    if (gt < 0) {
      gt = findTagEnd(row, start + open.length);
      const tag = row.slice(start, gt + 1);
      tagValues.r = readAttribute(tag, 'r');
      tagValues.s = readAttribute(tag, 's');
      tagValues.t = readAttribute(tag, 't');
    }
    const tagEnd = gt + 1;
    const selfClosing = row.charCodeAt(tagEnd - 2) === 47;
    const end = selfClosing ? tagEnd : findEndTag(row, tagEnd, close, careful) + close.length;
    if (tagEnd <= 0 || end < tagEnd) break;
    let ref: string | undefined;
    let style: number;
    let type: string;
    try {
      ref = decodeAttribute(tagValues.r);
      style = parseCellStyle(decodeAttribute(tagValues.s));
      type = decodeAttribute(tagValues.t) ?? 'n';
    } catch (error) {
      const number = readRowNumber(row);
      throw placeXmlTextError(error, previous === 0 ? `the tag of the first cell of row ${number}` : `the tag of the cell after ${columnLetters(previous)}${number}`);
    }
    const fromRef = readCellRefColumn(ref);
    const column = fromRef ?? previous + 1;
    cells.push({ start, tagEnd, end, column, hasRef: fromRef !== undefined, style, type });
    previous = column;
    at = end;
  }
  return cells;
}

/** The raw values of a cell tag's `r`, `s` and `t`. */
export interface CellTagValues {
  r: string | undefined;
  s: string | undefined;
  t: string | undefined;
}

const tagValues: CellTagValues = { r: undefined, s: undefined, t: undefined };

/** An attribute value decoded as the reader's scanner decodes it (`&#66;2` is `B2`). */
export function decodeAttribute(raw: string | undefined): string | undefined {
  return raw === undefined ? undefined : decodeXmlText(raw, undefined, true);
}

/** Whether `row[from, to)` can be an attribute's name: not empty, no white space, markup or quote (else the walk left the tag). */
function checkAttributeName(row: string, from: number, to: number): boolean {
  if (to === from) return false;
  for (let at = from; at < to; at++) {
    const code = row.charCodeAt(at);
    if (checkXmlSpace(code) || code === 62 || code === 60 || code === 34 || code === 39) return false;
  }
  return true;
}

/**
 * Walks a cell's start tag from `from` (just past its name) attribute by attribute, as the reader's
 * scanner does: each value taken whole between its quotes (a `>` or ` r='Z9'` inside one is text),
 * the raw values of `r`, `s` and `t` put in `into`. Returns the index of the tag's `>`, or -1 when the
 * tag is not one XML allows.
 */
export function scanCellTag(row: string, from: number, into: CellTagValues): number {
  into.r = undefined;
  into.s = undefined;
  into.t = undefined;
  let at = from;
  for (;;) {
    while (checkXmlSpace(row.charCodeAt(at))) at += 1;
    const code = row.charCodeAt(at);
    if (code === 62) return at; // '>'
    if (code === 47) return row.charCodeAt(at + 1) === 62 ? at + 1 : -1; // '/>'
    const eq = row.indexOf('=', at);
    if (eq < 0) return -1;
    let nameEnd = eq;
    while (nameEnd > at && checkXmlSpace(row.charCodeAt(nameEnd - 1))) nameEnd -= 1;
    let valueStart = eq + 1;
    while (checkXmlSpace(row.charCodeAt(valueStart))) valueStart += 1;
    const quote = row.charCodeAt(valueStart);
    if (quote !== 34 && quote !== 39) return -1;
    const valueEnd = row.indexOf(quote === 34 ? '"' : "'", valueStart + 1);
    if (valueEnd < 0) return -1;
    if (nameEnd - at === 1) {
      const name = row.charCodeAt(at);
      if (name === 114) into.r = row.slice(valueStart + 1, valueEnd); // 'r'
      else if (name === 115) into.s = row.slice(valueStart + 1, valueEnd); // 's'
      else if (name === 116) into.t = row.slice(valueStart + 1, valueEnd); // 't'
    } else if (!checkAttributeName(row, at, nameEnd)) return -1;
    at = valueEnd + 1;
    const next = row.charCodeAt(at);
    if (!(checkXmlSpace(next) || next === 62 || next === 47)) return -1;
  }
}

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

/** Column number (A = 1) of a reference such as `AB12` (a range's end, an issue's column); `undefined` when it is none. */
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
 * Where the end tag `close` (`</c>`) of an element whose content starts at `from` begins, or -1.
 * With `careful`, a comment or CDATA section on the way is stepped over, as XML reads it: a
 * `<![CDATA[a</c>b]]>` is text, not the cell's end.
 */
function findEndTag(text: string, from: number, close: string, careful: boolean): number {
  if (!careful) return text.indexOf(close, from);
  let at = from;
  for (;;) {
    const lt = text.indexOf('<', at);
    if (lt < 0) return -1;
    if (text.startsWith(close, lt)) return lt;
    const skipTo = skipNonTagMarkup(text, lt);
    if (skipTo < 0) return -1;
    at = skipTo;
  }
}

/** Where the text goes on after the markup at `lt`: past a comment, CDATA section or processing instruction, or just past the `<`; -1 when one does not end. */
function skipNonTagMarkup(text: string, lt: number): number {
  return findNonTagEnd(text, lt) ?? lt + 1;
}

/**
 * The cell as stored, in the shape the source reader builds its cells from (`XmlCell`), so that the
 * copy reads every cell exactly as the reader did.
 */
export function readStoredCell(row: string, cell: RowCell, prefix: string): XmlCell {
  const stored: XmlCell = { column: cell.column - 1, type: cell.type === 'n' ? undefined : cell.type, style: cell.style, value: undefined, formula: undefined, inline: undefined };
  if (cell.end === cell.tagEnd) return stored;
  try {
    readCellContent(row.slice(cell.tagEnd, cell.end - prefix.length - 4), stored);
  } catch (error) {
    throw placeXmlTextError(error, `cell ${columnLetters(cell.column)}${readRowNumber(row)}`);
  }
  return stored;
}

/**
 * The content of a cell (between `<c …>` and `</c>`) read into `stored` as the reader's sheet
 * scanner reads it (parse-sheet-rows.ts), markup by markup: the text of `<v>` (not inside `<is>`),
 * `<f>`, and every `<t>` of an `<is>` outside phonetic guides (`<rPh>`); each piece of text between
 * markup decoded on its own, a CDATA section's content as text (line ends normalised, nothing
 * decoded), comments left out. An `<is>` is kept whatever the type, as the reader keeps it for the
 * cell builder to choose from. Element names are compared without their prefix, as the scanner does.
 */
function readCellContent(content: string, stored: XmlCell): void {
  let target: 'value' | 'formula' | 'inline' | undefined;
  let inInline = false;
  let phonetic = 0;
  // Text outside `<v>`, `<f>` and `<t>` is not the cell's: not decoded, as the scanner does not decode it.
  const add = (raw: string, decode: boolean): void => {
    if (target === undefined) return;
    const text = decode ? decodeXmlText(raw) : normalizeLineEnds(raw);
    if (text !== '') stored[target] = (stored[target] ?? '') + text;
  };
  let at = 0;
  while (at < content.length) {
    const lt = content.indexOf('<', at);
    if (lt < 0) {
      add(content.slice(at), true);
      break;
    }
    if (lt > at) add(content.slice(at, lt), true);
    if (content.startsWith('<![CDATA[', lt)) {
      const end = content.indexOf(']]>', lt + 9);
      if (end < 0) throw new XmlTextError('a CDATA section that does not end');
      add(content.slice(lt + 9, end), false);
      at = end + 3;
      continue;
    }
    // A comment or processing instruction: no text of the cell; it ends at its own terminator, as the reader's scanner reads it.
    const skipped = findNonTagEnd(content, lt);
    if (skipped !== undefined) {
      if (skipped < 0) throw new XmlTextError(`${content.charCodeAt(lt + 1) === 63 ? 'a processing instruction' : 'a comment'} that does not end`);
      at = skipped;
      continue;
    }
    const gt = findTagEnd(content, lt + 1);
    if (gt < 0) throw new XmlTextError('a tag that does not end');
    at = gt + 1;
    // Another declaration: no text of the cell.
    if (content.charCodeAt(lt + 1) === 33) continue;
    const closing = content.charCodeAt(lt + 1) === 47;
    const selfClosing = !closing && content.charCodeAt(gt - 1) === 47;
    let nameEnd = lt + (closing ? 2 : 1);
    while (nameEnd < gt && !/[\s/]/.test(content.charAt(nameEnd))) nameEnd++;
    const name = content.slice(lt + (closing ? 2 : 1), nameEnd);
    const local = name.slice(name.indexOf(':') + 1);
    if (!closing) openCellElement(local, selfClosing);
    if (closing || selfClosing) {
      // An end tag, or a self-closing tag's end.
      if (local === 'v' || local === 'f' || local === 't') target = undefined;
      else if (local === 'rPh') phonetic = Math.max(0, phonetic - 1);
      else if (local === 'is') inInline = false;
    }
  }

  function openCellElement(local: string, selfClosing: boolean): void {
    if (local === 'v') {
      if (!inInline) {
        target = 'value';
        stored.value ??= '';
      }
    } else if (local === 'f') {
      target = 'formula';
      stored.formula ??= '';
    } else if (local === 'is') {
      inInline = true;
      stored.inline ??= '';
    } else if (local === 't') {
      if (inInline && phonetic === 0) target = 'inline';
    } else if (local === 'rPh' && !selfClosing) {
      phonetic++;
    }
  }
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
