/**
 * Reading on a worker thread gives what `openSource` gives in this thread: the same header and
 * file issues, rows deep-equal with the same properties in the same order (through several batches
 * and the backpressure between them), the same errors at the same point, and no worker left
 * behind when the reading stops early or fails.
 */
import { Buffer } from 'node:buffer';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { describe, expect, it, vi } from 'vitest';
import { AbortedError, InternalError, LimitError, SourceReadError } from '../../src/core/errors.js';
import { openSource } from '../../src/sources/open-source.js';
import { chooseReadThread, connectSourceWorker, openSourceWhere, WORKER_MIN_BYTES } from '../../src/sources/open-source-in-worker.js';
import type { ReadOptions, SourceRow, SourceStream } from '../../src/sources/types.js';
import { trackWorkers } from '../helpers/track-workers.js';
import { buildTestWorkbook } from '../helpers/write-test-zip.js';
import { collectRows, createTempDir, writeTempFile } from './temp-files.js';

const openSourceInWorker = (path: string, options: ReadOptions, deps: { signal?: AbortSignal }): Promise<SourceStream> => openSourceWhere('always', path, options, deps);

// Each test starts worker threads, which under tsx compile the readers anew: slow on a loaded machine.
vi.setConfig({ testTimeout: 90_000 });

/** Rows as JSON: catches a property in another order or a Date turned into something else. */
const describeRows = (rows: readonly SourceRow[]): string => JSON.stringify(rows);

async function expectSameRead(path: string, options: ReadOptions = {}): Promise<SourceRow[]> {
  const direct = await openSource(path, options, {});
  const directRows = await collectRows(direct);
  const threaded = await openSourceInWorker(path, options, {});
  expect(threaded.info).toStrictEqual(direct.info);
  expect(threaded.issues).toStrictEqual(direct.issues);
  const threadedRows = await collectRows(threaded);
  expect(threadedRows).toStrictEqual(directRows);
  expect(describeRows(threadedRows)).toBe(describeRows(directRows));
  expect(threaded.bytesRead()).toBe(direct.bytesRead());
  return threadedRows;
}

/** A catalog of `count` rows with the texts a seller's file has: Cyrillic, quotes, long digits. */
function buildCatalogLines(count: number, delimiter: string): string[] {
  const lines = [['Артикул', 'Штрихкод', 'Наименование', 'Цена', 'Описание', 'Пусто'].join(delimiter)];
  for (let i = 1; i <= count; i++) {
    const description = i % 7 === 0 ? `"Две строки${delimiter} «кавычки»\nи ""ещё"""` : `Описание ${i}`;
    const barcode = i % 11 === 0 ? '4,60123E+12' : `46${String(i).padStart(11, '0')}`;
    lines.push([`SKU-${i}`, barcode, `Чайник №${i}`, String(100 + i), description, i % 5 === 0 ? 'x' : ''].join(delimiter));
    if (i % 97 === 0) lines.push('');
  }
  return lines;
}

describe('openSourceInWorker: CSV rows equal to the in-thread read', () => {
  it('UTF-8, several batches, quoted line breaks, empty lines and exponent numbers', async () => {
    const path = await writeTempFile('utf8.csv', `${buildCatalogLines(1_700, ',').join('\n')}\n`);
    const rows = await expectSameRead(path);
    expect(rows.length).toBe(1_700);
  });

  it('UTF-8 with a BOM and CRLF, semicolons', async () => {
    const text = `\uFEFF${buildCatalogLines(600, ';').join('\r\n')}\r\n`;
    await expectSameRead(await writeTempFile('bom.csv', text));
  });

  it('Windows-1251 (guessed: a file issue) and given', async () => {
    const path = await writeTempFile('cp1251.csv', iconv.encode(`${buildCatalogLines(700, ';').join('\r\n')}\r\n`, 'windows-1251'));
    await expectSameRead(path);
    await expectSameRead(path, { encoding: 'windows-1251' });
  });

  it('invalid bytes: flags and row issues with their byte offsets', async () => {
    const parts: Buffer[] = [Buffer.from('Артикул;Название\n')];
    for (let i = 0; i < 900; i++) parts.push(Buffer.from(`A-${i};Ч`), Buffer.from(i % 3 === 0 ? [0xd0, 0x3f] : [0xd0, 0xb0]), Buffer.from('шка\n'));
    const rows = await expectSameRead(await writeTempFile('invalid.csv', Buffer.concat(parts)));
    expect(rows.filter((row) => row.issues !== undefined).length).toBe(300);
  });

  it('a quote that is never closed, and a misplaced one', async () => {
    await expectSameRead(await writeTempFile('quote.csv', `a,b\n1,x"y\n${'2,ok\n'.repeat(600)}3,"never closed\n4,z\n`));
  });

  it('a record wider than Excel allows, columns ignored by prefix, cells cut to maxCellLength', async () => {
    const wide = Array.from({ length: 16_500 }, (_, i) => `v${i}`).join(',');
    const text = `a,_status,c\n1,ok,длинный текст ячейки\n${wide}\n${'2,x,y,z\n'.repeat(700)}`;
    const rows = await expectSameRead(await writeTempFile('wide.csv', text), { headerRow: 1, maxCellLength: 5, ignoreHeaderPrefix: '_' });
    expect(rows[0]?.cells[1]).toEqual({ kind: 'string', text: 'длинн', value: 'длинн', flags: ['truncated'] });
  });
});

async function writeExcelWorkbook(build: (workbook: ExcelJS.Workbook) => void): Promise<string> {
  const path = (await createTempDir())('catalog.xlsx');
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  await workbook.xlsx.writeFile(path);
  return path;
}

describe('openSourceInWorker: XLSX rows equal to the in-thread read', () => {
  it('numbers with formats, dates, booleans, formulas, errors and merged ranges filled, over several batches', async () => {
    const path = await writeExcelWorkbook((workbook) => {
      workbook.addWorksheet('Скрытый', { state: 'hidden' }).addRow(['x']);
      const sheet = workbook.addWorksheet('Товары');
      sheet.addRow(['Модель', 'Штрихкод', 'Цена', 'Дата', 'Есть', 'Формула', 'Доля', 'Текст']);
      for (let i = 1; i <= 700; i++) {
        const row = sheet.addRow([
          i % 4 === 1 ? `M-${i}` : null,
          i % 13 === 0 ? 4601234567890123 : 4_600_000_000_000 + i,
          i + 0.5,
          new Date(Date.UTC(2026, 0, 1 + (i % 300))),
          i % 2 === 0,
          { formula: `C${i + 1}*2`, result: (i + 0.5) * 2 },
          i / 1000,
          i % 17 === 0 ? { error: '#N/A' } : `Текст ${i}`,
        ]);
        row.getCell(3).numFmt = '#,##0.00';
        row.getCell(7).numFmt = '0.0%';
        if (i % 4 === 1 && i + 3 <= 700) sheet.mergeCells(`A${i + 1}:A${i + 4}`);
      }
      sheet.getCell('F3').value = { formula: 'NOW()', date1904: false } as ExcelJS.CellFormulaValue;
    });
    const rows = await expectSameRead(path, { headerRow: 1, fillMerged: ['Модель'], maxCellLength: 6 });
    expect(rows.length).toBeGreaterThanOrEqual(700);
    expect(rows.some((row) => row.cells[0]?.flags?.includes('merged_filled'))).toBe(true);
    expect(rows[0]?.cells[3]?.value).toBeInstanceOf(Date);
    await expectSameRead(path);
  });

  it('group rows: the groups of every row', async () => {
    const path = await writeExcelWorkbook((workbook) => {
      const sheet = workbook.addWorksheet('Прайс');
      sheet.addRow(['Наименование', 'Штрихкод', 'Цена']);
      for (let section = 0; section < 60; section++) {
        sheet.addRow([`Раздел ${section}`]).outlineLevel = 0;
        for (let i = 0; i < 12; i++) sheet.addRow([`Товар ${section}-${i}`, `4600${section}${i}`, i]).outlineLevel = 1;
      }
    });
    const rows = await expectSameRead(path, { groupRows: { outline: true, merged: false, singleCell: false, bold: false } });
    expect(rows[700]?.groups).toEqual(['Раздел 58']);
  });

  it('inline strings, shared strings and a sheet written by hand', async () => {
    const rowsXml = Array.from(
      { length: 800 },
      (_, i) => `<row r="${i + 2}"><c r="A${i + 2}" t="s"><v>${i % 2}</v></c><c r="B${i + 2}" t="inlineStr"><is><t>в ${i}</t></is></c><c r="C${i + 2}" t="b"><v>1</v></c><c r="D${i + 2}" t="e"><f>1/0</f><v>#DIV/0!</v></c></row>`,
    ).join('');
    const header = '<row r="1"><c r="A1" t="inlineStr"><is><t>A</t></is></c><c r="B1" t="inlineStr"><is><t>B</t></is></c><c r="C1" t="inlineStr"><is><t>C</t></is></c><c r="D1" t="inlineStr"><is><t>D</t></is></c></row>';
    const path = (await createTempDir())('hand.xlsx');
    await writeFile(path, buildTestWorkbook({ sheetData: header + rowsXml, sharedStrings: ['один', 'два'] }));
    await expectSameRead(path);
  });
});

describe('openSourceInWorker: errors', () => {
  const expectSameError = async (path: string, options: ReadOptions = {}): Promise<unknown> => {
    const direct = await openSource(path, options, {}).then(collectRows).catch((error: unknown) => error);
    const threaded = await openSourceInWorker(path, options, {})
      .then(collectRows)
      .catch((error: unknown) => error);
    expect(threaded).toBeInstanceOf((direct as Error).constructor);
    expect(threaded).toMatchObject({ name: (direct as Error).name, code: (direct as { code: string }).code, message: (direct as Error).message });
    return threaded;
  };

  it('a missing file: the SourceReadError of the in-thread read, naming the file', async () => {
    const dir = await createTempDir();
    const missing = await expectSameError(dir('missing.csv'));
    expect(missing).toBeInstanceOf(SourceReadError);
    expect((missing as SourceReadError).file).toBe(dir('missing.csv'));
  });

  it('an empty CSV and a corrupt workbook: the same SourceReadError', async () => {
    await expectSameError(await writeTempFile('empty.csv', '   \n\n'));
    const corrupt = (await createTempDir())('corrupt.xlsx');
    await writeFile(corrupt, Buffer.from('PK\u0003\u0004 not really a zip'));
    await expectSameError(corrupt);
  });

  it('a sheet without a header: the SourceReadError with its sheet', async () => {
    const sheetless = (await createTempDir())('noheader.xlsx');
    await writeFile(sheetless, buildTestWorkbook({ sheetData: '' }));
    const error = await expectSameError(sheetless);
    expect((error as SourceReadError).sheet).toBe('Лист1');
  });

  it('an unsupported format is refused before any thread starts', async () => {
    await expect(openSourceInWorker('catalog.xls', {}, {})).rejects.toThrow(SourceReadError);
  });

  it('maxRows: the rows before the limit, then the LimitError', async () => {
    const path = await writeTempFile('many.csv', `a\n${'x\n'.repeat(2_000)}`);
    const stream = await openSourceInWorker(path, { maxRows: 1_500 }, {});
    const seen: number[] = [];
    const error = await (async () => {
      for await (const row of stream.rows) seen.push(row.row);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LimitError);
    expect((error as LimitError).message).toBe(`${path}: more than 1500 data rows (limit maxRows); reading stopped at row 1502`);
    expect(seen.length).toBe(1_500);
    await expectSameError(path, { maxFileBytes: 100 });
  });

  it('a CSV record past the length limit: the rows before it, then the same SourceReadError', async () => {
    const path = await writeTempFile('long.csv', `a,b\n${'1,2\n'.repeat(1_000)}"${'x'.repeat(17 * 1024 * 1024)}\n`);
    await expectSameError(path);
  });
});

describe('openSourceInWorker: the worker ends with the reading', () => {
  it('leaving the loop early ends the worker', async () => {
    const path = await writeTempFile('early.csv', `${buildCatalogLines(5_000, ',').join('\n')}\n`);
    const workers = trackWorkers();
    const stream = await openSourceInWorker(path, {}, {});
    expect(workers.started()).toBe(1);
    let count = 0;
    for await (const row of stream.rows) {
      void row;
      if (++count === 10) break;
    }
    expect(await workers.alive()).toBe(0);
  });

  it('an abort stops the rows with an AbortedError and ends the worker', async () => {
    const path = await writeTempFile('abort.csv', `${buildCatalogLines(3_000, ',').join('\n')}\n`);
    const workers = trackWorkers();
    const controller = new AbortController();
    const stream = await openSourceInWorker(path, {}, { signal: controller.signal });
    let count = 0;
    const error = await (async () => {
      for await (const row of stream.rows) {
        void row;
        if (++count === 600) controller.abort();
      }
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortedError);
    expect(count).toBe(600);
    expect(await workers.alive()).toBe(0);
  });

  it('a worker that dies makes the rows fail, never end short', async () => {
    const info = { file: 'x.csv', format: 'csv', headerRow: 1, header: [], totalBytes: 10 };
    const dying = new Worker(
      `const { parentPort } = require('node:worker_threads');
       parentPort.postMessage({ type: 'open', info: ${JSON.stringify(info)}, issues: [] });
       setTimeout(() => process.exit(3), 50);`,
      { eval: true },
    );
    const stream = await connectSourceWorker(dying, 'x.csv', undefined);
    const error = await collectRows(stream).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalError);
    expect((error as Error).message).toBe('x.csv: the reader thread stopped unexpectedly (exit code 3) before the first row; the rows after it were not read');

    const throwing = new Worker(`throw new Error('boom');`, { eval: true });
    const failed = await connectSourceWorker(throwing, 'x.csv', undefined).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(InternalError);
    expect((failed as Error).message).toContain('the reader thread stopped unexpectedly (boom)');
  });

  it('auto reads a small file in this thread and a large one on a worker, with the same rows', async () => {
    const small = await writeTempFile('small.csv', 'a,b\n1,2\n');
    const workers = trackWorkers();
    const stream: SourceStream = await openSourceWhere('auto', small, {}, {});
    expect(workers.started()).toBe(0);
    expect(await collectRows(stream)).toStrictEqual(await collectRows(await openSource(small, {}, {})));
    // Text deflate cannot shrink much, so that the workbook is over the limit with few rows.
    let seed = 7;
    const letter = (): string => String.fromCharCode(0x410 + ((seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0) >>> 26));
    const rows = Array.from({ length: 7_000 }, (_, i) => `<row r="${i + 2}"><c r="A${i + 2}"><v>${i}</v></c><c r="B${i + 2}" t="inlineStr"><is><t>${Array.from({ length: 400 }, letter).join('')}</t></is></c></row>`);
    const big = (await createTempDir())('big.xlsx');
    await writeFile(big, buildTestWorkbook({ sheetData: '<row r="1"><c r="A1" t="inlineStr"><is><t>A</t></is></c><c r="B1" t="inlineStr"><is><t>B</t></is></c></row>' + rows.join('') }));
    expect((await stat(big)).size).toBeGreaterThanOrEqual(WORKER_MIN_BYTES.xlsx);
    const threaded = await openSourceWhere('auto', big, {}, {});
    expect(workers.started()).toBe(1);
    expect(await collectRows(threaded)).toStrictEqual(await collectRows(await openSource(big, {}, {})));
    expect(await workers.alive()).toBe(0);
  });

  it('auto takes the size from a caller that has just looked at the file instead of looking again', async () => {
    const small = await writeTempFile('told.csv', 'a,b\n1,2\n');
    expect(await chooseReadThread('auto', small)).toStrictEqual({ inWorker: false, fallBack: true });
    expect(await chooseReadThread('auto', small, { size: WORKER_MIN_BYTES.csv })).toStrictEqual({ inWorker: true, fallBack: true });
    expect(await chooseReadThread('auto', small, { size: WORKER_MIN_BYTES.csv - 1 })).toStrictEqual({ inWorker: false, fallBack: true });
    expect(await chooseReadThread('always', small, { size: 0 })).toStrictEqual({ inWorker: true, fallBack: false });
  });
});

describe('openSourceInWorker: the hash', () => {
  it('keeps the process alive until the hash is out, when nothing else does', async () => {
    // A run whose directories come from the cache awaits the hash of a large file at once: the
    // process exited with 13 (an unsettled top-level await), no word, the worker unreferenced.
    const text = `Артикул;Цена\n${'A-1;10\n'.repeat(6_000_000)}`;
    const path = await writeTempFile('large.csv', text);
    const child = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'await-worker-hash-child.ts'), path], { encoding: 'utf8' });
    expect({ status: child.status, stderr: child.stderr }).toEqual({ status: 0, stderr: '' });
    expect(child.stdout).toBe(`${createHash('sha256').update(text).digest('hex')}\n`);
  });
});
