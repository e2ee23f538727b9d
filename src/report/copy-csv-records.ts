/**
 * The annotated copy and `rejected-rows.csv` of a CSV input, from one read of it through the
 * reader's text mode (`openCsvCopyRecords`): every record goes to the copy in file order, the data rows with their
 * appended cells; the rows that need attention go to `rejected-rows.csv`, each after the group
 * rows in effect for it (each written once), so that both files re-import with the same mapping
 * as the input did: same rows, same groups, nothing of the seller's lost.
 */
import { Buffer } from 'node:buffer';
import { openGroupAt } from '../sources/detect-group-rows.js';
import type { CsvCopyRecord, CsvCopyRecords } from '../sources/open-csv-copy-records.js';
import { measureVerbatimBytes } from './format-csv-record.js';
import { PROBLEM_STATUSES, type RowOutcome } from './report-types.js';
import type { AnnotatedCsvSink, BytesRow, TextRow } from './write-annotated-csv.js';
import type { RejectedRowsSink } from './write-rejected-rows-csv.js';

/** Sinks and lookups of `copyCsvRecords`. */
interface CopyCsvRecordsOptions {
  /** The records, from the reader's text mode. */
  copy: CsvCopyRecords;
  annotated: AnnotatedCsvSink;
  rejected: RejectedRowsSink;
  outcomeOf: (row: number) => RowOutcome | undefined;
}

/** Feeds every record below the header to the two sinks (the leading rows and header are the annotated sink's own). */
export async function copyCsvRecords(options: CopyCsvRecordsOptions): Promise<void> {
  const { copy, annotated, rejected, outcomeOf } = options;
  const { width, delimiter } = copy;
  const asBytes = annotated.copiesAll && rejected.copiesAll && delimiter.length === 1 ? delimiter.charCodeAt(0) : -1;
  const toBytes = createBytesRowEncoder(width, asBytes);
  // The group rows in effect by level (index 0 = level 1; a skipped level has none), nested by the
  // reader's one rule (`openGroupAt`); `effective` lists them outermost first, once per group row.
  const open: (CsvCopyRecord | undefined)[] = [];
  const effective: CsvCopyRecord[] = [];
  for await (const record of copy.records) {
    if (record.kind !== 'data') {
      await annotated.addAsIs(record);
      if (record.kind === 'group') {
        openGroupAt<CsvCopyRecord | undefined>(open, Math.max(1, record.level ?? 1), record, undefined);
        effective.length = 0;
        for (const group of open) if (group !== undefined) effective.push(group);
      }
      continue;
    }
    const bytesRow = toBytes(record);
    if (bytesRow !== undefined) {
      const outcome = outcomeOf(bytesRow.row);
      // The writers give a promise only when their file is full: none for the usual row.
      const written = annotated.addBytes(bytesRow, outcome);
      if (written !== undefined) await written;
      if (outcome === undefined || !PROBLEM_STATUSES.has(outcome.status)) continue;
      if (effective.length > 0) await rejected.addContext(effective);
      const rejectedWritten = rejected.addBytes(bytesRow, outcome);
      if (rejectedWritten !== undefined) await rejectedWritten;
      continue;
    }
    const row = buildDataRow(record, width);
    const outcome = outcomeOf(record.row);
    await annotated.add(row, outcome);
    if (outcome === undefined || !PROBLEM_STATUSES.has(outcome.status)) continue;
    await rejected.addContext(effective);
    await rejected.add(row, outcome);
  }
}

/**
 * A data record as UTF-8 bytes (the copies' encoding) for the writers' byte path: a record with no quote in it (so no
 * line break either) whose fields are written as they stand (`measureVerbatimBytes`), none past
 * the header's `width` but empty ones (dropped); else undefined (the record is then formatted
 * field by field). The bytes are one buffer reused: the writers copy them before the next record.
 */
function createBytesRowEncoder(width: number, delimiter: number): (record: CsvCopyRecord) => BytesRow | undefined {
  let scratch = Buffer.allocUnsafe(64 * 1024);
  return (record) => {
    const { row, text } = record;
    if (delimiter < 0 || text.includes('"')) return undefined;
    // A UTF-16 unit takes at most 3 bytes of UTF-8.
    if (scratch.length < text.length * 3) scratch = Buffer.allocUnsafe(text.length * 3);
    const end = scratch.write(text, 0);
    const count = measureVerbatimBytes(scratch, 0, end, delimiter);
    if (count < 0) return undefined;
    if (count <= width) return { row, bytes: scratch, start: 0, end, pad: width - count };
    // Fields past the header are dropped when all are empty: then the record ends in their delimiters.
    const extra = count - width;
    for (let at = end - extra; at < end; at++) if (scratch[at] !== delimiter) return undefined;
    return { row, bytes: scratch, start: 0, end: end - extra, pad: 0 };
  };
}

/**
 * A data record as a row of the table's `width` columns, every field kept: a short record is
 * padded, empty fields past the header dropped, values past the header kept as `beyond`.
 */
function buildDataRow(record: CsvCopyRecord, width: number): TextRow {
  const { row, fields } = record;
  const count = fields.length;
  if (count === width) return { row, values: fields };
  if (count < width) {
    const values = fields.slice();
    while (values.length < width) values.push('');
    return { row, values };
  }
  let end = count;
  while (end > width && fields[end - 1] === '') end--;
  const values = fields.slice(0, width);
  return end === width ? { row, values } : { row, values, beyond: fields.slice(width, end) };
}
