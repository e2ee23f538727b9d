/**
 * Merged ranges of one sheet. Excel writes `<mergeCells>` after all the rows, so a streaming read
 * learns of them too late to fill the rows it has already passed on; this scans the sheet part
 * once beforehand (the reader's integrity pass over the part), reading only the `ref` attributes
 * with a pattern, no XML parsing.
 */
import type { Buffer } from 'node:buffer';
import { createTagScanner } from './scan-tags-in-chunks.js';
import { parseCellRef } from '../sources/column-letter.js';
import type { CellRange } from '../sources/types.js';
import { readLenientAttribute } from './xml-markup.js';
import { XML_TAG_REST } from './xml-text.js';

/** Collects `<mergeCell ref="A2:A5"/>` ranges from a sheet part fed chunk by chunk. */
interface MergedRangeScanner {
  write(chunk: Buffer): void;
  ranges(): CellRange[];
}

/** Creates a scanner; feed it the inflated sheet part in order. */
export function createMergedRangeScanner(): MergedRangeScanner {
  const found: CellRange[] = [];
  // The tag taken whole (a `>` in a quoted value does not end it), its `ref` read and decoded as an attribute, not matched inside another's value.
  const pattern = new RegExp(String.raw`<(?:[\w.-]+:)?mergeCell(?=[\s/>])${XML_TAG_REST}>`, 'g');
  const scanner = createTagScanner(pattern, (match) => {
    // A value the decoder refuses holds a `&` or `<`, which the pattern below refuses as well.
    const ref = readLenientAttribute(match[0], 'ref') ?? '';
    if (!/^[A-Za-z$]+\d+(?::[A-Za-z$]+\d+)?$/.test(ref)) return;
    const range = parseRange(ref);
    if (range) found.push(range);
  });
  return { write: scanner.write, ranges: () => found };
}

/** `A2:C5` → rows 2–5, columns 0–2; a single cell is a range of one. */
export function parseRange(ref: string): CellRange | undefined {
  const [from = '', to = from] = ref.split(':');
  const a = parseCellRef(from);
  const b = parseCellRef(to);
  if (!a || !b) return undefined;
  return { top: Math.min(a.row, b.row), bottom: Math.max(a.row, b.row), left: Math.min(a.column, b.column), right: Math.max(a.column, b.column) };
}
