/**
 * Outline levels of a sheet's rows (`<row r="5" outlineLevel="1">`), the grouping Excel and
 * exports such as СБИС/Saby and 1C use for catalogue groups. exceljs's streaming parser drops the
 * attribute, so the sheet part is scanned once beforehand (the reader's integrity pass over the
 * part), reading only the `<row …>` start tags with a pattern, no XML parsing.
 */
import type { Buffer } from 'node:buffer';

/** Collects row number → outline level (only rows with a level above 0). */
export interface RowOutlineScanner {
  write(chunk: Buffer): void;
  levels(): Map<number, number>;
}

/** Creates a scanner; feed it the inflated sheet part in order. */
export function createRowOutlineScanner(): RowOutlineScanner {
  const levels = new Map<number, number>();
  let tail = '';
  const rowTag = /<(?:[\w.-]+:)?row\s[^>]*>/g;
  const rowNumber = /\sr\s*=\s*["'](\d+)["']/;
  const outline = /\soutlineLevel\s*=\s*["'](\d+)["']/;
  return {
    write(chunk) {
      const text = tail + chunk.toString('latin1');
      let consumed = 0;
      for (const match of text.matchAll(rowTag)) {
        consumed = (match.index ?? 0) + match[0].length;
        const level = outline.exec(match[0]);
        const row = rowNumber.exec(match[0]);
        if (level && row && Number(level[1]) > 0) levels.set(Number(row[1]), Number(level[1]));
      }
      const open = text.lastIndexOf('<');
      tail = text.slice(Math.max(consumed, open === -1 ? text.length : open));
      if (tail.length > 4096) tail = tail.slice(-4096);
    },
    levels: () => levels,
  };
}
