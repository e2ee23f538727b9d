/**
 * A streaming CSV file writer: UTF-8 with BOM, one record per call, formula-neutralised and
 * quoted by `createCsvFieldFormatter`, honouring the file stream's back-pressure.
 */
import { createCsvFieldFormatter, CSV_BOM, CSV_NEWLINE } from './format-csv-record.js';
import { openBatchedFileOutput } from './open-batched-file-output.js';

/** An open CSV file. */
export interface CsvFileWriter {
  /** Writes one record; resolves once the stream can take more. */
  write(values: readonly string[]): Promise<void>;
  /** Writes one record of `values` followed by `more` (no joined array per record). */
  write(values: readonly string[], more: readonly string[]): Promise<void>;
  /**
   * Writes one record of `before`, the UTF-8 bytes `bytes[start, end)` as they are, `pad` more
   * delimiters, and `more`: the bytes must be fields that need no formatting
   * (`measureVerbatimBytes`), joined by this delimiter. Returns a promise only when the stream
   * is full (await it before writing more): no promise per row of a large copy.
   */
  writeBytes(bytes: Buffer, start: number, end: number, pad: number, more: readonly string[], before?: readonly string[]): Promise<void> | undefined;
  /**
   * Starts a record put piece by piece (`putValue`, `putFormatted`, `putDelimiter`) and ended by
   * `endRecord`: for a record whose fields are partly bytes formatted already (the seller's row
   * copied as bytes, a status formatted once). Throws the stream's failure.
   */
  beginRecord(): void;
  /** Puts one value, formatted as `write` formats it. */
  putValue(value: string): void;
  /** Puts a whole number that is not negative (as `putValue(String(number))` puts it: its digits need no formatting). */
  putCount(count: number): void;
  /** Puts `bytes[start, end)` as they are: fields already formatted for this delimiter, and delimiters. */
  putFormatted(bytes: Buffer, start: number, end: number): void;
  putDelimiter(): void;
  /** Ends the record begun: its line break. A promise only when the stream is full (await it before writing more). */
  endRecord(): Promise<void> | undefined;
  /** Ends the file; resolves when it is on disk. */
  close(): Promise<void>;
  /** Stops writing after a failure; resolves once the file is closed and the partial file removed. */
  destroy(): Promise<void>;
}

/** Values at least this long are remembered formatted and encoded (`lastLong`). */
const SHARED_FIELD_CHARS = 48;

// The last long value written and its bytes, for every writer: the annotated CSV and
// `rejected-rows.csv` write the same `_errors` text of a row one after the other (the same string:
// `joinIssueTexts` gives it again), formatted and encoded once.
const lastLong = { value: '', delimiter: '', bytes: Buffer.alloc(0), length: 0 };

/** Opens `path` for writing (replacing it) and writes the BOM. */
export function createCsvFileWriter(path: string, delimiter: string): CsvFileWriter {
  const output = openBatchedFileOutput(path);
  const formatField = createCsvFieldFormatter(delimiter);
  const delimiterByte = delimiter.length === 1 && delimiter.charCodeAt(0) < 0x80 ? delimiter.charCodeAt(0) : -1;
  const putDelimiter = (): void => {
    if (delimiterByte < 0) output.putText(delimiter);
    else output.putByte(delimiterByte);
  };
  const putField = (value: string): void => {
    if (value.length < SHARED_FIELD_CHARS) {
      output.putText(formatField(value));
      return;
    }
    if (value === lastLong.value && delimiter === lastLong.delimiter) {
      output.putBytes(lastLong.bytes, 0, lastLong.length);
      return;
    }
    const text = formatField(value);
    output.putText(text);
    const length = Buffer.byteLength(text);
    if (lastLong.bytes.length < length) lastLong.bytes = Buffer.allocUnsafe(Math.max(length, lastLong.bytes.length * 2));
    output.copyLast(lastLong.bytes, length);
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
  output.putText(CSV_BOM);
  // The line break as bytes: `putText` is a call into the runtime to encode, for two bytes a record.
  const newline = Buffer.from(CSV_NEWLINE, 'utf8');
  const finishRecord = (): Promise<void> | undefined => {
    output.putBytes(newline, 0, newline.length);
    return output.settle();
  };
  return {
    async write(values: readonly string[], more?: readonly string[]) {
      output.checkFailure();
      putFields(values, true);
      if (more !== undefined) putFields(more, values.length === 0);
      await finishRecord();
    },
    writeBytes(bytes, start, end, pad, more, before = []) {
      try {
        output.checkFailure();
      } catch (error) {
        return Promise.reject(error);
      }
      putFields(before, true);
      if (before.length > 0) putDelimiter();
      output.putBytes(bytes, start, end);
      for (let i = 0; i < pad; i++) putDelimiter();
      putFields(more, false);
      return finishRecord();
    },
    beginRecord: () => output.checkFailure(),
    putValue: putField,
    putCount(count) {
      if (!(Number.isSafeInteger(count) && count >= 0) || (delimiterByte >= 0x30 && delimiterByte <= 0x39)) putField(String(count));
      else output.putAscii(String(count));
    },
    putFormatted: (bytes, start, end) => output.putBytes(bytes, start, end),
    putDelimiter,
    endRecord: finishRecord,
    close: () => output.close(),
    destroy: () => output.destroy(),
  };
}
