import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { buildMappingDraft } from '../../src/assistant/build-mapping-draft.js';
import { buildMappingDraftInput, type FileProfile } from '../../src/assistant/build-mapping-draft-input.js';
import type { NameRow } from '../../src/assistant/load-name-rows.js';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { loadColumnValues } from '../../src/assistant/load-column-values.js';
import type { ColumnValues } from '../../src/assistant/load-column-values.js';
import { generatePriceList, writePriceListCsv } from './eval/generate-price-list.js';
import type { PriceList } from './eval/generate-price-list.js';
import { buildSandboxDirectories } from './measure-matching.js';

const directories = buildSandboxDirectories('marketplace');
const matchers = createDirectoryMatchers(directories);
const signal = new AbortController().signal;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'draft-reads-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes the list (cells edited per row) and reads it as `mapping init` does. */
async function readList(list: PriceList, name: string): Promise<ColumnValues> {
  const path = join(dir, name);
  await writePriceListCsv(path, list);
  return loadColumnValues(path, {}, { signal });
}

function draftOf(profile: ColumnValues, extra: Partial<FileProfile> = {}): { text: string; columns: Record<string, unknown> } {
  const input = buildMappingDraftInput({ file: 'price.csv', profile: { ...profile, ...extra }, matchers, generatedAt: '2026-01-01T00:00:00.000Z' });
  const text = buildMappingDraft(input).text;
  return { text, columns: (parseDocument(text).toJS() as { columns: Record<string, unknown> }).columns };
}

describe('the draft reads fill rate, distinctness and value shape (issue 33, item 5)', () => {
  it('takes the full, unique article as the key and says why; a column filled on 1 row is never the size', async () => {
    const profile = await readList(generatePriceList({ rows: 400 }), 'price.csv');
    const { text, columns } = draftOf(profile);
    expect(columns.productKey).toBe('Артикул');
    expect(text).toMatch(/productKey: Артикул # exact; the product key: filled on 400 of 400 rows, unique on every row/);
    expect(columns.barcode).toBe('Штрихкод');
    expect(text).toMatch(/barcode: Штрихкод # exact; the barcode by its header, filled on \d+ of 400 rows; \d+ of the first \d+ values have 8, 12, 13 or 14 digits/);
    // `Размер` holds one value in 400 rows: not the size of the goods.
    expect(text).not.toMatch(/column: Размер/);
    expect(text).toMatch(/column \w+ "Размер" is not imported: not attribute \w+: filled on 1 of 400 rows, fewer than 4/);
  });

  it('never takes a key from a column filled on less than half the rows, even when it is the only one', async () => {
    const list = generatePriceList({ rows: 400 });
    // The article is filled on 4 rows of 400 (a seller's note column under a key's header).
    list.rows.forEach((row, i) => {
      if (i % 100 !== 0) row.cells.Артикул = '';
    });
    const profile = await readList(list, 'no-article.csv');
    const { text, columns } = draftOf(profile);
    expect(columns.productKey).toBeUndefined();
    expect(text).toMatch(/TODO: no column looks like the product key/);
    expect(text).toMatch(/"Артикул" is not imported: not the key: filled on 4 of 400 rows, under half/);
  });

  it('a barcode found by its values must fill half the rows', async () => {
    const list = generatePriceList({ rows: 200 });
    // Header no synonym fits; the values are EAN-13 on a third of the rows only.
    const renamed = list.rows.map((row, i) => ({ ...row, cells: { ...row.cells, Штрихкод: i % 3 === 0 ? row.cells.Штрихкод : '' } }));
    const profile = await readList({ ...list, rows: renamed }, 'sparse-barcode.csv');
    profile.info.header = profile.info.header.map((column) => (column.name === 'Штрихкод' ? { ...column, name: 'Доп. поле' } : column));
    const { text, columns } = draftOf(profile);
    expect(columns.barcode).toBeUndefined();
    expect(text).toMatch(/"Доп. поле" is not imported: not the barcode: filled on \d+ of 200 rows, under half/);
  });

  it('tries group rows and the names read by the classifier for the category and says which places more rows surely', async () => {
    const list = generatePriceList({ rows: 300 });
    const profile = await readList(list, 'groups.csv');
    const rowsUnder = (groupOf: (i: number) => string): NameRow[] =>
      list.rows.map((row, i) => ({ name: row.cells.Наименование, groups: [groupOf(i)] }));
    // Group rows that name no leaf: the classifier, which places a share of the names surely, wins.
    const vague = draftOf(profile, { groups: new Map([[1, ['Разное', 'Новинки']]]), nameRows: rowsUnder((i) => (i % 2 === 0 ? 'Разное' : 'Новинки')) });
    expect(vague.columns.category).toBe('Категория');
    expect(vague.text).toMatch(/the category from the classifier: the labels of group rows, level 1 place 0 of 300 rows \(0 %\) surely; the classifier, reading the names with group rows, level 1, \d+ of 300 rows/);
    // Group rows that name each row's leaf: they win.
    const leafOf = (i: number): string => matchers.index.categoryById.get(list.rows[i]?.leafId ?? -1)?.name.rus ?? 'Разное';
    const telling = draftOf(profile, { groups: new Map([[1, [...new Set(list.rows.map((_, i) => leafOf(i)))]]]), nameRows: rowsUnder(leafOf) });
    expect(telling.columns.category).toBe('_group1');
    expect(telling.text).toMatch(/the category from group rows, level 1: the labels of group rows, level 1 place \d+ of 300 rows \(\d+ %\) surely/);
  });
});
