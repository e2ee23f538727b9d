/**
 * The CSV record splitter: the one place that decides where a record ends and how its fields are
 * split, for the reader and for its text mode (the copies). Fields are papaparse's: its `Parser`
 * (the core of `Papa.parse`) splits every record, in step mode, its cursor giving where each one
 * ends. Line endings are taken per record: CRLF, LF and CR alone each end a record wherever they
 * stand outside quotes, so a file whose lines end one way and then another (a catalog pasted
 * together, a CRLF export edited on a Mac) loses no row and keeps no stray CR in a value.
 *
 * papaparse takes one line break for all of its input, so the text is given to it with one:
 * - CRLF only (an Excel export): `newline: '\r\n'`.
 * - no CR alone in it (LF, or LF and CRLF): `newline: '\n'`. The CR of a CRLF is then text before
 *   the LF: papaparse drops it after a closing quote (whitespace there is trimmed) and we take it
 *   off an unquoted last field, and the record's `end` is set before it.
 * - CRs alone and no LF: `newline: '\r'`.
 * - CRs alone and LFs: every CR alone is made an LF in a copy of the text of the same length
 *   (offsets stay the text's), parsed with `newline: '\n'`. Re-splitting records on a CR alone afterwards would
 *   not do: a quoted field closed right before a CR alone is a misplaced quote to a parser
 *   breaking at LF, and it goes on to the next quote, taking in the records in between. A record
 *   whose own text holds a CR alone (only inside quotes: outside it ended the record) is parsed
 *   again from the original text, so its quoted values keep that CR.
 */
import Papa from 'papaparse';

/** A quoting fault in a record, named as papaparse names it (the reader's issue wording depends on it). */
export interface CsvRecordError {
  code: 'MissingQuotes' | 'InvalidQuotes';
  message: string;
}

/** One record as split: where it stands in the text and what it holds. */
export interface CsvSplitRecord {
  fields: string[];
  /** Faults found in it; usually none (then the same empty array every time). */
  errors: CsvRecordError[];
  /** First character of the record. */
  start: number;
  /** End of the record's own text: its line break starts here (or the text ends). */
  end: number;
  /** First character after its line break: where the next record starts. */
  next: number;
}

/**
 * Splits the complete records of `text` from `from` on, calling `onRecord` for each; returns where
 * the first record not complete starts (`text.length` when all were). Unless `final`, a record is
 * complete only when its line break is seen whole (a CR at the very end may be the first half of
 * a CRLF); with `final` the end of the text ends the last record, and a quote never closed takes
 * the rest of the text into its field (`MissingQuotes`).
 */
type CsvRecordSplitter = (text: string, from: number, final: boolean, onRecord: (record: CsvSplitRecord) => void) => number;

const QUOTE = 34;
const CR = 13;
const LF = 10;
const NO_ERRORS: CsvRecordError[] = [];
const BARE_CR = /\r(?!\n)/g;

/** What papaparse's `Parser` gives its step function: the one row of this step, its errors, and the cursor after it. */
interface ParserStep {
  data: string[][];
  errors: { code: string; message: string }[];
  meta: { cursor: number };
}

/** Creates a splitter for `delimiter` (one or more characters, never a quote or a line break). */
export function createCsvRecordSplitter(delimiter: string): CsvRecordSplitter {
  // The parsers are made once; each `parse` starts afresh, and their step calls `onStep`.
  let onStep: (result: ParserStep) => void = () => undefined;
  const step = (result: Papa.ParseStepResult<string[]>): void => onStep(result as unknown as ParserStep);
  const byLf = new Papa.Parser({ delimiter, newline: '\n', quoteChar: '"', step });
  const byCr = new Papa.Parser({ delimiter, newline: '\r', quoteChar: '"', step });
  const byCrlf = new Papa.Parser({ delimiter, newline: '\r\n', quoteChar: '"', step });
  const oneRecord = new Papa.Parser({ delimiter, newline: '\n', quoteChar: '"' });
  const record: CsvSplitRecord = { fields: [], errors: NO_ERRORS, start: 0, end: 0, next: 0 };

  return (text, from, final, onRecord) => {
    // A CR ending the text may be the first half of a CRLF: the record it ends waits for more text.
    const stop = !final && text.charCodeAt(text.length - 1) === CR ? text.length - 1 : text.length;
    if (stop <= from) return from;
    const input = from === 0 && stop === text.length ? text : text.slice(from, stop);
    const firstBareCr = input.includes('\r') ? findBareCr(input, 0) : -1;
    const mixed = firstBareCr !== -1 && input.includes('\n');
    const parsed = mixed ? input.replace(BARE_CR, '\n') : input;
    const newline = firstBareCr === -1 || mixed ? LF : CR;
    // CRLF only: papaparse splits at CRLF itself, sparing a CR taken off the last field of every record.
    const crlfOnly = firstBareCr === -1 && input.includes('\r') && !hasBareLf(input);
    const breakLength = crlfOnly ? 2 : 1;
    let nextBareCr = mixed ? firstBareCr : -1;
    let start = 0;
    onStep = (result) => {
      const next = result.meta.cursor;
      // papaparse gives an empty row after a line break that ends the text: no record is there.
      if (start >= input.length) return;
      let fields = result.data[0] ?? [''];
      let errors = result.errors.length === 0 ? NO_ERRORS : result.errors.map(toRecordError);
      // A record ends at its line break, or at the end of the text (its last record, or a quote never closed).
      let end = next;
      if (next > start && parsed.charCodeAt(next - 1) === newline && !errors.some((error) => error.code === 'MissingQuotes')) end = next - breakLength;
      const crlf = !crlfOnly && end < next && input.charCodeAt(end) === LF && end > start && input.charCodeAt(end - 1) === CR;
      if (crlf) end--;
      if (mixed) {
        while (nextBareCr !== -1 && nextBareCr < start) nextBareCr = findBareCr(input, nextBareCr + 1);
        if (nextBareCr !== -1 && nextBareCr < end) {
          const again = oneRecord.parse(input.slice(start, end), 0, false) as { data: string[][]; errors: ParserStep['errors'] };
          // One record by construction; were it not, the values with the CR made an LF lose nothing.
          if (again.data.length === 1 && again.data[0] !== undefined) {
            fields = again.data[0];
            errors = again.errors.length === 0 ? NO_ERRORS : again.errors.map(toRecordError);
          }
        } else if (crlf) removeCrOfCrlf(fields, parsed, start, end, delimiter);
      } else if (crlf) removeCrOfCrlf(fields, parsed, start, end, delimiter);
      record.fields = fields;
      record.errors = errors;
      record.start = from + start;
      record.end = from + end;
      record.next = from + next;
      start = next;
      onRecord(record);
    };
    try {
      (crlfOnly ? byCrlf : newline === LF ? byLf : byCr).parse(parsed, 0, !final);
    } finally {
      onStep = () => undefined;
    }
    return from + (final ? input.length : start);
  };
}

/** First CR at or after `at` that is not followed by an LF (-1: none). */
function findBareCr(text: string, at: number): number {
  let cr = text.indexOf('\r', at);
  while (cr !== -1 && text.charCodeAt(cr + 1) === LF) cr = text.indexOf('\r', cr + 2);
  return cr;
}

/** Whether an LF in `text` has no CR before it. */
function hasBareLf(text: string): boolean {
  for (let lf = text.indexOf('\n'); lf !== -1; lf = text.indexOf('\n', lf + 1)) if (text.charCodeAt(lf - 1) !== CR) return true;
  return false;
}

/**
 * Takes the CR of the record's CRLF (at `end`) off its last field when papaparse left it there:
 * when that field is unquoted, so its text runs from after a delimiter (or the record's start)
 * up to the LF. A quoted last field has no such CR (papaparse drops whitespace after a closing
 * quote), though its value may end in a CR of its own.
 */
function removeCrOfCrlf(fields: string[], parsed: string, start: number, end: number, delimiter: string): void {
  const last = fields[fields.length - 1];
  if (last === undefined || last.charCodeAt(last.length - 1) !== CR) return;
  const fieldStart = end + 1 - last.length;
  if (fieldStart < start || parsed.charCodeAt(fieldStart) === QUOTE) return;
  if (fieldStart > start && !parsed.startsWith(delimiter, fieldStart - delimiter.length)) return;
  if (!parsed.startsWith(last, fieldStart)) return;
  fields[fields.length - 1] = last.slice(0, -1);
}

function toRecordError(error: { code: string; message: string }): CsvRecordError {
  return { code: error.code === 'MissingQuotes' ? 'MissingQuotes' : 'InvalidQuotes', message: error.message };
}
