/**
 * The columns of a table from its header row(s), as sellers make them: a header cell merged across
 * several columns (`Фото` over E:G) heads each of them; a header of two rows — units under the
 * names (`Вес` over `кг`), or a group title above (`Размеры` over `Длина`, `Ширина`) — gives one
 * name a column; repeated names are told apart by a suffix (`Цена`, `Цена (2)`), so the mapping
 * can name each column, with one warning for the whole header; a table without a header
 * (`headerRow: none`) has its columns named by letter (`A`, `B`, …).
 */
import { createIssue, type Issue } from '../core/issue.js';
import { buildColumnLetter } from './column-letter.js';
import { cutForMessage } from '../core/cut-for-message.js';
import { normalizeHeaderName } from './find-header-row.js';
import { READ_CODES } from './read-codes.js';
import type { CellRange, SourceColumn, SourceInfo } from './types.js';

/** What the header is read from. */
interface HeaderSource {
  /** Row number of the (first) header row; 0 when the table has none. */
  row: number;
  /** Trimmed texts of the header row by column position; letters are used when the table has none. */
  names: readonly string[];
  /** Texts of the second header row (units, or the names under a group title), when there is one. */
  second?: readonly string[];
  /** Merged ranges of the sheet (XLSX), to spread a merged header cell over its columns. */
  mergedRanges: readonly CellRange[];
  file: string;
  sheet: string | undefined;
}

/** The header's columns (before ignored ones are taken out) and the one warning about its names. */
interface HeaderNames {
  columns: SourceColumn[];
  issues: Issue[];
}

// What a units row under the names holds: `шт`, `(кг)`, `тг.`, `%`, `USD`.
const UNIT = /^[([]?\s*(?:шт|штук|кг|г|гр|мг|т|мл|л|см|мм|м|м2|м²|м3|м³|тг|₸|тенге|руб|₽|\$|€|%|ед|упак|пар|компл|kg|g|ml|l|cm|mm|m|pcs|kzt|rub|usd|eur)\.?\s*[)\]]?$/i;

/** True for a row whose filled cells are all units of the column above: the second row of a two-row header. */
export function checkUnitsRow(names: readonly string[]): boolean {
  const filled = names.filter((name) => name !== '');
  return filled.length > 0 && filled.every((name) => UNIT.test(name));
}

/** True when a header cell of `row` is merged down into the row below (a two-row header). */
export function checkHeaderMergedDown(row: number, ranges: readonly CellRange[]): boolean {
  return ranges.some((range) => range.top === row && range.bottom > row);
}

/** Builds the columns of the header. */
export function buildHeaderNames(source: HeaderSource): HeaderNames {
  const top = spreadMerged(source.names, source.row, source.mergedRanges);
  const second = source.second === undefined ? undefined : spreadMerged(source.second, source.row + 1, source.mergedRanges);
  const names = second === undefined ? top : combineRows(top, second, findTitleColumns(source.row, source.mergedRanges));
  let width = names.length;
  while (width > 0 && names[width - 1] === '') width--;
  const columns: SourceColumn[] = names.slice(0, width).map((name, index) => ({ index, letter: buildColumnLetter(index), name }));
  const issues = suffixRepeatedNames(columns, source);
  for (const column of columns) {
    const own = source.names[column.index] ?? '';
    if (column.name !== own) column.text = own;
  }
  return { columns, issues };
}

/** A table without a header row: `width` columns named by their letters. */
export function buildLetterColumns(width: number): SourceColumn[] {
  return Array.from({ length: width }, (_, index) => ({ index, letter: buildColumnLetter(index), name: buildColumnLetter(index), text: '' }));
}

/** The row's texts with the text of a cell merged across columns on this row copied into each column it covers. */
function spreadMerged(names: readonly string[], row: number, ranges: readonly CellRange[]): string[] {
  const spread = [...names];
  for (const range of ranges) {
    if (range.top > row || range.bottom < row || range.right === range.left) continue;
    // Only the range's own text (its top-left cell, on its first row) is spread.
    const text = range.top === row ? (names[range.left] ?? '') : '';
    if (text === '') continue;
    for (let column = range.left + 1; column <= range.right; column++) if ((spread[column] ?? '') === '') spread[column] = text;
  }
  for (let i = 0; i < spread.length; i++) spread[i] ??= '';
  return spread;
}

/** Columns under a header cell merged across columns on `row`: a group title over the names below. */
function findTitleColumns(row: number, ranges: readonly CellRange[]): Set<number> {
  const columns = new Set<number>();
  for (const range of ranges) {
    if (range.top !== row || range.bottom !== row || range.right === range.left) continue;
    for (let column = range.left; column <= range.right; column++) columns.add(column);
  }
  return columns;
}

/**
 * One name a column from two header rows: the lower one under a group title or an empty upper
 * cell (`Размеры` over `Длина` → `Длина`); else the upper one, the lower being its unit or a note
 * (`Вес` over `кг` → `Вес`).
 */
function combineRows(top: readonly string[], bottom: readonly string[], titleColumns: ReadonlySet<number>): string[] {
  const width = Math.max(top.length, bottom.length);
  return Array.from({ length: width }, (_, i) => {
    const upper = top[i] ?? '';
    const lower = bottom[i] ?? '';
    return lower !== '' && (upper === '' || (titleColumns.has(i) && !UNIT.test(lower))) ? lower : upper;
  });
}

/** Renames the second and later columns of a repeated name `Цена (2)`, `Цена (3)`; one warning lists them. */
function suffixRepeatedNames(columns: SourceColumn[], source: HeaderSource): Issue[] {
  const counts = new Map<string, number>();
  const taken = new Set(columns.map((column) => normalizeHeaderName(column.name)));
  const renamed: string[] = [];
  for (const column of columns) {
    if (column.name === '') continue;
    const key = normalizeHeaderName(column.name);
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    if (count === 1) continue;
    let n = count;
    while (taken.has(normalizeHeaderName(`${column.name} (${n})`))) n++;
    const name = `${column.name} (${n})`;
    taken.add(normalizeHeaderName(name));
    renamed.push(`${column.letter} "${cutForMessage(name)}"`);
    column.name = name;
  }
  if (renamed.length === 0) return [];
  const first = columns.find((column) => renamed[0]?.startsWith(`${column.letter} `));
  return [
    createIssue({
      code: READ_CODES.duplicateHeader,
      severity: 'warning',
      stage: 'read',
      data: { variant: 'renamed', renamed: renamed.join(', ') },
      file: source.file,
      sheet: source.sheet,
      row: source.row,
      column: first?.letter,
    }),
  ];
}

/**
 * The info with each column named by its header cell's own text (`Цена`, not `Цена (2)`): for a
 * copy of the file that compares the header it reads again with the one the reader found.
 */
export function restoreHeaderTexts(info: SourceInfo): SourceInfo {
  if (info.header.every((column) => column.text === undefined)) return info;
  return { ...info, header: info.header.map((column) => (column.text === undefined ? column : { index: column.index, letter: column.letter, name: column.text })) };
}
