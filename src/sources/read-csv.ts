/**
 * CSV/TSV reader. Bytes are decoded by a streaming decoder (encoding detected or given), the text
 * is parsed by papaparse's parser chunk by chunk, and rows are yielded as they complete, so memory
 * does not grow with the file. Row numbers are editor lines: a record with a quoted line break
 * spans several lines and the next record starts further down. CSV cells are always text; only
 * text that Excel already turned into exponent notation is flagged.
 */
import { createReadStream } from 'node:fs';
import Papa from 'papaparse';
import { SourceReadError } from '../core/errors.js';
import { createIssue, type Issue } from '../core/issue.js';
import { buildColumnLetter } from './column-letter.js';
import { createStreamDecoder, type ReplacementMark } from './decode-text.js';
import { detectDelimiter, detectLineBreak } from './detect-delimiter.js';
import { detectBom, detectEncoding, parseEncodingName, TEXT_ENCODINGS, type TextEncodingName } from './detect-encoding.js';
import { checkExponentText } from './interpret-number.js';
import { loadFileBytes, loadSourceFileSize } from './load-source-file.js';
import { cutForMessage } from './cut-for-message.js';
import { EXCEL_MAX_COLUMNS } from './parse-sheet-rows.js';
import { READ_CODES } from './read-codes.js';
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
  match: (path) => /\.(csv|tsv|txt)$/i.test(path),
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
          message: `encoding not given; read as ${detected.encoding} (${detected.reason}); set the encoding if the text looks wrong`,
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

/** What both read modes decide before the first record: sizes, encoding, delimiter, line break. */
export interface CsvLayout {
  totalBytes: number;
  encoding: TextEncodingName;
  bomLength: number;
  delimiter: string;
  newline: '\r\n' | '\n' | '\r';
  /** The encoding guess, when it was guessed. */
  issues: Issue[];
}

export async function detectCsvLayout(path: string, options: ReadOptions): Promise<CsvLayout> {
  const totalBytes = await loadSourceFileSize(path, options);
  const sample = await loadFileBytes(path, 0, SAMPLE_BYTES);
  const complete = sample.length >= totalBytes;
  const chosen = chooseEncoding(path, sample, complete, options.encoding);
  const sampleText = createStreamDecoder(chosen.encoding, chosen.bomLength).write(sample.subarray(chosen.bomLength)).text;
  if (sampleText.trim() === '' && complete) throw new SourceReadError(path, `${path}: the file is empty (no text)`);

  let delimiter: string;
  if (options.delimiter !== undefined) delimiter = parseDelimiterOption(path, options.delimiter);
  else if (/\.tsv$/i.test(path)) delimiter = '\t';
  else delimiter = detectDelimiter(sampleText).delimiter;
  const newline = detectLineBreak(sampleText);
  return { totalBytes, encoding: chosen.encoding, bomLength: chosen.bomLength, delimiter, newline, issues: chosen.issues };
}

async function openCsv(path: string, options: ReadOptions, deps: { signal?: AbortSignal }): Promise<SourceStream> {
  const layout = await detectCsvLayout(path, options);
  const { encoding, bomLength, delimiter, newline, totalBytes } = layout;
  let bytesRead = bomLength;
  const raw = readCsvRecords({ path, encoding, bomLength, delimiter, newline, onBytes: (n) => (bytesRead += n), withMarks: true }, buildCsvRow);
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
export interface CsvTextRecords {
  encoding: TextEncodingName;
  delimiter: string;
  records: AsyncIterable<CsvTextRecord>;
}

/**
 * Text-only mode of the CSV reader, for copying a file (the annotated copy): the same encoding,
 * delimiter and line-break decisions, the same decoding and the same record loop as `csvReader`
 * (so row numbers are the reader's, quoted line breaks included), and the same records skipped
 * (every field empty); but no cells, exponent checks, invalid-byte issues or header search: each
 * record is its fields and its text. A record too long stops the read as in the reader.
 */
export async function openCsvTextRecords(path: string, options: Pick<ReadOptions, 'encoding' | 'delimiter' | 'maxFileBytes'>): Promise<CsvTextRecords> {
  const layout = await detectCsvLayout(path, options);
  const { encoding, bomLength, delimiter, newline } = layout;
  const records = readCsvRecords({ path, encoding, bomLength, delimiter, newline, onBytes: () => undefined, withMarks: false }, (record) => {
    let end = record.end;
    if (record.source.endsWith(newline, end) && end - newline.length >= record.start) end -= newline.length;
    return { row: record.row, fields: record.fields, text: record.source.slice(record.start, end) };
  });
  return { encoding, delimiter, records };
}

/** What `readCsvRecords` needs. */
interface CsvSettings {
  path: string;
  encoding: TextEncodingName;
  bomLength: number;
  delimiter: string;
  newline: '\r\n' | '\n' | '\r';
  onBytes: (count: number) => void;
  /** Keep the decoder's marks for the cells' U+FFFD (the text mode has no cells to pair them with). */
  withMarks: boolean;
}

/** Papaparse's result for one row in step mode. */
interface StepResult {
  /** The one row of this step. */
  data: string[][];
  errors: { code: string; message: string }[];
  meta: { cursor: number };
}

/**
 * Decodes and parses the file chunk by chunk, yielding what `build` makes of every record (those
 * whose fields are all empty are skipped) with its editor line: one loop for both read modes, so
 * their row numbers cannot differ. Parsing is linear in the record's length however long it is: papaparse re-parses the
 * pending (incomplete) record each time it is fed, so text is fed only once the unparsed part is
 * at least as long as the pending record was (a record of n characters is parsed about twice, not
 * n / 64 KB times); a record over `CSV_MAX_RECORD_CHARS` stops the read at its row.
 */
async function* readCsvRecords<T>(settings: CsvSettings, build: (record: ParsedRecord) => T | undefined): AsyncGenerator<T> {
  const { path, encoding } = settings;
  const decoder = createStreamDecoder(encoding, settings.bomLength);
  const marks: MarkQueue = { items: [], head: 0 };
  let line = 1;
  let aggregate = '';
  let countLineBreaks = createLineBreakCounter('');
  let rowStart = 0;
  let ready: T[] = [];
  // Text not parsed yet, after the pending record that the last parse left.
  let waiting: string[] = [];
  let waitingLength = 0;
  let leftoverLength = 0;
  const record: ParsedRecord = { row: 0, fields: [], errors: [], source: '', start: 0, end: 0, path, encoding, marks };

  const step = (result: StepResult): void => {
    const end = result.meta.cursor;
    const start = rowStart;
    const row = line;
    line += countLineBreaks(rowStart, end);
    rowStart = end;
    const fields = result.data[0] ?? [];
    // An empty line is skipped by every later step: not building and yielding it keeps a file of
    // a million empty lines about as cheap as reading its bytes.
    if (result.errors.length === 0 && fields.every((field) => field === '')) return;
    record.row = row;
    record.fields = fields;
    record.errors = result.errors;
    record.source = aggregate;
    record.start = start;
    record.end = end;
    const built = build(record);
    if (built !== undefined) ready.push(built);
  };
  const parser = new Papa.Parser({ delimiter: settings.delimiter, newline: settings.newline, quoteChar: '"', step });
  const feed = (text: string, final: boolean): void => {
    waiting.push(text);
    waitingLength += text.length;
    if (!final && waitingLength < Math.max(leftoverLength, CHUNK_BYTES / 4) && leftoverLength + waitingLength <= CSV_MAX_RECORD_CHARS) return;
    aggregate = aggregate.slice(rowStart) + waiting.join('');
    countLineBreaks = createLineBreakCounter(aggregate);
    rowStart = 0;
    waiting = [];
    waitingLength = 0;
    parser.parse(aggregate, 0, !final);
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

/** One record as papaparse split it, where it stands in the decoded text, and what the reader needs to build its cells. */
interface ParsedRecord {
  row: number;
  fields: string[];
  errors: StepResult['errors'];
  /** The decoded text holding the record, from `start` to `end` (its line break included). */
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
        message: `the record has ${fields.length} fields; those past column ${buildColumnLetter(EXCEL_MAX_COLUMNS - 1)} (${EXCEL_MAX_COLUMNS.toLocaleString('en-US')}, Excel's last) are not read`,
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
        message: error.code === 'MissingQuotes' ? 'a quoted field is not closed: the rest of the file was read into it' : `misplaced quote (${error.message})`,
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
 * Counts line breaks (LF, CR or CRLF) in `text` between two positions, called once per record in
 * order: every CR is one, and every LF not right after a CR of the same range. Both are found by
 * native searches (a loop over every character of a CRLF file cost a fifth of a text-only read),
 * each remembered until a record passes it, so a lone CR far ahead is not searched for again.
 */
export function createLineBreakCounter(text: string): (start: number, end: number) => number {
  // Next known position of each at or after the last start; -1: none left; -2: not searched yet.
  let nextCr = text.includes('\r') ? -2 : -1;
  let nextLf = -2;
  return (start, end) => {
    let count = 0;
    if (nextCr !== -1) {
      if (nextCr < start) nextCr = text.indexOf('\r', start);
      while (nextCr !== -1 && nextCr < end) {
        count++;
        nextCr = text.indexOf('\r', nextCr + 1);
      }
    }
    if (nextLf !== -1) {
      if (nextLf < start) nextLf = text.indexOf('\n', start);
      while (nextLf !== -1 && nextLf < end) {
        if (nextLf === start || text.charCodeAt(nextLf - 1) !== 13) count++;
        nextLf = text.indexOf('\n', nextLf + 1);
      }
    }
    return count;
  };
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
      message: `bytes ${invalid.bytes} at byte offset ${invalid.byteOffset} are not valid ${encoding}; the cell shows U+FFFD in their place`,
      file: path,
      row,
      column: buildColumnLetter(index),
      value: cutForMessage(text),
    }),
  );
  return cell;
}
