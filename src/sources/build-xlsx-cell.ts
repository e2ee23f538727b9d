/**
 * Turns a stored `<c>` (see parse-sheet-rows.ts) into a `SourceCell`: the text a seller sees in
 * Excel, the typed value, and flags for what is wrong or special (a formula's cached result, a
 * formula without one, a number that lost digits, a date serial). One small function per cell
 * type (`t`), chosen from a table.
 */
import { buildSerialText, checkExponentText, interpretNumber, readNumberFormatKind } from './interpret-number.js';
import type { XmlCell } from '../xlsx/parse-sheet-rows.js';
import type { SharedStringTable } from '../xlsx/shared-string-table.js';
import type { CellFlag, SourceCell } from './types.js';
import { decodeOoxmlEscapes } from '../xlsx/xml-text.js';

/** What besides the stored cell decides its meaning. */
interface XlsxCellContext {
  /** The cell's number format, when it has one other than General. */
  numberFormat: string | undefined;
  strings: SharedStringTable;
  date1904: boolean;
}

type BuildValue = (text: string, context: XlsxCellContext) => SourceCell;

const EMPTY: SourceCell = { kind: 'empty', text: '', value: null };

/** How each cell type's stored text reads. */
const VALUE_BUILDERS: Record<string, BuildValue> = {
  s: (text, context) => {
    const found = text.trim() === '' ? undefined : context.strings.get(Number(text));
    return found === undefined ? { kind: 'error', text: '#REF!', value: '#REF!' } : buildStringCell(found);
  },
  str: (text) => buildStringCell(decodeOoxmlEscapes(text)),
  inlineStr: (text) => buildStringCell(decodeOoxmlEscapes(text)),
  b: (text) => {
    const value = text.trim() === '1' || text.trim().toLowerCase() === 'true';
    return { kind: 'boolean', text: value ? 'TRUE' : 'FALSE', value };
  },
  e: (text) => ({ kind: 'error', text: text.trim(), value: text.trim() }),
  d: (text, context) => buildIsoDateCell(text, context.numberFormat),
  n: (text, context) => buildNumberCell(text, context),
};

/** The cell, or `undefined` for a cell without a value. */
export function buildXlsxCell(stored: XmlCell, context: XlsxCellContext): SourceCell | undefined {
  const cell = stored.formula !== undefined ? buildFormulaCell(stored, context) : buildValueCell(stored, context);
  if (cell === undefined) return undefined;
  if (context.numberFormat !== undefined) cell.numberFormat = context.numberFormat;
  return cell;
}

function readStoredText(stored: XmlCell): string | undefined {
  return stored.type === 'inlineStr' ? (stored.inline ?? stored.value) : (stored.value ?? stored.inline);
}

function buildValueCell(stored: XmlCell, context: XlsxCellContext): SourceCell | undefined {
  const text = readStoredText(stored);
  // An empty `<v/>` holds nothing: an empty cell, never the number NaN.
  if (text === undefined || (text === '' && stored.type !== 'str' && stored.type !== 'inlineStr')) return undefined;
  // `Object.hasOwn`: a file's `t="constructor"` (or `toString`) never reaches the table's prototype; an unknown type reads as a number's.
  const type = stored.type ?? 'n';
  const build = (Object.hasOwn(VALUE_BUILDERS, type) ? VALUE_BUILDERS[type] : undefined) ?? VALUE_BUILDERS['n'];
  return (build as BuildValue)(text, context);
}

/** A formula reads as its saved result, whatever it is (0, FALSE and "" included). */
function buildFormulaCell(stored: XmlCell, context: XlsxCellContext): SourceCell {
  const result = readStoredText(stored);
  const withResult = result !== undefined && (result !== '' || stored.type === 'str');
  const cell: SourceCell = withResult ? (buildValueCell(stored, context) ?? { ...EMPTY }) : { kind: 'error', text: '', value: null };
  const flag: CellFlag = withResult ? 'formula' : 'formula_no_result';
  const built: SourceCell = { ...cell, flags: [...(cell.flags ?? []), flag] };
  if (stored.formula !== undefined && stored.formula !== '') built.formula = stored.formula;
  return built;
}

function buildStringCell(text: string): SourceCell {
  if (text === '') return { ...EMPTY };
  const cell: SourceCell = { kind: 'string', text, value: text };
  if (checkExponentText(text)) cell.flags = ['exponent'];
  return cell;
}

function buildNumberCell(text: string, context: XlsxCellContext): SourceCell {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value)) {
    return { kind: 'error', text: '#VALUE!', value: '#VALUE!' };
  }
  const format = context.numberFormat;
  const kind = readNumberFormatKind(format);
  if (kind === 'date' || kind === 'time') {
    const serial = buildSerialText(value, kind, context.date1904);
    if (serial === undefined) return { kind: 'error', text: '#NUM!', value: '#NUM!', flags: ['date_serial'] };
    return { kind: 'date', text: serial.text, value: serial.date, flags: ['date_serial'] };
  }
  if (kind === 'duration') return { kind: 'number', text: buildDurationText(value, format ?? ''), value };
  const { text: digits, flags } = interpretNumber(value, format);
  const cell: SourceCell = { kind: 'number', text: digits, value };
  if (flags.length > 0) cell.flags = flags;
  return cell;
}

/** `[h]:mm:ss` and its kind show a count of hours (or minutes, seconds) past 24: `1.5` → `36:00:00`. */
function buildDurationText(days: number, format: string): string {
  const sign = days < 0 ? '-' : '';
  let seconds = Math.round(Math.abs(days) * 86_400);
  const unit = /\[(h+|m+|s+)\]/i.exec(format)?.[1]?.charAt(0).toLowerCase() ?? 'h';
  const pad = (n: number): string => String(n).padStart(2, '0');
  const showSeconds = /s/i.test(format.replace(/\[[^\]]*\]/g, '')) || unit === 's';
  if (unit === 's') return `${sign}${seconds}`;
  if (!showSeconds) seconds = Math.round(seconds / 60) * 60;
  const minutes = Math.floor(seconds / 60);
  if (unit === 'm') return `${sign}${minutes}${showSeconds ? `:${pad(seconds % 60)}` : ''}`;
  return `${sign}${Math.floor(minutes / 60)}:${pad(minutes % 60)}${showSeconds ? `:${pad(seconds % 60)}` : ''}`;
}

/** `t="d"`: an ISO 8601 date, time or both, read as its wall-clock value (Excel dates have no zone). */
function buildIsoDateCell(text: string, numberFormat: string | undefined): SourceCell {
  const match = /^(?:(\d{4})-(\d{2})-(\d{2}))?(?:T?(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/.exec(text.trim());
  if (match === null || (match[1] === undefined && match[4] === undefined)) return { kind: 'error', text: '#VALUE!', value: '#VALUE!' };
  const [, year = '1899', month = '12', day = '30', hour = '0', minute = '0', second = '0', fraction = '0'] = match;
  const ms = Math.round(Number(`0.${fraction}`) * 1000);
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second), ms));
  if (Number.isNaN(date.getTime())) return { kind: 'error', text: '#VALUE!', value: '#VALUE!' };
  const timeOnly = match[1] === undefined || readNumberFormatKind(numberFormat) === 'time';
  const iso = new Date(Math.round(date.getTime() / 1000) * 1000).toISOString();
  const shown = timeOnly ? iso.slice(11, 19) : iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19);
  return { kind: 'date', text: shown, value: date, flags: ['date_serial'] };
}

