/**
 * Small helpers for the few XLSX parts read without exceljs (workbook.xml, relationships, merged
 * ranges): attribute parsing and entity decoding. These parts are tiny and regular, so a full XML
 * parser is not needed; the sheet itself is parsed by exceljs.
 */

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes `&amp;`, `&lt;`, `&#1046;`, `&#x416;` and the other XML entities. */
export function decodeXmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return NAMED_ENTITIES[name] ?? whole;
  });
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
