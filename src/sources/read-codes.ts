/**
 * Issue codes of the read stage. Tests and the report match on these; `docs/input-files.md`
 * explains each.
 */

/** Every code the readers put in `SourceRow.issues` or `SourceStream.issues`. */
export const READ_CODES = {
  /** Bytes not valid in the file's encoding; the issue names the byte offset. */
  invalidEncoding: 'invalid_encoding',
  /** The encoding was guessed from a single-byte code page (no BOM, not UTF-8). */
  encodingGuessed: 'encoding_guessed',
  /** Two header cells have the same name; both columns are kept. */
  duplicateHeader: 'duplicate_header',
  /** A cell longer than `maxCellLength` was cut. */
  cellTruncated: 'cell_truncated',
  /** A row has values to the right of the last header column; they are not read. */
  cellOutsideHeader: 'cell_outside_header',
  /** CSV: a quoted field is not closed, or a quote is misplaced. */
  csvMalformed: 'csv_malformed',
  /** A cell past Excel's last column (XFD), or a CSV record with more fields than that; not read. */
  cellBeyondLimits: 'cell_beyond_limits',
  /** XLSX: rows stored out of order or more than once; read by row number (one warning a sheet). */
  rowsOutOfOrder: 'rows_out_of_order',
  /** XLSX: rows of goods Excel hides (by hand, a filter, a collapsed group) are read like the others (one warning a sheet). */
  hiddenRowsRead: 'hidden_rows_read',
  /** XLSX: hidden sheets were skipped when choosing the default sheet. */
  hiddenSheetSkipped: 'hidden_sheet_skipped',
  /** XLSX, no sheet named: the first visible worksheet lacks the expected header; another one that has it was read. */
  sheetChosenByHeader: 'sheet_chosen_by_header',
} as const;
