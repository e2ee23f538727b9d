/**
 * `mapping init` drafts the classifier for the category (issue 33, item 5): the seller's labels (a category
 * column, group rows) and the names read by the classifier are tried on the same rows; the one placing more
 * rows surely wins, the seller's labels a tie, and a file whose names the classifier cannot read gets no lookup.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { buildMappingDraft, type MappingDraft } from '../../src/assistant/build-mapping-draft.js';
import { buildMappingDraftInput } from '../../src/assistant/build-mapping-draft-input.js';
import { chooseCategorySource } from '../../src/assistant/choose-category-source.js';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { loadColumnValues, type ColumnValues } from '../../src/assistant/load-column-values.js';
import { loadNameRows, NAME_ROWS_READ, type NameRow } from '../../src/assistant/load-name-rows.js';
import type { FileProfile } from '../../src/assistant/build-mapping-draft-input.js';
import { generatePriceList, type PriceList } from './eval/generate-price-list.js';
import { buildSandboxDirectories } from './measure-matching.js';

const directories = buildSandboxDirectories('marketplace');
const matchers = createDirectoryMatchers(directories);
const signal = new AbortController().signal;
const leafName = (id: number | null): string => (id === null ? '' : (matchers.index.categoryById.get(id)?.name.rus ?? ''));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'draft-category-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Draft extends MappingDraft {
  yaml: { columns: Record<string, unknown>; categories?: Record<string, unknown>; derive?: { name: string; from: string; steps: Record<string, unknown>[]; onFail: string }[] };
}

/** Writes `Артикул;Наименование;Цена[;<label header>]` from the list and reads it as `mapping init` does. */
async function readFile_(list: PriceList, file: string, label?: { header: string; of: (i: number) => string }): Promise<FileProfile> {
  const header = ['Артикул', 'Наименование', 'Цена', ...(label === undefined ? [] : [label.header])];
  const quote = (text: string): string => (/[;"\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const lines = list.rows.map((row, i) => [row.cells.Артикул, row.cells.Наименование, row.cells.Цена, ...(label === undefined ? [] : [label.of(i)])].map(quote).join(';'));
  const path = join(dir, file);
  await writeFile(path, `${[header.join(';'), ...lines].join('\n')}\n`, 'utf8');
  const profile: ColumnValues = await loadColumnValues(path, {}, { signal });
  const nameRows = await loadNameRows(path, {}, { name: 1, ...(label === undefined ? {} : { label: 3 }) }, { signal });
  return { ...profile, nameRows };
}

function draftOf(profile: FileProfile): Draft {
  const draft = buildMappingDraft(buildMappingDraftInput({ file: 'price.csv', profile, matchers, generatedAt: '2026-01-01T00:00:00.000Z' }));
  return { ...draft, yaml: parseDocument(draft.text).toJS() as Draft['yaml'] };
}

const names3 = ['Масло моторное Castrol 5W-30 4 л', 'Масло моторное Mobil 5W-40 4 л', 'Масло моторное Shell 10W-40 1 л'];

describe('the draft tries the classifier for the category', () => {
  it('a file of names alone gets `lookup: category` from the name column, with the figures and the next step', async () => {
    const draft = draftOf(await readFile_(generatePriceList({ rows: 300, seed: 5 }), 'names.csv'));
    expect(draft.yaml.columns.category).toBe('Категория');
    expect(draft.yaml.derive?.[0]).toEqual({ name: 'Категория', from: 'Наименование', steps: [{ lookup: 'category' }], onFail: 'skip' });
    // A row the lookup leaves unsure is asked in `mapping review`: no default category for every row is asked for.
    expect(draft.text).not.toMatch(/category: TODO/);
    expect(draft.text).toMatch(/category: Категория # derived: the classifier places \d+ of 300 names surely; `mapping review` asks about the rest; the category from the classifier: the classifier, reading the names, \d+ of 300 rows \(\d+ %\)/);
    expect(draft.summary.derived[0]).toBe('category ← Категория (lookup category in Наименование; next: `mapping review` asks about the rows it leaves unsure)');
    // No regex of leaf names at the start of the names any more: the classifier is the one reading of the names.
    expect(draft.text).not.toMatch(/Категория из названия/);
  });

  it('a category column that maps well keeps it, and says what the classifier would have placed', async () => {
    const list = generatePriceList({ rows: 300, seed: 5 });
    const draft = draftOf(await readFile_(list, 'good-labels.csv', { header: 'Категория', of: (i) => leafName(list.rows[i]?.leafId ?? null) }));
    expect(draft.yaml.columns.category).toBe('Категория');
    expect(draft.yaml.derive?.some((entry) => entry.steps.some((step) => step.lookup === 'category')) ?? false).toBe(false);
    expect(draft.text).toMatch(/category: Категория # exact; the category from column "Категория" \(a category column stays the source\): the labels of column "Категория" place (\d+) of 300 rows \(\d+ %\) surely; the classifier, reading the names alone, \d+ of 300 rows/);
    const [, labels, classified] = /place (\d+) of 300 rows \(\d+ %\) surely; the classifier, reading the names alone, (\d+) of/.exec(draft.text) ?? [];
    expect(Number(labels)).toBeGreaterThan(Number(classified));
  });

  it('a category column of vague labels stays the source (the lookup read beside it made rows wrong its labels had right or open); the classifier\'s figure is written beside it', async () => {
    const list = generatePriceList({ rows: 300, seed: 5 });
    // A seller's catch-all folders, and one real leaf name on a few rows.
    const vague = ['Разное', 'Новинки', 'Склад 2'];
    const label = (i: number): string => (i % 50 === 0 ? leafName(list.rows[i]?.leafId ?? null) || 'Разное' : (vague[i % vague.length] ?? ''));
    const draft = draftOf(await readFile_(list, 'vague-labels.csv', { header: 'Категория', of: label }));
    expect(draft.yaml.columns.category).toBe('Категория');
    expect(draft.yaml.derive?.some((entry) => entry.steps.some((step) => step.lookup === 'category')) ?? false).toBe(false);
    const [, labels, classified] = /the category from column "Категория" \(a category column stays the source\): the labels of column "Категория" place (\d+) of 300 rows \(\d+ %\) surely; the classifier, reading the names alone, (\d+) of 300/.exec(draft.text) ?? [];
    expect(Number(classified)).toBeGreaterThan(Number(labels));
  });

  it('the derived column takes another name when the file has a column named `Категория`', () => {
    const choice = chooseCategorySource({ rows: names3.map((name) => ({ name })), nameColumn: 'Наименование', headers: ['Наименование', 'категория'], grouping: undefined, sections: undefined, matchers });
    expect(choice.source === 'classifier' && choice.derivation.name).toBe('Категория по названию');
  });

  it('under the lookup, only the sure labels of the group rows stay under `categories:`', () => {
    const list = generatePriceList({ rows: 300, seed: 5 });
    const base: FileProfile = { info: { header: [{ index: 0, letter: 'A', name: 'Наименование' }, { index: 1, letter: 'B', name: 'Цена' }] } as FileProfile['info'], values: new Map([[0, list.rows.map((row) => row.cells.Наименование)], [1, ['10']]]), truncated: new Set(), rows: 300 };
    const draft = draftOf({ ...base, groups: new Map([[1, ['Разное', 'Новинки', 'Сахар']]]), nameRows: list.rows.map((row, i) => ({ name: row.cells.Наименование, groups: [i === 0 ? 'Сахар' : i % 2 === 0 ? 'Разное' : 'Новинки'] })) });
    expect(draft.yaml.derive?.[0]?.steps).toEqual([{ lookup: 'category', groups: ['_group1'] }]);
    // Under the lookup a label left a TODO is dropped, not asked: the classifier and `mapping review` ask instead.
    expect(draft.yaml.categories).toEqual({ Сахар: expect.any(Number) });
  });

  it('group rows: vague ones lose to the classifier (which reads every level), telling ones win', () => {
    const list = generatePriceList({ rows: 300, seed: 5 });
    const base: FileProfile = { info: { header: [{ index: 0, letter: 'A', name: 'Наименование' }, { index: 1, letter: 'B', name: 'Цена' }] } as FileProfile['info'], values: new Map([[0, list.rows.map((row) => row.cells.Наименование)], [1, ['10']]]), truncated: new Set(), rows: 300 };
    const rowsUnder = (groupOf: (i: number) => string[]): NameRow[] => list.rows.map((row, i) => ({ name: row.cells.Наименование, groups: groupOf(i) }));
    const vague = draftOf({ ...base, groups: new Map([[1, ['Склад']], [2, ['Разное', 'Новинки']]]), nameRows: rowsUnder((i) => ['Склад', i % 2 === 0 ? 'Разное' : 'Новинки']) });
    expect(vague.yaml.derive?.[0]?.steps).toEqual([{ lookup: 'category', groups: ['_group1', '_group2'] }]);
    expect(vague.text).toMatch(/the category from the classifier: the labels of group rows, level 2 place 0 of 300 rows \(0 %\) surely/);
    const names = [...new Set(list.rows.map((row) => leafName(row.leafId)).filter((name) => name !== ''))];
    const telling = draftOf({ ...base, groups: new Map([[1, names]]), nameRows: rowsUnder((i) => [leafName(list.rows[i]?.leafId ?? null)]) });
    expect(telling.yaml.columns.category).toBe('_group1');
    expect(telling.text).toMatch(/the category from group rows, level 1: the labels of group rows, level 1 place \d+ of 300 rows/);
  });

  it('a file of bare codes drafts no lookup: the classifier places under a fifth of its rows', async () => {
    const list = generatePriceList({ rows: 120, seed: 5 });
    list.rows.forEach((row, i) => {
      row.cells.Наименование = `XK-${1000 + i}-${(i * 7) % 13}`;
    });
    const draft = draftOf(await readFile_(list, 'codes.csv'));
    expect(draft.yaml.derive?.some((entry) => entry.steps.some((step) => step.lookup === 'category')) ?? false).toBe(false);
    expect(draft.yaml.columns.category).toBeUndefined();
    expect(draft.text).toMatch(/category: TODO # TODO: the category of every row/);
    expect(draft.text).not.toMatch(/classify:/);
  });
});

describe('chooseCategorySource', () => {
  const names = names3;
  const grouped = (label: string): NameRow[] => names.map((name) => ({ name, groups: [label] }));
  const grouping = (label: string) => ({ kind: 'groups' as const, columns: ['_group1'], title: 'group rows, level 1', level: 1, matches: [matchers.categoryMatcher().match(label)] });

  it('gives a tie to the seller\'s labels, and says so', () => {
    const choice = chooseCategorySource({ rows: grouped('Моторные масла'), nameColumn: 'Наименование', headers: ['Наименование'], grouping: grouping('Моторные масла'), sections: undefined, matchers });
    expect(choice).toEqual({ source: 'labels', note: 'the category from group rows, level 1 (a tie: the seller\'s labels win): the labels of group rows, level 1 place 3 of 3 rows (100 %) surely; the classifier, reading the names with group rows, level 1, 3 of 3 rows (100 %)' });
  });

  it('counts a pick outside the file\'s sections as unsure', () => {
    const inside = chooseCategorySource({ rows: names.map((name) => ({ name })), nameColumn: 'Наименование', headers: [], grouping: undefined, sections: { paths: ['Автотовары'] }, matchers });
    expect(inside.source).toBe('classifier');
    const outside = chooseCategorySource({ rows: names.map((name) => ({ name })), nameColumn: 'Наименование', headers: [], grouping: undefined, sections: { paths: ['Продукты питания'] }, matchers });
    expect(outside).toEqual({ source: 'none' });
  });
});

describe('loadNameRows', () => {
  it('reads the names with their label, and stops at the bound', async () => {
    const path = join(dir, 'many.csv');
    const lines = Array.from({ length: NAME_ROWS_READ + 5 }, (_, i) => `Товар ${i};${i % 2 === 0 ? 'Раздел' : ''}`);
    await writeFile(path, `${['Наименование;Категория', ';пусто', ...lines].join('\n')}\n`, 'utf8');
    const rows = await loadNameRows(path, {}, { name: 0, label: 1 }, { signal });
    expect(rows).toHaveLength(NAME_ROWS_READ);
    expect(rows.slice(0, 2)).toEqual([{ name: 'Товар 0', label: 'Раздел' }, { name: 'Товар 1' }]);
  });
});
