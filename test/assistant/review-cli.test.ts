import ExcelJS from 'exceljs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { GROUP_CELL, REVIEW_SHEETS, reviewColumnNumber } from '../../src/assistant/review/review-workbook-layout.js';
import { runCliCaptured } from '../helpers/run-cli-captured.js';
import { generatePriceList, writePriceListCsv } from './eval/generate-price-list.js';
import { REVIEW_LOOP_MAPPING } from './eval/measure-review-loop.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'review-cli-'));
  await writePriceListCsv(join(dir, 'price.csv'), generatePriceList({ rows: 300 }));
  await writeFile(join(dir, 'price.yaml'), REVIEW_LOOP_MAPPING, 'utf8');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const run = (args: string[]) => runCliCaptured([...args, '--sandbox', '--state-dir', join(dir, 'state')], { cwd: dir });

async function answer(row: number, text: string, file = 'price.review.xlsx'): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(join(dir, file));
  const sheet = workbook.getWorksheet(REVIEW_SHEETS.review);
  const cell = sheet?.getRow(row).getCell(reviewColumnNumber('answer'));
  if (cell !== undefined) cell.value = text;
  await workbook.xlsx.writeFile(join(dir, file));
}

/** The rows of sheet Review by their part: a type asked alone, a group's row, a type of a group. */
async function readParts(file: string): Promise<{ alone: number[]; heads: number[]; members: Map<string, number[]> }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(join(dir, file));
  const parts = { alone: [] as number[], heads: [] as number[], members: new Map<string, number[]>() };
  workbook.getWorksheet(REVIEW_SHEETS.review)?.eachRow((row, number) => {
    if (number === 1) return;
    const group = GROUP_CELL.read(row.getCell(reviewColumnNumber('group')).text);
    if (group === undefined) parts.alone.push(number);
    else if (group.part === 'head') parts.heads.push(number);
    else parts.members.set(String(group.group), [...(parts.members.get(String(group.group)) ?? []), number]);
  });
  return parts;
}

describe('catalog-import mapping review', () => {
  it('writes the workbook, refuses an answer naming no leaf without touching the mapping, and applies a right one', async () => {
    const review = await run(['mapping', 'review', 'price.csv', '-m', 'price.yaml']);
    expect(review.code).toBe(0);
    expect(review.stdout).toMatch(/Wrote price\.review\.xlsx from 300 rows\.\n\d+ product types to answer \(sheet Review; \d+ of them in \d+ groups, one answer for the types proposed one leaf or beginning with one word\) cover \d+ rows; \d+ words the tool could not place \(sheet Words\); the first 50 questions by "Ask order" settle \d+ rows\./);
    const again = await run(['mapping', 'review', 'price.csv', '-m', 'price.yaml']);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/already exists; use --force/);

    const [alone] = (await readParts('price.review.xlsx')).alone;
    if (alone === undefined) throw new Error('the review must ask a type alone');
    await answer(alone, 'Молоко козье');
    const refused = await run(['mapping', 'review', '--apply', 'price.review.xlsx', '-m', 'price.yaml']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(new RegExp(`sheet "Review".*row ${alone}\\b.*column J.*names no leaf of the directory`));
    expect(await readFile(join(dir, 'price.yaml'), 'utf8')).toBe(REVIEW_LOOP_MAPPING);

    await answer(alone, '140101');
    const applied = await run(['mapping', 'review', '--apply', 'price.review.xlsx', '-m', 'price.yaml']);
    expect(applied.code).toBe(0);
    // The generated list writes its Cyrillic brands capitalised inside names in lower case: the review reads them as brands, `--apply` keeps them.
    expect(review.stdout).toMatch(/\n\d+ words the file writes as brands \(sheet Brands\) are read as brands/);
    expect(applied.stdout).toMatch(/1 product types added, 0 changed, 0 already there; \d+ brand words \(classify\.brandWords\)\.\n\d+ types were left unanswered: their rows stay open/);
    expect(await readFile(join(dir, 'price.yaml'), 'utf8')).toMatch(/\nclassify:\n {2}brandWords:\n {4}- \S/);
    expect(await readFile(join(dir, 'price.yaml'), 'utf8')).toMatch(/\ncategories:\n {2}\S.*: 140101 # review answer: Продукты питания \/ Молочные продукты и яйца \/ Молоко\n/);
  }, 180_000);
  it('takes one answer for a group of types: an entry per type, in the leaf proposed on its row, but for the type left out', async () => {
    await writeFile(join(dir, 'group.yaml'), REVIEW_LOOP_MAPPING, 'utf8');
    expect(await run(['mapping', 'review', 'price.csv', '-m', 'group.yaml', '--out', 'group.xlsx'])).toMatchObject({ code: 0 });
    const parts = await readParts('group.xlsx');
    const [head] = parts.heads;
    const members = parts.members.get('1') ?? [];
    if (head === undefined) throw new Error('the review must group the types proposed one leaf');
    expect(members.length).toBeGreaterThanOrEqual(2);
    await answer(head, 'yes', 'group.xlsx');
    await answer(members[0] ?? 0, 'no', 'group.xlsx');
    const applied = await run(['mapping', 'review', '--apply', 'group.xlsx', '-m', 'group.yaml']);
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain(`${members.length - 1} product types added, 0 changed, 0 already there`);
    expect(applied.stdout).toMatch(/\d+ types were left unanswered \(1 of them left out of their group\)/);
    const categories = (parseYaml(await readFile(join(dir, 'group.yaml'), 'utf8')) as { categories: Record<string, number> }).categories;
    expect(Object.keys(categories)).toHaveLength(members.length - 1);
    // A group of one leaf proposes it on every type's row; a group of a section's leaves proposes each type its own.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(join(dir, 'group.xlsx'));
    const sheet = workbook.getWorksheet(REVIEW_SHEETS.review);
    const proposed = members.slice(1).map((row) => [sheet?.getRow(row).getCell(reviewColumnNumber('type')).text ?? '', Number(/\[(\d+)\]$/.exec(sheet?.getRow(row).getCell(reviewColumnNumber('proposed')).text ?? '')?.[1])]);
    expect(Object.entries(categories).sort()).toEqual(proposed.sort());
  }, 180_000);
  it('honours classify.exclude as lookup: category does: an excluded leaf is never proposed, an exclusion naming no leaf stops it', async () => {
    const proposedIds = async (file: string): Promise<string[]> => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(join(dir, file));
      const ids: string[] = [];
      for (const name of [REVIEW_SHEETS.review, REVIEW_SHEETS.placed]) {
        workbook.getWorksheet(name)?.eachRow((row, number) => {
          if (number > 1) ids.push(/\[(\d+)\]/.exec(row.getCell(reviewColumnNumber('proposed')).text)?.[1] ?? '');
        });
      }
      return ids;
    };
    expect(await run(['mapping', 'review', 'price.csv', '-m', 'price.yaml', '--out', 'all.xlsx'])).toMatchObject({ code: 0 });
    const counts = new Map<string, number>();
    for (const id of await proposedIds('all.xlsx')) if (id !== '') counts.set(id, (counts.get(id) ?? 0) + 1);
    const [common] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [''];
    expect(common).not.toBe('');
    await writeFile(join(dir, 'excluded.yaml'), `${REVIEW_LOOP_MAPPING}classify:\n  exclude:\n    leaves: [${common}]\n`, 'utf8');
    expect(await run(['mapping', 'review', 'price.csv', '-m', 'excluded.yaml', '--out', 'excluded.xlsx'])).toMatchObject({ code: 0 });
    expect(await proposedIds('excluded.xlsx')).not.toContain(common);
    await writeFile(join(dir, 'unknown.yaml'), `${REVIEW_LOOP_MAPPING}classify:\n  exclude:\n    leaves: [Нет такой категории]\n`, 'utf8');
    const refused = await run(['mapping', 'review', 'price.csv', '-m', 'unknown.yaml', '--out', 'unknown.xlsx']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/unknown\.yaml: classify\.exclude\.leaves names "Нет такой категории", which is no category of the directory/);
  }, 180_000);
});
