/**
 * Small edits of a workbook's package parts for the annotated copy: a sheet added to
 * `workbook.xml`, relationships added to a `.rels` part (or a new one), content types declared in
 * `[Content_Types].xml`. Each edit appends; nothing of the seller's is removed or reordered.
 */
import { resolvePart } from '../../xlsx/parse-workbook-parts.js';
import { XML_TAG_REST } from '../../xlsx/xml-text.js';
import { escapeXmlAttribute, findElementPrefix, findNamespacePrefix, readLenientAttribute } from '../../xlsx/xml-markup.js';

const PACKAGE_RELATIONSHIPS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** The namespaces of a workbook's SpreadsheetML and relationships: transitional (most files) or strict. */
export interface PackageNamespaces {
  main: string;
  relationships: string;
}

const TRANSITIONAL: PackageNamespaces = {
  main: 'http://schemas.openxmlformats.org/spreadsheetml/2006/main',
  relationships: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
};

const STRICT: PackageNamespaces = {
  main: 'http://purl.oclc.org/ooxml/spreadsheetml/main',
  relationships: 'http://purl.oclc.org/ooxml/officeDocument/relationships',
};

/** The namespaces the workbook uses (Excel's "Strict Open XML" files use their own), so that added parts match. */
export function detectNamespaces(workbookXml: string, relsXml: string): PackageNamespaces {
  return {
    main: workbookXml.includes(STRICT.main) ? STRICT.main : TRANSITIONAL.main,
    relationships: relsXml.includes(`${STRICT.relationships}/`) ? STRICT.relationships : TRANSITIONAL.relationships,
  };
}

/** Relationship types the copy adds or looks for. */
export function relationshipTypes(namespaces: PackageNamespaces): { worksheet: string; comments: string; vmlDrawing: string; styles: string } {
  const base = namespaces.relationships;
  return { worksheet: `${base}/worksheet`, comments: `${base}/comments`, vmlDrawing: `${base}/vmlDrawing`, styles: `${base}/styles` };
}

/** Content types the copy declares. */
export const CONTENT_TYPES = {
  worksheet: 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml',
  comments: 'application/vnd.openxmlformats-officedocument.spreadsheetml.comments+xml',
  vmlDrawing: 'application/vnd.openxmlformats-officedocument.vmlDrawing',
  styles: 'application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml',
  workbook: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
  sharedStrings: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml',
} as const;

/** Content types of the parts a relationship names, by the last segment of its type (transitional and strict alike). */
const RELATED_PART_TYPES: Readonly<Record<string, string>> = {
  officeDocument: CONTENT_TYPES.workbook,
  worksheet: CONTENT_TYPES.worksheet,
  sharedStrings: CONTENT_TYPES.sharedStrings,
  styles: CONTENT_TYPES.styles,
  comments: CONTENT_TYPES.comments,
  chartsheet: 'application/vnd.openxmlformats-officedocument.spreadsheetml.chartsheet+xml',
  table: 'application/vnd.openxmlformats-officedocument.spreadsheetml.table+xml',
  theme: 'application/vnd.openxmlformats-officedocument.theme+xml',
  drawing: 'application/vnd.openxmlformats-officedocument.drawing+xml',
  chart: 'application/vnd.openxmlformats-officedocument.drawingml.chart+xml',
  'core-properties': 'application/vnd.openxmlformats-package.core-properties+xml',
  'extended-properties': 'application/vnd.openxmlformats-officedocument.extended-properties+xml',
};

/** Content types of the parts kept by extension alone (pictures, printer settings, VML), as Excel declares them. */
const EXTENSION_TYPES: Readonly<Record<string, string>> = {
  rels: 'application/vnd.openxmlformats-package.relationships+xml',
  xml: 'application/xml',
  png: 'image/png',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  emf: 'image/x-emf',
  wmf: 'image/x-wmf',
  bin: 'application/vnd.openxmlformats-officedocument.spreadsheetml.printerSettings',
  vml: CONTENT_TYPES.vmlDrawing,
};

/** The parts relationships part `relsPart` names whose content type its relationship's type tells (zip part name → content type). */
export function listRelatedPartTypes(relsPart: string, relsXml: string): [string, string][] {
  const base = relsPart.slice(0, relsPart.lastIndexOf('_rels/'));
  const found: [string, string][] = [];
  for (const { type, target, external } of readRelationships(relsXml)) {
    const contentType = RELATED_PART_TYPES[type.slice(type.lastIndexOf('/') + 1)];
    if (!external && contentType !== undefined && target !== undefined) found.push([resolvePart(base, target), contentType]);
  }
  return found;
}

/**
 * A `[Content_Types].xml` for a package that has none (the reader does not need it, Excel does):
 * a default for each extension of `partNames` Excel declares by extension, and an override for each
 * of `overrides` (zip part name → content type). The copy's own additions are declared on it as on
 * the seller's.
 */
export function buildContentTypes(partNames: Iterable<string>, overrides: ReadonlyMap<string, string>): string {
  const extensions = new Set(['rels', 'xml', ...[...partNames].map((name) => name.slice(name.lastIndexOf('.') + 1).toLowerCase())]);
  const defaults = [...extensions].filter((extension) => EXTENSION_TYPES[extension] !== undefined).map((extension) => `<Default Extension="${extension}" ContentType="${EXTENSION_TYPES[extension]}"/>`);
  const items = [...overrides].map(([part, type]) => `<Override PartName="/${escapeXmlAttribute(part)}" ContentType="${type}"/>`);
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">${defaults.join('')}${items.join('')}</Types>`;
}

/** `workbook.xml` with a sheet named `name` appended to `<sheets>`, related by `relationshipId`. */
export function addWorkbookSheet(workbookXml: string, name: string, relationshipId: string, relationshipsNs: string): string {
  const prefix = findElementPrefix(workbookXml, 'sheets') ?? '';
  const close = workbookXml.indexOf(`</${prefix}sheets>`);
  if (close < 0) throw new Error('workbook.xml has no list of sheets');
  let maxId = 0;
  for (const match of workbookXml.matchAll(new RegExp(`<${prefix}sheet(?=[\\s/>])${XML_TAG_REST}>`, 'g'))) {
    maxId = Math.max(maxId, Number(readLenientAttribute(match[0], 'sheetId') ?? 0) || 0);
  }
  const rel = findNamespacePrefix(workbookXml, relationshipsNs);
  const idAttribute = rel !== undefined && rel !== '' ? `${rel}id` : `xmlns:r="${relationshipsNs}" r:id`;
  const sheet = `<${prefix}sheet name="${escapeXmlAttribute(name)}" sheetId="${maxId + 1}" ${idAttribute}="${relationshipId}"/>`;
  return workbookXml.slice(0, close) + sheet + workbookXml.slice(close);
}

/** A relationships part with one relationship added: the new text and the new id. */
export function addRelationship(relsXml: string | undefined, type: string, target: string): { xml: string; id: string } {
  const xml = relsXml ?? `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${PACKAGE_RELATIONSHIPS_NS}"></Relationships>`;
  const prefix = findElementPrefix(xml, 'Relationships') ?? '';
  const ids = new Set(Array.from(xml.matchAll(/\sId\s*=\s*["']([^"']*)["']/g), (match) => match[1]));
  let n = ids.size + 1;
  while (ids.has(`rId${n}`)) n += 1;
  const id = `rId${n}`;
  const element = `<${prefix}Relationship Id="${id}" Type="${type}" Target="${escapeXmlAttribute(target)}"/>`;
  const close = xml.lastIndexOf(`</${prefix}Relationships>`);
  if (close < 0) {
    const selfClosing = new RegExp(`<${prefix}Relationships(?=[\\s/])(${XML_TAG_REST})/>`).exec(xml);
    if (selfClosing === null) throw new Error('a relationships part of the workbook is corrupt');
    return { xml: `${xml.slice(0, selfClosing.index)}<${prefix}Relationships${selfClosing[1]}>${element}</${prefix}Relationships>${xml.slice(selfClosing.index + selfClosing[0].length)}`, id };
  }
  return { xml: xml.slice(0, close) + element + xml.slice(close), id };
}

/** The targets of a relationships part's relationships of `type`. */
export function findRelationshipTargets(relsXml: string, type: string): string[] {
  return readRelationships(relsXml)
    .filter((relationship) => relationship.type === type)
    .map((relationship) => relationship.target ?? '');
}

/** The relationships of a relationships part, read leniently (the seller's bytes are kept, not judged). */
function readRelationships(relsXml: string): { type: string; target: string | undefined; external: boolean }[] {
  return Array.from(relsXml.matchAll(new RegExp(String.raw`<(?:[\w.-]+:)?Relationship(?=[\s/>])${XML_TAG_REST}>`, 'g')), ([tag]) => ({
    type: readLenientAttribute(tag, 'Type') ?? '',
    target: readLenientAttribute(tag, 'Target'),
    external: readLenientAttribute(tag, 'TargetMode') === 'External',
  }));
}

/** `[Content_Types].xml` with an override for `partName` (`/xl/…`), unless it has one already. */
export function addContentOverride(xml: string, partName: string, contentType: string): string {
  if (new RegExp(`PartName\\s*=\\s*["']${escapeRegExp(partName)}["']`, 'i').test(xml)) return xml;
  return insertType(xml, `Override PartName="${escapeXmlAttribute(partName)}" ContentType="${contentType}"`);
}

/** `[Content_Types].xml` with a default for extension `extension`, unless it has one already. */
export function addContentDefault(xml: string, extension: string, contentType: string): string {
  if (new RegExp(`Extension\\s*=\\s*["']${escapeRegExp(extension)}["']`, 'i').test(xml)) return xml;
  return insertType(xml, `Default Extension="${extension}" ContentType="${contentType}"`);
}

function insertType(xml: string, element: string): string {
  const prefix = findElementPrefix(xml, 'Types') ?? '';
  const close = xml.lastIndexOf(`</${prefix}Types>`);
  if (close < 0) throw new Error('[Content_Types].xml of the workbook is corrupt');
  return `${xml.slice(0, close)}<${prefix}${element}/>${xml.slice(close)}`;
}

/** The relationships part of part `name` (`xl/worksheets/sheet1.xml` → `xl/worksheets/_rels/sheet1.xml.rels`). */
export function relationshipsPartOf(name: string): string {
  const slash = name.lastIndexOf('/');
  return `${name.slice(0, slash + 1)}_rels/${name.slice(slash + 1)}.rels`;
}

/**
 * The target of zip part `part` as a relationship of part `source` writes it: relative to the
 * source's folder (`xl/workbook.xml` → `worksheets/sheet2.xml`, `xl/worksheets/sheet1.xml` →
 * `../comments1.xml`). The new parts go under `xl/` wherever the seller's workbook and sheet parts
 * are, so the way there is worked out, never assumed.
 */
export function relativeTarget(source: string, part: string): string {
  const from = source.split('/').slice(0, -1);
  const to = part.split('/');
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  return [...from.slice(common).map(() => '..'), ...to.slice(common)].join('/');
}

/** The first name `make(n)` (n = 1, 2, …) that `taken` does not hold. */
export function pickFreeName(taken: (name: string) => boolean, make: (n: number) => string): string {
  for (let n = 1; ; n++) {
    const name = make(n);
    if (!taken(name)) return name;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
