/**
 * The XML of the `To fix` sheet, one issue a row, written as the data sheet is streamed. Every text
 * goes through `neutralizeFormula` (it echoes the seller's values and the service's messages) and
 * is an inline string cell: never a formula.
 */
import { neutralizeFormula } from '../neutralize-formula.js';
import { limitCellText } from './limit-cell-text.js';
import { columnLetters } from './row-cells.js';
import { escapeXmlText } from './xml-markup.js';

/** Headers of the `To fix` sheet. */
export const TO_FIX_HEADERS = ['row', 'column', 'header', 'value', 'severity', 'code', 'message'] as const;

/** One line: the row number, then the texts under the other headers. */
export type ToFixLine = [row: number, column: string, header: string, value: string, severity: string, code: string, message: string];

const WIDTHS = [8, 8, 24, 30, 9, 28, 80];
const LETTERS = TO_FIX_HEADERS.map((_, index) => columnLetters(index + 1));

/** Styles the sheet uses, as cell format indexes. */
export interface ToFixStyles {
  header: number;
  error: number;
}

/** Start of the sheet up to and including its header row (row 1, frozen), in the workbook's namespaces. */
export function buildToFixHead(styles: ToFixStyles, namespaces: { main: string; relationships: string }): string {
  const cols = WIDTHS.map((width, index) => `<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"/>`).join('');
  const header = TO_FIX_HEADERS.map((text, index) => inlineCell(`${LETTERS[index]}1`, text, styles.header)).join('');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    `<worksheet xmlns="${namespaces.main}" xmlns:r="${namespaces.relationships}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData><row r="1">${header}</row>`
  );
}

/** Row `rowNumber` (2 and on) of the sheet. */
export function buildToFixRow(rowNumber: number, line: ToFixLine, styles: ToFixStyles): string {
  const [row, ...texts] = line;
  const cells = [`<c r="A${rowNumber}"><v>${row}</v></c>`];
  texts.forEach((text, offset) => {
    if (text === '') return;
    const index = offset + 1;
    const style = index === 4 && text === 'error' ? styles.error : undefined;
    cells.push(inlineCell(`${LETTERS[index]}${rowNumber}`, limitCellText(neutralizeFormula(text)), style));
  });
  return `<row r="${rowNumber}">${cells.join('')}</row>`;
}

/** End of the sheet. */
export function buildToFixTail(): string {
  return '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>';
}

/** An inline string cell; the text is written as is (callers neutralise what needs it). */
export function inlineCell(ref: string, text: string, style?: number): string {
  const s = style === undefined || style === 0 ? '' : ` s="${style}"`;
  return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${escapeXmlText(text)}</t></is></c>`;
}
