import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { stemForIndex } from '../../src/assistant/classify/stem-for-index.js';
import { tokenizeForMatch } from '../../src/assistant/normalize-for-match.js';
import { readLabelWordRoles, selectKindWords } from '../../src/assistant/read-label-words.js';
import { buildSandboxDirectories } from './measure-matching.js';

const original = createDirectoryMatchers(buildSandboxDirectories('original')).categoryMatcher();
const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('how the type reader reads the words of a label', () => {
  it('keeps the type, ending it at a brand or a number; colours and neutral words are told apart', () => {
    expect([...readLabelWordRoles('Свечи NGK').typed]).toEqual(['свечи']);
    // A word after a brand or a number is no word of the type.
    expect([...readLabelWordRoles('Свечи NGK иридиевые').typed]).toEqual(['свечи']);
    expect(readLabelWordRoles('Шины 205/55 R16 зимние').typed.has('зимние')).toBe(false);
    expect(readLabelWordRoles('Лампы H4 галогенные').typed.has('галогенные')).toBe(false);
    expect(readLabelWordRoles('Свечи 4 шт').typed.has('шт')).toBe(false);
    expect([...readLabelWordRoles('Костюмы классические').neutral]).toEqual(['классические']);
    expect(readLabelWordRoles('Свечи зажигания').neutral.size).toBe(0);
  });

  it('gives the kind words: the type but its neutral words, code letters and counts, and any word the directory names goods by', () => {
    const kindOf = (label: string, named: readonly string[]): string[] => {
      const words = tokenizeForMatch(label);
      return selectKindWords(words, words, readLabelWordRoles(label), (stem) => named.some((word) => stemForIndex(word) === stem));
    };
    expect(kindOf('Свечи NGK иридиевые', ['свечи'])).toEqual(['свечи']);
    expect(kindOf('Шины 205/55 R16 зимние', ['шины', 'зимние'])).toEqual(['шины', 'зимние']);
    expect(kindOf('Шины 205/55 R16 зимние', ['шины'])).toEqual(['шины']);
    expect(kindOf('Лампы H4 галогенные', ['лампы', 'галогенные'])).toEqual(['лампы', 'галогенные']);
    expect(kindOf('Свечи 4 шт', ['свечи', '4'])).toEqual(['свечи']);
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

describe('a label whose bare head is one leaf, with a brand the directory does not list', () => {
  it('is a question naming the brand; a listed brand changes nothing', () => {
    // The original directory's only `Свечи` are decor candles, and its brands hold no `NGK`: spark plugs, which it lacks.
    for (const label of ['Свечи NGK', 'Ремни Gates', 'Кольца Mahle', 'Подушки Lemforder']) {
      const match = original.match(label);
      expect(match.status, label).toBe('todo');
      expect(match.doubt, label).toContain('no brand of the directory');
    }
    // `Askona` and `Samsung` are brands of the directory (`Аскона` sounds as `Askona` is written): a seller grouping its goods
    // by them says nothing of the kind, nor does a shortened one (`Loreal` of `L'Oréal Paris`). `USB` is a word of the
    // directory's names (`Кабели USB`), `Android` a value of an attribute it links to tablets: words it understands.
    for (const [label, name] of [
      ['Подушки Askona', 'Подушки'],
      ['Подушки Аскона', 'Подушки'],
      ['Смартфоны Samsung', 'Смартфоны'],
      ['Шампуни Loreal', 'Шампуни'],
      ['Кабели USB Type-C', 'Кабели и переходники'],
      ['Планшеты Android', 'Планшеты'],
    ] as const) {
      const match = original.match(label);
      expect(match.status, label).toBe('confident');
      expect(match.best?.entry.name.rus, label).toBe(name);
    }
    expect(original.match('Свечи').status).toBe('exact');
  });
});
