import { describe, expect, it } from 'vitest';
import { findForeignPathLevel } from '../../src/assistant/category-label/find-foreign-path-level.js';
import { getClassifierIndex } from '../../src/assistant/classify/load-classifier-index.js';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { buildSandboxDirectories } from './measure-matching.js';

const originalMatchers = createDirectoryMatchers(buildSandboxDirectories('original'));
const original = originalMatchers.categoryMatcher();
const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();
const classifier = getClassifierIndex(originalMatchers.index.directories, originalMatchers.index);
const leafOf = (id: number) => {
  const leaf = classifier.leaves.find((candidate) => candidate.id === id);
  if (leaf === undefined) throw new Error(`no leaf ${id}`);
  return leaf;
};

describe('an upper level of a label naming goods off the leaf\'s path (issue 33, mend23a)', () => {
  it('reads a level the directory names in another section, or the whole name of another leaf', () => {
    expect(findForeignPathLevel(classifier, leafOf(20303), 'Игрушки/Утюг паровой', undefined)).toEqual({ level: 'Игрушки', where: 'Детские товары / Игрушки' });
    expect(findForeignPathLevel(classifier, leafOf(20303), 'Утюг паровой', 'Автотовары')).toEqual({ level: 'Автотовары', where: 'Автотовары' });
    expect(findForeignPathLevel(classifier, leafOf(50202), 'Бижутерия/Серьги золотые', undefined)?.where).toBe('Аксессуары / Украшения / Бижутерия');
    // A word of a longer branch name of another section: `Строительство` of `Строительство и ремонт`.
    expect(findForeignPathLevel(classifier, leafOf(20401), 'Строительство/Фен аккумуляторный', undefined)).toEqual({ level: 'Строительство', where: 'Строительство и ремонт' });
    // The leaf's own path, a room, a word for goods in general, a word the directory does not name: the shop's own groupings.
    for (const [id, text] of [
      [20303, 'Бытовая техника/Утюги'],
      [60102, 'Товары для дома/Кухня/Сковороды'],
      [20303, 'Новинки/Утюг паровой'],
      [20303, 'Акция/Утюг'],
      [20303, 'Philips/Утюг'],
      [70102, 'Детские товары/Игрушки/Куклы'],
      [30101, 'Одежда/Женская одежда/Платья'],
    ] as const) {
      expect(findForeignPathLevel(classifier, leafOf(id), text, undefined), text).toBeUndefined();
    }
  });

  it('makes a label under another section\'s level a question naming that branch, where the word alone was sure', () => {
    for (const [matcher, label] of [
      [original, 'Игрушки/Утюг паровой'],
      [original, 'Игрушки/Утюг'],
      [original, 'Автотовары/Утюг'],
      [original, 'Автотовары/Пылесосы аккумуляторные'],
      [original, 'Игрушки/Кольца золотые'],
      [original, 'Куклы/Одежда для кукол/Юбка миди'],
      [original, 'Бижутерия/Серьги золотые'],
      [original, 'Строительство/Фен аккумуляторный'],
      [marketplace, 'Строительство/Миксер аккумуляторный'],
      [marketplace, 'Игрушки/Утюг паровой'],
      [marketplace, 'Автотовары/Утюг паровой'],
    ] as const) {
      const match = matcher.match(label);
      expect(match.status, label).toBe('todo');
      expect(match.doubt, label).toMatch(/^the label's path says/u);
    }
    const parent = original.match('Утюг паровой', { parentPath: 'Игрушки' });
    expect(parent.status).toBe('todo');
  });

  it('leaves sure a label under the shop\'s own groupings or the leaf\'s own branches', () => {
    for (const [matcher, label, key] of [
      [original, 'Товары для дома/Кухня/Сковороды', '60102'],
      [original, 'Акция/Утюг', '20303'],
      [original, 'Philips/Утюг', '20303'],
      [original, 'Детские товары/Игрушки/Куклы', '70102'],
      [original, 'Зоотовары/Игрушки для животных', '110205'],
      [original, 'Бытовая техника/Уборка/Пылесосы аккумуляторные', '20301'],
      [original, 'Одежда/Женская одежда/Платья', '30101'],
      [marketplace, 'Электроника/Наушники', '10302'],
      // `Детское питание` is another leaf's whole name, but says whom goods are for as the leaf `Детские каши` does.
      [marketplace, 'Детское питание/Каши', '70502'],
      [original, 'Утюг паровой', '20303'],
      // A word of the leaf's own section's longer branch names (`Товары для дома` beside `Техника для дома`), a section's word in the leaf's path.
      [original, 'Товары для дома/Утюг', '20303'],
      [original, 'Ремонт/Дрели', '120101'],
      [original, 'Здоровье/Тонометры', '80601'],
      [original, 'Красота/Фен', '20401'],
    ] as const) {
      const match = matcher.match(label);
      expect(match.status, label).not.toBe('todo');
      expect(match.best?.key, label).toBe(key);
    }
  });
});
