/**
 * Picks the reader for a seller's file by its extension and opens it. Formats that cannot be
 * streamed reliably (`.xls`, `.ods`, `.numbers`) are refused with the advice to save as XLSX or CSV.
 */
import type { Deps } from '../core/deps.js';
import { SourceReadError } from '../core/errors.js';
import { READER_EXTENSIONS } from './reader-extensions.js';
import type { ReadOptions, SourceFormat, SourceReader, SourceStream } from './types.js';

/**
 * Every reader, by format. Adding a format means adding a file, its extensions and one entry here.
 * Each reader's module is loaded when it opens its first file (issue 39): an XLSX run does not
 * load the CSV parser and its encodings, nor a CSV run the workbook reader.
 */
export const readers = {
  csv: deferReader('csv', async () => (await import('./read-csv.js')).csvReader),
  xlsx: deferReader('xlsx', async () => (await import('./read-xlsx.js')).xlsxReader),
} satisfies Record<SourceFormat, SourceReader>;

function deferReader(format: SourceFormat, load: () => Promise<SourceReader>): SourceReader {
  return {
    format,
    match: (path) => READER_EXTENSIONS[format].test(path),
    open: async (path, options, deps) => (await load()).open(path, options, deps),
  };
}

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
