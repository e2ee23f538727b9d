/**
 * The report folder's copies of the seller's file, the annotated copy (`annotated.xlsx` or
 * `annotated.csv`) and `rejected-rows.csv`, written in one read of the input, and `summary.json`,
 * written last. `finishRun` (`src/pipeline/finish-run.ts`) runs them in the report's one order:
 * `issues.ndjson`, the copies, `summary.json`, `report.html`.
 */
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { InternalError, SourceReadError } from '../core/errors.js';
import { compareIssues, createIssue, type Issue } from '../core/issue.js';
import { restoreHeaderTexts } from '../sources/build-header-layout.js';
import type { ReadOptions, SourceInfo } from '../sources/types.js';
import { buildHeaderTexts } from './build-header-texts.js';
import { PROBLEM_STATUSES, type RowOutcome, type RunSummary } from './report-types.js';
import { createAnnotatedCsvSink, keptColumns, type AnnotatedCsvSink, type TextRow } from './write-annotated-csv.js';
import type { GroupRowRecord } from './xlsx-patch/track-group-rows.js';
import { createRejectedRowsSink, REJECTED_ROWS_LEADING_HEADERS, type RejectedRowsSink } from './write-rejected-rows-csv.js';
import { createFedBackGroupCheck, type FedBackGroupCheck } from './xlsx-patch/check-fed-back-groups.js';
import { REPORT_HTML_FILE } from './html/write-report-html.js';
import type { Translator } from '../i18n/create-translator.js';
import { writeReportFile } from './start-atomic-file.js';

/** File names inside the report folder. */
export const REPORT_FILES = {
  summary: 'summary.json',
  annotatedXlsx: 'annotated.xlsx',
  annotatedCsv: 'annotated.csv',
  rejectedRows: 'rejected-rows.csv',
  issues: 'issues.ndjson',
  html: REPORT_HTML_FILE,
} as const;

/** Options of `writeReportCopies`. */
export interface ReportCopiesOptions {
  /** The run's folder; created when missing. */
  dir: string;
  /** The seller's file, read again for the copy. */
  sourcePath: string;
  /** What the reader found. `info.format` picks the annotated format. */
  info: SourceInfo;
  /** The options the reader used. */
  readOptions?: ReadOptions;
  outcomeOf: (row: number) => RowOutcome | undefined;
  /**
   * Write the annotated copy (default true). Without it the input is not read again (a CSV input's
   * header only): for a run in which no row needs attention, so `rejected-rows.csv` gets its header only.
   */
  annotated?: boolean;
  /** The run's language, for the texts a person reads in the report (annotated copy, report.html; default English). */
  translator?: Translator;
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
  /** The run's page (`report.html`), written last; set by the pipeline. */
  html?: string;
}

/** What `writeReportCopies` wrote, and what the copy could not do as usual (for `summary.json`). */
export interface ReportCopies {
  paths: RunReportPaths;
  warnings: Issue[];
}

/**
 * The annotated copy and `rejected-rows.csv`, in one read of the input; `summary.json` is written
 * after them (`writeReportSummary`), once what it needs is known: the summary keeps the digest of
 * `issues.ndjson` and the copy's warnings. `rejected-rows.csv` takes the input's delimiter for CSV,
 * `;` for XLSX: Excel in the Russian and Kazakh locales splits a CSV on `;` when the file is opened
 * by double-click.
 */
export async function writeReportCopies(options: ReportCopiesOptions): Promise<ReportCopies> {
  const { dir, info } = options;
  await mkdir(dir, { recursive: true });
  const paths: RunReportPaths = {
    dir,
    summary: join(dir, REPORT_FILES.summary),
    annotated: options.annotated === false ? null : join(dir, info.format === 'xlsx' ? REPORT_FILES.annotatedXlsx : REPORT_FILES.annotatedCsv),
    rejectedRows: join(dir, REPORT_FILES.rejectedRows),
  };
  const rejectedDelimiter = info.format === 'csv' ? (info.delimiter ?? ',') : ';';
  const warnings = info.format === 'xlsx' ? await writeWorkbookReport(options, paths, rejectedDelimiter) : await writeCsvReport(options, paths, rejectedDelimiter);
  return { paths, warnings };
}

/** Removes what `writeReportCopies` wrote in `dir` (whole or partial): the copies of a run that keeps none. */
export async function removeReportCopies(dir: string): Promise<void> {
  await Promise.all([REPORT_FILES.annotatedXlsx, REPORT_FILES.annotatedCsv, REPORT_FILES.rejectedRows].map((name) => rm(join(dir, name), { force: true })));
}

/** `summary.json`, after the copies, with the copy's warnings among the file's issues. */
export async function writeReportSummary(paths: RunReportPaths, summary: RunSummary, copyWarnings: readonly Issue[]): Promise<void> {
  // What the copy could not do as usual (rows out of order, no room for the `_` columns) is reported with the file's issues.
  await writeSummaryJson(paths.summary, copyWarnings.length === 0 ? summary : { ...summary, issues: [...summary.issues, ...copyWarnings].sort(compareIssues) });
}

/**
 * XLSX input: the annotated workbook (a patch of the seller's file), feeding `rejected-rows.csv`
 * from the same read: the sheet's whole header (the seller's `_` columns included), then each row
 * that needs attention after the group rows in effect for it, each written once, as the CSV path
 * does; resolves with the copy's warnings.
 */
async function writeWorkbookReport(options: ReportCopiesOptions, paths: RunReportPaths, delimiter: string): Promise<Issue[]> {
  const { info } = options;
  const groupRows = options.readOptions?.groupRows;
  let rejected: RejectedRowsSink | undefined;
  let groupCheck: FedBackGroupCheck | undefined;
  // Opened once: by the copy's `onHeader` (called once, before the first row, even when the sheet
  // ends above its header), or at the end when there is no copy.
  const openRejected = async (header: readonly string[]): Promise<RejectedRowsSink> => {
    rejected = await createRejectedRowsSink({ header, outPath: paths.rejectedRows, delimiter, translator: options.translator });
    if (groupRows !== undefined) {
      const names = [...REJECTED_ROWS_LEADING_HEADERS, ...keptColumns(header).map((index) => header[index] ?? '')];
      groupCheck = createFedBackGroupCheck({ groupRows, header: names, ignoreHeaderPrefix: options.readOptions?.ignoreHeaderPrefix, leading: REJECTED_ROWS_LEADING_HEADERS.length, file: paths.rejectedRows, sheet: info.sheet });
    }
    return rejected;
  };
  try {
    let warnings: Issue[] = [];
    // Without the copy no row needs attention (see `annotated`): the input is not read again.
    if (paths.annotated !== null) {
      const addRejected = async (sink: RejectedRowsSink, row: TextRow, outcome: RowOutcome, groups: readonly GroupRowRecord[]): Promise<void> => {
        const unwritten = await sink.addContext(groups);
        groupCheck?.check(row.row, groups, unwritten);
        await sink.add(row, outcome);
      };
      // Loaded only for a copy (issue 39): a clean file's dry run writes none.
      const { writeAnnotatedWorkbook } = await import('./write-annotated-workbook.js');
      const result = await writeAnnotatedWorkbook({
        sourcePath: options.sourcePath,
        outPath: paths.annotated,
        info,
        ...(options.readOptions !== undefined ? { readOptions: options.readOptions } : {}),
        ...(options.translator !== undefined ? { translator: options.translator } : {}),
        outcomeOf: options.outcomeOf,
        onHeader: async (header) => void (await openRejected(header)),
        // Only the rows written to rejected-rows.csv are read (`addRejected`).
        onDataRowReads: (outcome) => outcome !== undefined && PROBLEM_STATUSES.has(outcome.status),
        // Most rows need nothing here: no promise.
        onDataRow: (row, outcome, groups) => {
          if (outcome === undefined || !PROBLEM_STATUSES.has(outcome.status)) return undefined;
          if (rejected === undefined) throw new InternalError('the annotated copy handed a row before its header');
          return addRejected(rejected, row, outcome, groups);
        },
      }).catch((error: unknown) => reportMissingCopy(error, info, paths));
      warnings = [...result.warnings, ...(groupCheck?.warnings() ?? [])];
    }
    await (rejected ?? (await openRejected(buildHeaderTexts(info)))).close();
    return warnings;
  } catch (error) {
    await (rejected as RejectedRowsSink | undefined)?.destroy();
    throw error;
  }
}

/**
 * A copy the seller's workbook does not allow (`SourceReadError`: a part it cannot patch) is left
 * out, not the run's report: the copy's partial file is removed already, `rejected-rows.csv` keeps
 * the rows read before, and the warning names the file and why. Any other error goes up.
 */
function reportMissingCopy(error: unknown, info: SourceInfo, paths: RunReportPaths): { warnings: Issue[] } {
  if (!(error instanceof SourceReadError)) throw error;
  paths.annotated = null;
  const detail = error.message.startsWith(`${error.file}: `) ? error.message.slice(error.file.length + 2) : error.message;
  return {
    warnings: [createIssue({ code: 'annotation_copy_failed', severity: 'warning', stage: 'read', file: info.file, ...(info.sheet !== undefined ? { sheet: info.sheet } : {}), data: { detail } })],
  };
}

/**
 * CSV input: the annotated CSV (every record of the input in file order, on the rows the reader
 * numbered) and `rejected-rows.csv` (header, then each row that needs attention after the group
 * rows in effect for it), from one read of the input through the reader's text mode (`openCsvCopyRecords`).
 */
async function writeCsvReport(options: ReportCopiesOptions, paths: RunReportPaths, delimiter: string): Promise<Issue[]> {
  // The CSV reader's text mode and the copier are loaded for CSV input only (issue 39).
  const [{ openCsvCopyRecords }, { copyCsvRecords }] = await Promise.all([import('../sources/open-csv-copy-records.js'), import('./copy-csv-records.js')]);
  // The copy checks the header it reads against the reader's: by the cells' own texts, not the suffixed names.
  const copy = await openCsvCopyRecords(options.sourcePath, options.readOptions ?? {}, restoreHeaderTexts(options.info));
  // The header up to its last non-blank field, the seller's own `_` columns included; names trimmed
  // as the reader reads them (a BOM or spaces around a name would only make the copy's header quoted).
  const header = copy.header.fields.slice(0, copy.width).map((name) => name.trim());
  let rejected: RejectedRowsSink | undefined;
  let annotated: AnnotatedCsvSink | undefined;
  try {
    rejected = await createRejectedRowsSink({ header, outPath: paths.rejectedRows, delimiter, translator: options.translator });
    if (paths.annotated !== null) {
      annotated = await createAnnotatedCsvSink({
        header,
        outPath: paths.annotated,
        delimiter: copy.delimiter,
        outcomeOf: options.outcomeOf,
        leadingRows: copy.leading,
        headerRow: copy.header.row,
        ...(options.translator !== undefined ? { translator: options.translator } : {}),
      });
      await copyCsvRecords({ copy, annotated, rejected, outcomeOf: options.outcomeOf });
      await annotated.close();
    }
    await rejected.close();
  } catch (error) {
    // Destroyed before the error goes up: each removes its partial file.
    await Promise.all([annotated?.destroy(), rejected?.destroy()]);
    throw error;
  } finally {
    await copy.records.return(undefined);
  }
  return [];
}

/** Writes `summary.json`: the summary as indented UTF-8 JSON with a final newline (under a temporary name, then renamed). */
export async function writeSummaryJson(path: string, summary: RunSummary): Promise<void> {
  await writeReportFile(path, `${JSON.stringify(summary, null, 2)}\n`);
}
