/**
 * The CSV record splitter: the one place that decides where a record ends and how its fields are
 * split, for the reader and for its text mode (the copies). Line endings are taken per record:
 * CRLF, LF and CR alone each end a record wherever they stand outside quotes, so a file whose
 * lines end one way and then another (a catalog pasted together, a CRLF export edited on a Mac)
 * loses no row and keeps no stray CR in a value. A field that starts with a quote runs to the
 * quote not doubled that closes it, line breaks inside included; a quote elsewhere is a character.
 */

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
export type CsvRecordSplitter = (text: string, from: number, final: boolean, onRecord: (record: CsvSplitRecord) => void) => number;

const QUOTE = 34;
const CR = 13;
const LF = 10;
const NO_ERRORS: CsvRecordError[] = [];

/** Creates a splitter for `delimiter` (one or more characters, never a quote or a line break). */
export function createCsvRecordSplitter(delimiter: string): CsvRecordSplitter {
  const delimiterLength = delimiter.length;
  return (text, from, final, onRecord) => {
    const length = text.length;
    // Next position at or after the last record's start of each character looked for, searched
    // natively and kept until a record passes it (-1: none left; -2: not searched yet).
    let nextQuote = -2;
    let nextCr = text.includes('\r') ? -2 : -1;
    let nextLf = -2;
    const findLineEnd = (at: number): number => {
      if (nextCr !== -1 && nextCr < at) nextCr = text.indexOf('\r', at);
      if (nextLf !== -1 && nextLf < at) nextLf = text.indexOf('\n', at);
      if (nextCr === -1) return nextLf;
      if (nextLf === -1) return nextCr;
      return nextCr < nextLf ? nextCr : nextLf;
    };
    // Length of the line break at `at` (a CR or LF), 0 when it may be a CRLF cut by the text's end.
    const measureBreak = (at: number): number => {
      if (text.charCodeAt(at) !== CR) return 1;
      if (at + 1 < length) return text.charCodeAt(at + 1) === LF ? 2 : 1;
      return final ? 1 : 0;
    };
    const record: CsvSplitRecord = { fields: [], errors: NO_ERRORS, start: 0, end: 0, next: 0 };
    let pos = from;
    while (pos < length) {
      const lineEnd = findLineEnd(pos);
      if (nextQuote !== -1 && nextQuote < pos) nextQuote = text.indexOf('"', pos);
      let fields: string[];
      let end: number;
      let errors = NO_ERRORS;
      if (nextQuote === -1 || (lineEnd !== -1 && nextQuote > lineEnd)) {
        // No quote in the record (nearly every record of a catalog): one native split.
        if (lineEnd === -1 && !final) return pos;
        end = lineEnd === -1 ? length : lineEnd;
        fields = text.slice(pos, end).split(delimiter);
      } else {
        const split = splitQuotedRecord(text, pos, final, delimiter, delimiterLength, findLineEnd);
        if (split === undefined) return pos;
        ({ fields, end, errors } = split);
      }
      let next = end;
      if (end < length) {
        const breakLength = measureBreak(end);
        if (breakLength === 0) return pos;
        next = end + breakLength;
      }
      record.fields = fields;
      record.errors = errors;
      record.start = pos;
      record.end = end;
      record.next = next;
      onRecord(record);
      pos = next;
    }
    return pos;
  };
}

/**
 * Splits a record holding a quote field by field; undefined when it is not complete in `text`
 * (and not `final`). A quoted field's closing quote followed by other text than the delimiter or a
 * line break is `InvalidQuotes`: the text up to the next delimiter or line break is kept after the
 * field's value, as spreadsheets read it.
 */
function splitQuotedRecord(
  text: string,
  pos: number,
  final: boolean,
  delimiter: string,
  delimiterLength: number,
  findLineEnd: (at: number) => number,
): { fields: string[]; end: number; errors: CsvRecordError[] } | undefined {
  const length = text.length;
  const fields: string[] = [];
  let errors = NO_ERRORS;
  let field = pos;
  for (;;) {
    let value = '';
    let at = field;
    if (text.charCodeAt(field) === QUOTE) {
      const quoted = readQuotedValue(text, field, final);
      if (quoted === undefined) return undefined;
      if (quoted.closed === -1) {
        fields.push(quoted.value);
        return { fields, end: length, errors: [{ code: 'MissingQuotes', message: 'Quoted field unterminated' }] };
      }
      value = quoted.value;
      at = quoted.closed + 1;
      if (at >= length) {
        if (!final) return undefined;
        fields.push(value);
        return { fields, end: length, errors };
      }
      const code = text.charCodeAt(at);
      if (text.startsWith(delimiter, at)) {
        fields.push(value);
        field = at + delimiterLength;
        continue;
      }
      if (code === CR || code === LF) {
        fields.push(value);
        return { fields, end: at, errors };
      }
      errors = [...errors, { code: 'InvalidQuotes', message: 'Trailing quote on quoted field is malformed' }];
    }
    // An unquoted field, or the rest of a malformed quoted one: up to the delimiter or line break.
    const delimiterAt = text.indexOf(delimiter, at);
    const lineEnd = findLineEnd(at);
    if (delimiterAt !== -1 && (lineEnd === -1 || delimiterAt < lineEnd)) {
      fields.push(value + text.slice(at, delimiterAt));
      field = delimiterAt + delimiterLength;
      continue;
    }
    if (lineEnd === -1 && !final) return undefined;
    const end = lineEnd === -1 ? length : lineEnd;
    fields.push(value + text.slice(at, end));
    return { fields, end, errors };
  }
}

/**
 * The value of the quoted field opening at `open`, doubled quotes made single, and its closing
 * quote (-1: never closed, the rest of the text taken, only when `final`); undefined when the
 * closing quote is not in `text` yet, or is its last character (it may be the first of a pair).
 */
function readQuotedValue(text: string, open: number, final: boolean): { value: string; closed: number } | undefined {
  const length = text.length;
  let from = open + 1;
  let doubled = false;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote === -1) {
      if (!final) return undefined;
      const rest = text.slice(open + 1);
      return { value: doubled ? rest.replaceAll('""', '"') : rest, closed: -1 };
    }
    if (quote + 1 >= length && !final) return undefined;
    if (text.charCodeAt(quote + 1) === QUOTE) {
      doubled = true;
      from = quote + 2;
      continue;
    }
    const inner = text.slice(open + 1, quote);
    return { value: doubled ? inner.replaceAll('""', '"') : inner, closed: quote };
  }
}
