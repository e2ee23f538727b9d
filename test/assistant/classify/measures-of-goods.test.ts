/**
 * A capacity in mAh says a small cell (issue 33, classify32): a phone-parts list's universal lithium cells read as the
 * marketplace's car batteries, sure and wrong on every row of the file. A car battery said by its own measure stays sure.
 */
import { describe, expect, it } from 'vitest';
import { describeMeasureAgainstLeaf, readMeasuresOfGoods } from '../../../src/assistant/classify/measures-of-goods.js';
import { tokenizeForMatch } from '../../../src/assistant/normalize-for-match.js';
import { findSure } from './find-sure-names.js';

describe('readMeasuresOfGoods', () => {
  it.each([
    ['АКБ универсальная 307092p 3,7v Li-Pol 2000 mAh (3*70*92 mm)', ['мач']],
    ['Аккумулятор 1500 мАч', ['мач']],
    // The commonest price-list spellings, which the tokenizer cuts at the sign.
    ['АКБ универсальная 3,7v Li-Pol 2000 мА/ч', ['мач']],
    ['АКБ 3,7v 2000 mA/h', ['мач']],
    ['АКБ 3,7v 2000 мА*ч', ['мач']],
    ['Аккумулятор автомобильный 60 А/ч', []],
    ['Аккумулятор автомобильный 60 Ач', []],
    ['Аккумулятор мАч', []],
  ])('%s: %j', (name, units) => {
    expect(readMeasuresOfGoods(tokenizeForMatch(name))).toEqual(units);
  });

  it('speaks only against the leaves of its row', () => {
    expect(describeMeasureAgainstLeaf(['мач'], 'Автотовары / Аксессуары для авто / Аккумуляторы')).toBeDefined();
    expect(describeMeasureAgainstLeaf(['мач'], 'Электроника / Смартфоны и гаджеты / Внешние аккумуляторы')).toBeUndefined();
    expect(describeMeasureAgainstLeaf(['мач'], 'Автотовары / Автоэлектроника / Видеорегистраторы')).toBeUndefined();
  });
});

describe('a capacity in mAh beside a vehicle battery', () => {
  it.each(['АКБ универсальная 307092p 3,7v Li-Pol 2000 mAh (3*70*92 mm)', 'АКБ универсальная 401030p 3,7v Li-Pol 200 mAh (4*10*30 mm)', 'Аккумулятор 2000 мАч', 'АКБ универсальная 307092p 3,7v Li-Pol 2000 мА/ч (3*70*92 mm)', 'АКБ универсальная 3,7v Li-Pol 2000 mA/h'])('%s is a question', (name) => {
    expect(findSure('marketplace', [name])).toEqual([]);
  });

  it.each(['Аккумулятор автомобильный 60 Ач', 'Аккумулятор автомобильный 60 А/ч', 'Внешний аккумулятор Hoco B20 10000 mAh'])('%s stays sure', (name) => {
    expect(findSure('marketplace', [name])).toHaveLength(1);
  });
});
