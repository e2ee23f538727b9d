/**
 * An answer settles its product type however a name writes it (issue 33, the review loop): in another
 * form, order, or with a word cut short with a dot; never a type with a word more or less, and never a
 * name two answers could take.
 */
import { describe, expect, it } from 'vitest';
import { findAnsweredType, indexAnsweredTypes } from '../../../src/assistant/review/classify-with-answers.js';

const answered = indexAnsweredTypes([
  ['свеча ароматическая', 1],
  ['свечи столовые', 2],
  ['диск отрезной по металлу', 4],
  ['аккумулятор автомобильный обратная полярность', 5],
  ['аккумулятор', 7],
]);

describe('an answer and its type written otherwise', () => {
  it('settles a word cut short with a dot, another form of the words, another order', () => {
    expect(findAnsweredType(answered, 'Свеча аромат. Home Story белые 10 шт')).toEqual({ type: 'свеча ароматическая', answer: 1 });
    expect(findAnsweredType(answered, 'Свечи столов. Bartek ваниль 1 шт')?.answer).toBe(2);
    expect(findAnsweredType(answered, 'Свеча столовая белая 6 шт')?.answer).toBe(2);
    expect(findAnsweredType(answered, 'Диск отрез. по металлу Hammer 125х1,2х22')?.answer).toBe(4);
    expect(findAnsweredType(answered, 'Автомобильный аккумулятор обратная полярность 75 Ач')?.answer).toBe(5);
  });

  it('never settles another type: a word more, another purpose, a word not cut', () => {
    expect(findAnsweredType(answered, 'Свеча ароматическая лаванда 6 шт')).toBeUndefined();
    expect(findAnsweredType(answered, 'Аккумулятор автомобильный Varta 60 Ач')).toBeUndefined();
    expect(findAnsweredType(answered, 'Диск отрез. по бетону Bosch 125 мм')).toBeUndefined();
    // Without the dot `аромат` is a word of its own, not a cut one.
    expect(findAnsweredType(answered, 'Свеча аромат Home Story 10 шт')).toBeUndefined();
  });

  it('settles nothing where two answers with other leaves could take the name', () => {
    const two = indexAnsweredTypes([
      ['крем солнцезащитный', 1],
      ['крем солнцестойкий', 2],
    ]);
    expect(findAnsweredType(two, 'Крем солнце. Nivea 50 мл')).toBeUndefined();
    expect(findAnsweredType(two, 'Крем солнцезащитный Nivea 50 мл')?.answer).toBe(1);
  });
});

describe('a Kazakh type typed on a Russian keyboard', () => {
  const kazakh = indexAnsweredTypes([
    ['әйнек тазалағыш', 1],
    ['қой еті сүйекті', 2],
    ['сүзбе', 3],
  ]);

  it('is the answered type written otherwise: its Kazakh letters folded, its words read as the typed ones are', () => {
    expect(findAnsweredType(kazakh, 'Айнек тазалагыш Mr Muscle 500 мл')?.answer).toBe(1);
    expect(findAnsweredType(kazakh, 'Кой ети суйекти 1 кг')?.answer).toBe(2);
    expect(findAnsweredType(kazakh, 'Сузбе 9% 400 г')?.answer).toBe(3);
    // And the other way: an answer given under the typed spelling settles the Kazakh one.
    const typed = indexAnsweredTypes([['айнек тазалагыш', 1]]);
    expect(findAnsweredType(typed, 'Әйнек тазалағыш Mr Muscle 500 мл')?.answer).toBe(1);
  });

  it('never settles a type with a word more or another word', () => {
    expect(findAnsweredType(kazakh, 'Айнек тазалагыш спрей 500 мл')).toBeUndefined();
    expect(findAnsweredType(kazakh, 'Сиыр ети суйекти 1 кг')).toBeUndefined();
  });
});
