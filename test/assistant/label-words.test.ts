import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { readLabelWordRoles } from '../../src/assistant/read-label-words.js';
import { buildSandboxDirectories } from './measure-matching.js';

const original = createDirectoryMatchers(buildSandboxDirectories('original')).categoryMatcher();
const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('the words of a label that name no kind', () => {
  it('are brands, codes written as one word (read before a brand), numbers, units and neutral words; the words after a number or brand are asked of the directory', () => {
    expect([...readLabelWordRoles('Свечи NGK').brands]).toEqual(['ngk']);
    expect([...readLabelWordRoles('Свечи NGK иридиевые').afterCount]).toEqual(['иридиевые']);
    expect([...readLabelWordRoles('Ремни 6PK').counts].sort()).toEqual(['6', 'pk']);
    expect(readLabelWordRoles('Лампы H4').brands.size).toBe(0);
    // A number ends the type, as the type reader reads it: what follows is dropped unless the directory names goods by it.
    expect([...readLabelWordRoles('Свечи 4 шт').counts]).toEqual(['4']);
    expect([...readLabelWordRoles('Свечи 4 шт').afterCount]).toEqual(['шт']);
    expect([...readLabelWordRoles('Кисти 50 мм').counts].sort()).toEqual(['50', 'мм']);
    // A word after a number is no count: it is asked of the directory, as a brand is.
    expect([...readLabelWordRoles('Шины 205/55 R16 зимние').counts].sort()).toEqual(['16', '205', '55', 'r']);
    expect([...readLabelWordRoles('Шины 205/55 R16 зимние').neutral]).toEqual(['зимние']);
    expect([...readLabelWordRoles('Лампы H4 галогенные').afterCount]).toEqual(['галогенные']);
    expect([...readLabelWordRoles('Костюмы классические').neutral]).toEqual(['классические']);
    expect(readLabelWordRoles('Свечи зажигания').neutral.size + readLabelWordRoles('Свечи зажигания').brands.size).toBe(0);
  });
});

describe('a label whose head is a question, with a brand, a number or a code after it', () => {
  it('is as much a question as the bare head: the leaves holding the head among more stay its rivals', () => {
    for (const [label, rival] of [
      ['Свечи NGK', 'Свечи зажигания'],
      ['Лампы E27', 'Галогенные лампы'],
      ['Лампы Osram', 'Галогенные лампы'],
      ['Ремни 6PK', 'Ремни ГРМ'],
      ['Лампы H4', 'Галогенные лампы'],
      ['Свечи 4 шт', 'Свечи зажигания'],
      ['Колодки Brembo', 'Тормозные колодки'],
      ['Кубики Maggi', 'Бульонные кубики'],
    ] as const) {
      const match = marketplace.match(label);
      expect(match.status, label).toBe('todo');
      expect(match.candidates.map((candidate) => candidate.entry.name.rus), label).toContain(rival);
    }
    expect(marketplace.match('Свечи').status).toBe('todo');
  });

  it('is as sure as the bare head where the head is one leaf: its name is the plain one', () => {
    for (const [label, name] of [
      ['Мониторы 27 дюймов', 'Мониторы'],
      ['Костюмы мужские классические', 'Костюмы'],
      ['Подушки 50х70', 'Подушки'],
    ] as const) {
      const match = original.match(label);
      expect(match.status, label).toBe('confident');
      expect(match.best?.entry.name.rus, label).toBe(name);
    }
    // What the type reader drops weighs nothing against the name; a neutral word is still weighed (`Теплый пол` is no `Поло`).
    expect(marketplace.match('Молоко 1 л').best?.entry.name.rus).toBe('Молоко');
    expect(original.match('Теплый пол').status).toBe('todo');
  });
});

describe('a label with a word after a brand or a number that the directory names goods by', () => {
  it('keeps that word: the leaf named by it is the label\'s', () => {
    for (const [label, name] of [
      ['Шины 205/55 R16 зимние', 'Зимние шины'],
      ['Лампы H4 галогенные', 'Галогенные лампы'],
    ] as const) {
      const match = marketplace.match(label);
      expect(match.status, label).toBe('confident');
      expect(match.best?.entry.name.rus, label).toBe(name);
    }
    // A word the directory names no goods by is dropped after a brand as after a number: the bare head's question stays.
    const candles = marketplace.match('Свечи NGK иридиевые');
    expect(candles.status).toBe('todo');
    expect(candles.candidates.map((candidate) => candidate.entry.name.rus)).toContain('Свечи зажигания');
  });
});
