/**
 * `compareTexts` orders as `localeCompare` does, on the texts the report's sorts see (issue codes,
 * column letters, job ids, headers, file and sheet names, Cyrillic among them) and on generated
 * words of the table's alphabet; and for ASCII words it never asks ICU.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareTexts } from '../../src/core/compare-texts.js';
import { buildColumnLetter } from '../../src/sources/column-letter.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** A deterministic sequence in [0, 1) (linear congruential). */
function createRandom(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/** Every issue code the English catalog names. */
async function readIssueCodes(): Promise<string[]> {
  const catalog = JSON.parse(await readFile(join(ROOT, 'src', 'i18n', 'catalog', 'en', 'issues.json'), 'utf8')) as Record<string, string>;
  return [...new Set(Object.keys(catalog).flatMap((key) => /^issue\.([a-z0-9_]+)/.exec(key)?.[1] ?? []))];
}

/** Words of the table's alphabet, weighted to `_`, `-` and digits, with case flips of each other. */
function generateWords(count: number, random: () => number): string[] {
  const alphabet = '_-0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const words: string[] = [];
  for (let k = 0; k < count; k += 1) {
    const previous = words.at(-1);
    if (previous !== undefined && random() < 0.3) {
      words.push([...previous].map((c) => (random() < 0.4 ? (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) : c)).join(''));
      continue;
    }
    let word = '';
    const length = Math.floor(random() * 7);
    for (let i = 0; i < length; i += 1) word += alphabet[Math.floor(random() * (random() < 0.5 ? 12 : alphabet.length))];
    words.push(word);
  }
  return words;
}

const OTHER_TEXTS = ['товары.xlsx', 'Товары.xlsx', 'Лист1', 'Sheet1', 'Sheet 1', 'каталог (2).csv', 'Цена', 'цена', 'Артикул', 'Ёлка', 'Елка', 'Price, ₸', 'price.xlsx', 'Бағасы', 'Ә', 'é', 'e', 'E', 'ab c', 'a.b', '№ 1', ''];

function expectSameOrder(texts: readonly string[]): void {
  const mismatches: string[] = [];
  for (const a of texts) {
    for (const b of texts) {
      if (Math.sign(compareTexts(a, b)) !== Math.sign(a.localeCompare(b))) mismatches.push(`${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
    }
  }
  expect(mismatches.slice(0, 10)).toEqual([]);
}

describe('compareTexts', () => {
  it('orders issue codes, column letters, job ids, headers and Cyrillic file and sheet names as localeCompare does', async () => {
    const codes = await readIssueCodes();
    expect(codes.length).toBeGreaterThan(50);
    const columns = Array.from({ length: 800 }, (_, i) => buildColumnLetter(i)).filter((_, i) => i < 60 || i % 7 === 0);
    const jobIds = ['1', '9', '10', '100000000000000001', 'f3a1c2d4-0b5e-4c1a-9e2f-7d8c6b5a4e3f', 'F3A1C2D4-0B5E-4C1A-9E2F-7D8C6B5A4E3F', 'job-7', 'job_7'];
    expectSameOrder([...codes, ...columns, ...jobIds, ...OTHER_TEXTS]);
  });

  it('orders generated words of letters, digits, _ and - as localeCompare does', () => {
    const random = createRandom(33);
    for (let round = 0; round < 20; round += 1) expectSameOrder(generateWords(150, random));
  });

  it('orders ASCII words without localeCompare (whose first use starts ICU), and the rest with it', () => {
    const saved = Object.getOwnPropertyDescriptor(String.prototype, 'localeCompare') as PropertyDescriptor;
    let asked = 0;
    Object.defineProperty(String.prototype, 'localeCompare', {
      configurable: true,
      writable: true,
      value: function (this: string, other: string) {
        asked += 1;
        return (saved.value as (this: string, other: string) => number).call(this, other);
      },
    });
    try {
      expect(['price_not_number', 'AB', 'B', 'missing_required', '10', '9', 'a-b', 'a_b'].sort(compareTexts)).toEqual(['10', '9', 'a_b', 'a-b', 'AB', 'B', 'missing_required', 'price_not_number']);
      expect(asked).toBe(0);
      expect(compareTexts('Цена', 'Артикул')).toBe(1);
      expect(asked).toBe(1);
    } finally {
      Object.defineProperty(String.prototype, 'localeCompare', saved);
    }
  });
});
