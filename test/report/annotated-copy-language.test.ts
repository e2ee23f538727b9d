/** The `_status` words of the annotated copies in the run's language; in English, the status codes scripts filter on. */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../src/i18n/create-translator.js';
import type { RowOutcome } from '../../src/report/report-types.js';
import { createAnnotatedCsvSink } from '../../src/report/write-annotated-csv.js';
import { writeAnnotatedWorkbook } from '../../src/report/write-annotated-workbook.js';
import { buildStoredZip, buildXlsxParts } from '../fuzz/build-xlsx-bytes.js';
import { makeHeader, makeInfo, makeIssue, makeOutcomeOf, makeTempDir } from './report-builders.js';

const HEADERS = ['Артикул', 'Цена'];
const OUTCOMES: RowOutcome[] = [
  { row: 2, status: 'invalid', issues: [makeIssue({ code: 'invalid_price', message: 'the price must be a positive number', row: 2, column: 'B', value: '-5' })] },
  { row: 3, status: 'not_sent', issues: [] },
  { row: 4, status: 'accepted', productId: 7, issues: [] },
];

async function statusesOfWorkbook(language: 'en' | 'ru' | 'kk'): Promise<unknown[]> {
  const dir = await makeTempDir();
  const sourcePath = join(dir, 'in.xlsx');
  await writeFile(sourcePath, buildStoredZip(buildXlsxParts([HEADERS, ['A-1', '-5'], ['A-2', '10'], ['A-3', '20']])));
  const outPath = join(dir, 'annotated.xlsx');
  const info = makeInfo({ file: sourcePath, format: 'xlsx', sheet: 'Товары', headerRow: 1, header: makeHeader(HEADERS) });
  await writeAnnotatedWorkbook({ sourcePath, outPath, info, outcomeOf: makeOutcomeOf(OUTCOMES), translator: createTranslator(language) });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(outPath);
  const sheet = workbook.getWorksheet('Товары')!;
  return [2, 3, 4].map((row) => sheet.getCell(`C${row}`).value);
}

async function statusesOfCsv(language: 'en' | 'ru'): Promise<string[]> {
  const outPath = join(await makeTempDir(), 'annotated.csv');
  const rows = [{ row: 2, values: ['A-1', '-5'] }, { row: 3, values: ['A-2', '10'] }, { row: 4, values: ['A-3', '20'] }];
  const sink = await createAnnotatedCsvSink({ header: HEADERS, outPath, outcomeOf: makeOutcomeOf(OUTCOMES), translator: createTranslator(language) });
  for (const row of rows) await sink.add(row);
  await sink.close();
  const lines = (await readFile(outPath, 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n');
  return lines.slice(1).map((line) => line.split(',')[2] ?? '');
}

describe('the _status words of the annotated copy', () => {
  it('are Russian and Kazakh words in those languages', async () => {
    expect(await statusesOfWorkbook('ru')).toEqual(['ошибка в строке', 'не отправлен', 'принят']);
    expect(await statusesOfWorkbook('kk')).toEqual(['жолда қате', 'жіберілмеді', 'қабылданды']);
    expect(await statusesOfCsv('ru')).toEqual(['ошибка в строке', 'не отправлен', 'принят']);
  });

  it('stay the status codes in English', async () => {
    expect(await statusesOfWorkbook('en')).toEqual(['invalid', 'not_sent', 'accepted']);
    expect(await statusesOfCsv('en')).toEqual(['invalid', 'not_sent', 'accepted']);
  });
});
