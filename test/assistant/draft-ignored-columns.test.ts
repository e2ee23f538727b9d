/**
 * `mapping init` and `mapping check` leave a `_` column out (a note, the annotated copy's `_status`) as `import` does;
 * the columns after it are matched and read by their own header, not as the column next to them.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSellerRowTexts } from '../../src/assistant/run-mapping-check.js';
import { loadMapping } from '../../src/mapping/load-mapping.js';
import { runCliCaptured } from '../helpers/run-cli-captured.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'draft-ignored-'));
  const lines = (await readFile(new URL('../../samples/catalog.csv', import.meta.url), 'utf8')).replace(/^\uFEFF/, '').split(/\r?\n/).filter((line) => line !== '');
  // A note column in A: its header starts with `_`, so every column of the sample stands one place to the right.
  const noted = lines.map((line, i) => `${i < 2 ? '' : i === 2 ? '_note' : 'заметка'};${line}`);
  await writeFile(join(dir, 'noted.csv'), noted.join('\n'), 'utf8');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('mapping init of a file with a `_` column before the goods', () => {
  it('matches each column by its own header and values', async () => {
    const init = await runCliCaptured(['mapping', 'init', 'noted.csv', '--out', 'noted.yaml', '--sandbox', '--state-dir', join(dir, 'state')], { cwd: dir });
    expect(init.code).toBe(0);
    expect(init.stdout).toMatch(/Штрихкод → barcode; Наименование → name \(Russian\)/);
    const draft = await readFile(join(dir, 'noted.yaml'), 'utf8');
    expect(draft).toMatch(/^\s+category: Категория # exact/m);
    expect(draft).toMatch(/^\s+barcode: Штрихкод # exact/m);
    expect(draft).toMatch(/column W "Сделано в РК" is not imported/);
  });
});

describe('mapping check of a file with a `_` column before the goods', () => {
  it('reads each row\'s category, brand and attributes from the columns the mapping names', async () => {
    const deps = { cwd: dir, signal: new AbortController().signal };
    const mapping = await loadMapping(new URL('../../mappings/sample.yaml', import.meta.url).pathname, deps);
    const rows = await loadSellerRowTexts('noted.csv', mapping, deps);
    expect(rows).toHaveLength(567);
    // Before, the cells were taken by sheet place, one past their place in the rows read: the category from "Бренд", the brand from "Модель".
    expect(rows[0]).toMatchObject({ ref: { file: 'noted.csv', row: 4 }, category: 'Смартфоны', brand: 'Самсунг' });
    const color = mapping.attributes.findIndex((attribute) => attribute.column === 'Цвет');
    expect(color).toBeGreaterThanOrEqual(0);
    expect(rows[0]?.attributes.get(color)).toBe('черный');
  });
});
