/**
 * Kazakh nouns in their plural and possessive forms (issue 33): a leaf named `Тауық жұмыртқалары`
 * and a product named `Жұмыртқа` share one stem, so the classifier proposes the leaf instead of
 * saying no leaf is named.
 */
import { describe, expect, it } from 'vitest';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { getClassifierIndex } from '../../../src/assistant/classify/load-classifier-index.js';
import { stemForIndex } from '../../../src/assistant/classify/stem-for-index.js';
import { readKazakhPluralNoun, stemWord } from '../../../src/assistant/stem-word.js';
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

  it('read a loanword\'s Kazakh plural by the ending the language gives its noun, and key one after a consonant as the noun', () => {
    // `-лар/-лер` after a vowel, `р`, `й`, `у`; `-дар/-дер` after `л` (a soft sign is no sound), `м`, `н`, `з`, `ж`; `-тар/-тер` else.
    const pairs: ReadonlyArray<readonly [string, string]> = [['таблеткалар', 'таблетка'], ['капсулалар', 'капсула'], ['гельдер', 'гель'], ['кондиционерлер', 'кондиционер']];
    for (const [plural, noun] of pairs) expect(readKazakhPluralNoun(plural)).toBe(noun);
    expect(stemForIndex('гельдер')).toBe(stemForIndex('гель'));
    expect(stemForIndex('кондиционерлер')).toBe(stemForIndex('кондиционер'));
    // After a vowel the noun stays whole: without a Kazakh letter it is as likely the Russian word of other goods.
    expect(stemForIndex('батареялар')).not.toBe(stemForIndex('батарея'));
  });

  it('read no plural where the ending disagrees with the word before it, and keep a Russian word\'s forms on one stem', () => {
    // `-тер` after a vowel (`компью-`), a front ending after a back word (`адап-тер`, `клас-тер`), a noun shorter than a stem.
    for (const word of ['компьютер', 'адаптер', 'кластер', 'принтер', 'дәптер', 'кулер']) expect(readKazakhPluralNoun(word)).toBeUndefined();
    expect(stemWord('компьютеры')).toBe(stemWord('компьютер'));
    expect(stemForIndex('блендеры')).toBe(stemForIndex('блендер'));
    // A Kazakh noun's plural keys by its endings only, never by the Russian fleeting vowel: `жидектер` (berries) is no `жидкий`.
    expect(stemForIndex('жидектер')).not.toBe(stemForIndex('жидкий'));
  });

  it('let a Kazakh purpose with a Russian loanword reach the leaf whose Kazakh name says its plural', () => {
    const directories = buildSandboxDirectories('marketplace');
    const classifier = getClassifierIndex(directories, createDirectoryIndex(directories));
    const laundry = classifyProduct(classifier, { name: 'Кір жууға арналған гель Ariel 300мл' });
    expect(laundry.path).toBe('Бытовая химия и гигиена / Средства для стирки / Гели для стирки');
    expect(laundry.confident).toBe(true);
    const shower = classifyProduct(classifier, { name: 'Душқа арналған гель Nivea' });
    expect(shower.path).toBe('Красота и здоровье / Уход за телом / Гели для душа');
    // A bare loanword with no Kazakh purpose stays the question it was.
    expect(classifyProduct(classifier, { name: 'Гель Ariel 300мл' }).confident).toBe(false);
  });

  it('let a Kazakh product name reach the leaf its Kazakh name says', () => {
    const directories = buildSandboxDirectories('marketplace');
    const classifier = getClassifierIndex(directories, createDirectoryIndex(directories));
    expect(classifyProduct(classifier, { name: 'Жұмыртқа Алель С1 30 шт' }).path).toBe('Продукты питания / Молочные продукты и яйца / Яйца куриные');
    expect(classifyProduct(classifier, { name: 'Ерлер шұлығы Omsa 41-43' }).path).toBe('Одежда / Мужская одежда / Носки');
  });
});
