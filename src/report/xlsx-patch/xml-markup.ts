import { checkXmlSpace, decodeXmlText } from '../../sources/xml-text.js';

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
  const at = findAttribute(tag, name);
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
 * styles, the comments): `&#49;` is `1`, and a value the decoder refuses is taken as written, so
 * that the copy goes on as it would without this attribute read.
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
  const at = findAttribute(tag, name);
  if (at !== undefined) return `${tag.slice(0, at.valueStart)}${value}${tag.slice(at.valueEnd)}`;
  const end = tag.endsWith('/>') ? tag.length - 2 : tag.length - 1;
  return `${tag.slice(0, end)} ${name}="${value}"${tag.slice(end)}`;
}

/** `tag` without attribute `name`. */
export function removeAttribute(tag: string, name: string): string {
  const at = findAttribute(tag, name);
  if (at === undefined) return tag;
  return `${tag.slice(0, at.start)}${tag.slice(at.valueEnd + 1)}`;
}

interface AttributePlace {
  /** Index of the space before the name. */
  start: number;
  valueStart: number;
  valueEnd: number;
  value: string;
}

/**
 * Where attribute `name` is in `tag`, read attribute by attribute from the element's name on: a
 * value is taken whole between its quotes, so a value that holds ` r='B5'` or a `>` is never read
 * as another attribute or the tag's end. `undefined` when absent, or when the markup is not an
 * attribute list XML allows (the reader refuses such a tag before the copy is written).
 */
function findAttribute(tag: string, name: string): AttributePlace | undefined {
  // Most lookups are of an attribute the tag lacks (`s`, `t` of a plain cell): without a ` name=`
  // anywhere it is absent, found by native searches alone.
  if (!checkCandidate(tag, name)) return undefined;
  let at = 1;
  while (at < tag.length && !checkNameEnd(tag.charCodeAt(at))) at += 1;
  // From `=` to `=`, each value jumped over whole by a native search: the copy reads three
  // attributes of every cell it rewrites, and a walk character by character doubled that cost.
  for (;;) {
    const eq = tag.indexOf('=', at);
    if (eq < 0) return undefined;
    let nameEnd = eq;
    while (nameEnd > at && checkXmlSpace(tag.charCodeAt(nameEnd - 1))) nameEnd -= 1;
    let valueStart = eq + 1;
    while (checkXmlSpace(tag.charCodeAt(valueStart))) valueStart += 1;
    const quote = tag.charCodeAt(valueStart);
    if (quote !== 34 && quote !== 39) return undefined;
    const valueEnd = tag.indexOf(quote === 34 ? '"' : "'", valueStart + 1);
    if (valueEnd < 0) return undefined;
    const nameStart = nameEnd - name.length;
    if (nameStart > at && checkXmlSpace(tag.charCodeAt(nameStart - 1)) && tag.startsWith(name, nameStart)) {
      return { start: nameStart - 1, valueStart: valueStart + 1, valueEnd, value: tag.slice(valueStart + 1, valueEnd) };
    }
    at = valueEnd + 1;
  }
}

/** Whether `name` occurs in `tag` after white space and before `=`: true for every attribute `name`, and rarely for text inside a value. */
function checkCandidate(tag: string, name: string): boolean {
  for (let index = tag.indexOf(name, 1); index >= 0; index = tag.indexOf(name, index + 1)) {
    if (!checkXmlSpace(tag.charCodeAt(index - 1))) continue;
    let at = index + name.length;
    while (checkXmlSpace(tag.charCodeAt(at))) at += 1;
    if (tag.charCodeAt(at) === 61) return true;
  }
  return false;
}

/** White space, `=`, `/` or `>`: the end of an element's or attribute's name. */
function checkNameEnd(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 61 || code === 47 || code === 62;
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
