import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { tokenizeForMatch } from '../../src/assistant/normalize-for-match.js';
import { buildSandboxDirectories } from './measure-matching.js';

const BREADTHS = ['original', 'marketplace'] as const;
const matchers = Object.fromEntries(BREADTHS.map((breadth) => [breadth, createDirectoryMatchers(buildSandboxDirectories(breadth)).categoryMatcher()]));

/**
 * Labels a neutral word (a material, softness, a season) made confident and wrong (review3 finding 3): `Подводки` are
 * eyeliners, and by one letter leashes (`Ошейники и поводки`); `Чайники` a kitchen's, an electric and a brewing one;
 * `Компрессоры` a car's, an air and an aquarium's; `Регистраторы` dashcams and office ring binders. Each in both word orders.
 */
const TRAPS: readonly (readonly [string, string, string])[] = [
  ['Подводки мягкие', '-', '-'], ['Мягкие подводки', '-', '-'], ['Подводки пластиковые', '-', '-'], ['Пластиковые подводки', '-', '-'],
  // A bare `Чайник` is still a sure kitchen kettle (its compounds are found by the plural only): `Чайник керамический` is left.
  ['Чайники керамические', '-', '-'], ['Керамические чайники', '-', '-'],
  // The original directory has one compressor, a car's: there the label is sure, and right.
  ['Компрессор зимний', 'Автотовары / .* / Компрессоры$', '-'], ['Зимний компрессор', 'Автотовары / .* / Компрессоры$', '-'],
  ['Регистраторы зимние', '-', '-'], ['Зимние регистраторы', '-', '-'], ['Станки классические', '-', '-'],
];

describe('a label with a neutral word is never surer than its head noun alone (issue 33, review3 finding 3)', () => {
  for (const breadth of BREADTHS) {
    it(`leaves the head's question open (${breadth} directory)`, () => {
      const sure = TRAPS.flatMap(([label, ...rights]) => {
        const right = rights[BREADTHS.indexOf(breadth)] ?? '-';
        const match = matchers[breadth]?.match(label, { productNames: [] });
        const path = match?.best?.entry.path?.rus ?? '';
        return match === undefined || match.status === 'todo' || (right !== '-' && new RegExp(right, 'u').test(path)) ? [] : [`${label} → ${path}`];
      });
      expect(sure).toEqual([]);
    });

    it(`holds for every head two leaves share, with any neutral word after it (${breadth} directory)`, () => {
      const directories = buildSandboxDirectories(breadth);
      const matcher = matchers[breadth];
      const heads = [...new Set(directories.categories.map((category) => tokenizeForMatch(category.name.rus)[0] ?? '').filter((word) => /^[а-яё]{4,}(?:ы|и)$/u.test(word)))];
      const open = heads.filter((head) => matcher?.match(head, { productNames: [] }).status === 'todo');
      const sure = open.flatMap((head) => ['зимние', 'пластиковые', 'мягкие', 'классические'].flatMap((word) => {
        const match = matcher?.match(`${head} ${word}`, { productNames: [] });
        const path = match?.best?.entry.path?.rus ?? '';
        // A leaf whose own name or path says the word (`Мягкие игрушки`, `Зимний спорт / Санки`) is what the word names.
        return match === undefined || match.status === 'todo' || path.toLowerCase().includes(word.slice(0, 5)) ? [] : [`${head} ${word} → ${path}`];
      }));
      expect(open.length).toBeGreaterThan(20);
      expect(sure).toEqual([]);
    });
  }

  it('keeps a pick whose leaf says the word itself or whose bare head is sure', () => {
    const marketplace = matchers.marketplace;
    expect(marketplace?.match('Папки кожаные', { productNames: [] }).best?.entry.path?.rus).toBe('Аксессуары / Кожгалантерея / Папки кожаные');
    expect(marketplace?.match('Ботинки женские зимние', { productNames: [] }).best?.entry.path?.rus).toBe('Обувь / Женская обувь / Ботинки');
    expect(marketplace?.match('Уровень строительный', { productNames: [] }).best?.entry.path?.rus).toBe('Строительство и ремонт / Ручной инструмент / Уровни');
  });

  it('names the bare head\'s rivals in the question', () => {
    const match = matchers.marketplace?.match('Подводки мягкие', { productNames: [] });
    expect(match?.status).toBe('todo');
    expect(match?.doubt).toContain('"Подводки" alone is a question');
    expect(match?.candidates.map((candidate) => candidate.entry.name.rus)).toEqual(expect.arrayContaining(['Ошейники и поводки', 'Подводки для глаз']));
  });
});
