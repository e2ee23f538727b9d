/**
 * What a name says the goods come in (`в соусе`, `в шоколаде`): where the leaf does not explain it, the goods may be another
 * kind (a ready dish, a sweet), so the pick is a question (sure25; a real distributor's ready meals went sure to raw meat).
 */
import { describe, expect, it } from 'vitest';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { findUnexplainedMedium } from '../../../src/assistant/classify/medium-of-goods.js';
import { findSure, indexes } from './find-sure-names.js';

describe('a `в …` phrase the leaf does not explain', () => {
  it('keeps a dish named by its first ingredient from a sure raw-goods leaf', () => {
    expect(findSure('marketplace', ['Говядина в соусе Черный перец с тушеными овощами 230 гр.', 'Цыпленок в кисло-сладком соусе 270 гр.', 'Орехи в шоколаде 200 г'])).toEqual([]);
  });

  it('is read only in the prepositional case, and not for a pack or a shop note', () => {
    const none = (): boolean => false;
    expect(findUnexplainedMedium(['соусе'], none)).toBe('в соусе');
    expect(findUnexplainedMedium(['машину'], none)).toBeUndefined();
    expect(findUnexplainedMedium(['подарочной', 'упаковке'], none)).toBeUndefined();
    expect(findUnexplainedMedium(['ассортименте'], none)).toBeUndefined();
  });
});

describe('traps: what the leaf explains, or a pack, stays sure', () => {
  it.each([
    ['Кофе в зернах Lavazza 1 кг', 'Кофе в зёрнах'],
    ['Чай в пакетиках Greenfield 25 шт', 'Чай в пакетиках'],
    ['Кружка в подарочной коробке', 'Кружки'],
    ['Крем для рук в тубе 50 мл', 'Кремы для рук'],
    ['Набор чая подарочный в шкатулке', 'Подарочные наборы чая'],
  ])('%s', (name, leaf) => {
    expect(classifyProduct(indexes.marketplace, { name })).toMatchObject({ confident: true, path: expect.stringContaining(leaf) as unknown });
  });
});
