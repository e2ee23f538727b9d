/**
 * The part of a worksheet before its rows, made ready for the `_` columns: their widths added to
 * `<cols>` (a seller's column range over them is cut around them, never overlapped) and the
 * `<dimension>` widened to take them in. Views, panes, formats and the rest are kept as they are.
 */
import { parseColumnLetter } from '../../sources/column-letter.js';
import { columnLetters } from './row-cells.js';
import { findTagEnd, XML_TAG_REST } from '../../xlsx/xml-text.js';
import { readLenientAttribute, setAttribute } from '../../xlsx/xml-markup.js';

/** Width of one appended column. */
export interface ColumnWidth {
  column: number;
  width: number;
}

/** `head` (up to and including `<sheetData>`) with `widths` set and the dimension widened. */
export function rewriteSheetHead(head: string, prefix: string, widths: readonly ColumnWidth[]): string {
  if (widths.length === 0) return head;
  return setColumnWidths(widenDimension(head, prefix, Math.max(...widths.map((w) => w.column))), prefix, widths);
}

function widenDimension(head: string, prefix: string, lastColumn: number): string {
  const match = new RegExp(`<${prefix}dimension(?=[\\s/>])${XML_TAG_REST}>`).exec(head);
  if (match === null) return head;
  const ref = readLenientAttribute(match[0], 'ref');
  const parts = ref === undefined ? undefined : /^\$?([A-Za-z]{1,3})\$?(\d+)(?::\$?([A-Za-z]{1,3})\$?(\d+))?$/.exec(ref);
  if (parts === null || parts === undefined) return head;
  const end = (parseColumnLetter(parts[3] ?? parts[1] ?? '') ?? -1) + 1;
  if (end >= lastColumn) return head;
  const widened = `${parts[1]}${parts[2]}:${columnLetters(lastColumn)}${parts[4] ?? parts[2]}`;
  return head.slice(0, match.index) + setAttribute(match[0], 'ref', widened) + head.slice(match.index + match[0].length);
}

function setColumnWidths(head: string, prefix: string, widths: readonly ColumnWidth[]): string {
  const ours = widths.map((w) => ({ min: w.column, max: w.column, xml: `<${prefix}col min="${w.column}" max="${w.column}" width="${w.width}" customWidth="1"/>` }));
  const first = Math.min(...widths.map((w) => w.column));
  const last = Math.max(...widths.map((w) => w.column));
  const open = new RegExp(`<${prefix}cols(?=[\\s/>])${XML_TAG_REST}>`).exec(head);
  if (open === null || open[0].endsWith('/>')) {
    const at = open !== null ? open.index : head.lastIndexOf(`<${prefix}sheetData`);
    const after = open !== null ? open.index + open[0].length : at;
    return `${head.slice(0, at)}<${prefix}cols>${ours.map((c) => c.xml).join('')}</${prefix}cols>${head.slice(after)}`;
  }
  const innerStart = open.index + open[0].length;
  const close = head.indexOf(`</${prefix}cols>`, innerStart);
  if (close < 0) return head;
  const kept: { min: number; max: number; xml: string }[] = [];
  const pattern = new RegExp(`<${prefix}col(?=[\\s/>])${XML_TAG_REST}>(?:\\s*</${prefix}col>)?`, 'g');
  for (const match of head.slice(innerStart, close).matchAll(pattern)) {
    const tag = match[0].endsWith('/>') ? match[0] : `${match[0].slice(0, findTagEnd(match[0], 1))}/>`;
    const min = Number(readLenientAttribute(tag, 'min'));
    const max = Number(readLenientAttribute(tag, 'max'));
    if (!Number.isInteger(min) || !Number.isInteger(max)) continue;
    if (max < first || min > last) {
      kept.push({ min, max, xml: tag });
      continue;
    }
    if (min < first) kept.push({ min, max: first - 1, xml: setAttribute(tag, 'max', String(first - 1)) });
    if (max > last) kept.push({ min: last + 1, max, xml: setAttribute(tag, 'min', String(last + 1)) });
  }
  const all = [...kept, ...ours].sort((a, b) => a.min - b.min);
  return `${head.slice(0, innerStart)}${all.map((c) => c.xml).join('')}${head.slice(close)}`;
}
