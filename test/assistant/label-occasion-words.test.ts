import { describe, expect, it } from 'vitest';
import { isDecorativeWord, isOccasionWord } from '../../src/assistant/category-label/occasion-words.js';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { buildSandboxDirectories } from './measure-matching.js';

const original = createDirectoryMatchers(buildSandboxDirectories('original')).categoryMatcher();
const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('a word of when goods are used, or that they are for show (issue 33, labels31)', () => {
  it('reads the occasion adjectives, and no word that also names a kind of the directory', () => {
    for (const word of ['обеденные', 'обеденный', 'прогулочная', 'прогулочные', 'повседневные']) expect(isOccasionWord(word), word).toBe(true);
    for (const word of ['дорожные', 'игровые', 'туристические', 'вечерние', 'домашние', 'обед', 'праздник', 'праздничные', 'декоративные']) expect(isOccasionWord(word), word).toBe(false);
    expect(isDecorativeWord('декоративные')).toBe(true);
    expect(isDecorativeWord('декор')).toBe(false);
  });

  it("qualifies the leaf whose whole name the label's other words say", () => {
    for (const [matcher, label, product, name] of [
      [original, 'Коляски прогулочные', 'Коляска прогулочная', 'Коляски'],
      [marketplace, 'Тарелки обеденные', 'Тарелка обеденная 27 см', 'Тарелки'],
      [original, 'Подушки декоративные', 'Подушка декоративная 45x45', 'Подушки'],
      // The travel and orthopaedic pillows of sections that file no decor are no other goods `декоративные` could mean.
      [marketplace, 'Подушки декоративные', 'Подушка декоративная 45x45', 'Подушки'],
    ] as const) {
      const match = matcher.match(label, { productNames: [product] });
      expect(match.status, label).toBe('confident');
      expect(match.best?.entry.name.rus, label).toBe(name);
    }
  });

  it('never reads `праздничные` as a word of which goods: party goods are a kind a directory files apart', () => {
    // Party plates, cups and napkins are paper goods of `Товары для праздника`, never kitchen plates or cleaning cloths.
    for (const [matcher, label, product] of [
      [original, 'Салфетки праздничные', 'Салфетки бумажные С Новым годом 20 шт'],
      [original, 'Свечи праздничные', 'Свеча-цифра 5'],
      [marketplace, 'Тарелки праздничные', 'Тарелки бумажные праздничные 6 шт'],
      [marketplace, 'Стаканы праздничные', 'Стаканы бумажные С днем рождения 6 шт'],
    ] as const) {
      expect(matcher.match(label, { productNames: [product] }).status, label).toBe('todo');
    }
  });

  it('leaves `декоративные` of tableware a question: a decorative plate is wall decor, no dish', () => {
    for (const matcher of [original, marketplace]) {
      for (const [label, product] of [['Тарелки декоративные', 'Тарелка декоративная настенная'], ['Тарелки декоративные (настенные)', '']] as const) {
        expect(matcher.match(label, { productNames: product === '' ? [] : [product] }).status, label).toBe('todo');
      }
    }
  });

  it('leaves `декоративные` of goods outside a section that files decor a question', () => {
    // Decorative rings may be costume jewellery or curtain rings: the jewellery section files no decor.
    for (const matcher of [original, marketplace]) expect(matcher.match('Кольца декоративные').status).toBe('todo');
  });
});
