/**
 * The annotated copy and `rejected-rows.csv` of a CSV input, from one text-only read of it
 * (`openCsvCopyRecords`): every record goes to the copy in file order, the data rows with their
 * appended cells; the rows that need attention go to `rejected-rows.csv`, each after the group
 * rows in effect for it (each written once), so that both files re-import with the same mapping
 * as the input did: same rows, same groups, nothing of the seller's lost.
 */
import type { CsvCopyRecord, CsvCopyRecords } from '../sources/read-csv-text-rows.js';
import { PROBLEM_STATUSES, type RowOutcome } from './report-types.js';
import type { AnnotatedCsvSink, TextRow } from './write-annotated-csv.js';
import type { RejectedRowsSink } from './write-rejected-rows-csv.js';

/** Sinks and lookups of `copyCsvRecords`. */
export interface CopyCsvRecordsOptions {
  copy: CsvCopyRecords;
  annotated: AnnotatedCsvSink;
  rejected: RejectedRowsSink;
  outcomeOf: (row: number) => RowOutcome | undefined;
}

/** Feeds every record below the header to the two sinks (the leading rows and header are the annotated sink's own). */
export async function copyCsvRecords(options: CopyCsvRecordsOptions): Promise<void> {
  const { copy, annotated, rejected, outcomeOf } = options;
  const { width, delimiter } = copy;
  // The group rows in effect, outermost first, and whether each is in `rejected-rows.csv` yet.
  const open: { record: CsvCopyRecord; written: boolean }[] = [];
  for await (const record of copy.records) {
    if (record.kind !== 'data') {
      await annotated.addAsIs(record);
      if (record.kind === 'group') {
        open.length = Math.max(0, Math.min(open.length, (record.level ?? 1) - 1));
        open.push({ record, written: false });
      }
      continue;
    }
    const row = buildDataRow(record, width, delimiter);
    await annotated.add(row);
    const outcome = outcomeOf(record.row);
    if (outcome === undefined || !PROBLEM_STATUSES.has(outcome.status)) continue;
    for (const group of open) {
      if (group.written) continue;
      await rejected.addContext(group.record);
      group.written = true;
    }
    await rejected.add(row, outcome);
  }
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
