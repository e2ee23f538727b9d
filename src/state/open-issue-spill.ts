/**
 * Where the issues of a run's rows go as they are found, instead of memory: a scratch file (0600,
 * deleted when closed) that issues are appended to, in the order they come, in a compact form: the
 * values that vary from issue to issue, the rest kept once per "shape" (`issue-shapes.ts`; an
 * issue of no shape is stored as its JSON). A file where every row is wrong holds millions of
 * issues; memory then holds, per issue, where it is in the file, its shape, its sort key and the
 * next issue of its row (typed arrays, 24 bytes), and per row its first and last issue (8 bytes) —
 * not the issues. They are read back per row (the annotated copy, `rejected-rows.csv`) and all in
 * row order (`issues.ndjson`, `--json`). For `issues.ndjson` they come as records — the fields the
 * list is sorted and counted by (an index into a table of the few distinct ones) and the JSON put
 * together from the shape and the stored bytes — so that file is written without making an issue
 * object or a JSON string.
 *
 * Rows come in file order, so a row's issues are mostly next to each other and next to the rows
 * around it (a product's issues follow its rows closely): reading in row order walks the file
 * forward through a window of a megabyte. The SQLite table this replaces cost a B-tree insert per
 * issue and a cursor step per read, a tenth of the dry run of a file where every row is wrong.
 */
import type { Issue, Severity } from '../core/issue.js';
import { createIssueKeyTable } from './issue-key-table.js';
import { createIssueShapes, JSON_SHAPE } from './issue-shapes.js';
import { openSpillByteFile } from './spill-byte-file.js';

/**
 * One spilled issue as `issues.ndjson` takes it: the fields it is sorted and counted by, and its
 * JSON (`JSON.stringify` of the issue), `bytes[start, end)` — no issue object is made. Records and
 * their bytes are reused: they hold until the next row is asked for.
 */
export interface SpilledIssueRecord {
  file: string | undefined;
  sheet: string | undefined;
  row: number | undefined;
  column: string | undefined;
  code: string;
  severity: Severity;
  bytes: Buffer;
  start: number;
  end: number;
}

/** Issues of rows, spilled to disk. */
export interface IssueSpill {
  /** Adds an issue of source row `row`. */
  add(row: number, issue: Issue): void;
  /** Every issue of one row, in the order added (do not change the list: asking again for the same row gives the same one). */
  issuesOf(row: number): Issue[];
  /** Removes the issues of `row` that `predicate` picks; returns them. */
  remove(row: number, predicate: (issue: Issue) => boolean): Issue[];
  /** Every issue, by row, then in the order added. A stream: nothing is held but the current row. */
  iterate(): IterableIterator<{ row: number; issue: Issue }>;
  /**
   * Every row's issues as records, by row, then in the order added (see `SpilledIssueRecord`): what
   * `issues.ndjson` is written from, its bytes copied as they are, never parsed.
   */
  records(): IterableIterator<SpilledIssueRecord[]>;
  /** Issues held. */
  size(): number;
  /** Closes and deletes the file. */
  close(): void;
}

const NONE = -1;

/** Creates the spill at `path` (replacing a stale one). */
export function openIssueSpill(path: string): IssueSpill {
  const file = openSpillByteFile(path);
  // Per issue: its byte offset and length in the file (length NONE once removed), the next issue of its row.
  let offsets = new Float64Array(1024);
  let lengths = new Int32Array(1024);
  let nexts = new Int32Array(1024);
  // Per issue: its key (index into `keys`); its row, where it is not the row it was added to (never, in practice).
  let keyIds = new Int32Array(1024);
  // Per issue: its shape (`issue-shapes.ts`): what is stored is the values that vary, or its JSON (JSON_SHAPE).
  let shapeIds = new Int32Array(1024);
  const shapes = createIssueShapes();
  const keys = createIssueKeyTable();
  const otherRows = new Map<number, number | undefined>();
  let entries = 0;
  // Per row: its first and last issue, NONE when it has none.
  let heads = new Int32Array(1024).fill(NONE);
  let tails = new Int32Array(1024).fill(NONE);
  let maxRow = -1;
  let count = 0;
  // The last row read back, and its issues: the report asks for each row twice.
  let lastRow = NONE;
  let lastIssues: Issue[] = [];

  const growEntries = (): void => {
    const size = offsets.length * 2;
    offsets = growArray(offsets, size, 0);
    lengths = growArray(lengths, size, 0);
    nexts = growArray(nexts, size, 0);
    keyIds = growArray(keyIds, size, 0);
    shapeIds = growArray(shapeIds, size, 0);
  };
  const growRows = (row: number): void => {
    let size = heads.length;
    while (size <= row) size *= 2;
    heads = growArray(heads, size, NONE);
    tails = growArray(tails, size, NONE);
  };
  const locate = (entry: number) => file.locate(offsets[entry] as number, lengths[entry] as number);
  const issueOf = (entry: number, row: number): Issue => {
    const { buffer, start } = locate(entry);
    return shapes.decode(shapeIds[entry] as number, row, buffer, start, start + (lengths[entry] as number));
  };
  // One row's records and their bytes, reused from row to row.
  const rowRecords: SpilledIssueRecord[] = [];
  let rowBytes = Buffer.allocUnsafe(1 << 16);
  const fillRecords = (row: number): SpilledIssueRecord[] => {
    let total = 0;
    let n = 0;
    for (let entry = heads[row] as number; entry !== NONE; entry = nexts[entry] as number) {
      total += shapes.maxJsonBytes(shapeIds[entry] as number, lengths[entry] as number);
      n += 1;
    }
    if (total > rowBytes.length) rowBytes = Buffer.allocUnsafe(Math.max(total, rowBytes.length * 2));
    while (rowRecords.length < n) {
      rowRecords.push({ file: undefined, sheet: undefined, row: undefined, column: undefined, code: '', severity: 'error', bytes: rowBytes, start: 0, end: 0 });
    }
    rowRecords.length = n;
    let i = 0;
    let at = 0;
    for (let entry = heads[row] as number; entry !== NONE; entry = nexts[entry] as number) {
      const { buffer, start } = locate(entry);
      const end = shapes.writeJson(shapeIds[entry] as number, row, buffer, start, start + (lengths[entry] as number), rowBytes, at);
      const key = keys.at(keyIds[entry] as number);
      const record = rowRecords[i++] as SpilledIssueRecord;
      record.file = key.file;
      record.sheet = key.sheet;
      record.row = otherRows.size > 0 && otherRows.has(entry) ? otherRows.get(entry) : row;
      record.column = key.column;
      record.code = key.code;
      record.severity = key.severity;
      record.bytes = rowBytes;
      record.start = at;
      record.end = end;
      at = end;
    }
    return rowRecords;
  };
  const readRow = (row: number): Issue[] => {
    const issues: Issue[] = [];
    if (row < 0 || row > maxRow) return issues;
    for (let entry = heads[row] as number; entry !== NONE; entry = nexts[entry] as number) issues.push(issueOf(entry, row));
    return issues;
  };

  return {
    add(row, issue) {
      if (row === lastRow) lastRow = NONE;
      const shape = shapes.shapeOf(issue, row);
      const json = shape === JSON_SHAPE ? JSON.stringify(issue) : '';
      // A UTF-16 unit is at most 3 bytes of UTF-8.
      const most = shape === JSON_SHAPE ? json.length * 3 : shapes.maxBytes(issue);
      const { buffer, start } = file.reserve(most);
      const length = shape === JSON_SHAPE ? buffer.write(json, start) : shapes.encode(shape, issue, buffer, start);
      if (entries === offsets.length) growEntries();
      const entry = entries++;
      offsets[entry] = file.commit(length);
      lengths[entry] = length;
      nexts[entry] = NONE;
      keyIds[entry] = keys.idOf(issue);
      shapeIds[entry] = shape;
      if (issue.row !== row) otherRows.set(entry, issue.row);
      if (row >= heads.length) growRows(row);
      const tail = tails[row] as number;
      if (tail === NONE) heads[row] = entry;
      else nexts[tail] = entry;
      tails[row] = entry;
      if (row > maxRow) maxRow = row;
      count += 1;
    },
    issuesOf(row) {
      if (row === lastRow) return lastIssues;
      lastIssues = readRow(row);
      lastRow = row;
      return lastIssues;
    },
    remove(row, predicate) {
      const removed: Issue[] = [];
      if (row < 0 || row > maxRow) return removed;
      lastRow = NONE;
      let previous = NONE;
      for (let entry = heads[row] as number; entry !== NONE; ) {
        const next = nexts[entry] as number;
        const issue = issueOf(entry, row);
        if (predicate(issue)) {
          // Unlinked from its row; its text stays in the file, unread.
          if (previous === NONE) heads[row] = next;
          else nexts[previous] = next;
          if (tails[row] === entry) tails[row] = previous;
          lengths[entry] = NONE;
          removed.push(issue);
          count -= 1;
        } else previous = entry;
        entry = next;
      }
      return removed;
    },
    *iterate() {
      for (let row = 0; row <= maxRow; row += 1) {
        if (heads[row] === NONE) continue;
        for (const issue of readRow(row)) yield { row, issue };
      }
    },
    *records() {
      for (let row = 0; row <= maxRow; row += 1) if (heads[row] !== NONE) yield fillRecords(row);
    },
    size: () => count,
    close() {
      lastIssues = [];
      file.close();
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
