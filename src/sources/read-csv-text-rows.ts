/**
 * The data rows of a CSV file as text, for copying the file (the annotated copy and
 * `rejected-rows.csv`): the records of the reader's text mode (`openCsvTextRecords`: the reader's
 * own decoding and record loop, so the row numbers are the reader's), shaped as `openTable` shapes
 * the reader's rows for the table the reader found. No cell objects, flags or issues are built:
 * a copy needs each row's texts, not what they mean.
 */
import { LimitError, SourceReadError } from '../core/errors.js';
import { createGroupRowDetector, type GroupRowDetector } from './detect-group-rows.js';
import { EXCEL_MAX_COLUMNS } from './parse-sheet-rows.js';
import { openCsvTextRecords, type CsvTextRecord } from './read-csv.js';
import type { RawRow } from './shape-rows.js';
import type { ReadOptions, SourceCell, SourceInfo } from './types.js';

/** One data row as text, `values[i]` under `header[i]` of the reader's table. */
export interface CsvTextRow {
  /** The reader's row number. */
  row: number;
  values: readonly string[];
  /**
   * The record as it stands in the file (decoded, without its line break), when `values` are all
   * of its fields in order, uncut. Without quotes in it, it is `values` joined by the delimiter.
   */
  text?: string;
}

/**
 * Opens `path` and returns its data rows as text: the rows the reader yields for the table in
 * `table` (the header row and columns the reader found, with the same `options`): rows below the
 * header, without group rows and rows blank in every column of the table, values of the visible
 * columns only, cut at `maxCellLength`, at most `maxRows`. Throws `SourceReadError` when the
 * header row is not the one the reader found (the file changed since).
 */
export async function openCsvTextRows(path: string, options: ReadOptions, table: TableFound): Promise<AsyncGenerator<CsvTextRow>> {
  const { records, encoding, delimiter } = await openCsvTextRecords(path, options);
  if ((table.delimiter !== undefined && table.delimiter !== delimiter) || (table.encoding !== undefined && table.encoding !== encoding)) {
    throw changed(path, `read as ${table.encoding ?? encoding} with delimiter ${JSON.stringify(table.delimiter ?? delimiter)}, now ${encoding} with ${JSON.stringify(delimiter)}`);
  }
  return shapeTextRows(path, records[Symbol.asyncIterator](), options, table);
}

/** What the reader found: the header row and columns, and the encoding and delimiter when known. */
type TableFound = Pick<SourceInfo, 'headerRow' | 'header' | 'encoding' | 'delimiter'>;

function changed(path: string, what: string): SourceReadError {
  return new SourceReadError(path, `${path}: the file changed since it was read (${what}); the report cannot copy it`);
}

async function* shapeTextRows(
  path: string,
  records: AsyncIterator<CsvTextRecord>,
  options: ReadOptions,
  table: TableFound,
): AsyncGenerator<CsvTextRow> {
  try {
    const header = await findHeaderRecord(path, records, table);
    const width = measureHeaderWidth(header.fields);
    const visible = table.header.map((column) => column.index);
    // Every column of the header is in the table, in order: a record of `width` fields is its row's values as they are.
    const whole = visible.length === width && visible.every((index, position) => index === position);
    const groups = options.groupRows && createGroupRowDetector(options.groupRows, { columns: table.header, mergedRanges: [], outlineLevels: new Map(), headerRow: table.headerRow });
    const { maxCellLength, maxRows } = options;
    let count = 0;
    for (;;) {
      const next = await records.next();
      if (next.done) return;
      const record = next.value;
      if (groups && acceptGroupRow(groups, record)) continue;
      const fields = record.fields;
      const limit = Math.min(fields.length, EXCEL_MAX_COLUMNS);
      if (checkTableRowBlank(fields, limit, visible, width)) continue;
      if (maxRows !== undefined && count >= maxRows) {
        throw new LimitError(`${path}: more than ${maxRows} data rows (limit maxRows); reading stopped at row ${record.row}`);
      }
      count++;
      if (whole && fields.length === width && (maxCellLength === undefined || record.text.length <= maxCellLength)) {
        yield { row: record.row, values: fields, text: record.text };
        continue;
      }
      const values = new Array<string>(visible.length);
      for (let i = 0; i < visible.length; i++) {
        const index = visible[i] as number;
        const text = index < limit ? (fields[index] as string) : '';
        values[i] = maxCellLength !== undefined && text.length > maxCellLength ? text.slice(0, maxCellLength) : text;
      }
      yield { row: record.row, values };
    }
  } finally {
    await records.return?.();
  }
}

async function findHeaderRecord(path: string, records: AsyncIterator<CsvTextRecord>, table: TableFound): Promise<CsvTextRecord> {
  for (;;) {
    const next = await records.next();
    if (next.done) throw changed(path, `header row ${table.headerRow} is gone`);
    const record = next.value;
    if (record.row < table.headerRow) continue;
    if (record.row > table.headerRow) throw changed(path, `header row ${table.headerRow} is empty`);
    for (const column of table.header) {
      if ((record.fields[column.index] ?? '').trim() !== column.name) throw changed(path, `header row ${table.headerRow}, column ${column.letter} is not "${column.name}"`);
    }
    return record;
  }
}

/** Columns up to the last non-blank header field, as `openTable` counts them. */
function measureHeaderWidth(fields: readonly string[]): number {
  let width = Math.min(fields.length, EXCEL_MAX_COLUMNS);
  while (width > 0 && (fields[width - 1] as string).trim() === '') width--;
  return width;
}

/** Blank as `openTable` sees a cell: empty or white space only. */
function checkTextBlank(text: string): boolean {
  if (text === '') return true;
  const code = text.charCodeAt(0);
  if (code > 32 && code < 127) return false;
  return text.trim() === '';
}

/** A row `openTable` leaves out: blank in every column of the table and right of it. */
function checkTableRowBlank(fields: readonly string[], limit: number, visible: readonly number[], width: number): boolean {
  for (const index of visible) {
    if (index < limit && !checkTextBlank(fields[index] as string)) return false;
  }
  for (let index = width; index < limit; index++) {
    if (!checkTextBlank(fields[index] as string)) return false;
  }
  return true;
}

/** The group-row detector of the reader, given the record as the reader's cells (CSV cells are text, never numbers). */
function acceptGroupRow(groups: GroupRowDetector, record: CsvTextRecord): boolean {
  const limit = Math.min(record.fields.length, EXCEL_MAX_COLUMNS);
  const cells: SourceCell[] = new Array<SourceCell>(limit);
  for (let i = 0; i < limit; i++) {
    const text = record.fields[i] as string;
    cells[i] = text === '' ? { kind: 'empty', text: '', value: null } : { kind: 'string', text, value: text };
  }
  const row: RawRow = { row: record.row, cells };
  return groups.accept(row);
}
