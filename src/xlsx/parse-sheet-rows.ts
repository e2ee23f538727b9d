/**
 * The rows of one worksheet part, from its decoded text: per row its number and per cell its
 * column, type (`t`), style (`s`), stored value (`<v>`), formula (`<f>`) and inline text (`<is>`),
 * still as text. The cell's meaning is decided in build-xlsx-cell.ts.
 *
 * The sheet is scanned by hand, not through a general SAX parser: the sheet is by far the largest
 * part, and a SAX parser makes an event object, a tag object and an attribute object for every
 * element — about 25 KB of garbage a row of a typical catalog, most of what the reader allocated
 * (measured in the note of issue 22). The scanner reads only the attributes it needs (`r`, `t`,
 * `s` of rows and cells), cuts the text of `<v>`, `<f>` and `<t>` only inside a cell, and still
 * checks what makes the XML well formed as far as the rows depend on it: every element closed by
 * its own name, one root, no stray text or markup, known entities only. Text and the attributes read
 * are decoded by `decodeXmlText` (xml-text.ts), by the same XML 1.0 rules as every other part and
 * the annotated copy; a CDATA section inside a cell's text is text, as in the shared strings.
 *
 * Read as the format allows, not only as Excel writes it: element names without their namespace
 * prefix (`<x:c>`), rows and cells without the optional `r` attribute (they follow the previous
 * one), inline strings as the text of every `<t>` (all rich-text runs, no indentation between
 * elements, no phonetic guides). Bounded as Excel is: a row number past 1,048,576, or more row
 * elements than that, stops the read (a zip bomb of empty rows ends there, not at the end of its
 * gigabytes); a cell past column XFD is left out and reported on its row.
 */
import { XLSX_PART_LIMITS } from './check-zip-part-size.js';
import { buildColumnLetter } from '../sources/column-letter.js';
import { checkXmlSpace, decodeXmlText, findTagEnd, normalizeLineEnds, placeXmlTextError, XmlTextError } from './xml-text.js';

/** Excel's last row. */
const EXCEL_MAX_ROWS = 1_048_576;
/** Excel's last column (XFD), counted from 1. */
export const EXCEL_MAX_COLUMNS = 16_384;

/** One `<c>` as stored. */
export interface XmlCell {
  /** Position from 0 (A = 0). */
  column: number;
  /** The `t` attribute: `s`, `str`, `inlineStr`, `b`, `e`, `d`, `n`, or undefined (a number). */
  type: string | undefined;
  /** The `s` attribute (cell style index), 0 when absent. */
  style: number;
  /** Text of `<v>`, entities decoded; undefined without one. */
  value: string | undefined;
  /** Text of `<f>`; undefined for a cell without a formula, '' for a shared formula's followers. */
  formula: string | undefined;
  /** Text of `<is>` (every run), undefined without one. */
  inline: string | undefined;
}

/** One `<row>` with its cells in file order. */
export interface XmlRow {
  row: number;
  cells: XmlCell[];
  /** Column (from 0) of the first cell past column XFD, left out. */
  beyondLastColumn?: number;
}

type Target = 'value' | 'formula' | 'inline';

/** Turns the decoded text of a worksheet part into row batches. Throws on malformed XML and past Excel's row limit. */
export async function* parseSheetRows(chunks: AsyncIterable<string>): AsyncGenerator<XmlRow[]> {
  const scanner = createSheetScanner();
  for await (const chunk of chunks) {
    const rows = scanner.write(chunk);
    if (rows.length > 0) yield rows;
  }
  const rows = scanner.end();
  if (rows.length > 0) yield rows;
}

// Markup longer than this that does not end is not a worksheet (the integrity pass bounds it too).
const MAX_PENDING = XLSX_PART_LIMITS.markupSpanBytes + XLSX_PART_LIMITS.cellChars;

/** The attributes of a row or cell tag the scanner reads; one object, reused for every tag. */
export interface TagAttributes {
  r: string | undefined;
  t: string | undefined;
  s: string | undefined;
}

/**
 * Reads `r`, `t` and `s` (decoded) from the attributes of a tag (`from` just after its name, `to` at
 * its end); throws on attributes XML does not allow. The annotated copy reads cell tags by it too.
 */
export function readAttributes(text: string, from: number, to: number, into: TagAttributes): void {
  into.r = undefined;
  into.t = undefined;
  into.s = undefined;
  let at = from;
  for (;;) {
    while (at < to && checkXmlSpace(text.charCodeAt(at))) at++;
    if (at >= to) return;
    const nameStart = at;
    while (at < to && text.charCodeAt(at) !== 61 && !checkXmlSpace(text.charCodeAt(at))) at++; // '='
    const nameEnd = at;
    while (at < to && checkXmlSpace(text.charCodeAt(at))) at++;
    if (nameEnd === nameStart || text.charCodeAt(at) !== 61) throw new Error(`a malformed attribute in a tag of the sheet: ${text.slice(nameStart, Math.min(to, nameStart + 40))}`);
    at++;
    while (at < to && checkXmlSpace(text.charCodeAt(at))) at++;
    const quote = text.charCodeAt(at);
    if (quote !== 34 && quote !== 39) throw new Error('an attribute value without quotes in the sheet');
    const valueEnd = text.indexOf(quote === 34 ? '"' : "'", at + 1);
    if (valueEnd < 0 || valueEnd >= to) throw new Error('an attribute value that does not end in the sheet');
    if (nameEnd - nameStart === 1) {
      const name = text.charCodeAt(nameStart);
      if (name === 114 || name === 116 || name === 115) {
        const value = decodeXmlText(text.slice(at + 1, valueEnd), undefined, true);
        if (name === 114) into.r = value;
        else if (name === 116) into.t = value;
        else into.s = value;
      }
    }
    at = valueEnd + 1;
    if (at < to && !checkXmlSpace(text.charCodeAt(at))) throw new Error('attributes without a space between them in the sheet');
  }
}

/** The rows the scanner finished in a chunk; `end` checks that the part ended whole. */
interface SheetScanner {
  write(text: string): XmlRow[];
  end(): XmlRow[];
}

/** Where the scan stands in the sheet's XML. One object per sheet, changed in place. */
interface ScanState {
  /** Names of the open elements, outermost first. */
  open: string[];
  /** The same names without their namespace prefix. */
  openLocal: string[];
  rootSeen: boolean;
  inData: boolean;
  inInline: boolean;
  /** Depth of phonetic guides (`<rPh>`), whose text is not the cell's. */
  phonetic: number;
  row: XmlRow | undefined;
  cell: XmlCell | undefined;
  /** The part of the cell the text goes to, if any. */
  target: Target | undefined;
  lastRow: number;
  lastColumn: number;
  rowCount: number;
  /** Rows finished since the last `take`. */
  out: XmlRow[];
  /** Attributes of the current row or cell tag (the only ones read). */
  attributes: TagAttributes;
}

function createScanState(): ScanState {
  return {
    open: [],
    openLocal: [],
    rootSeen: false,
    inData: false,
    inInline: false,
    phonetic: 0,
    row: undefined,
    cell: undefined,
    target: undefined,
    lastRow: 0,
    lastColumn: -1,
    rowCount: 0,
    out: [],
    attributes: { r: undefined, t: undefined, s: undefined },
  };
}

/** Text between tags: added to the cell's part it belongs to; outside the root only white space is allowed. */
function addText(state: ScanState, raw: string): void {
  const { target, cell } = state;
  if (target === undefined || cell === undefined) {
    if (state.open.length === 0 && raw.trim() !== '') throw new Error('text outside the root element of the sheet');
    return;
  }
  let decoded: string;
  try {
    decoded = decodeXmlText(raw);
  } catch (error) {
    throw placeError(error, describeCell(state));
  }
  appendCellText(state, decoded);
}

/** The error of a text or tag the scan refused, its message completed with the place in the sheet (`in cell C17`). */
function placeError(error: unknown, place: string): unknown {
  if (error instanceof XmlTextError) return placeXmlTextError(error, place);
  if (error instanceof Error) return new Error(`${error.message} (in ${place})`, { cause: error });
  return error;
}

/** The cell (`cell C17`) or row the scan is in, for an error about the text there. */
function describeCell(state: ScanState): string {
  const { row, cell } = state;
  if (row === undefined) return `the sheet (after row ${state.lastRow})`;
  return cell === undefined ? `row ${row.row}` : `cell ${buildColumnLetter(cell.column)}${row.row}`;
}

/** The tag of a row or cell whose attributes the scan is reading, for an error about them. */
function describeTag(state: ScanState, local: string): string {
  const { row } = state;
  if (local === 'row' || row === undefined) return `the tag of the row after row ${state.lastRow}`;
  return state.lastColumn < 0 ? `the tag of the first cell of row ${row.row}` : `the tag of the cell after ${buildColumnLetter(state.lastColumn)}${row.row}`;
}

/** Decoded text added to the part of the cell it belongs to, within the cell's size limit. */
function appendCellText(state: ScanState, decoded: string): void {
  const { target, cell } = state;
  if (target === undefined || cell === undefined) return;
  const text = (cell[target] ?? '') + decoded;
  if (text.length > XLSX_PART_LIMITS.cellChars) throw new Error(`a cell of row ${state.row?.row ?? '?'} holds more than ${XLSX_PART_LIMITS.cellChars} characters`);
  cell[target] = text;
}

/** A `<row>` inside the sheet data: numbered from its `r` or after the previous row, within Excel's bounds. */
function startRow(state: ScanState): void {
  state.rowCount++;
  const number = parseRowNumber(state.attributes.r) ?? state.lastRow + 1;
  if (number > EXCEL_MAX_ROWS || state.rowCount > EXCEL_MAX_ROWS) {
    throw new Error(`the sheet has rows past Excel's last row ${EXCEL_MAX_ROWS.toLocaleString('en-US')} (row ${number})`);
  }
  state.row = { row: number, cells: [] };
  state.lastColumn = -1;
}

/** A `<c>` inside a row: placed by its `r` or after the previous cell, with its type and style. */
function startCell(state: ScanState): void {
  const { attributes } = state;
  state.cell = {
    column: parseCellColumn(attributes.r) ?? state.lastColumn + 1,
    type: attributes.t,
    style: parseCellStyle(attributes.s),
    value: undefined,
    formula: undefined,
    inline: undefined,
  };
}

/** A start tag, by its name without prefix: what it opens, or which part of the cell its text goes to. */
function openElement(state: ScanState, local: string, selfClosing: boolean): void {
  const { cell } = state;
  switch (local) {
    case 'sheetData':
      state.inData = true;
      break;
    case 'row':
      if (state.inData) startRow(state);
      break;
    case 'c':
      if (state.row !== undefined) startCell(state);
      break;
    case 'v':
      if (cell !== undefined && !state.inInline) {
        state.target = 'value';
        cell.value ??= '';
      }
      break;
    case 'f':
      if (cell !== undefined) {
        state.target = 'formula';
        cell.formula ??= '';
      }
      break;
    case 'is':
      if (cell !== undefined) {
        state.inInline = true;
        cell.inline ??= '';
      }
      break;
    case 't':
      if (cell !== undefined && state.inInline && state.phonetic === 0) state.target = 'inline';
      break;
    case 'rPh':
      if (!selfClosing) state.phonetic++;
      break;
  }
}

/** A cell ends: kept in its row, or noted on the row when it lies past column XFD. */
function endCell(state: ScanState): void {
  const { row, cell } = state;
  if (row !== undefined && cell !== undefined) {
    if (cell.column >= EXCEL_MAX_COLUMNS) row.beyondLastColumn ??= cell.column;
    else row.cells.push(cell);
    state.lastColumn = cell.column;
  }
  state.cell = undefined;
  state.target = undefined;
  state.inInline = false;
  state.phonetic = 0;
}

/** An end tag (or a self-closing tag's end), by its name without prefix. */
function closeElement(state: ScanState, local: string): void {
  switch (local) {
    case 'v':
    case 'f':
    case 't':
      state.target = undefined;
      break;
    case 'rPh':
      state.phonetic = Math.max(0, state.phonetic - 1);
      break;
    case 'is':
      state.inInline = false;
      break;
    case 'c':
      endCell(state);
      break;
    case 'row':
      if (state.row !== undefined) {
        state.out.push(state.row);
        state.lastRow = state.row.row;
      }
      state.row = undefined;
      break;
    case 'sheetData':
      state.inData = false;
      break;
  }
}

/** The end tag `</name>` at `lt` whose `>` is at `gt`: it must close the innermost open element. */
function scanEndTag(state: ScanState, text: string, lt: number, gt: number): void {
  // Nearly every end tag is `</name>` of the innermost open element: compared in place, it costs no
  // slice of its name or of the rest, and the local name is the one its start tag found.
  const { open, openLocal } = state;
  const expected = open[open.length - 1];
  if (expected !== undefined && text.startsWith(expected, lt + 2)) {
    const nameEnd = lt + 2 + expected.length;
    if (nameEnd === gt || (checkXmlSpace(text.charCodeAt(nameEnd)) && text.slice(nameEnd, gt).trim() === '')) {
      open.pop();
      closeElement(state, openLocal.pop() ?? expected);
      return;
    }
  }
  refuseEndTag(state, text, lt, gt);
}

/** The end tag at `lt` (its `>` at `gt`) that does not close the innermost open element: the error saying why. */
function refuseEndTag(state: ScanState, text: string, lt: number, gt: number): never {
  let nameEnd = lt + 2;
  while (nameEnd < gt && !checkXmlSpace(text.charCodeAt(nameEnd))) nameEnd++;
  const name = text.slice(lt + 2, nameEnd);
  if (text.slice(nameEnd, gt).trim() !== '') throw new Error(`a malformed end tag </${name}> in the sheet`);
  const expected = state.open[state.open.length - 1];
  throw new Error(expected === undefined ? `an end tag </${name}> without its start tag in the sheet` : `an end tag </${name}> where </${expected}> was expected in the sheet`);
}

/**
 * The comment or CDATA section `text[lt, end)`: a comment is left out, a CDATA section's content is
 * text (line ends normalised, nothing decoded).
 */
function scanCommentOrCdata(state: ScanState, text: string, lt: number, end: number): void {
  if (text.charCodeAt(lt + 2) === 45) return; // '-': a comment
  if (state.open.length === 0) throw new Error('a CDATA section outside the root element of the sheet');
  // Before exceljs's event stream was replaced, CDATA was left out: a generator that writes a
  // cell's text as CDATA lost it silently, while the same text in the shared strings was read.
  if (end - 3 > lt + 9) appendCellText(state, normalizeLineEnds(text.slice(lt + 9, end - 3)));
}

/** A start tag from `lt` to its `>` at `gt` (one root only; attributes read for rows and cells only). */
function scanStartTag(state: ScanState, text: string, lt: number, gt: number): void {
  const selfClosing = text.charCodeAt(gt - 1) === 47;
  const tagEnd = selfClosing ? gt - 1 : gt;
  // The name and where its local part starts (after the first `:`), in one walk.
  let nameEnd = lt + 1;
  let localStart = lt + 1;
  for (; nameEnd < tagEnd; nameEnd++) {
    const code = text.charCodeAt(nameEnd);
    if (checkXmlSpace(code)) break;
    if (code === 58 && localStart === lt + 1) localStart = nameEnd + 1; // ':'
  }
  if (nameEnd === lt + 1) throw new Error('a tag without a name in the sheet');
  const name = text.slice(lt + 1, nameEnd);
  if (state.open.length === 0) {
    if (state.rootSeen) throw new Error(`a second root element <${name}> in the sheet`);
    state.rootSeen = true;
  }
  const local = localStart === lt + 1 ? name : text.slice(localStart, nameEnd);
  const { attributes } = state;
  if ((local === 'c' || local === 'row') && nameEnd < tagEnd) {
    try {
      readAttributes(text, nameEnd, tagEnd, attributes);
    } catch (error) {
      throw placeError(error, describeTag(state, local));
    }
  } else {
    attributes.r = undefined;
    attributes.t = undefined;
    attributes.s = undefined;
  }
  openElement(state, local, selfClosing);
  if (selfClosing) closeElement(state, local);
  else {
    state.open.push(name);
    state.openLocal.push(local);
  }
}

/**
 * End (exclusive) of the markup that starts at `lt` (a `<`), or -1 when `text` ends first: a start
 * tag at its `>` outside quoted attribute values (`findTagEnd`), an end tag at its `>`, a processing
 * instruction at `?>`, a comment at `-->`, a CDATA section at `]]>` (whatever quotes or `</row>` the
 * last three hold). Other `<!` markup has no place in a sheet and throws. The scanner measures every
 * piece of markup by this function, and the annotated copy finds a row's end by it (`findElementEnd`).
 */
export function findMarkupEnd(text: string, lt: number): number {
  const next = text.charCodeAt(lt + 1);
  if (Number.isNaN(next)) return -1;
  if (next === 47) return findAfter(text, '>', lt + 2); // '/'
  if (next === 63) return findAfter(text, '?>', lt + 2); // '?': a processing instruction (the XML declaration)
  if (next === 33) {
    // '!'
    if (text.startsWith('<!--', lt)) return findAfter(text, '-->', lt + 4);
    if (text.length < lt + 9) return -1;
    if (text.startsWith('<![CDATA[', lt)) return findAfter(text, ']]>', lt + 9);
    throw new Error(`unexpected markup in the sheet: ${text.slice(lt, lt + 20)}`);
  }
  const gt = findTagEnd(text, lt + 1);
  return gt < 0 ? -1 : gt + 1;
}

/** Index just past the first `terminator` in `text` from `from`, or -1. */
function findAfter(text: string, terminator: string, from: number): number {
  const at = text.indexOf(terminator, from);
  return at < 0 ? -1 : at + terminator.length;
}

/**
 * End (exclusive) of the element whose start tag is at `start`, or -1 when it does not end in `text`:
 * found as the scanner reads the sheet, markup by markup (`findMarkupEnd`), each start tag opening a
 * level and each end tag closing one, so a `</row>` inside a comment, CDATA section, processing
 * instruction or quoted attribute value ends nothing. The annotated copy cuts the sheet into rows by
 * it, so it sees the rows the run read.
 */
export function findElementEnd(text: string, start: number): number {
  let depth = 0;
  let lt = start;
  for (;;) {
    const end = findMarkupEnd(text, lt);
    if (end < 0) return -1;
    const next = text.charCodeAt(lt + 1);
    if (next === 47) depth--;
    else if (next !== 33 && next !== 63 && text.charCodeAt(end - 2) !== 47) depth++;
    if (depth <= 0) return end;
    lt = text.indexOf('<', end);
    if (lt < 0) return -1;
  }
}

/** The markup at `lt` (a `<`); returns where the text goes on, or -1 when the markup continues in the next chunk. */
function scanMarkup(state: ScanState, text: string, lt: number): number {
  const end = findMarkupEnd(text, lt);
  if (end < 0) return -1;
  const next = text.charCodeAt(lt + 1);
  if (next === 47) scanEndTag(state, text, lt, end - 1); // '/'
  else if (next === 33) scanCommentOrCdata(state, text, lt, end); // '!'
  else if (next !== 63) scanStartTag(state, text, lt, end - 1); // not '?'
  return end;
}

function createSheetScanner(state = createScanState()): SheetScanner {
  // Text of the last chunk not scanned yet: markup, or text that may hold an entity, cut by the chunk's end.
  let pending = '';

  const scan = (text: string, final: boolean): void => {
    let at = 0;
    while (at < text.length) {
      // Markup mostly follows markup (`<c …><v>`, `</v></c>`): the next `<` is then known without a search.
      const lt = text.charCodeAt(at) === 60 ? at : text.indexOf('<', at);
      if (lt < 0) {
        // Text up to the end of the chunk may go on in the next one (an entity cut in two).
        if (final) addText(state, text.slice(at));
        else {
          pending = text.slice(at);
          return;
        }
        at = text.length;
        break;
      }
      if (lt > at) addText(state, text.slice(at, lt));
      const after = scanMarkup(state, text, lt);
      if (after < 0) {
        if (final) throw new Error(`the sheet's XML ends inside a tag: ${text.slice(lt, lt + 40)}`);
        pending = text.slice(lt);
        if (pending.length > MAX_PENDING) throw new Error('a tag in the sheet that does not end');
        return;
      }
      at = after;
    }
    pending = '';
  };

  const take = (): XmlRow[] => {
    const rows = state.out;
    state.out = [];
    return rows;
  };

  return {
    write(text) {
      scan(pending === '' ? text : pending + text, false);
      return take();
    },
    end() {
      scan(pending, true);
      if (!state.rootSeen) throw new Error('the sheet has no root element');
      const unclosed = state.open[state.open.length - 1];
      if (unclosed !== undefined) throw new Error(`the sheet's XML ends before </${unclosed}>`);
      return take();
    },
  };
}

/**
 * One cell's content (between its start tag and its end tag `</name>`) read into `cell` by this
 * scanner's rules, for the annotated copy, which must read every cell as the reader did. `rowNumber`
 * names the row in an error's message (asked only then).
 */
export function scanCellContent(content: string, cell: XmlCell, name: string, rowNumber: () => number): void {
  const state = createScanState();
  state.rootSeen = true;
  state.inData = true;
  state.row = {
    get row() {
      return rowNumber();
    },
    cells: [],
  };
  state.cell = cell;
  state.open.push(name);
  state.openLocal.push(name.slice(name.indexOf(':') + 1));
  const scanner = createSheetScanner(state);
  scanner.write(`${content}</${name}>`);
  scanner.end();
}

/**
 * A row's number as written (`r`, decoded): a whole number from 1, else undefined (the row is then
 * numbered after the one before). The outline scan numbers rows by this same function.
 */
export function parseRowNumber(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const number = Number(text);
  return Number.isInteger(number) && number >= 1 ? number : undefined;
}

/**
 * The column (from 0) of a cell's reference such as `AB12` or `$AB$12` (any case; up to four letters,
 * so that a cell past XFD is known as one); undefined when it is not one. The annotated copy places
 * cells by this same function.
 */
export function parseCellColumn(ref: string | undefined): number | undefined {
  if (ref === undefined) return undefined;
  let column = 0;
  let letters = 0;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i) | 0x20; // lower case
    if (code >= 97 && code <= 122) {
      column = column * 26 + (code - 96);
      letters++;
    } else if (ref.charCodeAt(i) !== 36) break; // '$'
  }
  return letters === 0 || letters > 4 ? undefined : column - 1;
}

/** A cell's style index (`s`): a whole number from 0, else 0 (the default style). The annotated copy reads it by this same function. */
export function parseCellStyle(text: string | undefined): number {
  if (text === undefined) return 0;
  const style = Number(text);
  return Number.isInteger(style) && style >= 0 ? style : 0;
}
