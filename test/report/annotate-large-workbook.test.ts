import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { RowOutcome } from '../../src/report/report-types.js';
import { writeAnnotatedWorkbook } from '../../src/report/write-annotated-workbook.js';
import { xlsxReader } from '../../src/sources/read-xlsx.js';
import { makeHeader, makeInfo, makeIssue, makeTempDir } from './report-builders.js';

const ROWS = 50_000;
const HEADERS = ['Артикул', 'Название', 'Цена', 'Штрихкод', 'Бренд', 'Описание'];

/** Writes a 50,000-row workbook with exceljs's streaming writer (as a seller's export would be). */
async function writeLargeWorkbook(path: string): Promise<void> {
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: true });
  const sheet = writer.addWorksheet('Товары');
  sheet.addRow(HEADERS).commit();
  for (let i = 1; i <= ROWS; i += 1) {
    sheet.addRow([`SKU-${i}`, `Товар номер ${i}`, i % 10 === 0 ? 'abc' : 100 + i, 4_600_000_000_000 + i, 'Бренд', `Описание ${i}`]).commit();
  }
  sheet.commit();
  await writer.commit();
}

function outcomeOf(row: number): RowOutcome {
  if ((row - 1) % 10 === 0) {
    return { row, status: 'invalid', issues: [makeIssue({ code: 'price_not_number', message: 'price is not a number', row, column: 'C', header: 'Цена', value: 'abc' })] };
  }
  return { row, status: 'valid', issues: [] };
}

describe('writeAnnotatedWorkbook on a large file', () => {
  it('streams 50,000 rows in a few seconds and caps notes', async () => {
    const dir = await makeTempDir();
    const sourcePath = join(dir, 'large.xlsx');
    const outPath = join(dir, 'annotated.xlsx');
    await writeLargeWorkbook(sourcePath);

    const heapBefore = process.memoryUsage().heapUsed;
    let heapPeak = heapBefore;
    const started = performance.now();
    const result = await writeAnnotatedWorkbook({
      sourcePath,
      outPath,
      info: makeInfo({ file: 'large.xlsx', format: 'xlsx', sheet: 'Товары', header: makeHeader(HEADERS) }),
      outcomeOf,
      maxNotes: 1000,
      onDataRow: (row) => {
        if (row.row % 5000 === 0) heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      },
    });
    const elapsed = performance.now() - started;
    const sizes = { source: (await stat(sourcePath)).size, annotated: (await stat(outPath)).size };
    // Figures for the report; not asserted, the machine is shared.
    console.info(`annotated ${ROWS} rows in ${Math.round(elapsed)} ms; heap +${Math.round((heapPeak - heapBefore) / 1e6)} MB; sizes ${JSON.stringify(sizes)}`);

    expect(result).toMatchObject({ sheet: 'Товары', rows: ROWS + 1, annotatedRows: ROWS, highlightedCells: ROWS / 10, notes: 1000, issues: ROWS / 10 });

    // Spot-check the output with our streaming reader (a non-streaming read of 50,000 rows is slow).
    const read = await xlsxReader.open(outPath, { sheet: 'Товары', headerRow: 1 }, {});
    let last: unknown[] = [];
    let count = 0;
    for await (const row of read.rows) {
      count += 1;
      last = row.cells.map((cell) => cell?.value ?? null);
    }
    expect(read.info.header.map((column) => column.name)).toEqual([...HEADERS, '_status', '_errors', '_product_id', '_sku_id', '_job_id']);
    expect(count).toBe(ROWS);
    expect(last).toEqual([`SKU-${ROWS}`, `Товар номер ${ROWS}`, 'abc', 4_600_000_000_000 + ROWS, 'Бренд', `Описание ${ROWS}`, 'invalid', 'column C (Цена): price is not a number (value "abc")', null, null, null]);
  }, 60_000);
});
