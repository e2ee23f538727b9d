import { describe, expect, it } from 'vitest';
import { readLeafMetals, readPreciousMetal } from '../../src/assistant/category-label/precious-metal-words.js';
import { getClassifierIndex } from '../../src/assistant/classify/load-classifier-index.js';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { createDirectoryIndex } from '../../src/mapping/directory-index.js';
import { buildSandboxDirectories } from './measure-matching.js';

const originalDirectories = buildSandboxDirectories('original');
const original = createDirectoryMatchers(originalDirectories).categoryMatcher();
const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('a precious metal goods are made of (issue 33, labels23)', () => {
  it('reads the adjectives of gold, silver and platinum, never a colour or a coat', () => {
    expect(readPreciousMetal('золотые')).toBe('золото');
    expect(readPreciousMetal('серебряная')).toBe('серебро');
    expect(readPreciousMetal('платиновое')).toBe('платина');
    for (const word of ['золотистые', 'серебристая', 'позолоченные', 'золото', 'серебро']) expect(readPreciousMetal(word), word).toBeUndefined();
  });

  it('reads the leaves the directory links a material of that metal to: jewellery, no pens', () => {
    const metals = readLeafMetals(getClassifierIndex(originalDirectories, createDirectoryIndex(originalDirectories)));
    expect(metals.get(50201)?.has('золото')).toBe(true);
    expect(metals.get(70304)).toBeUndefined();
  });

  it('qualifies goods the directory makes of the metal', () => {
    for (const [label, key] of [
      ['Кольца золотые', '50201'],
      ['Цепочка серебряная', '50203'],
      ['Серьги серебряные', '50202'],
    ] as const) {
      const match = original.match(label);
      expect(match.status, label).toBe('confident');
      expect(match.best?.key, label).toBe(key);
    }
  });

  it('leaves goods of no such material questions, and jewellery the directory sorts by the metal', () => {
    for (const [matcher, label] of [
      [original, 'Ручки золотые'],
      [original, 'Ручки серебряные'],
      [original, 'Краска золотая'],
      // A colour, a line's name: the directory links no material to shampoos and exercise books.
      [original, 'Шампуни золотые'],
      [original, 'Тетради золотые'],
      [marketplace, 'Пеналы золотые'],
      // `Серебряные цепи` of the marketplace directory: that leaf or a question, never the plain one.
      [marketplace, 'Цепочка серебряная'],
      [marketplace, 'Цепочки золотые'],
    ] as const) {
      expect(matcher.match(label).status, label).toBe('todo');
    }
  });
});
