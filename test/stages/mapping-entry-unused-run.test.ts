/**
 * Issue 33 end to end (`runValidate` against the sandbox, on a small CSV written here): a mapping's
 * `categories:` answer that no product name of the file meets is reported once, in the summary,
 * `issues.ndjson` and the `--json` result, with every key; the answer the names meet is not; a
 * mapping whose every answer is met gives no such warning, nor does a run stopped by
 * `--limit-errors`.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createNodeDeps } from '../../src/core/deps.js';
import type { Issue } from '../../src/core/issue.js';
import { runValidate } from '../../src/pipeline/run-validate.js';
import { writeResultJson } from '../../src/report/write-result-json.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';

async function makeDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'entry-unused-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** An EAN-13 of the 12 digits and its check digit. */
function buildEan13(digits: string): string {
  const sum = [...digits].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

/** A CSV of smartphones whose names state their type (`Смартфон …`); `prices` gives each row's price cell. */
function writePriceList(prices: readonly string[]): string {
  const rows = prices.map((price, i) => [`SM-${i}`, buildEan13(`460123456${String(100 + i)}`), `Смартфон Samsung Galaxy A${15 + i} 128 ГБ`, 'Samsung', price, 'https://cdn.example.kz/sm.jpg'].join(';'));
  return ['Артикул;Штрихкод;Наименование;Бренд;Цена;Фото', ...rows, ''].join('\r\n');
}

/** A mapping reading the category from the names, with the answers `categories`. */
function writeMapping(categories: Record<string, number>): string {
  return [
    'columns:',
    '  productKey: Артикул',
    '  barcode: Штрихкод',
    '  name: { rus: Наименование }',
    '  category: Категория из названия',
    '  brand: Бренд',
    '  price: Цена',
    '  photos: Фото',
    'defaults: { shopId: 1001, vat: 16, isLocalMade: false }',
    'derive:',
    '  - { name: Категория из названия, from: Наименование, steps: [{ lookup: category }] }',
    'categories:',
    ...Object.entries(categories).map(([key, id]) => `  ${key}: ${id}`),
    'validation: { requireDescription: false, kazakh: off, requiredAttributes: warning }',
    '',
  ].join('\n');
}

async function validate(csv: string, mapping: string, flags: Record<string, unknown> = {}) {
  const dir = await makeDir();
  await writeFile(join(dir, 'price.csv'), csv);
  await writeFile(join(dir, 'mapping.yaml'), mapping);
  const settings = resolveSettings({ flags: { sandbox: true, stateDir: join(dir, 'state'), ...flags } });
  return runValidate({ file: join(dir, 'price.csv'), mapping: join(dir, 'mapping.yaml'), settings }, createNodeDeps({ cwd: dir, env: {} }));
}

const unusedOf = (issues: readonly Issue[]): Issue[] => issues.filter((issue) => issue.code === 'mapping_entry_unused');

describe('mapping_entry_unused end to end (runValidate)', () => {
  it('reports the answer no name reaches once, with its key, and not the answer the names reach', async () => {
    const result = await validate(writePriceList(['99 990', '129 990']), writeMapping({ смартфон: 10101, 'коляска 2в1': 10101 }));
    const [unused, ...more] = unusedOf(result.summary.issues);
    expect(more).toEqual([]);
    expect(unused).toMatchObject({ severity: 'warning', stage: 'map', path: 'categories', data: { variant: 'answers', count: 1, entries: JSON.stringify(['коляска 2в1']) } });
    expect(unused?.message).toContain('"коляска 2в1"');
    expect(unused?.message).not.toContain('смартфон');
    expect(unused?.hint).toContain('mapping review');
    // The rows were classified by the answer that reached them, and none was refused for the warning.
    expect(result.summary.counts.byStatus.valid).toBe(2);
    // In issues.ndjson and the --json result too, with every key.
    const ndjson = (await readFile(result.reportPaths.issues ?? '', 'utf8')).split('\n').filter((line) => line !== '');
    expect(unusedOf(ndjson.map((line) => JSON.parse(line) as Issue))).toEqual([unused]);
    let out = '';
    await writeResultJson(result, (chunk) => (out += chunk));
    expect(unusedOf((JSON.parse(out) as { issues: Issue[] }).issues)).toEqual([unused]);
  });

  it('gives none when every answer reaches a row, or when --limit-errors stopped the read', async () => {
    const used = await validate(writePriceList(['99 990', '129 990']), writeMapping({ смартфон: 10101 }));
    expect(unusedOf(used.summary.issues)).toEqual([]);
    // The first row's price is an error: the read stops after it, before the rows the other answer might reach.
    const stopped = await validate(writePriceList(['цена?', '129 990', '89 990']), writeMapping({ смартфон: 10101, 'коляска 2в1': 10101 }), { limitErrors: 1 });
    expect(stopped.summary.issues.some((issue) => issue.code === 'error_limit_reached')).toBe(true);
    expect(unusedOf(stopped.summary.issues)).toEqual([]);
  });
});
