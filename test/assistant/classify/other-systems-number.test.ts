import { describe, expect, it } from 'vitest';
import { readModelCode } from '../../../src/assistant/classify/part-numbers.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { readClassifierDoubt } from '../../../src/assistant/review/find-proposal-doubt.js';
import { findSure, indexes } from './find-sure-names.js';

describe('readModelCode', () => {
  it.each([
    ['Адаптер AD-1024c', 'AD-1024c'],
    ['Пылесос VK7320 серый', 'VK7320'],
    ['Отвертка BAKU BK-338 T2', 'BK-338'],
  ])('%s: %s', (name, code) => {
    expect(readModelCode(name)).toBe(code);
  });

  it.each(['Батарейка AA 4 шт', 'Лампа E27 10 Вт', 'Адаптер 90гр. 100-733', 'Кабель USB-C 1 м'])('%s: none', (name) => {
    expect(readModelCode(name)).toBeUndefined();
  });
});

describe('a bare one-word type beside a model code of no brand the directory lists', () => {
  // medhouse (classify33's held-out list): a blood-pressure monitor's mains adapter, accepted sure among PC adapters. `Адаптер`
  // heads leaves of four branches (cables, PC controllers, powerline, HDMI adapters) and `AD` is no brand of the directory.
  it('Адаптер AD-1024c is a question naming the model code', () => {
    const result = classifyProduct(indexes.marketplace, { name: 'Адаптер AD-1024c' });
    expect(result.confident).toBe(false);
    expect(result.doubt).toMatch(/^the model code "AD-1024c" of no brand the directory lists /);
  });

  // The same word with what the adapter is for said (`питания`) asked before: its own doubt, not this one.
  it('Адаптер питания AD-1024c keeps its own doubt', () => {
    expect(classifyProduct(indexes.marketplace, { name: 'Адаптер питания AD-1024c' }).doubt).not.toMatch(/model code/);
  });

  // A word of one branch's goods names them itself, whatever its maker's code (the real files' 60 right sure picks): no doubt.
  it.each([
    ['Отвертка BAKU BK-338 T2', 'Отвёртки'],
    ['Набор отверток BAKU BK-5530 (5шт.)', 'Отвёртки'],
    ['Мультиметр BAKU BK-9205A', 'Мультиметры'],
    ['Батарейка Трофи CR2032 2 шт', 'Батарейки'],
    ['Газонокосилка LM5131 CHAMPION 3кВт травосбоник 60л', 'Газонокосилки'],
  ])('%s stays sure', (name, leaf) => {
    expect(findSure('marketplace', [name])).toEqual([expect.stringContaining(leaf)]);
  });

  // The rule reads only brands the directory does not list; a listed brand's code is left alone. That is a known gap
  // (EP-TA200 is a phone charger, still a sure PC adapter), pinned here so that closing it is a visible change.
  it('Адаптер Samsung EP-TA200 gets no model-code doubt (a listed brand; known gap)', () => {
    expect(classifyProduct(indexes.marketplace, { name: 'Адаптер Samsung EP-TA200' }).doubt ?? '').not.toMatch(/model code/);
  });
});

describe("the model code's doubt", () => {
  // Names of one type share one decision unless their name keys differ: the key holds whether a code is there and the brand word
  // before it, so an unbranded code's doubt never reaches the code-less name.
  it('reaches no name of the same type without a code', () => {
    expect(classifyProduct(indexes.marketplace, { name: 'Адаптер AD-1024c' }).confident).toBe(false);
    expect(classifyProduct(indexes.marketplace, { name: 'Адаптер' }).doubt ?? '').not.toMatch(/model code/);
  });
});

describe('the review reads the doubt', () => {
  // A type with it is answered on its own row, never taken by a group's one `yes` (`find-proposal-doubt.ts`).
  it('as one that names another leaf', () => {
    const doubt = classifyProduct(indexes.marketplace, { name: 'Адаптер AD-1024c' }).doubt ?? '';
    expect(readClassifierDoubt(doubt)?.namesAnotherLeaf).toBe(true);
  });
});
