/**
 * XLSX reader on exceljs's streaming `WorkbookReader` (patched: see check-exceljs-patch.ts), so
 * rows are yielded as the sheet is inflated and parsed and memory stays flat; only the shared
 * strings are kept, in a compact table. Before streaming, the zip directory and workbook.xml are
 * read directly to refuse broken files early with a clear message, choose the sheet, and (when
 * merged columns must be filled) collect the merged ranges that Excel writes after the rows.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { isPipelineError, SourceReadError } from '../core/errors.js';
import { createIssue, type Issue } from '../core/issue.js';
import { buildXlsxCell, joinRichText } from './build-xlsx-cell.js';
import { checkExcelJsPatch } from './check-exceljs-patch.js';
import { detectContainer, loadOleContent } from './detect-container.js';
import { createMergedRangeScanner, type MergedRangeScanner } from './load-merged-ranges.js';
import { loadFileBytes, loadSourceFileSize } from './load-source-file.js';
import { parseWorkbookParts, type WorkbookSheet } from './parse-workbook-parts.js';
import { READ_CODES } from './read-codes.js';
import { openTable, type CellRange, type RawRow } from './shape-rows.js';
import { createSharedStringTable } from './shared-string-table.js';
import type { ReadOptions, SourceCell, SourceReader, SourceStream } from './types.js';
import { checkZipEntry, loadZipDirectory, loadZipEntryText, type ZipDirectory, type ZipEntry } from './zip-directory.js';

/** Reads `.xlsx` and `.xlsm` workbooks. */
export const xlsxReader: SourceReader = {
  format: 'xlsx',
  match: (path) => /\.(xlsx|xlsm)$/i.test(path),
  open: openXlsx,
};

function fail(path: string, message: string, options: { cause?: unknown; sheet?: string } = {}): never {
  throw new SourceReadError(path, `${path}: ${message}`, options);
}

async function openXlsx(path: string, options: ReadOptions, deps: { signal?: AbortSignal }): Promise<SourceStream> {
  const totalBytes = await loadSourceFileSize(path, options);
  await checkContainer(path, await loadFileBytes(path, 0, 512));
  const directory = await loadZipDirectory(path, totalBytes);
  if ('problem' in directory) {
    fail(path, 'the workbook is truncated or corrupt (its zip directory is missing or cut off); save or download it again');
  }
  const parts = await loadWorkbook(path, directory);
  const { sheet, issues } = chooseSheet(path, parts.sheets, options.sheet);
  const entry = sheet.part === undefined ? undefined : directory.entries.get(sheet.part);
  if (entry === undefined) fail(path, `sheet "${sheet.name}" has no data part in the file (corrupt workbook)`, { sheet: sheet.name });
  const sheetNumber = /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(entry.name)?.[1];
  if (sheetNumber === undefined) fail(path, `sheet "${sheet.name}" is stored as ${entry.name}, a layout the streaming reader does not handle; save the file again in Excel`, { sheet: sheet.name });

  // One pass over the parts exceljs will read: damage is reported here, and the sheet's merged
  // ranges (written after its rows) are collected on the way when the mapping wants them filled.
  const scanner = (options.fillMerged ?? []).length > 0 ? createMergedRangeScanner() : undefined;
  for (const name of ['xl/sharedStrings.xml', 'xl/styles.xml']) {
    const part = directory.entries.get(name);
    if (part !== undefined) await checkPart(path, part, sheet.name);
  }
  await checkPart(path, entry, sheet.name, scanner);
  const mergedRanges: CellRange[] = scanner?.ranges() ?? [];
  await checkExcelJsPatch();

  let consumed = 0;
  const raw = readXlsxRows({ path, sheetName: sheet.name, sheetNumber, date1904: parts.date1904, onBytes: (count) => (consumed += count) });
  const table = await openTable(raw, { file: path, sheet: sheet.name, options, signal: deps.signal, mergedRanges });
  const size = Math.max(1, entry.uncompressedSize);
  return {
    info: { file: path, format: 'xlsx', sheet: sheet.name, headerRow: table.headerRow, header: table.header, totalBytes },
    rows: table.rows,
    // Progress follows the sheet's XML, scaled to the file size: the rest of the zip is small.
    bytesRead: () => Math.min(totalBytes, Math.round((consumed / size) * totalBytes)),
    issues: [...issues, ...table.issues],
  };
}

async function checkPart(path: string, entry: ZipEntry, sheet: string, scanner?: MergedRangeScanner): Promise<void> {
  await checkZipEntry(path, entry, scanner && ((chunk) => scanner.write(chunk))).catch((error: unknown) =>
    fail(path, `the workbook is corrupt: ${(error as Error).message}; save or download it again`, { cause: error, sheet }),
  );
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

async function loadWorkbook(path: string, directory: ZipDirectory): Promise<ReturnType<typeof parseWorkbookParts>> {
  const workbook = directory.entries.get('xl/workbook.xml');
  const rels = directory.entries.get('xl/_rels/workbook.xml.rels');
  if (workbook === undefined || rels === undefined) {
    fail(path, 'this zip archive is not an Excel workbook (no xl/workbook.xml); save it from Excel as XLSX or CSV');
  }
  try {
    return parseWorkbookParts(await loadZipEntryText(path, workbook), await loadZipEntryText(path, rels));
  } catch (error) {
    return fail(path, `the workbook is corrupt (${(error as Error).message})`, { cause: error });
  }
}

/** The sheet to read: by name, by position, or the first visible worksheet. */
export function chooseSheet(path: string, sheets: readonly WorkbookSheet[], wanted: string | number | undefined): { sheet: WorkbookSheet; issues: Issue[] } {
  const list = (): string => sheets.map((s) => `"${s.name}"${s.state !== 'visible' ? ` (${s.state})` : ''}`).join(', ');
  if (typeof wanted === 'number') {
    const sheet = sheets[wanted - 1];
    if (sheet === undefined || !Number.isInteger(wanted)) fail(path, `there is no sheet number ${wanted}; the workbook has ${sheets.length}: ${list()}`);
    if (!sheet.isWorksheet) fail(path, `sheet number ${wanted} ("${sheet.name}") is not a worksheet (a chart sheet?)`, { sheet: sheet.name });
    return { sheet, issues: [] };
  }
  if (typeof wanted === 'string') {
    const key = wanted.trim().toLowerCase();
    const sheet = sheets.find((s) => s.name === wanted) ?? sheets.find((s) => s.name.trim().toLowerCase() === key);
    if (sheet === undefined) fail(path, `there is no sheet "${wanted}"; sheets: ${list()}`);
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
      message: `hidden sheet "${s.name}" was skipped; reading "${sheet.name}", the first visible one (name a sheet to read another)`,
      file: path,
      sheet: s.name,
    }),
  );
  return { sheet, issues };
}

/** exceljs's streaming worksheet, as far as it is used here. */
interface StreamWorksheet {
  iterator: AsyncIterable<Buffer | string> & { destroy?: () => void };
  parse(): AsyncIterable<{ eventType: string; value: unknown }[]>;
}

/** exceljs's streaming row. */
interface StreamRow {
  number: number;
  eachCell(callback: (cell: { value: unknown; numFmt?: unknown }, column: number) => void): void;
}

/** exceljs's streaming workbook with the undocumented `parse()` generator and `entry` events. */
interface StreamWorkbook {
  on(event: 'entry', listener: (entry: { type: string; id?: unknown }) => void): void;
  parse(): AsyncIterable<{ eventType?: string; value?: unknown; index?: number; text?: unknown }>;
}

/** What `readXlsxRows` needs. */
interface XlsxSettings {
  path: string;
  sheetName: string;
  sheetNumber: string;
  date1904: boolean;
  onBytes: (count: number) => void;
}

/** Streams the chosen sheet's rows, every cell by column position. */
async function* readXlsxRows(settings: XlsxSettings): AsyncGenerator<RawRow> {
  const { path, sheetName } = settings;
  const input = createReadStream(path);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    // 'emit' hands each shared string over instead of caching it in exceljs's array: kept compact here.
    sharedStrings: 'emit',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'emit',
  }) as unknown as StreamWorkbook;
  const strings = createSharedStringTable();
  let entrySheet: string | undefined;
  reader.on('entry', (entry) => {
    if (entry.type === 'worksheet') entrySheet = String(entry.id);
  });
  let found = false;
  try {
    for await (const item of reader.parse()) {
      if (item.eventType === undefined) {
        strings.add(typeof item.text === 'string' ? item.text : item.text == null ? '' : joinRichText((item.text as { richText?: unknown }).richText));
        continue;
      }
      if (item.eventType !== 'worksheet') continue;
      const worksheet = item.value as StreamWorksheet;
      if (found || entrySheet !== settings.sheetNumber) {
        await discardWorksheet(worksheet);
        continue;
      }
      found = true;
      worksheet.iterator = countBytes(worksheet.iterator, settings.onBytes);
      for await (const events of worksheet.parse()) {
        for (const event of events) {
          if (event.eventType === 'row') yield buildRawRow(event.value as StreamRow, strings, settings.date1904);
        }
      }
    }
  } catch (error) {
    if (isPipelineError(error)) throw error;
    fail(path, `the workbook is corrupt or truncated (${(error as Error).message})`, { cause: error, sheet: sheetName });
  } finally {
    input.destroy();
  }
  if (!found) fail(path, `sheet "${sheetName}" could not be found in the zip stream (corrupt workbook)`, { sheet: sheetName });
}

async function* countBytes(source: AsyncIterable<Buffer | string>, onBytes: (count: number) => void): AsyncGenerator<Buffer | string> {
  for await (const chunk of source) {
    onBytes(chunk.length);
    yield chunk;
  }
}

/** Skips a sheet that is not read, without buffering it (exceljs would keep its chunks otherwise). */
async function discardWorksheet(worksheet: StreamWorksheet): Promise<void> {
  const iterator = worksheet.iterator as AsyncIterable<unknown> & Partial<Readable>;
  if (typeof iterator.destroy === 'function') {
    // exceljs deletes the spooled temp file next; an open still pending then fails with ENOENT,
    // which must not surface as an unhandled stream error.
    iterator.on?.('error', () => {});
    iterator.destroy();
    return;
  }
  for await (const chunk of iterator) void chunk;
}

function buildRawRow(row: StreamRow, strings: ReturnType<typeof createSharedStringTable>, date1904: boolean): RawRow {
  const found: [number, SourceCell][] = [];
  let width = 0;
  row.eachCell((cell, column) => {
    const numberFormat = typeof cell.numFmt === 'string' ? cell.numFmt : undefined;
    const built = buildXlsxCell(cell.value, { numberFormat, strings, date1904 });
    if (built === undefined) return;
    found.push([column - 1, built]);
    width = Math.max(width, column);
  });
  const cells: (SourceCell | undefined)[] = Array.from({ length: width }, () => undefined);
  for (const [index, cell] of found) cells[index] = cell;
  return { row: row.number, cells };
}
