import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRowOutcomeStore } from '../../src/pipeline/row-outcome-store.js';
import { writeIssuesNdjson } from '../../src/report/write-issues-ndjson.js';
import { createIssueLine, openIssueSpill, type IssueLine } from '../../src/pipeline/scratch/open-issue-spill.js';
import type { Issue } from '../../src/core/issue.js';
import { makeIssue, makeTempDir } from './report-builders.js';

/** Issues in row order as the spill hands them: a list per run of issues of one row, each with its JSON. */
function listByRow(issues: readonly Issue[]): IssueLine[][] {
  const lists: IssueLine[][] = [];
  for (const issue of issues) {
    const last = lists.at(-1);
    if (last !== undefined && last[0]?.key.row === issue.row) last.push(createIssueLine(issue));
    else lists.push([createIssueLine(issue)]);
  }
  return lists;
}

async function readLines(path: string): Promise<{ row?: number; column?: string; code: string }[]> {
  const text = await readFile(path, 'utf8');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { row?: number; column?: string; code: string });
}

describe('the issue spill and issues.ndjson', () => {
  it('keeps every issue on disk, answers per row, and forgets what a reopened product takes back', async () => {
    const dir = await makeTempDir();
    const spill = openIssueSpill(join(dir, 'issues.sqlite'));
    try {
      const store = createRowOutcomeStore({ spill });
      const conflict = makeIssue({ code: 'product_field_conflict', message: 'names differ', row: 3, column: 'C', productKey: 'P' });
      store.addIssue(3, makeIssue({ code: 'invalid_price', message: 'bad', row: 3, column: 'D' }));
      store.addIssue(2, makeIssue({ code: 'product_has_invalid_rows', message: 'held', row: 2 }));
      store.addIssue(3, conflict);
      expect(store.hasOwnError(2)).toBe(false);
      expect(store.hasOwnError(3)).toBe(true);
      // A copy (as from a spool on disk), matched by content.
      const copy = JSON.parse(JSON.stringify(conflict)) as typeof conflict;
      store.clearIssues(3, (issue) => JSON.stringify(issue) === JSON.stringify(copy));
      expect(store.outcomeOf(3)?.issues.map((issue) => issue.code)).toEqual(['invalid_price']);
      expect(store.outcomeOf(3, false)?.issues).toEqual([]);
      expect(Array.from(store.issueListsInRowOrder(), (lines) => lines.map((line) => `${line.key.row} ${line.key.code}`)).flat()).toEqual(['2 product_has_invalid_rows', '3 invalid_price']);
    } finally {
      spill.close();
    }
  });

  it('answers rows asked in order, out of order and again, and after more issues came', async () => {
    const dir = await makeTempDir();
    const spill = openIssueSpill(join(dir, 'issues.sqlite'));
    try {
      for (const row of [5, 2, 9, 5]) spill.add(row, makeIssue({ code: `code_${row}`, message: 'm', row }));
      const codes = (row: number): string[] => spill.issuesOf(row).map((issue) => issue.code);
      expect([codes(2), codes(3), codes(5), codes(5), codes(9), codes(2)]).toEqual([['code_2'], [], ['code_5', 'code_5'], ['code_5', 'code_5'], ['code_9'], ['code_2']]);
      spill.add(2, makeIssue({ code: 'late', message: 'm', row: 2 }));
      expect(codes(2)).toEqual(['code_2', 'late']);
      expect(spill.remove(5, (issue) => issue.code === 'code_5')).toHaveLength(2);
      expect([codes(5), codes(9)]).toEqual([[], ['code_9']]);
      expect(Array.from(spill.rows(), (lines) => lines.map((line) => line.key.row)).flat()).toEqual([2, 2, 9]);
    } finally {
      spill.close();
    }
  });

  it('writes every issue in summary order, drops repeats, and keeps a bounded number of examples per code', async () => {
    const dir = await makeTempDir();
    const rows = [];
    for (let row = 2; row <= 6; row += 1) {
      rows.push(makeIssue({ code: 'invalid_price', message: 'bad price', row, column: 'D' }));
      rows.push(makeIssue({ code: 'invalid_barcode', message: 'bad barcode', row, column: 'B' }));
      rows.push(makeIssue({ code: 'invalid_barcode', message: 'bad barcode', row, column: 'B' }));
    }
    const header = makeIssue({ code: 'mapped_column_missing', message: 'no column', row: 1, path: 'columns.vat' });
    const path = join(dir, 'issues.ndjson');
    const digest = await writeIssuesNdjson({ path, otherIssues: [header, header], rowLists: listByRow(rows), examplesPerCode: 2 });
    const lines = await readLines(path);
    expect(lines.map((issue) => `${issue.row} ${issue.column ?? '-'} ${issue.code}`)).toEqual([
      '1 - mapped_column_missing',
      ...[2, 3, 4, 5, 6].flatMap((row) => [`${row} B invalid_barcode`, `${row} D invalid_price`]),
    ]);
    expect(digest).toMatchObject({ total: 11, bySeverity: { error: 11, warning: 0 }, byCode: { invalid_barcode: 5, invalid_price: 5, mapped_column_missing: 1 }, complete: false });
    // Columns are counted over every issue written, not the examples kept.
    expect(digest.byCodeAndColumn).toEqual({ invalid_barcode: { B: 5 }, invalid_price: { D: 5 }, mapped_column_missing: { '-': 1 } });
    expect(digest.examples.map((issue) => `${issue.row} ${issue.code}`)).toEqual(['1 mapped_column_missing', '2 invalid_barcode', '2 invalid_price', '3 invalid_barcode', '3 invalid_price']);
  });

  it('writes issues over a megabyte among ordinary ones, many megabytes in all, each whole and in order', async () => {
    const dir = await makeTempDir();
    const rows = [];
    for (let row = 2; row < 6000; row += 1) {
      // ~400 bytes a line, and at three rows a message of 1.5 MB: the output buffer grows for it.
      const message = row % 2000 === 0 ? `long ${row} ${'ж'.repeat(800_000)}` : `the check digit of barcode ${row} should be 1 ${'x'.repeat(300)}`;
      rows.push(makeIssue({ code: 'barcode_check_digit_mismatch', message, row, column: 'B' }));
    }
    const path = join(dir, 'issues.ndjson');
    const digest = await writeIssuesNdjson({ path, otherIssues: [], rowLists: listByRow(rows) });
    const lines = (await readFile(path, 'utf8')).split('\n').filter((line) => line !== '');
    expect(digest.total).toBe(rows.length);
    expect(lines).toEqual(rows.map((issue) => JSON.stringify(issue)));
  });

  it('writes the same file from the rows of the spill as from the issues themselves', async () => {
    const dir = await makeTempDir();
    const spill = openIssueSpill(join(dir, 'issues.spill'));
    const issues: ReturnType<typeof makeIssue>[] = [];
    const add = (row: number, issue: ReturnType<typeof makeIssue>): void => {
      spill.add(row, issue);
      issues.push(issue);
    };
    try {
      for (let row = 2; row < 3000; row += 1) {
        add(row, makeIssue({ code: 'invalid_price', message: 'the price must be a positive number, got "по запросу"', row, column: 'N', header: 'Цена', value: 'по запросу', productKey: `P${row >> 2}` }));
        add(row, makeIssue({ code: 'barcode_check_digit_mismatch', message: `the check digit of barcode ${row} should be 1`, row, column: 'B', header: 'Штрихкод' }));
        // Repeats on a row, a warning of the same code, and a row of many issues (past the pairwise check).
        if (row % 5 === 0) add(row, makeIssue({ code: 'barcode_check_digit_mismatch', message: `the check digit of barcode ${row} should be 1`, row, column: 'B', header: 'Штрихкод' }));
        if (row % 7 === 0) add(row, makeIssue({ code: 'invalid_price', severity: 'warning', message: 'w', row, column: 'AA' }));
        if (row === 100) for (let i = 0; i < 40; i += 1) add(row, makeIssue({ code: `c${i % 20}`, message: `m${i % 20}`, row, column: 'C' }));
      }
      // A late issue of an early row (its product closed later), and one on a row with no other.
      add(10, makeIssue({ code: 'product_field_conflict', message: 'names differ', row: 10, column: 'C', productKey: 'P2' }));
      add(4000, makeIssue({ code: 'invalid_vat', message: 'bad', row: 4000, sheet: 'S' }));
      const others = [
        makeIssue({ code: 'mapped_column_missing', message: 'no column', row: 1, path: 'columns.vat' }),
        makeIssue({ code: 'aaa_between', message: 'between the columns of row 50', row: 50, column: 'D' }),
        makeIssue({ code: 'zz_no_row', message: 'no row: first' }),
      ];
      const fromRecords = join(dir, 'records.ndjson');
      const fromIssues = join(dir, 'issues.ndjson');
      const sorted = issues.map((issue, i) => ({ issue, i })).sort((a, b) => (a.issue.row ?? 0) - (b.issue.row ?? 0) || a.i - b.i).map((entry) => entry.issue);
      const a = await writeIssuesNdjson({ path: fromRecords, otherIssues: others, rowLists: spill.rows(), examplesPerCode: 3 });
      const b = await writeIssuesNdjson({ path: fromIssues, otherIssues: others, rowLists: listByRow(sorted), examplesPerCode: 3 });
      expect(await readFile(fromRecords, 'utf8')).toBe(await readFile(fromIssues, 'utf8'));
      expect(a).toEqual(b);
      expect(a.total).toBe(issues.length - 599 - 20 + 3);
      expect((await readLines(fromRecords)).slice(0, 3).map((issue) => issue.code)).toEqual(['zz_no_row', 'mapped_column_missing', 'barcode_check_digit_mismatch']);
    } finally {
      spill.close();
    }
  });
});
