/**
 * Reads `mapping.xlsx` back into the mapping document the YAML would decode to, and where each
 * value came from (sheet, row, column), so that every problem the schema or the directory rules
 * find is reported at the cell to fix. Never throws for a bad workbook: what cannot be read is an
 * issue. The layout is in `mapping-workbook-layout.ts`.
 */
import type * as ExcelJS from 'exceljs';
import { loadExcelJs } from '../core/load-exceljs.js';
import { createIssue, type Issue } from '../core/issue.js';
import { MAPPING_SHEETS, PICKED_ENTRY } from './mapping-workbook-layout.js';

/** A cell of the mapping workbook. */
export interface WorkbookLocation {
  sheet: string;
  row: number;
  column: string;
}

/** The decoded document and the cell of each value, by dotted path (`categories.Футболки`, `attributes[0].column`). */
export interface MappingWorkbookDocument {
  document: Record<string, unknown>;
  locations: Map<string, WorkbookLocation>;
  /** Notes of the reader's columns (scores, candidates), by path: they become YAML comments. */
  notes: Map<string, string>;
  issues: Issue[];
}

type CellValue = string | number | boolean | null;
/** The cells of a row the reader looks at (A–G). */
type Cells = [CellValue, CellValue, CellValue, CellValue, CellValue, CellValue, CellValue];

/**
 * Reads and decodes the workbook, from its path or from its bytes already read (`loadMapping` reads
 * them once, to hash what it decodes).
 */
export async function readMappingWorkbook(source: string | Buffer, file: string): Promise<MappingWorkbookDocument> {
  const workbook = new (loadExcelJs().Workbook)();
  try {
    if (typeof source === 'string') await workbook.xlsx.readFile(source);
    // exceljs declares its own `Buffer` type; a Node Buffer is what it reads at run time.
    else await workbook.xlsx.load(source as unknown as Parameters<ExcelJS.Xlsx['load']>[0]);
  } catch (error) {
    return { document: {}, locations: new Map(), notes: new Map(), issues: [createIssue({ stage: 'mapping', severity: 'error', code: 'mapping_unreadable', data: { variant: 'workbook', detail: (error as Error).message }, file })] };
  }
  return decodeMappingWorkbook(workbook, file);
}

/** Decodes a workbook already in memory (pure). */
function decodeMappingWorkbook(workbook: ExcelJS.Workbook, file: string): MappingWorkbookDocument {
  const reader = createSheetReader(workbook, file);
  const { result } = reader;
  if (workbook.getWorksheet(MAPPING_SHEETS.settings) === undefined && workbook.getWorksheet(MAPPING_SHEETS.columns) === undefined) {
    result.issues.push(createIssue({ stage: 'mapping', severity: 'error', code: 'mapping_invalid', data: { variant: 'not_workbook', settings: MAPPING_SHEETS.settings, columns: MAPPING_SHEETS.columns }, file }));
    return result;
  }
  // The sheets in the order of the YAML's keys, so a converted mapping reads the same.
  readDottedSheet(reader, MAPPING_SHEETS.settings, result.document, '', 'a setting without a name');
  const columns: Record<string, unknown> = {};
  readDottedSheet(reader, MAPPING_SHEETS.columns, columns, 'columns.', 'a column reference without a field');
  if (Object.keys(columns).length > 0 || workbook.getWorksheet(MAPPING_SHEETS.columns) !== undefined) result.document.columns = columns;
  readChoiceSheets(reader);
  readAttributeSheets(reader);
  readCategoryDefaultsSheet(reader);
  return result;
}

/** What every sheet step needs: the result being built, and how to note a cell, a problem and a sheet's rows. */
interface SheetReader {
  result: MappingWorkbookDocument;
  /** Records the cell a dotted path came from. */
  at(path: string, sheet: string, row: number, column: string): void;
  /** An issue at a cell. */
  problem(sheet: string, row: number, column: string, message: string): void;
  /** The non-empty rows under a sheet's header (none when the sheet is absent). */
  rowsOf(name: string): { row: number; cells: Cells }[];
}

function createSheetReader(workbook: ExcelJS.Workbook, file: string): SheetReader {
  const result: MappingWorkbookDocument = { document: {}, locations: new Map(), notes: new Map(), issues: [] };
  return {
    result,
    at(path, sheet, row, column) {
      result.locations.set(path, { sheet, row, column });
    },
    problem(sheet, row, column, message) {
      result.issues.push(createIssue({ stage: 'mapping', severity: 'error', code: 'mapping_invalid_value', message, file, sheet, row, column }));
    },
    rowsOf(name) {
      const sheet = workbook.getWorksheet(name);
      if (sheet === undefined) return [];
      const rows: { row: number; cells: Cells }[] = [];
      sheet.eachRow({ includeEmpty: false }, (row, number) => {
        if (number === 1) return;
        const read = (i: number): CellValue => readCell(row.getCell(i));
        const cells: Cells = [read(1), read(2), read(3), read(4), read(5), read(6), read(7)];
        if (cells.some((cell) => cell !== null && cell !== '')) rows.push({ row: number, cells });
      });
      return rows;
    },
  };
}

/**
 * Settings (`defaults.shopId`) and columns (a field and the seller column, or JSON list of columns,
 * that feeds it): a dotted key per row, its value and note, put in `target`; `prefix` places the
 * key in the whole document.
 */
function readDottedSheet({ result, at, problem, rowsOf }: SheetReader, sheet: string, target: Record<string, unknown>, prefix: string, nameless: string): void {
  for (const { row, cells } of rowsOf(sheet)) {
    const [key, value, note] = cells;
    if (typeof key !== 'string' || key.trim() === '') {
      problem(sheet, row, 'A', nameless);
      continue;
    }
    if (value === null) continue;
    setPath(target, key.trim().split('.'), decodeJson(value));
    at(prefix + key.trim(), sheet, row, 'B');
    if (typeof note === 'string' && note !== '') result.notes.set(prefix + key.trim(), note);
  }
}

/** Categories and brands: the seller's text, the entry picked for it, its score and note. */
function readChoiceSheets({ result, at, problem, rowsOf }: SheetReader): void {
  for (const [key, sheet] of [['categories', MAPPING_SHEETS.categories], ['brands', MAPPING_SHEETS.brands]] as const) {
    const entries: Record<string, unknown> = {};
    for (const { row, cells } of rowsOf(sheet)) {
      const [text, target, score, note] = cells;
      if (text === null || String(text).trim() === '') {
        problem(sheet, row, 'A', `a ${key === 'categories' ? 'category' : 'brand'} choice without the seller's text`);
        continue;
      }
      // An empty choice leaves the seller text unmapped, as a deleted YAML line does.
      if (target === null || String(target).trim() === '') continue;
      const path = `${key}.${String(text)}`;
      entries[String(text)] = decodeTarget(target);
      at(path, sheet, row, 'B');
      const remark = describeRemark(score, note);
      if (remark !== '') result.notes.set(path, remark);
    }
    // Empty lists are left out, as `mapping init` leaves them out of the YAML; the schema's defaults are the same.
    if (Object.keys(entries).length > 0) result.document[key] = entries;
  }
}

const ATTRIBUTE_COLUMNS = ['code', 'column', 'value', 'level', 'separator', 'free'] as const;

/** Attributes, one per row, then the value choices of each (by attribute code) from the values sheet. */
function readAttributeSheets({ result, at, problem, rowsOf }: SheetReader): void {
  const attributes: Record<string, unknown>[] = [];
  const positions = new Map<string, number>();
  for (const { row, cells } of rowsOf(MAPPING_SHEETS.attributes)) {
    const entry: Record<string, unknown> = {};
    const i = attributes.length;
    ATTRIBUTE_COLUMNS.forEach((name, column) => {
      const cell = cells[column] ?? null;
      if (cell === null || cell === '') return;
      entry[name] = name === 'column' || name === 'free' ? decodeJson(cell) : cell;
      at(`attributes[${i}].${name}`, MAPPING_SHEETS.attributes, row, String.fromCharCode(65 + column));
    });
    at(`attributes[${i}]`, MAPPING_SHEETS.attributes, row, 'A');
    const note = cells[6];
    if (typeof note === 'string' && note !== '') result.notes.set(`attributes[${i}].code`, note);
    if (typeof entry.code === 'string') positions.set(entry.code, i);
    attributes.push(entry);
  }
  for (const { row, cells } of rowsOf(MAPPING_SHEETS.values)) {
    const [code, text, target, score, note] = cells;
    const i = typeof code === 'string' ? positions.get(code) : undefined;
    const entry = i === undefined ? undefined : attributes[i];
    if (i === undefined || entry === undefined) {
      problem(MAPPING_SHEETS.values, row, 'A', `attribute ${String(code ?? '')} is not on the "${MAPPING_SHEETS.attributes}" sheet`);
      continue;
    }
    if (text === null || target === null || String(target).trim() === '') continue;
    const values = (entry.values ??= {}) as Record<string, unknown>;
    values[String(text)] = decodeValueTarget(target);
    const path = `attributes[${i}].values.${String(text)}`;
    at(path, MAPPING_SHEETS.values, row, 'C');
    const remark = describeRemark(score, note);
    if (remark !== '') result.notes.set(path, remark);
  }
  if (attributes.length > 0) result.document.attributes = attributes;
}

/** Per-category defaults: a category, an attribute code and the value its rows get. */
function readCategoryDefaultsSheet({ result, at, problem, rowsOf }: SheetReader): void {
  const defaults: Record<string, { attributes: Record<string, unknown> }> = {};
  for (const { row, cells } of rowsOf(MAPPING_SHEETS.categoryDefaults)) {
    const [category, code, value, note] = cells;
    if (category === null || code === null) {
      problem(MAPPING_SHEETS.categoryDefaults, row, category === null ? 'A' : 'B', 'a category default needs its category and attribute code');
      continue;
    }
    const entry = (defaults[String(category)] ??= { attributes: {} });
    if (value === null || String(value).trim() === '') continue;
    entry.attributes[String(code)] = decodeDefaultValue(value);
    const path = `categoryDefaults.${String(category)}.attributes.${String(code)}`;
    at(path, MAPPING_SHEETS.categoryDefaults, row, 'C');
    at(`categoryDefaults.${String(category)}`, MAPPING_SHEETS.categoryDefaults, row, 'A');
    if (typeof note === 'string' && note !== '') result.notes.set(path, note);
  }
  if (Object.keys(defaults).length > 0) result.document.categoryDefaults = defaults;
}

/**
 * The cell of a path, or of its nearest ancestor that has one (`attributes[2].values` → the row of
 * `attributes[2]`): where an issue about that path is shown.
 */
export function locateMappingPath(locations: ReadonlyMap<string, WorkbookLocation>, path: string): WorkbookLocation | undefined {
  let current = path;
  for (;;) {
    const found = locations.get(current);
    if (found !== undefined) return found;
    const cut = Math.max(current.lastIndexOf('.'), current.lastIndexOf('['));
    if (cut <= 0) return undefined;
    current = current.slice(0, cut);
  }
}

function readCell(cell: ExcelJS.Cell): string | number | boolean | null {
  const value = cell.value;
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('result' in value) return (value.result as string | number | boolean | undefined) ?? null;
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
  }
  return cell.text;
}

/** A picked entry `… [30101]` is its id; a number is an id; any other text (a name, a path, TODO) stays text. */
function decodeTarget(cell: string | number | boolean): string | number {
  if (typeof cell === 'number') return cell;
  const text = String(cell).trim();
  const picked = PICKED_ENTRY.exec(text);
  if (picked !== null && /^\d+$/.test(picked[1] ?? '')) return Number(picked[1]);
  if (/^\d+$/.test(text)) return Number(text);
  return text;
}

/** `Чёрный [color_black]` is `color_black`; a JSON list is several codes; other text is the code or name as written. */
function decodeValueTarget(cell: string | number | boolean): string | string[] {
  const decoded = decodeJson(cell);
  if (Array.isArray(decoded)) return decoded.map(String);
  const text = String(cell).trim();
  return PICKED_ENTRY.exec(text)?.[1] ?? text;
}

/** A category default is a seller value (or a JSON list of them); a picked `Name [code]` is its code. */
function decodeDefaultValue(cell: string | number | boolean): string | string[] {
  const decoded = decodeJson(cell);
  if (Array.isArray(decoded)) return decoded.map(String);
  const text = String(cell).trim();
  return PICKED_ENTRY.exec(text)?.[1] ?? text;
}

/** A cell keeps its type (a number typed in Excel is a number, text stays text); JSON lists and objects are decoded. */
function decodeJson(cell: string | number | boolean): unknown {
  if (typeof cell !== 'string') return cell;
  const text = cell.trim();
  if (!text.startsWith('{') && !text.startsWith('[')) return cell;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? parsed : cell;
  } catch {
    return cell;
  }
}

function describeRemark(score: string | number | boolean | null, note: string | number | boolean | null): string {
  const text = note === null ? '' : String(note);
  if (typeof score === 'number') return text === '' ? `score ${score.toFixed(2)}` : `score ${score.toFixed(2)}: ${text}`;
  return text;
}

function setPath(target: Record<string, unknown>, keys: string[], value: unknown): void {
  let node = target;
  keys.forEach((key, i) => {
    if (i === keys.length - 1) {
      node[key] = value;
      return;
    }
    const next = node[key];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[key] = {};
    node = node[key] as Record<string, unknown>;
  });
}
