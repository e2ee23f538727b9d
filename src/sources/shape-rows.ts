/**
 * The part of reading that does not depend on the format: skip empty rows, find the header row,
 * hide ignored columns, warn on duplicate headers, fill merged ranges where asked, cut long cells,
 * apply the row limit, and give every issue its full location. Each reader produces raw rows (all
 * cells by column position, in file order); this turns them into the rows of `SourceStream`.
 */
import { AbortedError, LimitError, SourceReadError, type SourceReadReason } from '../core/errors.js';
import { createIssue, type Issue } from '../core/issue.js';
import { buildColumnLetter } from './column-letter.js';
import { cutForMessage } from '../core/cut-for-message.js';
import { checkCellEmpty, createGroupRowDetector } from './detect-group-rows.js';
import { createMergedRangeFill, pickFillMergedColumns, type MergedCellKind } from './fill-merged-ranges.js';
import { buildHeaderNames, buildLetterColumns, checkHeaderMergedDown, checkUnitsRow } from './build-header-layout.js';
import { checkHeaderComplete, findHeaderRow, HEADER_SCAN_ROWS, type HeaderCandidate } from './find-header-row.js';
import { createPastedExportMarker } from './mark-pasted-exports.js';
import { READ_CODES } from './read-codes.js';
import type { CellRange, LeftOutRow, ReadOptions, SourceCell, SourceColumn, SourceRow } from './types.js';

/** A row as a format reader produced it: every cell by column position (0 = A). */
export interface RawRow {
  /** Row number as Excel or a text editor shows it. */
  row: number;
  cells: (SourceCell | undefined)[];
  /** Problems found while reading the row; `column` set, `header` filled in here. */
  issues?: Issue[];
  /** XLSX, only when bold group rows are looked for: every filled cell of the row is bold. */
  bold?: boolean;
  /** Set by the pasted-export marker: the row is no goods (handed on to `SourceRow.leftOut`). */
  leftOut?: LeftOutRow;
}

/** A merged range (defined beside `SourceInfo`, which hands the reader's ranges on). */

/** What `openTable` needs besides the raw rows. */
interface TableContext {
  file: string;
  sheet?: string | undefined;
  options: ReadOptions;
  signal?: AbortSignal | undefined;
  /** Merged ranges of the sheet, needed only when `options.fillMerged` names columns or group rows are looked for. */
  mergedRanges?: readonly CellRange[];
  /** XLSX: row → outline level, needed only when group rows are looked for. */
  outlineLevels?: ReadonlyMap<number, number>;
}

/** The header and the data rows of a table. */
interface OpenedTable {
  headerRow: number;
  header: SourceColumn[];
  /** Data rows, read once. */
  rows: AsyncIterable<SourceRow>;
  /** File-level issues: duplicate headers, problems in the header or title rows. */
  issues: Issue[];
}

function checkRowEmpty(cells: readonly (SourceCell | undefined)[]): boolean {
  return cells.every(checkCellEmpty);
}

/**
 * Reads raw rows up to the header row and returns the header with the data rows still to come.
 * Throws `SourceReadError` for an empty sheet or a header row that cannot be found; closes `raw`
 * when it throws.
 */
export async function openTable(raw: AsyncIterator<RawRow>, context: TableContext): Promise<OpenedTable> {
  const { file, sheet, options } = context;
  const issues: Issue[] = [];
  const fail = async (message: string, reason?: SourceReadReason): Promise<never> => {
    await raw.return?.();
    throw new SourceReadError(file, `${file}${sheet !== undefined ? ` (sheet "${sheet}")` : ''}: ${message}`, { ...(sheet !== undefined ? { sheet } : {}), ...(reason !== undefined ? { reason } : {}) });
  };

  const scan = await scanToHeader(raw, context, issues, fail);
  const { scanned } = scan;
  const ranges = context.mergedRanges ?? [];
  let header: HeaderRows;
  if (options.headerRow === 'none') {
    if (scanned.length === 0) return await fail(`the ${sheet !== undefined ? 'sheet' : 'file'} is empty (no row with values)`);
    header = { row: 0, columns: buildLetterColumns(Math.max(...scanned.map((row) => row.cells.length))), pending: scanned };
  } else {
    let headerIndex = scan.headerIndex ?? (await chooseHeaderRow(scanned, context, fail));
    // Names found under a row merged down into them (group titles above): the header starts a row higher.
    const above = scanned[headerIndex - 1];
    if (above !== undefined && options.headerRows !== 1 && above.row === (scanned[headerIndex] as RawRow).row - 1 && checkHeaderMergedDown(above.row, ranges)) headerIndex--;
    const headerRaw = scanned[headerIndex] as RawRow;
    for (const row of scanned.slice(0, headerIndex + 1)) issues.push(...(row.issues ?? []));
    const pending = scanned.slice(headerIndex + 1);
    const second = await takeSecondHeaderRow(headerRaw, pending, raw, context);
    if (second !== undefined) issues.push(...(second.issues ?? []));
    const names = buildHeaderNames({ row: headerRaw.row, names: readNames(headerRaw), ...(second ? { second: readNames(second) } : {}), mergedRanges: ranges, file, sheet });
    issues.push(...names.issues);
    header = { row: headerRaw.row, columns: names.columns, pending, ...(second ? { lastRow: second.row } : {}) };
  }
  const { pending } = header;
  const layout = buildLayout(header.columns, options);
  const locate = createIssueLocator(layout, file, sheet);
  for (let i = 0; i < issues.length; i++) issues[i] = locate(issues[i] as Issue);

  // Rows above `dataStartRow` (and a second header row) are header, not goods.
  const firstDataRow = Math.max(options.dataStartRow ?? 0, (header.lastRow ?? header.row) + 1);
  const fill = createMergedFill(ranges, layout, options.fillMerged, firstDataRow - 1);
  const groups =
    options.groupRows &&
    createGroupRowDetector(options.groupRows, { columns: layout.visible, mergedRanges: ranges, outlineLevels: context.outlineLevels ?? new Map(), headerRow: firstDataRow - 1 });
  const maxRows = options.maxRows;

  const pasted = options.headerRow === 'none' ? undefined : createPastedExportMarker(layout.visible);

  async function* generateRows(): AsyncGenerator<SourceRow> {
    let count = 0;
    // Rows the pasted-export marker has handed on, in order: it holds back rows that may be titles.
    const ready: RawRow[] = [];
    let ended = false;
    try {
      for (;;) {
        checkAborted(context.signal);
        let row = ready.length > 0 ? ready.shift() : undefined;
        if (row === undefined) {
          if (ended) return;
          row = pending.shift();
          if (row === undefined) {
            const next = await raw.next();
            if (next.done) {
              ended = true;
              pasted?.flush(ready);
              continue;
            }
            row = next.value;
          }
          if (row.row < firstDataRow) continue;
          if (pasted !== undefined) {
            row = pasted.add(row, ready) ?? ready.shift();
            if (row === undefined) continue;
          }
        }
        // A group row is context for the goods below, not a row of goods.
        if (groups?.accept(row)) continue;
        const shaped = shapeRow(row, layout, options, fill, locate, file, sheet);
        if (shaped === undefined) continue;
        if (groups) shaped.groups = groups.current();
        if (maxRows !== undefined && count >= maxRows) {
          throw new LimitError(`${file}: more than ${maxRows} data rows (limit maxRows); reading stopped at row ${row.row}`);
        }
        count++;
        yield shaped;
      }
    } finally {
      await raw.return?.();
    }
  }

  return { headerRow: header.row, header: layout.visible, rows: generateRows(), issues };
}

/** The header as found: its first row (0 for none), its columns, the rows read past it, and its second row when it has two. */
interface HeaderRows {
  row: number;
  columns: SourceColumn[];
  pending: RawRow[];
  lastRow?: number;
}

/**
 * The second row of a two-row header, taken out of the rows to come: asked for (`headerRows: 2`),
 * or found — the row right below holds only units (`шт`, `кг`), a header cell is merged down into
 * it, or it holds expected headers the first row lacks (names under a merged group title).
 */
async function takeSecondHeaderRow(headerRaw: RawRow, pending: RawRow[], raw: AsyncIterator<RawRow>, context: TableContext): Promise<RawRow | undefined> {
  const { options } = context;
  if (options.headerRows === 1) return undefined;
  if (pending.length === 0) {
    const next = await raw.next();
    if (next.done) return undefined;
    pending.push(next.value);
  }
  const below = pending[0] as RawRow;
  if (options.headerRows !== 2) {
    if (below.row !== headerRaw.row + 1) return undefined;
    const names = readNames(below);
    const expected = options.expectedHeaders ?? [];
    const completes = expected.length > 0 && !checkHeaderComplete(readNames(headerRaw), expected) && checkHeaderComplete([...readNames(headerRaw), ...names], expected);
    const found = checkUnitsRow(names) || checkHeaderMergedDown(headerRaw.row, context.mergedRanges ?? []) || completes;
    if (!found) return undefined;
  }
  pending.shift();
  return below;
}

/** The rows read up to the header row: at most `HEADER_SCAN_ROWS`, empty ones aside. */
interface HeaderScan {
  scanned: RawRow[];
  /** The header's place in `scanned`, when the scan found it (a fixed `headerRow`, or every expected header). */
  headerIndex: number | undefined;
}

/** Reads raw rows until the header row is found or enough rows are scanned to choose it; closes `raw` when it throws. */
async function scanToHeader(raw: AsyncIterator<RawRow>, context: TableContext, issues: Issue[], fail: (message: string) => Promise<never>): Promise<HeaderScan> {
  const { options } = context;
  const scanned: RawRow[] = [];
  try {
    for (;;) {
      checkAborted(context.signal);
      const next = await raw.next();
      if (next.done) break;
      const row = next.value;
      if (typeof options.headerRow === 'number') {
        if (row.row < options.headerRow) {
          issues.push(...(row.issues ?? []));
          continue;
        }
        if (row.row > options.headerRow || checkRowEmpty(row.cells)) {
          return await fail(`header row ${options.headerRow} is empty`);
        }
        scanned.push(row);
        return { scanned, headerIndex: 0 };
      }
      if (checkRowEmpty(row.cells)) continue;
      scanned.push(row);
      if (options.headerRow !== 'none' && options.expectedHeaders?.length && checkHeaderComplete(readNames(row), options.expectedHeaders)) {
        return { scanned, headerIndex: scanned.length - 1 };
      }
      if (scanned.length >= HEADER_SCAN_ROWS) break;
    }
  } catch (error) {
    await raw.return?.();
    throw error;
  }
  return { scanned, headerIndex: undefined };
}

/** The header among the scanned rows when the scan did not settle it (`findHeaderRow`); fails on an empty sheet. */
async function chooseHeaderRow(scanned: readonly RawRow[], context: TableContext, fail: (message: string, reason?: SourceReadReason) => Promise<never>): Promise<number> {
  const { options, sheet } = context;
  if (scanned.length === 0) {
    if (options.headerRow !== undefined) return await fail(`header row ${options.headerRow} is beyond the last row`);
    return await fail(`the ${sheet !== undefined ? 'sheet' : 'file'} is empty (no row with values)`);
  }
  const candidates: HeaderCandidate[] = scanned.map((row) => ({ row: row.row, names: readNames(row) }));
  const choice = findHeaderRow(candidates, options.expectedHeaders);
  if ('error' in choice) return await fail(choice.error, 'header_not_found');
  return choice.index;
}

/** Gives an issue of the table its full location: file, sheet, and the header of its column. */
function createIssueLocator(layout: Layout, file: string, sheet: string | undefined): (issue: Issue) => Issue {
  const nameByLetter = new Map(layout.all.map((column) => [column.letter, cutForMessage(column.name)]));
  return (issue) =>
    createIssue({
      ...issue,
      file: issue.file ?? file,
      sheet: issue.sheet ?? sheet,
      header: issue.header ?? (issue.column !== undefined ? nameByLetter.get(issue.column) || undefined : undefined),
    });
}

function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AbortedError(undefined, { cause: signal.reason });
}

function readNames(row: RawRow): string[] {
  return row.cells.map((cell) => (cell === undefined ? '' : cell.text.trim()));
}

/** The columns of the header: all of them, the visible ones, and how wide the header is. */
interface Layout {
  all: SourceColumn[];
  visible: SourceColumn[];
  /** Number of columns up to the last non-empty header cell. */
  width: number;
  /** Every column up to `width` is visible, in order: a raw row of `width` cells is its row's cells as they are. */
  whole: boolean;
}

function buildLayout(all: SourceColumn[], options: ReadOptions): Layout {
  const width = all.length;
  const prefix = options.ignoreHeaderPrefix?.toLowerCase();
  const ignored = (column: SourceColumn): boolean => prefix !== undefined && prefix !== '' && column.name.toLowerCase().startsWith(prefix);
  const visible = all.filter((column) => !ignored(column));
  const whole = visible.length === width && visible.every((column, position) => column.index === position);
  return { all, visible, width, whole };
}

type MergedFill = (row: RawRow) => void;

const MERGED_SOURCE_CELL: MergedCellKind<SourceCell> = {
  checkBlank: checkCellEmpty,
  copyFilled: (cell) => ({ ...cell, flags: [...(cell.flags ?? []), 'merged_filled'] }),
};

/** Copies the top-left value of merged ranges into the empty cells of the `fillMerged` columns. */
function createMergedFill(ranges: readonly CellRange[], layout: Layout, fillMerged: readonly string[] | undefined, headerRow: number): MergedFill | undefined {
  const columns = pickFillMergedColumns(layout.visible, fillMerged);
  if (columns.length === 0 || ranges.length === 0) return undefined;
  const fill = createMergedRangeFill(ranges, columns, headerRow, MERGED_SOURCE_CELL);
  if (fill === undefined) return undefined;
  return (row) => {
    if (fill.startsAt(row.row)) fill.start(row.row, row.cells);
    fill.fillerOf(row.row)?.(row.cells);
  };
}

function shapeRow(
  row: RawRow,
  layout: Layout,
  options: ReadOptions,
  fill: MergedFill | undefined,
  locate: (issue: Issue) => Issue,
  file: string,
  sheet: string | undefined,
): SourceRow | undefined {
  fill?.(row);
  // The raw row's own array when it already is the row's cells: one array less a row.
  const cells = layout.whole && row.cells.length === layout.width ? row.cells : layout.visible.map((column) => row.cells[column.index]);
  let outside: number | undefined;
  for (let index = layout.width; index < row.cells.length; index++) {
    if (!checkCellEmpty(row.cells[index])) {
      outside = index;
      break;
    }
  }
  if (checkRowEmpty(cells) && outside === undefined) return undefined;

  const issues = row.issues === undefined ? [] : row.issues.map(locate);
  if (outside !== undefined) {
    const letter = buildColumnLetter(outside);
    issues.push(
      createIssue({
        code: READ_CODES.cellOutsideHeader,
        severity: 'warning',
        stage: 'read',
        data: { letter },
        file,
        sheet,
        row: row.row,
        column: letter,
        value: cutForMessage(row.cells[outside]?.text ?? ''),
      }),
    );
  }
  const max = options.maxCellLength;
  if (max !== undefined) {
    cells.forEach((cell, position) => {
      if (cell === undefined || cell.text.length <= max) return;
      const column = layout.visible[position] as SourceColumn;
      const text = cell.text.slice(0, max);
      cells[position] = { ...cell, text, value: typeof cell.value === 'string' ? text : cell.value, flags: [...(cell.flags ?? []), 'truncated'] };
      issues.push(
        createIssue({
          code: READ_CODES.cellTruncated,
          severity: 'warning',
          stage: 'read',
          data: { variant: 'read', length: cell.text.length, max },
          file,
          sheet,
          row: row.row,
          column: column.letter,
          header: cutForMessage(column.name) || undefined,
          value: cutForMessage(text),
        }),
      );
    });
  }
  const shaped: SourceRow = issues.length > 0 ? { row: row.row, cells, issues } : { row: row.row, cells };
  if (row.leftOut !== undefined) shaped.leftOut = row.leftOut;
  return shaped;
}
