/**
 * Issue text for the report: the full terminal line, and the shorter text written into the
 * annotated file next to the row, where file, sheet and row are already obvious.
 */
import { formatIssue } from '../core/issue.js';
import type { Issue } from '../core/issue.js';

/** Options of `renderIssueLine`. */
export interface RenderIssueLineOptions {
  /** Colour the severity with ANSI codes. */
  color?: boolean;
}

/** One terminal line for an issue: `error unknown_brand: file › row 3 › column D (Бренд): …`. */
export function renderIssueLine(issue: Issue, options: RenderIssueLineOptions = {}): string {
  const line = formatIssue(issue);
  if (options.color !== true) return line;
  const colour = issue.severity === 'error' ? '\u001B[31m' : '\u001B[33m';
  return `${colour}${issue.severity}\u001B[39m${line.slice(issue.severity.length)}`;
}

/** Options of `renderIssueText`. */
export interface RenderIssueTextOptions {
  /** Start with `column C (Цена): `; leave it out in a note that sits on the cell itself. Default true. */
  column?: boolean;
}

/**
 * An issue without its file/sheet/row prefix, as written in `_errors`, cell notes and the
 * `To fix` sheet: `column C (Цена): price must be a positive number (value "-5")`. Warnings start
 * with `warning: ` so that they are not mistaken for errors.
 */
export function renderIssueText(issue: Issue, options: RenderIssueTextOptions = {}): string {
  const located: Issue = { code: issue.code, severity: issue.severity, stage: issue.stage, message: issue.message };
  if (options.column !== false) {
    if (issue.column !== undefined) located.column = issue.column;
    if (issue.header !== undefined) located.header = issue.header;
  }
  if (issue.path !== undefined && issue.column === undefined) located.path = issue.path;
  if (issue.value !== undefined) located.value = issue.value;
  if (issue.hint !== undefined) located.hint = issue.hint;
  // formatIssue is the one place that renders messages; only its `severity code: ` prefix is dropped.
  const text = formatIssue(located).slice(`${issue.severity} ${issue.code}: `.length);
  return issue.severity === 'warning' ? `warning: ${text}` : text;
}
