/**
 * A word a file writes in front of many different goods is no type (issue 33, loop24): first in names whose next Cyrillic word
 * opens other names of the file on its own, three different ones at least (or one, where each name writes it as a proper name
 * right before them), it is read as a brand is (`collect-file-brands.ts`), so the goods after it are the type. The words are of
 * no list: a brand or note of one file.
 */
import { describe, expect, it } from 'vitest';
import { getClassifierIndex } from '../../../src/assistant/classify/load-classifier-index.js';
import { readKnownBrands } from '../../../src/assistant/classify/known-brands.js';
import { createFileBrandCollector } from '../../../src/assistant/review/collect-file-brands.js';
import { readProductTypeKey } from '../../../src/assistant/review/read-product-type-key.js';
import { createDirectoryIndex } from '../../../src/mapping/directory-index.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const directories = buildSandboxDirectories('marketplace');
const classifier = getClassifierIndex(directories, createDirectoryIndex(directories));

const readWords = (names: readonly string[]): string[] => {
  const collector = createFileBrandCollector(classifier);
  for (const name of names) collector.add(name);
  return collector.finish().map((brand) => brand.word);
};

// Goods the file names on their own: the words after a lead are these.
const GOODS = ['Палатка трекинговая 3 мест.', 'Нож складной 9 см', 'Котелок туристический 1 л', 'Фонарь светодиодный 300 лм', 'Спальник кокон -5'];

describe('a word the file writes in front of many different goods', () => {
  it('is read as a brand, and the goods after it are the type', () => {
    const names = [...GOODS, 'БОРЕЙ Палатка 2-местная', 'БОРЕЙ Нож охотничий', 'БОРЕЙ Котелок 2 л', 'БОРЕЙ Фонарь налобный'];
    expect(readWords(names)).toContain('борей');
    const known = readKnownBrands(classifier, { brandWords: new Set(readWords(names)) });
    expect(readProductTypeKey('БОРЕЙ Котелок 2 л', undefined, known)).toBe('котелок');
    expect(readProductTypeKey('БОРЕЙ Палатка 2-местная', undefined, known)).toBe('палатка');
  });

  it('is not one in front of two goods only in lower case, nor where the goods after it open no names of their own', () => {
    expect(readWords([...GOODS, 'борей Палатка 2-местная', 'борей Нож охотничий'])).not.toContain('борей');
    expect(readWords(['Борей Тент 3х3', 'Борей Гамак', 'Борей Казан 8 л', 'Горелка газовая'])).not.toContain('борей');
  });

  it('is read as a brand in front of one kind of goods too, where every name writes it as a proper name right before them', () => {
    expect(readWords([...GOODS, 'Торвикс Палатка 2-местная', 'ТОРВИКС Палатка зимняя'])).toContain('торвикс');
    // Written in lower case once, or joined to the goods by a hyphen (`Мини-печь`), or before a pack (`Шампуры набор`): a word of goods.
    expect(readWords([...GOODS, 'Торвикс Палатка 2-местная', 'торвикс Палатка зимняя'])).not.toContain('торвикс');
    expect(readWords([...GOODS, 'Мини-палатка 1-местная', 'Мини-палатка детская'])).not.toContain('мини');
    // The first word is capitalised by the sentence: goods in lower case after it are its own (`Тандыр нан`, a tandoor flatbread).
    expect(readWords([...GOODS, 'Нан пшеничный', 'Тандыр нан 300 г', 'Тандыр нан 1 шт'])).not.toContain('тандыр');
    expect(readWords([...GOODS, 'Набор походный', 'Шампуры набор 6 шт', 'Шампуры набор 10 шт'])).not.toContain('шампуры');
  });

  it('makes the word written right after it the goods, no brand of their own (`Следопыт Разжигатель твердый`)', () => {
    const names = [...GOODS, 'Следопыт Палатка трекинговая', 'Следопыт Нож складной', 'Следопыт Котелок походный', 'Следопыт Разжигатель твердый 10 шт', 'Следопыт Разжигатель жидкий 0,5 л', 'Разжигатель твердый 12 шт'];
    expect(readWords(names)).toContain('следопыт');
    expect(readWords(names)).not.toContain('разжигатель');
  });

  it('is never an adjective (a kind of each), a word of the directory, or a word before brands (`Налобник Фотон`)', () => {
    const names = [...GOODS, 'Туристический Палатка', 'Туристический Нож', 'Туристический Котелок', 'Детский Палатка', 'Детский Нож', 'Детский Фонарь'];
    expect(readWords(names)).toEqual([]);
    const brands = ['Фотон Палатка', 'Фотон Нож', 'Фотон Котелок', 'Сибирь Палатка', 'Сибирь Нож', 'Сибирь Фонарь', 'Кедр Котелок', 'Кедр Нож', 'Кедр Фонарь'];
    const headlamps = ['Налобник Фотон 300 лм', 'Налобник Сибирь 150 лм', 'Налобник Кедр 500 лм', 'Налобник аккумуляторный'];
    expect(readWords([...GOODS, ...brands, ...headlamps])).not.toContain('налобник');
  });

  it('is never a borrowed who-for word nor the first part of compound words of the directory (`Бэби`, `Вело`: review24b)', () => {
    const kinds = ['Бэби', 'Кидс', 'Леди', 'Вело', 'Мото'].flatMap((lead) => [`${lead} Палатка`, `${lead} Нож`, `${lead} Котелок`, `${lead} Фонарь`]);
    expect(readWords([...GOODS, ...kinds])).toEqual([]);
  });

  it('reads a who-for loanword by its sound, in a spelling no list holds (`Бейби`, `Кидди`, `Юниор`, `Вумен`: review25a)', () => {
    const kinds = ['Бейби', 'Кидди', 'Юниор', 'Вумен', 'Бэйби'].flatMap((lead) => [`${lead} Палатка`, `${lead} Нож`, `${lead} Котелок`, `${lead} Фонарь`]);
    expect(readWords([...GOODS, ...kinds])).toEqual([]);
    const known = readKnownBrands(classifier, {});
    expect(readProductTypeKey('Бейби Шампунь 250 мл', undefined, known)).toBe('бейби шампунь');
  });

  it('trap: a word that only sounds near a who-for word stays a maker (`Бебе`, `Кидо`, `Лада`)', () => {
    const makers = ['Бебе', 'Кидо', 'Лада'].flatMap((lead) => [`${lead} Палатка`, `${lead} Нож`, `${lead} Котелок`, `${lead} Фонарь`]);
    expect(readWords([...GOODS, ...makers])).toEqual(['бебе', 'кидо', 'лада']);
  });

  it('keys the goods with their kind (`бэби шампунь`, never adult `шампунь` nor `бэби` alone)', () => {
    const known = readKnownBrands(classifier, {});
    expect(readProductTypeKey('Бэби Шампунь 250 мл', undefined, known)).toBe('бэби шампунь');
    expect(readProductTypeKey('Вело Фонарь передний USB', undefined, known)).toMatch(/^вело фонарь/u);
    expect(readProductTypeKey('Мото Шлем интеграл XL', undefined, known)).not.toBe('мото');
  });

  it('counts no brand and no note after it as goods (`Портьера Лилия …` beside `Лилия Шторы`, `акция Портьера`)', () => {
    const curtains = ['Шторы блэкаут 150х270', 'Тюль вуаль 300х270', 'Штора на ленте 200х260', 'Тюль органза 400х280'];
    // `Лилия`, `Домотекс`: makers written first as proper names before goods, and after goods elsewhere; `акция` a note.
    const makers = ['Лилия Шторы h 260', 'ЛИЛИЯ Тюль лен 150х270', 'Тюль сетка 300х270 Лилия', 'Домотекс Тюль лен', 'Домотекс Шторы 200х260', 'Штора на ленте Домотекс', 'акция Портьера 200х260'];
    const drapes = ['Портьера Лилия 200х260', 'Портьера Домотекс 400х280', 'Портьера 150х270 оливковый', 'Портьера акция 200х260'];
    const words = readWords([...curtains, ...makers, ...drapes]);
    expect(words).not.toContain('портьера');
    expect(words).toEqual(expect.arrayContaining(['домотекс', 'лилия']));
    const known = readKnownBrands(classifier, { brandWords: new Set(words) });
    expect(readProductTypeKey('Портьера Лилия 200х260', undefined, known)).toBe('портьера');
  });

  it('trap: a brand before the same goods stays one (`Борей`, `Сибирь`)', () => {
    const names = [...GOODS, 'Борей Палатка', 'Борей Нож', 'Борей Котелок', 'Сибирь Палатка', 'Сибирь Нож', 'Сибирь Фонарь', 'Вело Палатка', 'Вело Нож', 'Вело Котелок'];
    expect(readWords(names)).toEqual(['борей', 'сибирь']);
  });
});

describe('a phrase of two words the file writes in front of many different goods (a maker\'s name: `Ивановский текстиль`)', () => {
  const LINEN = ['Простыня на резинке 160х200', 'Наволочка 70х70 бязь', 'Ткань сатин 220 см', 'Пододеяльник 1,5 сп', 'Полотенце махровое 50х90', 'Постельное белье Евро сатин'];

  it('is read as a brand, and the goods after it are the type', () => {
    const names = [...LINEN, 'Ивановский текстиль Ткань сатин 220 см', 'Ивановский текстиль Простыня на резинке 140х200', 'ИВАНОВСКИЙ ТЕКСТИЛЬ Наволочка 50х70', 'Ивановский текстиль Пододеяльник 2 сп'];
    expect(readWords(names)).toContain('ивановский текстиль');
    const known = readKnownBrands(classifier, { brandWords: new Set(readWords(names)) });
    expect(readProductTypeKey('Ивановский текстиль Простыня на резинке 140х200', undefined, known)).toMatch(/^простыня/u);
    expect(readProductTypeKey('Ивановский текстиль Ткань сатин 220 см', undefined, known)).toMatch(/^ткань/u);
  });

  it('trap: goods the directory names stay goods (`Постельное белье Ранфорс …`), and two goods only make no brand', () => {
    const linen = ['Постельное белье Ранфорс Простыня в комплекте', 'Постельное белье Сатин Наволочка 4 шт', 'Постельное белье Бязь Пододеяльник', 'Постельное белье Поплин Ткань'];
    expect(readWords([...LINEN, ...linen]).filter((word) => word.startsWith('постельное'))).toEqual([]);
    const known = readKnownBrands(classifier, { brandWords: new Set(readWords([...LINEN, ...linen])) });
    expect(readProductTypeKey('Постельное белье Ранфорс Простыня в комплекте', undefined, known)).toMatch(/^постельное/u);
    expect(readWords([...LINEN, 'Самойловский текстиль Простыня 1,5', 'Самойловский текстиль Ткань 2 м'])).not.toContain('самойловский текстиль');
    // A noun that names a leaf makes goods of the phrase, whatever follows it (`Карточная игра Ткань …` is a card game).
    const games = ['Карточная игра Простыня', 'Карточная игра Ткань', 'Карточная игра Наволочка', 'Карточная игра Пододеяльник'];
    expect(readWords([...LINEN, ...games])).not.toContain('карточная игра');
  });

  it('reads a directory adjective with a noun the directory never says as a maker\'s line (`Женская линия Халат …`, wrongs28)', () => {
    const nightwear = ['Халат махровый 48', 'Сорочка ночная 46 вискоза', 'Пижама женская сатин 46-48', 'Пеньюар шелковый M'];
    const line = ['Женская линия Халат женский велюр 54', 'NEW Женская линия Сорочка ночная 48', 'ЖЕНСКАЯ ЛИНИЯ ПИЖАМА САТИН M', 'Женская линия Пеньюар арт. 1146'];
    expect(readWords([...nightwear, ...line])).toContain('женская линия');
    const known = readKnownBrands(classifier, { brandWords: new Set(readWords([...nightwear, ...line])) });
    expect(readProductTypeKey('Женская линия Халат женский велюр 54', undefined, known)).toMatch(/^халат/u);
  });

  it('reads a phrase written in capitals before capitalised goods, in names that are not, as a maker\'s name (`КОШКИН ДОМ Ножницы …`, wrongs28)', () => {
    const household = ['Ножницы по металлу 300 мм', 'Салфетка протирочная из микрофибры', 'Губка для посуды 5 шт', 'Веник сорго'];
    const maker = ['КОШКИН ДОМ Ножницы канцелярские 13,5см', 'КОШКИН ДОМ Салфетка из микрофибры 30х40', 'КОШКИН ДОМ Тряпка для пола 50х70'];
    const words = readWords([...household, ...maker]);
    expect(words).toContain('кошкин дом');
    const known = readKnownBrands(classifier, { brandWords: new Set(words) });
    expect(readProductTypeKey('КОШКИН ДОМ Ножницы канцелярские 13,5см', undefined, known)).toMatch(/^ножницы/u);
    expect(readProductTypeKey('КОШКИН ДОМ Тряпка для пола 50х70', undefined, known)).toMatch(/^тряпка/u);
  });

  it('trap: a type in capitals before its own details stays the type (`ЛЕНТА МАЛЯРНАЯ Желтая`, one kind after it, names in capitals)', () => {
    const goods = ['Лента малярная 48 мм', 'Скотч упаковочный 48 мм', 'Губка для посуды 5 шт'];
    const capitals = ['ЛЕНТА МАЛЯРНАЯ Желтая 48 мм', 'ЛЕНТА МАЛЯРНАЯ Белая 24 мм', 'ЛЕНТА МАЛЯРНАЯ Скотч 36 мм', 'ГУБКА ДЛЯ ПОСУДЫ 5 ШТ'];
    expect(readWords([...goods, ...capitals]).filter((word) => word.startsWith('лента'))).toEqual([]);
  });

  it('trap: a header in capitals that names goods of the directory stays goods (`ДЕТСКАЯ ОДЕЖДА`, `ПОСТЕЛЬНОЕ БЕЛЬЕ`, `САДОВЫЙ ИНВЕНТАРЬ`, review28)', () => {
    const cases: [string[], string[]][] = [
      [['Футболка хлопок 110', 'Шорты джинсовые 116', 'Платье летнее 104', 'Носки 3 пары'], ['ДЕТСКАЯ ОДЕЖДА Футболка 98', 'ДЕТСКАЯ ОДЕЖДА Шорты 104', 'ДЕТСКАЯ ОДЕЖДА Платье 110']],
      [['Наволочка 50х70 бязь', 'Простыня 1,5 сп бязь', 'Пододеяльник 1,5 сп', 'Полотенце махровое 70х140'], ['ПОСТЕЛЬНОЕ БЕЛЬЕ Наволочка 70х70 сатин', 'ПОСТЕЛЬНОЕ БЕЛЬЕ Простыня евро сатин', 'ПОСТЕЛЬНОЕ БЕЛЬЕ Пододеяльник евро']],
      [['Лопата штыковая', 'Грабли веерные', 'Секатор 20 см', 'Шланг поливочный 20 м'], ['САДОВЫЙ ИНВЕНТАРЬ Лопата совковая', 'САДОВЫЙ ИНВЕНТАРЬ Грабли 12 зуб.', 'САДОВЫЙ ИНВЕНТАРЬ Секатор плоскостной']],
    ];
    for (const [goods, headed] of cases) expect(readWords([...goods, ...headed]).filter((word) => word.includes(' '))).toEqual([]);
  });

  it('trap: a directory adjective with a noun of the directory\'s stays goods (`Женская одежда Халат …`)', () => {
    const nightwear = ['Халат махровый 48', 'Сорочка ночная 46 вискоза', 'Пижама женская сатин 46-48', 'Пеньюар шелковый M'];
    const group = ['Женская одежда Халат велюр 54', 'Женская одежда Сорочка ночная 48', 'Женская одежда Пижама сатин M', 'Женская одежда Пеньюар 1146'];
    expect(readWords([...nightwear, ...group]).filter((word) => word.startsWith('женская'))).toEqual([]);
  });

  it('trap: a purpose is no maker, opened by a preposition (`Для кошек`, `От комаров`) or closed by the Kazakh purpose word (review25a)', () => {
    const goods = ['Игрушка мяч 6 см', 'Лежанка круглая 50 см', 'Когтеточка угловая', 'Шампунь 250 мл', 'Крем 50 мл', 'Гель 200 мл'];
    const purposes = ['Для кошек Игрушка мышь', 'Для кошек Лежанка мягкая', 'Для кошек Когтеточка столбик', 'От блох Шампунь 250 мл', 'От блох Игрушка', 'От блох Лежанка'];
    const kazakh = ['ЕРЛЕРГЕ АРНАЛҒАН ШАМПУНЬ 400 МЛ', 'ЕРЛЕРГЕ АРНАЛҒАН КРЕМ 50 МЛ', 'ЕРЛЕРГЕ АРНАЛГАН ГЕЛЬ 200 МЛ', 'Ерлерге арналған Лежанка'];
    const words = readWords([...goods, ...purposes, ...kazakh]);
    expect(words.filter((word) => /^(для|от|ерлерге)/u.test(word))).toEqual([]);
    const known = readKnownBrands(classifier, { brandWords: new Set(words) });
    // Read as a maker, `для кошек` was cut from the middle of every other name too.
    expect(readProductTypeKey('Лежанка для кошек мягкая', undefined, known)).toBe(readProductTypeKey('Лежанка для кошек мягкая', undefined, readKnownBrands(classifier, {})));
  });

  it('reads a maker of two words joined by a hyphen in front of goods the same way (`Агро-Сад Грабли`), never one joined to the goods', () => {
    const garden = ['Грабли веерные', 'Секатор плоскостной', 'Лопата штыковая', 'Мотыга'];
    expect(readWords([...garden, 'Агро-Сад Грабли 16 зуб', 'Агро-Сад Секатор 20 см', 'Агро-Сад Лопата'])).toContain('агро сад');
  });
});
