import { describe, expect, it } from 'vitest';
import { isSoldBySize, readNameNumbers } from '../../../src/assistant/classify/part-numbers.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { findSure, indexes } from './find-sure-names.js';

describe('readNameNumbers: the part number', () => {
  it.each([
    ['Адаптер 90гр. 100-733', '100-733'],
    ['Адаптер 45 гр. 5010-101', '5010-101'],
    ['Труба пластиковая прозрачная арт. 4510-001 (6х1,25)', '4510-001'],
    ['Трубка пластиковая 100-009-25 6х1,5 с густой смазкой внутри', '100-009-25'],
    ['Удлинитель М6х1 - М6х1, L57,5, арт.100-125', '100-125'],
    ['Адаптер 2510-102 М6хМ6', '2510-102'],
    ['Удлинитель  18мм М10х1 /1/8"', 'М10х1'],
    ['Адаптер М10х1хМ10х1 18мм 100-142', 'М10х1'],
    ['Гайка M14X1.5', 'M14X1.5'],
    ['Гайка M10*1,5', 'M10*1,5'],
    ['Адаптер артикул 100-120', '100-120'],
    ['Адаптер код 100-120', '100-120'],
    ['Адаптер 100–733', '100–733'],
  ])('%s: %s', (name, number) => {
    expect(readNameNumbers(name).partNumber).toBe(number);
  });

  it.each([
    'Паяльник 30-130 Вт',
    'Пижама детская 122-128',
    'Ерлер шұлығы укороченные 39-41',
    'ДК-1843 Полотенце махровое',
    'Лампа светодиодная 220-240 В',
    'Болт М8х40 оцинкованный',
    'Ключ динамометрический 1/2" (28-210Nm)',
    'Газонокосилка аккумуляторная ЗУБР ГКЛ-3736-42',
    'Молоко ГОСТ 31450-2013 2,5%',
    'Молоко сгущенное ТУ 9222-001-12345678',
    'Пижама 104-134',
    'Колготки 080-092',
    'Футболка детская 98-104-110',
    'Одеяло (110-140)',
    'Пододеяльник 145-215',
    'Кроссовки Старт 160-180',
    'Молоко 2,5% ТУ 10.51.11-001',
    'Учебник 978-5-09-087773-2',
    'Раскраска ISBN 978-5-17-123456-7',
  ])('%s: none (a range, a shop code, a model, a bolt length, a standard, a size, a word ending like a code label)', (name) => {
    expect(readNameNumbers(name).partNumber).toBeUndefined();
  });
});

describe('readNameNumbers: the size range', () => {
  it.each([
    ['Удлинитель 100-132', '100-132'],
    ['Удлинитель 1/4 1/8 100-147', '100-147'],
    ['Одеяло (110-140)', '110-140'],
    ['Пижама 104-134', '104-134'],
    ['Футболка детская 98-104-110', '98-104-110'],
  ])('%s: %s', (name, number) => {
    expect(readNameNumbers(name).sizeRange).toBe(number);
  });

  // A span of years is a calendar's, a school year's or the models' years: neither a size nor a part number.
  it.each(['Календарь 2025-2026', 'Ежедневник 2024-2025', 'Учебник Математика 5 класс 2023-2024', 'Фара VOLVO FH 2004-2014'])('%s: no number (a span of years)', (name) => {
    expect(readNameNumbers(name)).toEqual({});
  });

  it.each(['Адаптер 90гр. 100-733', 'Удлинитель М6х1 - М6х1, L57,5, арт.100-125', 'Паяльник 30-130 Вт', 'Ерлер шұлығы укороченные 39-41', 'ДК-1843 Полотенце махровое', 'Молоко ГОСТ 31450-2013 2,5%'])('%s: none (a part number, a measure\'s range, two-digit sizes, a shop code, a standard)', (name) => {
    expect(readNameNumbers(name).sizeRange).toBeUndefined();
  });
});

describe('isSoldBySize', () => {
  const leafAt = (path: string) => {
    const leaf = indexes.marketplace.leaves.find((candidate) => candidate.path === path);
    if (leaf === undefined) throw new Error(`no leaf ${path}`);
    return leaf;
  };

  it.each(['Дом и сад / Домашний текстиль / Одеяла', 'Одежда / Детская одежда / Пижамы', 'Аксессуары / Головные уборы и текстиль / Шапки вязаные'])('%s: goods the path sizes', (path) => {
    expect(isSoldBySize(leafAt(path))).toBe(true);
  });

  // Garments and shoes are sized by the directory's attributes (`isSizedLeaf`), not by a path word.
  it.each(['Строительство и ремонт / Электрика / Удлинители', 'Обувь / Женская обувь / Сапоги', 'Обувь / Уход за обувью и аксессуары / Сушилки для обуви'])('%s: not by its path', (path) => {
    expect(isSoldBySize(leafAt(path))).toBe(false);
  });
});

describe('a bare one-word type beside a part number', () => {
  // A lubrication distributor's list: every such pick was sure and wrong (an extension cord, a PC adapter).
  it.each(['Удлинитель  18мм М10х1 /1/8"', 'Адаптер 90гр. 100-733', 'Адаптер М10х1 х М10х1 100-141', 'Адаптер М10х1хМ10х1 18мм 100-142'])('%s is a question', (name) => {
    expect(findSure('marketplace', [name])).toEqual([]);
  });

  // A material is no word of another kind: the type is one word of goods all the same.
  it.each(['Труба пластиковая арт. 4510-001 (6х1,25)', 'Труба пластиковая 4 x 0,85 пустая черная 100-010'])('%s (one word and its material) is a question', (name) => {
    expect(findSure('marketplace', [name])).toEqual([]);
  });

  // A car's catalogue number beside a leaf of the vehicles' section names the part that leaf holds: no other system's.
  it.each(['Фара 2106-3711010', 'Стартер 2101-3708010', 'Амортизатор 2108-2905402', 'Термостат 2108-1306010', 'Бампер 2110-2803015'])('%s (a leaf of the vehicles\' section) stays sure', (name) => {
    expect(findSure('marketplace', [name])).toEqual([expect.stringContaining('→ Автотовары / ')]);
  });

  // A number that rises as a size range does is a part number beside goods no one sells by size: no extension cord comes in
  // sizes (the same list's `Удлинитель 100-132 … 100-148`, 4 sure wrong picks).
  it.each(['Удлинитель 100-132', 'Удлинитель 100-140', 'Удлинитель 1/4 1/8 100-147', 'Удлинитель 100-148  1/8" х 1/8"   L23'])('%s (a rise beside goods sold by no size) is a question', (name) => {
    expect(findSure('marketplace', [name])).toEqual([]);
    expect(findSure('original', [name])).toEqual([]);
  });

  // Stationery and school books carry the year they are for: a span of years says nothing of a system's part.
  it.each(['Календарь 2025-2026', 'Ежедневник 2024-2025'])('%s (a span of years) stays sure', (name) => {
    expect(findSure('marketplace', [name])).toHaveLength(1);
  });

  it('Учебник Математика 5 класс 2023-2024 (a school year) stays sure on both directories', () => {
    expect(findSure('marketplace', ['Учебник Математика 5 класс 2023-2024'])).toHaveLength(1);
    expect(findSure('original', ['Учебник Математика 5 класс 2023-2024'])).toHaveLength(1);
  });

  // A truck-parts file's hose clamp: its range is the clamp's size, as the directory sizes clamps (`Типоразмер`).
  it('Хомут TORRO S 170-190/9C7-W1 (a clamp the directory sizes) stays sure', () => {
    expect(findSure('marketplace', ['Хомут TORRO S 170-190/9C7-W1'])).toEqual([expect.stringContaining('→ Строительство и ремонт / Крепёж / Хомуты')]);
  });

  // The directory sizes garments and shoes by an attribute (`Размер одежды`, `Размер обуви`); football boots, though no path word says so.
  it.each([['Бутсы 240-260', 'Бутсы'], ['Кроссовки женские 240-260', 'Кроссовки']])('%s (goods sized by an attribute) stays sure', (name, leaf) => {
    expect(findSure('marketplace', [name])).toEqual([expect.stringContaining(leaf)]);
  });

  // Size ranges of children's clothes and bedding are sizes, one reader of them (`children-sizes.ts`) or a rise below double.
  it.each(['Пижама 104-134', 'Комбинезон 86-110', 'Одеяло 110-140', 'Плед 130-170', 'Простыня 150-215', 'Пододеяльник 145-215', 'Платье 146-152-158'])('%s (a size range) stays sure', (name) => {
    expect(findSure('marketplace', [name])).toHaveLength(1);
  });

  // A thread with its pitch is the size of goods the directory sizes (`Типоразмер`): bolts and nuts, not a PC adapter.
  it.each(['Болт М6х1', 'Болт М10х1,25', 'Болт М12х1,25', 'Гайка М12х1,5', 'Гайка М6х1', 'Гайка M14X1.5'])('%s (a fastener\'s thread) stays sure', (name) => {
    expect(findSure('marketplace', [name])).toEqual([expect.stringContaining('→ Строительство и ремонт / Крепёж / ')]);
  });

  it.each(['Удлинитель 5 м 3 розетки', 'Удлинитель Pilot GL 5 м', 'Паяльник 40 Вт ЗУБР', 'Пижама 122-128', 'Труба пластиковая 20 мм'])('%s stays as sure as it was (no part number)', (name) => {
    expect(findSure('marketplace', [name])).toHaveLength(1);
  });
});

describe("the part number's doubt", () => {
  // Names of one type share one decision (the ranking memo keys whether a number is there, not which): the doubt a seller reads
  // on each row must hold for every one of them.
  it('names no number, so two names of one type with different numbers read the same true text', () => {
    const doubts = ['Адаптер 100-733', 'Адаптер 100-822'].map((name) => classifyProduct(indexes.marketplace, { name }).doubt ?? '');
    expect(doubts[0]).toMatch(/^a maker's part number says /);
    expect(doubts[1]).toBe(doubts[0]);
    expect(doubts.filter((doubt) => /100-[78]/.test(doubt))).toEqual([]);
  });

  it('calls a size range beside goods sold in no sizes a number range, not a part number the seller wrote', () => {
    const doubt = classifyProduct(indexes.marketplace, { name: 'Удлинитель 100-132' }).doubt ?? '';
    expect(doubt).toMatch(/^a number range beside goods sold in no sizes /);
    expect(doubt).not.toContain('part number');
  });
});
