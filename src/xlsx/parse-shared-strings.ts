/**
 * Parses a workbook's shared-string part (`xl/sharedStrings.xml`) chunk by chunk into the compact
 * table, during the reader's integrity pass over the part, so the table is full before the sheet is
 * streamed whatever the order of the parts in the zip (Apple Numbers and some generators store the
 * sheet first; exceljs's own reader then hands the sheet over before the strings).
 *
 * Only what the text of a cell needs is read: each `<si>` is one string, the text of its `<t>`
 * elements joined in order (a plain string has one, rich text one per `<r>` run), without the
 * phonetic guides (`<rPh>`, which Excel does not show in the cell). Text is kept exactly as stored,
 * whitespace included (`xml:space="preserve"` or not, as exceljs did), decoded by `decodeXmlText`
 * (line ends normalised, entities and character references decoded; anything else after a `&` makes
 * the part malformed, as in the sheet), then Excel's `_xHHHH_` escapes decoded.
 */
import type { Buffer } from 'node:buffer';
import { StringDecoder } from 'node:string_decoder';
import { XLSX_PART_LIMITS } from './check-zip-part-size.js';
import type { SharedStringTable } from './shared-string-table.js';
import { decodeOoxmlEscapes, decodeXmlText, findNonTagEnd, findTagEnd, normalizeLineEnds } from './xml-text.js';

/** Feeds the part's bytes in order; `end` after the last chunk. Both throw on a malformed part. */
interface SharedStringsParser {
  write(chunk: Buffer): void;
  end(): void;
}

// A tag, comment or CDATA section cut by a chunk boundary waits for the next chunk; one longer than
// this is not in any real shared-string part, and waiting on it would make the scan quadratic.
const MAX_PENDING_MARKUP = 1 << 20;

/** Creates a parser that adds every string of the part to `table`; `part` names it in errors. */
export function createSharedStringsParser(table: SharedStringTable, part: string): SharedStringsParser {
  // One decoder for the whole part: a letter whose bytes straddle two chunks stays whole.
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let inString = false;
  let inText = false;
  let phonetic = 0;
  let text = '';

  const malformed = (why: string): Error => new Error(`${part} is malformed (${why}, after string ${table.size})`);

  const addText = (raw: string): void => {
    if (!inText || phonetic > 0 || raw === '') return;
    try {
      text += decodeXmlText(raw);
    } catch (error) {
      // A stray `&`, an undefined entity, a reference to a character XML does not allow: as the sheet refuses them.
      throw malformed((error as Error).message);
    }
    if (text.length > XLSX_PART_LIMITS.cellChars) throw malformed(`a string longer than ${XLSX_PART_LIMITS.cellChars} characters`);
  };

  const handleTag = (inner: string): void => {
    const closing = inner.charCodeAt(0) === 47; // '/'
    const local = readLocalName(inner, closing ? 1 : 0);
    const empty = !closing && inner.charCodeAt(inner.length - 1) === 47;
    if (local === 'si') {
      if (closing || empty) {
        if (!inString && closing) throw malformed('</si> without <si>');
        table.add(decodeOoxmlEscapes(text));
        inString = false;
        inText = false;
        phonetic = 0;
        text = '';
      } else {
        if (inString) throw malformed('<si> inside <si>');
        inString = true;
      }
    } else if (local === 't') {
      if (closing) inText = false;
      else if (!empty && inString) inText = true;
    } else if (local === 'rPh') {
      if (closing) phonetic = Math.max(0, phonetic - 1);
      else if (!empty) phonetic++;
    }
  };

  const scan = (input: string, final: boolean): void => {
    let at = 0;
    while (at < input.length) {
      const open = input.indexOf('<', at);
      if (open < 0) {
        const keep = final ? input.length : measureTextToTake(input, at);
        addText(input.slice(at, keep));
        at = keep;
        break;
      }
      addText(input.slice(at, open));
      at = open;
      let close: number;
      if (input.startsWith('<![CDATA[', at)) {
        close = input.indexOf(']]>', at + 9);
        if (close < 0) break;
        if (inText && phonetic === 0) text += normalizeLineEnds(input.slice(at + 9, close));
        if (text.length > XLSX_PART_LIMITS.cellChars) throw malformed(`a string longer than ${XLSX_PART_LIMITS.cellChars} characters`);
        at = close + 3;
      } else if (input.startsWith('<!--', at) || input.startsWith('<?', at)) {
        // A comment or processing instruction is no text and no tag: its quotes need not pair
        // (`<?note don't?>`), so it ends at its own terminator, as in the sheet.
        const end = findNonTagEnd(input, at) as number;
        if (end < 0) break;
        at = end;
      } else if (input.charCodeAt(at + 1) === 33) {
        // `<!` and neither a comment nor CDATA: a DTD (`<!DOCTYPE …>`, whose internal subset may hold
        // comments and odd quotes; nothing else of the kind is XML), refused as the sheet refuses it,
        // not skipped to a guessed end. Cut by the chunk's end before it can be told, it waits.
        const rest = input.slice(at, at + 9);
        if (rest.length < 9) break;
        throw malformed(`a DTD (${rest}…), which no spreadsheet writer produces`);
      } else {
        // A `>` inside a quoted attribute value (`<t foo="a>b">`) does not end the tag.
        close = findTagEnd(input, at + 1);
        if (close < 0) break;
        handleTag(input.slice(at + 1, close));
        at = close + 1;
      }
    }
    pending = input.slice(at);
    if (pending.length > MAX_PENDING_MARKUP) throw malformed('a tag that does not end');
  };

  return {
    write(chunk) {
      scan(pending + decoder.write(chunk), false);
    },
    end() {
      scan(pending + decoder.end(), true);
      if (pending !== '' || inString) throw malformed('the part ends inside a string; the file is truncated');
    },
  };
}

/** The element name of a tag's inside (`inner` from `start`, past a closing `/`), without its namespace prefix. */
function readLocalName(inner: string, start: number): string {
  let end = start;
  while (end < inner.length && !/[\s/>]/.test(inner.charAt(end))) end++;
  const name = inner.slice(start, end);
  return name.slice(name.indexOf(':') + 1);
}

/**
 * Where the text from `at` to the end of a chunk (not the last) stops being taken now: before a
 * character reference or a CR that may continue in the next chunk, which waits for it.
 */
function measureTextToTake(input: string, at: number): number {
  const amp = input.lastIndexOf('&');
  if (amp >= at && !input.includes(';', amp)) return amp;
  if (input.endsWith('\r')) return input.length - 1;
  return input.length;
}
