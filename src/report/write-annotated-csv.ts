/**
 * The annotated copy of a CSV input: every original column, then the `_` columns, UTF-8 with BOM
 * and the input's delimiter. Rows come from the reader's text mode (this module never parses CSV).
 */
import { ANNOTATION_HEADERS, buildAnnotationTexts, isAnnotationHeader } from './annotation-columns.js';
import { createCsvFileWriter } from './create-csv-file-writer.js';
import type { CsvFileWriter } from './create-csv-file-writer.js';
import type { RowOutcome } from './report-types.js';

/** One source row as text, `values[i]` under `header[i]`. */
export interface TextRow {
  /** Row number as the reader counted it. */
  row: number;
  values: readonly string[];
  /**
   * The record as it stands in the input (decoded, without its line break), when `values` are all
   * of its fields in order (`openCsvTextRows`): written as it is when formatting would not change it.
   */
  text?: string;
}

/** Separator between issues inside one CSV `_errors` cell. */
export const CSV_ISSUE_SEPARATOR = ' | ';

/** Options of `writeAnnotatedCsv`. */
export interface WriteAnnotatedCsvOptions {
  /** Data rows, in file order, as the reader yields them. */
  rows: AsyncIterable<TextRow> | Iterable<TextRow>;
  /** Header texts of the input, in column order. Columns named like our `_` columns (from an earlier run) are replaced. */
  header: readonly string[];
  outPath: string;
  /** The input's delimiter. Default `,`. */
  delimiter?: string;
  outcomeOf: (row: number) => RowOutcome | undefined;
  /** Rows above the header (titles), copied first. */
  leadingRows?: readonly (readonly string[])[];
}

/** A row-at-a-time annotated CSV, for callers that feed several outputs in one pass. */
export interface AnnotatedCsvSink {
  add(row: TextRow): Promise<void>;
  close(): Promise<void>;
  destroy(): void;
}

/** Opens the annotated CSV and writes its leading rows and header. */
export async function createAnnotatedCsvSink(options: Omit<WriteAnnotatedCsvOptions, 'rows'>): Promise<AnnotatedCsvSink> {
  const keep = keptColumns(options.header);
  const file: CsvFileWriter = createCsvFileWriter(options.outPath, options.delimiter ?? ',');
  try {
    for (const leading of options.leadingRows ?? []) await file.write(leading);
    await file.write([...keep.map((index) => options.header[index] ?? ''), ...ANNOTATION_HEADERS]);
  } catch (error) {
    file.destroy();
    throw error;
  }
  // Usually no `_` column of an earlier run is dropped: the row's values are written as they are.
  const copyAll = keep.length === options.header.length && keep.every((index, position) => index === position);
  return {
    async add(row) {
      const annotations = buildAnnotationTexts(options.outcomeOf(row.row), CSV_ISSUE_SEPARATOR);
      if (copyAll && row.values.length === keep.length) {
        if (row.text !== undefined) await file.writeText(row.text, row.values, annotations);
        else await file.write(row.values, annotations);
        return;
      }
      await file.write(
        keep.map((index) => row.values[index] ?? ''),
        annotations,
      );
    },
    close: () => file.close(),
    destroy: () => file.destroy(),
  };
}

/** Writes the annotated CSV; resolves with the number of data rows written. */
export async function writeAnnotatedCsv(options: WriteAnnotatedCsvOptions): Promise<{ rows: number }> {
  const sink = await createAnnotatedCsvSink(options);
  let rows = 0;
  try {
    for await (const row of options.rows) {
      await sink.add(row);
      rows += 1;
    }
    await sink.close();
  } catch (error) {
    sink.destroy();
    throw error;
  }
  return { rows };
}

/** Indexes of the header columns that are copied: all but our own `_` columns from an earlier run. */
export function keptColumns(header: readonly string[]): number[] {
  const keep: number[] = [];
  header.forEach((name, index) => {
    if (!isAnnotationHeader(name)) keep.push(index);
  });
  return keep;
}
