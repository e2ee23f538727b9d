/**
 * The run report's data: one outcome per source row and the versioned `summary.json` shape. The
 * pipeline fills these; the builders and writers in `src/report/` turn them into files and text.
 */
import type { Issue } from '../core/issue.js';

/** What happened to one source row. */
export type RowStatus =
  /** Dry run: the row would be sent. */
  | 'valid'
  /** The row has errors and was not sent. */
  | 'invalid'
  /** Valid but not sent (strict mode, `--max-errors` reached, interrupted, product blocked by another row). */
  | 'not_sent'
  /** Same content as the last accepted import, so not sent (`--changed-only` / plan). */
  | 'unchanged'
  /** The service accepted it (productId / skuId known). */
  | 'accepted'
  /** The service rejected it (its errors are in the issues). */
  | 'rejected'
  /** Sent, but the outcome could not be established. */
  | 'unknown'
  /** Taken by the service as a job that had not finished when the run stopped following it: the next run asks the job again (never re-sends). */
  | 'pending';

/** Every row status, in the order reports list them (problems first). */
export const ROW_STATUSES = ['invalid', 'rejected', 'unknown', 'pending', 'not_sent', 'valid', 'unchanged', 'accepted'] as const satisfies readonly RowStatus[];

/** What the summary counts of the row outcomes: rows by status, and products by their most severe row status. */
export interface StatusTally {
  rows: ReadonlyMap<RowStatus, number>;
  /** Products (rows with a product key) by the most severe status of their rows, in `ROW_STATUSES` order. */
  products: ReadonlyMap<RowStatus, number>;
}

/** Row statuses that need the seller's attention: these rows go to `rejected-rows.csv`. */
export const PROBLEM_STATUSES: ReadonlySet<RowStatus> = new Set<RowStatus>(['invalid', 'rejected', 'unknown', 'pending', 'not_sent']);

/** The outcome of one source row. */
export interface RowOutcome {
  /** Source row number as Excel shows it. */
  row: number;
  status: RowStatus;
  /** The seller's product key of the row. */
  productKey?: string;
  /** The seller's SKU key of the row. */
  skuKey?: string;
  /** Marketplace product id, when known. */
  productId?: number | null;
  /** Marketplace SKU id, when known. */
  skuId?: number | null;
  /** Import job that carried the row's product (exact decimal text). */
  jobId?: string | null;
  /** All issues of the row (read/map/validate/submit/job), each with `column` where known. */
  issues: Issue[];
}

/** Where the input came from, as written in `summary.json`. */
export interface RunSummarySource {
  file: string;
  format: 'csv' | 'xlsx';
  sheet?: string;
  encoding?: string;
  delimiter?: string;
  headerRow: number;
  sha256?: string;
}

/** One import job of the run. */
export interface RunSummaryJob {
  /** Exact decimal text. */
  jobId: string;
  /** Batch number, from 1. */
  batch: number;
  /** Products in the batch. */
  products: number;
  /** ISO time the service queued the job. */
  queuedAt?: string;
  /** ISO time the job was seen finished. */
  finishedAt?: string;
  status: string;
  durationMs?: number;
}

/** Counts of a run. */
export interface RunSummaryCounts {
  /** Source rows that got an outcome. */
  rows: number;
  /** Rows per status; statuses with no rows are left out. */
  byStatus: Partial<Record<RowStatus, number>>;
  /** Distinct product keys. */
  products: number;
  /** Products per status (a product takes the most severe status of its rows). */
  productsByStatus: Record<string, number>;
  issuesBySeverity: { error: number; warning: number };
  /** Issues per code, codes sorted. */
  issuesByCode: Record<string, number>;
}

/** The machine-readable run report, written as `summary.json`. */
export interface RunSummary {
  reportVersion: 1;
  tool: { name: 'catalog-import'; version: string };
  command: 'validate' | 'import';
  runId: string;
  /** ISO time. */
  startedAt: string;
  /** ISO time. */
  finishedAt: string;
  source: RunSummarySource;
  mapping: { file: string; sha256?: string };
  /** Never credentials. */
  service: { baseUrl: string; sandbox: boolean };
  /** Effective settings, with `sources` (where each came from); secrets never included. */
  settings: Record<string, unknown>;
  counts: RunSummaryCounts;
  jobs: RunSummaryJob[];
  /** Milliseconds per stage. */
  timings: Record<string, number>;
  /**
   * The issues, sorted by file, sheet, row, column (`compareIssues`): every one when `issueList`
   * is absent or `issueList.complete`; otherwise the first `issueList.examplesPerCode` of each code,
   * and every issue is in `issueList.file`.
   */
  issues: Issue[];
  /** Where every issue is: `issues.ndjson` beside `summary.json`, one JSON issue a line, in the same order. */
  issueList?: RunSummaryIssueList;
  exitCode: number;
}

/** How `summary.json` lists the issues, and where all of them are. */
interface RunSummaryIssueList {
  /** File name of the full list, in the report folder. */
  file: string;
  /** True when `issues` holds every issue. */
  complete: boolean;
  /** Most issues of one code in `issues`. */
  examplesPerCode: number;
  /** Issues per code for each severity (counts, like `counts.issuesByCode`, are of the full list). */
  bySeverityAndCode: { error: Record<string, number>; warning: Record<string, number> };
  /** Issues per code and column letter (`-`: of no column), of the full list. */
  byCodeAndColumn?: Record<string, Record<string, number>>;
}
