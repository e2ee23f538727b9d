/**
 * The terminal summary of a run, in the run's language (`terminal.json`). Pure:
 * `(summary, options) => string`; the CLI prints it.
 */
import { formatIssueBody, renderIssueHint, renderIssueMessage } from '../core/issue.js';
import type { Translator } from '../i18n/create-translator.js';
import type { Issue, Severity } from '../core/issue.js';
import { ROW_STATUSES } from './report-types.js';
import type { RowStatus, RunSummary } from './report-types.js';
import { NO_COLUMN } from './write-issues-ndjson.js';
import { checkFollowOnCode } from './rank-root-causes.js';
import { cutToLength } from '../core/cut-for-message.js';

/** Options of `renderSummary`. */
interface RenderSummaryOptions {
  /** Use ANSI colours. */
  color: boolean;
  /** The run's language. */
  translator: Translator;
  /** Examples shown per issue code. Default 3. */
  maxExamples?: number;
  /** The report folder, shown last. */
  reportDir?: string;
  /** The report has no annotated copy (a clean dry run): say so, and how to get one. */
  annotatedSkipped?: boolean;
}

const STATUS_COLOURS: Record<RowStatus, string> = {
  invalid: 'red',
  rejected: 'red',
  unknown: 'yellow',
  pending: 'yellow',
  not_sent: 'yellow',
  valid: 'green',
  unchanged: 'dim',
  accepted: 'green',
};

const ANSI: Record<string, [string, string]> = {
  red: ['\u001B[31m', '\u001B[39m'],
  yellow: ['\u001B[33m', '\u001B[39m'],
  green: ['\u001B[32m', '\u001B[39m'],
  dim: ['\u001B[2m', '\u001B[22m'],
  bold: ['\u001B[1m', '\u001B[22m'],
};

/**
 * Renders the summary: a headline, issues grouped by code (errors first, then warnings) with
 * counts and the first `maxExamples` examples (row, column, value), row and product counts by
 * status, jobs, and where the report is. Text from the seller's file (Russian, Kazakh) is kept
 * as is.
 */
export function renderSummary(summary: RunSummary, options: RenderSummaryOptions): string {
  const paint = (style: string, text: string): string => {
    const codes = ANSI[style];
    return options.color && codes !== undefined ? `${codes[0]}${text}${codes[1]}` : text;
  };
  const t = options.translator;
  const maxExamples = options.maxExamples ?? 3;
  const { counts } = summary;
  const lines: string[] = [];

  const where = summary.source.sheet !== undefined ? `${summary.source.file} › ${summary.source.sheet}` : summary.source.file;
  const { error: errors, warning: warnings } = counts.issuesBySeverity;
  lines.push(
    paint('bold', t.translate('summary.title', { command: summary.command, where })) +
      ` — ${t.translate('rows.count', { count: counts.rows })}, ${t.translate('summary.products', { count: counts.products })}, ` +
      `${paint(errors > 0 ? 'red' : 'green', t.translate('summary.errors', { count: errors }))}, ` +
      `${paint(warnings > 0 ? 'yellow' : 'dim', t.translate('summary.warnings', { count: warnings }))}`,
  );

  for (const severity of ['error', 'warning'] as const satisfies readonly Severity[]) {
    // With a bounded list (`issueList`), the counts are of every issue, the examples of the first.
    const totals = summary.issueList?.bySeverityAndCode[severity];
    const groups = groupByCode(summary.issues.filter((issue) => issue.severity === severity), totals);
    if (groups.length === 0) continue;
    lines.push('', paint('bold', t.translate(severity === 'error' ? 'summary.errors_by_code' : 'summary.warnings_by_code')));
    for (const [code, issues, total] of groups) {
      lines.push(`  ${paint(severity === 'error' ? 'red' : 'yellow', code)} ×${total}`);
      const columns = rankColumns(summary.issueList?.byCodeAndColumn?.[code] ?? countColumns(issues));
      if (columns.length > 1) {
        lines.push(`    ${t.translate('summary.by_column', { columns: columns.slice(0, MAX_COLUMNS).map(([column, n]) => `${describeColumn(column, issues, t)} ×${n}`).join(', ') })}`);
      }
      const messages = rankMessages(issues, t);
      if (messages.length > 1) {
        const list = messages.slice(0, MAX_MESSAGES).map(([message, n]) => `×${n} "${cutToLength(message, 80)}"`).join(', ');
        lines.push(`    ${issues.length < total ? t.translate('summary.messages_in_first', { count: issues.length, list }) : t.translate('summary.messages', { list })}`);
      }
      const shown = pickExamples(issues, columns, maxExamples);
      for (const issue of shown) lines.push(`    ${renderExample(issue, t)}`);
      if (total > shown.length) lines.push(paint('dim', `    ${t.translate('list.more', { count: total - shown.length })}`));
      for (const hint of listHints(issues, t)) lines.push(`    ${paint('dim', t.translate('summary.hint'))} ${hint}`);
    }
  }

  lines.push('', paint('bold', t.translate('summary.rows_by_status')));
  lines.push(...renderStatusCounts(counts.byStatus, paint, t));
  if (counts.products > 0) {
    lines.push('', paint('bold', t.translate('summary.products_by_status')));
    lines.push(...renderStatusCounts(counts.productsByStatus, paint, t));
  }

  if (summary.jobs.length > 0) {
    const byStatus = new Map<string, number>();
    for (const job of summary.jobs) byStatus.set(job.status, (byStatus.get(job.status) ?? 0) + 1);
    const parts = [...byStatus].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([status, n]) => `${n} ${status}`);
    lines.push('', `${paint('bold', t.translate('summary.jobs'))}: ${summary.jobs.length} (${parts.join(', ')})`);
  }

  if (options.reportDir !== undefined) lines.push('', t.translate('summary.report', { dir: options.reportDir }));
  if (options.reportDir !== undefined && summary.issueList !== undefined && !summary.issueList.complete) {
    lines.push(t.translate('summary.every_issue', { file: summary.issueList.file, count: summary.issueList.examplesPerCode }));
  }
  // A copy the file did not allow is said by its warning among the issues, not as a clean run's choice.
  if (options.annotatedSkipped === true && !summary.issues.some((issue) => issue.code === 'annotation_copy_failed')) lines.push(t.translate('summary.no_annotated_copy'));
  return lines.join('\n');
}

const MAX_COLUMNS = 5;

const MAX_MESSAGES = 5;

/** The distinct messages of a code's issues, most frequent first (first met breaks ties). */
function rankMessages(issues: readonly Issue[], t: Translator): [string, number][] {
  const counts = new Map<string, number>();
  for (const issue of issues) {
    const message = renderIssueMessage(issue, t);
    counts.set(message, (counts.get(message) ?? 0) + 1);
  }
  return [...counts].sort(([, m], [, n]) => n - m);
}

/** Issues per column letter, for a list that holds every issue of its code. */
function countColumns(issues: readonly Issue[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const issue of issues) counts[issue.column ?? NO_COLUMN] = (counts[issue.column ?? NO_COLUMN] ?? 0) + 1;
  return counts;
}

/** Columns by how many issues they hold, most first; the letter breaks ties. */
function rankColumns(counts: Readonly<Record<string, number>>): [string, number][] {
  return Object.entries(counts).sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0));
}

/** `D (Описание)`: the letter with the header an example names, or "no column". */
function describeColumn(column: string, issues: readonly Issue[], t: Translator): string {
  if (column === NO_COLUMN) return t.translate('summary.no_column');
  const header = issues.find((issue) => issue.column === column && issue.header !== undefined)?.header;
  return header === undefined ? t.translate('summary.column', { column }) : t.translate('summary.column_with_header', { column, header });
}

/**
 * Examples that show what the code is about: one from each of the busiest columns first (the
 * first examples are often all of one column while another holds most of the issues), then the
 * rest in order.
 */
function pickExamples(issues: readonly Issue[], columns: readonly [string, number][], max: number): Issue[] {
  const picked: Issue[] = [];
  for (const [column] of columns) {
    if (picked.length >= max) break;
    const example = issues.find((issue) => (issue.column ?? NO_COLUMN) === column);
    if (example !== undefined) picked.push(example);
  }
  for (const issue of issues) {
    if (picked.length >= max) break;
    if (!picked.includes(issue)) picked.push(issue);
  }
  return picked;
}

/** The distinct hints of a code's issues, in the order first met. */
function listHints(issues: readonly Issue[], t: Translator): string[] {
  return [...new Set(issues.flatMap((issue) => {
    const hint = renderIssueHint(issue, t);
    return hint === undefined || hint === '' ? [] : [hint];
  }))];
}

function renderExample(issue: Issue, t: Translator): string {
  // File and sheet are in the headline; an example only needs row and column.
  const location = {
    ...(issue.row !== undefined ? { row: issue.row } : {}),
    ...(issue.column !== undefined ? { column: issue.column } : {}),
    ...(issue.header !== undefined ? { header: issue.header } : {}),
    ...(issue.row === undefined && issue.column === undefined ? pathOf(issue) : {}),
  };
  // Without the hint: the hints of a code are listed once, below its examples.
  return formatIssueBody(issue, location, t, { hint: false });
}

function pathOf(issue: Issue): { path?: string } {
  if (issue.productKey !== undefined) return { path: `product ${issue.productKey}` };
  return issue.path !== undefined ? { path: issue.path } : {};
}

function renderStatusCounts(
  counts: Readonly<Record<string, number | undefined>>,
  paint: (style: string, text: string) => string,
  t: Translator,
): string[] {
  const lines: string[] = [];
  const labels = new Map(ROW_STATUSES.map((status) => [status, t.translate(`summary.status.${status}`)]));
  const width = Math.max(...[...labels.values()].map((label) => label.length));
  for (const status of ROW_STATUSES) {
    const n = counts[status];
    if (n === undefined || n === 0) continue;
    lines.push(`  ${paint(STATUS_COLOURS[status], (labels.get(status) ?? status).padEnd(width))}  ${n}`);
  }
  // Statuses the pipeline may add later are still shown, after the known ones.
  for (const [status, n] of Object.entries(counts)) {
    if ((ROW_STATUSES as readonly string[]).includes(status) || n === undefined || n === 0) continue;
    lines.push(`  ${status.padEnd(width)}  ${n}`);
  }
  return lines;
}

/** The issues by code with each code's count (of every issue, `totals`, when the list keeps examples only). */
function groupByCode(issues: readonly Issue[], totals: Readonly<Record<string, number>> | undefined): [string, Issue[], number][] {
  const groups = new Map<string, Issue[]>();
  for (const issue of issues) {
    const group = groups.get(issue.code);
    if (group === undefined) groups.set(issue.code, [issue]);
    else group.push(issue);
  }
  // Root causes first, as `report.html` ranks them (a follow-on last, whatever its count), then the most
  // frequent, then by code: the count is of every issue, not of the examples a large run keeps.
  return [...groups]
    .map(([code, group]): [string, Issue[], number] => [code, group, totals?.[code] ?? group.length])
    .sort(([codeA, , a], [codeB, , b]) => Number(checkFollowOnCode(codeA)) - Number(checkFollowOnCode(codeB)) || b - a || (codeA < codeB ? -1 : codeA > codeB ? 1 : 0));
}
