/**
 * A streaming CSV file writer: UTF-8 with BOM, one record per call, formula-neutralised and
 * quoted by `formatCsvRecord`, honouring the file stream's back-pressure.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { CSV_BOM, CSV_NEWLINE, formatCsvRecord } from './format-csv-record.js';

/** An open CSV file. */
export interface CsvFileWriter {
  /** Writes one record; resolves once the stream can take more. */
  write(values: readonly string[]): Promise<void>;
  /** Ends the file; resolves when it is on disk. */
  close(): Promise<void>;
  /** Stops writing after a failure; the partial file is left for the caller to remove. */
  destroy(): void;
}

const WRITE_BUFFER_BYTES = 1 << 20;

/** Opens `path` for writing (replacing it) and writes the BOM. */
export function createCsvFileWriter(path: string, delimiter: string): CsvFileWriter {
  // The default 16 KB buffer fills every dozen rows and the writer then waits for the disk: a
  // 100,000-row report spent over a second idle that way.
  const stream = createWriteStream(path, { encoding: 'utf8', highWaterMark: WRITE_BUFFER_BYTES });
  let failure: unknown;
  stream.on('error', (error) => {
    failure = error;
  });
  stream.write(CSV_BOM);
  return {
    async write(values) {
      if (failure !== undefined) throw failure;
      if (!stream.write(formatCsvRecord(values, delimiter) + CSV_NEWLINE)) await once(stream, 'drain');
    },
    async close() {
      if (failure !== undefined) throw failure;
      stream.end();
      await once(stream, 'finish');
    },
    destroy() {
      stream.destroy();
    },
  };
}
