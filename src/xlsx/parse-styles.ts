/**
 * The number format (and whether the font is bold) of each cell style, from the styles part (`xl/styles.xml`): all a reader needs
 * from it, since the format decides whether a number is a date, a time, a duration or a number in
 * exponent notation. Read with the workbook parts' tag pattern over the decoded text; element names
 * are compared without their namespace prefix, so `<x:styleSheet>` (the OpenXML SDK) reads like `<styleSheet>`.
 */
import type { Buffer } from 'node:buffer';
import { decodeXmlPart } from './decode-xml-part.js';
import { parseXmlAttributes, XML_TAG_REST } from './xml-text.js';

/** Number formats by cell style index (`<c s="3">`). */
export interface CellStyles {
  /** The number format code of style `index`; `undefined` for General or an unknown style. */
  readNumberFormat(index: number): string | undefined;
  /** True when style `index` uses a bold font (for bold group rows). */
  isBold(index: number): boolean;
}

/**
 * The built-in number formats a workbook uses by id without declaring them (ECMA-376 Part 1,
 * §18.8.30; ids 27–36 and 50–81 are East Asian locale formats, read as General).
 */
const BUILT_IN = new Map<number, string>([
  [1, '0'], [2, '0.00'], [3, '#,##0'], [4, '#,##0.00'], [9, '0%'], [10, '0.00%'], [11, '0.00E+00'], [12, '# ?/?'], [13, '# ??/??'],
  [14, 'mm-dd-yy'], [15, 'd-mmm-yy'], [16, 'd-mmm'], [17, 'mmm-yy'], [18, 'h:mm AM/PM'], [19, 'h:mm:ss AM/PM'], [20, 'h:mm'], [21, 'h:mm:ss'],
  [22, 'm/d/yy h:mm'], [37, '#,##0 ;(#,##0)'], [38, '#,##0 ;[Red](#,##0)'], [39, '#,##0.00;(#,##0.00)'], [40, '#,##0.00;[Red](#,##0.00)'],
  [45, 'mm:ss'], [46, '[h]:mm:ss'], [47, 'mmss.0'], [48, '##0.0E+0'], [49, '@'],
]);

/** Styles of a workbook without a styles part: every cell is General. */
export const GENERAL_STYLES: CellStyles = { readNumberFormat: () => undefined, isBold: () => false };

/**
 * The elements read, by local name, and markup that is no tag (taken whole, so that a tag inside a
 * comment or CDATA section is not read): one pass of a pattern over the part's text.
 */
const STYLE_TAGS = new RegExp(
  String.raw`<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<(/?)(?:[\w.-]+:)?(styleSheet|numFmt|cellXfs|fonts|font|b|xf)(?=[\s/>])${XML_TAG_REST}>`,
  'g',
);

/** Parses the styles part. Throws when it holds no style sheet or an attribute value XML does not allow. */
export async function parseStyles(source: AsyncIterable<Buffer>): Promise<CellStyles> {
  const chunks: string[] = [];
  for await (const text of decodeXmlPart(source)) chunks.push(text);
  const formats = new Map<number, string>();
  const cellFormatIds: number[] = [];
  const cellFontIds: number[] = [];
  const boldFonts: boolean[] = [];
  let sawStyleSheet = false;
  let inCellXfs = false;
  let inFonts = false;
  for (const match of chunks.join('').matchAll(STYLE_TAGS)) {
    const [tag, closing, local] = match;
    if (local === undefined) continue;
    if (closing === '/') {
      if (local === 'cellXfs') inCellXfs = false;
      else if (local === 'fonts') inFonts = false;
      continue;
    }
    const attributes = parseXmlAttributes(tag, 'the styles part');
    const selfClosing = tag.endsWith('/>');
    if (local === 'styleSheet') sawStyleSheet = true;
    else if (local === 'numFmt') {
      const id = Number(attributes.get('numFmtId'));
      const code = attributes.get('formatCode');
      if (Number.isInteger(id) && code !== undefined) formats.set(id, code);
    } else if (local === 'cellXfs') inCellXfs = !selfClosing;
    else if (local === 'fonts') inFonts = !selfClosing;
    else if (local === 'font' && inFonts) boldFonts.push(false);
    else if (local === 'b' && inFonts && boldFonts.length > 0) boldFonts[boldFonts.length - 1] = !/^(0|false)$/i.test(attributes.get('val') ?? '1');
    else if (local === 'xf' && inCellXfs) {
      cellFormatIds.push(Number(attributes.get('numFmtId') ?? 0));
      cellFontIds.push(Number(attributes.get('fontId') ?? 0));
    }
  }
  if (!sawStyleSheet) throw new Error('the styles part holds no style sheet');
  const byStyle = cellFormatIds.map((id) => {
    const code = formats.get(id) ?? BUILT_IN.get(id);
    return code === undefined || /^general$/i.test(code) ? undefined : code;
  });
  const boldByStyle = cellFontIds.map((id) => boldFonts[id] === true);
  return { readNumberFormat: (index) => byStyle[index], isBold: (index) => boldByStyle[index] === true };
}
