import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CELL_BATCH_ROWS } from '../../src/report/issue-cell-batches.js';
import { CELLS_GONE, type FedCells } from '../../src/report/open-issue-cell-feed.js';
import { createIssueCellRenderer, type RenderedIssueCells } from '../../src/report/render-issue-cells.js';
import { startIssuesNdjsonWorker } from '../../src/report/write-issues-ndjson-in-worker.js';
import { openIssueSpill, type IssueSpill } from '../../src/state/open-issue-spill.js';
import { trackWorkers } from '../helpers/track-workers.js';
import { makeIssue, makeTempDir } from './report-builders.js';

const TEXTS = ['plain', 'по запросу', 'say "hi"; there, \\', 'tab\there\nnew line', '=formula', ' spaced ', 'emoji 😀', 'x'.repeat(300)];

/** Rows with issues of every kind the cells render or leave to the objects, rows without any, and a few rows of cells larger than a batch. */
function fillSpill(spill: IssueSpill, rows: number): void {
  for (let row = 2; row < rows; row += 1) {
    if (row % 9 === 0) continue;
    const text = TEXTS[row % TEXTS.length] as string;
    spill.add(row, makeIssue({ code: 'invalid_price', message: `the price must be a positive number, got "${text}"`, row, column: 'N', header: 'Цена', value: text }));
    if (row % 3 === 0) spill.add(row, makeIssue({ code: 'barcode_check_digit_mismatch', severity: 'warning', message: `barcode ${row}`, row, column: 'B', header: 'Штрихкод', value: String(row) }));
    if (row % 8 === 0) spill.add(row, makeIssue({ code: 'invalid_price', message: text, row, path: 'skus.0.price' }));
    if (row % 11 === 0) spill.add(row, { ...makeIssue({ code: 'invalid_vat', message: 'a number value', row, column: 'V' }), value: 12.5 } as never);
    if (row % 13 === 0) spill.add(row, makeIssue({ code: 'lone', message: 'lone \ud800 surrogate', row, column: 'C' }));
    if (row % 5000 === 7) spill.add(row, makeIssue({ code: 'long', message: 'y'.repeat(1_200_000), row, column: 'D' }));
  }
}

/** The cells as text, to compare across calls (each call's cells hold until the next). */
function describeCells(cells: FedCells): string {
  if (cells === CELLS_GONE) return 'gone';
  if (cells === undefined) return 'objects';
  const { bytes, delimiter, textStart, textEnd, codesStart, codesEnd } = cells;
  return `${delimiter}|${bytes.toString('utf8', textStart, textEnd)}|${bytes.toString('utf8', codesStart, codesEnd)}`;
}

describe('the copy’s issue cells from the issue list’s thread', () => {
  it.each([0x3b, 0x2c])('gives every row the cells rendered here would be (delimiter %i), empty cells to a row without issues, and ends the thread', async (delimiter) => {
    const workers = trackWorkers();
    const dir = await makeTempDir();
    const spill = openIssueSpill(join(dir, 'issues.spill'));
    try {
      const rows = 3 * CELL_BATCH_ROWS + 500;
      fillSpill(spill, rows);
      const worker = startIssuesNdjsonWorker({ path: join(dir, 'issues.ndjson'), otherIssues: [], spill: spill.snapshot() });
      worker.cells.start(delimiter);
      const renderer = createIssueCellRenderer();
      const empty = describeCells({ delimiter, bytes: Buffer.alloc(0), textStart: 0, textEnd: 0, codesStart: 0, codesEnd: 0 } satisfies RenderedIssueCells);
      let compared = 0;
      // Some rows are not asked for (rows the copy writes from text): the feed passes over them.
      for (let row = 1; row < rows + 20; row += row % 7 === 0 ? 3 : 1) {
        const expected = describeCells(renderer.render(spill.storedOf(row), delimiter));
        const fed = worker.cells.cellsOf(row);
        const got = describeCells(fed instanceof Promise ? await fed : fed);
        if (got !== expected) expect({ row, got }).toEqual({ row, got: expected });
        if (expected !== empty && expected !== 'objects') compared += 1;
      }
      expect(compared).toBeGreaterThan(rows / 2);
      worker.cells.close();
      await worker.digest;
      expect(await workers.alive()).toBe(0);
      // Once the thread is gone, rows after the last batch have no issues.
      expect(describeCells(await worker.cells.cellsOf(rows + 100))).toBe(empty);
    } finally {
      spill.close();
    }
  }, 60_000);

  it('says the cells are gone when the thread ends before it rendered them, and a stopped copy lets the thread end', async () => {
    const workers = trackWorkers();
    const dir = await makeTempDir();
    const spill = openIssueSpill(join(dir, 'issues.spill'));
    try {
      fillSpill(spill, 20 * CELL_BATCH_ROWS);
      const stopped = startIssuesNdjsonWorker({ path: join(dir, 'a.ndjson'), otherIssues: [], spill: spill.snapshot() });
      stopped.cells.start(0x3b);
      expect(describeCells(await stopped.cells.cellsOf(2))).not.toBe('gone');
      await stopped.stop();
      expect(await stopped.cells.cellsOf(19 * CELL_BATCH_ROWS)).toBe(CELLS_GONE);
      // The copy asks for a few rows and stops: the list is still written, the thread ends.
      const closed = startIssuesNdjsonWorker({ path: join(dir, 'b.ndjson'), otherIssues: [], spill: spill.snapshot() });
      closed.cells.start(0x2c);
      expect(describeCells(await closed.cells.cellsOf(3))).not.toBe('gone');
      closed.cells.close();
      expect((await closed.digest).total).toBe(spill.size());
      expect(await workers.alive()).toBe(0);
    } finally {
      spill.close();
    }
  }, 60_000);
});
