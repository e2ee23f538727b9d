import { mkdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Issue } from '../../src/core/issue.js';
import { writeIssuesNdjson } from '../../src/report/write-issues-ndjson.js';
import { startIssuesNdjson, startIssuesNdjsonWorker } from '../../src/report/write-issues-ndjson-in-worker.js';
import { openIssueSpill, type IssueSpill } from '../../src/state/open-issue-spill.js';
import { trackWorkers } from '../helpers/track-workers.js';
import { makeIssue, makeTempDir } from './report-builders.js';

const ODD_TEXTS = ['plain', 'по запросу', 'say "hi" \\ there', 'tab\there\nnew line', 'lone \ud800 surrogate', 'emoji 😀', 'x'.repeat(300), ''];

/**
 * A spill of several megabytes (past its write buffer and read window) with issues of many kinds:
 * shaped ones with odd texts, ones stored as JSON (a value that is no string, a key no shape knows),
 * issues spilled under a row other than their own, late issues of early rows, repeats, warnings,
 * removed issues; and its last bytes still in the write buffer.
 */
function fillSpill(spill: IssueSpill, rows: number): void {
  for (let row = 2; row < rows; row += 1) {
    const text = ODD_TEXTS[row % ODD_TEXTS.length] as string;
    spill.add(row, makeIssue({ code: 'invalid_price', message: `the price must be a positive number, got "${text}"`, row, column: 'N', header: 'Цена', value: text, productKey: `P${row >> 2}` }));
    spill.add(row, makeIssue({ code: 'barcode_check_digit_mismatch', message: `the check digit of barcode ${row} should be 1`, row, column: 'B', header: 'Штрихкод' }));
    if (row % 5 === 0) spill.add(row, makeIssue({ code: 'barcode_check_digit_mismatch', message: `the check digit of barcode ${row} should be 1`, row, column: 'B', header: 'Штрихкод' }));
    if (row % 7 === 0) spill.add(row, makeIssue({ code: 'invalid_price', severity: 'warning', message: 'w', row, column: 'AA' }));
    if (row % 11 === 0) spill.add(row, { ...makeIssue({ code: 'invalid_vat', message: 'a number value', row, column: 'V' }), value: 12.5 } as unknown as Issue);
    if (row % 13 === 0) spill.add(row, { ...makeIssue({ code: 'odd_key', message: 'a key of its own', row }), details: { a: [1, 'b'] } } as unknown as Issue);
    // Spilled under this row, about the row before (its product's), and one of no row.
    if (row % 17 === 0) spill.add(row, makeIssue({ code: 'product_field_conflict', message: 'names differ', row: row - 1, column: 'C', productKey: `P${row}` }));
    if (row % 19 === 0) spill.add(row, makeIssue({ code: 'product_level', message: 'of the product' }));
    if (row % 23 === 0) spill.remove(row, (issue) => issue.code === 'barcode_check_digit_mismatch');
    if (row === 100) for (let i = 0; i < 40; i += 1) spill.add(row, makeIssue({ code: `c${i % 20}`, message: `m${i % 20}`, row, column: 'C' }));
  }
  spill.add(10, makeIssue({ code: 'product_field_conflict', message: 'late', row: 10, column: 'C', productKey: 'P2' }));
  spill.add(rows + 5, makeIssue({ code: 'invalid_vat', message: 'bad', row: rows + 5, sheet: 'S' }));
}

const OTHERS = [
  makeIssue({ code: 'mapped_column_missing', message: 'no column', row: 1, path: 'columns.vat' }),
  makeIssue({ code: 'aaa_between', message: 'between the columns of row 50', row: 50, column: 'D' }),
  makeIssue({ code: 'zz_no_row', message: 'no row: first' }),
  makeIssue({ code: 'zz_no_row', message: 'no row: first' }),
];

describe('issues.ndjson on a thread of its own', () => {
  it('writes the same bytes and the same digest as in this thread, and leaves the spill readable', async () => {
    const workers = trackWorkers();
    const dir = await makeTempDir();
    const spill = openIssueSpill(join(dir, 'issues.spill'));
    try {
      fillSpill(spill, 20_000);
      expect((await stat(join(dir, 'issues.spill'))).size).toBeGreaterThan(2 * 2 ** 20);
      const here = join(dir, 'here.ndjson');
      const there = join(dir, 'there.ndjson');
      const expected = await writeIssuesNdjson({ path: here, otherIssues: OTHERS, rowRecords: spill.records(), examplesPerCode: 50 });
      const before = spill.issuesOf(3000);
      const writing = await startIssuesNdjson({ path: there, otherIssues: OTHERS, rowRecords: () => spill.records(), spill, thread: 'always', examplesPerCode: 50 });
      expect(writing.hasIssues).toBe(true);
      // The spill is read here meanwhile, as the copies read it.
      for (let row = 2; row < 20_000; row += 97) spill.issuesOf(row);
      const digest = await writing.digest;
      expect(workers.started()).toBe(1);
      const [written, wanted] = [await readFile(there), await readFile(here)];
      expect(written.length).toBe(wanted.length);
      expect(written.equals(wanted)).toBe(true);
      expect(digest).toEqual(expected);
      // Key order too: the examples end up in summary.json as they are.
      expect(JSON.stringify(digest)).toBe(JSON.stringify(expected));
      expect(expected.total).toBeGreaterThan(30_000);
      expect(expected.byCode['odd_key']).toBeGreaterThan(0);
      expect(spill.issuesOf(3000)).toEqual(before);
      expect((await stat(there)).mode & 0o777).toBe(0o600);
      expect(await workers.alive()).toBe(0);
    } finally {
      spill.close();
    }
  });

  it('writes a few issues in this thread under auto, and a list without a spill', async () => {
    const workers = trackWorkers();
    const dir = await makeTempDir();
    const spill = openIssueSpill(join(dir, 'issues.spill'));
    try {
      fillSpill(spill, 20);
      const writing = await startIssuesNdjson({ path: join(dir, 'a.ndjson'), otherIssues: [], rowRecords: () => spill.records(), spill });
      expect((await writing.digest).total).toBeGreaterThan(40);
      const none = await startIssuesNdjson({ path: join(dir, 'b.ndjson'), otherIssues: [], rowRecords: () => [], thread: 'always' });
      expect(none.hasIssues).toBe(false);
      expect((await none.digest).total).toBe(0);
      expect(workers.started()).toBe(0);
    } finally {
      spill.close();
    }
  });

  it('throws what this thread would have thrown when the file cannot be written, and ends the thread', async () => {
    const workers = trackWorkers();
    const dir = await makeTempDir();
    const spill = openIssueSpill(join(dir, 'issues.spill'));
    try {
      fillSpill(spill, 3000);
      // A full disk (writes to /dev/full fail with ENOSPC), and a folder where the file should be.
      const folder = join(dir, 'issues.ndjson');
      await mkdir(folder);
      for (const path of ['/dev/full', folder]) {
        const here = await writeIssuesNdjson({ path, otherIssues: OTHERS, rowRecords: spill.records() }).then(
          () => undefined,
          (error: unknown) => error as NodeJS.ErrnoException,
        );
        expect(here?.code).toMatch(/^(ENOSPC|EISDIR)$/);
        const writing = await startIssuesNdjson({ path, otherIssues: OTHERS, rowRecords: () => spill.records(), spill, thread: 'always' });
        const error = await writing.digest.then(
          () => undefined,
          (thrown: unknown) => thrown as NodeJS.ErrnoException,
        );
        expect(error).toBeInstanceOf(Error);
        expect(error?.message).toBe(here?.message);
        expect(error?.code).toBe(here?.code);
        expect(error?.stack ?? '').not.toMatch(/issues-ndjson-worker/);
        // Signalled too, for a caller busy elsewhere meanwhile (the copies).
        expect(writing.failure?.aborted).toBe(true);
        expect(writing.failure?.reason).toBe(error);
      }
      expect(workers.started()).toBe(2);
      expect(await workers.alive()).toBe(0);
    } finally {
      spill.close();
    }
  });

  it('ends a thread still writing when the caller stops it', async () => {
    const workers = trackWorkers();
    const dir = await makeTempDir();
    const spill = openIssueSpill(join(dir, 'issues.spill'));
    try {
      fillSpill(spill, 3000);
      const worker = startIssuesNdjsonWorker({ path: join(dir, 'x.ndjson'), otherIssues: [], spill: spill.snapshot() });
      await worker.stop();
      expect(await workers.alive()).toBe(0);
    } finally {
      spill.close();
    }
  });
});
