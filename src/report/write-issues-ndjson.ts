/**
 * Writes `issues.ndjson`: every issue of a run, one JSON object a line, sorted as `summary.json`
 * sorts them (`compareIssues`), duplicates dropped. Row issues are streamed from the outcome store
 * a row at a time (from the spill on disk), so memory holds one row's issues; what stays in memory
 * is the digest for `summary.json` and the terminal: counts and the first examples of each code.
 */
import { compareIssues, type Issue, type Severity } from '../core/issue.js';
import { createIssueLine, readIssueLine, type IssueLine, type IssueLineKey } from '../pipeline/scratch/open-issue-spill.js';
import { dedupeIssues, sortKeys } from './sort-keys.js';
import { openBatchedFileOutput } from './open-batched-file-output.js';

/** Examples of each code kept in `summary.json` by default; every issue is in `issues.ndjson`. */
const DEFAULT_EXAMPLES_PER_CODE = 100;

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

/** Options of `writeIssuesNdjson`. */
interface WriteIssuesNdjsonOptions {
  path: string;
  /** Issues of no row, or kept apart from the rows (file, mapping, product level): few, in memory. */
  otherIssues: readonly Issue[];
  /**
   * Row issues as their lines (`JSON.stringify` of each, as the spill stores them), one list per
   * row, rows in order (within a row in any order; an issue may name another row than its list's,
   * as one of its product's, as long as the list comes after that row's); a list is written before
   * the next is asked for.
   */
  rowLists: Iterable<readonly IssueLine[]>;
  examplesPerCode?: number;
}

/** The column key of an issue of no column in `byCodeAndColumn`. */
export const NO_COLUMN = '-';

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
  const others = dedupeIssues(options.otherIssues).map((issue) => createIssueLine(issue)).sort((a, b) => compareIssues(a.key, b.key));
  const output = openBatchedFileOutput(options.path);
  /** Counts an issue; true when it is kept as an example. */
  const count = (issue: IssueLineKey): boolean => {
    const { code, severity } = issue;
    const byColumn = (digest.byCodeAndColumn[code] ??= {});
    const columnKey = issue.column ?? NO_COLUMN;
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
  // Not async: a promise per issue (a million in a file where every row is wrong) only to wait for
  // the disk now and then. The lines' bytes are copied into the output's batch, not joined into a string.
  const emit = (line: IssueLine): Promise<void> | undefined => {
    output.checkFailure();
    if (count(line.key)) digest.examples.push(readIssueLine(line));
    output.putBytes(line.bytes, line.start, line.end);
    output.putByte(0x0a);
    return output.settle();
  };
  try {
    let next = 0;
    for (const row of options.rowLists) {
      for (const line of sortLines(row)) {
        // On a tie the row issue goes first, as the one sort of the whole list did.
        while (next < others.length && compareIssues((others[next] as IssueLine).key, line.key) < 0) await emit(others[next++] as IssueLine);
        const flushed = emit(line);
        if (flushed !== undefined) await flushed;
      }
    }
    while (next < others.length) await emit(others[next++] as IssueLine);
    await output.close();
  } catch (error) {
    await output.destroy();
    throw error;
  }
  digest.byCode = sortKeys(digest.byCode);
  digest.bySeverityAndCode = { error: sortKeys(digest.bySeverityAndCode.error), warning: sortKeys(digest.bySeverityAndCode.warning) };
  digest.byCodeAndColumn = sortKeys(digest.byCodeAndColumn);
  return digest;
}

/**
 * A row's issues as lines, repeats dropped, sorted by `compareIssues` (stably). Repeats are always
 * of one row: the issues of a row are made by the same code, so their JSON is their identity.
 */
function sortLines(row: readonly IssueLine[]): IssueLine[] {
  const lines: IssueLine[] = [];
  // A row has a few issues: compared pairwise, past that through a set of their bytes as text.
  const seen = row.length > PAIRWISE_LIMIT ? new Set<string>() : undefined;
  for (const line of row) {
    if (seen === undefined) {
      if (lines.some((kept) => haveSameBytes(kept, line))) continue;
    } else {
      const text = line.bytes.toString('latin1', line.start, line.end);
      if (seen.has(text)) continue;
      seen.add(text);
    }
    lines.push(line);
  }
  if (lines.length > 1) lines.sort((a, b) => compareIssues(a.key, b.key));
  return lines;
}

function haveSameBytes(a: IssueLine, b: IssueLine): boolean {
  return a.end - a.start === b.end - b.start && a.bytes.compare(b.bytes, b.start, b.end, a.start, a.end) === 0;
}
