/**
 * Writes `issues.ndjson`: every issue of a run, one JSON object a line, sorted as `summary.json`
 * sorts them (`compareIssues`), duplicates dropped. Row issues are streamed from the outcome store
 * in row order (from the spill on disk), so memory holds one row's issues; what stays in memory is
 * the digest for `summary.json` and the terminal: counts and the first examples of each code.
 * Spilled issues come as records — sort fields and their JSON bytes — which are copied to the file
 * as they are: an issue is parsed only to be kept as an example (a file where every row is wrong
 * has millions; parsing and writing each again was most of the cost of this file).
 */
import { open } from 'node:fs/promises';
import { compareIssues, type Issue, type Severity } from '../core/issue.js';
import { startAtomicFile } from './start-atomic-file.js';

/** Examples of each code kept in `summary.json` by default; every issue is in `issues.ndjson`. */
export const DEFAULT_EXAMPLES_PER_CODE = 100;

/** What `summary.json` keeps of the issues. */
export interface IssueDigest {
  /** Issues written (after dropping duplicates). */
  total: number;
  bySeverity: Record<Severity, number>;
  byCode: Record<string, number>;
  /** Issues per code, for each severity (a code such as `kazakh_text_missing` can be either). */
  bySeverityAndCode: Record<Severity, Record<string, number>>;
  /** Issues per code and column letter (`-` for issues of no column): which columns a code is about. */
  byCodeAndColumn: Record<string, Record<string, number>>;
  /** The first `examplesPerCode` issues of each code, in `compareIssues` order. */
  examples: Issue[];
  examplesPerCode: number;
  /** True when `examples` holds every issue. */
  complete: boolean;
}

/**
 * One row issue as the writer takes it: the fields it is sorted (`compareIssues`) and counted by,
 * and its JSON line, `bytes[start, end)` (`JSON.stringify` of the issue, as UTF-8). A spill on disk
 * hands these out without making issue objects; the writer copies the bytes as they are.
 */
export interface IssueRecord {
  file?: string | undefined;
  sheet?: string | undefined;
  row?: number | undefined;
  column?: string | undefined;
  code: string;
  severity: Severity;
  bytes: Buffer;
  start: number;
  end: number;
}

/** Options of `writeIssuesNdjson`. */
export interface WriteIssuesNdjsonOptions {
  path: string;
  /** Issues of no row, or kept apart from the rows (file, mapping, product level): few, in memory. */
  otherIssues: readonly Issue[];
  /**
   * Row issues, one list per row, rows in order (within a row in any order). A list may be
   * reused for the next row once the writer asks for it.
   */
  rowRecords?: Iterable<IssueRecord[]>;
  /** Row issues as objects, by row (within a row in any order): for callers without records. */
  rowIssues?: Iterable<Issue>;
  examplesPerCode?: number;
}

/** The column key of an issue of no column in `byCodeAndColumn`. */
export const NO_COLUMN = '-';

const OUT_BYTES = 1 << 20;
// Past this many issues on a row, duplicates are found with a set instead of comparing each pair,
// and the row is sorted by `Array#sort` instead of an insertion sort (`sortRecords`).
const PAIRWISE_LIMIT = 16;

/** Writes the file and returns the digest. */
export async function writeIssuesNdjson(options: WriteIssuesNdjsonOptions): Promise<IssueDigest> {
  const examplesPerCode = options.examplesPerCode ?? DEFAULT_EXAMPLES_PER_CODE;
  const digest: IssueDigest = {
    total: 0,
    bySeverity: { error: 0, warning: 0 },
    byCode: {},
    bySeverityAndCode: { error: {}, warning: {} },
    byCodeAndColumn: {},
    examples: [],
    examplesPerCode,
    complete: true,
  };
  const others = dropDuplicates(options.otherIssues).sort(compareIssues);
  const file = startAtomicFile(options.path);
  const handle = await open(file.tempPath, 'w', 0o600);
  let complete = false;
  let out: Buffer = Buffer.allocUnsafe(OUT_BYTES);
  let used = 0;
  // Two buffers: the next megabyte is put together while the last one is written. The second is made
  // at the first flush (a small file needs none); one grown for a record over a megabyte is not kept.
  let spare: Buffer | undefined;
  let writing: Promise<unknown> | undefined;
  const flush = async (): Promise<void> => {
    await writing;
    writing = undefined;
    if (used === 0) return;
    const full = out;
    writing = handle.write(full, 0, used);
    out = spare ?? Buffer.allocUnsafe(OUT_BYTES);
    spare = full.length === OUT_BYTES ? full : undefined;
    used = 0;
  };
  /** Counts an issue; true when it is kept as an example (then its object is wanted). */
  const count = (code: string, severity: Severity, column: string | undefined): boolean => {
    const byColumn = (digest.byCodeAndColumn[code] ??= {});
    const columnKey = column ?? NO_COLUMN;
    byColumn[columnKey] = (byColumn[columnKey] ?? 0) + 1;
    const n = (digest.byCode[code] ?? 0) + 1;
    digest.byCode[code] = n;
    digest.bySeverity[severity] += 1;
    const bySeverity = digest.bySeverityAndCode[severity];
    bySeverity[code] = (bySeverity[code] ?? 0) + 1;
    digest.total += 1;
    if (n <= examplesPerCode) return true;
    digest.complete = false;
    return false;
  };
  const emitIssue = async (issue: Issue): Promise<void> => {
    if (count(issue.code, issue.severity, issue.column)) digest.examples.push(issue);
    const json = `${JSON.stringify(issue)}\n`;
    // A UTF-16 unit is at most 3 bytes of UTF-8.
    if (used + json.length * 3 > out.length) {
      await flush();
      if (json.length * 3 > out.length) out = Buffer.allocUnsafe(json.length * 3);
    }
    used += out.write(json, used);
  };
  // Copied without a view of the record's bytes: a new object per issue (a million in a file where every row is wrong) for the collector.
  const putRecord = (record: IssueRecord): void => {
    used += record.bytes.copy(out, used, record.start, record.end);
    out[used++] = 0x0a;
  };
  // Not async: a promise per issue (200,000 for a file where every row is wrong) only to wait for
  // a flush every megabyte.
  const emitRecord = (record: IssueRecord): Promise<void> | undefined => {
    const { bytes, start, end } = record;
    if (count(record.code, record.severity, record.column)) digest.examples.push(JSON.parse(bytes.toString('utf8', start, end)) as Issue);
    const length = end - start + 1;
    if (used + length <= out.length) {
      putRecord(record);
      return undefined;
    }
    return flush().then(() => {
      if (length > out.length) out = Buffer.allocUnsafe(length);
      putRecord(record);
    });
  };
  try {
    let next = 0;
    for (const row of options.rowRecords ?? recordsOf(options.rowIssues ?? [])) {
      const kept = dropRepeats(row);
      if (kept.length > 1) sortRecords(kept);
      for (const record of kept) {
        // On a tie the row issue goes first, as the one sort of the whole list did.
        while (next < others.length && compareIssues(others[next] as Issue, record) < 0) await emitIssue(others[next++] as Issue);
        const flushed = emitRecord(record);
        if (flushed !== undefined) await flushed;
      }
    }
    while (next < others.length) await emitIssue(others[next++] as Issue);
    await flush();
    await writing;
    complete = true;
  } finally {
    // Failed elsewhere: the write under way ends before the file closes (its own failure is not the one reported).
    await writing?.catch(() => undefined);
    await handle.close();
    if (!complete) await file.discard();
  }
  await file.commit();
  digest.byCode = sortKeys(digest.byCode);
  digest.bySeverityAndCode = { error: sortKeys(digest.bySeverityAndCode.error), warning: sortKeys(digest.bySeverityAndCode.warning) };
  digest.byCodeAndColumn = sortKeys(digest.byCodeAndColumn);
  return digest;
}

/**
 * The issues of each row as records (their JSON made here), a list per row: for issues held as
 * objects (an import's, tests).
 */
export function* recordsOf(issues: Iterable<Issue>): IterableIterator<IssueRecord[]> {
  let current: IssueRecord[] = [];
  let currentRow: number | undefined;
  for (const issue of issues) {
    if (issue.row !== currentRow && current.length > 0) {
      yield current;
      current = [];
    }
    currentRow = issue.row;
    current.push(recordOf(issue));
  }
  if (current.length > 0) yield current;
}

/** An issue as a record, its JSON made here. */
export function recordOf(issue: Issue): IssueRecord {
  const bytes = Buffer.from(JSON.stringify(issue), 'utf8');
  return { file: issue.file, sheet: issue.sheet, row: issue.row, column: issue.column, code: issue.code, severity: issue.severity, bytes, start: 0, end: bytes.length };
}

/**
 * Sorts a row's records by `compareIssues`, stably, as `Array#sort` does: a row has a few, and
 * `Array#sort` allocates per call (half a million rows in a file where every row is wrong).
 */
function sortRecords(records: IssueRecord[]): void {
  if (records.length > PAIRWISE_LIMIT) {
    records.sort(compareIssues);
    return;
  }
  for (let i = 1; i < records.length; i += 1) {
    const record = records[i] as IssueRecord;
    let j = i;
    while (j > 0 && compareIssues(records[j - 1] as IssueRecord, record) > 0) {
      records[j] = records[j - 1] as IssueRecord;
      j -= 1;
    }
    records[j] = record;
  }
}

/** Whether `record` repeats one of the first `before` records of `row` (same JSON). */
function repeatsEarlier(row: IssueRecord[], before: number, record: IssueRecord): boolean {
  const length = record.end - record.start;
  for (let j = 0; j < before; j += 1) {
    const earlier = row[j] as IssueRecord;
    if (earlier.end - earlier.start === length && earlier.bytes.compare(record.bytes, record.start, record.end, earlier.start, earlier.end) === 0) return true;
  }
  return false;
}

/**
 * The row's issues without repeats, in the order given. Duplicates are always of one row: the
 * issues of a row are made by the same code, so their JSON is their identity.
 */
function dropRepeats(row: IssueRecord[]): IssueRecord[] {
  if (row.length < 2) return row;
  if (row.length > PAIRWISE_LIMIT) {
    const seen = new Set<string>();
    return row.filter((record) => {
      const text = record.bytes.toString('latin1', record.start, record.end);
      if (seen.has(text)) return false;
      seen.add(text);
      return true;
    });
  }
  let kept = row;
  for (let i = 1; i < row.length; i += 1) {
    const record = row[i] as IssueRecord;
    const repeated = repeatsEarlier(row, i, record);
    if (repeated && kept === row) kept = row.slice(0, i);
    else if (!repeated && kept !== row) kept.push(record);
  }
  return kept;
}

function dropDuplicates(issues: readonly Issue[]): Issue[] {
  const seen = new Set<string>();
  const out: Issue[] = [];
  for (const issue of issues) {
    const key = canonicalKey(issue);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(issue);
  }
  return out;
}

/** The issue as JSON with sorted keys: two issues with the same fields are the same issue. */
function canonicalKey(issue: Issue): string {
  return JSON.stringify(sortKeys(issue as unknown as Record<string, unknown>));
}

function sortKeys<T>(record: Readonly<Record<string, T>>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const key of Object.keys(record).sort()) out[key] = record[key] as T;
  return out;
}
