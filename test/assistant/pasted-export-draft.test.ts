/**
 * `mapping init` reads the rows `import` maps: a pasted export's title rows and
 * repeated header (the reader marks them, `import` leaves them out) are no data rows of the draft,
 * count in no fill rate and are no category label to answer; a narrow row of goods above a repeated
 * header (key and name filled) stays goods, as `import` maps it.
 */
import ExcelJS from 'exceljs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCategoryRows } from '../../src/assistant/load-category-rows.js';
import { loadNameRows } from '../../src/assistant/load-name-rows.js';
import { runCliCaptured } from '../helpers/run-cli-captured.js';

const SAMPLE = new URL('../../samples/catalog.csv', import.meta.url);
const signal = new AbortController().signal;

let dir: string;
/** The sample's lines split into cells: two title lines, the header, 567 rows of goods. */
let lines: string[][];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pasted-draft-'));
  lines = (await readFile(SAMPLE, 'utf8'))
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line !== '')
    .map((line) => line.split(';'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The sample with a second export pasted below its 280th row of goods: a title, a date line, an empty row, the header again. */
function buildPasted(extra: string[][] = []): string[][] {
  const header = lines[2] as string[];
  const width = header.length;
  const only = (text: string): string[] => [text, ...Array<string>(width - 1).fill('')];
  return [...lines.slice(0, 283), ...extra, only('Прайс-лист ТОО Dala Trade'), only('Дата выгрузки: 01.12.2026'), only(''), header, ...lines.slice(283)];
}

async function writeCsv(name: string, rows: string[][]): Promise<void> {
  await writeFile(join(dir, name), rows.map((cells) => cells.join(';')).join('\n'), 'utf8');
}

async function writeXlsx(name: string, rows: string[][]): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Товары');
  for (const cells of rows) sheet.addRow(cells.map((text) => (text === '' ? null : text)));
  await workbook.xlsx.writeFile(join(dir, name));
}

const run = (args: string[]) => runCliCaptured([...args, '--sandbox', '--state-dir', join(dir, 'state')], { cwd: dir });

describe('mapping init of a pasted export', () => {
  it.each(['csv', 'xlsx'])('%s: the title rows and the repeated header are no data rows, fill rates or labels', async (format) => {
    const name = `pasted.${format}`;
    if (format === 'csv') await writeCsv(name, buildPasted());
    else await writeXlsx(name, buildPasted());
    const init = await run(['mapping', 'init', name, '--out', `pasted-${format}.yaml`]);
    expect(init.code).toBe(0);
    expect(init.stdout).toMatch(/Wrote pasted-\w+\.yaml from 567 rows\./);
    const draft = await readFile(join(dir, `pasted-${format}.yaml`), 'utf8');
    // The repeated header's category cell is no seller label to answer, and every fill rate is of the 567 rows of goods.
    expect(draft).not.toMatch(/^\s+Категория:/m);
    expect(draft).not.toMatch(/of 570 rows/);
    expect(draft).toMatch(/of 567 rows/);
    // Column A holds the model article on every row of goods: the titles in it made it neither full nor a key.
    expect(draft).toMatch(/^\s+productKey: Артикул модели # exact; the product key: filled on 567 of 567 rows/m);
  });
});

/** A row of goods with only its SKU key and name filled (and its category when given): as narrow as a title. */
function buildNarrowRow(key: string, category = ''): string[] {
  const header = lines[2] as string[];
  return header.map((column) => (column === 'Артикул' ? key : column === 'Наименование' ? `Чайник электрический Kitfort KT-6140 ${key}` : column === 'Категория' ? category : ''));
}

describe('mapping init of a pasted export with a narrow row of goods above its header', () => {
  it('counts that row, as `import` maps it, but not the titles', async () => {
    // Two cells filled each, as a title may be: the reader marks them with the titles below them.
    await writeCsv('narrow-init.csv', buildPasted(['NW-1', 'NW-2', 'NW-3'].map((key) => buildNarrowRow(key))));
    const init = await run(['mapping', 'init', 'narrow-init.csv', '--out', 'narrow-init.yaml']);
    expect(init.code).toBe(0);
    // Before, the first read left out every row the reader marks: "from 567 rows", the product key "filled on 567 of 567",
    // while `import` maps the 3 rows (invalid: no product key).
    expect(init.stdout).toMatch(/Wrote narrow-init\.yaml from 570 rows\./);
    const draft = await readFile(join(dir, 'narrow-init.yaml'), 'utf8');
    expect(draft).toMatch(/^\s+productKey: Артикул модели # exact; the product key: filled on 567 of 570 rows/m);
    expect(draft).not.toMatch(/of 567 rows/);
  });
});

describe('mapping init of a sheet of title lines only', () => {
  it('says there is no table of goods, naming the line taken for the header, and writes no draft', async () => {
    await writeCsv('titles-only.csv', [['Прайс-лист ТОО Dala Trade'], ['Дата выгрузки: 01.12.2026']]);
    const init = await run(['mapping', 'init', 'titles-only.csv', '--out', 'titles-only.yaml']);
    // Before, the first title was the header and the second a row of goods: "Wrote titles-only.yaml from 1 rows.", exit 0.
    expect(init.code).not.toBe(0);
    expect(init.stderr).toMatch(/titles-only\.csv: no table of goods found: the header taken \(row 1\) names one column only \("Прайс-лист ТОО Dala Trade", a title\?\)/);
    await expect(readFile(join(dir, 'titles-only.yaml'), 'utf8')).rejects.toThrow();
  });
});

describe('the name and category reads of the draft', () => {
  it('leave out a title the reader marks, but keep a narrow row of goods (key and name) above a repeated header', async () => {
    const header = lines[2] as string[];
    const at = (column: string): number => header.indexOf(column);
    await writeCsv('narrow.csv', buildPasted([buildNarrowRow('NW-1', 'Чайники')]));
    const path = join(dir, 'narrow.csv');
    // The title sits in column A: read as the name column, it would be a name but for the rule.
    const names = await loadNameRows(path, {}, { name: 0, keys: [at('Артикул')] }, { signal });
    expect(names.map((row) => row.name)).not.toContain('Прайс-лист ТОО Dala Trade');
    expect(names.map((row) => row.name)).not.toContain('Артикул модели');
    const goods = await loadNameRows(path, {}, { name: at('Наименование'), keys: [at('Артикул')] }, { signal });
    expect(goods.map((row) => row.name)).toContain('Чайник электрический Kitfort KT-6140 NW-1');
    expect(goods).toHaveLength(568);
    const categories = await loadCategoryRows(path, {}, { category: at('Категория'), name: at('Наименование'), keys: [at('Артикул')] }, { signal });
    expect([...categories.keys()]).not.toContain('категория');
    expect(categories.get('чайники')?.productNames).toContain('Чайник электрический Kitfort KT-6140 NW-1');
  });
});
