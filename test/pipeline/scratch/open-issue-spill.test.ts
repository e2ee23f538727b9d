import { existsSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createIssue, type Issue } from '../../../src/core/issue.js';
import { openIssueSpill, readIssueLine, type IssueSpill } from '../../../src/pipeline/scratch/open-issue-spill.js';

/** Every issue of the spill with its row, rows in order, each list read before the next is asked for. */
const readAll = (spill: IssueSpill): { row: number | undefined; issue: Issue }[] =>
  Array.from(spill.rows(), (lines) => lines.map((line) => ({ row: line.key.row, issue: readIssueLine(line) }))).flat();

const issueOf = (row: number, n: number): Issue =>
  createIssue({ code: `code_${n % 3}`, severity: 'error', stage: 'validate', message: `issue ${n} of row ${row}: «${'ж'.repeat(n % 50)}»`, row, column: 'B' });

describe('openIssueSpill', () => {
  it('reads back megabytes of issues from the file, by row and in row order, with late and removed issues', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'issue-spill-'));
    const path = join(dir, 'issues.spill');
    const spill = openIssueSpill(path);
    const expected = new Map<number, Issue[]>();
    const add = (row: number, issue: Issue): void => {
      spill.add(row, issue);
      expected.set(row, [...(expected.get(row) ?? []), issue]);
    };
    try {
      // Rows in file order, two issues each, and every 7th row an issue of its product a little later:
      // well past the buffer and the read window (a megabyte each), so reads come from the file.
      let n = 0;
      for (let row = 2; row < 20_002; row += 1) {
        add(row, issueOf(row, n++));
        add(row, issueOf(row, n++));
        if (row % 7 === 0 && row > 40) add(row - 30, issueOf(row - 30, n++));
      }
      expect(statSync(path).size).toBeGreaterThan(2 * 2 ** 20);
      expect(readAll(spill)).toHaveLength([...expected.values()].reduce((sum, list) => sum + list.length, 0));
      // Out of order, then again in order (the report asks each row twice).
      for (const row of [19_000, 3, 12_345, 3]) expect(spill.issuesOf(row)).toEqual(expected.get(row));
      for (let row = 0; row < 20_010; row += 1) {
        expect(spill.issuesOf(row)).toEqual(expected.get(row) ?? []);
        expect(spill.issuesOf(row)).toEqual(expected.get(row) ?? []);
      }
      // A reopened product takes its issues back; issues still come after a read.
      const removed = spill.remove(500, (issue) => issue.code === 'code_0');
      expect(removed.length).toBeGreaterThan(0);
      expected.set(500, (expected.get(500) ?? []).filter((issue) => issue.code !== 'code_0'));
      add(500, issueOf(500, 1));
      add(20_500, issueOf(20_500, 2));
      expect(spill.issuesOf(500)).toEqual(expected.get(500));
      const all = readAll(spill);
      const want = [...expected.entries()].sort((a, b) => a[0] - b[0]).flatMap(([row, list]) => list.map((issue) => ({ row, issue })));
      expect(all).toEqual(want);
    } finally {
      spill.close();
    }
    expect(existsSync(path)).toBe(false);
  });

  it('hands each row its lines as stored, also where a write of the file falls between two lines of a row', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'issue-spill-'));
    const spill = openIssueSpill(join(dir, 'issues.spill'));
    const expected: Issue[][] = [];
    try {
      // Lines of every length from ~60 to ~600 bytes: the megabyte writes fall between a row's
      // lines as often as between rows; the last rows stay in the part not yet written.
      let n = 0;
      for (let row = 2; row < 12_002; row += 1) {
        const issues = [issueOf(row, n++), createIssue({ code: 'long', severity: 'warning', stage: 'validate', message: 'x'.repeat(n % 557), row, column: 'C', sheet: 'Лист' })];
        n += 1;
        for (const issue of issues) spill.add(row, issue);
        expected.push(issues);
      }
      // Each list read before the next is asked for: its bytes are valid until then.
      const lists: { issue: Issue; key: object }[][] = [];
      for (const lines of spill.rows()) lists.push(lines.map((line) => ({ issue: readIssueLine(line), key: line.key })));
      expect(lists.map((lines) => lines.map((line) => line.issue))).toEqual(expected);
      // What issues.ndjson counts and sorts by, without the issue read back.
      expect(lists[5]?.[1]?.key).toEqual({ file: undefined, sheet: 'Лист', row: 7, column: 'C', code: 'long', severity: 'warning' });
    } finally {
      spill.close();
    }
  });

  it('replaces a stale file and keeps it private', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'issue-spill-'));
    const path = join(dir, 'issues.spill');
    const first = openIssueSpill(path);
    first.add(2, issueOf(2, 1));
    const second = openIssueSpill(path);
    try {
      expect(statSync(path).mode & 0o777).toBe(0o600);
      expect(second.issuesOf(2)).toEqual([]);
      second.add(2, issueOf(2, 2));
      expect(second.issuesOf(2)).toEqual([issueOf(2, 2)]);
    } finally {
      second.close();
    }
  });
});
