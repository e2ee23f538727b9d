/**
 * The file-brand collector never takes what the goods are for a brand (issue 33, probe round 4,
 * cause C): a head noun capitalised by the sentence after a Latin brand or a code that opens the
 * name, a word that heads the type of the file's other names, a genitive eponym of one head.
 */
import { describe, expect, it } from 'vitest';
import { getClassifierIndex } from '../../../src/assistant/classify/load-classifier-index.js';
import { createFileBrandCollector } from '../../../src/assistant/review/collect-file-brands.js';
import { readKnownBrands } from '../../../src/assistant/classify/known-brands.js';
import { readProductTypeKey } from '../../../src/assistant/review/read-product-type-key.js';
import { createDirectoryIndex } from '../../../src/mapping/directory-index.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const directories = buildSandboxDirectories('marketplace');
const classifier = getClassifierIndex(directories, createDirectoryIndex(directories));

function collectBrands(names: readonly string[]): string[] {
  const collector = createFileBrandCollector(classifier);
  for (const name of names) collector.add(name);
  return collector.finish().map((brand) => brand.word);
}

// A brand the file shows after two kinds of goods, in names in lower case: it stays one in every case below.
const BRAND = ['Кефир Адал 2,5% 900 мл', 'Айран Адал классический 1 л'];

describe('the brand words of a file', () => {
  it('are counted from where the product type opens: a head after a Latin brand or a code is none', () => {
    const names = ['Corteco Сальник коленвала передний 40x55x7', 'Elring Сальник распредвала задний 35х48х8', 'ML-2883 Втулка стабилизатора передняя', 'GT-1120 Втулка стабилизатора задняя'];
    expect(collectBrands([...BRAND, ...names])).toEqual(['адал']);
  });

  it('leave out a word that heads the type of as many names of the file as show it as a brand', () => {
    // `Сальник` shown twice after the first word, and the head of three names.
    const names = ['Набор Сальник коленвала передний', 'Кольцо Сальник уплотнительный резиновый', 'Сальник коленвала передний 40x55x7', 'Сальник распредвала задний 35х48х8', 'Сальник привода левый 35х48х8'];
    expect(collectBrands([...BRAND, ...names])).toEqual(['адал']);
  });

  it('leave out a genitive that every name showing it writes right after one head (an eponym), not a brand after several', () => {
    const names = ['Кубик Рубика 3х3 классический', 'Кубик Рубика 4х4 скоростной', 'Жгут Эсмарха резиновый 1 шт', 'Жгут Эсмарха медицинский 1 шт', 'Творог Агуша мягкий 5%', 'Кефир Агуша детский 3,2%'];
    expect(collectBrands([...BRAND, ...names])).toEqual(['агуша', 'адал']);
  });

  it('take a capitalised word every name shows right after the brand as its second word (`Фрекен Бок`), so a name it opens keeps its goods', () => {
    const names = ['Салфетка из микрофибры Фрекен Бок, 20 шт', 'Перчатки хозяйственные "Фрекен Бок" M прочные', 'Губка меламиновая Фрекен Бок 2 шт', 'Фрекен Бок Фольга алюминиевая 30 м'];
    expect(collectBrands([...BRAND, ...names])).toEqual(['фрекен бок', 'адал']);
  });

  it('take the word every name joins to the brand by a hyphen as its second word, a word of the directory too (`Текс-Дизайн`)', () => {
    const names = ['Пододеяльник бязь 140х205 Текс-Дизайн', 'Простыня сатин Текс-Дизайн 160х200', 'Текс-Дизайн Пододеяльник сатиновый'];
    expect(collectBrands([...BRAND, ...names])).toEqual(['адал', 'текс дизайн']);
    // Joined by a hyphen in one name only, the directory's word after it stays no part of the brand.
    expect(collectBrands([...BRAND, 'Пододеяльник бязь Текс-Дизайн', 'Простыня сатин Текс Дизайн 160х200'])).toEqual(['адал', 'текс']);
  });

  it('take a possessive capitalised inside names with the word every name writes after it as a maker\'s name (`Моё постельное`)', () => {
    const names = ['Простыня натяжная Моё постельное 140х200', 'Наволочка сатин Моё постельное 50х70', 'Моё постельное Простыня натяжная 90х200'];
    expect(collectBrands([...BRAND, ...names])).toEqual(['адал', 'мое постельное']);
    const known = readKnownBrands(classifier, { brandWords: new Set(collectBrands([...BRAND, ...names])) });
    expect(readProductTypeKey('Моё постельное Простыня натяжная 90х200', undefined, known)).toBe('простыня натяжная');
    // Different words after it, or shown once: no maker's name.
    expect(collectBrands([...BRAND, 'Простыня Моё постельное 140х200', 'Наволочка Моё любимое 50х70'])).toEqual(['адал']);
    expect(collectBrands([...BRAND, 'Простыня Моё постельное 140х200'])).toEqual(['адал']);
  });

  it('but a brand followed by other words, an adjective or a word of the directory stays one word (traps)', () => {
    const other = ['Кефир Агуша Детский 3,2% питьевой', 'Творог Агуша мягкий 5%', 'Сок Агуша Яблоко 200 мл осветлённый'];
    const adjective = ['Молоко Простоквашино Отборное 1 л пастеризованное', 'Кефир Простоквашино Отборное 1% питьевой'];
    const goods = ['Салфетка Фрекен Губка 2 шт прочная', 'Перчатки Фрекен Губка M прочные'];
    expect(collectBrands([...BRAND, ...other, ...adjective])).toEqual(['агуша', 'адал', 'простоквашино']);
    expect(collectBrands([...BRAND, ...goods])).toEqual(['адал', 'фрекен']);
  });
});
