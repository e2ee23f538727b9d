/**
 * Issue text for the report: the shorter text written into the annotated file next to the row,
 * where file, sheet and row are already obvious, in the translator's language (the run's). The
 * full terminal line is `formatIssueLine` (`src/core/issue.ts`).
 */
import { formatIssueBody } from '../core/issue.js';
import type { Issue, IssueLocation } from '../core/issue.js';
import type { Translator } from '../i18n/create-translator.js';

/** Options of `renderIssueText`. */
interface RenderIssueTextOptions {
  /** Start with `column C (Цена): `; leave it out in a note that sits on the cell itself. Default true. */
  column?: boolean;
  /** Add `(value "…")` when the message does not quote the value; leave it out where the value has a column of its own. Default true. */
  value?: boolean;
}

/**
 * An issue without its file/sheet/row prefix, as written in `_errors`, cell notes and the
 * `To fix` sheet: `column C (Цена): price must be a positive number (value "-5")`. Warnings start
 * with `warning: ` so that they are not mistaken for errors.
 */
export function renderIssueText(issue: Issue, translator: Translator, options: RenderIssueTextOptions = {}): string {
  const location: IssueLocation = {};
  if (options.column !== false) {
    if (issue.column !== undefined) location.column = issue.column;
    if (issue.header !== undefined) location.header = issue.header;
  }
  if (issue.path !== undefined && issue.column === undefined) location.path = issue.path;
  // The body of formatIssueLine's line, without its `severity code: ` (no line is made to be cut).
  const text = formatIssueBody(issue, location, translator, options.value === false ? { value: false } : {});
  return issue.severity === 'warning' ? translator.translate('issue.warning_text', { text }) : text;
}
