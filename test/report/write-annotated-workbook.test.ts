import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ANNOTATION_HEADERS } from '../../src/report/annotation-columns.js';
import type { RowOutcome } from '../../src/report/report-types.js';
import { writeAnnotatedWorkbook } from '../../src/report/write-annotated-workbook.js';
import { ANNOTATION_FILLS } from '../../src/report/xlsx-patch/patch-styles.js';

/** Headers of the `To fix` sheet in English (the default language). */
const TO_FIX_HEADERS = ['kind', 'column', 'header', 'problem', 'issues', 'first cell', 'how to fix', 'example value', 'rows', 'code', 'severity'] as const;
import type { TextRow } from '../../src/report/write-annotated-csv.js';
import { xlsxReader } from '../../src/sources/read-xlsx.js';
import { makeHeader, makeInfo, makeIssue, makeOutcomeOf, makeTempDir } from './report-builders.js';

const HEADERS = ['Артикул', 'Название', 'Цена', 'Бренд', 'Телефон', 'Ссылка', 'Остаток'];
const HYPERLINK = '=HYPERLINK("http://evil.example","Нажмите")';

/** A seller workbook: a title row and a blank row above the header on row 3, then three data rows. */
async function writeSellerWorkbook(path: string): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Товары');
  sheet.getRow(1).getCell(1).value = 'Каталог товаров — весна 2025';
  sheet.getRow(3).values = HEADERS;
  sheet.getRow(4).values = ['A-1', 'Футболка белая', 1990, 'Nike', '+7 701 123 45 67', HYPERLINK, -5];
  sheet.getRow(5).values = ['A-2', 'Шорты', 'abc', 'Samsnug', '@SUM(1+1)', 'ok', 3];
  sheet.getRow(6).values = ['A-3', 'Кепка', 500, 'Adidas', '-2+3+cmd', 'Қазақша мәтін', { formula: 'C6*2', result: 1000 }];
  workbook.addWorksheet('Справка').getCell('A1').value = 'not this sheet';
  await workbook.xlsx.writeFile(path);
}

const info = makeInfo({ file: 'товары.xlsx', format: 'xlsx', sheet: 'Товары', headerRow: 3, header: makeHeader(HEADERS) });

const outcomes: RowOutcome[] = [
  {
    row: 4,
    status: 'accepted',
    productKey: 'A-1',
    productId: 101,
    skuId: 1001,
    jobId: '7',
    issues: [makeIssue({ code: 'formula_like_text', severity: 'warning', message: 'text looks like a formula', row: 4, column: 'F', header: 'Ссылка', value: HYPERLINK })],
  },
  {
    row: 5,
    status: 'invalid',
    productKey: 'A-2',
    issues: [
      makeIssue({ code: 'price_not_number', message: 'price must be a positive number', row: 5, column: 'C', header: 'Цена', value: 'abc' }),
      makeIssue({ code: 'unknown_brand', message: 'brand is not in the directory', row: 5, column: 'D', header: 'Бренд', value: 'Samsnug', hint: 'did you mean: Samsung?' }),
      makeIssue({ code: 'duplicate_sku', severity: 'warning', message: 'the SKU appears twice', row: 5 }),
    ],
  },
  { row: 6, status: 'rejected', productKey: 'A-3', jobId: '7', issues: [makeIssue({ code: 'service_rejected', stage: 'job', message: '-ERR неверная категория', row: 6 })] },
];

function noteText(cell: ExcelJS.Cell): string {
  const note = cell.note as string | ExcelJS.Comment | undefined;
  if (note === undefined) return '';
  return typeof note === 'string' ? note : (note.texts ?? []).map((text) => text.text).join('');
}

function fillColour(cell: ExcelJS.Cell): string | undefined {
  const fill = cell.fill as ExcelJS.FillPattern | undefined;
  return fill?.type === 'pattern' ? fill.fgColor?.argb : undefined;
}

async function annotate(dir: string) {
  const sourcePath = join(dir, 'товары.xlsx');
  const outPath = join(dir, 'annotated.xlsx');
  await writeSellerWorkbook(sourcePath);
  const dataRows: TextRow[] = [];
  const result = await writeAnnotatedWorkbook({
    sourcePath,
    outPath,
    info,
    outcomeOf: makeOutcomeOf(outcomes),
    onDataRow: (row) => {
      dataRows.push({ row: row.row, values: row.values, ...(row.beyond !== undefined && row.beyond.length > 0 ? { beyond: row.beyond } : {}) });
    },
  });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(outPath);
  return { result, workbook, dataRows, outPath };
}

describe('writeAnnotatedWorkbook', () => {
  it('copies the sheet, title rows, header and values, and appends the _ columns', async () => {
    const { result, workbook } = await annotate(await makeTempDir());
    expect(result).toEqual({ sheet: 'Товары', rows: 5, annotatedRows: 3, highlightedCells: 3, notes: 3, issues: 5, warnings: [] });
    // The seller's other sheets are kept; the `To fix` sheet comes last.
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Товары', 'Справка', 'To fix']);
    expect(workbook.getWorksheet('Справка')!.getCell('A1').value).toBe('not this sheet');
    const sheet = workbook.getWorksheet('Товары')!;
    expect(sheet.getCell('A1').value).toBe('Каталог товаров — весна 2025');
    expect(sheet.getRow(2).hasValues).toBe(false);
    expect((sheet.getRow(3).values as unknown[]).slice(1)).toEqual([...HEADERS, ...ANNOTATION_HEADERS]);
    expect((sheet.getRow(4).values as unknown[]).slice(1)).toEqual([
      'A-1', 'Футболка белая', 1990, 'Nike', '+7 701 123 45 67', HYPERLINK, -5,
      'accepted', `warning: column F (Ссылка): text looks like a formula (value "${HYPERLINK}")`, 101, 1001, '7',
    ]);
    expect(sheet.getCell('C4').type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getCell('G4').value).toBe(-5);
    expect(sheet.getCell('G4').type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getCell('F6').value).toBe('Қазақша мәтін');
    // The seller's formula is kept, with its cached result.
    expect(sheet.getCell('G6').value).toEqual({ formula: 'C6*2', result: 1000 });
    expect(sheet.getCell('H6').value).toBe('rejected');
    expect(sheet.getCell('I6').value).toBe(`'-ERR неверная категория`);
    expect(sheet.getColumn('I').width).toBe(60);
  });

  it('highlights faulty cells with a note, and the status of rows with errors', async () => {
    const { workbook } = await annotate(await makeTempDir());
    const sheet = workbook.getWorksheet('Товары')!;
    expect(fillColour(sheet.getCell('C5'))).toBe(ANNOTATION_FILLS.error);
    expect(noteText(sheet.getCell('C5'))).toBe('price must be a positive number (value "abc")');
    expect(fillColour(sheet.getCell('D5'))).toBe(ANNOTATION_FILLS.error);
    expect(noteText(sheet.getCell('D5'))).toBe('brand is not in the directory (value "Samsnug"); did you mean: Samsung?');
    expect(fillColour(sheet.getCell('F4'))).toBe(ANNOTATION_FILLS.warning);
    expect(fillColour(sheet.getCell('A5'))).toBeUndefined();
    expect(noteText(sheet.getCell('A5'))).toBe('');
    expect(fillColour(sheet.getCell('H5'))).toBe(ANNOTATION_FILLS.error);
    expect(fillColour(sheet.getCell('H4'))).toBe(ANNOTATION_FILLS.ok);
    expect(sheet.getCell('I5').value).toBe(
      'column C (Цена): price must be a positive number (value "abc")\n' +
        'column D (Бренд): brand is not in the directory (value "Samsnug"); did you mean: Samsung?\n' +
        'warning: the SKU appears twice',
    );
  });

  it('lists the causes in the To fix sheet, errors first, neutralised', async () => {
    const { workbook } = await annotate(await makeTempDir());
    const toFix = workbook.getWorksheet('To fix')!;
    const rows = toFix.getSheetValues().slice(1).map((values) => (values as unknown[]).slice(1));
    const fallback = 'Read the problem, correct the cell in your file and run again.';
    expect(rows).toEqual([
      [...TO_FIX_HEADERS],
      ['root cause', 'C', 'Цена', 'price must be a positive number', 1, 'C5', fallback, 'abc', '5', 'price_not_number', 'error'],
      ['root cause', 'D', 'Бренд', 'brand is not in the directory; did you mean: Samsung?', 1, 'D5', "Write the brand as the marketplace's list has it (see the hint), or add it to the mapping.", 'Samsnug', '5', 'unknown_brand', 'error'],
      ['root cause', undefined, undefined, `'-ERR неверная категория`, 1, 'A6', "Read the service's reason, correct the product and run the import again.", undefined, '6', 'service_rejected', 'error'],
      ['root cause', 'F', 'Ссылка', 'warning: text looks like a formula', 1, 'F4', fallback, `'${HYPERLINK}`, '4', 'formula_like_text', 'warning'],
      ['root cause', undefined, undefined, 'warning: the SKU appears twice', 1, 'A5', fallback, undefined, '5', 'duplicate_sku', 'warning'],
    ]);
  });

  it("never writes a formula but the seller's own; seller text stays exact", async () => {
    const { workbook } = await annotate(await makeTempDir());
    for (const sheet of workbook.worksheets) {
      sheet.eachRow((row) => {
        row.eachCell((cell) => {
          if (sheet.name === 'Товары' && cell.address === 'G6') return;
          expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
          expect(cell.type).not.toBe(ExcelJS.ValueType.Hyperlink);
        });
      });
    }
    const sheet = workbook.getWorksheet('Товары')!;
    expect(sheet.getCell('F4').value).toBe(HYPERLINK);
    expect(sheet.getCell('E4').value).toBe('+7 701 123 45 67');
    expect(sheet.getCell('E5').value).toBe('@SUM(1+1)');
    expect(sheet.getCell('E6').value).toBe('-2+3+cmd');
    expect(sheet.getCell('G4').value).toBe(-5);
  });

  it('hands each data row to onDataRow as text under the header', async () => {
    const { dataRows } = await annotate(await makeTempDir());
    expect(dataRows).toEqual([
      { row: 4, values: ['A-1', 'Футболка белая', '1990', 'Nike', '+7 701 123 45 67', HYPERLINK, '-5'] },
      { row: 5, values: ['A-2', 'Шорты', 'abc', 'Samsnug', '@SUM(1+1)', 'ok', '3'] },
      { row: 6, values: ['A-3', 'Кепка', '500', 'Adidas', '-2+3+cmd', 'Қазақша мәтін', '1000'] },
    ]);
  });

  it('re-read with our reader, the header ends with the _ columns; fed back, they are replaced, not repeated', async () => {
    const dir = await makeTempDir();
    const { outPath } = await annotate(dir);
    const headerOf = async (path: string): Promise<string[]> => {
      const read = await xlsxReader.open(path, { sheet: 'Товары', headerRow: 3 }, {});
      await read.rows[Symbol.asyncIterator]().return?.();
      return read.info.header.map((column) => column.name);
    };
    expect((await headerOf(outPath)).slice(-ANNOTATION_HEADERS.length)).toEqual([...ANNOTATION_HEADERS]);

    const again = join(dir, 'annotated-again.xlsx');
    await writeAnnotatedWorkbook({
      sourcePath: outPath,
      outPath: again,
      info,
      outcomeOf: makeOutcomeOf([{ row: 5, status: 'valid', issues: [] }]),
    });
    expect(await headerOf(again)).toEqual([...HEADERS, ...ANNOTATION_HEADERS]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(again);
    const sheet = workbook.getWorksheet('Товары')!;
    // Row 4 had an outcome in the first run only: its old annotations are gone.
    expect(sheet.getCell('H4').value).toBeNull();
    expect(sheet.getCell('J4').value).toBeNull();
    expect(sheet.getCell('H5').value).toBe('valid');
    expect(sheet.getCell('I5').value).toBeNull();
  });

  it('fails clearly when the sheet is not in the workbook', async () => {
    const dir = await makeTempDir();
    const sourcePath = join(dir, 'товары.xlsx');
    await writeSellerWorkbook(sourcePath);
    await expect(
      writeAnnotatedWorkbook({ sourcePath, outPath: join(dir, 'out.xlsx'), info: { ...info, sheet: 'Нет такого' }, outcomeOf: () => undefined }),
    ).rejects.toThrow(/sheet "Нет такого" not found/);
  });

  it('keeps Cyrillic text whole across zip chunk boundaries', async () => {
    const dir = await makeTempDir();
    const sourcePath = join(dir, 'big.xlsx');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Лист1');
    sheet.addRow(['Название', 'Описание']);
    for (let i = 1; i <= 3000; i += 1) sheet.addRow([`Товар ${i}`, `Описание товара номер ${i}: ЖЁЛТЫЙ, қазақша мәтін — ${i}`]);
    await workbook.xlsx.writeFile(sourcePath);
    const texts: string[] = [];
    await writeAnnotatedWorkbook({
      sourcePath,
      outPath: join(dir, 'out.xlsx'),
      info: makeInfo({ file: 'big.xlsx', format: 'xlsx', sheet: 'Лист1', header: makeHeader(['Название', 'Описание']) }),
      outcomeOf: () => undefined,
      onDataRow: (row) => {
        texts.push(...row.values);
      },
    });
    expect(texts).toHaveLength(6000);
    expect(texts.filter((text) => text.includes('\uFFFD'))).toEqual([]);
    expect(texts[5999]).toBe('Описание товара номер 3000: ЖЁЛТЫЙ, қазақша мәтін — 3000');
  });
});
