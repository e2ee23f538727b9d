/**
 * A word read as a brand right after a head the directory splits into kinds and never names alone stays in the review's type
 * key (`Сыр Сулугуни` is not `Сыр`), so the answer for hard cheeses never carries their leaf to a soft one (issue 33, probe 12
 * cause 5).
 */
import { describe, expect, it } from 'vitest';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { readKnownBrands } from '../../../src/assistant/classify/known-brands.js';
import { findAnsweredType, indexAnsweredTypes } from '../../../src/assistant/review/classify-with-answers.js';
import { readProductTypeKey } from '../../../src/assistant/review/read-product-type-key.js';
import type { Category } from '../../../src/domain/index.js';
import { buildClassifierDirectories } from '../classify/classifier-directory.js';

const branch = (id: number, rus: string): Category => ({ id, parentId: null, name: { rus, kaz: rus }, path: { rus, kaz: rus }, isLeaf: false });
const leaf = (id: number, parentId: number, rus: string, parent: string): Category => ({ id, parentId, name: { rus, kaz: rus }, path: { rus: `${parent} / ${rus}`, kaz: `${parent} / ${rus}` }, isLeaf: true });
const directories = buildClassifierDirectories([
  branch(14, 'Молочные продукты'),
  leaf(1401, 14, 'Сыры твёрдые', 'Молочные продукты'),
  leaf(1402, 14, 'Сыры мягкие', 'Молочные продукты'),
  leaf(1403, 14, 'Молоко', 'Молочные продукты'),
]);
directories.brands.push({ id: 1, name: 'Простоквашино', code: null });
const known = readKnownBrands(buildClassifierIndex(directories));

describe('a word after a head the directory only names by its kinds', () => {
  it('stays in the key as the variety', () => {
    expect(readProductTypeKey('Сыр Сулугуни 125 г Шын-Сүт', undefined, known)).toBe('сыр сулугуни');
    expect(readProductTypeKey('Сыр Сулугуни 200 г Фуд Мастер *акция', undefined, known)).toBe('сыр сулугуни');
  });

  it('keeps the answer for the bare head from the variety', () => {
    const answered = indexAnsweredTypes([['сыр', 1401]]);
    expect(findAnsweredType(answered, 'Сыр Сулугуни 125 г Шын-Сүт', known)).toBeUndefined();
  });

  it('is a brand as before after a head the directory names alone, when the directory lists it, and without the directory', () => {
    expect(readProductTypeKey('Молоко Емшан 1 л', undefined, known)).toBe('молоко');
    expect(readProductTypeKey('Сыр Простоквашино 200 г', undefined, known)).toBe('сыр');
    expect(readProductTypeKey('Сыр Сулугуни 125 г')).toBe('сыр');
  });
});
