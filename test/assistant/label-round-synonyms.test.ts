/**
 * The everyday and trade words the label round of loop25 asked for (labels25): each class leads the label to the
 * directory's leaf; traps keep what the words must not reach (a child's potty, a building heat gun, smartphones themselves).
 */
import { describe, expect, it } from 'vitest';
import { rewriteWithSynonyms } from '../../src/assistant/category-synonyms.js';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { buildSandboxDirectories } from './measure-matching.js';

const matcher = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();
// The leaf a label leads with: its sure match, or the first candidate of its question.
const lead = (label: string): string | undefined => matcher.match(label, { productNames: [] }).candidates[0]?.entry.name.rus;

describe('words the label round asked for', () => {
  it.each([
    ['Чехлы для смартфонов', 'Чехлы для телефонов'],
    ['Крепления для ТВ', 'Кронштейны для ТВ'],
    ['Игры для PS4', 'Видеоигры'],
    ['Горшки для цветов', 'Горшки и кашпо'],
  ])('%s leads with %s', (label, leaf) => {
    expect(lead(label)).toBe(leaf);
  });

  it('reads the everyday diminutive `Сковородки` as frying pans, surely', () => {
    expect(matcher.match('Сковородки', { productNames: [] })).toMatchObject({ status: 'confident', best: { entry: { name: { rus: 'Сковороды' } } } });
  });

  it('reads `ПММ` as the plural the directory names its dishwasher goods with', () => {
    expect(rewriteWithSynonyms('Таблетки для ПММ')?.text).toBe('таблетки для посудомоечных машин');
  });
});

describe('traps: what the words must not reach', () => {
  it.each([
    ['Горшки детские', 'Горшки'],
    ['Фены строительные', 'Строительные фены'],
    ['Смартфоны', 'Смартфоны'],
    ['Защитные стёкла для смартфонов', 'Защитные стёкла'],
  ])('%s leads with %s', (label, leaf) => {
    expect(lead(label)).toBe(leaf);
  });
});

describe('a mouse said wireless, gaming or optical (labels31)', () => {
  const original = createDirectoryMatchers(buildSandboxDirectories('original')).categoryMatcher();
  it.each(['Мышь беспроводная', 'Мыши игровые', 'Gaming mouse', 'Беспроводная мышь'])('%s is a computer mouse, surely', (label) => {
    const match = original.match(label, { productNames: [] });
    expect(match.status).toBe('confident');
    expect(match.best?.entry.name.rus).toBe('Компьютерные мыши');
  });

  it.each(['Мыши', 'Мышь', 'Мыши для кошек', 'Игровая мышь для кошек'])('%s stays a question (a cat toy as much as a computer mouse)', (label) => {
    expect(original.match(label, { productNames: [] }).status).toBe('todo');
  });
});

describe('kinds of cameras, TV boxes and home fragrances said by their trade names (labels31)', () => {
  const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();
  it.each([
    ['Фотоаппараты зеркальные', 'Фотоаппараты'],
    ['Беззеркальные фотоаппараты', 'Фотоаппараты'],
    ['Смарт ТВ приставки', 'ТВ-приставки'],
    ['Android приставки', 'ТВ-приставки'],
    ['Диффузоры ароматические', 'Ароматы для дома'],
  ])('%s is %s, surely', (label, leaf) => {
    const match = marketplace.match(label, { productNames: [] });
    expect(match.status).toBe('confident');
    expect(match.best?.entry.name.rus).toBe(leaf);
  });

  it('leaves a mirror a mirror, and a bare diffuser a question', () => {
    expect(marketplace.match('Зеркала настенные', { productNames: [] }).best?.entry.name.rus ?? marketplace.match('Зеркала настенные', { productNames: [] }).candidates[0]?.entry.name.rus).not.toBe('Фотоаппараты');
    expect(marketplace.match('Диффузоры', { productNames: [] }).status).toBe('todo');
  });
});

describe('a price list order and trade phrases of goods the directory names plainly (labels31)', () => {
  const original = createDirectoryMatchers(buildSandboxDirectories('original')).categoryMatcher();
  it.each([
    ['Автодержатели для телефона', 'Автомобильные держатели'],
    ['Отпариватель ручной', 'Отпариватели'],
    ['Семена овощей', 'Семена'],
    ['Турник настенный', 'Турники'],
    ['Постельное белье евро', 'Постельное бельё'],
    ['Часы детские наручные', 'Детские часы'],
  ])('%s is %s, surely', (label, leaf) => {
    const match = original.match(label, { productNames: [] });
    expect(match.status).toBe('confident');
    expect(match.best?.entry.name.rus).toBe(leaf);
  });

  it('leaves other discs and hand tools questions', () => {
    expect(original.match('Диски отрезные', { productNames: [] }).status).toBe('todo');
    expect(original.match('Пила ручная', { productNames: [] }).status).toBe('todo');
  });
});

describe('goods named by what they are for, made of or how they work, that the marketplace files plainly (labels31)', () => {
  const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();
  it.each([
    ['Наполнитель для кошачьего туалета', 'Наполнители'],
    ['Чемоданы на колесах', 'Чемоданы'],
    ['Салфетки из микрофибры', 'Губки и салфетки'],
    ['Подарочный набор парфюмерии', 'Парфюмерные наборы'],
    ['Палатки туристические', 'Палатки'],
    ['Ноутбуки игровые', 'Ноутбуки'],
  ])('%s is %s, surely', (label, leaf) => {
    const match = marketplace.match(label, { productNames: [] });
    expect(match.status).toBe('confident');
    expect(match.best?.entry.name.rus).toBe(leaf);
  });

  it('never takes what the phrases do not say for their leaf', () => {
    for (const [label, leaf] of [
      ['Палатки детские', 'Палатки'],
      ['Ноутбуки для детей', 'Ноутбуки'],
    ] as const) {
      const match = marketplace.match(label, { productNames: [] });
      expect(match.status === 'todo' || match.best?.entry.name.rus !== leaf, label).toBe(true);
    }
  });
});
