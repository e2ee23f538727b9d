/**
 * A streaming CSV file writer: UTF-8 with BOM, one record per call, formula-neutralised and
 * quoted as `formatCsvRecord` does, honouring the file stream's back-pressure.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { checkRecordVerbatim, createCsvFieldFormatter, CSV_BOM, CSV_NEWLINE } from './format-csv-record.js';

/** An open CSV file. */
export interface CsvFileWriter {
  /** Writes one record; resolves once the stream can take more. */
  write(values: readonly string[]): Promise<void>;
  /** Writes one record of `values` followed by `more` (no joined array per record). */
  write(values: readonly string[], more: readonly string[]): Promise<void>;
  /**
   * Writes one record of `before`, `values` and `more`, given `text`, the record as it stands in a
   * CSV file with this delimiter (its fields are `values`): `text` is written as it is when it is
   * already what formatting `values` gives (`checkRecordVerbatim`), else `values` are formatted.
   */
  writeText(text: string, values: readonly string[], more: readonly string[], before?: readonly string[]): Promise<void>;
  /**
   * Writes one record of `before`, the UTF-8 bytes `bytes[start, end)` as they are, `pad` more
   * delimiters, and `more`: the bytes must be fields that need no formatting
   * (`measureVerbatimBytes`), joined by this delimiter. Returns a promise only when the stream
   * is full (await it before writing more): no promise per row of a large copy.
   */
  writeBytes(bytes: Buffer, start: number, end: number, pad: number, more: readonly string[], before?: readonly string[]): Promise<void> | undefined;
  /** Ends the file; resolves when it is on disk. */
  close(): Promise<void>;
  /** Stops writing after a failure; the partial file is left for the caller to remove. */
  destroy(): void;
}

const WRITE_BUFFER_BYTES = 1 << 20;
const BATCH_BYTES = 256 * 1024;
// Batches in flight at most: the stream's buffer (1 MB) and one being written.
const POOL_SIZE = 6;

/** Values at least this long are remembered formatted and encoded (`lastLong`). */
const SHARED_FIELD_CHARS = 48;

// The last long value written and its bytes, for every writer: the annotated CSV and
// `rejected-rows.csv` write the same `_errors` text of a row one after the other (the same string:
// `joinIssueTexts` gives it again), formatted and encoded once.
const lastLong = { value: '', delimiter: '', bytes: Buffer.alloc(0), length: 0 };

/** Opens `path` for writing (replacing it) and writes the BOM. */
export function createCsvFileWriter(path: string, delimiter: string): CsvFileWriter {
  // The default 16 KB buffer fills every dozen rows and the writer then waits for the disk: a
  // 100,000-row report spent over a second idle that way.
  const stream = createWriteStream(path, { highWaterMark: WRITE_BUFFER_BYTES });
  let failure: unknown;
  stream.on('error', (error) => {
    failure = error;
  });
  const formatField = createCsvFieldFormatter(delimiter);
  const delimiterByte = delimiter.length === 1 && delimiter.charCodeAt(0) < 0x80 ? delimiter.charCodeAt(0) : -1;
  // Fields are encoded straight into a buffer of about 256 KB, handed to the stream when full:
  // a write per record cost a third of a 100,000-row annotated CSV's time in per-chunk work
  // (writev, encoding), and building one string per batch cost its concatenation and a flatten.
  // Batches go back to a pool once on disk: a new 256 KB buffer per batch (1,300 for a large
  // copy) is external memory the collector is driven by, each time with the whole run's heap.
  const pool: Buffer[] = [];
  let buffer: Buffer = Buffer.allocUnsafe(BATCH_BYTES);
  let used = 0;
  const flush = (): boolean => {
    const batch = buffer;
    const ok = stream.write(batch.subarray(0, used), () => {
      if (batch.length === BATCH_BYTES && pool.length < POOL_SIZE) pool.push(batch);
    });
    buffer = pool.pop() ?? Buffer.allocUnsafe(BATCH_BYTES);
    used = 0;
    return ok;
  };
  let flushed = true;
  const put = (text: string): void => {
    if (text === '') return;
    // A UTF-16 unit takes at most 3 bytes of UTF-8.
    const room = text.length * 3;
    if (used + room > buffer.length) {
      if (used > 0 && !flush()) flushed = false;
      if (room > buffer.length) buffer = Buffer.allocUnsafe(room);
    }
    used += buffer.write(text, used);
  };
  const putBytes = (bytes: Buffer, start: number, end: number): void => {
    const length = end - start;
    if (used + length > buffer.length) {
      if (used > 0 && !flush()) flushed = false;
      if (length > buffer.length) buffer = Buffer.allocUnsafe(length);
    }
    buffer.set(bytes.subarray(start, end), used);
    used += length;
  };
  const putDelimiter = (): void => {
    if (delimiterByte < 0 || used >= buffer.length) put(delimiter);
    else buffer[used++] = delimiterByte;
  };
  const putField = (value: string): void => {
    if (value.length < SHARED_FIELD_CHARS) {
      put(formatField(value));
      return;
    }
    if (value === lastLong.value && delimiter === lastLong.delimiter) {
      putBytes(lastLong.bytes, 0, lastLong.length);
      return;
    }
    const text = formatField(value);
    put(text);
    const length = Buffer.byteLength(text);
    if (lastLong.bytes.length < length) lastLong.bytes = Buffer.allocUnsafe(Math.max(length, lastLong.bytes.length * 2));
    buffer.copy(lastLong.bytes, 0, used - length, used);
    lastLong.value = value;
    lastLong.delimiter = delimiter;
    lastLong.length = length;
  };
  const putFields = (values: readonly string[], first: boolean): void => {
    for (let i = 0; i < values.length; i++) {
      if (i > 0 || !first) putDelimiter();
      putField(values[i] as string);
    }
  };
  put(CSV_BOM);
  const finishRecord = (): Promise<void> | undefined => {
    put(CSV_NEWLINE);
    if (flushed) return undefined;
    flushed = true;
    return once(stream, 'drain').then(() => undefined);
  };
  return {
    async write(values: readonly string[], more?: readonly string[]) {
      if (failure !== undefined) throw failure;
      putFields(values, true);
      if (more !== undefined) putFields(more, values.length === 0);
      await finishRecord();
    },
    async writeText(text, values, more, before = []) {
      if (failure !== undefined) throw failure;
      putFields(before, true);
      if (before.length > 0 && values.length > 0) putDelimiter();
      if (checkRecordVerbatim(text, values, delimiter)) put(text);
      else putFields(values, true);
      putFields(more, before.length === 0 && values.length === 0);
      await finishRecord();
    },
    writeBytes(bytes, start, end, pad, more, before = []) {
      if (failure !== undefined) return Promise.reject(failure);
      putFields(before, true);
      if (before.length > 0) putDelimiter();
      putBytes(bytes, start, end);
      for (let i = 0; i < pad; i++) putDelimiter();
      putFields(more, false);
      return finishRecord();
    },
    async close() {
      if (failure !== undefined) throw failure;
      if (used > 0) flush();
      stream.end();
      await once(stream, 'finish');
    },
    destroy() {
      stream.destroy();
    },
  };
}
