/**
 * Writes one generated catalog as XLSX and as CSV in a single pass over the rows.
 *
 * The XLSX is laid out the way Excel saves a workbook: every text in `xl/sharedStrings.xml` once,
 * cells pointing to it by index, the shared strings stored *after* the sheet in the zip (so a
 * streaming reader meets the sheet before the strings, as with real files), barcodes as numbers
 * with the "0" format and prices as numbers. Strings are numbered while the sheet is written and
 * appended to a temporary file, so the writer's memory does not grow with the table: texts of a
 * product are deduplicated within the product, the small vocabularies (category, brand, colour…)
 * across the file, as Excel would.
 *
 * The CSV is what Excel writes for "CSV UTF-8": a BOM, `;` separators, CRLF line ends, quotes
 * only where needed.
 */
import { createWriteStream } from 'node:fs';
import type { WriteStream } from 'node:fs';
import { once } from 'node:events';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCatalogRows, buildCatalogTexts, CATALOG_HEADER } from './build-catalog-rows.js';
import type { CatalogOptions, CatalogRow } from './build-catalog-rows.js';
import { createZipWriter } from './create-zip-writer.js';
import type { TextSink } from './create-zip-writer.js';

/** What was written. */
export interface CatalogFiles {
  rows: number;
  products: number;
  sharedStrings: number;
  xlsxBytes: number;
  csvBytes: number;
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n';

const STATIC_PARTS: [string, string][] = [
  [
    '[Content_Types].xml',
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
      '</Types>',
  ],
  [
    '_rels/.rels',
    `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
      '</Relationships>',
  ],
  [
    'xl/workbook.xml',
    `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><bookViews><workbookView xWindow="0" yWindow="0" windowWidth="28800" windowHeight="12300"/></bookViews>` +
      '<sheets><sheet name="Товары" sheetId="1" r:id="rId1"/></sheets></workbook>',
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
      '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
      '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>' +
      '</Relationships>',
  ],
];

// Style 1 is the "0" number format (numFmtId 1) Excel gives a barcode column so it shows all digits.
const STYLES =
  `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>` +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="1" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

const LETTERS = CATALOG_HEADER.map((_, i) => String.fromCharCode(65 + i));

function escapeXml(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

function quoteCsv(text: string): string {
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Numbers shared strings as Excel does, spilling each new one to a temporary file. */
function createStringNumbering(out: WriteStream): { index(text: string, scope: 'file' | 'product'): number; newProduct(): void; count: () => number; drain(): Promise<void> } {
  const fileWide = new Map<string, number>();
  let productWide = new Map<string, number>();
  let count = 0;
  let buffered = '';
  let waiting: Promise<void> | undefined;
  const add = (text: string): number => {
    buffered += `<si><t>${escapeXml(text)}</t></si>`;
    if (buffered.length > 64 * 1024) {
      if (!out.write(buffered)) waiting = once(out, 'drain').then(() => undefined);
      buffered = '';
    }
    return count++;
  };
  return {
    index(text, scope) {
      const map = scope === 'file' ? fileWide : productWide;
      const known = map.get(text);
      if (known !== undefined) return known;
      const index = add(text);
      map.set(text, index);
      return index;
    },
    newProduct() {
      productWide = new Map();
    },
    count: () => count,
    async drain() {
      if (buffered !== '') {
        out.write(buffered);
        buffered = '';
      }
      if (waiting) await waiting;
      waiting = undefined;
    },
  };
}

function buildSheetRow(rowNumber: number, row: CatalogRow, strings: ReturnType<typeof createStringNumbering>): string {
  const text = (column: number, value: string, scope: 'file' | 'product'): string => `<c r="${LETTERS[column]}${rowNumber}" t="s"><v>${strings.index(value, scope)}</v></c>`;
  const cells = [
    text(0, row.productKey, 'product'),
    `<c r="B${rowNumber}" s="1"><v>${row.barcode}</v></c>`,
    text(2, row.nameRus, 'product'),
    text(3, row.nameKaz, 'product'),
    text(4, row.descriptionRus, 'product'),
    text(5, row.descriptionKaz, 'product'),
    text(6, row.category, 'file'),
    text(7, row.brand, 'file'),
    text(8, row.color, 'file'),
    text(9, row.size, 'file'),
    text(10, row.gender, 'file'),
    text(11, row.material, 'file'),
    text(12, row.season, 'file'),
    `<c r="N${rowNumber}"><v>${row.price}</v></c>`,
    ...row.photos.map((photo, i) => text(14 + i, photo, 'product')),
  ];
  return `<row r="${rowNumber}" spans="1:${CATALOG_HEADER.length}">${cells.join('')}</row>`;
}

/** Generates the catalog into `xlsxPath` and `csvPath`. */
export async function writeCatalogFiles(options: CatalogOptions, xlsxPath: string, csvPath: string): Promise<CatalogFiles> {
  const scratch = await mkdtemp(join(tmpdir(), 'bench-sst-'));
  const sstPath = join(scratch, 'shared-strings.xml');
  const sstOut = createWriteStream(sstPath);
  const strings = createStringNumbering(sstOut);
  const csv = createWriteStream(csvPath);
  let csvBuffer = '\uFEFF' + CATALOG_HEADER.join(';') + '\r\n';
  const zip = await createZipWriter(xlsxPath);
  let rows = 0;
  let products = 0;
  try {
    for (const [name, content] of STATIC_PARTS) await zip.addEntry(name, async (sink) => void (await sink.write(content)));
    await zip.addEntry('xl/worksheets/sheet1.xml', async (sink: TextSink) => {
      await sink.write(
        `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><dimension ref="A1:${LETTERS[LETTERS.length - 1]}${options.rows + 1}"/>` +
          '<sheetViews><sheetView tabSelected="1" workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
          '<sheetFormatPr defaultRowHeight="15"/><sheetData>',
      );
      await sink.write(`<row r="1" spans="1:${CATALOG_HEADER.length}">${CATALOG_HEADER.map((name, i) => `<c r="${LETTERS[i]}1" t="s"><v>${strings.index(name, 'file')}</v></c>`).join('')}</row>`);
      for (const row of buildCatalogRows(options)) {
        rows += 1;
        if (row.skuIndex === 0) {
          products += 1;
          strings.newProduct();
        }
        await sink.write(buildSheetRow(rows + 1, row, strings));
        csvBuffer += buildCatalogTexts(row).map(quoteCsv).join(';') + '\r\n';
        if (csvBuffer.length > 64 * 1024) {
          if (!csv.write(csvBuffer)) await once(csv, 'drain');
          csvBuffer = '';
        }
        if (rows % 1000 === 0) await strings.drain();
      }
      await sink.write('</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>');
    });
    await zip.addEntry('xl/styles.xml', async (sink) => void (await sink.write(STYLES)));
    await strings.drain();
    sstOut.end();
    await once(sstOut, 'finish');
    const count = strings.count();
    await zip.addFileEntry('xl/sharedStrings.xml', sstPath, `${XML_HEAD}<sst xmlns="${MAIN_NS}" count="${count}" uniqueCount="${count}">`, '</sst>');
    await zip.close();
    csv.end(csvBuffer);
    await once(csv, 'finish');
    return { rows, products, sharedStrings: count, xlsxBytes: (await stat(xlsxPath)).size, csvBytes: (await stat(csvPath)).size };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
