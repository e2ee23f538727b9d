/**
 * The rows of one worksheet part, from exceljs's SAX events: per row its number and per cell its
 * column, type (`t`), style (`s`), stored value (`<v>`), formula (`<f>`) and inline text (`<is>`),
 * still as text. The cell's meaning is decided in build-xlsx-cell.ts.
 *
 * Read as the format allows, not only as Excel writes it: element names without their namespace
 * prefix (`<x:c>`), rows and cells without the optional `r` attribute (they follow the previous
 * one), inline strings as the text of every `<t>` (all rich-text runs, no indentation between
 * elements, no phonetic guides). Bounded as Excel is: a row number past 1,048,576, or more row
 * elements than that, stops the read (a zip bomb of empty rows ends there, not at the end of its
 * gigabytes); a cell past column XFD is left out and reported on its row.
 */
import { XLSX_PART_LIMITS } from './check-zip-part-size.js';
import type { XmlEvent } from './read-xml-events.js';
import { readLocalName } from './read-xml-events.js';

/** Excel's last row. */
export const EXCEL_MAX_ROWS = 1_048_576;
/** Excel's last column (XFD), counted from 1. */
export const EXCEL_MAX_COLUMNS = 16_384;

/** One `<c>` as stored. */
export interface XmlCell {
  /** Position from 0 (A = 0). */
  column: number;
  /** The `t` attribute: `s`, `str`, `inlineStr`, `b`, `e`, `d`, `n`, or undefined (a number). */
  type: string | undefined;
  /** The `s` attribute (cell style index), 0 when absent. */
  style: number;
  /** Text of `<v>`, entities decoded; undefined without one. */
  value: string | undefined;
  /** Text of `<f>`; undefined for a cell without a formula, '' for a shared formula's followers. */
  formula: string | undefined;
  /** Text of `<is>` (every run), undefined without one. */
  inline: string | undefined;
}

/** One `<row>` with its cells in file order. */
export interface XmlRow {
  row: number;
  cells: XmlCell[];
  /** Column (from 0) of the first cell past column XFD, left out. */
  beyondLastColumn?: number;
}

type Target = 'value' | 'formula' | 'inline';

/** Turns event batches of a worksheet part into row batches. Throws past Excel's row limit. */
export async function* parseSheetRows(batches: AsyncIterable<XmlEvent[]>): AsyncGenerator<XmlRow[]> {
  let inData = false;
  let inInline = false;
  let phonetic = 0;
  let row: XmlRow | undefined;
  let cell: XmlCell | undefined;
  let target: Target | undefined;
  let lastRow = 0;
  let lastColumn = -1;
  let rowCount = 0;

  for await (const events of batches) {
    const out: XmlRow[] = [];
    for (const event of events) {
      if (event.eventType === 'text') {
        if (target !== undefined && cell !== undefined) {
          const text = (cell[target] ?? '') + event.value;
          if (text.length > XLSX_PART_LIMITS.cellChars) throw new Error(`a cell of row ${row?.row ?? '?'} holds more than ${XLSX_PART_LIMITS.cellChars} characters`);
          cell[target] = text;
        }
        continue;
      }
      const local = readLocalName(event.value.name);
      if (event.eventType === 'opentag') {
        const attributes = event.value.attributes;
        switch (local) {
          case 'sheetData':
            inData = true;
            break;
          case 'row': {
            if (!inData) break;
            rowCount++;
            const number = parseRowNumber(attributes['r']) ?? lastRow + 1;
            if (number > EXCEL_MAX_ROWS || rowCount > EXCEL_MAX_ROWS) {
              throw new Error(`the sheet has rows past Excel's last row ${EXCEL_MAX_ROWS.toLocaleString('en-US')} (row ${number})`);
            }
            row = { row: number, cells: [] };
            lastColumn = -1;
            break;
          }
          case 'c':
            if (row === undefined) break;
            cell = {
              column: parseColumn(attributes['r']) ?? lastColumn + 1,
              type: attributes['t'],
              style: attributes['s'] === undefined ? 0 : Number(attributes['s']) || 0,
              value: undefined,
              formula: undefined,
              inline: undefined,
            };
            break;
          case 'v':
            if (cell !== undefined && !inInline) {
              target = 'value';
              cell.value ??= '';
            }
            break;
          case 'f':
            if (cell !== undefined) {
              target = 'formula';
              cell.formula ??= '';
            }
            break;
          case 'is':
            if (cell !== undefined) {
              inInline = true;
              cell.inline ??= '';
            }
            break;
          case 't':
            if (cell !== undefined && inInline && phonetic === 0) target = 'inline';
            break;
          case 'rPh':
            if (!event.value.isSelfClosing) phonetic++;
            break;
        }
        continue;
      }
      switch (local) {
        case 'v':
        case 'f':
        case 't':
          target = undefined;
          break;
        case 'rPh':
          phonetic = Math.max(0, phonetic - 1);
          break;
        case 'is':
          inInline = false;
          break;
        case 'c':
          if (row !== undefined && cell !== undefined) {
            if (cell.column >= EXCEL_MAX_COLUMNS) row.beyondLastColumn ??= cell.column;
            else row.cells.push(cell);
            lastColumn = cell.column;
          }
          cell = undefined;
          target = undefined;
          inInline = false;
          phonetic = 0;
          break;
        case 'row':
          if (row !== undefined) {
            out.push(row);
            lastRow = row.row;
          }
          row = undefined;
          break;
        case 'sheetData':
          inData = false;
          break;
      }
    }
    if (out.length > 0) yield out;
  }
}

function parseRowNumber(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const number = Number(text);
  return Number.isInteger(number) && number >= 1 ? number : undefined;
}

/** The column (from 0) of a reference such as `AB12` or `$AB$12`; undefined when it is not one. */
function parseColumn(ref: string | undefined): number | undefined {
  if (ref === undefined) return undefined;
  let column = 0;
  let letters = 0;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i) | 0x20; // lower case
    if (code >= 97 && code <= 122) {
      column = column * 26 + (code - 96);
      letters++;
    } else if (ref.charCodeAt(i) !== 36) break; // '$'
  }
  return letters === 0 || letters > 4 ? undefined : column - 1;
}
