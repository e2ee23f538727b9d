/**
 * The causes of a run's problems, grouped by column and code, root causes first: what the "To fix"
 * sheet of the annotated copy and `report.html` both list. A follow-on (a row held back because
 * another row of its product failed) is no cause of its own: fixing the cause sends it too, so its
 * groups come last, whatever their counts.
 *
 * Counting is a fold (`createCauseTally`, one cheap step per issue, memory per group, not per
 * issue); ranking is pure (`rankRootCauses`). `tallySummaryCauses` builds the same groups from
 * `summary.json`'s counts and examples, for a report written from the summary alone. The words a
 * seller reads about a cause come from the run's message catalog (`describeFix`, `formatCauseRows`).
 */
import type { Issue, Severity } from '../core/issue.js';
import type { RunSummary } from './report-types.js';
import type { Translator } from '../i18n/create-translator.js';
import { compareTexts } from '../core/compare-texts.js';

/** Codes of issues that follow from another row's error rather than from the row's own data. */
const FOLLOW_ON_CODES: ReadonlySet<string> = new Set(['product_has_invalid_rows', 'not_sent_blocked']);

/** True for the code of a follow-on: it follows from another row's error, and is listed after every root cause. */
export function checkFollowOnCode(code: string): boolean {
  return FOLLOW_ON_CODES.has(code);
}

/** Row numbers a group keeps to show (the count goes on). */
export const CAUSE_ROWS_KEPT = 20;

/** One group: every issue of one code in one column (`column` undefined: of no column). */
export interface CauseGroup {
  code: string;
  column: string | undefined;
  /** The column's header, from the first issue that names it. */
  header: string | undefined;
  /** `error` when any issue of the group is one. */
  severity: Severity;
  count: number;
  /** The first issue of the group (in the order they were added: row order), to show as the example. */
  first: Issue;
  /** Row of the first issue (the issue's own row, else the row it was listed on). */
  firstRow: number | undefined;
  /** The first `CAUSE_ROWS_KEPT` distinct rows, ascending as added. */
  rows: number[];
}

/** A ranked group: `followOn` groups come after every root cause. */
export interface RankedCause extends CauseGroup {
  followOn: boolean;
}

/** Counts issues into groups as they come. */
export interface CauseTally {
  /**
   * Adds one issue; `row` is the row it was listed on, for an issue that names none; `header` the
   * column's header found elsewhere, for an issue that names none. The issue is kept as given.
   */
  add(issue: Issue, row?: number, header?: string): void;
  /** The groups so far, in the order they were first seen. */
  groups(): CauseGroup[];
}

/** A tally with no groups yet. */
export function createCauseTally(): CauseTally {
  const byKey = new Map<string, CauseGroup>();
  return {
    add(issue, row, header) {
      const key = `${issue.code}\u0000${issue.column ?? ''}`;
      const at = issue.row ?? row;
      const group = byKey.get(key);
      if (group === undefined) {
        byKey.set(key, { code: issue.code, column: issue.column, header: issue.header ?? header, severity: issue.severity, count: 1, first: issue, firstRow: at, rows: at === undefined ? [] : [at] });
        return;
      }
      group.count += 1;
      if (issue.severity === 'error') group.severity = 'error';
      group.header ??= issue.header ?? header;
      if (at !== undefined && group.rows.length < CAUSE_ROWS_KEPT && group.rows.at(-1) !== at) group.rows.push(at);
    },
    groups: () => [...byKey.values()],
  };
}

/**
 * The groups in the order a seller fixes them: root causes before follow-ons; among each, errors
 * before warnings, then the most issues first, then the earliest row, then by code and column (so
 * equal inputs rank equally).
 */
export function rankRootCauses(groups: readonly CauseGroup[]): RankedCause[] {
  return groups
    .map((group) => ({ ...group, followOn: checkFollowOnCode(group.code) }))
    .sort(
      (a, b) =>
        Number(a.followOn) - Number(b.followOn) ||
        Number(a.severity === 'warning') - Number(b.severity === 'warning') ||
        b.count - a.count ||
        (a.firstRow ?? Number.MAX_SAFE_INTEGER) - (b.firstRow ?? Number.MAX_SAFE_INTEGER) ||
        compareTexts(a.code, b.code) ||
        compareTexts(a.column ?? '', b.column ?? ''),
    );
}

/**
 * The groups of a run from its summary: counts of the full list (`issueList.byCodeAndColumn`), the
 * example and rows from the issues `summary.json` keeps (the first of each code: a group whose
 * examples were cut shows the rows it has). A summary without those counts lists every issue.
 */
export function tallySummaryCauses(summary: RunSummary): CauseGroup[] {
  const examples = createCauseTally();
  for (const issue of summary.issues) examples.add(issue);
  const byCodeAndColumn = summary.issueList?.byCodeAndColumn;
  if (byCodeAndColumn === undefined) return examples.groups();
  const byKey = new Map(examples.groups().map((group) => [`${group.code}\u0000${group.column ?? ''}`, group]));
  const errors = summary.issueList?.bySeverityAndCode.error ?? {};
  const groups: CauseGroup[] = [];
  for (const [code, columns] of Object.entries(byCodeAndColumn)) {
    for (const [columnKey, count] of Object.entries(columns)) {
      const column = columnKey === '-' ? undefined : columnKey;
      const known = byKey.get(`${code}\u0000${column ?? ''}`);
      const severity = (errors[code] ?? 0) > 0 ? 'error' : 'warning';
      // A group without a kept example (its code's examples were cut before reaching its column).
      const first: Issue = known?.first ?? { code, severity, stage: 'validate', message: '', ...(column === undefined ? {} : { column }) };
      groups.push({ code, column, header: known?.header, severity: known?.severity === 'error' ? 'error' : severity, count, first, firstRow: known?.firstRow, rows: known?.rows ?? [] });
    }
  }
  return groups;
}

/** How to fix issues of `code`, in the translator's language. */
export function describeFix(code: string, translator: Translator): string {
  return translator.translate(translator.has(`fix.${code}`) ? `fix.${code}` : 'fix.default');
}

/**
 * The rows of a cause, the first `kept` of them and how many more times it occurs: `14, 15, 20 and 12
 * more times`. Counted in issues, not rows (a row may hold a cause twice, and a summary keeps the
 * rows of its examples only), so the words say times, never rows.
 */
export function formatCauseRows(cause: Pick<CauseGroup, 'rows' | 'count'>, kept: number, translator: Translator): string {
  const shown = cause.rows.slice(0, kept);
  const rows = shown.join(', ');
  const more = cause.count - shown.length;
  if (more <= 0 || rows === '') return rows;
  return translator.translate('report.rows.more', { rows, count: more });
}
