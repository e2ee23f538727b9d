/**
 * Start tags of one kind found in a part fed chunk by chunk, with a pattern over the text, no XML
 * parsing: the merged ranges and the row outline levels of a sheet, read in the reader's integrity
 * pass before its rows. A tag cut by a chunk's end is kept for the next chunk.
 *
 * Tried and left: passing over a chunk in which the tag's marker (`mergeCell`, `outlineLevel`)
 * cannot be, on a byte search, without making it a string. It saved ~0.1 s of CPU on a 100,000-row
 * sheet (70 MB) but left the reading thread's heap ~20 MB larger for the rest of the run: the strings
 * made of the chunks were the garbage whose collections also freed what the shared strings' pass had
 * promoted.
 */
import type { Buffer } from 'node:buffer';
import { matchNonTagMarkup } from './xml-text.js';

/** A scan fed the inflated part in order. */
interface TagScanner {
  write(chunk: Buffer): void;
}

/** A tag cut by a chunk's end is kept for the next chunk, up to this many characters. */
const TAIL_CHARS = 4096;

/**
 * Markup that is no tag, after its `<`: a comment, CDATA section or processing instruction, taken
 * whole to its own terminator (or to the chunk's end, when it goes on in the next): its text may
 * look like a tag (`<!-- <row r="3" outlineLevel="1"> -->`) and its quotes need not pair, so a tag
 * pattern started inside it would read a row the reader does not see, or run on past its end.
 */
const NOT_A_TAG = String.raw`<(?:!--[\s\S]*?(?:-->|$)|!\[CDATA\[[\s\S]*?(?:\]\]>|$)|\?[\s\S]*?(?:\?>|$))`;

/** Creates a scan calling `onTag` with each match of `pattern` (a start tag, from its `<`) in the part, outside comments, CDATA and processing instructions. */
export function createTagScanner(pattern: RegExp, onTag: (match: RegExpMatchArray) => void): TagScanner {
  const scan = new RegExp(`${NOT_A_TAG}|${pattern.source}`, 'g');
  let tail = '';
  // The terminator of a comment, CDATA section or processing instruction the last chunk ended in.
  let inside: string | undefined;
  return {
    write(chunk) {
      // latin1 keeps bytes one to one; the tags are ASCII, and cutting a letter in two cannot matter.
      const text = tail + chunk.toString('latin1');
      let consumed = 0;
      if (inside !== undefined) {
        const end = text.indexOf(inside);
        if (end < 0) {
          tail = text.slice(-(inside.length - 1));
          return;
        }
        consumed = end + inside.length;
        inside = undefined;
      }
      scan.lastIndex = consumed;
      for (let match = scan.exec(text); match !== null; match = scan.exec(text)) {
        const found = match[0];
        consumed = match.index + found.length;
        const markup = matchNonTagMarkup(found, 0);
        if (markup !== undefined) {
          // No tag. Not ended in this chunk: its terminator is looked for in the next.
          const [opener, terminator] = markup;
          if (found.length >= opener.length + terminator.length && found.endsWith(terminator)) continue;
          inside = terminator;
          tail = text.slice(Math.max(match.index + opener.length, text.length - (terminator.length - 1)));
          return;
        }
        onTag(match);
      }
      const open = text.lastIndexOf('<');
      tail = text.slice(Math.max(consumed, open === -1 ? text.length : open));
      if (tail.length > TAIL_CHARS) tail = tail.slice(-TAIL_CHARS);
    },
  };
}
