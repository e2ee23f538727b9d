/**
 * The annotated copy of a CSV input: every record of the seller's file in file order (titles,
 * group rows and rows the reader leaves out as they stand), every original column (the seller's
 * own `_` columns too; only the `_` columns of an earlier copy are replaced), then our `_` columns,
 * UTF-8 with BOM and the input's delimiter. Records come from the reader's text mode (this module
 * never parses CSV); with `headerRow` given, empty lines are written where the input had them so
 * that every record is on the row the reader numbered it in the input.
 */
import type { Translator } from '../i18n/create-translator.js';
import { ANNOTATION_HEADERS, buildAnnotationTexts, buildAnnotationWords, isAnnotationHeader, joinIssueTexts, type AnnotationWords } from './annotation-columns.js';
import { createLineBreakCounter } from '../sources/count-line-breaks.js';
import { createCsvFileWriter } from './create-csv-file-writer.js';
import type { CsvFileWriter } from './create-csv-file-writer.js';
import { createCsvFieldFormatter } from './format-csv-record.js';
import type { RowOutcome } from './report-types.js';

/** One source row as text, `values[i]` under `header[i]`. */
export interface TextRow {
  /** Row number as the reader counted it. */
  row: number;
  values: readonly string[];
  /** Values right of the header's last column (the reader does not read them): written after the appended columns. */
  beyond?: readonly string[];
}

/** A record copied as it stands (title, group row, row the reader leaves out): its fields. */
export interface CopiedRecord {
  /** Row number as the reader counted it. */
  row: number;
  fields: readonly string[];
}

/**
 * A data row as the UTF-8 bytes of its record: `bytes[start, end)` and `pad` delimiters are its
 * values, each written as it stands (no quote, line break or formula start in it, nothing that
 * may be white space at either end: `measureVerbatimBytes`), one per column of the header.
 */
export interface BytesRow {
  /** Row number as the reader counted it. */
  row: number;
  bytes: Buffer;
  start: number;
  end: number;
  /** Empty values to add (delimiters), when the record is shorter than the header. */
  pad: number;
}

/** Separator between issues inside one CSV `_errors` cell. */
export const CSV_ISSUE_SEPARATOR = ' | ';

/** Options of `createAnnotatedCsvSink`. */
export interface AnnotatedCsvOptions {
  /** Header texts of the input, in column order. Columns named like our `_` columns (from an earlier run) are replaced. */
  header: readonly string[];
  outPath: string;
  /** The input's delimiter. Default `,`. */
  delimiter?: string;
  outcomeOf: (row: number) => RowOutcome | undefined;
  /** Records above the header (titles), copied first, with their row numbers. */
  leadingRows?: readonly CopiedRecord[];
  /**
   * The header's row in the input. With it, every record given with its row number (leading
   * records, the header, data rows, `addAsIs`) lands on that row of the copy: empty lines are
   * written where the input had lines the reader skips, so the copy read back numbers its rows as
   * the input's (the outcomes are keyed by them).
   */
  headerRow?: number;
  /** The language of the `_status` words and `_errors` (default English: the status codes). */
  translator?: Translator;
}

/** A row-at-a-time annotated CSV, for callers that feed several outputs in one pass. */
export interface AnnotatedCsvSink {
  /** Writes a data row with its appended cells, of `outcome` (default: `outcomeOf` of its row). */
  add(row: TextRow, outcome?: RowOutcome): Promise<void>;
  /**
   * Writes a data row given as bytes, with its appended cells, of `outcome`. Only when `copiesAll`.
   * A promise only when the file is full (await it before writing more).
   */
  addBytes(row: BytesRow, outcome: RowOutcome | undefined): Promise<void> | undefined;
  /** True when every column of the header is copied (no `_` column of an earlier run dropped): rows may come as bytes. */
  readonly copiesAll: boolean;
  /** Writes a record below the header that is not a data row (group row, row left out) as it stands, without appended cells. */
  addAsIs(record: CopiedRecord): Promise<void>;
  close(): Promise<void>;
  /** Stops writing after a failure; resolves once the file is closed and the partial file removed. */
  destroy(): Promise<void>;
}

/** Opens the annotated CSV and writes its leading rows and header. */
export async function createAnnotatedCsvSink(options: AnnotatedCsvOptions): Promise<AnnotatedCsvSink> {
  const keep = keptColumns(options.header);
  const file: CsvFileWriter = createCsvFileWriter(options.outPath, options.delimiter ?? ',');
  const lines = options.headerRow === undefined ? undefined : createLineKeeper(file);
  try {
    for (const leading of options.leadingRows ?? []) {
      await lines?.moveTo(leading.row, leading);
      await writeAsIs(file, leading);
    }
    const headerValues = keep.map((index) => options.header[index] ?? '');
    if (lines !== undefined && options.headerRow !== undefined) await lines.moveTo(options.headerRow, { row: options.headerRow, fields: options.header });
    await file.write([...headerValues, ...ANNOTATION_HEADERS]);
  } catch (error) {
    await file.destroy();
    throw error;
  }
  // Usually no `_` column of an earlier run is dropped: the row's values are written as they are.
  const copyAll = copiesAllColumns(keep, options.header);
  const words = buildAnnotationWords(options.translator);
  const writeBytesRow = createBytesRowWriter(file, options.delimiter ?? ',', words);
  return {
    async add(row, outcome = options.outcomeOf(row.row)) {
      const moved = lines?.moveTo(row.row, row);
      if (moved !== undefined) await moved;
      const annotations = buildAnnotationTexts(outcome, CSV_ISSUE_SEPARATOR, words);
      const more = row.beyond === undefined ? annotations : [...annotations, ...row.beyond];
      if (copyAll && row.values.length === keep.length) {
        await file.write(row.values, more);
        return;
      }
      await file.write(
        keep.map((index) => row.values[index] ?? ''),
        more,
      );
    },
    addBytes(row, outcome) {
      if (!copyAll) return Promise.reject(new Error('annotated CSV: a row as bytes, but columns of an earlier copy are dropped'));
      const moved = lines?.moveTo(row.row, NO_LINE_BREAK);
      return moved === undefined ? writeBytesRow(row, outcome) : moved.then(() => writeBytesRow(row, outcome));
    },
    copiesAll: copyAll,
    async addAsIs(record) {
      await lines?.moveTo(record.row, record);
      await writeAsIs(file, record);
    },
    close: () => file.close(),
    destroy: () => file.destroy(),
  };
}

/**
 * Writes a data row given as bytes and its appended cells, as `writeBytes` with
 * `buildAnnotationTexts` writes them, but piece by piece: the status from bytes formatted once per
 * status, `_errors` only when there are issues, the ids only when there are some — no list of
 * texts, no formatting of empty cells.
 */
function createBytesRowWriter(file: CsvFileWriter, delimiter: string, words: AnnotationWords): (row: BytesRow, outcome: RowOutcome | undefined) => Promise<void> | undefined {
  const { putStatus } = createStatusPutter(file, delimiter);
  return (row, outcome) => {
    file.beginRecord();
    file.putFormatted(row.bytes, row.start, row.end);
    for (let i = 0; i < row.pad; i++) file.putDelimiter();
    file.putDelimiter();
    if (outcome !== undefined) putStatus(words.status[outcome.status]);
    file.putDelimiter();
    if (outcome !== undefined && outcome.issues.length > 0) file.putValue(joinIssueTexts(outcome.issues, CSV_ISSUE_SEPARATOR, words.translator));
    file.putDelimiter();
    if (outcome?.productId != null) file.putCount(outcome.productId);
    file.putDelimiter();
    if (outcome?.skuId != null) file.putCount(outcome.skuId);
    file.putDelimiter();
    if (outcome?.jobId != null) file.putValue(String(outcome.jobId));
    return file.endRecord();
  };
}

// What the line keeper counts of a row given as bytes: no line break in it.
const NO_LINE_BREAK: CopiedRecord = { row: 0, fields: [] };

async function writeAsIs(file: CsvFileWriter, record: CopiedRecord): Promise<void> {
  await file.write(record.fields);
}

/** A written record's values joined: their line breaks are the record's (a record's own line break is not in it). */
function readRecordText(record: TextRow | CopiedRecord): string {
  // Joined by a character that is no line break: a CR ending one value and an LF starting the next are two.
  if ('fields' in record) return record.fields.join('\0');
  return record.beyond === undefined ? record.values.join('\0') : [...record.values, ...record.beyond].join('\0');
}

/**
 * Keeps the copy's records on the input's rows: before a record of row `row` it writes the empty
 * lines the reader skipped in the input since the last record. The last record's lines are
 * counted only when a gap shows (the next row is not the one after it): nothing per usual row.
 */
function createLineKeeper(file: CsvFileWriter): { moveTo(row: number, record: TextRow | CopiedRecord): Promise<void> | undefined } {
  let lastRow = 0;
  let last: TextRow | CopiedRecord = { row: 0, fields: [] };
  const writeEmptyLines = async (count: number): Promise<void> => {
    for (let i = 0; i < count; i++) await file.write([]);
  };
  return {
    // Not async: the usual row (the one after the last) costs no promise.
    moveTo(row, record) {
      let gap = 0;
      if (row !== lastRow + 1) {
        const text = readRecordText(last);
        gap = row - (lastRow + createLineBreakCounter(text)(0, text.length) + 1);
      }
      lastRow = row;
      last = record;
      return gap > 0 ? writeEmptyLines(gap) : undefined;
    },
  };
}

/** Whether `keep` (from `keptColumns`) is every column of `header` in order: a row can then be copied as it stands. */
export function copiesAllColumns(keep: readonly number[], header: readonly string[]): boolean {
  return keep.length === header.length && keep.every((index, position) => index === position);
}

/** Indexes of the header columns that are copied: all but our own `_` columns from an earlier run. */
export function keptColumns(header: readonly string[]): number[] {
  const keep: number[] = [];
  header.forEach((name, index) => {
    if (!isAnnotationHeader(name)) keep.push(index);
  });
  return keep;
}

/** The status cell of a row written piece by piece, formatted once per status. */
function createStatusPutter(file: CsvFileWriter, delimiter: string): { putStatus(status: string): void } {
  const formatField = createCsvFieldFormatter(delimiter);
  const statuses = new Map<string, Buffer>();
  return {
    putStatus(status) {
      let bytes = statuses.get(status);
      if (bytes === undefined) statuses.set(status, (bytes = Buffer.from(formatField(status), 'utf8')));
      file.putFormatted(bytes, 0, bytes.length);
    },
  };
}
