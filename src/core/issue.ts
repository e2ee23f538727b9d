/**
 * The one issue shape of the whole tool. Every stage reports bad data as issues instead of
 * throwing; the report and the terminal render them with `formatIssue`.
 */

/** How bad an issue is: an `error` keeps the row (or product) from being sent, a `warning` does not. */
export type Severity = 'error' | 'warning';

/** The pipeline stage that found the issue. */
export type IssueStage =
  | 'read'
  | 'mapping'
  | 'map'
  | 'validate'
  | 'build'
  | 'plan'
  | 'submit'
  | 'job'
  | 'verify'
  | 'settings';

/**
 * A stable, machine-matchable issue code. Codes are snake_case; each stage documents its own in
 * `docs/issue-codes.md`. Kept as `string` at the type level so that stages living in separate
 * files can add codes without a shared union becoming an edit hot spot; the `*_CODES` constant
 * tables next to each stage are what tests and docs match on.
 */
export type IssueCode = string;

/** Where in the seller's input an issue was found. All fields are optional: a mapping-file issue has no row. */
export interface IssueLocation {
  /** Source file path as the user named it. */
  file?: string;
  /** Sheet name for workbooks. */
  sheet?: string;
  /** Row number as Excel or a text editor shows it (1-based, header row included). */
  row?: number;
  /** Column letter as Excel shows it (A, B, …, AA). */
  column?: string;
  /** Header text of the column, when known. */
  header?: string;
  /** Dotted path into a structured input (mapping YAML, API payload), e.g. `attributes.color.values`. */
  path?: string;
}

/** One finding. */
export interface Issue extends IssueLocation {
  /** Stable code, e.g. `unknown_brand`. */
  code: IssueCode;
  severity: Severity;
  stage: IssueStage;
  /** Short technical description, without the location (that is rendered from the fields). */
  message: string;
  /** The offending value as text, when there is one. */
  value?: string;
  /** A suggestion for the fix, e.g. the nearest directory entries. */
  hint?: string;
  /** Seller product key the issue concerns, for issues found per product rather than per cell. */
  productKey?: string;
}

/** Builds an issue, dropping `undefined` fields so that reports and snapshots stay clean. */
export function createIssue(issue: { [K in keyof Issue]?: Issue[K] | undefined } & Pick<Issue, 'code' | 'severity' | 'stage' | 'message'>): Issue {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(issue)) {
    if (value !== undefined) out[key] = value;
  }
  return out as unknown as Issue;
}

/** True when any issue in the list is an error. */
export function hasErrors(issues: readonly Issue[]): boolean {
  return issues.some((issue) => issue.severity === 'error');
}

/** The location part of an issue rendered as text: `file.xlsx › Sheet1 › row 12 › column C (Цена)`. */
export function formatLocation(location: IssueLocation): string {
  // Joined as it goes (no list of parts): the report renders a location for every issue of a file.
  let text = '';
  let separator = '';
  if (location.file !== undefined) {
    text += location.file;
    separator = ' › ';
  }
  if (location.sheet !== undefined) {
    text += `${separator}sheet "${location.sheet}"`;
    separator = ' › ';
  }
  if (location.row !== undefined) {
    text += `${separator}row ${location.row}`;
    separator = ' › ';
  }
  if (location.column !== undefined) {
    text += location.header !== undefined ? `${separator}column ${location.column} (${location.header})` : `${separator}column ${location.column}`;
    separator = ' › ';
  } else if (location.header !== undefined) {
    text += `${separator}column "${location.header}"`;
    separator = ' › ';
  }
  if (location.path !== undefined) text += `${separator}${location.path}`;
  return text;
}

/** Renders an issue as one human line: `error unknown_brand: file › row 3 › column D (Бренд): brand "Samsnug" is not in the directory (value "Samsnug"); did you mean: Samsung?` */
export function formatIssue(issue: Issue): string {
  return `${issue.severity} ${issue.code}: ${formatIssueBody(issue, issue)}`;
}

/**
 * An issue's line after `severity code: `: where (`location`, the issue's own or part of it), the
 * message, the value when the message does not quote it, the hint. The one place messages are
 * rendered (`formatIssue`, and the report's shorter texts).
 */
export function formatIssueBody(issue: Pick<Issue, 'message' | 'value' | 'hint'>, location: IssueLocation): string {
  const where = formatLocation(location);
  let text = where ? `${where}: ${issue.message}` : issue.message;
  if (issue.value !== undefined && !issue.message.includes(issue.value)) text += ` (value "${truncate(issue.value, 80)}")`;
  if (issue.hint !== undefined) text += `; ${issue.hint}`;
  return text;
}

/** What `compareIssues` orders by: an issue, or a record of one that has these fields. */
export interface IssueOrderFields {
  file?: string | undefined;
  sheet?: string | undefined;
  row?: number | undefined;
  column?: string | undefined;
  code: IssueCode;
}

/** Orders issues by file, sheet, row, column, then code, for deterministic reports. */
export function compareIssues(a: IssueOrderFields, b: IssueOrderFields): number {
  return (
    (a.file ?? '').localeCompare(b.file ?? '') ||
    (a.sheet ?? '').localeCompare(b.sheet ?? '') ||
    (a.row ?? 0) - (b.row ?? 0) ||
    compareColumns(a.column ?? '', b.column ?? '') ||
    a.code.localeCompare(b.code)
  );
}

function compareColumns(a: string, b: string): number {
  return a.length - b.length || a.localeCompare(b);
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** What a stage returns: its output plus everything it found. Stages never throw for bad data. */
export interface StageResult<T> {
  value: T;
  issues: Issue[];
}
