/**
 * The records of a UTF-8 CSV file as bytes, for copying the file (the annotated copy and
 * `rejected-rows.csv`): a record with no quote, no line break inside and valid UTF-8 — nearly
 * every record of a real catalog — is handed over as where it stands in the bytes read, never
 * decoded, so that the copy can write it as it is; any other record is decoded and split by the
 * reader's own parser (papaparse, same settings) and handed over as text. Record boundaries and
 * row numbers are the reader's (`readCsvRecords` in read-csv.ts): the same line ends, the same
 * rule for quoted fields, the same line counting (CR, LF and CRLF are one line each), the same
 * empty records skipped. Where papaparse would report a malformed quote, or a record is too long,
 * the bytes say nothing sure: the read stops with `CsvBytesUnsureError` naming the row, and the
 * caller continues from that row with the reader's text mode.
 */
import { Buffer, isUtf8 } from 'node:buffer';
import { open, type FileHandle } from 'node:fs/promises';
import Papa from 'papaparse';
import { createStreamDecoder } from './decode-text.js';
import type { CsvLayout, CsvTextRecord } from './read-csv.js';

/**
 * A record as it stands in the file: `bytes[start, end)`, without its line break; no quote, CR or
 * LF in it, valid UTF-8. `bytes` is the reader's buffer, reused: read the record before asking for
 * the one after the next.
 */
export interface CsvRecordBytes {
  /** Editor line the record starts on: the reader's row number. */
  row: number;
  bytes: Buffer;
  start: number;
  end: number;
}

/** One record of the file: as bytes when it can be copied as it stands, else as the reader's text. */
export type CsvByteRecord = CsvRecordBytes | CsvTextRecord;

/** The bytes cannot say for sure what the reader makes of the record on `row` (a malformed quote, a record too long). */
export class CsvBytesUnsureError extends Error {
  constructor(readonly row: number) {
    super(`row ${row}: the record is left to the reader's text mode`);
  }
}

const CHUNK_BYTES = 1 << 20;
// The reader stops at a record of 16 Mi characters (`CSV_MAX_RECORD_CHARS`), with its own message.
const MAX_PENDING_BYTES = 16 * 1024 * 1024;
const QUOTE = 0x22;
const CR = 13;
const LF = 10;

/** Whether a file of this layout can be read as bytes: UTF-8 and a one-byte delimiter (other encodings are decoded by the reader's text mode). */
export function checkCsvBytesReadable(layout: Pick<CsvLayout, 'encoding' | 'delimiter'>): boolean {
  return layout.encoding === 'utf-8' && layout.delimiter.length === 1 && layout.delimiter.charCodeAt(0) < 0x80;
}

/**
 * Reads the records of `path` (UTF-8, see `checkCsvBytesReadable`) in file order, the records of
 * each chunk read as one list (an asynchronous step per record cost more than the record's copy).
 */
export async function* readCsvRecordBytes(path: string, layout: Pick<CsvLayout, 'bomLength' | 'delimiter' | 'newline'>): AsyncGenerator<CsvByteRecord[]> {
  const handle = await open(path, 'r');
  const state: ScanState = {
    line: 1,
    delimiter: layout.delimiter.charCodeAt(0),
    newline: layout.newline,
    parser: new Papa.Parser({ delimiter: layout.delimiter, newline: layout.newline, quoteChar: '"' }),
    fileOffset: layout.bomLength,
    unsureRow: undefined,
  };
  // The next chunk's read, started before the records of this one are handed over: the copy then
  // waits for the disk only when it writes faster than the file is read.
  let reading: Promise<{ buffer: Buffer; bytesRead: number }> | undefined;
  try {
    let position = layout.bomLength;
    // Three buffers in turn, each grown when a record does not fit: a new megabyte per chunk is
    // external memory that drives the collector over the whole run's heap. While the records of
    // one chunk are handed over, the next is read into another buffer, and the records of the
    // chunk before stay where they are until the one after the next is asked for.
    const buffers = [Buffer.allocUnsafe(CHUNK_BYTES), Buffer.allocUnsafe(CHUNK_BYTES), Buffer.allocUnsafe(CHUNK_BYTES)];
    let turn = 0;
    let carryLength = 0;
    let next = readChunk(handle, buffers, turn, Buffer.alloc(0), position);
    reading = next;
    for (;;) {
      const { buffer, bytesRead } = await next;
      reading = undefined;
      position += bytesRead;
      const final = bytesRead === 0;
      const view = buffer.subarray(0, carryLength + bytesRead);
      const ready: CsvByteRecord[] = [];
      const consumed = scanRecords(view, final, state, ready);
      const carry = view.subarray(consumed);
      // The last chunk: the end of the file, or a row this reader cannot be sure of (the exits below).
      const last = final || state.unsureRow !== undefined || carry.length > MAX_PENDING_BYTES;
      if (!last) {
        turn = (turn + 1) % buffers.length;
        next = readChunk(handle, buffers, turn, carry, position);
        reading = next;
        carryLength = carry.length;
      }
      if (ready.length > 0) yield ready;
      if (last) {
        if (state.unsureRow !== undefined) throw new CsvBytesUnsureError(state.unsureRow);
        if (final) return;
        throw new CsvBytesUnsureError(state.line);
      }
      state.fileOffset += consumed;
    }
  } finally {
    // A read still under way ends before its file is closed; its failure is not this stop's.
    await reading?.catch(() => undefined);
    await handle.close();
  }
}

/** Reads the chunk at `position` into `buffers[turn]` (grown when needed) after the `carry` bytes of the last one. */
function readChunk(handle: FileHandle, buffers: Buffer[], turn: number, carry: Buffer, position: number): Promise<{ buffer: Buffer; bytesRead: number }> {
  if ((buffers[turn] as Buffer).length < carry.length + CHUNK_BYTES) buffers[turn] = Buffer.allocUnsafe(carry.length + CHUNK_BYTES);
  const buffer = buffers[turn] as Buffer;
  carry.copy(buffer, 0);
  const reading = handle.read(buffer, carry.length, CHUNK_BYTES, position).then(({ bytesRead }) => ({ buffer, bytesRead }));
  // Awaited once the records before it are handed over: a failure meanwhile is no unhandled rejection.
  reading.catch(() => undefined);
  return reading;
}

/**
 * What the scan of one chunk keeps: the next record's line, the settings, the file offset of the
 * chunk's first byte (for the decoder's marks), and the row where the bytes were unsure.
 */
interface ScanState {
  line: number;
  delimiter: number;
  newline: CsvLayout['newline'];
  parser: Papa.Parser;
  fileOffset: number;
  unsureRow: number | undefined;
}

/**
 * Next position at or after `from` of each byte the scan looks for, searched natively and kept
 * until the scan passes it (-1: none left in the chunk; -2: not searched yet).
 */
interface NextPositions {
  quote: number;
  cr: number;
  lf: number;
  crlf: number;
}

function findNext(view: Buffer, cached: number, value: number | Buffer, from: number): number {
  if (cached === -1 || cached >= from) return cached;
  return view.indexOf(value, from);
}

const CRLF = Buffer.from('\r\n');

/**
 * Scans the complete records of `view` (all of them when `final`), pushing each record not
 * skipped to `out`; returns the offset of the first byte not consumed. Sets `state.unsureRow`
 * and stops when a record's boundary is not sure from the bytes.
 */
function scanRecords(view: Buffer, final: boolean, state: ScanState, out: CsvByteRecord[]): number {
  const length = view.length;
  const next: NextPositions = { quote: -2, cr: -2, lf: -2, crlf: -2 };
  // Up to the last ASCII byte the chunk is cut between whole characters: one native check for all
  // its records; per record only when it fails.
  let lastAscii = length - 1;
  while (lastAscii >= 0 && (view[lastAscii] as number) >= 0x80) lastAscii--;
  const validTo = isUtf8(view.subarray(0, lastAscii + 1)) ? lastAscii + 1 : 0;
  let pos = 0;
  while (pos < length) {
    const bounds = findRecordEnd(view, pos, final, state, next);
    if (bounds === NEED_MORE) return pos;
    if (bounds === UNSURE) {
      state.unsureRow = state.line;
      return pos;
    }
    const { end, nextStart } = bounds;
    const row = state.line;
    // Before the line breaks are counted: the searches kept in `next` only move forward.
    const record = buildRecord(view, pos, end, row, end <= validTo, state, next);
    if (record === UNSURE) {
      state.unsureRow = row;
      return pos;
    }
    state.line += countLineBreaks(view, pos, nextStart, next);
    if (record !== undefined) out.push(record);
    pos = nextStart;
  }
  return pos;
}

const NEED_MORE = 0;
const UNSURE = 1;

/**
 * Where the record starting at `pos` ends (before its line break) and the next starts, as
 * papaparse splits it: fields split at the delimiter, the record at the first line break, except
 * inside a field that starts with a quote, which ends at a quote not doubled. A closing quote
 * followed by anything but the delimiter, the line break or the end of the file (papaparse then
 * reports a malformed quote and guesses), or a quote never closed, is `UNSURE`.
 */
function findRecordEnd(view: Buffer, pos: number, final: boolean, state: ScanState, next: NextPositions): { end: number; nextStart: number } | typeof NEED_MORE | typeof UNSURE {
  const length = view.length;
  const newlineLength = state.newline.length;
  const lineEnd = findLineEnd(view, pos, state.newline, next);
  next.quote = findNext(view, next.quote, QUOTE, pos);
  if (next.quote === -1 || (lineEnd !== -1 && next.quote > lineEnd)) {
    if (lineEnd !== -1) return { end: lineEnd, nextStart: lineEnd + newlineLength };
    return final ? { end: length, nextStart: length } : NEED_MORE;
  }
  // A quote before the line end: field by field, as papaparse does.
  let field = pos;
  for (;;) {
    if (view[field] === QUOTE) {
      let quote = field;
      for (;;) {
        quote = view.indexOf(QUOTE, quote + 1);
        if (quote === -1) return final ? UNSURE : NEED_MORE;
        if (quote === length - 1) return final ? { end: length, nextStart: length } : NEED_MORE;
        if (view[quote + 1] === QUOTE) {
          quote++;
          continue;
        }
        break;
      }
      const after = quote + 1;
      if (view[after] === state.delimiter) {
        field = after + 1;
        continue;
      }
      if (matchLineBreak(view, after, state.newline)) return { end: after, nextStart: after + newlineLength };
      if (!final && after + newlineLength > length) return NEED_MORE;
      return UNSURE;
    }
    const delimiter = view.indexOf(state.delimiter, field);
    // Not kept in `next`: a line break inside a quoted field before `field` is still to be counted.
    const newline = view.indexOf(state.newline, field);
    if (delimiter !== -1 && (newline === -1 || delimiter < newline)) {
      field = delimiter + 1;
      continue;
    }
    if (newline !== -1) return { end: newline, nextStart: newline + newlineLength };
    return final ? { end: length, nextStart: length } : NEED_MORE;
  }
}

function findLineEnd(view: Buffer, from: number, newline: CsvLayout['newline'], next: NextPositions): number {
  if (newline === '\n') return (next.lf = findNext(view, next.lf, LF, from));
  if (newline === '\r') return (next.cr = findNext(view, next.cr, CR, from));
  return (next.crlf = findNext(view, next.crlf, CRLF, from));
}

function matchLineBreak(view: Buffer, at: number, newline: CsvLayout['newline']): boolean {
  if (newline === '\n') return view[at] === LF;
  if (newline === '\r') return view[at] === CR;
  return view[at] === CR && view[at + 1] === LF;
}

/**
 * Line breaks from `start` to `end` as the reader counts them (`createLineBreakCounter`): every
 * CR, and every LF that is not right after a CR of the same record.
 */
function countLineBreaks(view: Buffer, start: number, end: number, next: NextPositions): number {
  let count = 0;
  let cr = findNext(view, next.cr, CR, start);
  while (cr !== -1 && cr < end) {
    count++;
    cr = view.indexOf(CR, cr + 1);
  }
  next.cr = cr;
  let lf = findNext(view, next.lf, LF, start);
  while (lf !== -1 && lf < end) {
    if (lf === start || view[lf - 1] !== CR) count++;
    lf = view.indexOf(LF, lf + 1);
  }
  next.lf = lf;
  return count;
}

/**
 * The record `view[start, end)`: as bytes when it holds no quote, CR or LF and is valid UTF-8
 * (`valid`: known from the chunk's check), else decoded as the reader decodes and split by the
 * reader's parser; undefined when every field is empty (the reader skips it), `UNSURE` when the
 * parser finds anything but one clean record.
 */
function buildRecord(view: Buffer, start: number, end: number, row: number, valid: boolean, state: ScanState, next: NextPositions): CsvByteRecord | undefined | typeof UNSURE {
  const quote = findNext(view, next.quote, QUOTE, start);
  next.quote = quote;
  const cr = findNext(view, next.cr, CR, start);
  next.cr = cr;
  const lf = findNext(view, next.lf, LF, start);
  next.lf = lf;
  const inside = (at: number): boolean => at !== -1 && at < end;
  if (!inside(quote) && !inside(cr) && !inside(lf) && (valid || isUtf8(view.subarray(start, end)))) {
    let at = start;
    while (at < end && view[at] === state.delimiter) at++;
    return at === end ? undefined : { row, bytes: view, start, end };
  }
  const text = decodeRecord(view, start, end, state.fileOffset);
  const parsed = state.parser.parse(text, 0, false) as { data: string[][]; errors: unknown[] };
  if (parsed.data.length !== 1 || parsed.errors.length > 0) return UNSURE;
  const fields = parsed.data[0] as string[];
  if (fields.every((field) => field === '')) return undefined;
  return { row, fields, text };
}

function decodeRecord(view: Buffer, start: number, end: number, fileOffset: number): string {
  const bytes = view.subarray(start, end);
  if (isUtf8(bytes)) return bytes.toString('utf8');
  // The reader's decoder: a U+FFFD for each invalid sequence, as in the cells the run read.
  const decoder = createStreamDecoder('utf-8', fileOffset + start);
  return decoder.write(bytes).text + decoder.end().text;
}

/** The reader's text record of a record read as bytes (no quote in it: its fields are its text split at the delimiter). */
export function decodeCsvRecordBytes(record: CsvRecordBytes, delimiter: string): CsvTextRecord {
  const text = record.bytes.toString('utf8', record.start, record.end);
  return { row: record.row, fields: text.split(delimiter), text };
}
