/**
 * A worksheet part's XML cut, as it streams, into what comes before the rows (up to and including
 * the `<sheetData>` start tag), one piece per `<row>` element, and what comes after the rows. No
 * DOM and no full XML parser: inside `sheetData` a row is found by its start tag, whatever namespace
 * prefix the part uses (`<x:row>`), and ends where the reader's scanner ends it (`findElementEnd`,
 * markup measured by `findMarkupEnd`): the copy cuts the rows the run read.
 */

import { findElementEnd, findMarkupEnd } from './parse-sheet-rows.js';
import { XML_TAG_REST } from './xml-text.js';

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
  const dataClose = `</${prefix}sheetData`;
  let buffer = read();
  let at = 0;
  let batch: string[] = [];
  const refill = async (): Promise<boolean> => {
    keep(buffer.slice(at));
    at = 0;
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
    const end = isRow ? findElementEnd(buffer, at) : findMarkupEnd(buffer, at);
    if (end < 0) {
      if (batch.length > 0) {
        yield { kind: 'rows', texts: batch };
        batch = [];
      }
      if (!(await refill())) throw new Error('the sheet ends inside a row (truncated)');
      continue;
    }
    // Anything else inside sheetData (a comment, an extension's tag) is not a row and is dropped.
    if (isRow) batch.push(buffer.slice(at, end));
    at = end;
  }
}
