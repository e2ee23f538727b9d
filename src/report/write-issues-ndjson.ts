/**
 * Writes `issues.ndjson`: every issue of a run, one JSON object a line, sorted as `summary.json`
 * sorts them (`compareIssues`), duplicates dropped. Row issues are streamed from the outcome store
 * in row order (from the spill on disk in a dry run), so memory holds one row's issues; what stays
 * in memory is the digest for `summary.json` and the terminal: counts and the first examples of
 * each code.
 */
import { open } from 'node:fs/promises';
import { compareIssues, type Issue, type Severity } from '../core/issue.js';

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
  /** The first `examplesPerCode` issues of each code, in `compareIssues` order. */
  examples: Issue[];
  examplesPerCode: number;
  /** True when `examples` holds every issue. */
  complete: boolean;
}

/** Options of `writeIssuesNdjson`. */
export interface WriteIssuesNdjsonOptions {
  path: string;
  /** Issues of no row, or kept apart from the rows (file, mapping, product level): few, in memory. */
  otherIssues: readonly Issue[];
  /** Row issues by row (within a row in any order). */
  rowIssues: Iterable<Issue>;
  examplesPerCode?: number;
}

const FLUSH_CHARS = 1 << 20;

/** Writes the file and returns the digest. */
export async function writeIssuesNdjson(options: WriteIssuesNdjsonOptions): Promise<IssueDigest> {
  const examplesPerCode = options.examplesPerCode ?? DEFAULT_EXAMPLES_PER_CODE;
  const digest: IssueDigest = {
    total: 0,
    bySeverity: { error: 0, warning: 0 },
    byCode: {},
    bySeverityAndCode: { error: {}, warning: {} },
    examples: [],
    examplesPerCode,
    complete: true,
  };
  const others = dropDuplicates(options.otherIssues).sort(compareIssues);
  const handle = await open(options.path, 'w', 0o600);
  let buffer = '';
  const emit = async (issue: Issue, json = JSON.stringify(issue)): Promise<void> => {
    const count = (digest.byCode[issue.code] ?? 0) + 1;
    digest.byCode[issue.code] = count;
    digest.bySeverity[issue.severity] += 1;
    const bySeverity = digest.bySeverityAndCode[issue.severity];
    bySeverity[issue.code] = (bySeverity[issue.code] ?? 0) + 1;
    digest.total += 1;
    if (count <= examplesPerCode) digest.examples.push(issue);
    else digest.complete = false;
    buffer += `${json}\n`;
    if (buffer.length >= FLUSH_CHARS) {
      await handle.write(buffer);
      buffer = '';
    }
  };
  try {
    let next = 0;
    const emitRow = async (row: { issue: Issue; json: string }[]): Promise<void> => {
      if (row.length > 1) row.sort((a, b) => compareIssues(a.issue, b.issue));
      for (const { issue, json } of row) {
        while (next < others.length && compareIssues(others[next] as Issue, issue) <= 0) await emit(others[next++] as Issue);
        await emit(issue, json);
      }
    };
    // Duplicates are always of one row: a set per row finds them without keeping the file's
    // issues. The issues of a row are made by the same code, so their JSON is their identity.
    let current: { issue: Issue; json: string }[] = [];
    let currentRow: number | undefined;
    const seen = new Set<string>();
    for (const issue of options.rowIssues) {
      if (issue.row !== currentRow) {
        await emitRow(current);
        current = [];
        seen.clear();
        currentRow = issue.row;
      }
      const json = JSON.stringify(issue);
      if (seen.has(json)) continue;
      seen.add(json);
      current.push({ issue, json });
    }
    await emitRow(current);
    while (next < others.length) await emit(others[next++] as Issue);
    if (buffer !== '') await handle.write(buffer);
  } finally {
    await handle.close();
  }
  digest.byCode = sortKeys(digest.byCode);
  digest.bySeverityAndCode = { error: sortKeys(digest.bySeverityAndCode.error), warning: sortKeys(digest.bySeverityAndCode.warning) };
  return digest;
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
