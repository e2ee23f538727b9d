import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { readLabelWordRoles } from '../../src/assistant/read-label-words.js';
import { buildSandboxDirectories } from './measure-matching.js';

const original = createDirectoryMatchers(buildSandboxDirectories('original')).categoryMatcher();
const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('the words of a label that name no kind', () => {
  it('are brands, codes written as one word (read before a brand), numbers and what follows them, and neutral words', () => {
    expect([...readLabelWordRoles('Свечи NGK').brands]).toEqual(['ngk']);
    expect([...readLabelWordRoles('Ремни 6PK').counts].sort()).toEqual(['6', 'pk']);
    expect(readLabelWordRoles('Лампы H4').brands.size).toBe(0);
    // A number ends the type, as the type reader reads it: what follows counts the goods.
    expect([...readLabelWordRoles('Свечи 4 шт').counts].sort()).toEqual(['4', 'шт']);
    expect([...readLabelWordRoles('Кисти 50 мм').counts].sort()).toEqual(['50', 'мм']);
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
