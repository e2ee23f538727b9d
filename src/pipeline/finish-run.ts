/**
 * The end of every data command: the exit code, the versioned summary, and the report folder
 * (issues.ndjson, the annotated copy of the seller's file, rejected rows, summary.json, then report.html), then
 * the run's status in the journal. issues.ndjson is written first, streamed from the outcome store;
 * summary.json, which keeps the list's digest, comes last. When the list cannot be written (a full
 * disk), the run ends with its error before any copy is written; when a copy fails, the copies are
 * removed: the folder never holds a copy without the summary.json that says what it is. The copies
 * read the seller's file again: when it changed since the run read it, they are removed and
 * summary.json warns `source_changed_after_read` instead (the run's outcome and exit code stand).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Deps } from '../core/deps.js';
import { compareIssues, createIssue, type Issue } from '../core/issue.js';
import { TOOL_VERSION } from '../core/version.js';
import { buildRunSummary } from '../report/build-run-summary.js';
import type { RowOutcome, RunSummaryJob } from '../report/report-types.js';
import { writeIssuesNdjson } from '../report/write-issues-ndjson.js';
import type { RunResult } from '../report/write-result-json.js';
import { removeReportCopies, REPORT_FILES, writeReportCopies, writeReportSummary, type ReportCopies } from '../report/write-run-report.js';
import { writeReportHtml } from '../report/html/write-report-html.js';
import { describeSettings } from '../settings/describe-settings.js';
import { findSourceChange } from './check-source-unchanged.js';
import type { PreparedRun } from './prepare-run.js';
import type { ReadAndValidateResult } from './read-and-validate.js';
import type { RowOutcomeStore } from './row-outcome-store.js';

/** Codes the report stage adds to summary.json (the table tests and `docs/issue-codes.md` match on). */
export const REPORT_ISSUE_CODES = {
  source_changed_after_read:
    'The file changed after the run read it, while the report read it again for the annotated copy and rejected-rows.csv: those copies were removed (warning); the statuses stand for the content read. Run validate again for a copy.',
  annotation_copy_failed:
    "The annotated copy could not be written for a reason of the seller's file (quoted); the rest of the report is written and the exit code is the file's own. rejected-rows.csv may lack rows (it is filled by the copy's read); every row's issues are in issues.ndjson (warning).",
} as const;

/** Options of `finishRun`. */
export interface FinishRunOptions {
  command: 'validate' | 'import';
  runId: string;
  prep: PreparedRun;
  read: ReadAndValidateResult;
  outcomes: RowOutcomeStore;
  extraIssues: Issue[];
  jobs: RunSummaryJob[];
  timings: Record<string, number>;
  startedAt: Date;
  interrupted: boolean;
  /** The import sent nothing on purpose (`--strict`, `--max-errors`): its unsent rows do not keep the run open. */
  blocked?: boolean;
  /** The service answered something unreadable to a request whose rows are left of unknown fate: exit 3, not 1. */
  serviceFault?: boolean;
  reportsRoot: string;
  /** `import --plan`: nothing was meant to be sent, the run is finished once reported. */
  planOnly?: boolean;
  /** This attempt's report folder; default `<reportsRoot>/<runId>`. */
  reportDir?: string;
  deps: Deps;
}

/**
 * Exit code of a finished run: 0 all good, 1 some rows not valid/accepted, 2 the file held no data
 * row (as an empty file: a bad input file, nothing sent), 3 the service misbehaved, 130 interrupted.
 */
function decideExitCode(command: 'validate' | 'import', counts: Partial<Record<string, number>>, rows: number, interrupted: boolean, serviceFault = false): number {
  if (interrupted) return 130;
  if (serviceFault) return 3;
  if (rows === 0) return 2;
  const bad = (counts.invalid ?? 0) + (counts.rejected ?? 0) + (counts.unknown ?? 0) + (counts.pending ?? 0) + (counts.not_sent ?? 0);
  if (command === 'validate') return (counts.invalid ?? 0) + (counts.not_sent ?? 0) > 0 ? 1 : 0;
  return bad > 0 ? 1 : 0;
}

/** What `decideAnnotatedCopy` looks at: known before the issue list is written. */
export interface AnnotatedCopyFacts {
  /** Data rows. */
  rows: number;
  /** Rows whose status is `valid`. */
  valid: number;
  /** Whether the run has any issue, of any severity. */
  hasIssues: boolean;
}

/**
 * Whether the report gets the annotated copy. A clean dry run (every row valid, no issue of any
 * severity, not interrupted) gets none under `auto`: it would repeat the seller's file with `valid`
 * on every row, and writing it is about half of a clean dry run's time. An import always gets one,
 * since it carries the ids the service gave.
 */
export function decideAnnotatedCopy(command: 'validate' | 'import', setting: 'auto' | 'always', facts: AnnotatedCopyFacts, interrupted: boolean): boolean {
  if (setting === 'always' || command === 'import' || interrupted) return true;
  return facts.hasIssues || facts.valid !== facts.rows;
}

/** Builds the summary, writes the report and closes the run in the journal. */
export async function finishRun(options: FinishRunOptions): Promise<RunResult> {
  const { prep, read, outcomes, deps } = options;
  const counts = outcomes.counts();
  const exitCode = decideExitCode(options.command, counts, read.counts.rows, options.interrupted, options.serviceFault === true);
  const reportDir = options.reportDir ?? join(options.reportsRoot, options.runId);
  const translator = prep.translator;
  const outcomeOf = (row: number): RowOutcome | undefined => outcomes.outcomeOf(row);
  // Every issue goes to issues.ndjson, streamed from the outcome store in row order (a run's row
  // issues are on disk): summary.json keeps counts and examples, not millions of issues.
  await mkdir(reportDir, { recursive: true });
  deps.onEvent({ type: 'stage:start', stage: 'report', detail: reportDir, text: { key: 'stage.report.start', data: { dir: reportDir } } });
  const issuesPath = join(reportDir, REPORT_FILES.issues);
  const digest = await writeIssuesNdjson({
    path: issuesPath,
    otherIssues: [...prep.mappingIssues, ...read.fileIssues, ...options.extraIssues.filter((i) => i.row === undefined)],
    rowLists: outcomes.issueListsInRowOrder(),
  });
  let copies: ReportCopies;
  try {
    copies = await writeReportCopies({
      dir: reportDir,
      annotated: decideAnnotatedCopy(options.command, prep.settings.annotatedCopy, { rows: outcomes.size(), valid: counts.valid ?? 0, hasIssues: digest.total > 0 }, options.interrupted),
      sourcePath: prep.sourcePath,
      info: read.info,
      readOptions: prep.readOptions,
      outcomeOf,
      translator,
    });
  } catch (error) {
    // No copy, whole or partial, is kept without the summary.json that says what it is (removed on a best effort).
    await removeReportCopies(reportDir).catch(() => undefined);
    throw error;
  }
  // The copies read the file again, after the check that followed the reading (for an import, after
  // all the sending): a write meanwhile would have them show content the run did not read. Looked
  // at once more now, before summary.json; the copies of a file that changed are removed, and the
  // summary says so. The run's outcome stands: it is about what was read (and, for an import, sent).
  const change = await findSourceChange(prep);
  const withdrawn = change === undefined ? undefined : await withdrawReportCopies(reportDir, prep, change);
  const built = buildRunSummary({
    toolVersion: TOOL_VERSION,
    command: options.command,
    runId: options.runId,
    startedAt: options.startedAt,
    finishedAt: deps.now(),
    source: {
      file: prep.displayPath,
      format: read.info.format,
      ...(read.info.sheet !== undefined ? { sheet: read.info.sheet } : {}),
      ...(read.info.encoding !== undefined ? { encoding: read.info.encoding } : {}),
      ...(read.info.delimiter !== undefined ? { delimiter: read.info.delimiter } : {}),
      headerRow: read.info.headerRow,
      sha256: prep.fileSha256,
    },
    mapping: { file: prep.mappingPath, sha256: prep.mappingSha256 },
    service: { baseUrl: prep.settings.sandbox ? `${prep.service.baseUrl} (embedded sandbox)` : prep.service.baseUrl, sandbox: prep.settings.sandbox },
    settings: describeSettings(prep.resolved),
    outcomes: (function* () {
      for (const row of outcomes.rows()) {
        const outcome = outcomes.outcomeOf(row, false);
        if (outcome) yield outcome;
      }
    })(),
    tally: outcomes.tally(),
    issueDigest: { digest, file: REPORT_FILES.issues },
    jobs: [...options.jobs].sort((a, b) => a.batch - b.batch),
    timings: options.timings,
    exitCode,
  });
  // The report's warnings (the copy's, or its withdrawal) are in the summary returned too (the
  // terminal, `--json`) and in report.html, not only in summary.json.
  const reportWarnings = withdrawn === undefined ? copies.warnings : [withdrawn];
  const summary = reportWarnings.length === 0 ? built : { ...built, issues: [...built.issues, ...reportWarnings].sort(compareIssues) };
  await writeReportSummary(copies.paths, summary, []);
  const written = copies.paths;
  // Last: the page links the files the folder holds now.
  const html = await writeReportHtml({ dir: reportDir, summary, translator });
  const reportPaths = { ...written, issues: issuesPath, html };
  // An import is finished once every row has its final outcome — invalid rows and rows not sent
  // because their product has an invalid row are final too. It stays resumable (`interrupted`)
  // only while work is left: a row of unknown fate, a row not sent because the run stopped or a
  // request could not be settled, a request still to follow.
  const open =
    options.command === 'import' &&
    !options.planOnly &&
    ((!options.blocked && ((counts.unknown ?? 0) > 0 || (counts.pending ?? 0) > 0 || options.extraIssues.some((issue) => issue.code === 'not_sent_interrupted'))) ||
      prep.store.listBatches(options.runId).some((b) => b.status !== 'done' && !(b.status === 'failed' && b.retryable === false)));
  // A file that delivered no data row ends as an unreadable one does (`failed`, exit 2): never an
  // import of that content (`watch` would take the next such file for a duplicate of it).
  const status = options.interrupted || open ? 'interrupted' : exitCode === 2 ? 'failed' : 'finished';
  prep.store.setRunStatus(options.runId, status, { exitCode, summaryPath: reportPaths.summary });
  // A finished run is never replayed: its spool (about 0.7 KB a product) goes.
  if (status === 'finished') prep.store.clearSpool(options.runId);
  return { runId: options.runId, reportDir, reportPaths, summary, exitCode };
}

/**
 * Removes the copies of a file that changed after the run read it (`change` says how, as
 * `findSourceChange` found it), and returns the warning that takes their place in the summary (the
 * copies' own warnings go with them).
 */
async function withdrawReportCopies(reportDir: string, prep: PreparedRun, change: string): Promise<Issue> {
  // Not removable (a folder made read-only meanwhile): the run's outcome still stands, and the warning says so.
  const kept = await removeReportCopies(reportDir).then(
    () => undefined,
    (error: unknown) => (error as Error).message,
  );
  const code: keyof typeof REPORT_ISSUE_CODES = 'source_changed_after_read';
  const data = { file: prep.displayPath, change, sha256: prep.fileSha256, hint: 'validate_again' };
  return createIssue({ stage: 'read', code, severity: 'warning', file: prep.displayPath, data: kept === undefined ? data : { ...data, variant: 'kept', kept } });
}
