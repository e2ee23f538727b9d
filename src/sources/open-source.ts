/**
 * Picks the reader for a seller's file by its extension and opens it. Formats that cannot be
 * streamed reliably (`.xls`, `.ods`, `.numbers`) are refused with the advice to save as XLSX or CSV.
 */
import type { Deps } from '../core/deps.js';
import { SourceReadError } from '../core/errors.js';
import { csvReader } from './read-csv.js';
import { xlsxReader } from './read-xlsx.js';
import type { ReadOptions, SourceFormat, SourceReader, SourceStream } from './types.js';

/** Every reader, by format. Adding a format means adding a file and one entry here. */
export const readers = { csv: csvReader, xlsx: xlsxReader } satisfies Record<SourceFormat, SourceReader>;

const SAVE_AS: Record<string, string> = {
  '.xls': 'an old Excel 97-2003 workbook',
  '.ods': 'an OpenDocument spreadsheet',
  '.numbers': 'an Apple Numbers document',
};

/** The reader for `path`; throws `SourceReadError` for unsupported formats. */
export function pickReader(path: string): SourceReader {
  const reader = Object.values(readers).find((candidate) => candidate.match(path));
  if (reader !== undefined) return reader;
  const extension = /\.[^./\\]+$/.exec(path)?.[0]?.toLowerCase() ?? '';
  const known = SAVE_AS[extension];
  if (known !== undefined) {
    throw new SourceReadError(path, `${path}: ${known} (${extension}) cannot be read; open it and save it as XLSX or CSV`);
  }
  throw new SourceReadError(
    path,
    `${path}: unsupported file type ${extension === '' ? '(no extension)' : `"${extension}"`}; use .xlsx, .xlsm, .csv, .tsv or .txt`,
  );
}

/** Opens `path` with the reader its extension selects. */
export function openSource(path: string, options: ReadOptions, deps: Pick<Deps, 'signal'>): Promise<SourceStream> {
  return pickReader(path).open(path, options, deps);
}
