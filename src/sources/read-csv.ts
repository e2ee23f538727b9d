/**
 * CSV/TSV reader, the one reader of CSV files (the annotated copy and `rejected-rows.csv` read
 * through its text mode). Bytes are decoded by a streaming decoder (encoding detected or given),
 * the text is split into records chunk by chunk (`read-csv-records.ts`: line endings per record),
 * and rows are yielded as they complete, so memory does not grow with the file. Row numbers are editor lines: a record with a quoted line break
 * spans several lines and the next record starts further down. CSV cells are always text; only
 * text that Excel already turned into exponent notation is flagged.
 */
import { createReadStream } from 'node:fs';
import { SourceReadError } from '../core/errors.js';
import { createIssue, type Issue } from '../core/issue.js';
import { checkCsvContent } from './check-csv-content.js';
import { buildColumnLetter } from './column-letter.js';
import { createStreamDecoder, type ReplacementMark } from './decode-text.js';
import { detectDelimiter } from './detect-delimiter.js';
import { detectBom, detectEncoding, parseEncodingName, TEXT_ENCODINGS, type TextEncodingName } from './detect-encoding.js';
import { checkExponentText } from './interpret-number.js';
import { loadFileBytes, loadSourceFileSize } from './load-source-file.js';
import { createLineBreakCounter } from './count-line-breaks.js';
import { cutForMessage } from '../core/cut-for-message.js';
import { createCsvRecordSplitter, type CsvRecordError, type CsvSplitRecord } from './read-csv-records.js';
import { EXCEL_MAX_COLUMNS } from '../xlsx/parse-sheet-rows.js';
import { READ_CODES } from './read-codes.js';
import { READER_EXTENSIONS } from './reader-extensions.js';
import { openTable, type RawRow } from './shape-rows.js';
import type { ReadOptions, SourceCell, SourceReader, SourceStream } from './types.js';

const SAMPLE_BYTES = 64 * 1024;
const CHUNK_BYTES = 64 * 1024;

/**
 * Longest CSV record, in characters (16 Mi: 512 cells of Excel's 32,767 characters). A longer one
 * is an unclosed quote that swallowed the file, or not a CSV at all; reading stops at its row.
 */
export const CSV_MAX_RECORD_CHARS = 16 * 1024 * 1024;

/** Reads `.csv`, `.tsv` and `.txt` files. */
export const csvReader: SourceReader = {
  format: 'csv',
  match: (path) => READER_EXTENSIONS.csv.test(path),
  open: openCsv,
};

/** The encoding to use and where the text starts. */
interface ChosenEncoding {
  encoding: TextEncodingName;
  bomLength: number;
  issues: Issue[];
}

function chooseEncoding(path: string, sample: Uint8Array, complete: boolean, given: string | undefined): ChosenEncoding {
  if (given !== undefined) {
    const encoding = parseEncodingName(given);
    if (encoding === undefined) {
      throw new SourceReadError(path, `${path}: unsupported encoding "${given}"; use one of ${TEXT_ENCODINGS.join(', ')}`);
    }
    const bom = detectBom(sample);
    return { encoding, bomLength: bom?.encoding === encoding ? bom.length : 0, issues: [] };
  }
  const detected = detectEncoding(sample, complete);
  const issues = detected.guessed
    ? [
        createIssue({
          code: READ_CODES.encodingGuessed,
          severity: 'warning',
          stage: 'read',
          data: { encoding: detected.encoding, reason: detected.encoding.startsWith('utf-16') ? 'utf16_zero_bytes' : detected.encoding === 'kz-1048' ? 'kz1048_letters' : 'cyrillic_single_byte' },
          file: path,
        }),
      ]
    : [];
  return { encoding: detected.encoding, bomLength: detected.bomLength, issues };
}

function parseDelimiterOption(path: string, given: string): string {
  const delimiter = given === 'tab' || given === '\\t' ? '\t' : given;
  if (delimiter.length !== 1 || delimiter === '"' || delimiter === '\n' || delimiter === '\r') {
    throw new SourceReadError(path, `${path}: unusable delimiter ${JSON.stringify(given)}; use one character such as , ; | or tab`);
  }
  return delimiter;
}

/** What both read modes decide before the first record: sizes, encoding, delimiter (line breaks are taken per record). */
interface CsvLayout {
  totalBytes: number;
  encoding: TextEncodingName;
  bomLength: number;
  delimiter: string;
  /** The encoding guess, when it was guessed. */
  issues: Issue[];
}

async function detectCsvLayout(path: string, options: ReadOptions): Promise<CsvLayout> {
  const totalBytes = await loadSourceFileSize(path, options);
  const sample = await loadFileBytes(path, 0, SAMPLE_BYTES);
  const complete = sample.length >= totalBytes;
  const chosen = chooseEncoding(path, sample, complete, options.encoding);
  const sampleText = createStreamDecoder(chosen.encoding, chosen.bomLength).write(sample.subarray(chosen.bomLength)).text;
  if (sampleText.trim() === '' && complete) throw new SourceReadError(path, `${path}: the file is empty (no text)`);
  checkCsvContent(path, sample, sampleText);

  let delimiter: string;
  if (options.delimiter !== undefined) delimiter = parseDelimiterOption(path, options.delimiter);
  else if (/\.tsv$/i.test(path)) delimiter = '\t';
  else delimiter = detectDelimiter(sampleText);
  return { totalBytes, encoding: chosen.encoding, bomLength: chosen.bomLength, delimiter, issues: chosen.issues };
}

async function openCsv(path: string, options: ReadOptions, deps: { signal?: AbortSignal }): Promise<SourceStream> {
  const layout = await detectCsvLayout(path, options);
  const { encoding, bomLength, delimiter, totalBytes } = layout;
  let bytesRead = bomLength;
  const raw = readCsvRecords({ path, encoding, bomLength, delimiter, onBytes: (n) => (bytesRead += n), withMarks: true }, buildCsvRow);
  const table = await openTable(raw, { file: path, options, signal: deps.signal });
  return {
    info: {
      file: path,
      format: 'csv',
      encoding,
      delimiter,
      headerRow: table.headerRow,
      header: table.header,
      totalBytes,
    },
    rows: table.rows,
    bytesRead: () => bytesRead,
    issues: [...layout.issues, ...table.issues],
  };
}

/** One record of the file as text: its fields as the reader splits them, and its own text. */
export interface CsvTextRecord {
  /** Editor line the record starts on: the reader's row number. */
  row: number;
  fields: string[];
  /** The record's text as it stands in the file (decoded), without its line break. */
  text: string;
}

/** The records of a CSV file as text, without the reader's cells, flags and table shaping. */
interface CsvTextRecords {
  encoding: TextEncodingName;
  delimiter: string;
  records: AsyncIterable<CsvTextRecord>;
}

/**
 * Text mode of the CSV reader, for copying a file (the annotated copy, `rejected-rows.csv`): the
 * same encoding and delimiter decisions, the same decoding and the same record loop as `csvReader`
 * (so records and row numbers are the reader's, quoted line breaks included), and the same records
 * skipped (every field empty); but no cells, exponent checks, invalid-byte issues or header
 * search: each record is its fields and its original text. A record too long
 * stops the read as in the reader.
 */
export async function openCsvTextRecords(path: string, options: Pick<ReadOptions, 'encoding' | 'delimiter' | 'maxFileBytes'>): Promise<CsvTextRecords> {
  const layout = await detectCsvLayout(path, options);
  const { encoding, bomLength, delimiter } = layout;
  const records = readCsvRecords({ path, encoding, bomLength, delimiter, onBytes: () => undefined, withMarks: false }, (record) => ({
    row: record.row,
    fields: record.fields,
    text: record.source.slice(record.start, record.end),
  }));
  return { encoding, delimiter, records };
}

/** What `readCsvRecords` needs. */
interface CsvSettings {
  path: string;
  encoding: TextEncodingName;
  bomLength: number;
  delimiter: string;
  onBytes: (count: number) => void;
  /** Keep the decoder's marks for the cells' U+FFFD (the text mode has no cells to pair them with). */
  withMarks: boolean;
}

/**
 * Decodes and splits the file chunk by chunk (`createCsvRecordSplitter`: line endings per record),
 * yielding what `build` makes of every record (those whose fields are all empty are skipped) with
 * its editor line: one loop for both read modes, so their records and row numbers cannot differ.
 * Splitting is linear in the record's length however long it is: the pending (incomplete) record
 * is split again each time text is fed, so text is fed only once the unsplit part is at least as
 * long as the pending record was (a record of n characters is split about twice, not n / 64 KB
 * times); a record over `CSV_MAX_RECORD_CHARS` stops the read at its row.
 */
async function* readCsvRecords<T>(settings: CsvSettings, build: (record: ParsedRecord) => T | undefined): AsyncGenerator<T> {
  const { path, encoding } = settings;
  const decoder = createStreamDecoder(encoding, settings.bomLength);
  const split = createCsvRecordSplitter(settings.delimiter);
  const marks: MarkQueue = { items: [], head: 0 };
  let line = 1;
  let aggregate = '';
  let countLineBreaks = createLineBreakCounter('');
  let rowStart = 0;
  let ready: T[] = [];
  // Text not split yet, after the pending record that the last split left.
  let waiting: string[] = [];
  let waitingLength = 0;
  let leftoverLength = 0;
  const record: ParsedRecord = { row: 0, fields: [], errors: [], source: '', start: 0, end: 0, path, encoding, marks };

  const onRecord = (found: CsvSplitRecord): void => {
    const row = line;
    line += countLineBreaks(found.start, found.next);
    const { fields } = found;
    // An empty line is skipped by every later step: not building and yielding it keeps a file of
    // a million empty lines about as cheap as reading its bytes.
    if (found.errors.length === 0 && checkFieldsEmpty(fields)) return;
    record.row = row;
    record.fields = fields;
    record.errors = found.errors;
    record.source = aggregate;
    record.start = found.start;
    record.end = found.end;
    const built = build(record);
    if (built !== undefined) ready.push(built);
  };
  const feed = (text: string, final: boolean): void => {
    waiting.push(text);
    waitingLength += text.length;
    if (!final && waitingLength < Math.max(leftoverLength, CHUNK_BYTES / 4) && leftoverLength + waitingLength <= CSV_MAX_RECORD_CHARS) return;
    aggregate = aggregate.slice(rowStart) + waiting.join('');
    countLineBreaks = createLineBreakCounter(aggregate);
    waiting = [];
    waitingLength = 0;
    rowStart = split(aggregate, 0, final, onRecord);
    leftoverLength = aggregate.length - rowStart;
    if (leftoverLength > CSV_MAX_RECORD_CHARS) {
      throw new SourceReadError(
        path,
        `${path}: row ${line}: a record longer than ${CSV_MAX_RECORD_CHARS.toLocaleString('en-US')} characters ` +
          `(it starts ${JSON.stringify(cutForMessage(aggregate.slice(rowStart, rowStart + 200)))}); ` +
          'a quoted field that is never closed, or not a CSV file; reading stopped there',
      );
    }
  };

  const stream = createReadStream(path, { start: settings.bomLength, highWaterMark: CHUNK_BYTES });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      settings.onBytes(chunk.length);
      const decoded = decoder.write(chunk);
      if (settings.withMarks) pushMarks(marks, decoded.marks);
      feed(decoded.text, false);
      yield* ready;
      ready = [];
    }
    const last = decoder.end();
    if (settings.withMarks) pushMarks(marks, last.marks);
    if (aggregate.length > rowStart || waitingLength > 0 || last.text !== '') feed(last.text, true);
    yield* ready;
    ready = [];
  } catch (error) {
    if (error instanceof SourceReadError) throw error;
    throw new SourceReadError(path, `${path}: reading failed (${(error as Error).message})`, { cause: error });
  } finally {
    stream.destroy();
  }
}

function checkFieldsEmpty(fields: readonly string[]): boolean {
  for (let i = 0; i < fields.length; i++) if (fields[i] !== '') return false;
  return true;
}

/** One record as split, where it stands in the decoded text, and what the reader needs to build its cells. */
interface ParsedRecord {
  row: number;
  fields: string[];
  errors: readonly CsvRecordError[];
  /** The decoded text holding the record: its own text from `start` to `end`. */
  source: string;
  start: number;
  end: number;
  path: string;
  encoding: TextEncodingName;
  marks: MarkQueue;
}

/** The reader's row of one record: its cells (flags, invalid bytes) and its issues. */
function buildCsvRow(record: ParsedRecord): RawRow {
  const { fields, row, marks, path, encoding } = record;
  const issues: Issue[] = [];
  const kept = fields.length > EXCEL_MAX_COLUMNS ? fields.slice(0, EXCEL_MAX_COLUMNS) : fields;
  const cells = kept.map((text, index) => buildCsvCell(text, index, row, marks, issues, path, encoding));
  if (fields.length > EXCEL_MAX_COLUMNS) {
    issues.push(
      createIssue({
        code: READ_CODES.cellBeyondLimits,
        severity: 'error',
        stage: 'read',
        data: { variant: 'csv', fields: fields.length, column: buildColumnLetter(EXCEL_MAX_COLUMNS - 1), columns: EXCEL_MAX_COLUMNS.toLocaleString('en-US') },
        file: path,
        row,
        column: buildColumnLetter(EXCEL_MAX_COLUMNS),
      }),
    );
  }
  for (const error of record.errors) {
    issues.push(
      createIssue({
        code: READ_CODES.csvMalformed,
        severity: error.code === 'MissingQuotes' ? 'error' : 'warning',
        stage: 'read',
        data: error.code === 'MissingQuotes' ? { variant: 'not_closed' } : { variant: 'misplaced', detail: error.message },
        file: path,
        row,
      }),
    );
  }
  return issues.length > 0 ? { row, cells, issues } : { row, cells };
}

/** Marks not yet paired with a U+FFFD of a cell; `head` avoids O(n) shifts when a file is full of them. */
interface MarkQueue {
  items: ReplacementMark[];
  head: number;
}

function pushMarks(queue: MarkQueue, marks: readonly ReplacementMark[]): void {
  if (marks.length === 0) return;
  if (queue.head > 0) {
    queue.items = queue.items.slice(queue.head);
    queue.head = 0;
  }
  for (const mark of marks) queue.items.push(mark);
}

/**
 * Whether `text` may be exponent text: it must start, once trimmed, with a digit or a sign. Most
 * cells (names, descriptions, links) fail on their first character, which spares them the trim
 * and the two patterns of `checkExponentText`.
 */
function mayBeExponentText(text: string): boolean {
  const code = text.charCodeAt(0);
  if ((code >= 48 && code <= 57) || code === 43 || code === 45) return true;
  // Anything `trim` may remove first: leave those to the full check.
  return code <= 32 || code === 0xa0 || code === 0xfeff || (code >= 0x1680 && code <= 0x3000);
}

/** One CSV field as a cell; pairs its U+FFFD with the decoder's marks to report invalid bytes. */
function buildCsvCell(
  text: string,
  index: number,
  row: number,
  marks: MarkQueue,
  issues: Issue[],
  path: string,
  encoding: TextEncodingName,
): SourceCell {
  if (text === '') return { kind: 'empty', text: '', value: null };
  const cell: SourceCell = { kind: 'string', text, value: text };
  if (mayBeExponentText(text) && checkExponentText(text)) cell.flags = ['exponent'];
  if (!text.includes('\uFFFD')) return cell;
  let invalid: ReplacementMark | undefined;
  for (let at = text.indexOf('\uFFFD'); at !== -1; at = text.indexOf('\uFFFD', at + 1)) {
    const mark = marks.items[marks.head];
    marks.head++;
    if (mark !== undefined && !mark.genuine) invalid ??= mark;
  }
  if (invalid === undefined) return cell;
  cell.flags = [...(cell.flags ?? []), 'invalid_encoding'];
  issues.push(
    createIssue({
      code: READ_CODES.invalidEncoding,
      severity: 'error',
      stage: 'read',
      data: { bytes: invalid.bytes, offset: invalid.byteOffset, encoding },
      file: path,
      row,
      column: buildColumnLetter(index),
      value: cutForMessage(text),
    }),
  );
  return cell;
}
