/**
 * The copies' side of `issue-cell-batches.ts`: the issue cells of each row as the list's thread
 * rendered them, asked for in row order. When that thread is gone before it rendered a row (it
 * failed, or ended before it was asked), the feed says so (`CELLS_GONE`) and the copy renders the
 * row's cells itself, as it does without a feed.
 */
import { CELL_FIELDS, type IssueCellAnswer, type IssueCellBatch, type IssueCellRequest } from './issue-cell-batches.js';
import type { RenderedIssueCells } from './render-issue-cells.js';

/** The feed has no cells for the row: render them here. */
export const CELLS_GONE = Symbol('cells gone');

/** What `IssueCellFeed.cellsOf` gives. */
export type FedCells = RenderedIssueCells | undefined | typeof CELLS_GONE;

/** Issue cells rendered on another thread, in row order. */
export interface IssueCellFeed {
  /** Asks for the cells of every row, quoted for `delimiter` (an ASCII byte). Once. */
  start(delimiter: number): void;
  /**
   * The cells of `row` (rows asked for in increasing order; a row without issues gets empty cells),
   * undefined when no template renders them exactly, `CELLS_GONE` when the thread is gone first. A
   * promise only when its batch has not come yet. Valid until the next call.
   */
  cellsOf(row: number): FedCells | Promise<FedCells>;
  /** No more rows are asked for: the thread stops rendering. */
  close(): void;
  /** Takes a message of the thread; false when it is not about cells. */
  receive(message: unknown): boolean;
  /** The thread has ended: what it did not send is rendered here. */
  end(): void;
}

/** Opens a feed whose requests go to the thread through `post`. */
export function openIssueCellFeed(post: (request: IssueCellRequest, transfer?: ArrayBuffer[]) => void): IssueCellFeed {
  const queue: IssueCellBatch[] = [];
  let current: IssueCellBatch | undefined;
  let bytes = Buffer.alloc(0);
  let index = new Int32Array(0);
  let at = 0;
  let started = false;
  let closed = false;
  let lastSeen = false;
  let gone = false;
  let waiting: (() => void) | undefined;
  const cells: RenderedIssueCells = { delimiter: -1, bytes, textStart: 0, textEnd: 0, codesStart: 0, codesEnd: 0 };
  const empty: RenderedIssueCells = { delimiter: -1, bytes: Buffer.alloc(0), textStart: 0, textEnd: 0, codesStart: 0, codesEnd: 0 };
  const giveBack = (batch: IssueCellBatch): void => {
    if (!gone && !closed) post({ type: 'cells:back', batch }, [batch.bytes, batch.index]);
  };
  const wake = (): void => {
    const resume = waiting;
    waiting = undefined;
    resume?.();
  };

  const cellsOf = (row: number): FedCells | Promise<FedCells> => {
    for (;;) {
      if (current === undefined) {
        const next = queue.shift();
        if (next === undefined) {
          if (lastSeen) return empty;
          if (gone || closed) return CELLS_GONE;
          return new Promise<FedCells>((resolve) => (waiting = () => resolve(cellsOf(row))));
        }
        current = next;
        bytes = Buffer.from(next.bytes);
        index = new Int32Array(next.index);
        at = 0;
      }
      while (at < current.count && (index[at * CELL_FIELDS] as number) < row) at++;
      if (at < current.count) {
        const place = at * CELL_FIELDS;
        if (index[place] !== row) return empty;
        at++;
        const textStart = index[place + 1] as number;
        if (textStart < 0) return undefined;
        cells.bytes = bytes;
        cells.textStart = textStart;
        cells.textEnd = index[place + 2] as number;
        cells.codesStart = index[place + 3] as number;
        cells.codesEnd = index[place + 4] as number;
        return cells;
      }
      // Past this batch: the rows asked for before are written, its memory goes back.
      if (current.last) lastSeen = true;
      else giveBack(current);
      current = undefined;
    }
  };

  return {
    start(delimiter) {
      if (started) return;
      started = true;
      cells.delimiter = delimiter;
      empty.delimiter = delimiter;
      if (!gone) post({ type: 'cells:start', delimiter });
    },
    cellsOf,
    close() {
      if (closed) return;
      closed = true;
      if (started && !gone) post({ type: 'cells:stop' });
      wake();
    },
    receive(message) {
      const type = typeof message === 'object' && message !== null ? (message as { type?: unknown }).type : undefined;
      if (type === 'cells') queue.push((message as IssueCellAnswer & { type: 'cells' }).batch);
      else if (type === 'cells:gone') gone = true;
      else return false;
      wake();
      return true;
    },
    end() {
      gone = true;
      wake();
    },
  };
}
