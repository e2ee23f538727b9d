/**
 * A worksheet part's XML cut, as it streams, into what comes before the rows (up to and including
 * the `<sheetData>` start tag), one piece per `<row>` element, and what comes after the rows. No
 * DOM and no full XML parser: inside `sheetData` a row is found by its start tag and its end tag
 * (text cannot hold a raw `<`), whatever namespace prefix the part uses (`<x:row>`).
 */

import { findNonTagEnd, findTagEnd, XML_TAG_REST } from './xml-text.js';

/** One piece of the sheet's XML. */
type SheetPiece =
  | { kind: 'head'; text: string; prefix: string }
  /** Rows found in one stretch of input, in order (batched: one piece per row cost a promise each). */
  | { kind: 'rows'; texts: string[] }
  | { kind: 'tail'; text: string };

const SHEET_DATA = new RegExp(String.raw`<([A-Za-z_][\w.-]*:)?sheetData(?=[\s/>])${XML_TAG_REST}>`);

/** Splits the XML text `chunks` yields (whole characters) into head, rows and tail. */
export async function* splitSheetXml(chunks: AsyncIterable<string>): AsyncGenerator<SheetPiece> {
  const iterator = chunks[Symbol.asyncIterator]();
  let buffer = '';
  let done = false;
  const more = async (): Promise<boolean> => {
    if (done) return false;
    const next = await iterator.next();
    if (next.done === true) {
      done = true;
      return false;
    }
    buffer += next.value;
    return true;
  };

  // Head: up to the `<sheetData>` start tag.
  let match: RegExpExecArray | null = null;
  for (;;) {
    match = SHEET_DATA.exec(buffer);
    if (match !== null || !(await more())) break;
  }
  if (match === null) throw new Error('the sheet has no sheetData element');
  const prefix = match[1] ?? '';
  const tagEnd = match.index + match[0].length;
  const selfClosing = match[0].endsWith('/>');
  const openTag = selfClosing ? `${match[0].slice(0, -2).trimEnd()}>` : match[0];
  yield { kind: 'head', text: buffer.slice(0, match.index) + openTag, prefix };
  buffer = buffer.slice(tagEnd);
  if (selfClosing) {
    buffer = `</${prefix}sheetData>${buffer}`;
  } else {
    yield* splitRows(prefix, () => buffer, (rest) => (buffer = rest), more);
  }
  while (await more());
  yield { kind: 'tail', text: buffer };
}

async function* splitRows(prefix: string, read: () => string, keep: (rest: string) => void, more: () => Promise<boolean>): AsyncGenerator<SheetPiece> {
  const rowOpen = `<${prefix}row`;
  const rowClose = `</${prefix}row>`;
  const dataClose = `</${prefix}sheetData`;
  let buffer = read();
  let at = 0;
  let batch: string[] = [];
  // Where the next `<!` (a comment or CDATA section) of the buffer is, looked for once per buffer
  // rather than once per row: -1 not looked for yet, `buffer.length` when there is none.
  let declaration = -1;
  const refill = async (): Promise<boolean> => {
    keep(buffer.slice(at));
    at = 0;
    declaration = -1;
    const got = await more();
    buffer = read();
    return got;
  };
  for (;;) {
    const lt = buffer.indexOf('<', at);
    if (lt < 0) {
      at = buffer.length;
      if (batch.length > 0) {
        yield { kind: 'rows', texts: batch };
        batch = [];
      }
      if (!(await refill())) throw new Error('the sheet ends inside its rows (truncated)');
      continue;
    }
    at = lt;
    // Enough text to tell the element apart.
    while (buffer.length - at < dataClose.length + 1) {
      if (batch.length > 0) {
        yield { kind: 'rows', texts: batch };
        batch = [];
      }
      if (!(await refill())) {
        if (buffer.length - at < rowOpen.length + 1) throw new Error('the sheet ends inside its rows (truncated)');
        break;
      }
    }
    if (buffer.startsWith(dataClose, at)) {
      keep(buffer.slice(at));
      if (batch.length > 0) yield { kind: 'rows', texts: batch };
      return;
    }
    const isRow = buffer.startsWith(rowOpen, at) && /[\s/>]/.test(buffer[at + rowOpen.length] ?? '');
    if (isRow && declaration < at) {
      declaration = buffer.indexOf('<!', at);
      if (declaration < 0) declaration = buffer.length;
    }
    const end = isRow ? findRowEnd(buffer, at, rowOpen.length, rowClose, declaration) : findOtherEnd(buffer, at);
    if (end < 0) {
      if (batch.length > 0) {
        yield { kind: 'rows', texts: batch };
        batch = [];
      }
      if (!(await refill())) throw new Error('the sheet ends inside a row (truncated)');
      continue;
    }
    // Anything else inside sheetData (a comment, an extension) is not a row and is dropped.
    if (isRow) batch.push(buffer.slice(at, end));
    at = end;
  }
}

/**
 * End (exclusive) of the row element starting at `start`, or -1 when it is not all in `text` yet.
 * `declaration` is where the next `<!` is: when it lies inside the row, a comment, CDATA section or
 * processing instruction there is stepped over, as the reader's scanner does (`<![CDATA[</row>]]>` ends no row).
 */
function findRowEnd(text: string, start: number, openLength: number, rowClose: string, declaration: number): number {
  const tagEnd = findTagEnd(text, start + openLength);
  if (tagEnd < 0) return -1;
  if (text.charCodeAt(tagEnd - 1) === 47 /* / */) return tagEnd + 1;
  const close = text.indexOf(rowClose, tagEnd);
  if (close >= 0 && declaration >= close) return close + rowClose.length;
  let at = tagEnd;
  for (;;) {
    const lt = text.indexOf('<', at);
    if (lt < 0) return -1;
    if (text.startsWith(rowClose, lt)) return lt + rowClose.length;
    const end = findNonTagEnd(text, lt);
    if (end === undefined) at = lt + 1;
    else if (end < 0) return -1;
    else at = end;
  }
}

/**
 * End (exclusive) of the markup at `start` between the rows, or -1 when it is not all in `text` yet:
 * a comment, CDATA section or processing instruction ends at its own terminator (its quotes need
 * not pair: `<![CDATA[don't]]>`), never at a quote-aware tag end, which would run on into the rows.
 */
function findOtherEnd(text: string, start: number): number {
  const end = findNonTagEnd(text, start);
  if (end !== undefined) return end;
  const tagEnd = findTagEnd(text, start + 1);
  return tagEnd < 0 ? -1 : tagEnd + 1;
}
