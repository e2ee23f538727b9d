/**
 * A CSV copy's issue cells (`render-issue-cells.ts`) rendered on the thread that writes
 * `issues.ndjson`, and handed to the thread writing the copies in batches. A file where every row
 * is wrong spent a third of the copies' thread on reading its issues back and rendering them,
 * while the list's thread, which reads the same issues, was done seconds before it. Batches go back
 * and forth (their memory moved, not copied) and are reused: a new buffer per batch is memory
 * the host has to hand over again.
 *
 * This side renders (`renderIssueCellBatches`); the copies' side reads them (`open-issue-cell-feed.ts`).
 */
import type { StoredRowIssues } from '../state/open-issue-spill.js';
import { createIssueCellRenderer } from './render-issue-cells.js';

/** Rows' issue cells: per row five numbers in `index` (see `CELL_FIELDS`), their bytes in `bytes`. */
export interface IssueCellBatch {
  bytes: ArrayBuffer;
  index: ArrayBuffer;
  /** Rows in the batch. */
  count: number;
  /** The last batch: no row after it has issues. */
  last: boolean;
}

/**
 * Numbers per row in a batch's `index`: the row, then where its text cell starts and ends and where
 * its codes cell starts and ends in `bytes`; a text start of -1: no template renders the row's
 * issues exactly (the copy renders them from the objects).
 */
export const CELL_FIELDS = 5;

/** Rows per batch at most. */
export const CELL_BATCH_ROWS = 4096;

const CELL_BATCH_BYTES = 1 << 20;

/** Batches in flight: the copy reads one while the others are rendered. */
export const CELL_BATCHES = 4;

/** Messages of the copies' thread to the list's thread. */
export type IssueCellRequest = { type: 'cells:start'; delimiter: number } | { type: 'cells:back'; batch: IssueCellBatch } | { type: 'cells:stop' };

/** Messages to the copies' thread: a batch, or no more batches (rendering failed: the copy renders the rest). */
export type IssueCellAnswer = { type: 'cells'; batch: IssueCellBatch } | { type: 'cells:gone' };

/** How the renderer gets empty batches and hands full ones over. */
export interface IssueCellChannel {
  /** A batch to fill; undefined once the copy wants no more. */
  take(): Promise<IssueCellBatch | undefined>;
  post(batch: IssueCellBatch): void;
}

/** A new empty batch. */
export function createIssueCellBatch(): IssueCellBatch {
  return { bytes: new ArrayBuffer(CELL_BATCH_BYTES), index: new ArrayBuffer(CELL_BATCH_ROWS * CELL_FIELDS * 4), count: 0, last: false };
}

/**
 * Renders the issue cells of every row of `rows` for `delimiter` (an ASCII byte), in row order,
 * into batches from `channel`; resolves once the last is posted or the copy wants no more.
 */
export async function renderIssueCellBatches(rows: Iterable<{ row: number; issues: StoredRowIssues }>, delimiter: number, channel: IssueCellChannel): Promise<void> {
  const renderer = createIssueCellRenderer();
  let batch = await channel.take();
  if (batch === undefined) return;
  let bytes = Buffer.from(batch.bytes);
  let index = new Int32Array(batch.index);
  let used = 0;
  batch.count = 0;
  for (const { row, issues } of rows) {
    const cells = renderer.render(issues, delimiter);
    // The renderer puts the codes a byte or two after the text: both are copied in one go (with the gap) when so.
    const together = cells !== undefined && cells.codesStart >= cells.textEnd && cells.codesStart - cells.textEnd <= 8;
    const size = cells === undefined ? 0 : together ? cells.codesEnd - cells.textStart : cells.textEnd - cells.textStart + (cells.codesEnd - cells.codesStart);
    if (batch.count === CELL_BATCH_ROWS || used + size > bytes.length) {
      channel.post(batch);
      batch = await channel.take();
      if (batch === undefined) return;
      // A row's cells larger than a batch: this batch grows (and is reused at that size).
      if (size > batch.bytes.byteLength) batch.bytes = new ArrayBuffer(size * 2);
      bytes = Buffer.from(batch.bytes);
      index = new Int32Array(batch.index);
      used = 0;
      batch.count = 0;
      batch.last = false;
    }
    const at = batch.count * CELL_FIELDS;
    index[at] = row;
    if (cells === undefined) index[at + 1] = -1;
    else if (together) {
      index[at + 1] = used;
      index[at + 2] = used + (cells.textEnd - cells.textStart);
      index[at + 3] = used + (cells.codesStart - cells.textStart);
      used += cells.bytes.copy(bytes, used, cells.textStart, cells.codesEnd);
      index[at + 4] = used;
    } else {
      index[at + 1] = used;
      used += cells.bytes.copy(bytes, used, cells.textStart, cells.textEnd);
      index[at + 2] = used;
      index[at + 3] = used;
      used += cells.bytes.copy(bytes, used, cells.codesStart, cells.codesEnd);
      index[at + 4] = used;
    }
    batch.count += 1;
  }
  batch.last = true;
  channel.post(batch);
}
