/**
 * Writes the report folder of one run: `summary.json`, the annotated copy of the input
 * (`annotated.xlsx` or `annotated.csv`) and `rejected-rows.csv`. The input is read once: the
 * annotated copy and the rejected rows are written in the same pass.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { compareIssues, type Issue } from '../core/issue.js';
import { openCsvTextRows } from '../sources/read-csv-text-rows.js';
import type { ReadOptions, SourceInfo } from '../sources/types.js';
import { buildHeaderTexts } from './build-header-texts.js';
import type { RowOutcome, RunSummary } from './report-types.js';
import { createAnnotatedCsvSink } from './write-annotated-csv.js';
import { writeAnnotatedWorkbook } from './write-annotated-workbook.js';
import { createRejectedRowsSink, type RejectedRowsSink } from './write-rejected-rows-csv.js';
import { writeSummaryJson } from './write-summary-json.js';

/** File names inside the report folder. */
export const REPORT_FILES = {
  summary: 'summary.json',
  annotatedXlsx: 'annotated.xlsx',
  annotatedCsv: 'annotated.csv',
  rejectedRows: 'rejected-rows.csv',
  issues: 'issues.ndjson',
} as const;

/** Options of `writeRunReport`. */
export interface WriteRunReportOptions {
  /** The run's folder; created when missing. */
  dir: string;
  summary: RunSummary;
  /** The seller's file, read again for the copy. */
  sourcePath: string;
  /** What the reader found. `info.format` picks the annotated format. */
  info: SourceInfo;
  /** The options the reader used. */
  readOptions?: ReadOptions;
  outcomeOf: (row: number) => RowOutcome | undefined;
  /** CSV input: rows above the header, copied to the annotated CSV. */
  leadingRowsForCsv?: readonly (readonly string[])[];
  /**
   * Delimiter of `rejected-rows.csv`. Default: the input's delimiter for CSV; `;` for XLSX,
   * because Excel in the Russian and Kazakh locales splits CSV on `;` when the file is opened by
   * double-click.
   */
  rejectedRowsDelimiter?: string;
  /** XLSX input: also prefix formula-like text in the seller's cells (see `writeAnnotatedWorkbook`). */
  prefixFormulaText?: boolean;
  /**
   * Write the annotated copy (default true). Without it the input is not read again: for a run in
   * which no row needs attention, so `rejected-rows.csv` gets its header only.
   */
  annotated?: boolean;
}

/** Paths of the files written. */
export interface RunReportPaths {
  dir: string;
  summary: string;
  /** Null when the copy was not asked for (`annotated: false`). */
  annotated: string | null;
  rejectedRows: string;
  /** Every issue, one JSON a line (`writeIssuesNdjson`); set by the pipeline when it wrote one. */
  issues?: string;
}

/** Writes the report folder and returns the paths. */
export async function writeRunReport(options: WriteRunReportOptions): Promise<RunReportPaths> {
  const { dir, info } = options;
  await mkdir(dir, { recursive: true });
  const header = buildHeaderTexts(info);
  const paths: RunReportPaths = {
    dir,
    summary: join(dir, REPORT_FILES.summary),
    annotated: options.annotated === false ? null : join(dir, info.format === 'xlsx' ? REPORT_FILES.annotatedXlsx : REPORT_FILES.annotatedCsv),
    rejectedRows: join(dir, REPORT_FILES.rejectedRows),
  };
  const inputDelimiter = info.delimiter ?? ',';
  const rejected = await createRejectedRowsSink({
    header,
    outPath: paths.rejectedRows,
    delimiter: options.rejectedRowsDelimiter ?? (info.format === 'csv' ? inputDelimiter : ';'),
  });
  let copyWarnings: Issue[] = [];
  try {
    // Without the copy no row needs attention (see `annotated`): the input is not read again.
    if (paths.annotated !== null) copyWarnings = await writeAnnotatedCopy(options, paths.annotated, header, rejected);
    await rejected.close();
  } catch (error) {
    rejected.destroy();
    throw error;
  }
  // What the copy could not do as usual (rows out of order, no room for the `_` columns) is reported with the file's issues.
  await writeSummaryJson(paths.summary, copyWarnings.length === 0 ? options.summary : { ...options.summary, issues: [...options.summary.issues, ...copyWarnings].sort(compareIssues) });
  return paths;
}

/** Streams the annotated copy to `outPath`, feeding `rejected-rows.csv` from the same read of the input; resolves with the copy's warnings. */
async function writeAnnotatedCopy(options: WriteRunReportOptions, outPath: string, header: string[], rejected: RejectedRowsSink): Promise<Issue[]> {
  const { info } = options;
  if (info.format === 'xlsx') {
    const result = await writeAnnotatedWorkbook({
      sourcePath: options.sourcePath,
      outPath,
      info,
      ...(options.readOptions !== undefined ? { readOptions: options.readOptions } : {}),
      ...(options.prefixFormulaText !== undefined ? { prefixFormulaText: options.prefixFormulaText } : {}),
      outcomeOf: options.outcomeOf,
      onDataRow: async (row, outcome) => {
        await rejected.add(row, outcome);
      },
    });
    return result.warnings;
  }
  // The rows the reader yielded, read again as text only: the copy needs their texts, not their cells.
  const rows = await openCsvTextRows(options.sourcePath, options.readOptions ?? {}, info);
  const annotated = await createAnnotatedCsvSink({
    header,
    outPath,
    delimiter: info.delimiter ?? ',',
    outcomeOf: options.outcomeOf,
    ...(options.leadingRowsForCsv !== undefined ? { leadingRows: options.leadingRowsForCsv } : {}),
  });
  try {
    for await (const row of rows) {
      await annotated.add(row);
      await rejected.add(row, options.outcomeOf(row.row));
    }
    await annotated.close();
  } catch (error) {
    annotated.destroy();
    await rows.return(undefined);
    throw error;
  }
  return [];
}
