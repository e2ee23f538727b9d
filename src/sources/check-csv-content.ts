/**
 * Is the file given as CSV text at all? A workbook saved under a `.csv` name, a PDF or an image is
 * refused before its header is looked for: otherwise the "header row not found" message quotes its
 * bytes, control characters and all, into the seller's terminal.
 */
import { SourceReadError } from '../core/errors.js';
import { detectContainer } from '../xlsx/detect-container.js';

/** Control characters no text table holds: all below U+0020 but tab, LF, CR (and form feed, kept by some exports). */
const BINARY_CHARACTER = /[\u0000-\u0008\u000B\u000E-\u001F]/g;

/** Share of binary control characters in the decoded sample above which the file is not text (random bytes give ~11 %). */
const BINARY_SHARE = 0.01;

/** Refusals by the container the first bytes show, named for the seller. */
const CONTAINER_REFUSALS: Partial<Record<ReturnType<typeof detectContainer>, string>> = {
  zip: 'this is a zip archive, not a CSV: an XLSX workbook with a .csv name? Give it an .xlsx name, or save it from Excel as CSV',
  ole: 'this is an Excel 97-2003 workbook (.xls) or another Office binary file, not a CSV; open it in Excel and save it as CSV or XLSX',
};

/**
 * Throws a `SourceReadError` naming the file when its first bytes are a workbook's container, or
 * when its decoded sample is binary. A few stray control characters in text are left to the reader.
 */
export function checkCsvContent(path: string, sample: Uint8Array, sampleText: string): void {
  const refusal = CONTAINER_REFUSALS[detectContainer(sample)];
  if (refusal !== undefined) throw new SourceReadError(path, `${path}: ${refusal}`);
  const binary = sampleText.match(BINARY_CHARACTER)?.length ?? 0;
  if (binary > 8 && binary > sampleText.length * BINARY_SHARE) {
    throw new SourceReadError(path, `${path}: this is not a text file (it holds binary data: a PDF, an image or an archive?); save the table from Excel as CSV or XLSX`);
  }
}
