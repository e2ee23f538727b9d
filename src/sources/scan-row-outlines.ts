/**
 * Outline levels of a sheet's rows (`<row r="5" outlineLevel="1">`), the grouping Excel and
 * exports such as СБИС/Saby and 1C use for catalogue groups. A row is a group when the row after
 * it is deeper (`detect-group-rows.ts`), so the levels are known before the rows are: the sheet
 * part is scanned once beforehand (the reader's integrity pass over the part), reading only the
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
import { readXmlAttribute, XML_TAG_REST } from './xml-text.js';

/** Collects row number → outline level (only rows with a level above 0). */
export interface RowOutlineScanner {
  write(chunk: Buffer): void;
  levels(): Map<number, number>;
}

/** Creates a scanner; feed it the inflated sheet part in order. */
export function createRowOutlineScanner(): RowOutlineScanner {
  const levels = new Map<number, number>();
  let lastRow = 0;
  const scanner = createTagScanner(new RegExp(String.raw`<(?:[\w.-]+:)?row(?=[\s/>])${XML_TAG_REST}>`, 'g'), (match) => {
    const tag = match[0];
    const row = parseRowNumber(readXmlAttribute(tag, 'r')) ?? lastRow + 1;
    lastRow = row;
    const level = parseOutlineLevel(readXmlAttribute(tag, 'outlineLevel'));
    if (level > 0) levels.set(row, level);
  });
  return { write: scanner.write, levels: () => levels };
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
