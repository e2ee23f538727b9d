import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { buildSandboxDirectories } from './measure-matching.js';

const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('a children\'s leaf beside the adults\' plain leaf of a bare noun (issue 33, labels26)', () => {
  it('takes the adults\' leaf for a bare garment noun that says nobody', () => {
    // Rivals before: `Юбки для девочек` (1.00, its name equal once `для девочек` is set apart), `Рубашки и блузки для девочек / мальчиков`.
    expect(marketplace.match('Юбки').best?.entry.path?.rus).toBe('Одежда / Женская одежда / Юбки');
    expect(marketplace.match('Блузки', { productNames: ['Блузка шифоновая'] }).best?.entry.path?.rus).toBe('Одежда / Женская одежда / Блузки и рубашки');
  });

  it('takes the plain leaf beside a children\'s leaf of a children\'s department, and after a qualifier too', () => {
    // `Книги / Детские книги: дополнительно / Детские детективы`, `Детские товары / … / Детские зубные пасты`: children's goods kept apart.
    expect(marketplace.match('Детектив', { productNames: ['Книга детектив'] }).best?.entry.path?.rus).toBe('Книги / Художественная литература / Детективы');
    expect(marketplace.match('Тіс пасталары', { productNames: ['Colgate тіс пастасы 100 мл'] }).best?.entry.path?.rus).toBe('Красота и здоровье / Уход за телом / Зубные пасты');
    // A first leaf named inside a longer label (`Юбки` in `Юбки плиссированные`) has the children's kind beside it no more than a plain one.
    expect(marketplace.match('Юбки плиссированные').best?.entry.path?.rus).toBe('Одежда / Женская одежда / Юбки');
  });

  it('takes the adults\' leaf beside a narrower kind of the same section filed for nobody', () => {
    // `Национальная одежда / Национальные платья` says no sex: a narrower kind of the women's dresses, not other people's goods.
    expect(marketplace.match('Платья', { productNames: ['Платье миди трикотажное'] }).best?.entry.path?.rus).toBe('Одежда / Женская одежда / Платья');
    // The babies' plain leaf keeps its rivals: `Подгузники для взрослых` (hygiene, another section) are other people's goods.
    expect(marketplace.match('Подгузники').status).toBe('todo');
  });

  it('leaves the children\'s leaf to labels or rows that say children', () => {
    expect(marketplace.match('Юбки для девочек').best?.entry.path?.rus).toBe('Одежда / Одежда для девочек / Юбки для девочек');
    const rows = marketplace.match('Блузки', { productNames: ['Блузка для девочки школьная', 'Блузка для девочки белая'] });
    expect(rows.best?.entry.path?.rus).not.toBe('Одежда / Женская одежда / Блузки и рубашки');
    expect(marketplace.match('Детектив', { productNames: ['Детский детектив Тайна старого дома', 'Детский детектив Пропавший щенок'] }).status).toBe('todo');
    // One row saying children is enough to keep the children's leaf a rival, as a narrower leaf's word in a row is.
    expect(marketplace.match('Блузки', { productNames: ['Блузка для девочки школьная'] }).status).toBe('todo');
    expect(marketplace.match('Комод', { productNames: ['Комод детский с пеленальным столиком'] }).status).toBe('todo');
    expect(marketplace.match('Влажные салфетки', { productNames: ['Влажные салфетки детские 72 шт', 'Влажные салфетки для малышей 100 шт'] }).status).toBe('todo');
    expect(marketplace.match('Платья', { productNames: ['Платье для девочки нарядное', 'Платье для девочки летнее'] }).best?.entry.path?.rus).not.toBe('Одежда / Женская одежда / Платья');
  });

  it('keeps a plain leaf filed for nobody beside the children\'s kind, and the two sexes\' leaves beside each other', () => {
    // `Велосипеды`: the plain leaf or `Детские велосипеды` beside it in `Велосипеды и самокаты`, as the labels mark it; `Шорты`: women's or men's.
    expect(marketplace.match('Велосипеды').status).toBe('todo');
    expect(marketplace.match('Велосипеды горные').status).toBe('todo');
    expect(marketplace.match('Шорты').status).toBe('todo');
    expect(marketplace.match('Пижамы').status).toBe('todo');
    // No plain leaf at all: `Детская косметика` is never the answer to a bare `Косметика`.
    expect(marketplace.match('Косметика').status).toBe('todo');
  });
});
