/**
 * The form in which a CSV file's copy records (`openCsvCopyRecords`) cross from the reading thread
 * to the main thread: flat lists beside the row numbers. A data record with no quote in its text
 * crosses without its fields: they are its text split at the delimiter (with no quote, the
 * splitter cuts the record at every delimiter and nowhere else, and no line break is inside it),
 * made only when asked for; the copy's usual row needs only its text (copy-csv-records.ts).
 */
import type { CsvCopyRecord } from './open-csv-copy-records.js';

const KINDS = ['data', 'group', 'skipped'] as const;
const LINE_BREAKS = ['', '\n', '\r\n', '\r'] as const;

/** Records as posted between threads. */
export interface CopyRecordBatch {
  rows: number[];
  /** Index into `KINDS`, then (group rows) the level, for each record. */
  kinds: number[];
  levels: number[];
  texts: string[];
  /** Index into `LINE_BREAKS`. */
  lineBreaks: number[];
  /** The record's fields, or null when they are its text split at the delimiter. */
  fields: (string[] | null)[];
  /** Bytes of the file read when the batch was taken (0: not counted). */
  bytesRead: number;
}

/** Collects records and hands them out as batches. */
export interface CopyRecordBatchEncoder {
  add(record: CsvCopyRecord): void;
  readonly size: number;
  take(bytesRead: number): CopyRecordBatch;
}

function startBatch(): CopyRecordBatch {
  return { rows: [], kinds: [], levels: [], texts: [], lineBreaks: [], fields: [], bytesRead: 0 };
}

/** An encoder for the records of one file read with `delimiter`. */
export function createCopyRecordBatchEncoder(delimiter: string): CopyRecordBatchEncoder {
  let batch = startBatch();
  return {
    add(record) {
      batch.rows.push(record.row);
      batch.kinds.push(KINDS.indexOf(record.kind));
      batch.levels.push(record.level ?? 0);
      batch.texts.push(record.text);
      batch.lineBreaks.push(LINE_BREAKS.indexOf(record.lineBreak as (typeof LINE_BREAKS)[number]));
      const split = record.kind === 'data' && delimiter.length === 1 && !record.text.includes('"');
      batch.fields.push(split ? null : record.fields);
    },
    get size() {
      return batch.rows.length;
    },
    take(bytesRead) {
      const taken = batch;
      taken.bytesRead = bytesRead;
      batch = startBatch();
      return taken;
    },
  };
}

/** A data record whose fields are its text split at the delimiter, split when first asked for. */
class SplitOnDemandRecord implements CsvCopyRecord {
  kind = 'data' as const;
  #fields: string[] | undefined;
  constructor(
    public row: number,
    public text: string,
    public lineBreak: string,
    private readonly delimiter: string,
  ) {}
  get fields(): string[] {
    return (this.#fields ??= this.text.split(this.delimiter));
  }
  set fields(fields: string[]) {
    this.#fields = fields;
  }
}

/** The records of a batch, in order, for a file read with `delimiter`. */
export function* decodeCopyRecordBatch(batch: CopyRecordBatch, delimiter: string): Generator<CsvCopyRecord> {
  for (let i = 0; i < batch.rows.length; i++) {
    const row = batch.rows[i] as number;
    const text = batch.texts[i] as string;
    const lineBreak = LINE_BREAKS[batch.lineBreaks[i] as number] as string;
    const fields = batch.fields[i] as string[] | null;
    if (fields === null) {
      yield new SplitOnDemandRecord(row, text, lineBreak, delimiter);
      continue;
    }
    const kind = KINDS[batch.kinds[i] as number] as CsvCopyRecord['kind'];
    yield kind === 'group' ? { row, fields, text, lineBreak, kind, level: batch.levels[i] as number } : { row, fields, text, lineBreak, kind };
  }
}
