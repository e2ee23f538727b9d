/**
 * `mapping review` asks the types of the rows `import` maps: a pasted export's title rows and repeated
 * header (the reader marks them, `import` leaves them out) are no product types and no rows of it.
 */
import ExcelJS from 'exceljs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_SHEETS } from '../../src/assistant/review/review-workbook-layout.js';
import { runCliCaptured } from '../helpers/run-cli-captured.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'review-pasted-'));
  // The sample with a second export pasted below its 280th row of goods: a title, a date line, an empty row, the header again.
  const lines = (await readFile(new URL('../../samples/catalog.csv', import.meta.url), 'utf8')).replace(/^\uFEFF/, '').split(/\r?\n/).filter((line) => line !== '');
  const width = (lines[2] as string).split(';').length;
  const only = (text: string): string => [text, ...Array<string>(width - 1).fill('')].join(';');
  const pasted = [...lines.slice(0, 283), only('Прайс-лист ТОО Dala Trade'), only('Дата выгрузки: 01.12.2026'), only(''), lines[2] as string, ...lines.slice(283)];
  await writeFile(join(dir, 'pasted.csv'), pasted.join('\n'), 'utf8');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Товары');
  for (const line of pasted) sheet.addRow(line.split(';').map((text) => (text === '' ? null : text)));
  await workbook.xlsx.writeFile(join(dir, 'pasted.xlsx'));
  await writeFile(join(dir, 'sample.yaml'), await readFile(new URL('../../mappings/sample.yaml', import.meta.url), 'utf8'), 'utf8');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('mapping review of a pasted export', () => {
  it.each(['csv', 'xlsx'])('%s: the title rows and the repeated header are no review types', async (format) => {
    const out = `pasted-${format}.review.xlsx`;
    const review = await runCliCaptured(['mapping', 'review', `pasted.${format}`, '-m', 'sample.yaml', '--out', out, '--sandbox', '--state-dir', join(dir, 'state')], { cwd: dir });
    expect(review.code).toBe(0);
    expect(review.stdout).toMatch(new RegExp(`Wrote ${out.replace(/\./g, '\\.')} from 567 rows\\.`));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(join(dir, out));
    const types: string[] = [];
    for (const name of [REVIEW_SHEETS.review, REVIEW_SHEETS.placed]) workbook.getWorksheet(name)?.eachRow((row) => types.push(row.getCell(1).text.toLowerCase()));
    expect(types).toContain('электрочайник');
    expect(types.filter((type) => /наименование|прайс|дата выгрузки/.test(type))).toEqual([]);
  });
});
