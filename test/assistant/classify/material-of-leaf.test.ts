/**
 * A material the name says against the one the leaf's path says (sure25: `Ключница металлическая`, a key cabinet, went sure
 * to `Кожгалантерея / Ключницы`, leather key wallets).
 */
import { describe, expect, it } from 'vitest';
import type { IndexedLeaf } from '../../../src/assistant/classify/classifier-types.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { findOtherMaterial } from '../../../src/assistant/classify/material-of-leaf.js';
import { findSure, indexes } from './find-sure-names.js';

const leafAt = (path: string): IndexedLeaf => ({ path }) as IndexedLeaf;

describe('another material than the leaf path says', () => {
  it('keeps a metal key cabinet from a sure leather-goods leaf', () => {
    expect(findSure('marketplace', ['Ключница металлическая на 20 ключей (2 шт)', 'Ключница металлическая AIKO A3398B'])).toEqual([]);
  });

  it('is read by the word\'s opening, in any part of the path, and only against another material', () => {
    expect(findOtherMaterial(leafAt('Игрушки / Деревянные игрушки / Пирамидки'), ['пирамидка', 'пластиковая'])).toBe('пластиковая');
    expect(findOtherMaterial(leafAt('Аксессуары / Кожгалантерея / Ключницы'), ['ключница', 'экокожи'])).toBeUndefined();
    expect(findOtherMaterial(leafAt('Дом и сад / Мебель / Стулья'), ['стул', 'металлический'])).toBeUndefined();
  });

  it('reads a noun of the leaf\'s own name as the goods and a word after `для`, `по` as their use, never as a material', () => {
    expect(findOtherMaterial(leafAt('Аксессуары / Аксессуары для волос / Резинки для волос'), ['резинка', 'шелковая'])).toBeUndefined();
    expect(findOtherMaterial(leafAt('Автотовары / Аксессуары для авто / Щётки стеклоочистителя'), ['щетка', 'силиконовая'])).toBeUndefined();
    expect(findOtherMaterial(leafAt('Строительство и ремонт / Лакокрасочные материалы / Пропитки для дерева'), ['пропитка', 'металлическая'])).toBeUndefined();
    expect(findOtherMaterial(leafAt('Обувь / Детская обувь / Резиновые сапоги'), ['сапоги', 'кожаные'])).toBe('кожаные');
  });
});

describe('traps: the same material, or none said, stays sure', () => {
  it.each(['Ключница кожаная', 'Ключница', 'Ключница из экокожи'])('%s', (name) => {
    expect(classifyProduct(indexes.marketplace, { name })).toMatchObject({ confident: true, path: expect.stringContaining('Ключницы') as unknown });
  });

  it.each([
    ['Резинка для волос шелковая', 'Резинки для волос'],
    ['Щётка стеклоочистителя силиконовая', 'Щётки стеклоочистителя'],
  ])('%s (a leaf named by a material noun)', (name, leaf) => {
    expect(classifyProduct(indexes.marketplace, { name })).toMatchObject({ confident: true, path: expect.stringContaining(leaf) as unknown });
  });
});

describe('a material is a word of the goods, never a trade or a word that only opens alike (review25c)', () => {
  it('reads no material from an adjective of a word for goods in general, a trade\'s name', () => {
    // Before: `Блокнот кожаный А5` was a question, "another material" than `Бумажная продукция для офиса`.
    expect(findOtherMaterial(leafAt('Канцелярские товары / Бумажная продукция для офиса / Блокноты'), ['блокнот', 'кожаный'])).toBeUndefined();
    expect(classifyProduct(indexes.marketplace, { name: 'Блокнот кожаный А5' })).toMatchObject({ confident: true, path: expect.stringContaining('Блокноты') as unknown });
  });

  it('reads a noun by its stem, so a word that only opens with a material\'s stem says none', () => {
    expect(findOtherMaterial(leafAt('Аксессуары / Кожгалантерея / Портмоне'), ['бумажник', 'мужской'])).toBeUndefined();
  });

  it('traps: a material\'s noun, a compound of its stem and a section\'s adjective still say it', () => {
    expect(findOtherMaterial(leafAt('Аксессуары / Кожгалантерея / Портмоне'), ['портмоне', 'пластик'])).toBe('пластик');
    expect(findOtherMaterial(leafAt('Игрушки / Деревянные игрушки / Пирамидки'), ['пирамидка', 'войлок'])).toBe('войлок');
    expect(findOtherMaterial(leafAt('Аксессуары / Кожгалантерея / Ключницы'), ['ключница', 'металлическая'])).toBe('металлическая');
    expect(findOtherMaterial(leafAt('Игрушки / Шёлковые игрушки / Пирамидки'), ['пирамидка', 'деревянная'])).toBe('деревянная');
  });
});
