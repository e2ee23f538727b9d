/**
 * Writes a mapping document (the object the YAML decodes to) as `mapping.xlsx` (see
 * `mapping-workbook-layout.ts`). Notes (a draft's scores and TODO candidates, or a YAML file's
 * comments) go beside the cells they are about. With directories, the cells to fill are drop-down
 * lists over the directory sheets, and chosen ids are shown with their paths.
 */
import type * as ExcelJS from 'exceljs';
import { loadExcelJs } from '../core/load-exceljs.js';
import { buildCategoryPath, type DirectoryIndex } from './directory-index.js';
import { formatPickedEntry, MAPPING_SHEET_HEADERS, MAPPING_SHEETS, SHEET_KEYS } from './mapping-workbook-layout.js';
import { isPlainRecord } from '../core/is-plain-record.js';

/** What to write. */
export interface MappingWorkbookInput {
  /** The mapping as decoded from YAML (not parsed: defaults are not filled in, TODOs are kept). */
  document: Record<string, unknown>;
  /** Notes by dotted path (`categories.Футболки`, `attributes[0].values.хаки`): scores, candidates, TODO texts. */
  notes?: ReadonlyMap<string, string>;
  /** The directories: drop-down lists and readable picked entries. Without them, plain cells. */
  index?: DirectoryIndex;
}

type Row = (string | number | boolean | null)[];

/** Excel's limit on the formula of a list validation is a range, not a list: every list is a range of a directory sheet. */
interface ListRange {
  sheet: string;
  from: number;
  to: number;
  column: string;
}

/** Builds the workbook in memory (mapping workbooks are small) and writes it. */
export async function writeMappingWorkbook(path: string, input: MappingWorkbookInput): Promise<void> {
  const workbook = buildMappingWorkbook(input);
  await workbook.xlsx.writeFile(path);
}

/** The workbook, built in memory. */
function buildMappingWorkbook(input: MappingWorkbookInput): ExcelJS.Workbook {
  const ExcelJs = loadExcelJs();
  const workbook = new ExcelJs.Workbook();
  const { document, index } = input;
  const notes = input.notes ?? new Map<string, string>();
  const note = (path: string): string => notes.get(path) ?? '';
  const directory = index === undefined ? undefined : planDirectorySheets(index);
  const lists = directory?.lists;
  // The sheets to fill first, first; the directory sheets last.
  const categories = addSheet(workbook, MAPPING_SHEETS.categories, MAPPING_SHEET_HEADERS.categories);
  const defaults = addSheet(workbook, MAPPING_SHEETS.categoryDefaults, MAPPING_SHEET_HEADERS.categoryDefaults);
  const brands = addSheet(workbook, MAPPING_SHEETS.brands, MAPPING_SHEET_HEADERS.brands);
  const values = addSheet(workbook, MAPPING_SHEETS.values, MAPPING_SHEET_HEADERS.values);
  const settings = addSheet(workbook, MAPPING_SHEETS.settings, MAPPING_SHEET_HEADERS.settings);
  const columns = addSheet(workbook, MAPPING_SHEETS.columns, MAPPING_SHEET_HEADERS.columns);
  const attributes = addSheet(workbook, MAPPING_SHEETS.attributes, MAPPING_SHEET_HEADERS.attributes);
  directory?.write(workbook);

  for (const [key, value] of Object.entries(document)) {
    if (SHEET_KEYS.has(key)) continue;
    for (const [path, leaf] of flattenSettings(key, value)) settings.addRow([path, toCell(leaf), note(path)]);
  }

  for (const [path, leaf] of flattenColumns(asRecord(document.columns))) columns.addRow([path, toCell(leaf), note(`columns.${path}`)]);

  for (const [text, target] of Object.entries(asRecord(document.categories))) {
    const row = categories.addRow([text, showCategory(target, index), ...splitNote(note(`categories.${text}`))]);
    if (lists !== undefined) setList(row.getCell(2), lists.categories);
  }

  for (const [text, target] of Object.entries(asRecord(document.brands))) {
    const row = brands.addRow([text, showBrand(target, index), ...splitNote(note(`brands.${text}`))]);
    if (lists !== undefined) setList(row.getCell(2), lists.brands);
  }

  const mapped = Array.isArray(document.attributes) ? (document.attributes as unknown[]) : [];
  mapped.forEach((item, i) => {
    const attribute = asRecord(item);
    const code = typeof attribute.code === 'string' ? attribute.code : '';
    attributes.addRow([toCell(attribute.code), toCell(attribute.column), toCell(attribute.value), toCell(attribute.level), toCell(attribute.separator), toCell(attribute.free), note(`attributes[${i}].code`)]);
    for (const [text, target] of Object.entries(asRecord(attribute.values))) {
      const row = values.addRow([code, text, showValue(code, target, index), ...splitNote(note(`attributes[${i}].values.${text}`))]);
      const range = lists?.values.get(code);
      if (range !== undefined) setList(row.getCell(3), range);
    }
  });

  for (const [category, entry] of Object.entries(asRecord(document.categoryDefaults))) {
    for (const [code, value] of Object.entries(asRecord(asRecord(entry).attributes))) {
      const row = defaults.addRow([category, code, toCell(value), note(`categoryDefaults.${category}.attributes.${code}`)]);
      const range = lists?.values.get(code);
      if (range !== undefined) setList(row.getCell(3), range, true);
    }
  }
  return workbook;
}

function addSheet(workbook: ExcelJS.Workbook, name: string, header: readonly string[]): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
  sheet.addRow([...header]).font = { bold: true };
  header.forEach((_, i) => {
    sheet.getColumn(i + 1).width = i === 1 || i === 2 ? 48 : 28;
  });
  return sheet;
}

/** The directory sheets' rows and the ranges the drop-downs list; the sheets are added after the mapping sheets. */
function planDirectorySheets(index: DirectoryIndex): { lists: { categories: ListRange; brands: ListRange; values: Map<string, ListRange> }; write(workbook: ExcelJS.Workbook): void } {
  const leaves = index.directories.categories.filter((category) => !index.nonLeafIds.has(category.id));
  const categoryRows: Row[] = leaves
    .map((category): Row => [formatPickedEntry(buildCategoryPath(category, index.categoryById), category.id), category.path?.kaz ?? category.name.kaz])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  const brandRows: Row[] = [...index.directories.brands].sort((a, b) => a.name.localeCompare(b.name)).map((brand) => [formatPickedEntry(brand.name, brand.id)]);
  const valueRows: Row[] = [];
  const values = new Map<string, ListRange>();
  for (const attribute of index.directories.attributes) {
    const all = index.valuesByAttribute.get(attribute.code)?.all ?? [];
    if (all.length === 0) continue;
    values.set(attribute.code, { sheet: MAPPING_SHEETS.directoryValues, from: valueRows.length + 2, to: valueRows.length + all.length + 1, column: 'B' });
    for (const value of all) valueRows.push([attribute.code, formatPickedEntry(value.name.rus || value.code, value.code), value.name.kaz]);
  }
  const addDirectory = (workbook: ExcelJS.Workbook, name: string, header: string[], rows: Row[], widths: number[]): void => {
    const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
    sheet.addRow(header).font = { bold: true };
    for (const row of rows) sheet.addRow(row);
    widths.forEach((width, i) => {
      sheet.getColumn(i + 1).width = width;
    });
  };
  return {
    lists: {
      categories: { sheet: MAPPING_SHEETS.directoryCategories, from: 2, to: Math.max(2, categoryRows.length + 1), column: 'A' },
      brands: { sheet: MAPPING_SHEETS.directoryBrands, from: 2, to: Math.max(2, brandRows.length + 1), column: 'A' },
      values,
    },
    write(workbook) {
      addDirectory(workbook, MAPPING_SHEETS.directoryCategories, ['Leaf category (Russian path [id])', 'Kazakh path'], categoryRows, [70, 70]);
      addDirectory(workbook, MAPPING_SHEETS.directoryBrands, ['Brand [id]'], brandRows, [40]);
      addDirectory(workbook, MAPPING_SHEETS.directoryValues, ['Attribute code', 'Value [code]', 'Kazakh name'], valueRows, [24, 40, 30]);
    },
  };
}

/** A drop-down over a directory range. Other text stays allowed (with a warning) for names, ids and TODO. */
function setList(cell: ExcelJS.Cell, range: ListRange, freeTextAllowed = false): void {
  cell.dataValidation = {
    type: 'list',
    allowBlank: true,
    formulae: [`'${range.sheet}'!$${range.column}$${range.from}:$${range.column}$${range.to}`],
    showErrorMessage: !freeTextAllowed,
    errorStyle: 'warning',
    errorTitle: 'Not in the directory',
    error: 'Pick an entry from the list (or keep an id or exact directory name).',
  };
}

function showCategory(target: unknown, index: DirectoryIndex | undefined): string | number | boolean | null {
  if (typeof target === 'number' && index !== undefined) {
    const category = index.categoryById.get(target);
    if (category !== undefined) return formatPickedEntry(buildCategoryPath(category, index.categoryById), target);
  }
  return toCell(target);
}

function showBrand(target: unknown, index: DirectoryIndex | undefined): string | number | boolean | null {
  if (typeof target === 'number' && index !== undefined) {
    const brand = index.brandById.get(target);
    if (brand !== undefined) return formatPickedEntry(brand.name, target);
  }
  return toCell(target);
}

function showValue(attributeCode: string, target: unknown, index: DirectoryIndex | undefined): string | number | boolean | null {
  if (typeof target === 'string' && index !== undefined) {
    const value = index.valuesByAttribute.get(attributeCode)?.byCode.get(target);
    if (value !== undefined) return formatPickedEntry(value.name.rus || value.code, target);
  }
  return toCell(target);
}

/** `0.93 | 1) … 2) …` notes split into score and text; other notes go whole into the text column. */
function splitNote(note: string): [number | null, string] {
  const match = /^score (\d(?:\.\d+)?)(?::\s*(.*))?$/s.exec(note.trim());
  if (match !== null) return [Number(match[1]), match[2] ?? ''];
  if (/^exact\b/.test(note.trim())) return [1, note.trim()];
  return [null, note.trim()];
}

/** Settings as leaf paths (`validation.photos.min`); lists and empty objects stay whole (as JSON). */
function flattenSettings(key: string, value: unknown): [string, unknown][] {
  if (isPlainRecord(value) && Object.keys(value).length > 0) {
    return Object.entries(value).flatMap(([inner, innerValue]) => flattenSettings(`${key}.${inner}`, innerValue));
  }
  return [[key, value]];
}

/** `name: {rus: …}` → `name.rus`; photo specs and `{letter}` references stay whole. */
function flattenColumns(columns: Record<string, unknown>): [string, unknown][] {
  const result: [string, unknown][] = [];
  for (const [field, value] of Object.entries(columns)) {
    if ((field === 'name' || field === 'description') && isPlainRecord(value)) {
      for (const [language, ref] of Object.entries(value)) result.push([`${field}.${language}`, ref]);
    } else {
      result.push([field, value]);
    }
  }
  return result;
}

/** A cell value: text, number and yes/no as they are; anything else as JSON text. */
function toCell(value: unknown): string | number | boolean | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

function asRecord(value: unknown): Record<string, unknown> {
  return isPlainRecord(value) ? value : {};
}

