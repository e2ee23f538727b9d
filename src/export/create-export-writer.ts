/**
 * Streaming writers of the exported file, so that memory stays flat however large the catalog:
 * XLSX through exceljs' streaming `WorkbookWriter` (rows are committed as they come), CSV through
 * the report's CSV writer (UTF-8 with BOM, `;`, formula-like text neutralised).
 *
 * In XLSX every text is a string cell, never a formula, so it is safe without the `'` prefix and
 * reads back unchanged; numbers (ids, price, VAT) are number cells; the barcode and the keys are
 * text so that Excel does not shorten them.
 */
import { loadExcelJs } from '../core/load-exceljs.js';
import { ConfigError } from '../core/errors.js';
import { createCsvFileWriter } from '../report/create-csv-file-writer.js';
import type { ExportCell } from './build-export-rows.js';

/** Formats the export writes. */
export type ExportFormat = 'xlsx' | 'csv';

/** Name of the data sheet of an XLSX export. */
export const EXPORT_SHEET = 'Products';

/** Delimiter of a CSV export. */
const EXPORT_CSV_DELIMITER = ';';

/** An open export file. */
export interface ExportWriter {
  /** Writes one row. */
  write(cells: readonly ExportCell[]): Promise<void>;
  /** Finishes the file. */
  close(): Promise<void>;
  /**
   * Abandons the file after a failure; resolves once it is closed, so that the caller's removal of
   * the partial file is not followed by a late open that makes it again.
   */
  destroy(): Promise<void>;
}

/** The format of an output path, by extension; `ConfigError` for anything else. */
export function pickExportFormat(path: string): ExportFormat {
  const lower = path.toLowerCase();
  if (lower.endsWith('.xlsx')) return 'xlsx';
  if (lower.endsWith('.csv')) return 'csv';
  throw new ConfigError(`the export file must end in .xlsx or .csv: ${path}`);
}

/** Opens `path` for writing (replaced). `textColumns` are written as text even when a cell holds a number. */
export function createExportWriter(path: string, format: ExportFormat, options: { textColumns?: ReadonlySet<number> } = {}): ExportWriter {
  return format === 'xlsx' ? createXlsxWriter(path, options.textColumns ?? new Set()) : createCsvWriter(path);
}

function createCsvWriter(path: string): ExportWriter {
  const file = createCsvFileWriter(path, EXPORT_CSV_DELIMITER);
  return {
    write: (cells) => file.write(cells.map((cell) => (cell === null ? '' : String(cell)))),
    close: () => file.close(),
    destroy: () => file.destroy(),
  };
}

function createXlsxWriter(path: string, textColumns: ReadonlySet<number>): ExportWriter {
  const workbook = new (loadExcelJs().stream.xlsx.WorkbookWriter)({ filename: path, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(EXPORT_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  let header = true;
  let rows = 0;
  return {
    async write(cells) {
      const row = sheet.addRow(cells.map((cell, index) => (cell === null ? null : textColumns.has(index) ? String(cell) : cell)));
      if (header) {
        row.font = { bold: true };
        header = false;
      }
      row.commit();
      rows += 1;
      // Committed rows go to the zip stream synchronously; yielding now and then lets it drain to disk.
      if (rows % 1000 === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    },
    async close() {
      sheet.commit();
      await workbook.commit();
    },
    destroy() {
      // exceljs has no abort: its zip is cut off from the file stream it opened, which is closed here.
      const internals = workbook as unknown as { zip?: { unpipe(): void }; stream?: NodeJS.WritableStream & { destroy(): void; closed?: boolean; once(event: 'close', listener: () => void): void } };
      internals.zip?.unpipe();
      const stream = internals.stream;
      if (stream === undefined || stream.closed === true) return Promise.resolve();
      stream.destroy();
      return new Promise<void>((resolve) => stream.once('close', () => resolve()));
    },
  };
}
