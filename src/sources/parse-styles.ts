/**
 * The number format (and whether the font is bold) of each cell style, from the styles part (`xl/styles.xml`): all a reader needs
 * from it, since the format decides whether a number is a date, a time, a duration or a number in
 * exponent notation. Read with exceljs's SAX parser fed decoded text; element names are compared
 * without their namespace prefix, so `<x:styleSheet>` (the OpenXML SDK) reads like `<styleSheet>`.
 */
import type { Buffer } from 'node:buffer';
import { createRequire } from 'node:module';
import { parseXmlEvents, readLocalName } from './read-xml-events.js';

/** Number formats by cell style index (`<c s="3">`). */
export interface CellStyles {
  /** The number format code of style `index`; `undefined` for General or an unknown style. */
  readNumberFormat(index: number): string | undefined;
  /** True when style `index` uses a bold font (for bold group rows). */
  isBold(index: number): boolean;
}

const require = createRequire(import.meta.url);
// Excel's built-in formats (ids below 164 that a workbook uses without declaring them).
const BUILT_IN = require('exceljs/lib/xlsx/defaultnumformats.js') as Record<string, { f?: string } | undefined>;

/** Styles of a workbook without a styles part: every cell is General. */
export const GENERAL_STYLES: CellStyles = { readNumberFormat: () => undefined, isBold: () => false };

/** Parses the styles part. Throws when it is not XML or holds no style sheet. */
export async function parseStyles(source: AsyncIterable<Buffer>): Promise<CellStyles> {
  const formats = new Map<number, string>();
  const cellFormatIds: number[] = [];
  const cellFontIds: number[] = [];
  const boldFonts: boolean[] = [];
  let sawStyleSheet = false;
  let inCellXfs = false;
  let inFonts = false;
  for await (const events of parseXmlEvents(source)) {
    for (const event of events) {
      if (event.eventType === 'text') continue;
      const local = readLocalName(event.value.name);
      if (event.eventType === 'closetag') {
        if (local === 'cellXfs') inCellXfs = false;
        else if (local === 'fonts') inFonts = false;
        continue;
      }
      const attributes = event.value.attributes;
      if (local === 'styleSheet') sawStyleSheet = true;
      else if (local === 'numFmt') {
        const id = Number(attributes['numFmtId']);
        if (Number.isInteger(id) && attributes['formatCode'] !== undefined) formats.set(id, attributes['formatCode']);
      } else if (local === 'cellXfs') inCellXfs = !event.value.isSelfClosing;
      else if (local === 'fonts') inFonts = !event.value.isSelfClosing;
      else if (local === 'font' && inFonts) boldFonts.push(false);
      else if (local === 'b' && inFonts && boldFonts.length > 0) boldFonts[boldFonts.length - 1] = !/^(0|false)$/i.test(attributes['val'] ?? '1');
      else if (local === 'xf' && inCellXfs) {
        cellFormatIds.push(Number(attributes['numFmtId'] ?? 0));
        cellFontIds.push(Number(attributes['fontId'] ?? 0));
      }
    }
  }
  if (!sawStyleSheet) throw new Error('the styles part holds no style sheet');
  const byStyle = cellFormatIds.map((id) => {
    const code = formats.get(id) ?? BUILT_IN[String(id)]?.f;
    return code === undefined || /^general$/i.test(code) ? undefined : code;
  });
  const boldByStyle = cellFontIds.map((id) => boldFonts[id] === true);
  return { readNumberFormat: (index) => byStyle[index], isBold: (index) => boldByStyle[index] === true };
}
