/**
 * A CSV file as text, for copying it (the annotated copy and `rejected-rows.csv`): the records of
 * the reader's text mode (`openCsvTextRecords`: the reader's own decoding and record loop, so the
 * row numbers are the reader's), each with what `openTable` makes of it for the table the reader
 * found: title above the header, the header, data row, group row, or a row left out. No cell
 * objects, flags or issues are built: a copy needs each record's text, not what it means.
 */
import { LimitError, SourceReadError } from '../core/errors.js';
import { createGroupRowDetector, type GroupRowDetector } from './detect-group-rows.js';
import { EXCEL_MAX_COLUMNS } from '../xlsx/parse-sheet-rows.js';
import { openCsvTextRecords, type CsvTextRecord } from './read-csv.js';
import type { RawRow } from './shape-rows.js';
import { releaseOnReturn } from './release-on-return.js';
import type { ReadOptions, SourceCell, SourceInfo } from './types.js';
import type { TextEncodingName } from './detect-encoding.js';

/** What the reader found: the header row and columns, and the encoding and delimiter when known. */
type TableFound = Pick<SourceInfo, 'headerRow' | 'header' | 'encoding' | 'delimiter'>;

/**
 * What a record below the header is to the reader: a data row it yields, a group row (context
 * for the rows below; `level` 1 is the outermost), or a row it leaves out (blank in every column
 * of the table and right of it).
 */
type CsvRecordKind = 'data' | 'group' | 'skipped';

/** One record below the header, as it stands, with what the reader makes of it. */
export interface CsvCopyRecord extends CsvTextRecord {
  kind: CsvRecordKind;
  /** Group rows: the level the row opens (the open groups above it are kept, deeper ones close). */
  level?: number;
}

/** Every record of a CSV file as it stands, for copying it whole (the annotated copy, `rejected-rows.csv`). */
export interface CsvCopyRecords {
  delimiter: string;
  /** Records above the header (titles), in file order. */
  leading: CsvTextRecord[];
  header: CsvTextRecord;
  /** Columns up to the last non-blank header field, as the reader counts them. */
  width: number;
  /** The records below the header, in file order, each with what the reader makes of it. */
  records: AsyncGenerator<CsvCopyRecord>;
}

/**
 * Opens `path` and returns every record of it as it stands (empty records aside: the reader skips
 * them too, and the row numbers say where they were), each below the header with what the reader
 * makes of it for the table in `table` with the same `options`: data row, group row, or left
 * out; `maxRows` data rows at most, as in the reader. Nothing is cut or left out of a record.
 * Throws `SourceReadError` when the header row is not the one the reader found (the file changed).
 */
export async function openCsvCopyRecords(path: string, options: ReadOptions, table: TableFound): Promise<CsvCopyRecords> {
  const { records, encoding, delimiter } = await openCsvTextRecords(path, options);
  checkLayoutUnchanged(path, table, encoding, delimiter);
  const iterator = records[Symbol.asyncIterator]();
  try {
    const leading: CsvTextRecord[] = [];
    const header = await findHeaderRecord(path, iterator, table, leading);
    const width = measureHeaderWidth(header.fields);
    const classified = classifyRecords(path, iterator, options, table, width);
    return { delimiter, leading, header, width, records: releaseOnReturn(classified, async () => iterator.return?.()) };
  } catch (error) {
    await iterator.return?.();
    throw error;
  }
}

function changed(path: string, what: string): SourceReadError {
  return new SourceReadError(path, `${path}: the file changed since it was read (${what}); the report cannot copy it`);
}

/** Throws when the file is now read with another encoding or delimiter than the reader found. */
function checkLayoutUnchanged(path: string, table: TableFound, encoding: TextEncodingName, delimiter: string): void {
  if ((table.delimiter !== undefined && table.delimiter !== delimiter) || (table.encoding !== undefined && table.encoding !== encoding)) {
    throw changed(path, `read as ${table.encoding ?? encoding} with delimiter ${JSON.stringify(table.delimiter ?? delimiter)}, now ${encoding} with ${JSON.stringify(delimiter)}`);
  }
}

/** The records below the header, each classified; `records` may start above it (those are passed over). */
async function* classifyRecords(
  path: string,
  records: AsyncIterator<CsvTextRecord>,
  options: ReadOptions,
  table: TableFound,
  width: number,
): AsyncGenerator<CsvCopyRecord> {
  try {
    const classifier = createRecordClassifier(path, options, table, width);
    for (;;) {
      const next = await records.next();
      if (next.done) return;
      if (next.value.row <= table.headerRow) continue;
      yield classifier.classify(next.value);
    }
  } finally {
    await records.return?.();
  }
}

/** What the reader makes of each record below the header, in file order. */
interface RecordClassifier {
  /** Sets the record's `kind` (and `level`): the group rows open above it, the data rows counted for `maxRows`. */
  classify(record: CsvTextRecord): CsvCopyRecord;
}

function createRecordClassifier(path: string, options: ReadOptions, table: TableFound, width: number): RecordClassifier {
  const visible = table.header.map((column) => column.index);
  const groups = options.groupRows && createGroupRowDetector(options.groupRows, { columns: table.header, mergedRanges: [], outlineLevels: new Map(), headerRow: table.headerRow });
  const acceptGroupRow = groups && createGroupRowAcceptor(groups);
  const { maxRows } = options;
  let count = 0;
  const countDataRow = (row: number): void => {
    if (maxRows !== undefined && count >= maxRows) {
      throw new LimitError(`${path}: more than ${maxRows} data rows (limit maxRows); reading stopped at row ${row}`);
    }
    count++;
  };
  return {
    classify(text) {
      const record = text as CsvCopyRecord;
      if (groups && acceptGroupRow && acceptGroupRow(record)) {
        record.kind = 'group';
        record.level = groups.current().length;
        return record;
      }
      const fields = record.fields;
      if (checkTableRowBlank(fields, Math.min(fields.length, EXCEL_MAX_COLUMNS), visible, width)) {
        record.kind = 'skipped';
        return record;
      }
      countDataRow(record.row);
      record.kind = 'data';
      return record;
    },
  };
}

async function findHeaderRecord(path: string, records: AsyncIterator<CsvTextRecord>, table: TableFound, leading: CsvTextRecord[]): Promise<CsvTextRecord> {
  // `headerRow: none`: the file has no header record; the copy takes the reader's column names
  // (A, B, …) as a header line of its own, above the seller's first row, and every record is data.
  if (table.headerRow === 0) return { row: 0, fields: table.header.map((column) => column.letter), text: '' };
  for (;;) {
    const next = await records.next();
    if (next.done) throw changed(path, `header row ${table.headerRow} is gone`);
    const record = next.value;
    if (record.row < table.headerRow) {
      leading.push(record);
      continue;
    }
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

/**
 * The group-row detector of the reader, given each record as the reader's cells (CSV cells are
 * text, never numbers). The detector keeps no cell: one row of cells is filled again for each
 * record, not a new cell object per field of every record the copy reads.
 */
function createGroupRowAcceptor(groups: GroupRowDetector): (record: CsvTextRecord) => boolean {
  const cells: SourceCell[] = [];
  const row: RawRow = { row: 0, cells };
  return (record) => {
    const limit = Math.min(record.fields.length, EXCEL_MAX_COLUMNS);
    while (cells.length < limit) cells.push({ kind: 'empty', text: '', value: null });
    cells.length = limit;
    for (let i = 0; i < limit; i++) {
      const text = record.fields[i] as string;
      const cell = cells[i] as SourceCell;
      cell.kind = text === '' ? 'empty' : 'string';
      cell.text = text;
      cell.value = text === '' ? null : text;
    }
    row.row = record.row;
    return groups.accept(row);
  };
}
