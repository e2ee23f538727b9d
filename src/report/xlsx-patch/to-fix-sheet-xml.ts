/**
 * The `To fix` sheet: one line per cause (every issue of one code in one column), root causes
 * first and follow-ons (rows held back by another row of their product) last, as
 * `rankRootCauses` orders them. Each line has the count, a link to the first cell of the cause
 * in the data sheet, the row numbers, an example value and message, and how to fix it; the header
 * row is frozen and carries an autofilter.
 *
 * The issues are counted as the data sheet streams (`CauseTally.add`, a map step per issue); the sheet
 * is written once the data sheet is done, from the groups alone: its size is the number of causes,
 * not of issues. Every text goes through `neutralizeFormula` (it echoes the seller's values and the
 * service's messages) and is an inline string cell: never a formula.
 */
import type { Issue } from '../../core/issue.js';
import { createTranslator, type Translator } from '../../i18n/create-translator.js';
import { LANGUAGES } from '../../i18n/language.js';
import { neutralizeFormula } from '../neutralize-formula.js';
import { CAUSE_ROWS_KEPT, describeFix, formatCauseRows, rankRootCauses, type CauseTally, type RankedCause } from '../rank-root-causes.js';
import { renderIssueText } from '../render-issue-text.js';
import { buildInlineCell, limitCellText } from './annotation-cells.js';
import { parseColumnLetter } from '../../sources/column-letter.js';
import { columnLetters } from './row-cells.js';
import { escapeXmlAttribute } from '../../xlsx/xml-markup.js';

/** Columns of the `To fix` sheet, by their catalog keys (`report.toFix.header.<key>`). */
const TO_FIX_COLUMNS = ['kind', 'column', 'header', 'problem', 'count', 'firstCell', 'fix', 'value', 'rows', 'code', 'severity'] as const;

const WIDTHS = [12, 8, 22, 60, 8, 10, 60, 24, 24, 26, 9];
const LETTERS = TO_FIX_COLUMNS.map((_, index) => columnLetters(index + 1));
const FIRST_CELL = TO_FIX_COLUMNS.indexOf('firstCell');

/**
 * Names a `To fix` sheet of this tool may have (in every language, and `_`-prefixed as when the data
 * sheet took the name), lowercased: a fed-back copy's sheet of any of them is replaced, not repeated.
 */
export function listToFixSheetNames(): Set<string> {
  const names = LANGUAGES.map((language) => createTranslator(language).translate('report.toFix.sheet').toLowerCase());
  return new Set([...names, ...names.map((name) => `_${name}`)]);
}

/**
 * The header of an issue's column by the reader's header names, for an issue that names none;
 * `undefined` for a blank header or a column that is no sheet column.
 */
export function readColumnHeader(column: string | undefined, headerNames: readonly string[]): string | undefined {
  // Upper-case letters only: a lower-case `column` is some other name, not a sheet column.
  const index = column === undefined || !/^[A-Z]{1,3}$/.test(column) ? undefined : parseColumnLetter(column);
  const header = index === undefined ? undefined : headerNames[index];
  return header === '' ? undefined : header;
}

/** Styles the sheet uses, as cell format indexes. */
interface ToFixStyles {
  header: number;
  error: number;
  /** Wrapped text, for the problem and how-to-fix columns. */
  wrap: number;
}

/** What the sheet is written with. */
interface ToFixSheetOptions {
  styles: ToFixStyles;
  namespaces: { main: string; relationships: string };
  /** The data sheet's name, for the links to its cells. */
  dataSheet: string;
  translator: Translator;
}

/** The whole `To fix` sheet for the causes counted in `tally`. */
export function buildToFixSheet(tally: CauseTally, options: ToFixSheetOptions): string {
  const causes = rankRootCauses(tally.groups());
  const { styles, translator } = options;
  const header = TO_FIX_COLUMNS.map((key, index) => buildInlineCell('', `${LETTERS[index]}1`, translator.translate(`report.toFix.header.${key}`), styles.header)).join('');
  const rows: string[] = [`<row r="1">${header}</row>`];
  const links: string[] = [];
  causes.forEach((cause, index) => {
    const rowNumber = index + 2;
    rows.push(buildCauseRow(rowNumber, cause, options));
    const target = linkTarget(cause);
    if (target !== undefined) {
      links.push(`<hyperlink ref="${LETTERS[FIRST_CELL]}${rowNumber}" location="${escapeXmlAttribute(`${quoteSheetName(options.dataSheet)}!${target}`)}" display="${target}"/>`);
    }
  });
  const last = Math.max(2, causes.length + 1);
  const cols = WIDTHS.map((width, index) => `<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"/>`).join('');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    `<worksheet xmlns="${options.namespaces.main}" xmlns:r="${options.namespaces.relationships}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>${rows.join('')}</sheetData>` +
    `<autoFilter ref="A1:${LETTERS.at(-1)}${last}"/>` +
    (links.length > 0 ? `<hyperlinks>${links.join('')}</hyperlinks>` : '') +
    '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>'
  );
}

/** The cell a cause's link goes to: its first cell, else column A of its first row (a cause of no column); none without a row. */
function linkTarget(cause: RankedCause): string | undefined {
  if (cause.firstRow === undefined) return undefined;
  return `${cause.column !== undefined && /^[A-Z]{1,3}$/.test(cause.column) ? cause.column : 'A'}${cause.firstRow}`;
}

/** Row `rowNumber` of the sheet: one cause. */
function buildCauseRow(rowNumber: number, cause: RankedCause, options: ToFixSheetOptions): string {
  const { translator, styles } = options;
  const target = linkTarget(cause);
  const texts: Record<(typeof TO_FIX_COLUMNS)[number], string | number> = {
    kind: translator.translate(cause.followOn ? 'report.cause.followOn' : 'report.cause.root'),
    column: cause.column ?? '',
    header: cause.header ?? '',
    problem: describeProblem(cause.first, translator),
    count: cause.count,
    firstCell: target ?? '',
    fix: describeFix(cause.code, translator),
    // The value of the first issue, never a row number standing in for one (a held-back row's issue has none).
    value: cause.first.value ?? '',
    rows: formatCauseRows(cause, CAUSE_ROWS_KEPT, translator),
    code: cause.code,
    severity: translator.translate(`report.severity.${cause.severity}`),
  };
  const cells = TO_FIX_COLUMNS.map((key, index) => {
    const text = texts[key];
    const ref = `${LETTERS[index]}${rowNumber}`;
    if (typeof text === 'number') return `<c r="${ref}"><v>${text}</v></c>`;
    if (text === '') return '';
    const style = key === 'severity' && cause.severity === 'error' ? styles.error : key === 'problem' || key === 'fix' ? styles.wrap : undefined;
    return buildInlineCell('', ref, limitCellText(neutralizeFormula(text)), style ?? 0);
  });
  return `<row r="${rowNumber}">${cells.join('')}</row>`;
}

/**
 * The first issue's text without the column (the line has it) and without a `(value …)` after it
 * (the value has a column of its own); a message that quotes its value keeps it, filled in.
 */
function describeProblem(issue: Issue, translator: Translator): string {
  return renderIssueText(issue, translator, { column: false, value: false });
}

/** A sheet name as a formula reference writes it: quoted, with `'` doubled. */
function quoteSheetName(name: string): string {
  return `'${name.replace(/'/g, "''")}'`;
}
