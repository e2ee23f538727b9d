/**
 * Kazakh nouns in their plural and possessive forms (issue 33): a leaf named `Тауық жұмыртқалары`
 * and a product named `Жұмыртқа` share one stem, so the classifier proposes the leaf instead of
 * saying no leaf is named.
 */
import { describe, expect, it } from 'vitest';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { getClassifierIndex } from '../../../src/assistant/classify/load-classifier-index.js';
import { stemForIndex } from '../../../src/assistant/classify/stem-for-index.js';
import { createDirectoryIndex } from '../../../src/mapping/directory-index.js';
import { buildSandboxDirectories } from '../measure-matching.js';

describe('Kazakh noun forms', () => {
  it('share the stem of the bare noun: possessive after a vowel or a consonant (with its voiced last consonant), plural with possessive', () => {
    expect(stemForIndex('жұмыртқасы')).toBe(stemForIndex('жұмыртқа'));
    expect(stemForIndex('жұмыртқалары')).toBe(stemForIndex('жұмыртқа'));
    expect(stemForIndex('шұлығы')).toBe(stemForIndex('шұлық'));
    expect(stemForIndex('шұлықтары')).toBe(stemForIndex('шұлықтар'));
    expect(stemForIndex('ұны')).toBe(stemForIndex('ұн'));
  });

  it('leave alone a word that only looks like one (`дәптер` is no plural) and every word without a Kazakh letter', () => {
    expect(stemForIndex('дәптер')).toBe('даптер');
    expect(stemForIndex('колбасы')).toBe(stemForIndex('колбаса'));
    expect(stemForIndex('часы')).not.toBe(stemForIndex('ча'));
  });

  it('cut a word with a Kazakh letter by Kazakh endings only, never meeting a Russian word through the Russian stemmer', () => {
    // `шашқа` ("for hair") is no `шашки` (draughts); a bare Kazakh plural still meets its noun.
    expect(stemForIndex('шашқа')).not.toBe(stemForIndex('шашки'));
    expect(stemForIndex('қазандар')).toBe(stemForIndex('қазан'));
  });

  it('let a Kazakh product name reach the leaf its Kazakh name says', () => {
    const directories = buildSandboxDirectories('marketplace');
    const classifier = getClassifierIndex(directories, createDirectoryIndex(directories));
    expect(classifyProduct(classifier, { name: 'Жұмыртқа Алель С1 30 шт' }).path).toBe('Продукты питания / Молочные продукты и яйца / Яйца куриные');
    expect(classifyProduct(classifier, { name: 'Ерлер шұлығы Omsa 41-43' }).path).toBe('Одежда / Мужская одежда / Носки');
  });
});
