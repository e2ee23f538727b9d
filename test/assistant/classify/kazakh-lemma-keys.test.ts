/**
 * Kazakh product names meet the directory's Kazakh leaf names (issue 33, a village store's list): a noun whose own key names no
 * leaf is looked up by the key of its Kazakh plural, the form the directory's Kazakh names use (`сүлгі` → `Қағаз сүлгілер`), by
 * its noun without a possessive (`футболкасы`, `шулыгы`) and by its adjective (`ылғал` → `Ылғалды`); a word without a Kazakh
 * letter only by a possessive; and the purpose word typed on a Russian keyboard (`арналган`) is the purpose word.
 */
import { describe, expect, it } from 'vitest';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { extractProductType } from '../../../src/assistant/classify/extract-product-type.js';
import { readOtherNounKeys, stemForIndex } from '../../../src/assistant/classify/stem-for-index.js';
import { findAnsweredType, indexAnsweredTypes } from '../../../src/assistant/review/classify-with-answers.js';
import { readProductTypeKey } from '../../../src/assistant/review/read-product-type-key.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const marketplace = buildClassifierIndex(buildSandboxDirectories('marketplace'));

/** The leaf's path of a name, and whether the classifier is sure of it. */
function place(name: string): { path: string | undefined; confident: boolean } {
  const { path, confident } = classifyProduct(marketplace, { name });
  return { path, confident };
}

describe('a Kazakh noun whose own key names no leaf', () => {
  it('has the key of its Kazakh plural, of its noun without the possessive, and of its adjective as other keys', () => {
    // `сүлгі` ends in `-і` after a consonant: its own key reads a possessive (`сүлг-і`), its plural's key is the noun's.
    expect(stemForIndex('сүлгі')).not.toBe(stemForIndex('сүлгілер'));
    expect(readOtherNounKeys('сүлгі')[0]).toBe(stemForIndex('сүлгілер'));
    expect(readOtherNounKeys('футболкасы')).toContain(stemForIndex('футболкалар'));
    expect(readOtherNounKeys('шулыгы')).toContain(stemForIndex('шұлық'));
    expect(readOtherNounKeys('ылғал')).toContain(stemForIndex('ылғалды'));
  });

  it('has, without a Kazakh letter, only the readings a Kazakh ending proves: the word itself is the Russian one it looks like', () => {
    expect(readOtherNounKeys('футболкасы')).toEqual([stemForIndex('футболкалар')]);
    for (const word of ['духовка', 'батарея', 'кесе', 'таба', 'шеге', 'сулги', 'ылгал']) expect(readOtherNounKeys(word)).toEqual([]);
  });

  it('reaches the leaf the directory names in Kazakh, written with Kazakh letters or typed with a Kazakh ending', () => {
    expect(place('Қағаз сүлгі Kotik 2 орам')).toEqual({ path: 'Бытовая химия и гигиена / Бумажная продукция / Бумажные полотенца', confident: true });
    expect(place('Ылғал майлықтар 72 дана')).toEqual({ path: 'Бытовая химия и гигиена / Бумажная продукция / Влажные салфетки', confident: true });
    expect(place('Ерлер футболкасы ақ L').path).toBe('Одежда / Мужская одежда / Футболки и поло');
    expect(place('Ерлер шулыгы 41-43').path).toBe('Одежда / Мужская одежда / Носки');
  });
});

describe('the Kazakh purpose word typed on a Russian keyboard', () => {
  it('is read as `арналған`: the purpose before it, the goods after it', () => {
    expect(extractProductType('Душка арналган гель Palmolive')).toMatchObject({ words: ['гель'], purpose: ['душка'] });
    expect(extractProductType('Унитазга арналган гель Domestos')).toMatchObject({ words: ['гель'], purpose: ['унитазга'] });
  });

  it('gives the review the type key of the name written with Kazakh letters, so one answer settles both', () => {
    expect(readProductTypeKey('Душка арналган гель Palmolive')).toBe('душка арналған гель');
    const answered = indexAnsweredTypes([['душқа арналған гель', 80501]]);
    expect(findAnsweredType(answered, 'Душка арналган гель Palmolive 250 мл')?.answer).toBe(80501);
  });
});
