/**
 * `rejected-rows.csv`: the rows that need the seller's attention (invalid, rejected, unknown,
 * not sent), each with its status, issue codes and messages, then the original columns, so that
 * the seller can fix them and re-run; before them, the group rows they belong to (`addContext`).
 */
import { createCsvFileWriter } from './create-csv-file-writer.js';
import { buildAnnotationWords, joinIssueTexts } from './annotation-columns.js';
import type { Translator } from '../i18n/create-translator.js';
import { PROBLEM_STATUSES } from './report-types.js';
import type { RowOutcome } from './report-types.js';
import { copiesAllColumns, CSV_ISSUE_SEPARATOR, keptColumns } from './write-annotated-csv.js';
import type { BytesRow, CopiedRecord, TextRow } from './write-annotated-csv.js';

/** Columns written before the original ones. */
export const REJECTED_ROWS_LEADING_HEADERS = ['row', 'status', 'issue_code', 'message'] as const;

const CONTEXT_LEADING = REJECTED_ROWS_LEADING_HEADERS.map(() => '');

/** Options of `createRejectedRowsSink`. */
interface RejectedRowsOptions {
  /** Header texts of the input. */
  header: readonly string[];
  outPath: string;
  /** Default `,`. */
  delimiter?: string;
  /** The language of the `message` column (default English); `status` and `issue_code` stay codes. */
  translator?: Translator | undefined;
}

/** A row-at-a-time rejected-rows CSV, for callers that feed several outputs in one pass. */
export interface RejectedRowsSink {
  /** Writes the row when its outcome needs attention; resolves true when written. */
  add(row: TextRow, outcome: RowOutcome | undefined): Promise<boolean>;
  /**
   * As `add`, for a data row given as bytes. Only when `copiesAll`. A promise only when the file
   * is full (await it before writing more).
   */
  addBytes(row: BytesRow, outcome: RowOutcome | undefined): Promise<void> | undefined;
  /** True when every column of the header is copied (no `_` column of an earlier run dropped): rows may come as bytes. */
  readonly copiesAll: boolean;
  /**
   * Writes the group rows in effect for the next rejected row (outermost first) that the file does
   * not have yet, each as it stands under empty leading columns, so that the rejected rows after
   * them re-import with their groups; resolves with those it wrote. Group rows come in file order:
   * the file has every one up to the last it wrote.
   */
  addContext<T extends CopiedRecord>(groups: readonly T[]): Promise<readonly T[]>;
  close(): Promise<void>;
  /** Stops writing after a failure; resolves once the file is closed and the partial file removed. */
  destroy(): Promise<void>;
}

/** Opens `rejected-rows.csv` and writes its header. */
export async function createRejectedRowsSink(options: RejectedRowsOptions): Promise<RejectedRowsSink> {
  const keep = keptColumns(options.header);
  const file = createCsvFileWriter(options.outPath, options.delimiter ?? ',');
  try {
    await file.write([...REJECTED_ROWS_LEADING_HEADERS, ...keep.map((index) => options.header[index] ?? '')]);
  } catch (error) {
    await file.destroy();
    throw error;
  }
  // Usually no `_` column of an earlier run is dropped: the row's values are written as they are.
  const copyAll = copiesAllColumns(keep, options.header);
  const { translator } = buildAnnotationWords(options.translator);
  let lastContextRow = 0;
  return {
    async add(row, outcome) {
      if (outcome === undefined || !PROBLEM_STATUSES.has(outcome.status)) return false;
      const leading = buildLeadingCells(row.row, outcome, translator);
      const beyond = row.beyond ?? [];
      await file.write(leading, [...keep.map((index) => row.values[index] ?? ''), ...beyond]);
      return true;
    },
    addBytes(row, outcome) {
      if (outcome === undefined || !PROBLEM_STATUSES.has(outcome.status)) return undefined;
      if (!copyAll) return Promise.reject(new Error('rejected-rows.csv: a row as bytes, but columns of an earlier copy are dropped'));
      return file.writeBytes(row.bytes, row.start, row.end, row.pad, [], buildLeadingCells(row.row, outcome, translator));
    },
    copiesAll: copyAll,
    async addContext(groups) {
      const unwritten = groups.filter((group) => group.row > lastContextRow);
      for (const group of unwritten) await file.write(CONTEXT_LEADING, group.fields);
      lastContextRow = unwritten.at(-1)?.row ?? lastContextRow;
      return unwritten;
    },
    close: () => file.close(),
    destroy: () => file.destroy(),
  };
}

/** The `row`, `status`, `issue_code` and `message` cells of a row. */
function buildLeadingCells(row: number, outcome: RowOutcome, translator: Translator): string[] {
  // Each code once, in the order of the row's issues (a few: a list, not a set and two arrays per row).
  const codes: string[] = [];
  for (const issue of outcome.issues) if (!codes.includes(issue.code)) codes.push(issue.code);
  return [String(row), outcome.status, codes.join(CSV_ISSUE_SEPARATOR), joinIssueTexts(outcome.issues, CSV_ISSUE_SEPARATOR, translator)];
}
