import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { waitForWorksheetOutput } from '../../src/report/wait-for-worksheet-output.js';
import { makeTempDir } from './report-builders.js';

/** Bytes the worksheet's zip entry holds before compression (exceljs 4.4.0 / readable-stream 2 internals). */
function pendingBytes(worksheet: object): number {
  const pipes = (worksheet as { _stream?: { pipes?: { _writableState?: { length?: number } }[] } })._stream?.pipes ?? [];
  return pipes.reduce((sum, pipe) => sum + (pipe._writableState?.length ?? 0), 0);
}

describe('waitForWorksheetOutput', () => {
  it('waits until the rows written so far are compressed, so uncompressed XML does not pile up', async () => {
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: join(await makeTempDir(), 'out.xlsx'), useSharedStrings: false });
    const sheet = writer.addWorksheet('Товары');
    const text = 'Описание товара, достаточно длинное для нескольких килобайт XML. '.repeat(4);
    // Rows committed without a pause pile up in the entry's stream: what the copy of a big sheet does.
    for (let row = 1; row <= 3000; row += 1) sheet.addRow([row, text]).commit();
    expect(pendingBytes(sheet)).toBeGreaterThan(512 * 1024);

    await waitForWorksheetOutput(sheet, 64 * 1024);
    expect(pendingBytes(sheet)).toBeLessThanOrEqual(64 * 1024);

    sheet.commit();
    await writer.commit();
  });

  it('returns at once for an object that is not an exceljs streaming worksheet', async () => {
    await expect(waitForWorksheetOutput({})).resolves.toBeUndefined();
    await expect(waitForWorksheetOutput({ _stream: { pipes: 'no' } })).resolves.toBeUndefined();
  });
});
