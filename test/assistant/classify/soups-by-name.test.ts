/**
 * Soups by their own names (issue 33, real lists): a distributor's ready-meal line writes `Харчо`, `Солянка по кубански`,
 * `Борщ с телятиной`, never `суп`, and no leaf's name holds those words, so the rows had no proposal and each was a question
 * of its own. The synonyms table reads a dish every Russian menu lists among its first courses as the directory's ready soups.
 * Real classifier on the marketplace sandbox directory.
 */
import { describe, expect, it } from 'vitest';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const marketplace = buildClassifierIndex(buildSandboxDirectories('marketplace'));
const pick = (name: string): { leaf: string | undefined; confident: boolean } => {
  const result = classifyProduct(marketplace, { name });
  return { leaf: result.path?.split(' / ').at(-1), confident: result.confident };
};

describe('a soup named by its dish', () => {
  it('is proposed the ready soups', () => {
    for (const name of ['Борщ с телятиной 300 гр.', 'Харчо 300 гр.', 'Солянка по кубански 300 гр.', 'Том ям с морепродуктами 300 гр.', 'Куриный суп-лапша 300 гр.', 'Щи из свежей капусты 300 г', 'Рассольник ленинградский 300 г']) {
      expect(pick(name).leaf, name).toBe('Супы готовые');
    }
    expect(pick('Харчо 300 гр.').confident).toBe(true);
  });

  it('is no word of other goods named for it: a seasoning, a pot, a plate, a dressing are what their heads say', () => {
    expect(pick('Приправа для харчо 20 г').leaf).toBe('Специи и приправы');
    expect(pick('Кастрюля для супа 3 л').leaf).toBe('Кастрюли');
    expect(pick('Тарелка для борща').leaf).toBe('Тарелки');
    expect(pick('Заправка для борща 250 г').leaf).not.toBe('Супы готовые');
    expect(pick('Бульон куриный 500 мл').leaf).not.toBe('Супы готовые');
  });

  it('leaves a dish that is no soup by its name a question where the name says more (`Солянка из капусты`)', () => {
    expect(pick('Солянка из капусты с грибами').confident).toBe(false);
  });
});
