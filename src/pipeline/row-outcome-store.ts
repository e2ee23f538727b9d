/**
 * Per-row outcomes of a run, kept compact: a run over 500,000 rows stores a status byte and three
 * numbers per row in typed arrays, and issues only for the rows that have them. The arrays of
 * service ids are made on the first id: a dry run never has any, and they would cost 12 MB.
 */
import type { Issue } from '../core/issue.js';
import { createProductKeyIndex, type ProductKeyIndex } from '../core/product-key-index.js';
import { ROW_STATUSES, type RowOutcome, type RowStatus, type StatusTally } from '../report/report-types.js';
import { createIssueLine, type IssueLine, type IssueSpill } from './scratch/open-issue-spill.js';

const STATUSES: readonly RowStatus[] = ['valid', 'invalid', 'not_sent', 'unchanged', 'accepted', 'rejected', 'unknown', 'pending'];
const NONE = 255;

/** Compact, growable store of row outcomes keyed by source row number. */
export interface RowOutcomeStore {
  /** Marks a row as seen (a data row of the file), with no status yet. */
  touch(row: number): void;
  setStatus(row: number, status: RowStatus): void;
  setIds(row: number, ids: { productId?: number | null; skuId?: number | null; jobId?: string | null }): void;
  /** Names the seller product a row belongs to (SKU keys are not kept: they are in the row itself). */
  setKeys(row: number, productKey: string): void;
  addIssue(row: number, issue: Issue): void;
  /** Replaces the issues of one stage for a row (a reopened product is validated again). */
  clearIssues(row: number, predicate: (issue: Issue) => boolean): void;
  /** The outcome of a row; `withIssues: false` leaves its issues out (empty), not reading them back. */
  outcomeOf(row: number, withIssues?: boolean): RowOutcome | undefined;
  /**
   * Whether the row has an error of its own: any error but `product_has_invalid_rows` (which says
   * another row of its product is at fault). Counted as issues come and go, so no issue is read back.
   */
  hasOwnError(row: number): boolean;
  /** Every row issue with its JSON line for `issues.ndjson`, a list per row that has any, in row order (a stream when the issues are spilled). */
  issueListsInRowOrder(): Iterable<IssueLine[]>;
  /** Data rows in file order. */
  rows(): IterableIterator<number>;
  counts(): Partial<Record<RowStatus, number>>;
  /** Rows by status, and products by the most severe status of their rows: the summary's counts, without an outcome per row. */
  tally(): StatusTally;
  /** Number of data rows seen. */
  size(): number;
}

/** Options of `createRowOutcomeStore`. */
export interface RowOutcomeStoreOptions {
  initialCapacity?: number;
  /**
   * Where the issues go. Without it they are kept in memory (tests, small runs); with it memory
   * stays flat in the number of issues, which a file where every row is wrong needs.
   */
  spill?: IssueSpill;
  /**
   * The run's product key ids (the assembler's and the spool's): each row keeps its product's id.
   * An own index when not given.
   */
  productKeys?: ProductKeyIndex;
}

/** Creates an empty store. */
export function createRowOutcomeStore(options: RowOutcomeStoreOptions = {}): RowOutcomeStore {
  const { initialCapacity = 1024, spill, productKeys = createProductKeyIndex() } = options;
  let status = new Uint8Array(initialCapacity).fill(NONE);
  let seen = new Uint8Array(initialCapacity);
  const ids = createRowIdColumns();
  let productIndex = new Int32Array(initialCapacity).fill(-1);
  // Issues per row (spilled: 0 means no read-back) and own errors per row (see `hasOwnError`).
  // Made on the first issue, as the id columns are: a clean run has none (4 MB at 500,000 rows).
  let issueCounts: Uint32Array | undefined;
  let ownErrors: Uint32Array | undefined;
  const issues = spill ? spilledRowIssues(spill) : createMemoryRowIssues();
  let maxRow = 0;
  let count = 0;

  const ensure = (row: number): void => {
    if (row < status.length) return;
    let capacity = status.length;
    while (capacity <= row) capacity *= 2;
    status = grow(status, capacity, NONE);
    seen = grow(seen, capacity, 0);
    ids.grow(capacity);
    productIndex = grow(productIndex, capacity, -1);
    if (issueCounts) issueCounts = grow(issueCounts, capacity, 0);
    if (ownErrors) ownErrors = grow(ownErrors, capacity, 0);
  };
  const countIssue = (row: number, issue: Issue, step: 1 | -1): void => {
    const counts = (issueCounts ??= new Uint32Array(status.length));
    counts[row] = (counts[row] ?? 0) + step;
    if (isOwnError(issue)) {
      const own = (ownErrors ??= new Uint32Array(status.length));
      own[row] = (own[row] ?? 0) + step;
    }
  };
  const hasIssues = (row: number): boolean => issueCounts !== undefined && row < issueCounts.length && issueCounts[row] !== 0;
  const touch = (row: number): void => {
    ensure(row);
    if (seen[row] === 0) {
      seen[row] = 1;
      count += 1;
      if (row > maxRow) maxRow = row;
    }
  };

  return {
    touch,
    setStatus(row, value) {
      touch(row);
      status[row] = STATUSES.indexOf(value);
    },
    setIds(row, given) {
      touch(row);
      ids.set(row, given, status.length);
    },
    setKeys(row, productKey) {
      touch(row);
      productIndex[row] = productKeys.idOf(productKey);
    },
    addIssue(row, issue) {
      touch(row);
      countIssue(row, issue, 1);
      issues.add(row, issue);
    },
    clearIssues(row, predicate) {
      if (!hasIssues(row)) return;
      for (const issue of issues.remove(row, predicate)) countIssue(row, issue, -1);
    },
    hasOwnError: (row) => ownErrors !== undefined && row < ownErrors.length && (ownErrors[row] ?? 0) > 0,
    issueListsInRowOrder: () => issues.listsInRowOrder(),
    outcomeOf(row, withIssues = true) {
      if (row >= seen.length || seen[row] === 0) return undefined;
      const code = status[row] ?? NONE;
      const rowStatus = STATUSES[code] ?? 'valid';
      const outcome: RowOutcome = withIssues && hasIssues(row) ? issues.outcomeOf(row, rowStatus) : { row, status: rowStatus, issues: [] };
      const product = productKeys.keyOf(productIndex[row] ?? -1);
      if (product !== undefined) outcome.productKey = product;
      ids.putInto(outcome, row);
      return outcome;
    },
    *rows() {
      for (let row = 0; row <= maxRow; row += 1) if (seen[row] === 1) yield row;
    },
    counts() {
      const out: Partial<Record<RowStatus, number>> = {};
      for (let row = 0; row <= maxRow; row += 1) {
        if (seen[row] !== 1) continue;
        const name = STATUSES[status[row] ?? NONE] ?? 'valid';
        out[name] = (out[name] ?? 0) + 1;
      }
      return out;
    },
    tally: () => tallyRows({ seen, status, productIndex, products: productKeys.size, maxRow }),
    size: () => count,
  };
}

/**
 * Rows by status, and products by the most severe status of their rows, from the store's arrays:
 * the summary's counts, without an outcome object or a key lookup per row.
 */
function tallyRows(rows: { seen: Uint8Array; status: Uint8Array; productIndex: Int32Array; products: number; maxRow: number }): StatusTally {
  const { seen, status, productIndex, maxRow } = rows;
  const rowCounts = new Float64Array(STATUSES.length);
  // Per product, the most severe status of its rows as its place in ROW_STATUSES (NONE: no row yet).
  const productRanks = new Uint8Array(rows.products).fill(NONE);
  for (let row = 0; row <= maxRow; row += 1) {
    if (seen[row] !== 1) continue;
    const code = STATUS_CODE_OR_VALID[status[row] ?? NONE] ?? VALID_CODE;
    rowCounts[code] = (rowCounts[code] ?? 0) + 1;
    const product = productIndex[row] ?? -1;
    if (product < 0) continue;
    const rank = SEVERITY_RANK[code] as number;
    if (rank < (productRanks[product] as number)) productRanks[product] = rank;
  }
  const byStatus = new Map<RowStatus, number>();
  rowCounts.forEach((n, code) => {
    if (n > 0) byStatus.set(STATUSES[code] as RowStatus, n);
  });
  const products = new Map<RowStatus, number>();
  for (const rank of productRanks) {
    const name = ROW_STATUSES[rank];
    if (name !== undefined) products.set(name, (products.get(name) ?? 0) + 1);
  }
  return { rows: byStatus, products };
}

const VALID_CODE = STATUSES.indexOf('valid');
// A row with no status yet reads as `valid` (as `outcomeOf` says): its code, by stored code.
const STATUS_CODE_OR_VALID = Uint8Array.from({ length: 256 }, (_, code) => (code < STATUSES.length ? code : VALID_CODE));
// Place of each status (by code) in ROW_STATUSES: the lower, the more severe.
const SEVERITY_RANK = Uint8Array.from(STATUSES, (name) => ROW_STATUSES.indexOf(name as (typeof ROW_STATUSES)[number]));

/** The ids the service gave each row (product, SKU, job): made on the first id, which a dry run never has. */
interface RowIdColumns {
  /** Makes room for rows below `capacity`. */
  grow(capacity: number): void;
  /** Sets (a number or text), clears (null) or keeps (undefined) each id of `row`; `capacity` is the store's. */
  set(row: number, ids: { productId?: number | null; skuId?: number | null; jobId?: string | null }, capacity: number): void;
  /** Puts the ids `row` has into `outcome`. */
  putInto(outcome: RowOutcome, row: number): void;
}

function createRowIdColumns(): RowIdColumns {
  let productIds: Float64Array | undefined;
  let skuIds: Float64Array | undefined;
  // Rows share few jobs: an index per row into the job ids, which are text (int64 may exceed 2^53).
  let jobIndex: Int32Array | undefined;
  const jobIds = new TextIndex();
  return {
    grow(capacity) {
      if (productIds) productIds = grow(productIds, capacity, Number.NaN);
      if (skuIds) skuIds = grow(skuIds, capacity, Number.NaN);
      if (jobIndex) jobIndex = grow(jobIndex, capacity, -1);
    },
    set(row, ids, capacity) {
      if (ids.productId != null) (productIds ??= createIdArray(capacity))[row] = ids.productId;
      else if (ids.productId === null && productIds) productIds[row] = Number.NaN;
      if (ids.skuId != null) (skuIds ??= createIdArray(capacity))[row] = ids.skuId;
      else if (ids.skuId === null && skuIds) skuIds[row] = Number.NaN;
      if (ids.jobId != null) (jobIndex ??= new Int32Array(capacity).fill(-1))[row] = jobIds.indexOf(ids.jobId);
      else if (ids.jobId === null && jobIndex) jobIndex[row] = -1;
    },
    putInto(outcome, row) {
      const productId = productIds?.[row] ?? Number.NaN;
      const skuId = skuIds?.[row] ?? Number.NaN;
      const jobId = jobIds.textAt(jobIndex?.[row] ?? -1);
      if (!Number.isNaN(productId)) outcome.productId = productId;
      if (!Number.isNaN(skuId)) outcome.skuId = skuId;
      if (jobId !== undefined) outcome.jobId = jobId;
    },
  };
}

/** Where a store keeps the issues of its rows: spilled to disk, or lists in memory. */
interface RowIssues {
  add(row: number, issue: Issue): void;
  /** The outcome of a row that has issues, with them (read back only when asked for). */
  outcomeOf(row: number, status: RowStatus): RowOutcome;
  /** Removes the issues of `row` that `predicate` picks; returns them. */
  remove(row: number, predicate: (issue: Issue) => boolean): Issue[];
  listsInRowOrder(): Iterable<IssueLine[]>;
}

function spilledRowIssues(spill: IssueSpill): RowIssues {
  return {
    add: (row, issue) => spill.add(row, issue),
    outcomeOf: (row, status) => ({ row, status, issues: spill.issuesOf(row) }),
    remove: (row, predicate) => spill.remove(row, predicate),
    listsInRowOrder: () => spill.rows(),
  };
}

/** Tests and small runs: a list per row. */
function createMemoryRowIssues(): RowIssues {
  const lists = new Map<number, Issue[]>();
  return {
    add(row, issue) {
      const list = lists.get(row);
      if (list) list.push(issue);
      else lists.set(row, [issue]);
    },
    outcomeOf: (row, status) => ({ row, status, issues: lists.get(row) ?? [] }),
    remove(row, predicate) {
      const list = lists.get(row);
      if (!list) return [];
      const kept: Issue[] = [];
      const removed: Issue[] = [];
      for (const issue of list) (predicate(issue) ? removed : kept).push(issue);
      if (kept.length) lists.set(row, kept);
      else lists.delete(row);
      return removed;
    },
    *listsInRowOrder() {
      for (const row of [...lists.keys()].sort((a, b) => a - b)) yield (lists.get(row) ?? []).map(createIssueLine);
    },
  };
}

/**
 * Texts many rows share (job ids), each kept once with a small index. The rows of a job are marked
 * one after another: the last text's index is remembered.
 */
class TextIndex {
  private readonly texts: string[] = [];
  private readonly indexes = new Map<string, number>();
  private lastText: string | undefined;
  private lastIndex = -1;

  indexOf(text: string): number {
    if (text === this.lastText) return this.lastIndex;
    let index = this.indexes.get(text);
    if (index === undefined) {
      index = this.texts.length;
      this.texts.push(text);
      this.indexes.set(text, index);
    }
    this.lastText = text;
    this.lastIndex = index;
    return index;
  }

  /** Number of texts indexed. */
  get size(): number {
    return this.texts.length;
  }

  textAt(index: number): string | undefined {
    // -1 (no text) is not looked up: a negative index is a named property to V8, searched for
    // through the prototype chain on V8's slow path (every row of a dry run has no job id).
    return index < 0 ? undefined : this.texts[index];
  }
}

function isOwnError(issue: Issue): boolean {
  return issue.severity === 'error' && issue.code !== 'product_has_invalid_rows';
}

function createIdArray(capacity: number): Float64Array {
  return new Float64Array(capacity).fill(Number.NaN);
}

function grow<T extends Uint8Array | Float64Array | Int32Array | Uint32Array>(array: T, capacity: number, fill: number): T {
  const next = new (array.constructor as { new (n: number): T })(capacity);
  next.fill(fill as never);
  next.set(array as never);
  return next;
}
