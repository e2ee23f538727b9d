import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRowOutcomeStore } from '../../src/pipeline/row-outcome-store.js';
import { writeIssuesNdjson } from '../../src/report/write-issues-ndjson.js';
import { openIssueSpill } from '../../src/state/open-issue-spill.js';
import { makeIssue, makeTempDir } from './report-builders.js';

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
      expect([...store.issuesInRowOrder()].map((issue) => `${issue.row} ${issue.code}`)).toEqual(['2 product_has_invalid_rows', '3 invalid_price']);
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
    const digest = await writeIssuesNdjson({ path, otherIssues: [header, header], rowIssues: rows, examplesPerCode: 2 });
    const lines = await readLines(path);
    expect(lines.map((issue) => `${issue.row} ${issue.column ?? '-'} ${issue.code}`)).toEqual([
      '1 - mapped_column_missing',
      ...[2, 3, 4, 5, 6].flatMap((row) => [`${row} B invalid_barcode`, `${row} D invalid_price`]),
    ]);
    expect(digest).toMatchObject({ total: 11, bySeverity: { error: 11, warning: 0 }, byCode: { invalid_barcode: 5, invalid_price: 5, mapped_column_missing: 1 }, complete: false });
    expect(digest.examples.map((issue) => `${issue.row} ${issue.code}`)).toEqual(['1 mapped_column_missing', '2 invalid_barcode', '2 invalid_price', '3 invalid_barcode', '3 invalid_price']);
  });
});
