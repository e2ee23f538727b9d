import { describe, expect, it } from 'vitest';
import { findChildrenSize, readChildrenBySize } from '../../../src/assistant/classify/children-sizes.js';

describe('findChildrenSize', () => {
  it.each([
    ['Двойка травка розов/коричневый (56-74см, 3шт)', 'height range in cm'],
    ['K71165 Брюки синие 134-164 (24шт)', 'bare height range'],
    ['Пуховик черный с одним бубенчиком (130)', 'height in brackets'],
    ['Лосины короткие (белые, 150)', 'height in brackets'],
    ['Брюки синие 7/122 (2шт)', 'height with age'],
    ['Платье (90/100/110/120/130/140/150)', 'size run'],
    ['Тройка с бомбером и боди (6/9/12/18/24)', 'size run'],
    ['Штаны флисовые с начесом серые (9m)', 'months (Latin)'],
    ['Платье белое с бантом (6m-24m, 24шт)', 'months (Latin)'],
    ['Боди хлопковое 0-3 мес', 'months (Cyrillic)'],
    ['Штанишки розовые Patch Joggers (4T)', 'toddler size'],
    ['Футболки 2T/3T/4T/5T', 'size run'],
    ['4-8 YAS COCUK SAPKA (12шт)', 'age in years'],
    ['Пижама хлопковая 3 года', 'age in years'],
    ['Платье в клетку (2-7) 10шт', 'small range in brackets'],
    ['Кроссовки на липучках (27-31)', 'small range in brackets'],
    ['Платье с цветочками (2 цвета, 4-8) 8шт', 'small range in brackets'],
  ])('reads %s as a children\'s size', (name, shape) => {
    expect(findChildrenSize(name)).toBe(shape);
  });

  it.each([
    'Брюки мужские 44-46',
    'Платье (48)',
    'Рубашка 52-54',
    'Футболка S/M/L/XL',
    'Костюм 170-176',
    'Брюки (182-188)',
    'Джинсы W32 L34',
    'Кроссовки (36-41)',
    'Сапоги (39)',
    'Бюстгальтер 75B',
    'Комплект постельного белья 140х200',
    'Простыня (140x200)',
    'Постельное белье 1,5-спальное',
    'Телевизор гарантия 12 мес',
    'Антивирус 1 ПК 1 год',
    'Сок 130 мл',
    'Крем 150 мл',
    'Домкрат бутылочный 5т',
    'Трос буксировочный 5 т',
    'Перчатки резиновые (7-8)',
    'Носки (44-46)',
    'Шланг 20 м',
  ])('reads no children\'s size in %s', (name) => {
    expect(findChildrenSize(name)).toBeUndefined();
  });
});

describe('readChildrenBySize', () => {
  const women = { demographic: { gender: 'female' as const } };
  const kids = { demographic: { kids: true } };
  const nobody = { demographic: {} };

  it('says children where the name carries a size, says no people, and the directory keeps the goods for adults of a gender', () => {
    expect(readChildrenBySize('Платье в клетку (130)', {}, [nobody, women, kids])).toEqual({ kids: true });
  });

  it('leaves what the name says: an adult\'s gender, or children already', () => {
    expect(readChildrenBySize('Платье женское (130)', { gender: 'female' }, [women, kids])).toEqual({ gender: 'female' });
    expect(readChildrenBySize('Платье для девочек (130)', { gender: 'female', kids: true }, [women, kids])).toEqual({ gender: 'female', kids: true });
  });

  it('reads nothing where no candidate leaf is kept for adults of a gender (a filter, a blanket, a toy)', () => {
    expect(readChildrenBySize('Фильтр (130)', {}, [nobody])).toEqual({});
    expect(readChildrenBySize('Одеяло (110-140)', {}, [nobody, kids])).toEqual({});
  });

  it('reads nothing where the name carries no children\'s size', () => {
    expect(readChildrenBySize('Платье (48)', {}, [women, kids])).toEqual({});
  });
});
