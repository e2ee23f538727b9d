/**
 * Outline levels of a sheet's rows (`<row r="5" outlineLevel="1">`), the grouping Excel and
 * exports such as СБИС/Saby and 1C use for catalogue groups. A row is a group when the row after
 * it is deeper (`detect-group-rows.ts`), so the levels are known before the rows are: the sheet
 * part is scanned once beforehand (the reader's integrity pass over the part), finding only the
 * `<row …>` start tags with a pattern, no XML parsing (`scan-tags-in-chunks.ts`).
 *
 * The tag is read as the sheet scanner reads it (parse-sheet-rows.ts): attribute by attribute, each
 * value taken whole between its quotes of either kind (a `>` or ` r="9"` inside another attribute's
 * value is neither the tag's end nor the row's number), decoded by `decodeXmlText` (`r="&#53;"` is
 * row 5), and a row without `r` numbered after the one before.
 */
import type { Buffer } from 'node:buffer';
import { parseRowNumber } from './parse-sheet-rows.js';
import { createTagScanner } from './scan-tags-in-chunks.js';
import { checkXmlSpace, decodeXmlText, XML_TAG_REST } from './xml-text.js';

/** Collects row number → outline level (only rows with a level above 0), and rows out of order. */
interface RowOutlineScanner {
  write(chunk: Buffer): void;
  levels(): Map<number, number>;
  /** Rows whose number is not above the row before them (out of order or repeated), in file order; empty for a sheet in order. */
  misplaced(): number[];
  /**
   * Rows with cells that Excel hides by hand or by a filter (`hidden="1"` at outline level 0), in file order. A hidden row
   * inside an outline group is a collapsed group's row, as 1C and СБИС exports save their trees: the goods, not rows the
   * seller hid.
   */
  hidden(): number[];
}

/**
 * Creates a scanner; feed it the inflated sheet part in order. `withLevels` false only checks the
 * rows' order (the reader always does: a sheet out of order is read in row order, see read-xlsx.ts).
 */
export function createRowOutlineScanner(withLevels = true): RowOutlineScanner {
  const levels = new Map<number, number>();
  const misplaced: number[] = [];
  const hidden: number[] = [];
  let lastRow = 0;
  const values: RowTagValues = { r: undefined, outlineLevel: undefined, hidden: undefined };
  const scanner = createTagScanner(new RegExp(String.raw`<(?:[\w.-]+:)?row(?=[\s/>])${XML_TAG_REST}>`, 'g'), (match) => {
    const tag = match[0];
    // Per row of a large sheet, on the reading thread before its rows: one walk over the tag, which
    // stops at `r` (written first) when the tag cannot hold a level, as in nearly every row.
    // A row written `<row …/>` has no cells: hidden or not, it holds no goods.
    const wantHidden = tag.indexOf('hidden') >= 0 && tag.charCodeAt(tag.length - 2) !== 47;
    readRowTag(tag, (withLevels || wantHidden) && tag.indexOf('outlineLevel') >= 0, wantHidden, values);
    const row = parseRowNumber(decodeValue(values.r)) ?? lastRow + 1;
    if (row <= lastRow) misplaced.push(row);
    lastRow = row;
    const level = values.outlineLevel === undefined ? 0 : parseOutlineLevel(decodeValue(values.outlineLevel));
    if (level === 0 && values.hidden !== undefined && checkXmlTrue(decodeValue(values.hidden))) hidden.push(row);
    if (withLevels && level > 0) levels.set(row, level);
  });
  return { write: scanner.write, levels: () => levels, misplaced: () => misplaced, hidden: () => hidden };
}

/** An `xsd:boolean` attribute that says true (`1` or `true`, white space around allowed). */
function checkXmlTrue(value: string | undefined): boolean {
  const text = value?.trim();
  return text === '1' || text === 'true';
}

/** The raw values of the attributes of a row tag the scan reads. */
interface RowTagValues {
  r: string | undefined;
  outlineLevel: string | undefined;
  hidden: string | undefined;
}

/**
 * Reads `r` and, when `wantLevel`, `outlineLevel` of one `<row …>` tag into `into`, in one walk over
 * its attributes, each value whole between its quotes of either kind, as the sheet scanner walks
 * them. A tag it cannot walk (not well formed: the reader refuses the sheet for it) keeps what was
 * read before the fault.
 */
function readRowTag(tag: string, wantLevel: boolean, wantHidden: boolean, into: RowTagValues): void {
  into.r = undefined;
  into.outlineLevel = undefined;
  into.hidden = undefined;
  const to = tag.length - 1; // the `>`
  let at = 1;
  while (at < to && !checkXmlSpace(tag.charCodeAt(at))) at++; // the name
  for (;;) {
    while (at < to && checkXmlSpace(tag.charCodeAt(at))) at++;
    const nameStart = at;
    while (at < to && tag.charCodeAt(at) !== 61 && !checkXmlSpace(tag.charCodeAt(at))) at++; // '='
    const nameEnd = at;
    while (at < to && checkXmlSpace(tag.charCodeAt(at))) at++;
    if (at >= to || tag.charCodeAt(at) !== 61) return;
    at++;
    while (at < to && checkXmlSpace(tag.charCodeAt(at))) at++;
    const quote = tag.charCodeAt(at);
    if (quote !== 34 && quote !== 39) return;
    const valueEnd = tag.indexOf(quote === 34 ? '"' : "'", at + 1);
    if (valueEnd < 0 || valueEnd >= to) return;
    const length = nameEnd - nameStart;
    if (length === 1 && tag.charCodeAt(nameStart) === 114) {
      // 'r'
      into.r = tag.slice(at + 1, valueEnd);
      if (!wantLevel && !wantHidden) return;
    } else if (wantLevel && length === 12 && tag.startsWith('outlineLevel', nameStart)) {
      into.outlineLevel = tag.slice(at + 1, valueEnd);
    } else if (wantHidden && length === 6 && tag.startsWith('hidden', nameStart)) {
      into.hidden = tag.slice(at + 1, valueEnd);
    }
    if (into.r !== undefined && (!wantLevel || into.outlineLevel !== undefined) && (!wantHidden || into.hidden !== undefined)) return;
    at = valueEnd + 1;
  }
}

/** An attribute value decoded as the sheet scanner decodes it; undefined when absent or refused (the reader reports that itself). */
function decodeValue(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  try {
    return decodeXmlText(raw, undefined, true);
  } catch {
    return undefined;
  }
}

/**
 * A row's outline level as written (`outlineLevel`, an `xsd:unsignedByte`: digits, leading zeros, a
 * `+` and surrounding white space allowed), 0 when absent or not one. A value past 255 is no level,
 * as the reader takes any malformed attribute of a row for the default, not clamped to a guessed
 * 255. The annotated copy reads the level by this same function.
 */
export function parseOutlineLevel(value: string | undefined): number {
  if (value === undefined) return 0;
  const text = value.trim();
  if (!/^\+?\d+$/.test(text)) return 0;
  const level = Number(text);
  return level <= 255 ? level : 0;
}
