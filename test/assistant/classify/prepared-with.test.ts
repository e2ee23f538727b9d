/**
 * A participle of what was done to the goods with what they come with says a prepared product (sure25: a real distributor's
 * `Картофель запеченный с грибами`, a ready meal, went sure to fresh potatoes).
 */
import { describe, expect, it } from 'vitest';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { findSure, indexes } from './find-sure-names.js';

describe('a participle and a `с …` phrase', () => {
  it('keeps a dish named by its first ingredient from a sure fresh-goods leaf', () => {
    expect(findSure('marketplace', ['Картофель запеченный с грибами 250 гр.'])).toEqual([]);
  });
});

describe('traps: either alone stays sure', () => {
  it.each([
    ['Молоко пастеризованное 3,2% 1 л', 'Молоко'],
    ['Творог обезжиренный 5%', 'Творог'],
    ['Чай чёрный Тянь-Шань с бергамотом 250 г', 'Чай чёрный'],
    ['Оливки Iberica с косточкой 350 г', 'Оливки'],
  ])('%s', (name, leaf) => {
    expect(classifyProduct(indexes.marketplace, { name })).toMatchObject({ confident: true, path: expect.stringContaining(leaf) as unknown });
  });
});
