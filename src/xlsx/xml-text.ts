/**
 * Small helpers for the XML text of an XLSX: the one decoder of character data and attribute
 * values every reader of the workbook uses (the sheet scanner, the shared strings, the workbook
 * parts, the annotated copy), attribute parsing for the small parts, and Excel's `_xHHHH_` escapes.
 * The sheet itself is scanned by parse-sheet-rows.ts.
 */

/**
 * Text of a part that XML 1.0 does not allow: a stray `&`, an entity XML does not define (a
 * workbook has no DTD to define one), a character reference to a character XML excludes, or a `<`
 * in an attribute value. The caller says which part; the message names the entity.
 */
export class XmlTextError extends Error {
  override name = 'XmlTextError';
}

/** A text the decoder refused, its message completed with the place in the sheet (`in cell C17`); any other error as it is. */
export function placeXmlTextError(error: unknown, place: string): unknown {
  return error instanceof XmlTextError ? new XmlTextError(`${error.message} in ${place}`, { cause: error }) : error;
}

/**
 * Decodes the character data of an element, or (with `attribute`) an attribute value, by the rules
 * of XML 1.0, the same for every part and every reader of a workbook: line ends normalised (`\r\n`
 * and a lone `\r` become `\n`, §2.11), the five predefined entities and character references
 * (decimal `&#1046;`, hex `&#x416;`, to a character of XML's Char production only) decoded. Any other
 * `&` is not well formed and throws an `XmlTextError`, with `where` (`the sheet`) in its message
 * when given.
 *
 * A character XML forbids written literally (U+0001, U+FFFE) and a literal `]]>` are passed through
 * as text, not refused: checking every character of every text would cost the sheet scan a pass per
 * text (docs/input-files.md, "One XML text decoder").
 *
 * `attribute` exists because the specification itself reads attribute values differently (§3.3.3):
 * after line ends are normalised, each literal tab, line feed or carriage return becomes a space
 * (a character reference such as `&#10;` still gives its character), and a `<` is not allowed.
 */
export function decodeXmlText(raw: string, where?: string, attribute = false): string {
  // Most texts and nearly every attribute value hold nothing to decode: that case stays in a
  // function small enough to be inlined into the scanners' loops.
  if (attribute ? !checkAttributeDecoding(raw) : raw.indexOf('&') === -1 && raw.indexOf('\r') === -1) return raw;
  return decodeMarkedText(raw, where, attribute);
}

/** `decodeXmlText` for a text that holds a `&` or a line end (or, as an attribute, a tab or `<`). */
function decodeMarkedText(raw: string, where: string | undefined, attribute: boolean): string {
  let text = raw;
  if (attribute) {
    if (text.includes('<')) throw new XmlTextError(placeMessage('a "<" inside an attribute value', where));
    if (text.includes('\t') || text.includes('\n') || text.includes('\r')) text = text.replace(/\r\n|[\t\n\r]/g, ' ');
  } else text = normalizeLineEnds(text);
  let amp = text.indexOf('&');
  if (amp === -1) return text;
  // A loop, not a pattern with a replacer: a description written as HTML holds an entity every few
  // words, and the replacer's call and match array for each were the shared strings' dearest step.
  // The pieces are joined once: a string grown piece by piece would hold slices of the part's text,
  // and keep those whole texts alive as long as it lives.
  const pieces: string[] = [];
  let copied = 0;
  while (amp !== -1) {
    const end = text.indexOf(';', amp + 1);
    const decoded = end === -1 ? undefined : decodeReference(text, amp, end);
    if (decoded === undefined) throw refuseReference(text, amp, end, where);
    pieces.push(text.slice(copied, amp), decoded);
    copied = end + 1;
    amp = text.indexOf('&', copied);
  }
  pieces.push(text.slice(copied));
  return pieces.join('');
}

/**
 * The text of a CDATA section as XML reads it: line ends normalised (as everywhere in the document),
 * nothing else decoded (`&amp;` inside one is those five characters).
 */
export function normalizeLineEnds(raw: string): string {
  return raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw;
}

/** Whether an attribute value holds anything to decode, normalise or refuse (`&`, tab, line feed, carriage return, `<`): most hold none. */
function checkAttributeDecoding(text: string): boolean {
  for (let at = 0; at < text.length; at++) {
    const unit = text.charCodeAt(at);
    if (unit === 0x26 || unit === 0x0a || unit === 0x09 || unit === 0x0d || unit === 0x3c) return true;
  }
  return false;
}

/** The text of the reference `text[amp, end]` (from its `&` to its `;`), or undefined when it is none XML defines. */
function decodeReference(text: string, amp: number, end: number): string | undefined {
  const first = text.charCodeAt(amp + 1);
  if (first === 0x23) {
    const code = readCharacterReference(text, amp + 2, end);
    return code !== -1 && checkXmlChar(code) ? String.fromCodePoint(code) : undefined;
  }
  switch (end - amp) {
    case 3:
      if (text.charCodeAt(amp + 2) !== 0x74) return undefined; // 't'
      return first === 0x6c ? '<' : first === 0x67 ? '>' : undefined; // 'l', 'g'
    case 4:
      return first === 0x61 && text.charCodeAt(amp + 2) === 0x6d && text.charCodeAt(amp + 3) === 0x70 ? '&' : undefined; // 'amp'
    case 5:
      if (text.startsWith('quot', amp + 1)) return '"';
      return text.startsWith('apos', amp + 1) ? "'" : undefined;
    default:
      return undefined;
  }
}

/** The error for the `&` at `amp` that `decodeReference` could not decode (`end`: the next `;`, or -1). */
function refuseReference(text: string, amp: number, end: number, where: string | undefined): XmlTextError {
  if (end !== -1) {
    if (text.charCodeAt(amp + 1) === 0x23) {
      if (readCharacterReference(text, amp + 2, end) !== -1) {
        return new XmlTextError(placeMessage(`a malformed character reference ${text.slice(amp, end + 1)} (a character XML does not allow)`, where));
      }
    } else {
      // `&nbsp;` (HTML's) and every other name: a workbook has no DTD that could define it.
      const name = text.slice(amp + 1, end);
      if (XML_NAME.test(name)) return new XmlTextError(placeMessage(`undefined entity &${name};`, where));
    }
  }
  const context = text.slice(amp, Math.min(text.length, amp + 12));
  return new XmlTextError(placeMessage(`a "&" that starts no entity (${JSON.stringify(context)})`, where));
}

// A name as XML's Name production reads it (letters of any script); only used to word the error.
const XML_NAME = /^[\p{L}_:][\p{L}\p{N}\p{M}_:.\u00B7-]*$/u;

/** The code point of the character reference whose digits are `text[start, end)` (after `&#`, `x` for hex), or -1 when they are no number as XML writes it. */
function readCharacterReference(text: string, start: number, end: number): number {
  // Only a lower-case `x` marks hex (`&#X41;` is not well formed).
  const hex = text.charCodeAt(start) === 0x78;
  const first = hex ? start + 1 : start;
  if (first >= end) return -1;
  let code = 0;
  for (let at = first; at < end; at++) {
    const unit = text.charCodeAt(at);
    let digit: number;
    if (unit >= 0x30 && unit <= 0x39) digit = unit - 0x30;
    else if (hex && (unit | 0x20) >= 0x61 && (unit | 0x20) <= 0x66) digit = (unit | 0x20) - 0x57;
    else return -1;
    // Past U+10FFFF the digits are still checked, the value no longer grows (no float overflow).
    if (code <= 0x10ffff) code = code * (hex ? 16 : 10) + digit;
  }
  return code;
}

/** Whether XML 1.0's Char production allows the character: not NUL, most C0 controls, surrogates, U+FFFE/U+FFFF or past U+10FFFF. */
function checkXmlChar(code: number): boolean {
  return code === 9 || code === 10 || code === 13 || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);
}

function placeMessage(message: string, where: string | undefined): string {
  return where === undefined ? message : `${message} in ${where}`;
}

/** Whether `code` is XML white space (S: space, tab, line feed, carriage return). */
export function checkXmlSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

/** The markup that is no tag, by its opener, and the terminator it ends at. */
const NON_TAG_MARKUP: readonly (readonly [open: string, close: string])[] = [
  ['<!--', '-->'],
  ['<![CDATA[', ']]>'],
  ['<?', '?>'],
];

/**
 * End (exclusive) of the comment, CDATA section or processing instruction that starts at `lt`; -1
 * when `text` ends first; undefined when the markup at `lt` is none of them (a tag). Each ends at its
 * own terminator, never at a quote-aware tag end (`findTagEnd`): their quotes need not pair
 * (`<![CDATA[don't]]>`, `<?note don't?>`).
 */
export function findNonTagEnd(text: string, lt: number): number | undefined {
  const markup = matchNonTagMarkup(text, lt);
  if (markup === undefined) return undefined;
  const [open, close] = markup;
  const end = text.indexOf(close, lt + open.length);
  return end < 0 ? -1 : end + close.length;
}

/** The opener and terminator of the comment, CDATA section or processing instruction that starts at `lt`; undefined for other markup. */
export function matchNonTagMarkup(text: string, lt: number): readonly [open: string, close: string] | undefined {
  for (const markup of NON_TAG_MARKUP) if (text.startsWith(markup[0], lt)) return markup;
  return undefined;
}

/**
 * The index of the `>` that ends the tag whose name starts at or before `from` (just past its `<`),
 * or -1 when `text` ends first (the tag goes on in the next chunk). XML escapes only `<` and the
 * quote itself inside a quoted attribute value, so `<c r="A1" note="a>b">` is one tag: a `>` between
 * quotes of either kind ends nothing. Every scanner of the workbook's markup (the reader's and the
 * annotated copy's) looks for a tag's end with this one function.
 */
export function findTagEnd(text: string, from: number): number {
  // One pass, a quoted value jumped over by a native search: as fast as `indexOf('>')` on a tag
  // without quotes (`<v>`), and the least work on one with them (measured against a first
  // `indexOf('>')` checked for quotes before it, which looks for the `>` again after each value).
  const length = text.length;
  let at = from;
  while (at < length) {
    const code = text.charCodeAt(at);
    if (code === 62) return at; // '>'
    if (code === 34 || code === 39) {
      at = text.indexOf(code === 34 ? '"' : "'", at + 1);
      if (at < 0) return -1;
    }
    at++;
  }
  return -1;
}

/**
 * The rest of a start tag after its name, as a regular-expression source: anything up to its `>`,
 * quoted attribute values taken whole (a `>` inside one does not end the tag). Linear: a character
 * is matched one way only, so a tag that does not end costs no backtracking storm.
 */
export const XML_TAG_REST = String.raw`(?:[^>"']|"[^"]*"|'[^']*')*`;

/**
 * Decodes the `_xHHHH_` escapes Excel writes for characters XML cannot hold (`_x000D_` for a
 * carriage return); `_x005F_` escapes a literal underscore sequence.
 */
export function decodeOoxmlEscapes(text: string): string {
  if (!text.includes('_x')) return text;
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * The attributes of one start tag (`<sheet name="A" r:id="rId1"/>`), names with their prefix,
 * values decoded as `decodeXmlText` decodes attribute values; `where` names the part in its errors.
 */
export function parseXmlAttributes(tag: string, where?: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of tag.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    attributes.set(match[1] ?? '', decodeXmlText(match[2] ?? match[3] ?? '', where, true));
  }
  return attributes;
}

/** Where one attribute is in a start tag (`findXmlAttribute`). */
interface XmlAttributePlace {
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
 * attribute list XML allows (the reader refuses such a tag). One finder for every reader of a single
 * attribute: the annotated copy's edits, the merged-cell scan.
 */
export function findXmlAttribute(tag: string, name: string): XmlAttributePlace | undefined {
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
  return checkXmlSpace(code) || code === 61 || code === 47 || code === 62;
}

/** Every start or empty tag with the given local name (any namespace prefix), as its attributes (throws `XmlTextError` as `parseXmlAttributes`). */
export function findXmlTags(xml: string, localName: string, where?: string): Map<string, string>[] {
  const pattern = new RegExp(`<(?:[\\w.-]+:)?${localName}(?=[\\s/>])${XML_TAG_REST}>`, 'g');
  return Array.from(xml.matchAll(pattern), (match) => parseXmlAttributes(match[0], where));
}
