/**
 * Outline levels of a sheet's rows (`<row r="5" outlineLevel="1">`), the grouping Excel and
 * exports such as СБИС/Saby and 1C use for catalogue groups. A row is a group when the row after
 * it is deeper (`detect-group-rows.ts`), so the levels are known before the rows are: the sheet
 * part is scanned once beforehand (the reader's integrity pass over the part), reading only the
 * `<row …>` start tags with a pattern, no XML parsing (`scan-tags-in-chunks.ts`).
 */
import type { Buffer } from 'node:buffer';
import { createTagScanner } from './scan-tags-in-chunks.js';

/** Collects row number → outline level (only rows with a level above 0). */
export interface RowOutlineScanner {
  write(chunk: Buffer): void;
  levels(): Map<number, number>;
}

/** Creates a scanner; feed it the inflated sheet part in order. */
export function createRowOutlineScanner(): RowOutlineScanner {
  const levels = new Map<number, number>();
  const rowNumber = /\sr\s*=\s*["'](\d+)["']/;
  const outline = /\soutlineLevel\s*=\s*["'](\d+)["']/;
  const scanner = createTagScanner(/<(?:[\w.-]+:)?row\s[^>]*>/g, (match) => {
    const level = outline.exec(match[0]);
    const row = rowNumber.exec(match[0]);
    if (level && row && Number(level[1]) > 0) levels.set(Number(row[1]), Number(level[1]));
  });
  return { write: scanner.write, levels: () => levels };
}
