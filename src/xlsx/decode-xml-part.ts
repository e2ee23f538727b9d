/**
 * A zip part's bytes as text, one `StringDecoder` per part, so that a letter whose bytes straddle
 * two chunks stays one letter: the sheet scanner (parse-sheet-rows.ts) and the styles reader read
 * the text it gives.
 */
import type { Buffer } from 'node:buffer';
import { StringDecoder } from 'node:string_decoder';

/**
 * The part's bytes as text, decoded across chunk boundaries: UTF-8, or UTF-16 when the part starts
 * with a UTF-16 byte-order mark (rare, but XML allows it). A UTF-8 byte-order mark is dropped.
 */
export async function* decodeXmlPart(source: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  let decoder: StringDecoder | undefined;
  for await (const chunk of source) {
    if (typeof chunk === 'string') {
      yield chunk;
      continue;
    }
    if (decoder === undefined) {
      decoder = new StringDecoder(chunk[0] === 0xff && chunk[1] === 0xfe ? 'utf16le' : 'utf8');
      let text = decoder.write(chunk);
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      checkNoDoctype(text);
      if (text !== '') yield text;
      continue;
    }
    const text = decoder.write(chunk);
    if (text !== '') yield text;
  }
  const rest = decoder?.end() ?? '';
  if (rest !== '') yield rest;
}

/**
 * No spreadsheet writer puts a DTD in a part; one that does is hostile (an entity bomb) or not a
 * workbook. saxes would not expand its entities anyway, but the message says what it is. The DTD
 * must come before the root element, so the first chunk holds it.
 */
function checkNoDoctype(text: string): void {
  const doctype = text.search(/<!DOCTYPE/i);
  if (doctype < 0) return;
  const root = text.search(/<[A-Za-z_]/);
  if (root < 0 || doctype < root) throw new Error('a part holds a DTD (<!DOCTYPE>), which no spreadsheet writer produces: an entity bomb or not a workbook');
}
