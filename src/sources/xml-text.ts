/**
 * Small helpers for the XLSX parts read without a general XML parser (workbook.xml, relationships,
 * merged ranges, the shared strings' texts): attribute parsing and entity decoding. The sheet
 * itself is scanned by parse-sheet-rows.ts.
 */

/**
 * Decodes `&amp;`, `&lt;`, `&#1046;`, `&#x416;` and the other XML entities; anything else after a
 * `&` is kept as it stands. Throws a RangeError for a character reference past U+10FFFF, which XML
 * forbids (the caller says which part is malformed).
 */
export function decodeXmlEntities(text: string): string {
  let amp = text.indexOf('&');
  if (amp === -1) return text;
  // A loop, not a pattern with a replacer: a description written as HTML holds an entity every few
  // words, and the replacer's call and match array for each were the shared strings' dearest step.
  // The pieces are joined once: a string grown piece by piece would hold slices of the part's text,
  // and keep those whole texts alive as long as it lives.
  const pieces: string[] = [];
  let copied = 0;
  while (amp !== -1) {
    const end = findEntityEnd(text, amp + 1);
    const entity = end === -1 ? undefined : decodeEntity(text, amp + 1, end);
    if (entity === undefined) {
      amp = text.indexOf('&', amp + 1);
      continue;
    }
    pieces.push(text.slice(copied, amp), entity);
    copied = end + 1;
    amp = text.indexOf('&', copied);
  }
  if (copied === 0) return text;
  pieces.push(text.slice(copied));
  return pieces.join('');
}

/** Where the `;` of an entity whose name starts at `start` is (`#x` and hex digits, `#` and digits, or letters), else -1. */
function findEntityEnd(text: string, start: number): number {
  let at = start;
  let isNameUnit = isLetter;
  if (text.charCodeAt(at) === 0x23) {
    at += 1;
    const x = text.charCodeAt(at) | 0x20;
    isNameUnit = x === 0x78 ? isHexDigit : isDecimalDigit;
    if (x === 0x78) at += 1;
  }
  const first = at;
  while (at < text.length && isNameUnit(text.charCodeAt(at))) at++;
  return at > first && text.charCodeAt(at) === 0x3b ? at : -1;
}

/** The text of the entity `text[start, end)` (its name, checked by `findEntityEnd`), or undefined for a name XML does not define. */
function decodeEntity(text: string, start: number, end: number): string | undefined {
  if (text.charCodeAt(start) !== 0x23) {
    switch (text.slice(start, end)) {
      case 'amp':
        return '&';
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'quot':
        return '"';
      case 'apos':
        return "'";
      default:
        return undefined;
    }
  }
  const hex = (text.charCodeAt(start + 1) | 0x20) === 0x78;
  let code = 0;
  for (let at = start + (hex ? 2 : 1); at < end && code <= 0x10ffff; at++) {
    const unit = text.charCodeAt(at);
    code = hex ? code * 16 + (unit <= 0x39 ? unit - 0x30 : (unit | 0x20) - 0x57) : code * 10 + unit - 0x30;
  }
  if (code > 0x10ffff) throw new RangeError(`the character reference &${text.slice(start, end)}; is past U+10FFFF`);
  return String.fromCodePoint(code);
}

function isLetter(unit: number): boolean {
  const lower = unit | 0x20;
  return lower >= 0x61 && lower <= 0x7a;
}

function isDecimalDigit(unit: number): boolean {
  return unit >= 0x30 && unit <= 0x39;
}

function isHexDigit(unit: number): boolean {
  return isDecimalDigit(unit) || ((unit | 0x20) >= 0x61 && (unit | 0x20) <= 0x66);
}

/**
 * Decodes the `_xHHHH_` escapes Excel writes for characters XML cannot hold (`_x000D_` for a
 * carriage return); `_x005F_` escapes a literal underscore sequence.
 */
export function decodeOoxmlEscapes(text: string): string {
  if (!text.includes('_x')) return text;
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The attributes of one start tag (`<sheet name="A" r:id="rId1"/>`), names with their prefix, values decoded. */
export function parseXmlAttributes(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of tag.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    attributes.set(match[1] ?? '', decodeXmlEntities(match[2] ?? match[3] ?? ''));
  }
  return attributes;
}

/** Every start or empty tag with the given local name (any namespace prefix), as its attributes. */
export function findXmlTags(xml: string, localName: string): Map<string, string>[] {
  const pattern = new RegExp(`<(?:[\\w.-]+:)?${localName}(?=[\\s/>])[^>]*>`, 'g');
  return Array.from(xml.matchAll(pattern), (match) => parseXmlAttributes(match[0]));
}
