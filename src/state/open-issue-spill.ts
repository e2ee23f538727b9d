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
import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import type { Issue, Severity } from '../core/issue.js';
import { createIssueShapes, JSON_SHAPE } from './issue-shapes.js';

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

/** What an issue is sorted and counted by, shared by every issue that has the same. */
interface IssueKey {
  file: string | undefined;
  sheet: string | undefined;
  column: string | undefined;
  code: string;
  severity: Severity;
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

const PENDING_BYTES = 1 << 20;
const WINDOW_BYTES = 1 << 20;
const NONE = -1;

/** Creates the spill at `path` (replacing a stale one). */
export function openIssueSpill(path: string): IssueSpill {
  rmSync(path, { force: true });
  const fd = openSync(path, 'wx+', 0o600);
  // Per issue: its byte offset and length in the file (length NONE once removed), the next issue of its row.
  let offsets = new Float64Array(1024);
  let lengths = new Int32Array(1024);
  let nexts = new Int32Array(1024);
  // Per issue: its key (index into `keys`); its row, where it is not the row it was added to (never, in practice).
  let keyIds = new Int32Array(1024);
  // Per issue: its shape (`issue-shapes.ts`): what is stored is the values that vary, or its JSON (JSON_SHAPE).
  let shapeIds = new Int32Array(1024);
  const shapes = createIssueShapes();
  const keys: IssueKey[] = [];
  const keysByCode = new Map<string, IssueKey[]>();
  const keyIndex = new Map<IssueKey, number>();
  const otherRows = new Map<number, number | undefined>();
  let entries = 0;
  // Per row: its first and last issue, NONE when it has none.
  let heads = new Int32Array(1024).fill(NONE);
  let tails = new Int32Array(1024).fill(NONE);
  let maxRow = -1;
  let count = 0;
  // Appended text not yet written: issues are gathered into one write of about a megabyte.
  let pending = Buffer.allocUnsafe(PENDING_BYTES);
  let pendingUsed = 0;
  let fileBytes = 0;
  // What was last read from the file, so that reads in row order are a forward walk.
  let window = Buffer.allocUnsafe(WINDOW_BYTES);
  let windowStart = 0;
  let windowEnd = 0;
  // The last row read back, and its issues: the report asks for each row twice.
  let lastRow = NONE;
  let lastIssues: Issue[] = [];

  const flush = (): void => {
    let written = 0;
    while (written < pendingUsed) written += writeSync(fd, pending, written, pendingUsed - written, fileBytes + written);
    fileBytes += pendingUsed;
    pendingUsed = 0;
  };
  const growEntries = (): void => {
    const size = offsets.length * 2;
    offsets = growArray(offsets, size, 0);
    lengths = growArray(lengths, size, 0);
    nexts = growArray(nexts, size, 0);
    keyIds = growArray(keyIds, size, 0);
    shapeIds = growArray(shapeIds, size, 0);
  };
  const keyOf = (issue: Issue): number => {
    const { file, sheet, column, code, severity } = issue;
    let list = keysByCode.get(code);
    if (list === undefined) keysByCode.set(code, (list = []));
    for (const key of list) {
      if (key.column === column && key.file === file && key.sheet === sheet && key.severity === severity) return keyIndex.get(key) as number;
    }
    const key: IssueKey = { file, sheet, column, code, severity };
    list.push(key);
    keyIndex.set(key, keys.length);
    keys.push(key);
    return keys.length - 1;
  };
  const growRows = (row: number): void => {
    let size = heads.length;
    while (size <= row) size *= 2;
    heads = growArray(heads, size, NONE);
    tails = growArray(tails, size, NONE);
  };
  /** Where the bytes of an issue are: in the unwritten part, else in the window (read again when the issue is outside it). */
  const locate = (entry: number): { buffer: Buffer; start: number } => {
    const offset = offsets[entry] as number;
    const length = lengths[entry] as number;
    if (offset >= fileBytes) {
      located.buffer = pending;
      located.start = offset - fileBytes;
      return located;
    }
    if (offset < windowStart || offset + length > windowEnd) {
      if (window.length < length) window = Buffer.allocUnsafe(length);
      const wanted = Math.min(window.length, fileBytes - offset);
      let got = 0;
      while (got < wanted) {
        const n = readSync(fd, window, got, wanted - got, offset + got);
        if (n === 0) break;
        got += n;
      }
      windowStart = offset;
      windowEnd = offset + got;
    }
    located.buffer = window;
    located.start = offset - windowStart;
    return located;
  };
  const located = { buffer: pending, start: 0 };
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
      const key = keys[keyIds[entry] as number] as IssueKey;
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
      if (pendingUsed + most > pending.length) {
        flush();
        if (most > pending.length) pending = Buffer.allocUnsafe(most);
      }
      const length = shape === JSON_SHAPE ? pending.write(json, pendingUsed) : shapes.encode(shape, issue, pending, pendingUsed);
      if (entries === offsets.length) growEntries();
      const entry = entries++;
      offsets[entry] = fileBytes + pendingUsed;
      lengths[entry] = length;
      nexts[entry] = NONE;
      keyIds[entry] = keyOf(issue);
      shapeIds[entry] = shape;
      if (issue.row !== row) otherRows.set(entry, issue.row);
      pendingUsed += length;
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
      pending = Buffer.alloc(0);
      window = Buffer.alloc(0);
      closeSync(fd);
      rmSync(path, { force: true });
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
