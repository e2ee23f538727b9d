/**
 * The seller's sheet, read again for the annotated copy the way the XLSX reader reads it
 * (`src/sources/read-xlsx.ts`): through the zip directory, with the shared strings parsed into the
 * compact byte-packed table before the sheet is streamed (whatever the order of the parts), and
 * exceljs's own sheet parser fed the one sheet part. exceljs's `WorkbookReader` with
 * `sharedStrings: 'cache'` held every shared string as a JS string (2.3 GB on a 500,000-row
 * workbook); here only the table grows with the file, and no temp file is written.
 *
 * The sheet's XML is handed to exceljs as whole-character strings (one UTF-8 decoder for the whole
 * part), so a letter split across two inflated chunks never becomes U+FFFD, patched exceljs or not.
 */
import type { Buffer } from 'node:buffer';
import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import { isPipelineError, SourceReadError } from '../core/errors.js';
import { createExcelJsWorksheet, loadExcelJsStyles, type ExcelJsStyles } from '../sources/open-exceljs-worksheet.js';
import { loadSourceFileSize } from '../sources/load-source-file.js';
import { createSharedStringsParser } from '../sources/parse-shared-strings.js';
import { parseWorkbookParts, type WorkbookSheet } from '../sources/parse-workbook-parts.js';
import { createSharedStringTable, type SharedStringTable } from '../sources/shared-string-table.js';
import { findXmlTags } from '../sources/xml-text.js';
import { loadZipDirectory, loadZipEntryText, openZipEntry, type ZipDirectory, type ZipEntry } from '../sources/zip-directory.js';

/** A cell as exceljs's sheet parser gives it; shared-string cells are `{ sharedString: index }`. */
export interface SourceSheetCell {
  value: unknown;
  numFmt?: unknown;
}

/** A row as exceljs's sheet parser gives it. */
export interface SourceSheetRow {
  number: number;
  eachCell(callback: (cell: SourceSheetCell, column: number) => void): void;
}

/** The opened sheet: its name, the workbook's shared strings, and its rows (read once). */
export interface SourceSheet {
  name: string;
  strings: SharedStringTable;
  rows: AsyncIterable<SourceSheetRow>;
}

/** Picks the sheet to copy from the workbook's list, or `undefined` when it is not there. */
export type SheetPicker = (sheets: readonly WorkbookSheet[]) => WorkbookSheet | undefined;

/**
 * Opens the sheet `pick` chooses in the workbook at `path`, with its shared strings loaded; the
 * rows are streamed as they are iterated. `notFound` builds the error thrown when `pick` finds
 * none. Throws `SourceReadError` when the workbook cannot be read.
 */
export async function openSourceSheet(path: string, pick: SheetPicker, notFound: () => Error): Promise<SourceSheet> {
  const fail = (message: string, options: { cause?: unknown; sheet?: string } = {}): never => {
    throw new SourceReadError(path, `${path}: ${message}`, options);
  };
  const size = await loadSourceFileSize(path, {});
  const directory = await loadZipDirectory(path, size);
  if ('problem' in directory) return fail('the workbook is truncated or corrupt (its zip directory is missing or cut off)');

  const workbook = directory.entries.get('xl/workbook.xml');
  const rels = directory.entries.get('xl/_rels/workbook.xml.rels');
  if (workbook === undefined || rels === undefined) return fail('this zip archive is not an Excel workbook (no xl/workbook.xml)');
  let relsXml: string;
  let sheets: WorkbookSheet[];
  let date1904: boolean;
  try {
    relsXml = await loadZipEntryText(path, rels);
    ({ sheets, date1904 } = parseWorkbookParts(await loadZipEntryText(path, workbook), relsXml));
  } catch (error) {
    return fail(`the workbook is corrupt (${(error as Error).message})`, { cause: error });
  }

  const sheet = pick(sheets);
  if (sheet === undefined) throw notFound();
  const entry = sheet.part === undefined ? undefined : directory.entries.get(sheet.part);
  if (entry === undefined) return fail(`sheet "${sheet.name}" has no data part in the file (corrupt workbook)`, { sheet: sheet.name });

  const strings = createSharedStringTable();
  let styles: ExcelJsStyles;
  try {
    const stringsEntry = findPart(directory, relsXml, 'sharedStrings');
    if (stringsEntry !== undefined) {
      const parser = createSharedStringsParser(strings, stringsEntry.name);
      for await (const chunk of await openZipEntry(path, stringsEntry)) parser.write(chunk as Buffer);
      parser.end();
    }
    const stylesEntry = findPart(directory, relsXml, 'styles');
    styles = await loadExcelJsStyles(stylesEntry && (await openZipEntry(path, stylesEntry)));
  } catch (error) {
    return fail(`the workbook is corrupt (${(error as Error).message})`, { cause: error, sheet: sheet.name });
  }
  return { name: sheet.name, strings, rows: readRows(path, sheet.name, entry, styles, date1904) };
}

async function* readRows(path: string, sheetName: string, entry: ZipEntry, styles: ExcelJsStyles, date1904: boolean): AsyncGenerator<SourceSheetRow> {
  let source: Readable | undefined;
  try {
    source = await openZipEntry(path, entry);
    source.setEncoding('utf8');
    const worksheet = createExcelJsWorksheet(source as AsyncIterable<string>, styles, date1904);
    for await (const events of worksheet.parse()) {
      for (const event of events) {
        if (event.eventType === 'row') yield event.value as SourceSheetRow;
      }
    }
  } catch (error) {
    if (isPipelineError(error)) throw error;
    throw new SourceReadError(path, `${path}: the workbook is corrupt or truncated (${(error as Error).message})`, { cause: error, sheet: sheetName });
  } finally {
    source?.destroy();
  }
}

/**
 * The entry of the part a workbook relationship of `type` targets, else the part at its usual
 * place; `undefined` when the workbook has none (as the XLSX reader finds it).
 */
function findPart(directory: ZipDirectory, relsXml: string, type: 'sharedStrings' | 'styles'): ZipEntry | undefined {
  const target = findXmlTags(relsXml, 'Relationship')
    .find((rel) => (rel.get('Type') ?? '').endsWith(`/${type}`))
    ?.get('Target');
  if (target === undefined || target === '') return directory.entries.get(`xl/${type}.xml`);
  const name = target.startsWith('/') ? target.slice(1) : posix.normalize(`xl/${target}`);
  const entry = directory.entries.get(name);
  if (entry === undefined) throw new Error(`its part ${name} is missing`);
  return entry;
}
