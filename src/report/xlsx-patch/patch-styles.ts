/**
 * The seller's style sheet (`xl/styles.xml`) with the annotated copy's styles appended: every
 * existing font, fill and cell format keeps its index, so the seller's cells look as they did. A
 * faulty cell gets a copy of its own cell format (number format, font, borders, alignment,
 * protection) with the highlight fill, made once per format and severity as the sheet is streamed;
 * the tool's own cells (`_` headers, `_status`, `_errors`, the `To fix` sheet) get formats of
 * their own.
 */
import { findTagEnd, XML_TAG_REST } from '../../xlsx/xml-text.js';
import { findElementPrefix, readLenientAttribute, removeAttribute, setAttribute } from '../../xlsx/xml-markup.js';

/** Fill colours (ARGB) used in the annotated workbook; Excel's "bad", "neutral" and "good" styles. */
export const ANNOTATION_FILLS = {
  error: 'FFFFC7CE',
  warning: 'FFFFEB9C',
  ok: 'FFC6EFCE',
  header: 'FFD9D9D9',
} as const;

/** The formats of the tool's own cells. */
export type ToolStyle = 'header' | 'bold' | 'errors' | 'fill-error' | 'fill-warning' | 'fill-ok' | 'fill-header';

/** Severity of a highlighted cell. */
type HighlightSeverity = 'error' | 'warning';

/** The style sheet being extended. */
export interface StylePatch {
  /** Index of the cell format of a faulty cell whose format was `styleId` (0 when it had none). */
  highlight(styleId: number, severity: HighlightSeverity): number;
  /** Index of one of the tool's own cell formats. */
  toolStyle(style: ToolStyle): number;
  /**
   * The format a cell had before an earlier run of this tool highlighted it (a fed-back annotated
   * copy), else `styleId` itself. Undefined map when the workbook holds no such highlight.
   */
  readonly earlierHighlights: ReadonlyMap<number, number> | undefined;
  /** True when the workbook had no style sheet (one is written, and must be related and typed). */
  readonly created: boolean;
  /** The style sheet with what was appended. */
  render(): string;
}

// Excel refuses workbooks with more cell formats than this (its limit is 64,000 and some).
const MAX_CELL_FORMATS = 64_000;

// The background colour of this tool's fills. A solid fill shows its foreground colour only, so
// this one is never seen: it marks the fill as the tool's, so that a fed-back copy's highlights
// can be told from the seller's own fills (Excel's "Bad" style uses the same red).
const MARKER_BACKGROUND = '00CA7A1F';

const minimalStyles = (mainNs: string): string =>
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  `<styleSheet xmlns="${mainNs}">` +
  '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

// Sections of CT_Stylesheet in schema order: a missing one is inserted before the first that follows it.
const SECTION_ORDER = ['numFmts', 'fonts', 'fills', 'borders', 'cellStyleXfs', 'cellXfs', 'cellStyles', 'dxfs', 'tableStyles', 'colors', 'extLst'];

/** Starts a patch of `stylesXml` (`undefined`: the workbook has none; one in namespace `mainNs` is made). */
export function createStylePatch(stylesXml: string | undefined, mainNs = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'): StylePatch {
  const created = stylesXml === undefined;
  let xml = stylesXml ?? minimalStyles(mainNs);
  const prefix = findElementPrefix(xml, 'styleSheet') ?? '';
  for (const name of ['fonts', 'fills', 'borders', 'cellXfs']) xml = ensureSection(xml, prefix, name);
  const fonts = readChildren(xml, prefix, 'fonts', 'font');
  const fills = readChildren(xml, prefix, 'fills', 'fill');
  const xfs = readChildren(xml, prefix, 'cellXfs', 'xf');
  const earlierHighlights = findEarlierHighlights(fills, xfs);
  const addedFonts: string[] = [];
  const addedFills: string[] = [];
  const addedXfs: string[] = [];
  const fillIds = new Map<string, number>();
  const highlights = new Map<string, number>();
  const tools = new Map<ToolStyle, number>();
  let boldFont: number | undefined;

  const fillOf = (argb: string): number => {
    let id = fillIds.get(argb);
    if (id === undefined) {
      id = fills.length + addedFills.length;
      addedFills.push(`<${prefix}fill><${prefix}patternFill patternType="solid"><${prefix}fgColor rgb="${argb}"/><${prefix}bgColor rgb="${MARKER_BACKGROUND}"/></${prefix}patternFill></${prefix}fill>`);
      fillIds.set(argb, id);
    }
    return id;
  };
  const boldFontId = (): number => {
    if (boldFont === undefined) {
      boldFont = fonts.length + addedFonts.length;
      const base = fonts[0] ?? `<${prefix}font/>`;
      addedFonts.push(addBold(base, prefix));
    }
    return boldFont;
  };
  const addXf = (xf: string): number => {
    addedXfs.push(xf);
    return xfs.length + addedXfs.length - 1;
  };
  const plainXf = (attributes: string, children = ''): string =>
    children === '' ? `<${prefix}xf numFmtId="0" borderId="0" xfId="0" ${attributes}/>` : `<${prefix}xf numFmtId="0" borderId="0" xfId="0" ${attributes}>${children}</${prefix}xf>`;
  const font0 = `fontId="0"`;

  const patch: StylePatch = {
    created,
    earlierHighlights,
    highlight(styleId, severity) {
      const base = styleId >= 0 && styleId < xfs.length ? styleId : 0;
      const key = `${base}:${severity}`;
      let id = highlights.get(key);
      if (id !== undefined) return id;
      const fill = fillOf(ANNOTATION_FILLS[severity]);
      if (xfs.length + addedXfs.length >= MAX_CELL_FORMATS) {
        // No room for one format per original: every highlighted cell of this severity shares one.
        id = patch.toolStyle(severity === 'error' ? 'fill-error' : 'fill-warning');
      } else {
        const original = xfs[base] ?? `<${prefix}xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>`;
        const tagEnd = findTagEnd(original, 1) + 1;
        const tag = setAttribute(setAttribute(original.slice(0, tagEnd), 'fillId', String(fill)), 'applyFill', '1');
        id = addXf(tag + original.slice(tagEnd));
      }
      highlights.set(key, id);
      return id;
    },
    toolStyle(style) {
      let id = tools.get(style);
      if (id !== undefined) return id;
      switch (style) {
        case 'header':
          id = addXf(plainXf(`fontId="${boldFontId()}" fillId="${fillOf(ANNOTATION_FILLS.header)}" applyFont="1" applyFill="1"`));
          break;
        case 'bold':
          id = addXf(plainXf(`fontId="${boldFontId()}" fillId="0" applyFont="1"`));
          break;
        case 'errors':
          id = addXf(plainXf(`${font0} fillId="0" applyAlignment="1"`, `<${prefix}alignment vertical="top" wrapText="1"/>`));
          break;
        case 'fill-error':
        case 'fill-warning':
        case 'fill-ok':
        case 'fill-header':
          id = addXf(plainXf(`${font0} fillId="${fillOf(ANNOTATION_FILLS[style.slice(5) as keyof typeof ANNOTATION_FILLS])}" applyFill="1"`));
          break;
      }
      tools.set(style, id);
      return id;
    },
    render() {
      let out = appendChildren(xml, prefix, 'fonts', fonts.length, addedFonts);
      out = appendChildren(out, prefix, 'fills', fills.length, addedFills);
      return appendChildren(out, prefix, 'cellXfs', xfs.length, addedXfs);
    },
  };
  return patch;
}

/**
 * Cell formats an earlier run derived from a seller's format (its fill one of the tool's), each
 * with the seller's format it was copied from: the first other format equal but for the fill.
 */
function findEarlierHighlights(fills: readonly string[], xfs: readonly string[]): Map<number, number> | undefined {
  const ours = new Set<string>();
  fills.forEach((fill, index) => {
    if (fill.includes(`"${MARKER_BACKGROUND}"`)) ours.add(String(index));
  });
  if (ours.size === 0) return undefined;
  const withoutFill = (xf: string): string => {
    const tagEnd = findTagEnd(xf, 1) + 1;
    return removeAttribute(removeAttribute(xf.slice(0, tagEnd), 'fillId'), 'applyFill') + xf.slice(tagEnd);
  };
  const isOurs = (xf: string): boolean => ours.has(readLenientAttribute(xf.slice(0, findTagEnd(xf, 1) + 1), 'fillId') ?? '0');
  const originals = new Map<string, number>();
  xfs.forEach((xf, index) => {
    if (isOurs(xf)) return;
    const key = withoutFill(xf);
    if (!originals.has(key)) originals.set(key, index);
  });
  const map = new Map<number, number>();
  xfs.forEach((xf, index) => {
    if (!isOurs(xf)) return;
    // Without the seller's format to go back to (Excel may have merged it away on saving), the
    // cell keeps the fill rather than lose its number format.
    const original = originals.get(withoutFill(xf));
    if (original !== undefined) map.set(index, original);
  });
  return map;
}

function addBold(font: string, prefix: string): string {
  const withoutBold = font.replace(new RegExp(`<${prefix}b(?=[\\s/>])${XML_TAG_REST}>(?:\\s*</${prefix}b>)?`), (b) => (b.endsWith('/>') || b.includes('</') ? '' : b));
  if (withoutBold.endsWith('/>')) return `${withoutBold.slice(0, -2)}><${prefix}b/></${prefix}font>`;
  const tagEnd = findTagEnd(withoutBold, 1) + 1;
  return `${withoutBold.slice(0, tagEnd)}<${prefix}b/>${withoutBold.slice(tagEnd)}`;
}

/** The section's bounds: start of its start tag, end of its start tag, start of its end tag; a self-closing section is opened up first. */
function findSection(xml: string, prefix: string, name: string): { open: number; inner: number; close: number } | undefined {
  const match = new RegExp(`<${prefix}${name}(?=[\\s/>])${XML_TAG_REST}>`).exec(xml);
  if (match === null) return undefined;
  const inner = match.index + match[0].length;
  if (match[0].endsWith('/>')) return { open: match.index, inner, close: inner };
  const close = xml.indexOf(`</${prefix}${name}>`, inner);
  if (close < 0) return undefined;
  return { open: match.index, inner, close };
}

function ensureSection(xml: string, prefix: string, name: string): string {
  const section = findSection(xml, prefix, name);
  if (section !== undefined) {
    const tag = xml.slice(section.open, section.inner);
    if (!tag.endsWith('/>')) return xml;
    return `${xml.slice(0, section.open)}${tag.slice(0, -2)}></${prefix}${name}>${xml.slice(section.inner)}`;
  }
  const later = SECTION_ORDER.slice(SECTION_ORDER.indexOf(name) + 1);
  let at = xml.lastIndexOf(`</${prefix}styleSheet>`);
  for (const next of later) {
    const found = findSection(xml, prefix, next);
    if (found !== undefined) {
      at = found.open;
      break;
    }
  }
  return `${xml.slice(0, at)}<${prefix}${name} count="0"></${prefix}${name}>${xml.slice(at)}`;
}

function readChildren(xml: string, prefix: string, section: string, child: string): string[] {
  const found = findSection(xml, prefix, section);
  if (found === undefined) return [];
  const inner = xml.slice(found.inner, found.close);
  const pattern = new RegExp(`<${prefix}${child}(?=[\\s/>])${XML_TAG_REST}>(?:(?<=/>)|[\\s\\S]*?</${prefix}${child}>)`, 'g');
  return Array.from(inner.matchAll(pattern), (match) => match[0]);
}

function appendChildren(xml: string, prefix: string, section: string, existing: number, added: readonly string[]): string {
  if (added.length === 0) return xml;
  const found = findSection(xml, prefix, section);
  if (found === undefined) return xml;
  const tag = setAttribute(xml.slice(found.open, found.inner), 'count', String(existing + added.length));
  return `${xml.slice(0, found.open)}${tag}${xml.slice(found.inner, found.close)}${added.join('')}${xml.slice(found.close)}`;
}
