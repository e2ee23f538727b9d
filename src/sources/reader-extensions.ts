/**
 * Which reader takes a file, by its extension: kept apart from the readers so that picking one
 * loads neither (issue 39: a dry run of an XLSX file need not load the CSV parser, nor the reverse).
 */
import type { SourceFormat } from './types.js';

/** The extensions each reader takes. */
export const READER_EXTENSIONS: Readonly<Record<SourceFormat, RegExp>> = {
  csv: /\.(csv|tsv|txt)$/i,
  xlsx: /\.(xlsx|xlsm)$/i,
};
