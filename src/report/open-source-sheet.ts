/**
 * The seller's workbook opened for the annotated copy with the XLSX reader's own opener
 * (`openWorkbook` in `src/sources/read-xlsx.ts`): the zip directory, the workbook parts read first
 * to choose the sheet, and the styles loaded for number formats. The shared strings are parsed into the
 * compact byte-packed table on demand (`SourceStrings`): the copy of a run whose rows need no text
 * (no issue, nothing rejected) reads only the few the header uses. The sheet itself is streamed by
 * the caller.
 */
import type { Buffer } from 'node:buffer';
import { InternalError, SourceReadError } from '../core/errors.js';
import type { CellStyles } from '../xlsx/parse-styles.js';
import { loadSourceFileSize } from '../sources/load-source-file.js';
import { findPartEntry, loadSheetStyles, openWorkbook, type OpenedWorkbook } from '../sources/read-xlsx.js';
import { createSharedStringsParser } from '../xlsx/parse-shared-strings.js';
import type { WorkbookSheet } from '../xlsx/parse-workbook-parts.js';
import { createSharedStringTable, type SharedStringTable } from '../xlsx/shared-string-table.js';
import { openZipEntry, type ZipEntry } from '../xlsx/zip-directory.js';

/** Chunk size of the large parts' reads and inflates (shared strings, the sheet): see `openZipEntry`. */
export const LARGE_PART_CHUNK_BYTES = 256 * 1024;

/** The seller's workbook as the annotated copy patches it: its directory, parts and the chosen sheet. */
export interface SourceWorkbook extends OpenedWorkbook {
  path: string;
  sheet: WorkbookSheet;
  /** The sheet's part. */
  entry: ZipEntry;
  /** The shared strings, loaded on demand. */
  strings: SourceStrings;
  /** The styles part, if any. */
  stylesEntry: ZipEntry | undefined;
  /** The number format of each cell style, read by the reader's own `parseStyles`. */
  styles: CellStyles;
}

/**
 * Opens the workbook at `path` for the annotated copy as the reader opens it (`openWorkbook`): zip
 * directory, workbook parts, the worksheet named `sheetName` (the one the reader read; `file` names
 * the input in the error when it is not there), the shared strings in the compact table and the
 * styles. Throws `SourceReadError` when the workbook cannot be read. The workbook part may be
 * anywhere the package names it: the patch relates its new parts to it by relative targets.
 */
export async function openSourceWorkbook(path: string, file: string, sheetName: string | undefined): Promise<SourceWorkbook> {
  const workbook = await openWorkbook(path, await loadSourceFileSize(path, {}));
  const { directory, parts } = workbook;
  const sheet = parts.sheets.find((candidate) => candidate.isWorksheet && candidate.name === sheetName);
  if (sheet === undefined) {
    throw new SourceReadError(file, `sheet "${String(sheetName)}" not found while writing the annotated copy`, sheetName === undefined ? {} : { sheet: sheetName });
  }
  const entry = sheet.part === undefined ? undefined : directory.entries.get(sheet.part);
  if (entry === undefined) throw new SourceReadError(path, `${path}: sheet "${sheet.name}" has no data part in the file (corrupt workbook)`, { sheet: sheet.name });
  const strings = createSourceStrings(path, findPartEntry(path, directory, workbook.stringsPart, sheet.name), sheet.name);
  const stylesEntry = findPartEntry(path, directory, workbook.stylesPart, sheet.name);
  return { ...workbook, path, sheet, entry, strings, stylesEntry, styles: await loadSheetStyles(path, stylesEntry, sheet.name) };
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
