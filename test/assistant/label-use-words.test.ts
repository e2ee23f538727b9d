import { describe, expect, it } from 'vitest';
import { splitPathLevels } from '../../src/assistant/category-label/label-text.js';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { buildSandboxDirectories } from './measure-matching.js';

const original = createDirectoryMatchers(buildSandboxDirectories('original')).categoryMatcher();
const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('a path level that opens with a preposition (issue 33, labels18)', () => {
  it('is one level with the level above it', () => {
    expect(splitPathLevels('Сантехника/Смесители/Для кухни')).toEqual(['Сантехника', 'Смесители Для кухни']);
    expect(splitPathLevels('Корма > для кошек')).toEqual(['Корма для кошек']);
    // A slash after one letter is no level (`д/ванной`), and a level that opens with a word is a level.
    expect(splitPathLevels('Смесители д/ванной')).toEqual(['Смесители д/ванной']);
    expect(splitPathLevels('Одежда / Детская одежда')).toEqual(['Одежда', 'Детская одежда']);
  });

  it('never reads the use alone as the goods', () => {
    // `Детские кухни` (toys) for `Для кухни`, `Спальные мешки` for `Для спальни`, `Книги о спорте` for `Для спорта`.
    for (const [label, key] of [
      ['Сантехника/Смесители/Для кухни', '120301'],
      ['Наушники/Для спорта', '10302'],
    ] as const) expect(marketplace.match(label).candidates[0]?.key, label).toBe(key);
    for (const matcher of [original, marketplace]) expect(matcher.match('Мебель/Для спальни').candidates[0]?.key).not.toBe('90302');
  });

  it('keeps the use the level above is weighed with: no hair shampoo for dogs, no art brush for make-up', () => {
    // Each was a confident pick of the original directory while the level above was read alone.
    for (const [label, wrong] of [
      ['Шампуни/Для собак', '80301'],
      ['Кисти/Для макияжа', '70305'],
      ['Сыворотки/Для волос', '80102'],
    ] as const) {
      const match = original.match(label);
      expect(match.status, label).toBe('todo');
      expect(match.best?.key, label).not.toBe(wrong);
    }
  });

  it('keeps what the level above and the use name together', () => {
    for (const matcher of [original, marketplace]) expect(matcher.match('Корма/Для кошек').best?.key).toBe('110101');
    expect(original.match('Сантехника/Смесители/Для кухни').best?.key).toBe('120301');
    for (const matcher of [original, marketplace]) expect(matcher.match('Одежда/Для девочек').status).toBe('todo');
  });
});

describe('a word the label says of its use and the leaf of its goods (issue 33, labels18)', () => {
  it('keeps the question the classifier would settle: dry hair is no dry shampoo', () => {
    // The classifier reads `Шампуни для сухих волос` as `Сухие шампуни` (a confident pick before).
    for (const label of ['Шампуни для сухих волос', 'Шампуни/Для сухих волос']) {
      const match = marketplace.match(label);
      expect(match.status, label).toBe('todo');
      expect(match.candidates.map((candidate) => candidate.key), label).toContain('80301');
    }
    expect(original.match('Шампуни для сухих волос').best?.key).toBe('80301');
  });

  it('keeps it where the rows\' names, read alone, say the same leaf', () => {
    const match = marketplace.match('Шампуни для сухих волос', { productNames: ['Шампунь для сухих волос 400 мл', 'Шампунь Syoss для сухих волос 500 мл'] });
    expect(match.status).toBe('todo');
    expect(match.candidates.map((candidate) => candidate.key)).toContain('80301');
  });

  it('is not a use the leaf makes an adjective of', () => {
    for (const matcher of [original, marketplace]) expect(matcher.match('Весы для кухни').best?.key).toBe('20211');
  });
});

describe('a room after `для` beside goods of another section that furnish it (issue 33, labels23)', () => {
  it('puts the leaf of the label\'s goods first, never the toy kitchens that share the word', () => {
    for (const label of ['Смеситель для кухни', 'Смесители для кухни']) {
      const match = marketplace.match(label);
      expect(match.candidates[0]?.key, label).toBe('120301');
      expect(match.candidates[0]?.score, label).toBeGreaterThanOrEqual(0.88);
    }
  });

  it('keeps a leaf of the leaf\'s own section that furnishes the room a rival, and the question where the room names other goods', () => {
    // `Прихожие` (hallway furniture) beside `Шкафы`; the veto still asks where only another section's leaf names the room.
    expect(marketplace.match('Шкафы для прихожей').status).toBe('todo');
    for (const label of ['Смеситель для кухни', 'Фартуки для кухни', 'Шкафы для ванной']) expect(marketplace.match(label).status, label).toBe('todo');
  });
});
