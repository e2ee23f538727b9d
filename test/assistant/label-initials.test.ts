import { describe, expect, it } from 'vitest';
import type { Category, Directories } from '../../src/domain/index.js';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { readLabelHead } from '../../src/assistant/category-label/label-text.js';
import { areInitialsOf, findLabelInitials, readFurtherWords } from '../../src/assistant/read-label-initials.js';
import { buildSandboxDirectories } from './measure-matching.js';

const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('initials in a label (issue 33, labels2)', () => {
  it('are single letters joined by slashes or dots, never a shortening of a word or a size', () => {
    expect(findLabelInitials('Лапша б/п')).toEqual([{ written: 'б/п', letters: 'бп' }]);
    expect(findLabelInitials('Рыба Г/К')).toEqual([{ written: 'Г/К', letters: 'гк' }]);
    expect(findLabelInitials('Лапша б.п.')).toEqual([{ written: 'б.п.', letters: 'бп' }]);
    for (const text of ['Чехлы д/телефонов', 'Шины 205/55 R16', 'Сумки/рюкзаки', 'Wi-Fi роутеры', 'Батарейки AA/AAA']) expect(findLabelInitials(text), text).toEqual([]);
  });

  it('are letters of any script, as the path reader has them: `A/V` is initials, no path step', () => {
    expect(findLabelInitials('Кабели A/V')).toEqual([{ written: 'A/V', letters: 'av' }]);
    expect(readLabelHead('Кабели A/V')).toBe('Кабели A/V');
  });

  it('are no step of a path', () => {
    expect(readLabelHead('Лапша б/п')).toBe('Лапша б/п');
    expect(readLabelHead('Продукты/Лапша б/п')).toBe('Лапша б/п');
  });

  it('stand for the further words of a narrower name, in order', () => {
    const further = readFurtherWords('Лапша быстрого приготовления', 'Лапша') ?? [];
    expect(further).toEqual(['быстрого', 'приготовления']);
    expect(areInitialsOf({ written: 'б/п', letters: 'бп' }, further)).toBe(true);
    expect(areInitialsOf({ written: 'п/б', letters: 'пб' }, further)).toBe(false);
    expect(readFurtherWords('Каши быстрого приготовления', 'Лапша')).toBeUndefined();
    expect(readFurtherWords('Лапша', 'Лапша')).toBeUndefined();
  });

  it('put the narrower leaf they write out first in a question, never sure of it nor of the broader one', () => {
    // Before labels2: `Лапша` at 0.95, sure, its narrower sibling 0.93 behind (probe 12); labels2 made the narrower leaf sure,
    // which two letters cannot carry (the review's `Столы д/с` of garden tables, `Сапоги р/м` of work boots).
    for (const label of ['Лапша б/п', 'Лапша Б/П', 'Лапша б.п.']) {
      for (const productNames of [[], ['Лапша Доширак говядина 90 г'], ['Лапша быстрого приготовления Доширак', 'Лапша быстрого приготовления Роллтон']]) {
        const match = marketplace.match(label, { productNames });
        expect(match.status, label).toBe('todo');
        expect(match.best, label).toBeUndefined();
        expect(match.candidates[0]?.entry.name.rus, label).toBe('Лапша быстрого приготовления');
        expect(match.doubt, label).toContain('быстрого приготовления');
        expect(match.text).toBe(label);
      }
    }
    expect(marketplace.match('Лапша').best?.entry.name.rus).toBe('Лапша');
  });

  it('that no leaf\'s further words begin are a word the leaf does not explain, which the product names do not lift', () => {
    for (const [label, product] of [['Перчатки х/б', 'Перчатки хлопковые рабочие'], ['Рыба г/к', 'Скумбрия горячего копчения']] as const) {
      const match = marketplace.match(label, { productNames: [product] });
      expect(match.status, label).toBe('todo');
      expect(match.heldBy, label).toContain(label.split(' ')[1]);
    }
    expect(marketplace.match('Перчатки х/б').doubt).toContain('"х/б"');
  });
});

/** A grocery directory of one group whose leaves are `Лапша` and its narrower kinds. */
function buildNoodleDirectories(narrower: readonly string[]): Directories {
  const group = (id: number, rus: string, parentId: number | null): Category => ({ id, parentId, name: { rus, kaz: '' }, path: { rus, kaz: '' }, isLeaf: false });
  const leaf = (id: number, rus: string): Category => ({ id, parentId: 2, name: { rus, kaz: '' }, path: { rus: `Продукты питания / Крупы и макароны / ${rus}`, kaz: '' }, isLeaf: true });
  const categories = [group(1, 'Продукты питания', null), { ...group(2, 'Крупы и макароны', 1), path: { rus: 'Продукты питания / Крупы и макароны', kaz: '' } }, leaf(10, 'Лапша'), leaf(11, 'Макароны'), ...narrower.map((name, at) => leaf(20 + at, name))];
  return { categories, attributes: [], values: [], brands: [], fetchedAt: '2026-01-01T00:00:00.000Z' };
}

describe('initials read against a directory built for them (issue 33, labels2)', () => {
  it('put the one narrower leaf whose further words they begin first, as a question', () => {
    const matcher = createDirectoryMatchers(buildNoodleDirectories(['Лапша быстрого приготовления'])).categoryMatcher();
    const match = matcher.match('Лапша б/п');
    expect(match.status).toBe('todo');
    expect(match.candidates.map((candidate) => candidate.entry.name.rus).slice(0, 2)).toEqual(['Лапша быстрого приготовления', 'Лапша']);
  });

  it('leave a question listing every narrower leaf they fit, the broader one never sure', () => {
    const matcher = createDirectoryMatchers(buildNoodleDirectories(['Лапша быстрого приготовления', 'Лапша бобовая пшеничная'])).categoryMatcher();
    const match = matcher.match('Лапша б/п');
    expect(match.status).toBe('todo');
    expect(match.candidates.slice(0, 2).map((candidate) => candidate.entry.name.rus).sort()).toEqual(['Лапша бобовая пшеничная', 'Лапша быстрого приготовления']);
  });

  it('that fit no leaf leave the broader leaf a question naming them', () => {
    const matcher = createDirectoryMatchers(buildNoodleDirectories([])).categoryMatcher();
    const match = matcher.match('Лапша б/п');
    expect(match.status).toBe('todo');
    expect(match.candidates[0]?.entry.name.rus).toBe('Лапша');
    expect(match.heldBy).toEqual(['б/п']);
    expect(matcher.match('Лапша').status).toBe('exact');
  });
});

const original = createDirectoryMatchers(buildSandboxDirectories('original')).categoryMatcher();

// The review of labels2 (issue 33): letters that fit the further words of a leaf of another kind of goods, or of the same
// kind for someone else, while the rows say what the letters mean. Each was sure of that leaf.
const COINCIDENTAL_INITIALS: readonly (readonly [string, readonly string[]])[] = [
  ['Столы д/с', ['Стол садовый складной 120x70 см', 'Стол для сада пластиковый белый']],
  ['Стулья д/с', ['Стул садовый пластиковый белый']],
  ['Сапоги р/м', ['Сапоги рабочие мужские кирзовые', 'Сапоги рабочие ПВХ мужские утепленные']],
  ['Сапоги р/ж', ['Сапоги рабочие женские ПВХ']],
  ['Плавки к/м', ['Плавки купальные мужские Speedo']],
  ['Костюмы к/м', ['Костюм камуфляжный мужской летний']],
  ['Перчатки в/м', ['Перчатки ветрозащитные мужские']],
  ['Рубашки б/м', ['Рубашка мужская без манжет']],
  ['Варежки п/д', ['Варежки пуховые детские']],
  ['Лаки с/с', ['Лак для ногтей сверхстойкий 10 мл']],
  ['Шкафы в/д', ['Шкаф двустворчатый высокий']],
  ['Фрукты с/о', ['Фрукты сушеные ассорти']],
  ['Лакомства с/с', ['Лакомство для собак сушеное']],
  ['Соки д/в', ['Сок яблочный 1 л']],
  ['Носки х/б', ['Носки хлопковые мужские']],
];

describe('initials that fit by coincidence (trap, issue 33 review of labels2)', () => {
  it('never make a label sure on either directory, with its rows or without', () => {
    for (const [name, matcher] of [['marketplace', marketplace], ['original', original]] as const) {
      for (const [label, productNames] of COINCIDENTAL_INITIALS) {
        for (const names of [[], productNames]) {
          const match = matcher.match(label, { productNames: names });
          expect(match.status, `${name}: ${label} (${names.length} names)`).toBe('todo');
          expect(match.best, `${name}: ${label}`).toBeUndefined();
        }
      }
    }
  });

  it('offer the leaf whose further words they begin as a candidate only', () => {
    const match = marketplace.match('Столы д/с', { productNames: ['Стол садовый складной 120x70 см'] });
    expect(match.candidates[0]?.entry.name.rus).toBe('Детские столы и стулья');
    expect(match.candidates.map((candidate) => candidate.entry.name.rus)).toContain('Столы');
  });
});

describe('a slash after a single letter (issue 33, labels2 round 2)', () => {
  it('is a shortening, never a step of a path whose last level is the leaf', () => {
    // Before: `Смесители д/ванной` read as the path `Смесители д` / `ванной`, Ванны CONFIDENT at 0.99; `д/кухни` → Детские кухни.
    const bath = marketplace.match('Смесители д/ванной', { productNames: [] });
    expect(bath.status).not.toBe('confident');
    expect(bath.candidates[0]?.entry.name.rus).toBe('Смесители');
    expect(marketplace.match('Смесители д/кухни', { productNames: [] }).candidates[0]?.entry.name.rus).toBe('Смесители');
    expect(marketplace.match('Полки д/ванной', { productNames: [] }).best?.entry.name.rus).toBe('Полки для ванной');
  });
});

describe('`б/у` after the goods (issue 33, labels25)', () => {
  it('says their condition, used, as a shop\'s note does: the goods are the leaf\'s', () => {
    for (const [label, name] of [
      ['Смартфоны б/у', 'Смартфоны'],
      ['Ноутбуки б/у', 'Ноутбуки'],
    ] as const) {
      const match = marketplace.match(label, { productNames: [] });
      expect(match.status, label).toBe('confident');
      expect(match.best?.entry.name.rus, label).toBe(name);
    }
  });

  it('is read so with product names too', () => {
    // Until labels25 `б/у` was initials no leaf's further words begin, held like `х/б` (above).
    expect(marketplace.match('Смартфоны б/у', { productNames: ['Смартфон Samsung Galaxy A15'] }).best?.entry.name.rus).toBe('Смартфоны');
  });

  it('lifts no other doubt: used tyres are still of several leaves, and other initials stay a question', () => {
    expect(marketplace.match('Шины б/у', { productNames: [] }).status).toBe('todo');
    expect(marketplace.match('Смартфоны б/п', { productNames: [] }).status).toBe('todo');
  });
});
