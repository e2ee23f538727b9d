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

  // The tag `input[lt, gt]` (`gt` at its `>`), read in place: the part holds four tags a string, and
  // a slice of each tag, of its name and of its local name were most of what the cold pass allocated.
  const handleTag = (input: string, lt: number, gt: number): void => {
    const closing = input.charCodeAt(lt + 1) === 47; // '/'
    const nameStart = closing ? lt + 2 : lt + 1;
    const nameEnd = findNameEnd(input, nameStart, gt);
    let local = nameStart;
    for (let at = nameStart; at < nameEnd; at++) {
      if (input.charCodeAt(at) === 58) {
        // ':': the namespace prefix ends
        local = at + 1;
        break;
      }
    }
    const length = nameEnd - local;
    const empty = !closing && input.charCodeAt(gt - 1) === 47;
    if (length === 2 && input.startsWith('si', local)) {
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
    } else if (length === 1 && input.charCodeAt(local) === 116) {
      // 't'
      if (closing) inText = false;
      else if (!empty && inString) inText = true;
    } else if (length === 3 && input.startsWith('rPh', local)) {
      if (closing) phonetic = Math.max(0, phonetic - 1);
      else if (!empty) phonetic++;
    }
  };

  const scan = (input: string, final: boolean): void => {
    let at = 0;
    while (at < input.length) {
      // Markup often follows markup (`</t></si><si><t>`): the next `<` is then known without a search.
      const open = input.charCodeAt(at) === 60 ? at : input.indexOf('<', at);
      if (open < 0) {
        const keep = final ? input.length : measureTextToTake(input, at);
        addText(input.slice(at, keep));
        at = keep;
        break;
      }
      if (open > at) addText(input.slice(at, open));
      at = open;
      let close: number;
      const next = input.charCodeAt(at + 1);
      // A tag, nearly always: told by one character, not by three comparisons with the other markup's openers.
      if (next !== 33 && next !== 63) {
        // A `>` inside a quoted attribute value (`<t foo="a>b">`) does not end the tag.
        close = findTagEnd(input, at + 1);
        if (close < 0) break;
        handleTag(input, at, close);
        at = close + 1;
      } else if (input.startsWith('<![CDATA[', at)) {
        close = input.indexOf(']]>', at + 9);
        if (close < 0) break;
        if (inText && phonetic === 0) text += normalizeLineEnds(input.slice(at + 9, close));
        if (text.length > XLSX_PART_LIMITS.cellChars) throw malformed(`a string longer than ${XLSX_PART_LIMITS.cellChars} characters`);
        at = close + 3;
      } else if (next === 63 || input.startsWith('<!--', at)) {
        // A comment or processing instruction is no text and no tag: its quotes need not pair
        // (`<?note don't?>`), so it ends at its own terminator, as in the sheet.
        const end = findNonTagEnd(input, at) as number;
        if (end < 0) break;
        at = end;
      } else {
        // `<!` and neither a comment nor CDATA: a DTD (`<!DOCTYPE …>`, whose internal subset may hold
        // comments and odd quotes; nothing else of the kind is XML), refused as the sheet refuses it,
        // not skipped to a guessed end. Cut by the chunk's end before it can be told, it waits.
        const rest = input.slice(at, at + 9);
        if (rest.length < 9) break;
        throw malformed(`a DTD (${rest}…), which no spreadsheet writer produces`);
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

// The end of an element's name in a tag: white space (as JavaScript's `\s` reads it), `/` or `>`.
const NAME_END = /[\s/>]/g;

/** Where the name of the tag whose name starts at `start` (past `<` or `</`) ends, `gt` (its `>`) at the latest: one native search, not a test per letter. */
function findNameEnd(input: string, start: number, gt: number): number {
  NAME_END.lastIndex = start;
  return NAME_END.test(input) ? Math.min(NAME_END.lastIndex - 1, gt) : gt;
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
