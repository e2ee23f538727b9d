/**
 * An importer's generic types (issue 33, probe 19): a food after a bare `паста` (`Паста Кочхуджан`) stays in the key, as a
 * cheese's variety after `сыр` does, since the directory names pastes only by their kinds (tooth, tomato, peanut, styling); a
 * lack the directory names goods by (`без сахара`) stays in the key; a `без …` after goods named in English (`Fabric Softener
 * без запаха`) and a Russian diminutive after them (`Wireless Earbuds Кейсик`) are never read as the type or a brand.
 */
import { describe, expect, it } from 'vitest';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { isDiminutiveForm } from '../../../src/assistant/classify/directory-word-variants.js';
import { readDirectoryKindHeads, readDirectoryLackedWords, readKnownBrands } from '../../../src/assistant/classify/known-brands.js';
import { findAnsweredType, indexAnsweredTypes } from '../../../src/assistant/review/classify-with-answers.js';
import { SURE_IN_GROUP } from '../../../src/assistant/review/group-types-by-leaf.js';
import { readProductTypeKey } from '../../../src/assistant/review/read-product-type-key.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const index = buildClassifierIndex(buildSandboxDirectories('marketplace'));
const known = readKnownBrands(index, {});
const keyOf = (name: string): string => readProductTypeKey(name, undefined, known);

describe('a word after a head the directory names alone only as a part of a list with its purpose', () => {
  it('reads `паста` as a head the directory splits into kinds (`пасты для укладки` of `Воски и пасты для укладки` is no bare paste)', () => {
    expect(readDirectoryKindHeads(known)?.has('паст')).toBe(true);
  });

  it('keeps the food after a bare `паста` in the key, one key per paste', () => {
    expect(keyOf('Паста Кочхуджан 500г')).toBe('паста кочхуджан');
    expect(keyOf('Паста Твенджан 500г')).toBe('паста твенджан');
    expect(keyOf('Паста Гочуджан острая')).toBe('паста гочуджан');
  });

  it('is a word of the type the leaf must explain: a food paste is never sure enough for a styling-paste group’s one `yes`', () => {
    const result = classifyProduct(index, { name: 'Паста Кочхуджан 500г' });
    expect(result.confident).toBe(false);
    expect(result.leafId !== 81008 || result.confidence < SURE_IN_GROUP).toBe(true);
  });

  it('keeps the answer for a styling paste from a food paste', () => {
    const answered = indexAnsweredTypes([['паста', 81008]]);
    expect(findAnsweredType(answered, 'Паста Кочхуджан 500г', known)).toBeUndefined();
  });

  it('trap: a Latin brand, the directory’s kind and a head the directory names alone are as before', () => {
    expect(keyOf('Паста Colgate 100 мл')).toBe('паста');
    expect(keyOf('Паста зубная Colgate')).toBe('паста зубная');
    expect(keyOf('Молоко Емшан 1 л')).toBe('молоко');
    expect(readDirectoryKindHeads(known)?.has('корм')).toBe(false);
  });
});

describe('what goods lack', () => {
  it('stays in the key where the directory names goods by it (`Продукты без сахара`)', () => {
    expect(readDirectoryLackedWords(known)?.has('сахар')).toBe(true);
    expect(keyOf('Конфеты без сахара 200 г')).toBe('конфеты без сахара');
    expect(keyOf('Хлеб без глютена 300г')).toBe('хлеб без глютена');
    expect(findAnsweredType(indexAnsweredTypes([['конфеты', 140903]]), 'Конфеты без сахара 200 г', known)).toBeUndefined();
  });

  it('stays in the key written before the goods too, which the type reader skips as it skips `для …` (`Без сахара Шоколад`)', () => {
    expect(keyOf('Без сахара Шоколад горький 100 г')).toBe('шоколад горький без сахара');
    expect(keyOf('Без косточек Маслины Iberica 300 г')).toBe('маслины');
    expect(readProductTypeKey('Без сахара Шоколад горький 100 г')).toBe('шоколад горький');
    expect(readProductTypeKey('Intel Core i5 12400F без кулера')).not.toBe('кулера');
  });

  it('trap: a lack the directory does not name, and one read without the directory, leave the key as before', () => {
    expect(keyOf('Маслины без косточек 300 г')).toBe('маслины');
    expect(readProductTypeKey('Конфеты без сахара 200 г')).toBe('конфеты');
  });

  it('after goods named in English is no type: the goods are', () => {
    expect(keyOf('Sandokkaebi Fabric Softener без запаха 1.2L Корея')).toBe('fabric softener');
    expect(keyOf('Joy Dish Gel без запаха 500ml')).toBe('dish gel');
  });

  it('trap: a Russian type after a Latin brand stays the type', () => {
    expect(keyOf('Кондиционер для белья Humming без запаха мягкая упаковка')).toBe('кондиционер для белья');
    expect(keyOf('Ahmad Tea чай зелёный')).toBe('чай зеленый');
  });
});

describe('a Russian diminutive after goods named in English', () => {
  it('is a noun of goods, never a brand (`кейсик`, `чехольчик`)', () => {
    expect(isDiminutiveForm('кейсик')).toBe(true);
    expect(isDiminutiveForm('чехольчик')).toBe(true);
    expect(keyOf('Wireless Earbuds Кейсик')).toBe('wireless earbuds кейсик');
  });

  it('leaves no sure pick of the goods the case is for', () => {
    expect(classifyProduct(index, { name: 'Wireless Earbuds Кейсик' }).confident).toBe(false);
  });

  it('keeps the English goods with a diminutive the directory does not know: no key spans two kinds of goods (review8 F2)', () => {
    const keys = ['Phone Case Пончик', 'Water Bottle Пончик 500ml', 'Pillow Пончик 40 см', 'Пончик с шоколадной начинкой'].map(keyOf);
    expect(new Set(keys).size).toBe(4);
    expect(keys[3]).toBe('пончик');
    expect(keyOf('Phone Case Смайлик iPhone 14')).toBe('phone case смайлик');
    expect(keyOf('Power Bank Смайлик 10000mAh')).toBe('power bank смайлик');
  });

  it('leaves an answer for one kind of goods with a design to that kind alone', () => {
    const answered = indexAnsweredTypes([[keyOf('Phone Case Пончик'), 100]]);
    expect(findAnsweredType(answered, 'Water Bottle Пончик 500ml', known)).toBeUndefined();
    expect(findAnsweredType(answered, 'Пончик с шоколадной начинкой', known)).toBeUndefined();
  });

  it('is never sure: the leaf of the English goods does not explain the word', () => {
    for (const name of ['Phone Case Смайлик iPhone 14', 'Power Bank Смайлик 10000mAh', 'Pillow Пончик 40 см', 'Wireless Mouse Смайлик']) {
      expect(classifyProduct(index, { name }).confident).toBe(false);
    }
  });

  it('trap: a diminutive of a directory word, a brand not declined so, and a Russian type are read as before', () => {
    expect(keyOf('USB Cable Кабельчик')).toBe('кабельчик usb');
    expect(keyOf('Wireless Earbuds Пикачу')).toBe('wireless earbuds');
    expect(keyOf('Bluetooth Speaker Колобок')).toBe('bluetooth speaker');
    expect(keyOf('Смайлик наклейка')).toBe('смайлик наклейка');
    expect(readProductTypeKey('Phone Case Пончик')).toBe('пончик');
  });

  it('trap: a proper name stays a brand, and `-ок` is no diminutive a brand cannot have', () => {
    expect(isDiminutiveForm('актив')).toBe(false);
    expect(isDiminutiveForm('колобок')).toBe(false);
    expect(keyOf('Collagen Актив Peptides')).toBe('collagen');
  });
});
