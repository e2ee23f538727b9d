/**
 * The one issue shape of the whole tool. Every stage reports bad data as issues instead of
 * throwing; the report and the terminal render them in the run's language (`formatIssueLine`,
 * `formatIssueBody`): the text of an issue is the catalog's template of its code filled with its
 * `data` (src/i18n/catalog/<lang>/issues.json, docs/issue-codes.md#texts).
 */
import { createTranslator, type MessageData, type Translator } from '../i18n/create-translator.js';
import { cutToLength } from './cut-for-message.js';
import { compareTexts } from './compare-texts.js';

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

/**
 * The values an issue's text is built from, language-neutral (what `summary.json`, `issues.ndjson`
 * and `--json` keep besides the English `message`). The catalog's template `issue.<code>` is
 * filled with them; two names are reserved: `variant` picks `issue.<code>.<variant>` where one code
 * has several message shapes, and `hint` picks the hint's template `hint.<hint>`, filled with the
 * same data. The data named in `TERM_DATA` hold catalog words (`field: 'price'`), not text.
 */
export type IssueData = Readonly<Record<string, string | number>>;

/** One finding. */
export interface Issue extends IssueLocation {
  /** Stable code, e.g. `unknown_brand`. */
  code: IssueCode;
  severity: Severity;
  stage: IssueStage;
  /** The English text, without the location (rendered from the fields); from the catalog when the issue has `data`. */
  message: string;
  /** What the text is built from in any language; absent on an issue made with a ready English `message`. */
  data?: IssueData;
  /** The offending value as text, when there is one. */
  value?: string;
  /** A suggestion for the fix (English), e.g. the nearest directory entries; from the catalog when `data.hint` names one. */
  hint?: string;
  /** Seller product key the issue concerns, for issues found per product rather than per cell. */
  productKey?: string;
}

/**
 * What `createIssue` takes: the text either as `data` for the catalog's template of the code (the
 * English `message` and `hint` are then made from it), or, for a text not in the catalog yet, as
 * a ready English `message`; both when an issue is copied with changes of its place.
 */
export type IssueInput = { [K in keyof Issue]?: Issue[K] | undefined } & Pick<Issue, 'code' | 'severity' | 'stage'> & ({ data: IssueData } | { message: string });

/** Builds an issue, dropping `undefined` fields so that reports and snapshots stay clean. */
export function createIssue(issue: IssueInput): Issue {
  const data = issue.data;
  const fromCatalog = data !== undefined && issue.message === undefined;
  // The message keeps its place after the stage, as in an issue written with one.
  const out: Record<string, unknown> = fromCatalog ? { code: issue.code, severity: issue.severity, stage: issue.stage, message: '' } : {};
  for (const [key, value] of Object.entries(issue)) {
    if (value !== undefined) out[key] = value;
  }
  if (fromCatalog) {
    const made = out as unknown as Issue;
    const english = createTranslator('en');
    out['message'] = renderIssueMessage({ ...made, message: '' }, english);
    if (issue.hint === undefined && data['hint'] !== undefined) out['hint'] = renderIssueHint(made, english);
  }
  return out as unknown as Issue;
}

/**
 * Data that name a catalog word rather than carry text: the datum's value `v` is written as the
 * translation of `<prefix>v` (`field: 'price'` → `field.price`, "the price").
 */
const TERM_DATA: Readonly<Record<string, string>> = {
  field: 'field.',
  reason: 'reason.',
  requirement: 'requirement.',
  rule: 'rule.',
  settingSource: 'setting_source.',
  storedLate: 'stored_late.',
  storedTwice: 'stored_twice.',
};

/** The catalog key of an issue's template: `issue.<code>`, or `issue.<code>.<variant>`. */
export function issueTemplateKey(code: IssueCode, data: IssueData | undefined): string {
  const variant = data?.['variant'];
  const base = code.startsWith('service_') && code !== 'service_rejected' ? 'issue.service_rejected' : `issue.${code}`;
  return variant === undefined ? base : `${base}.${variant}`;
}

/**
 * An issue's data as the translator takes them: the issue's `value` as the datum `value` unless
 * the data give one; numbers but `count` printed as they are (a row number or an id is no amount);
 * catalog words translated, filled with the other data.
 */
function prepareData(data: IssueData, value: string | undefined, translator: Translator): MessageData {
  const out: Record<string, string | number> = {};
  if (value !== undefined) out['value'] = value;
  let terms = false;
  // `for…in`, not `Object.entries`: a list of pairs per message, twice an issue of a file where every row is wrong.
  for (const name in data) {
    const datum = data[name] as string | number;
    if (TERM_DATA[name] !== undefined) terms = true;
    else out[name] = typeof datum === 'number' && name !== 'count' ? String(datum) : datum;
  }
  if (terms) {
    for (const [name, prefix] of Object.entries(TERM_DATA)) {
      const datum = data[name];
      if (datum !== undefined) out[name] = translator.translate(`${prefix}${datum}`, out);
    }
  }
  return out;
}

/** What the renderers read of an issue's text. */
type IssueTextSource = Pick<Issue, 'code' | 'message'> & Partial<Pick<Issue, 'data' | 'value' | 'hint'>>;

/** The message of an issue in the translator's language (the English `message` of an issue without data). */
export function renderIssueMessage(issue: IssueTextSource, translator: Translator): string {
  if (issue.data === undefined) return issue.message;
  return translator.translate(issueTemplateKey(issue.code, issue.data), prepareData(issue.data, issue.value, translator));
}

/** The hint of an issue in the translator's language, if it has one. */
export function renderIssueHint(issue: Partial<Pick<Issue, 'hint' | 'data' | 'value'>>, translator: Translator): string | undefined {
  const name = issue.data?.['hint'];
  if (name === undefined || issue.data === undefined) return issue.hint;
  return translator.translate(`hint.${name}`, prepareData(issue.data, issue.value, translator));
}

/** True when any issue in the list is an error. */
export function hasErrors(issues: readonly Issue[]): boolean {
  return issues.some((issue) => issue.severity === 'error');
}

/** The location part of an issue rendered as text: `file.xlsx › sheet "Sheet1" › row 12 › column C (Цена)`. */
export function formatLocation(location: IssueLocation, translator: Translator): string {
  // Joined as it goes (no list of parts): the report renders a location for every issue of a file.
  let text = '';
  let separator = '';
  if (location.file !== undefined) {
    text += location.file;
    separator = ' › ';
  }
  if (location.sheet !== undefined) {
    text += separator + translator.translate('location.sheet', { sheet: location.sheet });
    separator = ' › ';
  }
  if (location.row !== undefined) {
    text += separator + translator.translate('location.row', { row: String(location.row) });
    separator = ' › ';
  }
  if (location.column !== undefined) {
    const { column, header } = location;
    text += separator + (header !== undefined ? translator.translate('location.column_header', { column, header }) : translator.translate('location.column', { column }));
    separator = ' › ';
  } else if (location.header !== undefined) {
    text += separator + translator.translate('location.header', { header: location.header });
    separator = ' › ';
  }
  if (location.path !== undefined) text += `${separator}${location.path}`;
  return text;
}

/**
 * One line for an issue in the translator's language: `error unknown_brand: file › row 3 › column D (Бренд): brand "Samsnug" is not in the mapping or the directory; did you mean: Samsung?`.
 * The code stays as it is in every language: it is what the docs and the JSON outputs name.
 */
export function formatIssueLine(issue: Issue, translator: Translator): string {
  return `${translator.translate(`severity.${issue.severity}`)} ${issue.code}: ${formatIssueBody(issue, issue, translator)}`;
}

/** The English line of an issue (`formatIssueLine` in English), for logs and errors that are not the run's report. */
export function formatIssue(issue: Issue): string {
  return formatIssueLine(issue, createTranslator('en'));
}

/** What `formatIssueBody` reads of an issue: its text (the template's data, else the English message), value and hint. */
export type IssueTextFields = Pick<Issue, 'message'> & Partial<Pick<Issue, 'code' | 'data' | 'value' | 'hint'>>;

/** Parts of `formatIssueBody` a caller can leave out (both written by default). */
export interface IssueBodyParts {
  /** ` (value "…")` when the message does not quote the value. */
  value?: boolean;
  /** `; hint`. */
  hint?: boolean;
}

/**
 * An issue's line after `severity code: `: where (`location`, the issue's own or part of it), the
 * message, the value when the message does not quote it, the hint. The one place messages are
 * rendered (`formatIssueLine`, and the report's shorter texts).
 */
export function formatIssueBody(issue: IssueTextFields, location: IssueLocation, translator: Translator, parts: IssueBodyParts = {}): string {
  const where = formatLocation(location, translator);
  const message = issue.code !== undefined ? renderIssueMessage(issue as IssueTextSource, translator) : issue.message;
  let text = where ? `${where}: ${message}` : message;
  if (parts.value !== false && issue.value !== undefined && !message.includes(issue.value)) text += translator.translate('location.value', { value: cutToLength(issue.value, 80) });
  const hint = parts.hint === false ? undefined : renderIssueHint(issue, translator);
  if (hint !== undefined) text += `; ${hint}`;
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
    compareTexts(a.file ?? '', b.file ?? '') ||
    compareTexts(a.sheet ?? '', b.sheet ?? '') ||
    (a.row ?? 0) - (b.row ?? 0) ||
    compareColumns(a.column ?? '', b.column ?? '') ||
    compareTexts(a.code, b.code)
  );
}

function compareColumns(a: string, b: string): number {
  return a.length - b.length || compareTexts(a, b);
}

/** What a stage returns: its output plus everything it found. Stages never throw for bad data. */
export interface StageResult<T> {
  value: T;
  issues: Issue[];
}
