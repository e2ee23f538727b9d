/**
 * exceljs's streaming sheet parser, fed one part of the zip directly. exceljs's `WorkbookReader`
 * walks the whole zip itself and, without a cached string table, spools each sheet to a temp file
 * to parse it after the last part; a part stored after the spooled sheet can then be lost
 * (unzipper ends its stream of entries once its input is written, while an entry may still be
 * buffered): the shared strings, so every text cell read as `#REF!` with no warning, or
 * `workbook.xml`, a spurious "corrupt" error on exceljs-written files, which store it last. The
 * XLSX reader has the zip directory already, so it reads the strings into its own table, hands
 * exceljs the styles and then streams the one sheet it wants, whatever the order of the parts.
 *
 * Both are fed text decoded per part (read-xml-events.ts), never bytes: exceljs decodes each byte
 * chunk on its own and would turn a letter split between two chunks into U+FFFD.
 *
 * These are exceljs 4.4.0 internals (`lib/stream/xlsx/worksheet-reader.js`, the styles xform),
 * pinned by the exact exceljs version; a change of layout fails the first XLSX test at `require`.
 * The XLSX reader itself builds its cells from exceljs's SAX events (parse-sheet-rows.ts); this is
 * kept for the annotated copy.
 */
import type { Buffer } from 'node:buffer';
import { createRequire } from 'node:module';
import { decodeXmlPart } from './read-xml-events.js';

/** exceljs's style table: the number format of a cell comes from its style. */
export interface ExcelJsStyles {
  getStyleModel(id: number): unknown;
}

/** exceljs's streaming parser of one sheet. */
export interface ExcelJsWorksheet {
  /** Batches of parse events; rows come as `{ eventType: 'row', value }`. */
  parse(): AsyncIterable<{ eventType: string; value: unknown }[]>;
}

interface StylesXform extends ExcelJsStyles {
  model: { styles?: unknown[] } | null | undefined;
  parseStream(source: AsyncIterable<Buffer | string>): Promise<unknown>;
}

type StylesXformClass = (new () => StylesXform) & { Mock: new () => ExcelJsStyles };

type WorksheetReaderClass = new (settings: {
  workbook: { sharedStrings: undefined; styles: ExcelJsStyles; properties: { model: { date1904: boolean } } };
  id: number;
  iterator: AsyncIterable<Buffer | string>;
  options: { worksheets: 'emit'; hyperlinks: 'ignore' };
}) => ExcelJsWorksheet;

const require = createRequire(import.meta.url);

/**
 * Parses the styles part (`xl/styles.xml`); without one (`undefined`) every cell has the General
 * format. Throws when the part does not hold a style sheet.
 */
export async function loadExcelJsStyles(source: AsyncIterable<Buffer> | undefined): Promise<ExcelJsStyles> {
  const Styles = require('exceljs/lib/xlsx/xform/style/styles-xform.js') as StylesXformClass;
  if (source === undefined) return new Styles.Mock();
  const styles = new Styles();
  await styles.parseStream(decodeXmlPart(source));
  if (styles.model === null || styles.model === undefined) throw new Error('the styles part holds no style sheet');
  // A style sheet without cell formats is valid: every cell is then General.
  styles.model.styles ??= [];
  return styles;
}

/**
 * A streaming parser for the sheet whose XML `iterator` yields. Shared-string cells come as
 * `{ sharedString: index }`, to be looked up in the reader's own table.
 */
export function createExcelJsWorksheet(iterator: AsyncIterable<Buffer | string>, styles: ExcelJsStyles, date1904: boolean): ExcelJsWorksheet {
  const WorksheetReader = require('exceljs/lib/stream/xlsx/worksheet-reader.js') as WorksheetReaderClass;
  return new WorksheetReader({
    workbook: { sharedStrings: undefined, styles, properties: { model: { date1904 } } },
    id: 1,
    iterator: decodeXmlPart(iterator),
    options: { worksheets: 'emit', hyperlinks: 'ignore' },
  });
}
