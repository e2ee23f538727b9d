/**
 * The seller's workbook opened for the annotated copy, the way the XLSX reader opens it
 * (`src/sources/read-xlsx.ts`): through the zip directory, the workbook parts read first to choose
 * the sheet and the styles loaded for number formats. The shared strings are parsed into the
 * compact byte-packed table on demand (`SourceStrings`): the copy of a run whose rows need no text
 * (no issue, nothing rejected) reads only the few the header uses. The sheet itself is streamed by
 * the caller.
 */
import type { Buffer } from 'node:buffer';
import { InternalError, SourceReadError } from '../core/errors.js';
import { GENERAL_STYLES, parseStyles, type CellStyles } from '../xlsx/parse-styles.js';
import { loadSourceFileSize } from '../sources/load-source-file.js';
import { createSharedStringsParser } from '../xlsx/parse-shared-strings.js';
import { findWorkbookPart, parseWorkbookParts, placeWorkbookPart, type WorkbookSheet } from '../xlsx/parse-workbook-parts.js';
import { createSharedStringTable, type SharedStringTable } from '../xlsx/shared-string-table.js';
import { loadZipDirectory, loadZipEntryText, openZipEntry, type ZipDirectory, type ZipEntry } from '../xlsx/zip-directory.js';

/** Chunk size of the large parts' reads and inflates (shared strings, the sheet): see `openZipEntry`. */
export const LARGE_PART_CHUNK_BYTES = 256 * 1024;

/** The seller's workbook as the annotated copy patches it: its directory, parts and the chosen sheet. */
export interface SourceWorkbook {
  path: string;
  directory: ZipDirectory;
  workbookEntry: ZipEntry;
  relsEntry: ZipEntry;
  workbookXml: string;
  relsXml: string;
  sheets: WorkbookSheet[];
  sheet: WorkbookSheet;
  /** The sheet's part. */
  entry: ZipEntry;
  /** The shared strings, loaded on demand. */
  strings: SourceStrings;
  /** The styles part, if any. */
  stylesEntry: ZipEntry | undefined;
  /** The number format of each cell style, read by the reader's own `parseStyles`. */
  styles: CellStyles;
  date1904: boolean;
}

/**
 * Opens the workbook at `path` for the annotated copy: zip directory, workbook parts, the
 * worksheet named `sheetName` (the one the reader read; `file` names the input in the error when it
 * is not there), the shared strings in the compact table and the styles. Throws `SourceReadError`
 * when the workbook cannot be read.
 */
export async function openSourceWorkbook(path: string, file: string, sheetName: string | undefined): Promise<SourceWorkbook> {
  const fail = (message: string, options: { cause?: unknown; sheet?: string } = {}): never => {
    throw new SourceReadError(path, `${path}: ${message}`, options);
  };
  const size = await loadSourceFileSize(path, {});
  const directory = await loadZipDirectory(path, size);
  if ('problem' in directory) return fail('the workbook is truncated or corrupt (its zip directory is missing or cut off)');
  const workbookEntry = directory.entries.get('xl/workbook.xml');
  const relsEntry = directory.entries.get('xl/_rels/workbook.xml.rels');
  if (workbookEntry === undefined || relsEntry === undefined) return fail('this zip archive is not an Excel workbook (no xl/workbook.xml)');
  let relsXml: string;
  let workbookXml: string;
  let sheets: WorkbookSheet[];
  let date1904: boolean;
  try {
    relsXml = await loadZipEntryText(path, relsEntry);
    workbookXml = await loadZipEntryText(path, workbookEntry);
    ({ sheets, date1904 } = parseWorkbookParts(workbookXml, relsXml));
  } catch (error) {
    return fail(`the workbook is corrupt (${(error as Error).message})`, { cause: error });
  }
  const sheet = sheets.find((candidate) => candidate.isWorksheet && candidate.name === sheetName);
  if (sheet === undefined) {
    throw new SourceReadError(file, `sheet "${String(sheetName)}" not found while writing the annotated copy`, sheetName === undefined ? {} : { sheet: sheetName });
  }
  const entry = sheet.part === undefined ? undefined : directory.entries.get(sheet.part);
  if (entry === undefined) return fail(`sheet "${sheet.name}" has no data part in the file (corrupt workbook)`, { sheet: sheet.name });
  let strings: SourceStrings;
  let styles: CellStyles;
  let stylesEntry: ZipEntry | undefined;
  try {
    strings = createSourceStrings(path, findWorkbookPart(directory, placeWorkbookPart(relsXml, 'sharedStrings', 'xl/')), sheet.name);
    stylesEntry = findWorkbookPart(directory, placeWorkbookPart(relsXml, 'styles', 'xl/'));
    styles = stylesEntry === undefined ? GENERAL_STYLES : await parseStyles(await openZipEntry(path, stylesEntry));
  } catch (error) {
    return fail(`the workbook is corrupt (${(error as Error).message})`, { cause: error, sheet: sheet.name });
  }
  return { path, directory, workbookEntry, relsEntry, workbookXml, relsXml, sheets, sheet, entry, strings, stylesEntry, styles, date1904 };
}

/**
 * The workbook's shared strings, parsed on demand: `table` answers for the strings loaded so far
 * (and throws `InternalError` for one not loaded yet: a caller that forgot `load` fails loudly
 * instead of writing an empty text), `load(upTo)` parses the part up to string `upTo` (the header's
 * texts are the first strings Excel writes) or, without `upTo`, whole.
 */
interface SourceStrings {
  readonly table: SharedStringTable;
  /** True once every string is loaded (or the workbook has none). */
  readonly complete: boolean;
  load(upTo?: number): Promise<void>;
}

function createSourceStrings(path: string, entry: ZipEntry | undefined, sheet: string): SourceStrings {
  let loaded = createSharedStringTable();
  let complete = entry === undefined;
  const table: SharedStringTable = {
    add: () => {
      throw new InternalError('the source workbook\'s shared strings are read-only');
    },
    get(index) {
      if (!complete && index >= loaded.size) throw new InternalError(`shared string ${index} asked for before it was loaded`);
      return loaded.get(index);
    },
    get size() {
      return loaded.size;
    },
    byteLength: () => loaded.byteLength(),
  };
  return {
    table,
    get complete() {
      return complete;
    },
    async load(upTo) {
      if (complete || entry === undefined || (upTo !== undefined && upTo < loaded.size)) return;
      // A partial load is parsed again from the start: the part is read front to back, and the
      // strings before `upTo` cost a few kilobytes of it.
      const next = createSharedStringTable();
      const parser = createSharedStringsParser(next, entry.name);
      const stream = await openZipEntry(path, entry, LARGE_PART_CHUNK_BYTES);
      let whole = true;
      try {
        for await (const chunk of stream) {
          parser.write(chunk as Buffer);
          if (upTo !== undefined && next.size > upTo) {
            whole = false;
            break;
          }
        }
        if (whole) parser.end();
      } catch (error) {
        throw new SourceReadError(path, `${path}: the workbook is corrupt (${(error as Error).message})`, { cause: error, sheet });
      } finally {
        stream.destroy();
      }
      loaded = next;
      complete = whole;
    },
  };
}
