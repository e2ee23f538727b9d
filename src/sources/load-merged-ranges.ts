/**
 * Merged ranges of one sheet. Excel writes `<mergeCells>` after all the rows, so a streaming read
 * learns of them too late to fill the rows it has already passed on; this scans the sheet part
 * once beforehand, reading only the `ref` attributes (a quick pass over inflated bytes, no XML
 * parsing). Done only when the mapping asks for filled merged columns.
 */
import type { Readable } from 'node:stream';
import { parseCellRef } from './column-letter.js';
import type { CellRange } from './shape-rows.js';

/** Reads every `<mergeCell ref="A2:A5"/>` of a sheet part. */
export async function loadMergedRanges(sheet: Readable): Promise<CellRange[]> {
  const ranges: CellRange[] = [];
  let tail = '';
  const pattern = /<(?:[\w.-]+:)?mergeCell\s[^>]*?ref\s*=\s*["']([A-Za-z$]+\d+(?::[A-Za-z$]+\d+)?)["'][^>]*>/g;
  for await (const chunk of sheet) {
    // latin1 keeps bytes one-to-one; the tags are ASCII, and cutting a letter in two cannot matter.
    const text = tail + (chunk as Buffer).toString('latin1');
    let consumed = 0;
    for (const match of text.matchAll(pattern)) {
      const range = parseRange(match[1] ?? '');
      if (range) ranges.push(range);
      consumed = (match.index ?? 0) + match[0].length;
    }
    // Keep a tag that may be cut by the chunk boundary for the next round.
    const open = text.lastIndexOf('<');
    tail = text.slice(Math.max(consumed, open === -1 ? text.length : open));
    if (tail.length > 4096) tail = tail.slice(-4096);
  }
  return ranges;
}

/** `A2:C5` → rows 2–5, columns 0–2; a single cell is a range of one. */
export function parseRange(ref: string): CellRange | undefined {
  const [from = '', to = from] = ref.split(':');
  const a = parseCellRef(from);
  const b = parseCellRef(to);
  if (!a || !b) return undefined;
  return { top: Math.min(a.row, b.row), bottom: Math.max(a.row, b.row), left: Math.min(a.column, b.column), right: Math.max(a.column, b.column) };
}
