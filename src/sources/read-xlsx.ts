/**
 * XLSX reader on exceljs's streaming sheet parser (patched: see check-exceljs-patch.ts), so rows
 * are yielded as the sheet is inflated and parsed and memory stays flat; only the shared strings
 * are kept, in a compact table. The zip is read through its own directory, not walked in storage
 * order: workbook.xml first, to refuse broken files early with a clear message and choose the
 * sheet; then one integrity pass over the shared strings (parsed into the table on the way), the
 * styles and the sheet (collecting the merged ranges Excel writes after the rows, when merged
 * columns must be filled); then the one sheet is streamed, whatever the order of the parts.
 */
import type { Buffer } from 'node:buffer';
import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import { isPipelineError, SourceReadError } from '../core/errors.js';
import { createIssue, type Issue } from '../core/issue.js';
import { buildXlsxCell } from './build-xlsx-cell.js';
import { checkExcelJsPatch } from './check-exceljs-patch.js';
import { detectContainer, loadOleContent } from './detect-container.js';
import { createMergedRangeScanner } from './load-merged-ranges.js';
import { createRowOutlineScanner } from './scan-row-outlines.js';
import { loadFileBytes, loadSourceFileSize } from './load-source-file.js';
import { createExcelJsWorksheet, loadExcelJsStyles, type ExcelJsStyles } from './open-exceljs-worksheet.js';
import { createSharedStringsParser } from './parse-shared-strings.js';
import { parseWorkbookParts, type WorkbookParts, type WorkbookSheet } from './parse-workbook-parts.js';
import { READ_CODES } from './read-codes.js';
import { openTable, type CellRange, type RawRow } from './shape-rows.js';
import { createSharedStringTable, type SharedStringTable } from './shared-string-table.js';
import type { ReadOptions, SourceCell, SourceReader, SourceStream } from './types.js';
import { findXmlTags } from './xml-text.js';
import { checkZipEntry, loadZipDirectory, loadZipEntryText, openZipEntry, type ZipDirectory, type ZipEntry } from './zip-directory.js';

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
  const { parts, stringsPart, stylesPart } = await loadWorkbook(path, directory);
  const { sheet, issues } = chooseSheet(path, parts.sheets, options.sheet);
  const entry = sheet.part === undefined ? undefined : directory.entries.get(sheet.part);
  if (entry === undefined) fail(path, `sheet "${sheet.name}" has no data part in the file (corrupt workbook)`, { sheet: sheet.name });

  // One pass over each part the read needs: damage is reported here, the shared strings are
  // parsed into the table on the way, before the sheet whatever their place in the zip, and the
  // sheet's merged ranges (written after its rows) are collected when the mapping wants them filled.
  const strings = createSharedStringTable();
  const stringsEntry = findPart(path, directory, stringsPart, sheet.name);
  if (stringsEntry !== undefined) {
    const parser = createSharedStringsParser(strings, stringsEntry.name);
    await checkPart(path, stringsEntry, sheet.name, (chunk) => parser.write(chunk), () => parser.end());
  }
  const stylesEntry = findPart(path, directory, stylesPart, sheet.name);
  if (stylesEntry !== undefined) await checkPart(path, stylesEntry, sheet.name);
  const scanner = (options.fillMerged ?? []).length > 0 || options.groupRows?.merged ? createMergedRangeScanner() : undefined;
  const outlines = options.groupRows?.outline ? createRowOutlineScanner() : undefined;
  await checkPart(path, entry, sheet.name, feedScanners(scanner, outlines));
  const mergedRanges: CellRange[] = scanner?.ranges() ?? [];
  await checkExcelJsPatch();
  const styles = await loadStyles(path, stylesEntry, sheet.name);

  let consumed = 0;
  const bold = options.groupRows?.singleCell === true && options.groupRows.bold;
  const raw = readXlsxRows({ path, sheetName: sheet.name, entry, strings, styles, date1904: parts.date1904, bold, onBytes: (count) => (consumed += count) });
  const outlineLevels = outlines?.levels();
  const table = await openTable(raw, { file: path, sheet: sheet.name, options, signal: deps.signal, mergedRanges, ...(outlineLevels ? { outlineLevels } : {}) });
  const size = Math.max(1, entry.uncompressedSize);
  return {
    info: { file: path, format: 'xlsx', sheet: sheet.name, headerRow: table.headerRow, header: table.header, totalBytes },
    rows: table.rows,
    // Progress follows the sheet's XML, scaled to the file size: the rest of the zip is small.
    bytesRead: () => Math.min(totalBytes, Math.round((consumed / size) * totalBytes)),
    issues: [...issues, ...table.issues],
  };
}

/**
 * The entry of a part the workbook's relationships name (`related`), or of the part at the usual
 * place (`fallback`) when they name none; `undefined` when the workbook has no such part. A part
 * named but missing is a corrupt workbook: its strings would read as `#REF!`.
 */
function findPart(path: string, directory: ZipDirectory, part: PartPlace, sheet: string): ZipEntry | undefined {
  if (part.related === undefined) return directory.entries.get(part.fallback);
  const entry = directory.entries.get(part.related);
  if (entry === undefined) fail(path, `the workbook is corrupt: its part ${part.related} is missing; save or download it again`, { sheet });
  return entry;
}

async function checkPart(path: string, entry: ZipEntry, sheet: string, onChunk?: (chunk: Buffer) => void, onEnd?: () => void): Promise<void> {
  try {
    await checkZipEntry(path, entry, onChunk);
    onEnd?.();
  } catch (error) {
    fail(path, `the workbook is corrupt: ${(error as Error).message}; save or download it again`, { cause: error, sheet });
  }
}

async function loadStyles(path: string, entry: ZipEntry | undefined, sheet: string): Promise<ExcelJsStyles> {
  try {
    return await loadExcelJsStyles(entry && (await openZipEntry(path, entry)));
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

/** Where a part the sheet needs lives: as the workbook's relationships say, else at the usual place. */
interface PartPlace {
  related: string | undefined;
  fallback: string;
}

async function loadWorkbook(path: string, directory: ZipDirectory): Promise<{ parts: WorkbookParts; stringsPart: PartPlace; stylesPart: PartPlace }> {
  const workbook = directory.entries.get('xl/workbook.xml');
  const rels = directory.entries.get('xl/_rels/workbook.xml.rels');
  if (workbook === undefined || rels === undefined) {
    fail(path, 'this zip archive is not an Excel workbook (no xl/workbook.xml); save it from Excel as XLSX or CSV');
  }
  try {
    const relsXml = await loadZipEntryText(path, rels);
    return {
      parts: parseWorkbookParts(await loadZipEntryText(path, workbook), relsXml),
      stringsPart: { related: findRelatedPart(relsXml, 'sharedStrings'), fallback: 'xl/sharedStrings.xml' },
      stylesPart: { related: findRelatedPart(relsXml, 'styles'), fallback: 'xl/styles.xml' },
    };
  } catch (error) {
    return fail(path, `the workbook is corrupt (${(error as Error).message})`, { cause: error });
  }
}

/** The zip path of the part a workbook relationship of `type` (`sharedStrings`, `styles`) targets. */
function findRelatedPart(relsXml: string, type: string): string | undefined {
  const target = findXmlTags(relsXml, 'Relationship')
    .find((rel) => (rel.get('Type') ?? '').endsWith(`/${type}`))
    ?.get('Target');
  if (target === undefined || target === '') return undefined;
  return target.startsWith('/') ? target.slice(1) : posix.normalize(`xl/${target}`);
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

/** exceljs's streaming row. */
interface StreamRow {
  number: number;
  eachCell(callback: (cell: { value: unknown; numFmt?: unknown; font?: { bold?: boolean } }, column: number) => void): void;
}

/** What `readXlsxRows` needs. */
interface XlsxSettings {
  path: string;
  sheetName: string;
  entry: ZipEntry;
  strings: SharedStringTable;
  styles: ExcelJsStyles;
  date1904: boolean;
  /** Note whether a row's filled cells are all bold (for bold group rows). */
  bold: boolean;
  onBytes: (count: number) => void;
}

/** Streams the chosen sheet's rows, every cell by column position. */
async function* readXlsxRows(settings: XlsxSettings): AsyncGenerator<RawRow> {
  const { path, sheetName, strings, date1904 } = settings;
  let source: Readable | undefined;
  try {
    source = await openZipEntry(path, settings.entry);
    const worksheet = createExcelJsWorksheet(countBytes(source, settings.onBytes), settings.styles, date1904);
    for await (const events of worksheet.parse()) {
      for (const event of events) {
        if (event.eventType === 'row') yield buildRawRow(event.value as StreamRow, strings, date1904, settings.bold);
      }
    }
  } catch (error) {
    if (isPipelineError(error)) throw error;
    fail(path, `the workbook is corrupt or truncated (${(error as Error).message})`, { cause: error, sheet: sheetName });
  } finally {
    source?.destroy();
  }
}

async function* countBytes(source: AsyncIterable<Buffer | string>, onBytes: (count: number) => void): AsyncGenerator<Buffer | string> {
  for await (const chunk of source) {
    onBytes(chunk.length);
    yield chunk;
  }
}

function buildRawRow(row: StreamRow, strings: SharedStringTable, date1904: boolean, noteBold: boolean): RawRow {
  const found: [number, SourceCell][] = [];
  let width = 0;
  let bold = noteBold;
  row.eachCell((cell, column) => {
    const numberFormat = typeof cell.numFmt === 'string' ? cell.numFmt : undefined;
    const built = buildXlsxCell(cell.value, { numberFormat, strings, date1904 });
    if (built === undefined) return;
    found.push([column - 1, built]);
    width = Math.max(width, column);
    if (bold && built.text.trim() !== '' && cell.font?.bold !== true) bold = false;
  });
  const cells: (SourceCell | undefined)[] = Array.from({ length: width }, () => undefined);
  for (const [index, cell] of found) cells[index] = cell;
  return noteBold ? { row: row.number, cells, bold } : { row: row.number, cells };
}

/** One chunk callback feeding whichever scanners the read needs. */
function feedScanners(...scanners: ({ write(chunk: Buffer): void } | undefined)[]): ((chunk: Buffer) => void) | undefined {
  const used = scanners.filter((scanner) => scanner !== undefined);
  if (used.length === 0) return undefined;
  return (chunk) => {
    for (const scanner of used) scanner.write(chunk);
  };
}
