/**
 * The `_`-prefixed columns the report appends to the seller's file. The readers ignore
 * `_`-prefixed headers, so an annotated file can be fixed and fed back to the tool as is.
 */
import type { Issue } from '../core/issue.js';
import { createTranslator, type Translator } from '../i18n/create-translator.js';
import { renderIssueText } from './render-issue-text.js';
import { ROW_STATUSES, type RowOutcome, type RowStatus } from './report-types.js';

/** Headers of the appended columns, in order. */
export const ANNOTATION_HEADERS = ['_status', '_errors', '_product_id', '_sku_id', '_job_id'] as const;

/** True for a header this tool appended on an earlier run (compared case-insensitively, trimmed). */
export function isAnnotationHeader(header: string): boolean {
  return (ANNOTATION_HEADERS as readonly string[]).includes(header.trim().toLowerCase());
}

/** The appended cells of one row, as plain values (empty string or null when there is nothing). */
interface AnnotationValues {
  _status: string;
  _errors: string;
  _product_id: number | null;
  _sku_id: number | null;
  _job_id: string | null;
}

/**
 * The run's language for the appended cells: the `_status` word of each row status, looked up once
 * per copy rather than translated per row, and the translator `_errors` is rendered with.
 */
export interface AnnotationWords {
  readonly status: Readonly<Record<RowStatus, string>>;
  readonly translator: Translator;
}

/**
 * The appended cells' words in the translator's language (`report.annotated.status.<status>`; the
 * English words are the status codes themselves, which scripts filter on). Without a translator:
 * English, the one place the copies choose it (every writer of a copy starts here).
 */
export function buildAnnotationWords(translator: Translator = createTranslator('en')): AnnotationWords {
  const status = Object.fromEntries(ROW_STATUSES.map((code) => [code, translator.translate(`report.annotated.status.${code}`)])) as Record<RowStatus, string>;
  return { status, translator };
}

/**
 * Builds the appended cells of a row from its outcome. `_errors` lists every issue of the row
 * with `renderIssueText`, joined by `separator`. A row without an outcome gets empty cells.
 */
export function buildAnnotationValues(outcome: RowOutcome | undefined, separator: string, words: AnnotationWords): AnnotationValues {
  if (outcome === undefined) return { _status: '', _errors: '', _product_id: null, _sku_id: null, _job_id: null };
  return {
    _status: words.status[outcome.status],
    _errors: joinIssueTexts(outcome.issues, separator, words.translator),
    _product_id: outcome.productId ?? null,
    _sku_id: outcome.skuId ?? null,
    _job_id: outcome.jobId ?? null,
  };
}

/** The appended cells as text, in `ANNOTATION_HEADERS` order, for CSV output. */
export function buildAnnotationTexts(outcome: RowOutcome | undefined, separator: string, words: AnnotationWords): string[] {
  // The usual row of a dry run: a status, no issue, no id.
  if (outcome !== undefined && outcome.issues.length === 0 && outcome.productId == null && outcome.skuId == null && outcome.jobId == null) {
    return [words.status[outcome.status], '', '', '', ''];
  }
  const values = buildAnnotationValues(outcome, separator, words);
  return ANNOTATION_HEADERS.map((header) => {
    const value = values[header];
    return value === null ? '' : String(value);
  });
}

// The last list joined: the annotated CSV and `rejected-rows.csv` write the same joined texts of
// the same row one after the other (the outcome store hands out the same list for a row).
let lastIssues: readonly Issue[] | undefined;
let lastLength = -1;
let lastSeparator = '';
let lastTranslator: Translator | undefined;
let lastText = '';

/**
 * The `renderIssueText` of each issue in the translator's language, joined by `separator` (the
 * `_errors` cell, the `message` column of `rejected-rows.csv`).
 */
export function joinIssueTexts(issues: readonly Issue[], separator: string, translator: Translator): string {
  if (issues === lastIssues && issues.length === lastLength && separator === lastSeparator && translator === lastTranslator) return lastText;
  let text = '';
  for (let i = 0; i < issues.length; i++) text += (i > 0 ? separator : '') + renderIssueText(issues[i] as Issue, translator);
  lastIssues = issues;
  lastLength = issues.length;
  lastSeparator = separator;
  lastTranslator = translator;
  lastText = text;
  return text;
}
