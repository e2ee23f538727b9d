/**
 * Input adapters: open a seller's XLSX or CSV file and stream its rows with their origin.
 */
export type {
  CellFlag,
  CellRange,
  CellKind,
  ReadOptions,
  SourceCell,
  SourceColumn,
  SourceFormat,
  SourceInfo,
  SourceReader,
  SourceRow,
  SourceStream,
} from './types.js';
export { openSource, pickReader, readers } from './open-source.js';
export { csvReader } from './read-csv.js';
export { xlsxReader } from './read-xlsx.js';
export { READ_CODES, type ReadCode } from './read-codes.js';
export { normalizeHeaderName } from './find-header-row.js';
export { buildColumnLetter, parseColumnLetter } from './column-letter.js';
export { detectEncoding, parseEncodingName, TEXT_ENCODINGS, type TextEncodingName } from './detect-encoding.js';
export { detectDelimiter } from './detect-delimiter.js';
export { checkExponentText, interpretNumber } from './interpret-number.js';
