/**
 * Issue text for the report: the full terminal line, and the shorter text written into the
 * annotated file next to the row, where file, sheet and row are already obvious.
 */
import { formatIssue, formatIssueBody } from '../core/issue.js';
import type { Issue, IssueLocation } from '../core/issue.js';

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
  const location: IssueLocation = {};
  if (options.column !== false) {
    if (issue.column !== undefined) location.column = issue.column;
    if (issue.header !== undefined) location.header = issue.header;
  }
  if (issue.path !== undefined && issue.column === undefined) location.path = issue.path;
  // The body of formatIssue's line, without its `severity code: ` (no line is made to be cut).
  const text = formatIssueBody(issue, location);
  return issue.severity === 'warning' ? `warning: ${text}` : text;
}
