/**
 * Size bounds checked on an XLSX part before it is inflated: a zip bomb (a part that inflates to
 * gigabytes from a few megabytes) or an absurdly large small part (a 600 MB `workbook.xml`) is
 * refused from the zip directory alone, with a message saying which part and why, instead of
 * costing minutes and gigabytes first. While inflating, `checkZipEntry` stops as soon as a part
 * yields more bytes than its declared size.
 */
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
} as const;

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
