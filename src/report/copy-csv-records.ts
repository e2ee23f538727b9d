/**
 * The annotated copy and `rejected-rows.csv` of a CSV input, from one text-only read of it
 * (`openCsvCopyRecords`): every record goes to the copy in file order, the data rows with their
 * appended cells; the rows that need attention go to `rejected-rows.csv`, each after the group
 * rows in effect for it (each written once), so that both files re-import with the same mapping
 * as the input did: same rows, same groups, nothing of the seller's lost.
 */
import { decodeCsvRecordBytes } from '../sources/read-csv-record-bytes.js';
import type { CsvCopyByteRecords, CsvCopyBytesRecord, CsvCopyRecord } from '../sources/read-csv-text-rows.js';
import { measureVerbatimBytes } from './format-csv-record.js';
import { CELLS_GONE, type FedCells, type IssueCellFeed } from './open-issue-cell-feed.js';
import { createIssueCellRenderer, type RenderedIssueCells } from './render-issue-cells.js';
import { PROBLEM_STATUSES, type RowOutcome } from './report-types.js';
import type { AnnotatedCsvSink, BytesRow, TextRow } from './write-annotated-csv.js';
import type { RejectedRowsSink } from './write-rejected-rows-csv.js';

/** Sinks and lookups of `copyCsvRecords`. */
export interface CopyCsvRecordsOptions {
  /** The records, as text or (`openCsvCopyBytes`) data rows as bytes. */
  copy: CsvCopyByteRecords;
  annotated: AnnotatedCsvSink;
  rejected: RejectedRowsSink;
  outcomeOf: (row: number) => RowOutcome | undefined;
  /** Rows' issue cells rendered on another thread (`open-issue-cell-feed.ts`); those it does not give are rendered here. */
  cells?: IssueCellFeed;
}

/** Feeds every record below the header to the two sinks (the leading rows and header are the annotated sink's own). */
export async function copyCsvRecords(options: CopyCsvRecordsOptions): Promise<void> {
  const { copy, annotated, rejected } = options;
  const asBytes = annotated.copiesAll && rejected.copiesAll && copy.delimiter.length === 1 ? copy.delimiter.charCodeAt(0) : -1;
  const cellsOf = createCellsOf(asBytes, options.cells);
  try {
    await copyRecords(options, asBytes, cellsOf);
  } finally {
    options.cells?.close();
  }
}

/**
 * A row's issue cells, rendered once from the stored issues for both files (no issue object
 * made): from `feed` when it has them, else here. Undefined when there are none to take as they
 * are (no stored issues, a delimiter of several bytes, a template that cannot render them).
 */
function createCellsOf(asBytes: number, feed: IssueCellFeed | undefined): (row: number, outcome: RowOutcome | undefined) => RenderedIssueCells | undefined | Promise<RenderedIssueCells | undefined> {
  const renderer = createIssueCellRenderer();
  const renderHere = (outcome: RowOutcome | undefined): RenderedIssueCells | undefined => (outcome?.readIssueBytes === undefined ? undefined : renderer.render(outcome.readIssueBytes(), asBytes));
  if (asBytes < 0 || asBytes >= 0x80) return () => undefined;
  if (feed === undefined) return (_row, outcome) => renderHere(outcome);
  feed.start(asBytes);
  const take = (outcome: RowOutcome, fed: FedCells): RenderedIssueCells | undefined => (fed === CELLS_GONE ? renderHere(outcome) : fed);
  return (row, outcome) => {
    if (outcome?.readIssueBytes === undefined) return undefined;
    const fed = feed.cellsOf(row);
    return fed instanceof Promise ? fed.then((later) => take(outcome, later)) : take(outcome, fed);
  };
}

async function copyRecords(options: CopyCsvRecordsOptions, asBytes: number, cellsOf: ReturnType<typeof createCellsOf>): Promise<void> {
  const { copy, annotated, rejected, outcomeOf } = options;
  const { width, delimiter } = copy;
  // The group rows in effect, outermost first, and whether each is in `rejected-rows.csv` yet.
  const open: { record: CsvCopyRecord; written: boolean }[] = [];
  for await (const item of copy.records) {
    let record: CsvCopyRecord;
    if ('bytes' in item) {
      const row = asBytes < 0 ? undefined : buildBytesRow(item, width, asBytes);
      if (row !== undefined) {
        const outcome = outcomeOf(row.row);
        let cells = cellsOf(row.row, outcome);
        if (cells instanceof Promise) cells = await cells;
        // The writers give a promise only when their file is full: none for the usual row.
        const written = annotated.addBytes(row, outcome, cells);
        if (written !== undefined) await written;
        if (outcome === undefined || !PROBLEM_STATUSES.has(outcome.status)) continue;
        if (open.length > 0) await writeOpenGroups(open, rejected);
        const rejectedWritten = rejected.addBytes(row, outcome, cells);
        if (rejectedWritten !== undefined) await rejectedWritten;
        continue;
      }
      record = { ...decodeCsvRecordBytes(item, delimiter), kind: 'data' };
    } else record = item;
    if (record.kind !== 'data') {
      await annotated.addAsIs(record);
      if (record.kind === 'group') {
        open.length = Math.max(0, Math.min(open.length, (record.level ?? 1) - 1));
        open.push({ record, written: false });
      }
      continue;
    }
    const row = buildDataRow(record, width, delimiter);
    const outcome = outcomeOf(record.row);
    await annotated.add(row, outcome);
    if (outcome === undefined || !PROBLEM_STATUSES.has(outcome.status)) continue;
    await writeOpenGroups(open, rejected);
    await rejected.add(row, outcome);
  }
}

/** Writes the group rows in effect that `rejected-rows.csv` does not have yet. */
async function writeOpenGroups(open: { record: CsvCopyRecord; written: boolean }[], rejected: RejectedRowsSink): Promise<void> {
  for (const group of open) {
    if (group.written) continue;
    await rejected.addContext(group.record);
    group.written = true;
  }
}

/**
 * A data row read as bytes, as `buildDataRow` makes it of the same record, when its fields are
 * written as they stand (`measureVerbatimBytes`) and none is past the header's `width` but empty
 * ones (dropped); else undefined (the record is then decoded and formatted field by field).
 */
function buildBytesRow(record: CsvCopyBytesRecord, width: number, delimiter: number): BytesRow | undefined {
  const { row, bytes, start, end } = record;
  const count = measureVerbatimBytes(bytes, start, end, delimiter);
  if (count < 0) return undefined;
  if (count <= width) return { row, bytes, start, end, pad: width - count };
  // Fields past the header are dropped when all are empty: then the record ends in their delimiters.
  const extra = count - width;
  for (let at = end - extra; at < end; at++) if (bytes[at] !== delimiter) return undefined;
  return { row, bytes, start, end: end - extra, pad: 0 };
}

/**
 * A data record as a row of the table's `width` columns, every field kept: a short record is
 * padded, empty fields past the header dropped, values past the header kept as `beyond`. `text`
 * is given whenever it may be the values joined (the writer checks before writing it as it is).
 */
export function buildDataRow(record: CsvCopyRecord, width: number, delimiter: string): TextRow {
  const { row, fields, text } = record;
  const count = fields.length;
  if (count === width) return { row, values: fields, text };
  if (count < width) {
    const values = fields.slice();
    while (values.length < width) values.push('');
    return { row, values, text: text + delimiter.repeat(width - count) };
  }
  let end = count;
  while (end > width && fields[end - 1] === '') end--;
  const values = fields.slice(0, width);
  if (end === width) return { row, values, text: text.slice(0, Math.max(0, text.length - (count - width) * delimiter.length)) };
  return { row, values, beyond: fields.slice(width, end) };
}
