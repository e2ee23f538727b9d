/**
 * Where the issues of a run's rows go as they are found, instead of memory: a scratch file (0600,
 * deleted when closed) that issues are appended to as JSON, in the order they come. A file where
 * every row is wrong holds millions of issues; memory then holds, per issue, where its text is in
 * the file and the next issue of its row (typed arrays, 20 bytes), and per row its first and last
 * issue (8 bytes) — not the issues. They are read back per row (the annotated copy,
 * `rejected-rows.csv`) and all in row order (`issues.ndjson`, `--json`).
 *
 * Rows come in file order, so a row's issues are mostly next to each other and next to the rows
 * around it (a product's issues follow its rows closely): reading in row order walks the file
 * forward through a window of a megabyte. The SQLite table this replaces cost a B-tree insert per
 * issue and a cursor step per read, a tenth of the dry run of a file where every row is wrong.
 */
import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import type { Issue } from '../core/issue.js';

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
    const o = new Float64Array(size);
    o.set(offsets);
    offsets = o;
    const l = new Int32Array(size);
    l.set(lengths);
    lengths = l;
    const n = new Int32Array(size);
    n.set(nexts);
    nexts = n;
  };
  const growRows = (row: number): void => {
    let size = heads.length;
    while (size <= row) size *= 2;
    const h = new Int32Array(size).fill(NONE);
    h.set(heads);
    heads = h;
    const t = new Int32Array(size).fill(NONE);
    t.set(tails);
    tails = t;
  };
  /** The text of an issue: from the unwritten part, else from the window (read again when the issue is outside it). */
  const textOf = (entry: number): string => {
    const offset = offsets[entry] as number;
    const length = lengths[entry] as number;
    if (offset >= fileBytes) {
      const start = offset - fileBytes;
      return pending.toString('utf8', start, start + length);
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
    const start = offset - windowStart;
    return window.toString('utf8', start, start + length);
  };
  const readRow = (row: number): Issue[] => {
    const issues: Issue[] = [];
    if (row < 0 || row > maxRow) return issues;
    for (let entry = heads[row] as number; entry !== NONE; entry = nexts[entry] as number) issues.push(JSON.parse(textOf(entry)) as Issue);
    return issues;
  };

  return {
    add(row, issue) {
      if (row === lastRow) lastRow = NONE;
      const json = JSON.stringify(issue);
      // A UTF-16 unit is at most 3 bytes of UTF-8.
      if (pendingUsed + json.length * 3 > pending.length) {
        flush();
        if (json.length * 3 > pending.length) pending = Buffer.allocUnsafe(json.length * 3);
      }
      const length = pending.write(json, pendingUsed);
      if (entries === offsets.length) growEntries();
      const entry = entries++;
      offsets[entry] = fileBytes + pendingUsed;
      lengths[entry] = length;
      nexts[entry] = NONE;
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
        const issue = JSON.parse(textOf(entry)) as Issue;
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
