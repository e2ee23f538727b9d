/**
 * Whom the goods are for stays in the review's type key after a purpose of another preposition (`Капли от блох для собак`
 * is not `Капли от блох … для кошек`), so the answer for cats' drops never carries their leaf to dogs' (issue 33, probe 12
 * cause 4).
 */
import { describe, expect, it } from 'vitest';
import { findAnsweredType, indexAnsweredTypes } from '../../../src/assistant/review/classify-with-answers.js';
import { readProductTypeKey } from '../../../src/assistant/review/read-product-type-key.js';

describe('a `для …` phrase after a purpose of another preposition', () => {
  it('stays in the key, with the `и …` word between, as the name writes it', () => {
    expect(readProductTypeKey('Капли от блох для собак Фронтлайн 20-40 кг')).toBe('капли от блох для собак');
    expect(readProductTypeKey('Капли от блох и клещей для кошек Барс 3 пип.')).toBe('капли от блох и клещей для кошек');
    // `д/` is `для` cut short: the same key as the word written out.
    expect(readProductTypeKey('Капли от блох и клещей д/кошек Фронтлайн 1 пип.')).toBe('капли от блох и клещей для кошек');
  });

  it('keeps the cats\' answer from the dogs\' drops, and gives it to every cats\' name', () => {
    const answered = indexAnsweredTypes([['капли от блох и клещей для кошек', 110309]]);
    expect(findAnsweredType(answered, 'Капли от блох для собак Инспектор 10-20 кг')).toBeUndefined();
    expect(findAnsweredType(answered, 'КАПЛИ ОТ БЛОХ И КЛЕЩЕЙ ДЛЯ КОШЕК ФРОНТЛАЙН 3 ПИП.')?.answer).toBe(110309);
    expect(findAnsweredType(answered, 'Капли от блох и клещей д/кошек Барс 1 пип.')?.answer).toBe(110309);
  });

  it('is not taken past a brand, nor where the purpose is already `для`', () => {
    expect(readProductTypeKey('Капли от блох Барс для собак')).toBe('капли от блох');
    expect(readProductTypeKey('Шампунь для собак Beaphar 250 мл')).toBe('шампунь для собак');
    expect(readProductTypeKey('Ошейник от блох 65 см для собак')).toBe('ошейник от блох');
  });
});
