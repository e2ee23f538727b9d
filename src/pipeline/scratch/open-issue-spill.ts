/**
 * Where the issues of a run's rows go as they are found, instead of memory: a scratch file (0600,
 * deleted when closed) of NDJSON, one issue a line (`JSON.stringify` of the issue), appended in the
 * order the issues come. A file where every row is wrong holds millions of issues; memory then
 * holds, per issue, where its line is, the next issue of its row and its key (typed arrays, 24 bytes), and
 * per row its first and last issue (8 bytes) — not the issues. The report stage reads a row's issues
 * back by these offsets (the annotated copy, `rejected-rows.csv`) or every row in order
 * (`issues.ndjson`, `--json`).
 *
 * Rows come in file order, so a row's issues are mostly next to each other and next to the rows
 * around it: reading in row order walks the file forward through a window of a megabyte.
 *
 * `issues.ndjson` is written from the lines as stored, not from issues read back: what it counts
 * and sorts by (file, sheet, row, column, code, severity) is kept per issue when it is added (an
 * id into a table of the few distinct sets of those fields, and the row), so that writing a
 * million issues costs a copy of their bytes, not a decode and a `JSON.parse` each.
 */
import type { Issue, IssueOrderFields, Severity } from '../../core/issue.js';
import { openSpillByteFile } from './spill-byte-file.js';

/** Issues of rows, spilled to disk. */
export interface IssueSpill {
  /** Adds an issue of source row `row`. */
  add(row: number, issue: Issue): void;
  /** Every issue of one row, in the order added (do not change the list: asking again for the same row gives the same one). */
  issuesOf(row: number): Issue[];
  /** Removes the issues of `row` that `predicate` picks; returns them. */
  remove(row: number, predicate: (issue: Issue) => boolean): Issue[];
  /**
   * Every row's issues as their lines as stored (`JSON.stringify` of each), a list per row that
   * has any, rows in order (each in the order added): what `issues.ndjson` is written from. A
   * list's bytes are valid until the next list is asked for.
   */
  rows(): IterableIterator<IssueLine[]>;
  /** Closes and deletes the file. */
  close(): void;
}

/** What `issues.ndjson` counts and sorts an issue by. */
export interface IssueLineKey extends IssueOrderFields {
  severity: Severity;
}

/**
 * An issue as `issues.ndjson` writes it: its line (`JSON.stringify` of it, as the spill stores it),
 * UTF-8 in `bytes[start, end)` without the line break, and what the list counts and sorts it by.
 */
export interface IssueLine {
  key: IssueLineKey;
  bytes: Buffer;
  start: number;
  end: number;
}

/** The line of an issue held in memory (issues of no row, a run without a spill). */
export function createIssueLine(issue: Issue): IssueLine {
  const bytes = Buffer.from(JSON.stringify(issue), 'utf8');
  return { key: issue, bytes, start: 0, end: bytes.length };
}

/** The issue of a line (the few the summary keeps as examples). */
export function readIssueLine(line: IssueLine): Issue {
  return JSON.parse(line.bytes.toString('utf8', line.start, line.end)) as Issue;
}

const NONE = -1;

/**
 * Where each issue's line is and how the issues of a row are linked, in typed arrays grown by
 * doubling: per issue its byte offset and length in the file, the next issue of its row; per row
 * its first and last issue (NONE when it has none).
 */
interface IssueTable {
  offsets: Float64Array;
  lengths: Int32Array;
  nexts: Int32Array;
  /** Per issue, its `IssueLineKey` without the row (an index into the spill's keys) and its row (`row ?? 0`, as `compareIssues` orders). */
  keyIds: Int32Array;
  issueRows: Int32Array;
  heads: Int32Array;
  tails: Int32Array;
  entries: number;
  maxRow: number;
}

function createIssueTable(): IssueTable {
  return {
    offsets: new Float64Array(1024),
    lengths: new Int32Array(1024),
    nexts: new Int32Array(1024),
    keyIds: new Int32Array(1024),
    issueRows: new Int32Array(1024),
    heads: new Int32Array(1024).fill(NONE),
    tails: new Int32Array(1024).fill(NONE),
    entries: 0,
    maxRow: -1,
  };
}

/** Adds the line at `offset` (`length` bytes) as the last issue of `row`, with its key (`keyId`, `issueRow`). */
function appendEntry(table: IssueTable, row: number, offset: number, length: number, keyId: number, issueRow: number): void {
  if (table.entries === table.offsets.length) {
    const size = table.offsets.length * 2;
    table.offsets = growArray(table.offsets, size, 0);
    table.lengths = growArray(table.lengths, size, 0);
    table.nexts = growArray(table.nexts, size, 0);
    table.keyIds = growArray(table.keyIds, size, 0);
    table.issueRows = growArray(table.issueRows, size, 0);
  }
  if (row >= table.heads.length) {
    let size = table.heads.length;
    while (size <= row) size *= 2;
    table.heads = growArray(table.heads, size, NONE);
    table.tails = growArray(table.tails, size, NONE);
  }
  const entry = table.entries++;
  table.offsets[entry] = offset;
  table.lengths[entry] = length;
  table.nexts[entry] = NONE;
  table.keyIds[entry] = keyId;
  table.issueRows[entry] = issueRow;
  const tail = table.tails[row] as number;
  if (tail === NONE) table.heads[row] = entry;
  else table.nexts[tail] = entry;
  table.tails[row] = entry;
  if (row > table.maxRow) table.maxRow = row;
}

/** Unlinks `entry` (after `previous`, NONE when first) from `row`; its line stays in the file, unread. */
function unlinkEntry(table: IssueTable, row: number, previous: number, entry: number): void {
  const next = table.nexts[entry] as number;
  if (previous === NONE) table.heads[row] = next;
  else table.nexts[previous] = next;
  if (table.tails[row] === entry) table.tails[row] = previous;
}

/** Creates the spill at `path` (replacing a stale one). */
export function openIssueSpill(path: string): IssueSpill {
  const table = createIssueTable();
  const keys = createKeyTable();
  const file = openSpillByteFile(path);
  // The last row read back, and its issues: the report asks for each row twice (the copy, then rejected-rows.csv).
  let lastRow = NONE;
  let lastIssues: Issue[] = [];

  const readLine = (entry: number): string => {
    const length = table.lengths[entry] as number;
    const { buffer, start } = file.locate(table.offsets[entry] as number, length);
    return buffer.toString('utf8', start, start + length);
  };
  const readIssue = (entry: number): Issue => JSON.parse(readLine(entry)) as Issue;
  const readRow = (row: number): Issue[] => {
    const issues: Issue[] = [];
    if (row < 0 || row > table.maxRow) return issues;
    for (let entry = table.heads[row] as number; entry !== NONE; entry = table.nexts[entry] as number) issues.push(readIssue(entry));
    return issues;
  };

  return {
    add(row, issue) {
      if (row === lastRow) lastRow = NONE;
      const json = JSON.stringify(issue);
      // A UTF-16 unit is at most 3 bytes of UTF-8; then the line break.
      const { buffer, start } = file.reserve(json.length * 3 + 1);
      const length = buffer.write(json, start);
      buffer[start + length] = 0x0a;
      // The line's offset and length without its line break: what is read back and parsed.
      appendEntry(table, row, file.commit(length + 1), length, keys.idOf(issue), issue.row ?? 0);
    },
    issuesOf(row) {
      if (row === lastRow) return lastIssues;
      lastIssues = readRow(row);
      lastRow = row;
      return lastIssues;
    },
    remove(row, predicate) {
      const removed: Issue[] = [];
      if (row < 0 || row > table.maxRow) return removed;
      lastRow = NONE;
      let previous = NONE;
      for (let entry = table.heads[row] as number; entry !== NONE; ) {
        const next = table.nexts[entry] as number;
        const issue = readIssue(entry);
        if (predicate(issue)) {
          unlinkEntry(table, row, previous, entry);
          removed.push(issue);
        } else previous = entry;
        entry = next;
      }
      return removed;
    },
    *rows() {
      for (let row = 0; row <= table.maxRow; row += 1) {
        const head = table.heads[row] as number;
        if (head === NONE) continue;
        // Usually a row's lines follow each other in the file: located at once, they stay in the
        // window while the list is written; else each is copied out before the next moves it.
        const first = table.offsets[head] as number;
        let span = 0;
        for (let entry = head; entry !== NONE; entry = table.nexts[entry] as number) {
          if (table.offsets[entry] !== first + span) {
            span = -1;
            break;
          }
          span += (table.lengths[entry] as number) + 1;
        }
        const lines: IssueLine[] = [];
        const place = span > 0 ? file.locate(first, span) : undefined;
        for (let entry = head; entry !== NONE; entry = table.nexts[entry] as number) {
          const length = table.lengths[entry] as number;
          const at = place ?? file.locate(table.offsets[entry] as number, length);
          const start = place === undefined ? 0 : place.start + (table.offsets[entry] as number) - first;
          const bytes = place === undefined ? Buffer.from(at.buffer.subarray(at.start, at.start + length)) : at.buffer;
          lines.push({ key: keys.withRow(table.keyIds[entry] as number, table.issueRows[entry] as number), bytes, start, end: start + length });
        }
        yield lines;
      }
    },
    close() {
      lastIssues = [];
      file.close();
    },
  };
}

/**
 * The distinct keys of the issues added, without their rows: a run's issues share a few (a code
 * on a column of one file), so each issue keeps an index.
 */
function createKeyTable(): { idOf(issue: Issue): number; withRow(id: number, row: number): IssueLineKey } {
  const ids = new Map<string, number>();
  const list: IssueLineKey[] = [];
  const lastOfCode = new Map<string, number>();
  return {
    idOf(issue) {
      const { file, sheet, column, code, severity } = issue;
      // Usually the key of the code's last issue: no text built.
      const last = lastOfCode.get(code);
      const known = last === undefined ? undefined : list[last];
      if (known !== undefined && known.column === column && known.file === file && known.sheet === sheet && known.severity === severity) return last as number;
      // NUL is in no path, sheet name (XML has no NUL), column letter or code; 1 marks a field absent.
      const name = `${code}\0${severity}\0${column ?? '\u0001'}\0${file ?? '\u0001'}\0${sheet ?? '\u0001'}`;
      let id = ids.get(name);
      if (id === undefined) {
        id = list.length;
        ids.set(name, id);
        list.push({ file, sheet, row: 0, column, code, severity });
      }
      lastOfCode.set(code, id);
      return id;
    },
    // One shape for every key (absent fields undefined): built per issue written.
    withRow(id, row) {
      const key = list[id] as IssueLineKey;
      return { file: key.file, sheet: key.sheet, row, column: key.column, code: key.code, severity: key.severity };
    },
  };
}

/** A copy of `array` `size` long, the new places set to `fill`. */
function growArray<T extends Float64Array | Int32Array>(array: T, size: number, fill: number): T {
  const grown = new (array.constructor as new (length: number) => T)(size);
  if (fill !== 0) grown.fill(fill);
  grown.set(array);
  return grown;
}
