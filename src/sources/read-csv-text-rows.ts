/**
 * A CSV file as text, for copying it (the annotated copy and `rejected-rows.csv`): the records of
 * the reader's text mode (`openCsvTextRecords`: the reader's own decoding and record loop, so the
 * row numbers are the reader's), each with what `openTable` makes of it for the table the reader
 * found: title above the header, the header, data row, group row, or a row left out. No cell
 * objects, flags or issues are built: a copy needs each record's text, not what it means.
 */
import { LimitError, SourceReadError } from '../core/errors.js';
import { createGroupRowDetector, type GroupRowDetector } from './detect-group-rows.js';
import { EXCEL_MAX_COLUMNS } from './parse-sheet-rows.js';
import { detectCsvLayout, openCsvTextRecords, type CsvTextRecord } from './read-csv.js';
import { checkCsvBytesReadable, CsvBytesUnsureError, decodeCsvRecordBytes, readCsvRecordBytes, type CsvByteRecord, type CsvRecordBytes } from './read-csv-record-bytes.js';
import type { RawRow } from './shape-rows.js';
import { releaseOnReturn } from './release-on-return.js';
import type { ReadOptions, SourceCell, SourceInfo } from './types.js';
import type { TextEncodingName } from './detect-encoding.js';

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
  const copy = await openCsvCopyRecords(path, options, table);
  return shapeTextRows(copy, options, table);
}

/** What the reader found: the header row and columns, and the encoding and delimiter when known. */
type TableFound = Pick<SourceInfo, 'headerRow' | 'header' | 'encoding' | 'delimiter'>;

/**
 * What a record below the header is to the reader: a data row it yields, a group row (context
 * for the rows below; `level` 1 is the outermost), or a row it leaves out (blank in every column
 * of the table and right of it).
 */
export type CsvRecordKind = 'data' | 'group' | 'skipped';

/** One record below the header, as it stands, with what the reader makes of it. */
export interface CsvCopyRecord extends CsvTextRecord {
  kind: CsvRecordKind;
  /** Group rows: the level the row opens (the open groups above it are kept, deeper ones close). */
  level?: number;
}

/** Every record of a CSV file as it stands, for copying it whole (the annotated copy, `rejected-rows.csv`). */
export interface CsvCopyRecords {
  encoding: TextEncodingName;
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
    return { encoding, delimiter, leading, header, width, records: releaseOnReturn(classified, async () => iterator.return?.()) };
  } catch (error) {
    await iterator.return?.();
    throw error;
  }
}

/** A data row read as bytes (`readCsvRecordBytes`): no quote, line break or invalid byte in it. */
export interface CsvCopyBytesRecord extends CsvRecordBytes {
  kind: 'data';
}

/** The records of `openCsvCopyBytes`: below the header, each as text or, for most data rows, as bytes. */
export interface CsvCopyByteRecords extends Omit<CsvCopyRecords, 'records'> {
  records: AsyncGenerator<CsvCopyRecord | CsvCopyBytesRecord>;
}

/**
 * As `openCsvCopyRecords`, but reading a UTF-8 file as bytes (`readCsvRecordBytes`): a data row
 * with no quote, line break or invalid byte in it, in a file without group rows, comes as the
 * bytes it is in the file, never decoded; every other record as `openCsvCopyRecords` gives it.
 * Another encoding, or a file whose bytes leave the header unsure, is read as text from the start;
 * a record below the header that the bytes leave unsure (a malformed quote) hands over to the
 * reader's text mode, which goes on from that record. Same records, kinds and row numbers either way.
 */
export async function openCsvCopyBytes(path: string, options: ReadOptions, table: TableFound): Promise<CsvCopyByteRecords> {
  const layout = await detectCsvLayout(path, options);
  if (!checkCsvBytesReadable(layout)) return openCsvCopyRecords(path, options, table);
  const { encoding, delimiter } = layout;
  checkLayoutUnchanged(path, table, encoding, delimiter);
  const source = readCsvRecordBytes(path, layout);
  const cursor: ByteRecordCursor = { source, batch: [], at: 0 };
  const asText: AsyncIterator<CsvTextRecord> = {
    next: async () => {
      const record = await takeRecord(cursor);
      return record === undefined ? { done: true, value: undefined } : { done: false, value: toTextRecord(record, delimiter) };
    },
  };
  const leading: CsvTextRecord[] = [];
  let header: CsvTextRecord;
  try {
    header = await findHeaderRecord(path, asText, table, leading);
  } catch (error) {
    await source.return(undefined);
    if (error instanceof CsvBytesUnsureError) return openCsvCopyRecords(path, options, table);
    throw error;
  }
  const width = measureHeaderWidth(header.fields);
  const classified = classifyRecordBytes(path, cursor, options, table, width, delimiter);
  return { encoding, delimiter, leading, header, width, records: releaseOnReturn(classified, () => cursor.source.return(undefined)) };
}

/** The records of `readCsvRecordBytes` one at a time: the list of the last chunk and the next one's place in it. */
interface ByteRecordCursor {
  source: AsyncGenerator<CsvByteRecord[]>;
  batch: CsvByteRecord[];
  at: number;
}

/** The next record, undefined at the end; asynchronous only when a chunk's list is used up. */
function takeRecord(cursor: ByteRecordCursor): CsvByteRecord | undefined | Promise<CsvByteRecord | undefined> {
  if (cursor.at < cursor.batch.length) return cursor.batch[cursor.at++];
  return cursor.source.next().then((next) => {
    if (next.done) return undefined;
    cursor.batch = next.value;
    cursor.at = 0;
    return takeRecord(cursor);
  });
}

function toTextRecord(record: CsvByteRecord, delimiter: string): CsvTextRecord {
  return 'bytes' in record ? decodeCsvRecordBytes(record, delimiter) : record;
}

async function* classifyRecordBytes(
  path: string,
  cursor: ByteRecordCursor,
  options: ReadOptions,
  table: TableFound,
  width: number,
  delimiter: string,
): AsyncGenerator<CsvCopyRecord | CsvCopyBytesRecord> {
  let resumeRow: number | undefined;
  try {
    const classifier = createRecordClassifier(path, options, table, width);
    const checkBlank = createBytesBlankCheck(table, width, delimiter.charCodeAt(0));
    for (;;) {
      let record: CsvByteRecord | undefined;
      try {
        const taken = takeRecord(cursor);
        record = taken instanceof Promise ? await taken : taken;
      } catch (error) {
        if (!(error instanceof CsvBytesUnsureError)) throw error;
        resumeRow = error.row;
        break;
      }
      if (record === undefined) return;
      if ('bytes' in record && !classifier.groups && !checkBlank(record)) {
        classifier.countDataRow(record.row);
        const data = record as CsvCopyBytesRecord;
        data.kind = 'data';
        yield data;
        continue;
      }
      yield classifier.classify(toTextRecord(record, delimiter));
    }
  } finally {
    await cursor.source.return(undefined);
  }
  yield* resumeAsText(path, options, table, width, resumeRow);
}

/**
 * The records from `resumeRow` on, from the reader's text mode: it reads the file from the start
 * and classifies every record below the header (the group rows open and the data rows counted
 * are those of the whole file), handing over those from `resumeRow` on.
 */
async function* resumeAsText(path: string, options: ReadOptions, table: TableFound, width: number, resumeRow: number): AsyncGenerator<CsvCopyRecord> {
  const { records } = await openCsvTextRecords(path, options);
  for await (const classified of classifyRecords(path, records[Symbol.asyncIterator](), options, table, width)) {
    if (classified.row >= resumeRow) yield classified;
  }
}

/**
 * Whether a record read as bytes is one the reader leaves out: blank (empty or white space) in
 * every column of the table and right of it. Usually the first field says no on its first byte.
 */
function createBytesBlankCheck(table: TableFound, width: number, delimiter: number): (record: CsvRecordBytes) => boolean {
  const inTable = new Uint8Array(width);
  for (const column of table.header) if (column.index < width) inTable[column.index] = 1;
  return ({ bytes, start, end }) => {
    let field = start;
    for (let index = 0; index < EXCEL_MAX_COLUMNS && field <= end; index++) {
      let fieldEnd = bytes.indexOf(delimiter, field);
      if (fieldEnd === -1 || fieldEnd > end) fieldEnd = end;
      if ((index >= width || inTable[index] === 1) && !checkBytesBlank(bytes, field, fieldEnd)) return false;
      field = fieldEnd + 1;
    }
    return true;
  };
}

/** `checkTextBlank` of the UTF-8 text `bytes[start, end)`: a first byte that starts no white space settles it. */
function checkBytesBlank(bytes: Buffer, start: number, end: number): boolean {
  if (start === end) return true;
  const first = bytes[start] as number;
  // Printable ASCII, or the lead byte of a character in a range without white space (U+00C0–U+07FF, U+0800–U+0FFF, U+4000–U+EFFF, above U+FFFF).
  if ((first > 32 && first < 127) || (first >= 0xc3 && first <= 0xe0) || (first >= 0xe4 && first <= 0xee) || first >= 0xf0) return false;
  return bytes.toString('utf8', start, end).trim() === '';
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
  /** Counts a data row known as such without its fields (read as bytes); throws past `maxRows`. */
  countDataRow(row: number): void;
  /** Whether group rows are looked for (then every record's fields are needed). */
  groups: boolean;
}

function createRecordClassifier(path: string, options: ReadOptions, table: TableFound, width: number): RecordClassifier {
  const visible = table.header.map((column) => column.index);
  const groups = options.groupRows && createGroupRowDetector(options.groupRows, { columns: table.header, mergedRanges: [], outlineLevels: new Map(), headerRow: table.headerRow });
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
      if (groups && acceptGroupRow(groups, record)) {
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
    countDataRow,
    groups: Boolean(groups),
  };
}

async function* shapeTextRows(copy: CsvCopyRecords, options: ReadOptions, table: TableFound): AsyncGenerator<CsvTextRow> {
  const { width, records } = copy;
  try {
    const visible = table.header.map((column) => column.index);
    // Every column of the header is in the table, in order: a record of `width` fields is its row's values as they are.
    const whole = visible.length === width && visible.every((index, position) => index === position);
    const { maxCellLength } = options;
    for await (const record of records) {
      if (record.kind !== 'data') continue;
      const fields = record.fields;
      const limit = Math.min(fields.length, EXCEL_MAX_COLUMNS);
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
    await records.return(undefined);
  }
}

async function findHeaderRecord(path: string, records: AsyncIterator<CsvTextRecord>, table: TableFound, leading: CsvTextRecord[]): Promise<CsvTextRecord> {
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
