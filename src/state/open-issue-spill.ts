/**
 * Where the issues of a run's rows go as they are found, instead of memory: a scratch SQLite file
 * (no journal, no syncs, deleted when closed) keyed by source row. A file where every row is wrong
 * holds millions of issues; memory then holds a batch of pending inserts and SQLite's page cache,
 * not the issues. They are read back per row (the annotated copy, `rejected-rows.csv`) and all in
 * row order (`issues.ndjson`, `--json`).
 */
import type { Issue } from '../core/issue.js';
import { closeScratchDatabase, openScratchDatabase } from './open-scratch-database.js';

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

const SCHEMA = `CREATE TABLE issues (row INTEGER NOT NULL, seq INTEGER NOT NULL, json TEXT NOT NULL, PRIMARY KEY (row, seq)) WITHOUT ROWID;`;
// Inserts per transaction: large enough that a file full of errors costs little per issue.
const BATCH = 4096;

/** Creates the spill at `path` (replacing a stale one). */
export function openIssueSpill(path: string): IssueSpill {
  const db = openScratchDatabase(path, SCHEMA, 'create the issue spill');
  const insert = db.prepare<[number, number, string]>('INSERT INTO issues (row, seq, json) VALUES (?, ?, ?)');
  const selectRow = db.prepare<[number], { seq: number; json: string }>('SELECT seq, json FROM issues WHERE row = ? ORDER BY seq');
  const deleteOne = db.prepare<[number, number]>('DELETE FROM issues WHERE row = ? AND seq = ?');
  const selectAll = db.prepare<[], { row: number; json: string }>('SELECT row, json FROM issues ORDER BY row, seq');
  const selectFrom = db.prepare<[number], { row: number; json: string }>('SELECT row, json FROM issues WHERE row >= ? ORDER BY row, seq');
  const insertMany = db.transaction((batch: readonly (readonly [number, number, string])[]) => {
    for (const [row, seq, json] of batch) insert.run(row, seq, json);
  });
  let pending: [number, number, string][] = [];
  let seq = 0;
  let count = 0;
  // The report reads rows in order (the annotated copy and rejected-rows.csv each ask for the same
  // row): one cursor walks the table forward instead of a query per row, and the last row's
  // answer is kept. Any write, or a row before the cursor, closes it (SQLite allows no write while
  // a statement of the connection is reading).
  let cursor: IterableIterator<{ row: number; json: string }> | undefined;
  let ahead: { row: number; json: string } | undefined;
  let cursorRow = -1;
  let lastRow = -1;
  let lastIssues: Issue[] = [];
  const closeCursor = (): void => {
    cursor?.return?.();
    cursor = undefined;
    ahead = undefined;
    lastRow = -1;
    lastIssues = [];
  };
  const advance = (): void => {
    const next = cursor?.next();
    ahead = next === undefined || next.done === true ? undefined : next.value;
  };
  const flush = (): void => {
    if (pending.length === 0) return;
    closeCursor();
    insertMany(pending);
    pending = [];
  };

  return {
    add(row, issue) {
      if (row === lastRow) closeCursor();
      pending.push([row, seq++, JSON.stringify(issue)]);
      count += 1;
      if (pending.length >= BATCH) flush();
    },
    issuesOf(row) {
      flush();
      if (row === lastRow) return lastIssues;
      if (cursor === undefined || row < cursorRow) {
        closeCursor();
        cursor = selectFrom.iterate(row);
        advance();
      }
      cursorRow = row;
      while (ahead !== undefined && ahead.row < row) advance();
      const issues: Issue[] = [];
      while (ahead !== undefined && ahead.row === row) {
        issues.push(JSON.parse(ahead.json) as Issue);
        advance();
      }
      lastRow = row;
      lastIssues = issues;
      return issues;
    },
    remove(row, predicate) {
      flush();
      closeCursor();
      const removed: Issue[] = [];
      for (const entry of selectRow.all(row)) {
        const issue = JSON.parse(entry.json) as Issue;
        if (!predicate(issue)) continue;
        deleteOne.run(row, entry.seq);
        removed.push(issue);
        count -= 1;
      }
      return removed;
    },
    *iterate() {
      flush();
      closeCursor();
      for (const entry of selectAll.iterate()) yield { row: entry.row, issue: JSON.parse(entry.json) as Issue };
    },
    size: () => count,
    close() {
      closeCursor();
      pending = [];
      closeScratchDatabase(db, path);
    },
  };
}
