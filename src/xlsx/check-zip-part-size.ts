/**
 * Size bounds checked on an XLSX part before it is inflated: a zip bomb (a part that inflates to
 * gigabytes from a few megabytes) or an absurdly large small part (a 600 MB `workbook.xml`) is
 * refused from the zip directory alone, with a message saying which part and why, instead of
 * costing minutes and gigabytes first. While inflating, `checkZipEntry` stops as soon as a part
 * yields more bytes than its declared size.
 */
import type { Buffer } from 'node:buffer';
import type { ZipEntry } from './zip-directory.js';

/** The bounds, in one place (documented in docs/input-files.md). */
export const XLSX_PART_LIMITS = {
  /** `workbook.xml`, relationships: a few KB in real workbooks. */
  smallPartBytes: 16 * 1024 * 1024,
  /** `styles.xml`: large only in workbooks with tens of thousands of cell styles. */
  stylesBytes: 64 * 1024 * 1024,
  /** Most uncompressed bytes a compressed byte may become, for parts above `ratioFloorBytes`. */
  maxRatio: 250,
  /** Parts smaller than this are never refused for their ratio. */
  ratioFloorBytes: 16 * 1024 * 1024,
  /**
   * Longest stretch of a sheet or shared-string part without a `<`: one text or one tag. Excel's
   * longest cell (32,767 characters, escaped, in UTF-8) is under 600 KB; a parser would hold a
   * longer stretch whole.
   */
  markupSpanBytes: 8 * 1024 * 1024,
  /** Longest text of one cell or shared string, in characters, runs joined. */
  cellChars: 1024 * 1024,
} as const;

/**
 * A check fed a part's bytes in order (the integrity pass) that throws when a stretch without `<`
 * exceeds `markupSpanBytes`. Only two searches a chunk: a stretch inside one chunk is shorter
 * than the chunk.
 */
export function createMarkupSpanCheck(part: string): (chunk: Buffer) => void {
  const limit = XLSX_PART_LIMITS.markupSpanBytes;
  let run = 0;
  return (chunk) => {
    const first = chunk.indexOf(60);
    if (first < 0) run += chunk.length;
    else {
      run += first;
      if (run <= limit) run = chunk.length - chunk.lastIndexOf(60) - 1;
    }
    if (run > limit) throw new Error(`part ${part} holds a text or tag of more than ${limit / (1024 * 1024)} MB: not a spreadsheet`);
  };
}

/** Which bound a part falls under. */
export type PartKind = 'small' | 'styles' | 'data';

/** Why the part must not be read, or `undefined` when it may. */
export function checkZipPartSize(entry: ZipEntry, kind: PartKind): string | undefined {
  const limits = XLSX_PART_LIMITS;
  const size = entry.uncompressedSize;
  const mb = (bytes: number): string => `${Math.round(bytes / (1024 * 1024)).toLocaleString('en-US')} MB`;
  const bound = kind === 'small' ? limits.smallPartBytes : kind === 'styles' ? limits.stylesBytes : undefined;
  if (bound !== undefined && size > bound) return `its part ${entry.name} declares ${mb(size)}, more than the ${mb(bound)} such a part can sensibly hold`;
  const ratio = size / Math.max(1, entry.compressedSize);
  if (size > limits.ratioFloorBytes && ratio > limits.maxRatio) {
    return `its part ${entry.name} would inflate from ${mb(entry.compressedSize)} to ${mb(size)} (${Math.round(ratio)}:1, more than ${limits.maxRatio}:1): a zip bomb, not a spreadsheet`;
  }
  return undefined;
}
