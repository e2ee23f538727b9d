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
