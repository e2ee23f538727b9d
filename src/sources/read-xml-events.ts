/**
 * exceljs's SAX parser (`lib/utils/parse-sax.js`, saxes underneath) fed text we decode ourselves,
 * one `StringDecoder` per zip part. Given bytes, exceljs decodes each chunk on its own and turns a
 * letter whose bytes straddle two chunks into U+FFFD (exceljs #2063, #2084, #2316); given strings
 * it passes them through untouched. So every part the XLSX reader parses with exceljs goes through
 * `parseXmlEvents`, and nothing in exceljs is patched. The sheet is decoded by `decodeXmlPart` too,
 * but scanned by our own code (parse-sheet-rows.ts).
 */
import type { Buffer } from 'node:buffer';
import { createRequire } from 'node:module';
import { StringDecoder } from 'node:string_decoder';

/** A start (or empty) tag as saxes reports it: the qualified name, prefix included. */
export interface XmlTag {
  name: string;
  attributes: Record<string, string>;
  isSelfClosing: boolean;
}

/** One SAX event; text comes with entities decoded. */
export type XmlEvent = { eventType: 'opentag' | 'closetag'; value: XmlTag } | { eventType: 'text'; value: string };

type ParseSax = (chunks: AsyncIterable<string>) => AsyncIterable<XmlEvent[]>;

const require = createRequire(import.meta.url);
const parseSax = require('exceljs/lib/utils/parse-sax.js') as ParseSax;

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

/** Batches of SAX events for one part, parsed by exceljs's parser from decoded text. Throws on malformed XML. */
export function parseXmlEvents(source: AsyncIterable<Buffer | string>): AsyncIterable<XmlEvent[]> {
  return parseSax(decodeXmlPart(source));
}

/** `x:worksheet` → `worksheet`: parts written with namespace prefixes (the OpenXML SDK) read the same. */
export function readLocalName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}
