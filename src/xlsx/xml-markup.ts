import { decodeXmlText, findXmlAttribute } from './xml-text.js';

/**
 * The few pieces of XML text the workbook patch writes or edits: escaped text and attribute
 * values, one start tag's attributes read or set, and the namespace prefix of an element.
 */

// Characters XML 1.0 cannot hold: written as Excel's `_xHHHH_` escapes. A literal `_xHHHH_` in the
// text gets its underscore escaped (`_x005F_`), so that it reads back as written.
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|_(?=x[0-9A-Fa-f]{4}_)|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `text` as the content of an element: `&`, `<`, `>` escaped, a carriage return as `&#13;`, other control characters as `_xHHHH_`. */
export function escapeXmlText(text: string): string {
  let out = text;
  if (/[&<>]/.test(out)) out = out.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  if (out.includes('\r')) out = out.replace(/\r/g, '&#13;');
  return out.replace(INVALID_XML_CHARS, (char) => {
    if (char === '_') return '_x005F_';
    if (char.charCodeAt(0) >= 0xd800 && char.charCodeAt(0) <= 0xdfff) return '\uFFFD';
    return `_x${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`;
  });
}

/** `text` as a double-quoted attribute value. */
export function escapeXmlAttribute(text: string): string {
  return escapeXmlText(text).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}

/** The value of attribute `name` (with its prefix, if any) in one start tag, undecoded; `undefined` when absent. */
export function readAttribute(tag: string, name: string): string | undefined {
  const at = findXmlAttribute(tag, name);
  return at === undefined ? undefined : at.value;
}

/**
 * The value of attribute `name` in one start tag of the sheet, decoded as the reader's scanner decodes
 * it (`r="&#51;"` is `3`): the copy must number and place rows and cells as the run did.
 */
export function readDecodedAttribute(tag: string, name: string): string | undefined {
  const value = readAttribute(tag, name);
  return value === undefined ? undefined : decodeXmlText(value, undefined, true);
}

/**
 * The value of attribute `name` decoded, for markup the reader does not read (the sheet's head, the
 * styles, the comments) and the merged-cell scan: `&#49;` is `1`, and a value the decoder refuses
 * is taken as written, so that the copy goes on as it would without this attribute read.
 */
export function readLenientAttribute(tag: string, name: string): string | undefined {
  const value = readAttribute(tag, name);
  if (value === undefined || !value.includes('&')) return value;
  try {
    return decodeXmlText(value, undefined, true);
  } catch {
    return value;
  }
}

/** `tag` with attribute `name` set to `value` (already escaped), added before the tag's end when absent. */
export function setAttribute(tag: string, name: string, value: string): string {
  const at = findXmlAttribute(tag, name);
  if (at !== undefined) return `${tag.slice(0, at.valueStart)}${value}${tag.slice(at.valueEnd)}`;
  const end = tag.endsWith('/>') ? tag.length - 2 : tag.length - 1;
  return `${tag.slice(0, end)} ${name}="${value}"${tag.slice(end)}`;
}

/** `tag` without attribute `name`. */
export function removeAttribute(tag: string, name: string): string {
  const at = findXmlAttribute(tag, name);
  if (at === undefined) return tag;
  return `${tag.slice(0, at.start)}${tag.slice(at.valueEnd + 1)}`;
}

/** The namespace prefix (`x:`, or `''`) of the first start tag with local name `localName` in `xml`, or `undefined`. */
export function findElementPrefix(xml: string, localName: string): string | undefined {
  const match = new RegExp(`<([A-Za-z_][\\w.-]*:)?${localName}(?=[\\s/>])`).exec(xml);
  return match === null ? undefined : (match[1] ?? '');
}

/** The prefix bound to namespace `uri` in `xml` (`r:`), `''` for the default namespace, or `undefined`. */
export function findNamespacePrefix(xml: string, uri: string): string | undefined {
  const escaped = uri.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = new RegExp(`xmlns(?::([A-Za-z_][\\w.-]*))?\\s*=\\s*["']${escaped}["']`).exec(xml);
  if (match === null) return undefined;
  return match[1] === undefined ? '' : `${match[1]}:`;
}
