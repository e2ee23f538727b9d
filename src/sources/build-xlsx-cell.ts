/**
 * Turns a cell value as exceljs's streaming reader gives it into a `SourceCell`: the text a seller
 * sees, the typed value, and flags for what is wrong or special (a formula's cached result, a
 * formula without one, a number that lost digits, a date serial).
 */
import { decodeOoxmlEscapes } from './xml-text.js';
import {
  buildDateFromSerial,
  buildIsoDate,
  checkDateFormat,
  checkExponentText,
  interpretNumber,
} from './interpret-number.js';
import type { SharedStringTable } from './shared-string-table.js';
import type { CellFlag, SourceCell } from './types.js';

/** What besides the value decides a cell's meaning. */
export interface XlsxCellContext {
  /** The cell's number format, when it has one. */
  numberFormat: string | undefined;
  strings: SharedStringTable;
  date1904: boolean;
}

type Loose = Record<string, unknown>;

/** The cell, or `undefined` for a cell without a value. */
export function buildXlsxCell(value: unknown, context: XlsxCellContext): SourceCell | undefined {
  const numberFormat = context.numberFormat !== undefined && !/^general$/i.test(context.numberFormat) ? context.numberFormat : undefined;
  const cell = buildPlainCell(value, numberFormat, context);
  if (cell === undefined) return undefined;
  if (numberFormat !== undefined) cell.numberFormat = numberFormat;
  return cell;
}

function buildPlainCell(value: unknown, numberFormat: string | undefined, context: XlsxCellContext): SourceCell | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return buildStringCell(decodeOoxmlEscapes(value));
  if (typeof value === 'number') return buildNumberCell(value, numberFormat, context.date1904);
  if (typeof value === 'boolean') return { kind: 'boolean', text: value ? 'TRUE' : 'FALSE', value };
  if (value instanceof Date) return buildDateCell(value);
  if (typeof value !== 'object') return buildStringCell(String(value));
  const object = value as Loose;
  if ('sharedString' in object) {
    const text = context.strings.get(Number(object['sharedString']));
    return text === undefined ? { kind: 'error', text: '#REF!', value: '#REF!' } : buildStringCell(text);
  }
  if ('formula' in object || 'sharedFormula' in object) return buildFormulaCell(object, numberFormat, context);
  if ('richText' in object) return buildStringCell(joinRichText(object['richText']));
  if ('error' in object) return { kind: 'error', text: String(object['error']), value: String(object['error']) };
  if ('text' in object) return buildPlainCell(object['text'], numberFormat, context);
  return buildStringCell(JSON.stringify(value));
}

/** Text of a rich-text value (`{ richText: [{ text }, ...] }`): the runs joined. */
export function joinRichText(runs: unknown): string {
  if (!Array.isArray(runs)) return '';
  return decodeOoxmlEscapes(runs.map((run) => (run !== null && typeof run === 'object' ? String((run as Loose)['text'] ?? '') : '')).join(''));
}

function buildStringCell(text: string): SourceCell {
  if (text === '') return { kind: 'empty', text: '', value: null };
  const cell: SourceCell = { kind: 'string', text, value: text };
  if (checkExponentText(text)) cell.flags = ['exponent'];
  return cell;
}

function buildNumberCell(value: number, numberFormat: string | undefined, date1904: boolean): SourceCell {
  if (checkDateFormat(numberFormat)) return buildDateCell(buildDateFromSerial(value, date1904));
  const { text, flags } = interpretNumber(value, numberFormat);
  const cell: SourceCell = { kind: 'number', text, value };
  if (flags.length > 0) cell.flags = flags;
  return cell;
}

function buildDateCell(date: Date): SourceCell {
  if (Number.isNaN(date.getTime())) return { kind: 'error', text: '#DATE!', value: '#DATE!', flags: ['date_serial'] };
  return { kind: 'date', text: buildIsoDate(date), value: date, flags: ['date_serial'] };
}

function buildFormulaCell(object: Loose, numberFormat: string | undefined, context: XlsxCellContext): SourceCell {
  const formula = String(object['formula'] ?? object['sharedFormula'] ?? '');
  const result = object['result'];
  let cell: SourceCell | undefined;
  let extra: CellFlag;
  if (result === undefined || result === null) {
    cell = { kind: 'error', text: '', value: null };
    extra = 'formula_no_result';
  } else {
    // exceljs reads an error result (`t="e"`) with parseFloat, which gives NaN.
    cell = typeof result === 'number' && Number.isNaN(result) ? { kind: 'error', text: '#ERROR!', value: '#ERROR!' } : buildPlainCell(result, numberFormat, context);
    cell ??= { kind: 'empty', text: '', value: null };
    extra = 'formula';
  }
  const withFormula: SourceCell = { ...cell, flags: [...(cell.flags ?? []), extra] };
  if (formula !== '') withFormula.formula = formula;
  return withFormula;
}
