import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { buildSandboxDirectories } from './measure-matching.js';

const original = createDirectoryMatchers(buildSandboxDirectories('original')).categoryMatcher();
const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();
const leafOf = (matcher: typeof original, label: string): string | undefined => {
  const match = matcher.match(label);
  return match.status === 'todo' ? undefined : match.best?.entry.path?.rus;
};

describe('a room of the seller\'s path names the leaf filed by it (issue 33, labels34)', () => {
  it('takes the leaf the room files over leaves of no room (`Кухня / Ножи`: no building or camping knives)', () => {
    expect(leafOf(marketplace, 'Кухня / Ножи')).toBe('Дом и сад / Посуда и кухня / Ножи кухонные');
    expect(leafOf(marketplace, 'Ванная / Шторы')).toBe('Дом и сад / Ванная комната / Шторы для ванной');
    expect(leafOf(marketplace, 'Кухня / Полотенца')).toBe('Дом и сад / Кухонные принадлежности / Кухонные полотенца');
  });

  it('reads the rest of a longer leaf\'s name in the room (`Кухня / Весы` is `Кухонные весы`, not floor scales)', () => {
    expect(leafOf(original, 'Кухня / Весы')).toBe('Бытовая техника / Техника для кухни / Кухонные весы');
    expect(leafOf(original, 'Кухня / Ножи')).toBe('Дом и сад / Посуда и кухня / Ножи кухонные');
  });

  it('keeps a leaf of no room a rival where the rows point at it (`Нож туристический`, `Весы напольные`)', () => {
    expect(marketplace.match('Кухня / Ножи', { productNames: ['Нож туристический складной'] }).status).toBe('todo');
    expect(marketplace.match('Кухня / Весы', { productNames: ['Весы напольные электронные'] }).status).toBe('todo');
    expect(original.match('Кухня / Весы', { productNames: ['Весы напольные электронные'] }).status).toBe('todo');
    expect(marketplace.match('Кухня / Ножи', { productNames: ['Нож шеф-повара 20 см'] }).best?.entry.name.rus).toBe('Ножи кухонные');
  });

  it('leaves a room no leaf of the goods is filed by a question, and a room noun that is goods no room', () => {
    // `Полотенца` of `Домашний текстиль` beside paper and kitchen towels: no leaf says the bathroom.
    expect(leafOf(marketplace, 'Ванная / Полотенца')).toBeUndefined();
    expect(leafOf(marketplace, 'Спальня / Подушки')).toBeUndefined();
    // `Детские кухни` (toy kitchens) names kitchens as goods: no leaf of the kitchen for a chair.
    expect(leafOf(marketplace, 'Кухня / Стулья')).toBeUndefined();
  });

  it('lets a row\'s kind the room does not explain speak over the room, in both directories (reviewB33 D1)', () => {
    const asks = (matcher: typeof original, label: string, row: string): string => matcher.match(label, { productNames: [row] }).status;
    for (const matcher of [original, marketplace]) {
      expect(asks(matcher, 'Кухня / Ножи', 'Нож туристический складной')).toBe('todo');
      expect(asks(matcher, 'Кухня / Ножи', 'Нож охотничий Кизляр')).toBe('todo');
      expect(asks(matcher, 'Кухня / Весы', 'Весы детские для новорожденных')).toBe('todo');
      expect(asks(matcher, 'Для кухни / Ножи', 'Нож туристический складной')).toBe('todo');
    }
    // A use no room explains, or a row the product reader reads as no leaf: the original directory's only knives are kitchen ones.
    expect(asks(original, 'Кухня / Ножи', 'Нож для рыбалки и охоты с чехлом')).toBe('todo');
    expect(asks(original, 'Кухня / Ножи', 'Мультитул Leatherman')).toBe('todo');
    expect(asks(marketplace, 'Кухня / Фартуки', 'Фартук строительный кожаный')).toBe('todo');
    expect(asks(marketplace, 'Кухня / Лопатки', 'Лопата снеговая пластиковая')).toBe('todo');
    expect(asks(marketplace, 'Кухня / Комбайны', 'Комбайн зерноуборочный модель')).toBe('todo');
    // Still the kitchen's where the row says the room or the kitchen goods alone.
    expect(marketplace.match('Кухня / Фартуки', { productNames: ['Фартук для кухни хлопок'] }).best?.entry.name.rus).toBe('Фартуки кухонные');
  });
});
