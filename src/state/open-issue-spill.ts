/**
 * Where the issues of a run's rows go as they are found, instead of memory: a scratch SQLite file
 * (no journal, no syncs, deleted when closed) keyed by source row. A file where every row is wrong
 * holds millions of issues; memory then holds a batch of pending inserts and SQLite's page cache,
 * not the issues. They are read back per row (the annotated copy, `rejected-rows.csv`) and all in
 * row order (`issues.ndjson`, `--json`).
 */
import { chmodSync, closeSync, openSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Issue } from '../core/issue.js';
import { toStateError } from './store-context.js';

/** Issues of rows, spilled to disk. */
export interface IssueSpill {
  /** Adds an issue of source row `row`. */
  add(row: number, issue: Issue): void;
  /** Every issue of one row, in the order added. */
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
  let db: Database.Database;
  try {
    rmSync(path, { force: true });
    // Seller data: private from the start (the umask aside).
    closeSync(openSync(path, 'wx', 0o600));
    chmodSync(path, 0o600);
    db = new Database(path);
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.exec(SCHEMA);
  } catch (error) {
    throw toStateError(error, 'create the issue spill', path);
  }
  const insert = db.prepare<[number, number, string]>('INSERT INTO issues (row, seq, json) VALUES (?, ?, ?)');
  const selectRow = db.prepare<[number], { seq: number; json: string }>('SELECT seq, json FROM issues WHERE row = ? ORDER BY seq');
  const deleteOne = db.prepare<[number, number]>('DELETE FROM issues WHERE row = ? AND seq = ?');
  const selectAll = db.prepare<[], { row: number; json: string }>('SELECT row, json FROM issues ORDER BY row, seq');
  const insertMany = db.transaction((batch: readonly (readonly [number, number, string])[]) => {
    for (const [row, seq, json] of batch) insert.run(row, seq, json);
  });
  let pending: [number, number, string][] = [];
  let seq = 0;
  let count = 0;
  const flush = (): void => {
    if (pending.length === 0) return;
    insertMany(pending);
    pending = [];
  };

  return {
    add(row, issue) {
      pending.push([row, seq++, JSON.stringify(issue)]);
      count += 1;
      if (pending.length >= BATCH) flush();
    },
    issuesOf(row) {
      flush();
      return selectRow.all(row).map((entry) => JSON.parse(entry.json) as Issue);
    },
    remove(row, predicate) {
      flush();
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
      for (const entry of selectAll.iterate()) yield { row: entry.row, issue: JSON.parse(entry.json) as Issue };
    },
    size: () => count,
    close() {
      pending = [];
      if (db.open) db.close();
      rmSync(path, { force: true });
    },
  };
}
