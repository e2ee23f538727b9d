/**
 * XLSX reader. The zip is read through its own directory, not walked in storage order:
 * the package relationships name the workbook part, read first to refuse broken files early with a
 * clear message and choose the sheet; then one integrity pass over the shared strings (parsed into
 * a compact table on the way), the styles and the sheet (collecting the merged ranges Excel writes
 * after the rows, when merged columns must be filled, handed on in `SourceInfo.mergedRanges`);
 * then the one sheet is streamed, whatever the order of the parts, by our own scanner fed text
 * decoded per part (parse-sheet-rows.ts, decode-xml-part.ts), and each cell is built by our own
 * code (build-xlsx-cell.ts), so rows are yielded as the sheet is inflated and memory stays flat.
 * Every part is checked against size bounds before it is inflated.
 */
import type { Buffer } from 'node:buffer';
import { isPipelineError, SourceReadError } from '../core/errors.js';
import { createIssue, type Issue } from '../core/issue.js';
import { buildXlsxCell } from './build-xlsx-cell.js';
import { checkZipPartSize, createMarkupSpanCheck, type PartKind } from '../xlsx/check-zip-part-size.js';
import { buildColumnLetter } from './column-letter.js';
import { detectContainer, loadOleContent } from '../xlsx/detect-container.js';
import { createMergedRangeScanner } from '../xlsx/load-merged-ranges.js';
import { createRowOutlineScanner } from '../xlsx/scan-row-outlines.js';
import { createSheetRowSorter, listRows, type SheetRowSorter } from './sort-sheet-rows.js';
import { loadFileBytes, loadSourceFileSize } from './load-source-file.js';
import { createSharedStringsParser } from '../xlsx/parse-shared-strings.js';
import { parseSheetRows, type XmlRow } from '../xlsx/parse-sheet-rows.js';
import { GENERAL_STYLES, parseStyles, type CellStyles } from '../xlsx/parse-styles.js';
import { findRelatedPart, findWorkbookPart, parseWorkbookParts, placeWorkbookPart, type PartPlace, type WorkbookParts, type WorkbookSheet } from '../xlsx/parse-workbook-parts.js';
import { checkHeaderComplete } from './find-header-row.js';
import { READ_CODES } from './read-codes.js';
import { READER_EXTENSIONS } from './reader-extensions.js';
import { openTable, type RawRow } from './shape-rows.js';
import { createSharedStringTable, type SharedStringTable } from '../xlsx/shared-string-table.js';
import { decodeXmlPart } from '../xlsx/decode-xml-part.js';
import type { CellRange, ReadOptions, SourceCell, SourceReader, SourceStream } from './types.js';
import { checkZipEntry, loadZipDirectory, loadZipEntryText, openZipEntry, type ZipDirectory, type ZipEntry } from '../xlsx/zip-directory.js';
import { cutForMessage } from '../core/cut-for-message.js';

/** Reads `.xlsx` and `.xlsm` workbooks. */
export const xlsxReader: SourceReader = {
  format: 'xlsx',
  match: (path) => READER_EXTENSIONS.xlsx.test(path),
  open: openXlsx,
};

function fail(path: string, message: string, options: { cause?: unknown; sheet?: string } = {}): never {
  throw new SourceReadError(path, `${path}: ${message}`, options);
}

/**
 * Opens the sheet asked for, or by default the first visible worksheet; when that one lacks the
 * expected header (an instructions sheet before the goods), the first other visible worksheet
 * that has it, with a `sheet_chosen_by_header` warning naming both.
 */
async function openXlsx(path: string, options: ReadOptions, deps: { signal?: AbortSignal }): Promise<SourceStream> {
  try {
    return await openXlsxSheet(path, options, deps);
  } catch (error) {
    if (options.sheet !== undefined || !(error instanceof SourceReadError) || error.sheet === undefined || error.reason !== 'header_not_found') throw error;
    const first = error.sheet;
    const { parts } = await openWorkbook(path, await loadSourceFileSize(path, options));
    for (const sheet of parts.sheets) {
      if (sheet.name === first || sheet.state !== 'visible' || !sheet.isWorksheet) continue;
      const stream = await openXlsxSheet(path, { ...options, sheet: sheet.name }, deps).catch(() => undefined);
      if (stream === undefined) continue;
      // A sheet the seller did not name is taken only with every expected header, not half of them.
      if (!checkHeaderComplete(stream.info.header.map((column) => column.text ?? column.name), options.expectedHeaders)) {
        await closeUnread(stream);
        continue;
      }
      const warning = createIssue({ code: READ_CODES.sheetChosenByHeader, severity: 'warning', stage: 'read', data: { first, read: sheet.name }, file: path, sheet: sheet.name });
      return { ...stream, issues: [warning, ...stream.issues] };
    }
    throw error;
  }
}

/**
 * Closes a stream none of whose rows will be read. A generator's `finally` (which closes the sheet
 * part) runs only once it has started, so it is started with one row first; the rows' hot path
 * stays unwrapped.
 */
async function closeUnread(stream: SourceStream): Promise<void> {
  const rows = stream.rows[Symbol.asyncIterator]();
  try {
    await rows.next();
  } finally {
    await rows.return?.();
  }
}

async function openXlsxSheet(path: string, options: ReadOptions, deps: { signal?: AbortSignal }): Promise<SourceStream> {
  const totalBytes = await loadSourceFileSize(path, options);
  await checkContainer(path, await loadFileBytes(path, 0, 512));
  const { directory, parts, stringsPart, stylesPart } = await openWorkbook(path, totalBytes);
  const { sheet, issues } = chooseSheet(path, parts.sheets, options.sheet);
  const entry = sheet.part === undefined ? undefined : directory.entries.get(sheet.part);
  if (entry === undefined) fail(path, `sheet "${sheet.name}" has no data part in the file (corrupt workbook)`, { sheet: sheet.name });

  // One pass over each part the read needs: damage is reported here, the shared strings are
  // parsed into the table on the way, before the sheet whatever their place in the zip, and the
  // sheet's merged ranges (written after its rows) are collected when the mapping wants them filled.
  const strings = createSharedStringTable();
  const stringsEntry = findPartEntry(path, directory, stringsPart, sheet.name);
  if (stringsEntry !== undefined) {
    const parser = createSharedStringsParser(strings, stringsEntry.name);
    const checkSpan = createMarkupSpanCheck(stringsEntry.name);
    const onChunk = (chunk: Buffer): void => {
      checkSpan(chunk);
      parser.write(chunk);
    };
    await checkPart(path, stringsEntry, sheet.name, 'data', onChunk, () => parser.end());
  }
  const stylesEntry = findPartEntry(path, directory, stylesPart, sheet.name);
  if (stylesEntry !== undefined) await checkPart(path, stylesEntry, sheet.name, 'styles');
  // Always: a header cell merged across columns or down into a second header row is read by its ranges.
  const scanner = createMergedRangeScanner();
  // Always run: it also finds a sheet whose rows are out of order (then read in row order).
  const outlines = createRowOutlineScanner(options.groupRows?.outline === true);
  const checkSheetSpan = createMarkupSpanCheck(entry.name);
  await checkPart(path, entry, sheet.name, 'data', (chunk) => {
    checkSheetSpan(chunk);
    scanner.write(chunk);
    outlines.write(chunk);
  });
  const mergedRanges: CellRange[] = scanner.ranges();
  const styles = await loadSheetStyles(path, stylesEntry, sheet.name);

  let consumed = 0;
  const bold = options.groupRows?.singleCell === true && options.groupRows.bold;
  const readIssues: Issue[] = [];
  const sorter = outlines.misplaced().length > 0 ? createSheetRowSorter() : undefined;
  const raw = readXlsxRows({ path, sheetName: sheet.name, entry, strings, styles, date1904: parts.date1904, bold, onBytes: (count) => (consumed += count), sorter, issues: readIssues });
  const outlineLevels = options.groupRows?.outline === true ? outlines.levels() : undefined;
  const table = await openTable(raw, { file: path, sheet: sheet.name, options, signal: deps.signal, mergedRanges, ...(outlineLevels ? { outlineLevels } : {}) });
  const hiddenRows = outlines.hidden().filter((row) => row > table.headerRow);
  const hiddenIssues =
    hiddenRows.length === 0
      ? []
      : [createIssue({ code: READ_CODES.hiddenRowsRead, severity: 'warning', stage: 'read', data: { count: hiddenRows.length, rows: listRows(hiddenRows) }, file: path, sheet: sheet.name, row: hiddenRows[0] })];
  const size = Math.max(1, entry.uncompressedSize);
  return {
    // The ranges go on with the info: the annotated copy fills the same merged cells and need not scan the sheet again.
    info: { file: path, format: 'xlsx', sheet: sheet.name, headerRow: table.headerRow, header: table.header, totalBytes, mergedRanges },
    rows: table.rows,
    // Progress follows the sheet's XML, scaled to the file size: the rest of the zip is small.
    bytesRead: () => Math.min(totalBytes, Math.round((consumed / size) * totalBytes)),
    // A sheet out of order was read whole when the header was looked for: its warning is known by now.
    issues: [...issues, ...readIssues, ...table.issues, ...hiddenIssues],
  };
}

/** `findWorkbookPart`, its refusal as the reader words it. */
export function findPartEntry(path: string, directory: ZipDirectory, part: PartPlace, sheet: string): ZipEntry | undefined {
  try {
    return findWorkbookPart(directory, part);
  } catch (error) {
    return fail(path, `the workbook is corrupt: ${(error as Error).message}; save or download it again`, { sheet });
  }
}

async function checkPart(path: string, entry: ZipEntry, sheet: string, kind: PartKind, onChunk?: (chunk: Buffer) => void, onEnd?: () => void): Promise<void> {
  const refused = checkZipPartSize(entry, kind);
  if (refused !== undefined) fail(path, `the workbook cannot be read: ${refused}`, { sheet });
  try {
    await checkZipEntry(path, entry, onChunk);
    onEnd?.();
  } catch (error) {
    fail(path, `the workbook is corrupt: ${(error as Error).message}; save or download it again`, { cause: error, sheet });
  }
}

/** The cell styles of the styles part (`GENERAL_STYLES` when there is none), its refusal as the reader words it. */
export async function loadSheetStyles(path: string, entry: ZipEntry | undefined, sheet: string): Promise<CellStyles> {
  if (entry === undefined) return GENERAL_STYLES;
  try {
    return await parseStyles(await openZipEntry(path, entry));
  } catch (error) {
    return fail(path, `the workbook is corrupt: its styles part cannot be read (${(error as Error).message}); save or download it again`, { cause: error, sheet });
  }
}

/** Refuses files that are not zip archives, naming what they are instead. */
async function checkContainer(path: string, head: Uint8Array): Promise<void> {
  const kind = detectContainer(head);
  if (kind === 'zip') return;
  if (kind === 'ole') {
    const content = await loadOleContent(path);
    if (content === 'encrypted_ooxml') {
      fail(path, 'the workbook is password-protected; open it in Excel, remove the password (File › Info › Protect Workbook) and save it again as XLSX');
    }
    if (content === 'legacy_xls') {
      fail(path, 'this is an old Excel 97-2003 workbook (.xls) with an .xlsx name; open it in Excel and save it as XLSX or CSV');
    }
    fail(path, 'this is an OLE compound file, not an XLSX workbook; save it from Excel as XLSX or CSV');
  }
  if (kind === 'text') fail(path, 'this is a text file, not an XLSX workbook; if it is a CSV, give it a .csv name');
  fail(path, 'this is not an XLSX workbook (not a zip archive), or it is corrupt; save it again from Excel as XLSX or CSV');
}

/** The package relationship type of the main part of a spreadsheet (transitional and strict). */
const OFFICE_DOCUMENT = /\/officeDocument$/;

/** A workbook's zip directory and workbook part, as the reader finds them; the annotated copy opens the seller's file with it too. */
export interface OpenedWorkbook {
  directory: ZipDirectory;
  parts: WorkbookParts;
  /** The workbook part and its relationships, with their texts. */
  workbookEntry: ZipEntry;
  relsEntry: ZipEntry;
  workbookXml: string;
  relsXml: string;
  stringsPart: PartPlace;
  stylesPart: PartPlace;
}

/** Reads the zip directory of the workbook at `path` (`totalBytes` long) and its workbook part; throws `SourceReadError` for a broken one. */
export async function openWorkbook(path: string, totalBytes: number): Promise<OpenedWorkbook> {
  const directory = await loadZipDirectory(path, totalBytes);
  if ('problem' in directory) {
    fail(path, 'the workbook is truncated or corrupt (its zip directory is missing or cut off); save or download it again');
  }
  return { directory, ...(await loadWorkbook(path, directory)) };
}

async function loadWorkbook(path: string, directory: ZipDirectory): Promise<Omit<OpenedWorkbook, 'directory'>> {
  const readSmall = (entry: ZipEntry): Promise<string> => {
    const refused = checkZipPartSize(entry, 'small');
    if (refused !== undefined) fail(path, `the workbook cannot be read: ${refused}`);
    return loadZipEntryText(path, entry);
  };
  try {
    // The package relationships say where the workbook part is; xl/workbook.xml is only Excel's habit.
    const packageRels = directory.entries.get('_rels/.rels');
    const main = packageRels === undefined ? undefined : findRelatedPart(await readSmall(packageRels), OFFICE_DOCUMENT, '');
    const workbookName = main !== undefined && directory.entries.has(main) ? main : 'xl/workbook.xml';
    checkNotBinaryWorkbook(path, directory, main);
    const base = workbookName.slice(0, workbookName.lastIndexOf('/') + 1);
    const workbook = directory.entries.get(workbookName);
    const relsName = `${base}_rels/${workbookName.slice(base.length)}.rels`;
    const rels = directory.entries.get(relsName);
    if (workbook === undefined) {
      if (main !== undefined) fail(path, `the workbook is corrupt: its workbook part ${main}, which the package names, is missing; save or download it again`);
      fail(path, 'this zip archive is not an Excel workbook (its package names no workbook part); save it from Excel as XLSX or CSV');
    }
    if (rels === undefined) {
      fail(path, `the workbook is corrupt: its part ${relsName} (the workbook's relationships, which say where each sheet is) is missing; save or download it again`);
    }
    const relsXml = await readSmall(rels);
    const workbookXml = await readSmall(workbook);
    return {
      parts: parseWorkbookParts(workbookXml, relsXml, base),
      workbookEntry: workbook,
      relsEntry: rels,
      workbookXml,
      relsXml,
      stringsPart: placeWorkbookPart(relsXml, 'sharedStrings', base),
      stylesPart: placeWorkbookPart(relsXml, 'styles', base),
    };
  } catch (error) {
    if (isPipelineError(error)) throw error;
    return fail(path, `the workbook is corrupt (${(error as Error).message})`, { cause: error });
  }
}

/**
 * Refuses an Excel binary workbook (`.xlsb`) under an `.xlsx` name: a zip too, but its workbook
 * and sheets are binary records (`xl/workbook.bin`), not XML, so nothing of it can be read.
 */
function checkNotBinaryWorkbook(path: string, directory: ZipDirectory, main: string | undefined): void {
  const binary = main !== undefined ? /\.bin$/i.test(main) : !directory.entries.has('xl/workbook.xml') && directory.entries.has('xl/workbook.bin');
  if (!binary) return;
  fail(path, 'this is an Excel binary workbook (.xlsb) with an .xlsx name; open it in Excel and save it as "Excel Workbook (*.xlsx)" (File › Save As), or as CSV');
}

/** The sheet to read: by name, by position, or the first visible worksheet. */
function chooseSheet(path: string, sheets: readonly WorkbookSheet[], wanted: string | number | undefined): { sheet: WorkbookSheet; issues: Issue[] } {
  const list = (): string => sheets.map((s) => `"${cutForMessage(s.name)}"${s.state !== 'visible' ? ` (${s.state})` : ''}`).join(', ');
  if (typeof wanted === 'number') {
    const sheet = sheets[wanted - 1];
    if (sheet === undefined || !Number.isInteger(wanted)) fail(path, `there is no sheet number ${wanted}; the workbook has ${sheets.length}: ${list()}`);
    if (!sheet.isWorksheet) fail(path, `sheet number ${wanted} ("${sheet.name}") is not a worksheet (a chart sheet?)`, { sheet: sheet.name });
    return { sheet, issues: [] };
  }
  if (typeof wanted === 'string') {
    const key = wanted.trim().toLowerCase();
    const sheet = sheets.find((s) => s.name === wanted) ?? sheets.find((s) => s.name.trim().toLowerCase() === key);
    if (sheet === undefined) fail(path, `there is no sheet "${cutForMessage(wanted)}"; sheets: ${list()}`);
    if (!sheet.isWorksheet) fail(path, `sheet "${sheet.name}" is not a worksheet (a chart sheet?)`, { sheet: sheet.name });
    return { sheet, issues: [] };
  }
  const index = sheets.findIndex((s) => s.state === 'visible' && s.isWorksheet);
  const sheet = sheets[index];
  if (sheet === undefined) fail(path, `the workbook has no visible worksheet; sheets: ${list() || 'none'}`);
  const skipped = sheets.slice(0, index).filter((s) => s.state !== 'visible');
  const issues = skipped.map((s) =>
    createIssue({
      code: READ_CODES.hiddenSheetSkipped,
      severity: 'warning',
      stage: 'read',
      data: { hidden: s.name, read: sheet.name },
      file: path,
      sheet: s.name,
    }),
  );
  return { sheet, issues };
}

/** What `readXlsxRows` needs. */
interface XlsxSettings {
  path: string;
  sheetName: string;
  entry: ZipEntry;
  strings: SharedStringTable;
  styles: CellStyles;
  date1904: boolean;
  /** Note whether a row's filled cells are all bold (for bold group rows). */
  bold: boolean;
  onBytes: (count: number) => void;
  /** Set when the sheet's rows are out of order: they are all read, then handed on in row order. */
  sorter: SheetRowSorter | undefined;
  /** Where the warning about rows out of order goes. */
  issues: Issue[];
}

/** Streams the chosen sheet's rows, every cell by column position. */
async function* readXlsxRows(settings: XlsxSettings): AsyncGenerator<RawRow> {
  const { path, sheetName } = settings;
  let source: Awaited<ReturnType<typeof openZipEntry>> | undefined;
  try {
    source = await openZipEntry(path, settings.entry);
    const { sorter } = settings;
    for await (const rows of parseSheetRows(decodeXmlPart(countBytes(source, settings.onBytes)))) {
      if (sorter !== undefined) for (const row of rows) sorter.add(row);
      else for (const row of rows) yield buildRawRow(row, settings);
    }
    if (sorter !== undefined) {
      settings.issues.push(sorter.buildIssue(path, sheetName));
      for (const row of sorter.sorted()) yield buildRawRow(row, settings);
    }
  } catch (error) {
    if (isPipelineError(error)) throw error;
    // The message names the sheet itself: the CLI prints the message, not the error's fields.
    fail(path, `the workbook is corrupt or truncated (sheet "${cutForMessage(sheetName)}": ${cutForMessage((error as Error).message, 300)})`, { cause: error, sheet: sheetName });
  } finally {
    source?.destroy();
  }
}

async function* countBytes(source: AsyncIterable<Buffer>, onBytes: (count: number) => void): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    onBytes(chunk.length);
    yield chunk;
  }
}

function buildRawRow(stored: XmlRow, settings: XlsxSettings): RawRow {
  const cells: (SourceCell | undefined)[] = [];
  let bold = settings.bold;
  for (const xmlCell of stored.cells) {
    const built = buildXlsxCell(xmlCell, { numberFormat: settings.styles.readNumberFormat(xmlCell.style), strings: settings.strings, date1904: settings.date1904 });
    if (built === undefined) continue;
    while (cells.length < xmlCell.column) cells.push(undefined);
    cells[xmlCell.column] = built;
    if (bold && built.text.trim() !== '' && !settings.styles.isBold(xmlCell.style)) bold = false;
  }
  const raw: RawRow = settings.bold ? { row: stored.row, cells, bold } : { row: stored.row, cells };
  if (stored.beyondLastColumn === undefined) return raw;
  const letter = buildColumnLetter(stored.beyondLastColumn);
  const issue = createIssue({
    code: READ_CODES.cellBeyondLimits,
    severity: 'error',
    stage: 'read',
    data: { variant: 'xlsx', letter },
    file: settings.path,
    sheet: settings.sheetName,
    row: stored.row,
    column: letter,
  });
  return { ...raw, issues: [issue] };
}
