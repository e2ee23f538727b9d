import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildClassifierIndex, hashCategories } from '../../../src/assistant/classify/build-classifier-index.js';
import { buildClassifierIndexPath, loadClassifierIndex } from '../../../src/assistant/classify/load-classifier-index.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import type { Category } from '../../../src/domain/index.js';
import { buildClassifierDirectories } from './classifier-directory.js';

const index = buildClassifierIndex(buildClassifierDirectories());

describe('classifyProduct', () => {
  it('takes the narrower leaf whose every further word the name says, by a word or by the initials of an abbreviation', () => {
    const extra = [
      { id: 11, parentId: null, name: { rus: 'Крупы', kaz: 'Жармалар' }, path: { rus: 'Продукты / Крупы', kaz: 'Азық / Жармалар' }, isLeaf: false },
      { id: 1101, parentId: 11, name: { rus: 'Лапша', kaz: 'Кеспе' }, path: { rus: 'Продукты / Крупы / Лапша', kaz: 'Азық / Жармалар / Кеспе' }, isLeaf: true },
      { id: 1102, parentId: 11, name: { rus: 'Лапша быстрого приготовления', kaz: 'Тез пісетін кеспе' }, path: { rus: 'Продукты / Крупы / Лапша быстрого приготовления', kaz: 'Азық / Жармалар / Тез пісетін кеспе' }, isLeaf: true },
      { id: 12, parentId: null, name: { rus: 'Зоотовары', kaz: 'Зоотауарлар' }, path: { rus: 'Зоотовары', kaz: 'Зоотауарлар' }, isLeaf: false },
      { id: 1201, parentId: 12, name: { rus: 'Корм для кошек', kaz: 'Мысықтарға арналған жем' }, path: { rus: 'Зоотовары / Корм для кошек', kaz: 'Зоотауарлар / Мысықтарға арналған жем' }, isLeaf: true },
      { id: 1202, parentId: 12, name: { rus: 'Влажные корма для кошек', kaz: 'Мысықтарға арналған ылғалды жемдер' }, path: { rus: 'Зоотовары / Влажные корма для кошек', kaz: 'Зоотауарлар / Мысықтарға арналған ылғалды жемдер' }, isLeaf: true },
    ];
    const narrow = buildClassifierIndex(buildClassifierDirectories(extra));
    expect(classifyProduct(narrow, { name: 'Лапша б/п Роллтон острая 70 г' })).toMatchObject({ leafId: 1102, confident: true });
    expect(classifyProduct(narrow, { name: 'Лапша Макфа 400 г' })).toMatchObject({ leafId: 1101, confident: true });
    // A word of the type neither leaf explains makes the plain leaf a question, with the word named.
    expect(classifyProduct(narrow, { name: 'Лапша яичная Макфа 400 г' })).toMatchObject({ leafId: 1101, confident: false, doubt: expect.stringContaining('"яичная"') as unknown });
    expect(classifyProduct(narrow, { name: 'Корм для кошек влажный Whiskas 85 г' })).toMatchObject({ leafId: 1202, confident: true });
    expect(classifyProduct(narrow, { name: 'Корм для кошек Whiskas 85 г' })).toMatchObject({ leafId: 1201, confident: true });
  });

  it('takes a narrower leaf only when it keeps the best leaf\'s purpose, in its name or its path', () => {
    const leaf = (id: number, parentId: number, rus: string, path: string): Category => ({ id, parentId, name: { rus, kaz: '' }, path: { rus: `${path} / ${rus}`, kaz: '' }, isLeaf: true });
    const branch = (id: number, rus: string): Category => ({ id, parentId: null, name: { rus: rus.split(' / ').at(-1) ?? rus, kaz: '' }, path: { rus, kaz: '' }, isLeaf: false });
    const extra: Category[] = [
      branch(12, 'Зоотовары / Товары для собак'),
      leaf(1201, 12, 'Пелёнки для собак', 'Зоотовары / Товары для собак'),
      branch(13, 'Гигиена / Личная гигиена'),
      leaf(1301, 13, 'Впитывающие пелёнки', 'Гигиена / Личная гигиена'),
    ];
    const pads = buildClassifierIndex(buildClassifierDirectories(extra));
    const result = classifyProduct(pads, { name: 'Пеленки впитывающие для собак 60х60' });
    expect(result.leafId).toBe(1201);
    // A kind of the same purpose, by its path, is still taken.
    const kept = buildClassifierIndex(buildClassifierDirectories([...extra, leaf(1202, 12, 'Впитывающие пелёнки', 'Зоотовары / Товары для собак')]));
    expect(classifyProduct(kept, { name: 'Пеленки впитывающие для собак 60х60' }).leafId).toBe(1202);
  });

  it('reads a directory brand in a name as no word of the product type: one type for every brand', () => {
    const directories = { ...buildClassifierDirectories(), brands: [{ id: 1, name: 'Фудмастер', code: null }, { id: 2, name: 'Домик в деревне', code: null }, { id: 3, name: 'Мясо Плюс', code: null }] };
    const branded = buildClassifierIndex(directories);
    // The brand names no leaf: in a name in capitals, or first, it no longer stays in the type.
    expect(classifyProduct(branded, { name: 'КАСТРЮЛЯ ФУДМАСТЕР ЭМАЛИРОВАННАЯ 3 Л' })).toMatchObject({ leafId: 802, confident: true, productType: 'кастрюля' });
    expect(classifyProduct(branded, { name: 'Фудмастер кастрюля 3 л' })).toMatchObject({ leafId: 802, confident: true, productType: 'кастрюля' });
    expect(classifyProduct(branded, { name: 'КАСТРЮЛЯ ДОМИК В ДЕРЕВНЕ 3 Л' })).toMatchObject({ leafId: 802, confident: true, productType: 'кастрюля' });
    // Without the brand list the brand is a word of the type the leaf does not explain.
    expect(classifyProduct(index, { name: 'КАСТРЮЛЯ ФУДМАСТЕР ЭМАЛИРОВАННАЯ 3 Л' })).toMatchObject({ confident: false, productType: 'кастрюля фудмастер эмалированная' });
    // A brand with a word a leaf is named by (`Мясо`) is no brand word here: the brand list never hides what a name says.
    expect(classifyProduct(branded, { name: 'МЯСО ПЛЮС 1 КГ' }).productType).toBe('мясо плюс');
  });

  it('takes a participle no word of the directory shares a root with as changing no kind; one the directory names stays a doubt', () => {
    const leaf = (id: number, parentId: number, rus: string, path: string): Category => ({ id, parentId, name: { rus, kaz: '' }, path: { rus: `${path} / ${rus}`, kaz: '' }, isLeaf: true });
    const dairy = [leaf(2001, 2, 'Молоко', 'Продукты / Бакалея'), leaf(2002, 2, 'Творог', 'Продукты / Бакалея'), { id: 20, parentId: null, name: { rus: 'Украшения', kaz: '' }, path: { rus: 'Украшения', kaz: '' }, isLeaf: false }, leaf(2003, 20, 'Кольца', 'Украшения')];
    const plain = buildClassifierIndex(buildClassifierDirectories(dairy));
    expect(classifyProduct(plain, { name: 'Молоко пастеризованное 3,2% 1 л' })).toMatchObject({ leafId: 2001, confident: true });
    expect(classifyProduct(plain, { name: 'Молоко ультрапастеризованное 1 л' })).toMatchObject({ leafId: 2001, confident: true });
    expect(classifyProduct(plain, { name: 'Творог обезжиренный 200 г' })).toMatchObject({ leafId: 2002, confident: true });
    expect(classifyProduct(plain, { name: 'Мясо тушёное 500 г' })).toMatchObject({ leafId: 202, confident: true });
    // A noun made of a verb (`-ение`) has a participle's letters but names other goods: it stays a doubt.
    expect(classifyProduct(plain, { name: 'Творог удобрение 200 г' })).toMatchObject({ leafId: 2002, confident: false });
    expect(classifyProduct(plain, { name: 'Молоко снаряжение 1 л' })).toMatchObject({ leafId: 2001, confident: false });
    // An adjective of what a thing belongs to is no participle: it stays a doubt, known to the directory or not.
    expect(classifyProduct(plain, { name: 'Кольца поршневые STD 4 шт' })).toMatchObject({ leafId: 2003, confident: false, doubt: expect.stringContaining('"поршневые"') as unknown });
    // Where the directory names goods so treated with the participle's root, the participle may make them those goods.
    const treated = buildClassifierIndex(buildClassifierDirectories([...dairy, leaf(2004, 2, 'Тушёнка', 'Продукты / Бакалея'), leaf(2005, 2, 'Сгущёнка', 'Продукты / Бакалея')]));
    expect(classifyProduct(treated, { name: 'Мясо тушёное 500 г' })).toMatchObject({ leafId: 202, confident: false, doubt: expect.stringContaining('"тушеное"') as unknown });
    expect(classifyProduct(treated, { name: 'Молоко сгущённое 380 г' })).toMatchObject({ leafId: 2001, confident: false });
    expect(classifyProduct(treated, { name: 'Молоко пастеризованное 3,2% 1 л' })).toMatchObject({ leafId: 2001, confident: true });
  });

  it('asks about a bare type when a leaf of another branch is a kind of it, by any of its names', () => {
    const extra = [
      { id: 13, parentId: null, name: { rus: 'Автотовары', kaz: 'Автотауарлар' }, path: { rus: 'Автотовары', kaz: 'Автотауарлар' }, isLeaf: false },
      { id: 1301, parentId: 13, name: { rus: 'Аккумуляторы', kaz: 'Аккумуляторлар' }, path: { rus: 'Автотовары / Аккумуляторы', kaz: 'Автотауарлар / Аккумуляторлар' }, isLeaf: true },
    ];
    const both = buildClassifierIndex(buildClassifierDirectories(extra));
    // `Внешние аккумуляторы` (701) is a kind of `Аккумуляторы`: a bare `Аккумулятор` could be either.
    expect(classifyProduct(both, { name: 'Аккумулятор AA GP 2700 мАч' })).toMatchObject({ leafId: 1301, confident: false });
    expect(classifyProduct(both, { name: 'Внешний аккумулятор Xiaomi 10000 мАч' })).toMatchObject({ leafId: 701, confident: true });
    // A word the best leaf explains and the other does not says which it is: `автомобильный` opens `Автотовары`.
    expect(classifyProduct(both, { name: 'Аккумулятор автомобильный Varta 60 Ач' })).toMatchObject({ leafId: 1301, confident: true });
    expect(classifyProduct(both, { name: 'Аккумулятор строительный 18 В' })).toMatchObject({ leafId: 1301, confident: false });
    // A word before the leaf's words that the leaf itself explains makes no other thing (`Швейная машинка` stays a question).
    expect(classifyProduct(both, { name: 'Автомобильный аккумулятор Varta 60 Ач' })).toMatchObject({ leafId: 1301, confident: true });
  });

  it('proposes a plain leaf for a purpose that is other goods of its own section, never for sure, and ranks it above one only another section has', () => {
    const leaf = (id: number, parentId: number, rus: string, path: string): Category => ({ id, parentId, name: { rus, kaz: '' }, path: { rus: `${path} / ${rus}`, kaz: '' }, isLeaf: true });
    const extra: Category[] = [
      { id: 16, parentId: null, name: { rus: 'Бритьё', kaz: '' }, path: { rus: 'Красота / Бритьё', kaz: '' }, isLeaf: false },
      leaf(1601, 16, 'Бритвы', 'Красота / Бритьё'),
      leaf(1602, 16, 'Лезвия', 'Красота / Бритьё'),
      leaf(703, 7, 'Микрофоны', 'Электроника / Аксессуары'),
      leaf(704, 7, 'Средства от пыли для экранов', 'Электроника / Аксессуары'),
      leaf(705, 7, 'Салфетки', 'Электроника / Аксессуары'),
    ];
    const sections = buildClassifierIndex(buildClassifierDirectories(extra));
    // Razors are goods of the section beside blades: no evidence of the plain leaf (`Коляска для кукол` is no baby stroller), a question.
    expect(classifyProduct(sections, { name: 'Лезвия для бритвы Gillette 5 шт' })).toMatchObject({ leafId: 1602, confident: false });
    // Microphones are goods of `Электроника` only: a cable for one is no electrical `Кабель` for sure.
    expect(classifyProduct(sections, { name: 'Кабель для микрофона 3 м' })).toMatchObject({ leafId: 601, confident: false });
    // A word only another leaf is for (`пыли`) names no goods of the section.
    expect(classifyProduct(sections, { name: 'Салфетки от пыли 100 шт' })).toMatchObject({ leafId: 705, confident: false });
  });

  it('asks about a plain leaf when a place or purpose the name says is explained only by a kind of it in another branch', () => {
    const extra: Category[] = [
      { id: 18, parentId: null, name: { rus: 'Автоэлектроника', kaz: '' }, path: { rus: 'Автотовары / Автоэлектроника', kaz: '' }, isLeaf: false },
      { id: 1801, parentId: 18, name: { rus: 'Автомобильные держатели', kaz: '' }, path: { rus: 'Автотовары / Автоэлектроника / Автомобильные держатели', kaz: '' }, isLeaf: true },
      { id: 706, parentId: 7, name: { rus: 'Держатели для телефонов', kaz: '' }, path: { rus: 'Электроника / Аксессуары / Держатели для телефонов', kaz: '' }, isLeaf: true },
    ];
    const holders = buildClassifierIndex(buildClassifierDirectories(extra));
    expect(classifyProduct(holders, { name: 'Держатель для телефона магнитный' })).toMatchObject({ leafId: 706, confident: true });
    // `в авто` opens only the car holders' words: the phone holders' purpose no longer keeps them from being asked about.
    expect(classifyProduct(holders, { name: 'Держатель для телефона в авто' })).toMatchObject({ leafId: 706, confident: false, doubt: expect.stringContaining('Автомобильные держатели') as unknown });
    // `машину` is no word of the directory: a place the leaf does not explain, beside a kind of the leaf, is asked about all the same.
    expect(classifyProduct(holders, { name: 'Держатель для телефона в машину' })).toMatchObject({ leafId: 706, confident: false, doubt: expect.stringContaining('"машину"') as unknown });
    // What the goods come in (the prepositional, `в коробке`) is no place.
    expect(classifyProduct(holders, { name: 'Держатель для телефона в коробке' })).toMatchObject({ leafId: 706, confident: true });
    // With no kind of the leaf in the directory the place only says where the goods go.
    const plain = buildClassifierIndex(buildClassifierDirectories(extra.filter((category) => category.id !== 1801)));
    expect(classifyProduct(plain, { name: 'Держатель для телефона в машину' })).toMatchObject({ leafId: 706, confident: true });
  });

  it('takes a purpose another branch of the leaf\'s section names as no use of the leaf\'s goods', () => {
    const leaf = (id: number, parentId: number, rus: string, path: string): Category => ({ id, parentId, name: { rus, kaz: '' }, path: { rus: `${path} / ${rus}`, kaz: '' }, isLeaf: true });
    const extra: Category[] = [
      { id: 19, parentId: null, name: { rus: 'Макияж', kaz: '' }, path: { rus: 'Красота / Макияж', kaz: '' }, isLeaf: false },
      leaf(1901, 19, 'Пудра', 'Красота / Макияж'),
      { id: 20, parentId: null, name: { rus: 'Уход за волосами', kaz: '' }, path: { rus: 'Красота / Уход за волосами', kaz: '' }, isLeaf: false },
      leaf(2001, 20, 'Шампуни', 'Красота / Уход за волосами'),
    ];
    const beauty = buildClassifierIndex(buildClassifierDirectories(extra));
    expect(classifyProduct(beauty, { name: 'Пудра компактная 10 г' })).toMatchObject({ leafId: 1901, confident: true });
    // Hair is what a sibling branch is about, not `Макияж`: hair powder is a styling product, face powder's leaf a guess.
    expect(classifyProduct(beauty, { name: 'Пудра для волос 10 г' })).toMatchObject({ leafId: 1901, confident: false });
    expect(classifyProduct(beauty, { name: 'Шампунь для волос 400 мл' })).toMatchObject({ leafId: 2001, confident: true });
  });

  it('takes a purpose as agreeing only when its object agrees, not its verb-noun alone', () => {
    const extra: Category[] = [
      { id: 17, parentId: null, name: { rus: 'Ювелирные изделия', kaz: '' }, path: { rus: 'Аксессуары / Ювелирные изделия', kaz: '' }, isLeaf: false },
      { id: 1701, parentId: 17, name: { rus: 'Средства для чистки украшений', kaz: '' }, path: { rus: 'Аксессуары / Ювелирные изделия / Средства для чистки украшений', kaz: '' }, isLeaf: true },
    ];
    const jewellery = buildClassifierIndex(buildClassifierDirectories(extra));
    expect(classifyProduct(jewellery, { name: 'Средство для чистки украшений 100 мл' })).toMatchObject({ leafId: 1701, confident: true });
    // `для чистки труб`: the pipes are no jewellery, however the cleaning agrees.
    expect(classifyProduct(jewellery, { name: 'Средство для чистки труб Крот 1 л' })).toMatchObject({ confident: false });
    expect(classifyProduct(jewellery, { name: 'Средство для чистки экранов 200 мл' })).toMatchObject({ confident: false });
  });

  it('takes the plain leaf beside a kind of it in another branch when the purpose the product says is the plain leaf\'s', () => {
    const extra: Category[] = [
      { id: 14, parentId: null, name: { rus: 'Уход за волосами', kaz: 'Шаш күтімі' }, path: { rus: 'Красота / Уход за волосами', kaz: 'Сұлулық / Шаш күтімі' }, isLeaf: false },
      { id: 1401, parentId: 14, name: { rus: 'Кондиционеры', kaz: 'Кондиционерлер' }, path: { rus: 'Красота / Уход за волосами / Кондиционеры', kaz: 'Сұлулық / Шаш күтімі / Кондиционерлер' }, isLeaf: true },
      { id: 15, parentId: null, name: { rus: 'Климатическая техника', kaz: 'Климаттық техника' }, path: { rus: 'Бытовая техника / Климатическая техника', kaz: 'Тұрмыстық техника / Климаттық техника' }, isLeaf: false },
      { id: 1501, parentId: 15, name: { rus: 'Мобильные кондиционеры', kaz: 'Мобильді кондиционерлер' }, path: { rus: 'Бытовая техника / Климатическая техника / Мобильные кондиционеры', kaz: 'Тұрмыстық техника / Климаттық техника / Мобильді кондиционерлер' }, isLeaf: true },
    ];
    const conditioners = buildClassifierIndex(buildClassifierDirectories(extra));
    expect(classifyProduct(conditioners, { name: 'Кондиционер для волос Pantene 200 мл' })).toMatchObject({ leafId: 1401, confident: true });
    expect(classifyProduct(conditioners, { name: 'Кондиционер Pantene 200 мл' })).toMatchObject({ leafId: 1401, confident: false, doubt: expect.stringContaining('another branch') as unknown });
    expect(classifyProduct(conditioners, { name: 'Мобильный кондиционер Ballu 9000 BTU' })).toMatchObject({ leafId: 1501, confident: true });
  });

  it('is sure only when the leaf explains every word of the product type, and names the word it does not', () => {
    // `Свечи зажигания`, `Ручки дверные`, `Ремни ГРМ` against decor candles, pens and belts: a word beside the head noun
    // that the leaf does not hold (a genitive, an adjective, an abbreviation) makes the plain leaf a question.
    const extra = [
      { id: 14, parentId: null, name: { rus: 'Дом', kaz: 'Үй' }, path: { rus: 'Дом', kaz: 'Үй' }, isLeaf: false },
      { id: 1401, parentId: 14, name: { rus: 'Свечи', kaz: 'Шамдар' }, path: { rus: 'Дом / Свечи', kaz: 'Үй / Шамдар' }, isLeaf: true },
      { id: 1402, parentId: 14, name: { rus: 'Ремни', kaz: 'Белбеулер' }, path: { rus: 'Дом / Ремни', kaz: 'Үй / Белбеулер' }, isLeaf: true },
      { id: 1403, parentId: 14, name: { rus: 'Фены', kaz: 'Фендер' }, path: { rus: 'Дом / Фены', kaz: 'Үй / Фендер' }, isLeaf: true },
    ];
    const home = buildClassifierIndex(buildClassifierDirectories(extra));
    const plug = classifyProduct(home, { name: 'Свечи зажигания NGK 4 шт' });
    expect(plug).toMatchObject({ leafId: 1401, confident: false });
    expect(plug.doubt).toContain('"зажигания"');
    expect(classifyProduct(home, { name: 'Ремни ГРМ Gates' })).toMatchObject({ leafId: 1402, confident: false, doubt: expect.stringContaining('"грм"') as unknown });
    expect(classifyProduct(home, { name: 'Фен строительный 2000 Вт' })).toMatchObject({ leafId: 1403, confident: false, doubt: expect.stringContaining('"строительный"') as unknown });
    // Words that never make it another thing: material, size, season (and a brand written as one).
    expect(classifyProduct(home, { name: 'Свечи большие белые Bartek' })).toMatchObject({ leafId: 1401, confident: true });
    expect(classifyProduct(home, { name: 'Ремни кожаные мужские' })).toMatchObject({ leafId: 1402, confident: true });
    expect(classifyProduct(home, { name: 'Фен компактный Свечной двор 1200 Вт' })).toMatchObject({ leafId: 1403, confident: true });
    // A word the leaf's path makes an adjective of is explained by it.
    expect(classifyProduct(index, { name: 'Отвертки инструментальные PH2' })).toMatchObject({ leafId: 1001, confident: true });
  });

  it('reads a phrase after `через` as how goods are worn, in a name and in a leaf\'s name alike', () => {
    const extra = [
      { id: 16, parentId: null, name: { rus: 'Сумки', kaz: 'Сөмкелер' }, path: { rus: 'Сумки', kaz: 'Сөмкелер' }, isLeaf: false },
      { id: 1601, parentId: 16, name: { rus: 'Рюкзаки', kaz: 'Рюкзактар' }, path: { rus: 'Сумки / Рюкзаки', kaz: '' }, isLeaf: true },
      { id: 1602, parentId: 16, name: { rus: 'Сумки через плечо', kaz: 'Иыққа асатын сөмкелер' }, path: { rus: 'Сумки / Сумки через плечо', kaz: '' }, isLeaf: true },
      { id: 1603, parentId: 16, name: { rus: 'Сумки', kaz: 'Сөмкелер' }, path: { rus: 'Сумки / Сумки', kaz: '' }, isLeaf: true },
    ];
    const bags = buildClassifierIndex(buildClassifierDirectories(extra));
    // The leaf is the bags' kind worn so: the name that says it is there, a plain bag in the plain leaf.
    expect(classifyProduct(bags, { name: 'Сумка через плечо Guess' })).toMatchObject({ leafId: 1602, confident: true, productType: 'сумка' });
    expect(classifyProduct(bags, { name: 'Сумка Guess' })).toMatchObject({ leafId: 1603, confident: true });
    expect(classifyProduct(bags, { name: 'Рюкзак через плечо кожаный' })).toMatchObject({ leafId: 1601, confident: true, productType: 'рюкзак' });
  });

  it('puts a product in the leaf its type names, with evidence and confidence', () => {
    const result = classifyProduct(index, { name: 'Казан алюминиевый 10 л' });
    expect(result).toMatchObject({ leafId: 801, confident: true, productType: 'казан алюминиевый' });
    expect(result.confidence).toBeGreaterThanOrEqual(0.85);
    expect(result.evidence[0]).toMatchObject({ phrase: 'казан алюминиевый', matched: 'Казаны', leafId: 801, path: 'Посуда / Кухня / Казаны' });
  });

  it('never reaches a leaf through a composition or a purpose phrase', () => {
    expect(classifyProduct(index, { name: 'Паяльная кислота 30 мл … Хлористый цинк' }).leafId).not.toBe(101);
    expect(classifyProduct(index, { name: 'Паяльная кислота, хлористый цинк' }).leafId).not.toBe(101);
    const serum = classifyProduct(index, { name: 'Сыворотка для лица с витамином C 30 мл' });
    expect(serum).toMatchObject({ leafId: 302, confident: true });
    expect(classifyProduct(index, { name: 'Чехол для кабеля' }).leafId).not.toBe(601);
  });

  it('tells leaves of one type apart by their purpose: bath salt is not table salt', () => {
    // What a product comes as says a leaf's purpose too, and never takes a plain leaf away.
    const coffee = buildClassifierIndex(buildClassifierDirectories([
      { id: 15, parentId: null, name: { rus: 'Кофе', kaz: 'Кофе' }, path: { rus: 'Продукты / Кофе', kaz: 'Азық / Кофе' }, isLeaf: false },
      { id: 1501, parentId: 15, name: { rus: 'Кофе в зёрнах', kaz: 'Дәнді кофе' }, path: { rus: 'Продукты / Кофе / Кофе в зёрнах', kaz: 'Азық / Кофе / Дәнді кофе' }, isLeaf: true },
    ]));
    expect(classifyProduct(coffee, { name: 'Кофе в зёрнах Lavazza 1 кг' })).toMatchObject({ leafId: 1501, confident: true });
    expect(classifyProduct(index, { name: 'Казан в коробке 10 л' })).toMatchObject({ leafId: 801, confident: true });
    expect(classifyProduct(index, { name: 'Соль для ванн морская 1 кг' })).toMatchObject({ leafId: 301, confident: true });
    expect(classifyProduct(index, { name: 'Соль поваренная 1 кг' }).leafId).toBe(201);
    // A plain leaf is proposed for a product said to be for something its path does not name, never taken.
    expect(classifyProduct(index, { name: 'Кабель для микрофона 3 м' })).toMatchObject({ leafId: 601, confident: false });
  });

  it('chooses among leaves sharing a name by whom the product is for, and asks when the name does not say', () => {
    expect(classifyProduct(index, { name: 'Кроссовки мужские Nike Air 42' })).toMatchObject({ leafId: 501, confident: true });
    const bare = classifyProduct(index, { name: 'Кроссовки Nike Air 42' });
    expect(bare.confident).toBe(false);
    expect([bare.leafId, ...bare.alternatives.map((item) => item.leafId)].sort()).toEqual([401, 501]);
  });

  it('is never confident for a catch-all label or leaf, and uses a meaningful label when the name says nothing', () => {
    expect(classifyProduct(index, { name: 'Прочее' }).confident).toBe(false);
    expect(classifyProduct(index, { name: 'Head&Shoulders Classic 400', label: 'Прочее' }).confident).toBe(false);
    expect(classifyProduct(index, { name: 'Tefal Classic 24', label: 'Кастрюли' })).toMatchObject({ leafId: 802, evidence: [{ source: 'label' }] });
    expect(classifyProduct(index, { name: 'Tefal Classic 24', groupPath: 'Посуда / Кастрюли' })).toMatchObject({ leafId: 802, evidence: [{ source: 'group' }] });
  });

  it('reads Kazakh names, stems and synonyms', () => {
    expect(classifyProduct(index, { name: 'Қазан 10 л' }).leafId).toBe(801);
    expect(classifyProduct(index, { name: 'Набор отверток 6 шт' })).toMatchObject({ leafId: 1001, confident: true });
    expect(classifyProduct(index, { name: 'Power bank Xiaomi 20000 мАч' })).toMatchObject({ leafId: 701, evidence: [{ via: 'synonym' }] });
  });

  it('reads the purpose inside a synonym\'s rewrite as purpose, not as words of the type', () => {
    const extra = [
      { id: 13, parentId: null, name: { rus: 'Уход за губами', kaz: 'Ерін күтімі' }, path: { rus: 'Красота / Уход за губами', kaz: 'Сұлулық / Ерін күтімі' }, isLeaf: false },
      { id: 1301, parentId: 13, name: { rus: 'Бальзамы для губ', kaz: 'Ерінге арналған бальзамдар' }, path: { rus: 'Красота / Уход за губами / Бальзамы для губ', kaz: 'Сұлулық / Ерін күтімі / Ерінге арналған бальзамдар' }, isLeaf: true },
    ];
    const lips = buildClassifierIndex(buildClassifierDirectories(extra));
    // `Гигиеническая помада` is rewritten `бальзамы для губ`: `для губ` is what the balm is for, which the leaf names.
    expect(classifyProduct(lips, { name: 'Гигиеническая помада Nivea 4,8 г' })).toMatchObject({ leafId: 1301, confident: true, evidence: [{ via: 'synonym' }] });
  });

  it('rewrites a type with its purpose when a synonym takes both, unless a leaf is named by the seller\'s own words', () => {
    const extra = [
      { id: 16, parentId: null, name: { rus: 'Бытовая химия', kaz: 'Тұрмыстық химия' }, path: { rus: 'Бытовая химия', kaz: 'Тұрмыстық химия' }, isLeaf: false },
      { id: 1601, parentId: 16, name: { rus: 'Кондиционеры для белья', kaz: 'Кірге арналған кондиционерлер' }, path: { rus: 'Бытовая химия / Кондиционеры для белья', kaz: 'Тұрмыстық химия / Кірге арналған кондиционерлер' }, isLeaf: true },
      { id: 1602, parentId: 16, name: { rus: 'Средства для мытья посуды', kaz: 'Ыдыс жууға арналған құралдар' }, path: { rus: 'Бытовая химия / Средства для мытья посуды', kaz: 'Тұрмыстық химия / Ыдыс жууға арналған құралдар' }, isLeaf: true },
      { id: 1603, parentId: 16, name: { rus: 'Таблетки для посудомоечных машин', kaz: 'Ыдыс жуғыш машиналарға арналған таблеткалар' }, path: { rus: 'Бытовая химия / Таблетки для посудомоечных машин', kaz: 'Тұрмыстық химия / Ыдыс жуғыш машиналарға арналған таблеткалар' }, isLeaf: true },
    ];
    const chemistry = buildClassifierIndex(buildClassifierDirectories(extra));
    // `ополаскиватель для белья` is `кондиционеры для белья`: the type alone (`ополаскиватель`) names nothing.
    expect(classifyProduct(chemistry, { name: 'Ополаскиватель для белья Lenor 1 л' })).toMatchObject({ leafId: 1601, confident: true, evidence: [{ via: 'synonym' }] });
    // `таблетки для посудомоечных машин` is also rewritten (a kind of `средства для мытья посуды`), but a leaf has these very words.
    expect(classifyProduct(chemistry, { name: 'Таблетки для посудомоечной машины Finish 30 шт' })).toMatchObject({ leafId: 1603, confident: true });
  });

  it('reads a paper or artificial version of goods as maybe another kind, a material of ordinary goods as the same kind', () => {
    const extra = [
      { id: 15, parentId: null, name: { rus: 'Освещение', kaz: 'Жарықтандыру' }, path: { rus: 'Дом / Освещение', kaz: 'Үй / Жарықтандыру' }, isLeaf: false },
      { id: 1501, parentId: 15, name: { rus: 'Гирлянды', kaz: 'Гирляндалар' }, path: { rus: 'Дом / Освещение / Гирлянды', kaz: 'Үй / Жарықтандыру / Гирляндалар' }, isLeaf: true },
    ];
    const lights = buildClassifierIndex(buildClassifierDirectories(extra));
    expect(classifyProduct(lights, { name: 'Гирлянда бумажная 3 м' })).toMatchObject({ leafId: 1501, confident: false, doubt: expect.stringContaining('"бумажная"') as unknown });
    expect(classifyProduct(lights, { name: 'Гирлянда картонная 3 м' })).toMatchObject({ confident: false });
    expect(classifyProduct(lights, { name: 'Гирлянда искусственная 3 м' })).toMatchObject({ confident: false });
    expect(classifyProduct(lights, { name: 'Кастрюля алюминиевая 3 л' })).toMatchObject({ leafId: 802, confident: true });
    // The same said with `из`: paper or flags make a party garland; steel makes the same pot.
    expect(classifyProduct(lights, { name: 'Гирлянда из бумаги 3 м' })).toMatchObject({ leafId: 1501, confident: false, doubt: expect.stringContaining('"бумаги"') as unknown });
    expect(classifyProduct(lights, { name: 'Гирлянда из флажков 3 м' })).toMatchObject({ leafId: 1501, confident: false });
    expect(classifyProduct(lights, { name: 'Кастрюля из стали 3 л' })).toMatchObject({ leafId: 802, confident: true });
  });

  it('reads a word for goods in general as a group no leaf is, and a Kazakh name\'s qualifier the product lacks as unsaid', () => {
    const extra: Category[] = [
      { id: 22, parentId: null, name: { rus: 'Молочные продукты', kaz: 'Сүт өнімдері' }, path: { rus: 'Продукты / Молочные продукты', kaz: 'Азық / Сүт өнімдері' }, isLeaf: false },
      { id: 2201, parentId: 22, name: { rus: 'Молоко', kaz: 'Сүт' }, path: { rus: 'Продукты / Молочные продукты / Молоко', kaz: 'Азық / Сүт өнімдері / Сүт' }, isLeaf: true },
      { id: 23, parentId: null, name: { rus: 'Мужская обувь', kaz: 'Ерлер аяқ киімі' }, path: { rus: 'Обувь / Мужская обувь', kaz: 'Аяқ киім / Ерлер аяқ киімі' }, isLeaf: false },
      { id: 2301, parentId: 23, name: { rus: 'Рабочая обувь', kaz: 'Жұмыс аяқ киімі' }, path: { rus: 'Обувь / Мужская обувь / Рабочая обувь', kaz: 'Аяқ киім / Ерлер аяқ киімі / Жұмыс аяқ киімі' }, isLeaf: true },
    ];
    const kazakh = buildClassifierIndex(buildClassifierDirectories(extra));
    expect(classifyProduct(kazakh, { name: 'Сүт 3,2% 1 л' })).toMatchObject({ leafId: 2201, confident: true });
    expect(classifyProduct(kazakh, { name: 'Сүт өнімдері' })).toMatchObject({ leafId: 2201, confident: false, doubt: expect.stringContaining('"өнімдері"') as unknown });
    expect(classifyProduct(kazakh, { name: 'Жұмыс аяқ киімі ерлер 42' })).toMatchObject({ leafId: 2301, confident: true });
    // `жұмыс` (work) is never said: any men's shoes, not work shoes for sure.
    expect(classifyProduct(kazakh, { name: 'Аяқ киім ерлер 42' })).toMatchObject({ confident: false });
  });

  it('reads a digit of a leaf\'s name as a word a product must say: a bare stroller is no `Коляски 2 в 1`', () => {
    const extra: Category[] = [
      { id: 18, parentId: null, name: { rus: 'Коляски', kaz: '' }, path: { rus: 'Детям / Коляски', kaz: '' }, isLeaf: false },
      { id: 1801, parentId: 18, name: { rus: 'Коляски', kaz: '' }, path: { rus: 'Детям / Коляски / Коляски', kaz: '' }, isLeaf: true },
      { id: 19, parentId: null, name: { rus: 'Прогулки и поездки', kaz: '' }, path: { rus: 'Детям / Прогулки и поездки', kaz: '' }, isLeaf: false },
      { id: 1901, parentId: 19, name: { rus: 'Коляски 2 в 1', kaz: '' }, path: { rus: 'Детям / Прогулки и поездки / Коляски 2 в 1', kaz: '' }, isLeaf: true },
      { id: 1902, parentId: 2, name: { rus: 'Кофейные напитки 3 в 1', kaz: '' }, path: { rus: 'Продукты / Бакалея / Кофейные напитки 3 в 1', kaz: '' }, isLeaf: true },
    ];
    const strollers = buildClassifierIndex(buildClassifierDirectories(extra));
    expect(classifyProduct(strollers, { name: 'Коляска прогулочная Yoya' })).toMatchObject({ leafId: 1801, confident: false });
    expect(classifyProduct(strollers, { name: 'Коляска 2 в 1 с люлькой' })).toMatchObject({ leafId: 1901, confident: true });
    // The only leaf of the head: met whole where the name says its digits.
    expect(classifyProduct(strollers, { name: 'Кофейный напиток 3 в 1 MacCoffee 20 шт' })).toMatchObject({ leafId: 1902, confident: true });
    expect(classifyProduct(strollers, { name: 'Кофейный напиток MacCoffee 20 шт' })).toMatchObject({ leafId: 1902, confident: false });
  });

  it('reads what goods are flavoured with as no kind of goods, unless the directory names goods by the word', () => {
    const extra = [
      { id: 14, parentId: null, name: { rus: 'Сладости', kaz: 'Тәттілер' }, path: { rus: 'Продукты / Сладости', kaz: 'Азық / Тәттілер' }, isLeaf: false },
      { id: 1401, parentId: 14, name: { rus: 'Мармелад', kaz: 'Мармелад' }, path: { rus: 'Продукты / Сладости / Мармелад', kaz: 'Азық / Тәттілер / Мармелад' }, isLeaf: true },
      { id: 1402, parentId: 14, name: { rus: 'Фруктовые чипсы', kaz: 'Жеміс чипсылары' }, path: { rus: 'Продукты / Сладости / Фруктовые чипсы', kaz: 'Азық / Тәттілер / Жеміс чипсылары' }, isLeaf: true },
    ];
    const sweets = buildClassifierIndex(buildClassifierDirectories(extra));
    expect(classifyProduct(sweets, { name: 'Мармелад клубничный Haribo 300 г' })).toMatchObject({ leafId: 1401, confident: true });
    // The directory tells goods apart by `фруктовые`: the word may make another thing, and stays a question.
    expect(classifyProduct(sweets, { name: 'Мармелад фруктовый 300 г' })).toMatchObject({ leafId: 1401, confident: false, doubt: expect.stringContaining('"фруктовый"') as unknown });
    // A bare taste names varieties (`Перец сладкий`): never taken as a flavour.
    expect(classifyProduct(sweets, { name: 'Мармелад кислый 300 г' })).toMatchObject({ leafId: 1401, confident: false });
  });

  it('reads a berry that names a remedy as no flavour: sea-buckthorn candles are suppositories', () => {
    const extra = [
      { id: 17, parentId: null, name: { rus: 'Декор', kaz: 'Декор' }, path: { rus: 'Дом / Декор', kaz: 'Үй / Декор' }, isLeaf: false },
      { id: 1701, parentId: 17, name: { rus: 'Свечи', kaz: 'Шамдар' }, path: { rus: 'Дом / Декор / Свечи', kaz: 'Үй / Декор / Шамдар' }, isLeaf: true },
    ];
    const candles = buildClassifierIndex(buildClassifierDirectories(extra));
    expect(classifyProduct(candles, { name: 'Свечи лавандовые 2 шт' })).toMatchObject({ leafId: 1701, confident: true });
    expect(classifyProduct(candles, { name: 'Свечи облепиховые 10 шт' })).toMatchObject({ leafId: 1701, confident: false, doubt: expect.stringContaining('"облепиховые"') as unknown });
    expect(classifyProduct(candles, { name: 'Свечи брусничные 10 шт' })).toMatchObject({ confident: false });
  });

  it('reads a dose beside a bare one-word type as a medicine or supplement the one sense of the leaf does not name', () => {
    const extra = [
      { id: 17, parentId: null, name: { rus: 'Декор', kaz: 'Декор' }, path: { rus: 'Дом / Декор', kaz: 'Үй / Декор' }, isLeaf: false },
      { id: 1701, parentId: 17, name: { rus: 'Свечи', kaz: 'Шамдар' }, path: { rus: 'Дом / Декор / Свечи', kaz: 'Үй / Декор / Шамдар' }, isLeaf: true },
    ];
    const candles = buildClassifierIndex(buildClassifierDirectories(extra));
    expect(classifyProduct(candles, { name: 'Свечи Виферон 2 шт' })).toMatchObject({ leafId: 1701, confident: true });
    // The same name with its dose: suppositories, which the directory's one sense of `Свечи` is not.
    expect(classifyProduct(candles, { name: 'Свечи Виферон 150000 МЕ №10' })).toMatchObject({ leafId: 1701, confident: false, doubt: expect.stringContaining('dose') as unknown });
    expect(classifyProduct(candles, { name: 'Свечи Парацетамол 100мг' })).toMatchObject({ leafId: 1701, confident: false });
    // A name of two words names its goods itself: a vitamin's dose is no doubt of it.
    expect(classifyProduct(index, { name: 'Витамин C Solgar 1000 мг' })).toMatchObject({ leafId: 102, confident: true });
  });

  it('reads a place that names another top-level section as a doubt, even where no leaf of that section is ranked', () => {
    const extra = [
      { id: 19, parentId: null, name: { rus: 'Освежители', kaz: 'Ауа тазартқыштар' }, path: { rus: 'Бытовая химия / Освежители', kaz: 'Тұрмыстық химия / Ауа тазартқыштар' }, isLeaf: false },
      { id: 1901, parentId: 19, name: { rus: 'Освежители воздуха', kaz: 'Ауа тазартқыштар' }, path: { rus: 'Бытовая химия / Освежители / Освежители воздуха', kaz: 'Тұрмыстық химия / Ауа тазартқыштар / Ауа тазартқыштар' }, isLeaf: true },
      { id: 20, parentId: null, name: { rus: 'Автохимия', kaz: 'Автохимия' }, path: { rus: 'Автотовары / Автохимия', kaz: 'Автотауарлар / Автохимия' }, isLeaf: false },
      { id: 2001, parentId: 20, name: { rus: 'Автомобильные ароматизаторы', kaz: 'Көлік хош иістендіргіштері' }, path: { rus: 'Автотовары / Автохимия / Автомобильные ароматизаторы', kaz: 'Автотауарлар / Автохимия / Көлік хош иістендіргіштері' }, isLeaf: true },
    ];
    const fresheners = buildClassifierIndex(buildClassifierDirectories(extra));
    expect(classifyProduct(fresheners, { name: 'Освежитель воздуха Glade лаванда 300 мл' })).toMatchObject({ leafId: 1901, confident: true });
    // `в авто` opens `Автотовары`: a car's air freshener, which the household leaf is not.
    expect(classifyProduct(fresheners, { name: 'Освежитель воздуха в авто Areon кофе' })).toMatchObject({ leafId: 1901, confident: false, doubt: expect.stringContaining('Автотовары') as unknown });
  });

  it('reads a one-word aside in parentheses that is another leaf\'s name as a doubt; a composition, a flavour or a model (a word and a number) is none', () => {
    const extra = [
      { id: 21, parentId: null, name: { rus: 'Насосы', kaz: 'Сорғылар' }, path: { rus: 'Сантехника / Насосы', kaz: 'Сантехника / Сорғылар' }, isLeaf: false },
      { id: 2101, parentId: 21, name: { rus: 'Насосы водяные', kaz: 'Су сорғылары' }, path: { rus: 'Сантехника / Насосы / Насосы водяные', kaz: 'Сантехника / Сорғылар / Су сорғылары' }, isLeaf: true },
      { id: 22, parentId: null, name: { rus: 'Двигатель', kaz: 'Қозғалтқыш' }, path: { rus: 'Автотовары / Двигатель', kaz: 'Автотауарлар / Қозғалтқыш' }, isLeaf: false },
      { id: 2201, parentId: 22, name: { rus: 'Помпы', kaz: 'Помпалар' }, path: { rus: 'Автотовары / Двигатель / Помпы', kaz: 'Автотауарлар / Қозғалтқыш / Помпалар' }, isLeaf: true },
      { id: 2202, parentId: 22, name: { rus: 'Термостаты', kaz: 'Термостаттар' }, path: { rus: 'Автотовары / Двигатель / Термостаты', kaz: 'Автотауарлар / Қозғалтқыш / Термостаттар' }, isLeaf: true },
      { id: 2203, parentId: 2, name: { rus: 'Вазы', kaz: 'Вазалар' }, path: { rus: 'Продукты / Бакалея / Вазы', kaz: 'Азық / Бакалея / Вазалар' }, isLeaf: true },
    ];
    const pumps = buildClassifierIndex(buildClassifierDirectories(extra));
    // A word with a number after it in parentheses is the model the goods fit (a car maker's `ВАЗ 2110`), no second name.
    expect(classifyProduct(pumps, { name: 'Термостат Wahler 8995.82D (ВАЗ 2110)' })).toMatchObject({ leafId: 2202, confident: true });
    expect(classifyProduct(pumps, { name: 'Насос водяной Джилекс 1 шт' })).toMatchObject({ leafId: 2101, confident: true });
    // The seller names the goods twice: a car's water pump, which the garden pumps' leaf is not.
    expect(classifyProduct(pumps, { name: 'Насос водяной (помпа) Luzar LWP 4877 Nexia' })).toMatchObject({ leafId: 2101, confident: false, doubt: expect.stringContaining('"помпа"') as unknown });
  });

  it('reads where a part sits (left, rear, lower) as explained only by a leaf of a section that sorts goods by position', () => {
    const extra = [
      { id: 24, parentId: null, name: { rus: 'Кузов и оптика', kaz: 'Шанақ және оптика' }, path: { rus: 'Автотовары / Кузов и оптика', kaz: 'Автотауарлар / Шанақ және оптика' }, isLeaf: false },
      { id: 2401, parentId: 24, name: { rus: 'Подкрылки', kaz: 'Қанат астары' }, path: { rus: 'Автотовары / Кузов и оптика / Подкрылки', kaz: 'Автотауарлар / Шанақ және оптика / Қанат астары' }, isLeaf: true },
      { id: 2402, parentId: 24, name: { rus: 'Задние фонари', kaz: 'Артқы шамдар' }, path: { rus: 'Автотовары / Кузов и оптика / Задние фонари', kaz: 'Автотауарлар / Шанақ және оптика / Артқы шамдар' }, isLeaf: true },
      { id: 2403, parentId: 24, name: { rus: 'Зеркала боковые', kaz: 'Бүйір айналар' }, path: { rus: 'Автотовары / Кузов и оптика / Зеркала боковые', kaz: 'Автотауарлар / Шанақ және оптика / Бүйір айналар' }, isLeaf: true },
      { id: 25, parentId: null, name: { rus: 'Интерьер', kaz: 'Интерьер' }, path: { rus: 'Дом и сад / Интерьер', kaz: 'Үй және бақ / Интерьер' }, isLeaf: false },
      { id: 2501, parentId: 25, name: { rus: 'Зеркала', kaz: 'Айналар' }, path: { rus: 'Дом и сад / Интерьер / Зеркала', kaz: 'Үй және бақ / Интерьер / Айналар' }, isLeaf: true },
    ];
    const parts = buildClassifierIndex(buildClassifierDirectories(extra));
    // `Автотовары` names leaves by two positions (`Задние фонари`, `Зеркала боковые`): a left or front part is the same part, whole or cut short.
    expect(classifyProduct(parts, { name: 'Подкрылок передний левый Novline Lada Granta' })).toMatchObject({ leafId: 2401, confident: true });
    expect(classifyProduct(parts, { name: 'Подкрылок задн. прав. Novline' })).toMatchObject({ leafId: 2401, confident: true });
    expect(classifyProduct(parts, { name: 'Фонарь задний Depo' })).toMatchObject({ leafId: 2402, confident: true });
    // The hall's mirrors are in a section that sorts nothing by position: a right outer mirror may be a car's.
    expect(classifyProduct(parts, { name: 'Зеркало наружное правое TYC' })).toMatchObject({ leafId: 2501, confident: false, doubt: expect.stringContaining('"правое"') as unknown });
    // One position alone (`боковые`; `Задние фонари` with its Kazakh `Артқы шамдар`) names a kind of goods, as `Нижнее бельё`
    // does: the section explains no position word then.
    for (const kept of [2402, 2403]) {
      const plain = buildClassifierIndex(buildClassifierDirectories(extra.filter((leaf) => leaf.id !== kept)));
      expect(classifyProduct(plain, { name: 'Подкрылок передний левый Novline' })).toMatchObject({ leafId: 2401, confident: false, doubt: expect.stringContaining('"передний"') as unknown });
    }
  });

  it('meets a leaf under another key of the same noun where its own names none: a compound of `блок`, an `-ья` plural', () => {
    const extra = [
      { id: 26, parentId: null, name: { rus: 'Кузов и подвеска', kaz: 'Шанақ және аспа' }, path: { rus: 'Автотовары / Кузов и подвеска', kaz: 'Автотауарлар / Шанақ және аспа' }, isLeaf: false },
      { id: 2601, parentId: 26, name: { rus: 'Сайлентблоки', kaz: 'Сайлентблоктар' }, path: { rus: 'Автотовары / Кузов и подвеска / Сайлентблоки', kaz: 'Автотауарлар / Шанақ және аспа / Сайлентблоктар' }, isLeaf: true },
      { id: 2602, parentId: 26, name: { rus: 'Капоты и крылья', kaz: 'Капоттар мен қанаттар' }, path: { rus: 'Автотовары / Кузов и подвеска / Капоты и крылья', kaz: 'Автотауарлар / Шанақ және аспа / Капоттар мен қанаттар' }, isLeaf: true },
      { id: 27, parentId: null, name: { rus: 'Одежда', kaz: 'Киім' }, path: { rus: 'Одежда', kaz: 'Киім' }, isLeaf: false },
      { id: 2701, parentId: 27, name: { rus: 'Платья', kaz: 'Көйлектер' }, path: { rus: 'Одежда / Платья', kaz: 'Киім / Көйлектер' }, isLeaf: true },
    ];
    const nouns = buildClassifierIndex(buildClassifierDirectories(extra));
    // `сайлентблок` is keyed as if its `о` were fleeting (`отверток`/`отвертки`), the leaf's plural keeps it.
    expect(classifyProduct(nouns, { name: 'Сайлентблок Febest NAB-123' })).toMatchObject({ leafId: 2601, confident: true });
    expect(classifyProduct(nouns, { name: 'Крыло Depo 1234 Nexia' })).toMatchObject({ leafId: 2602, confident: true });
    // `плата` is no singular of `платья`: a feminine noun has no `-ья` plural.
    expect(classifyProduct(nouns, { name: 'Плата Arduino Uno' })).toMatchObject({ leafId: undefined, confident: false });
  });

  it('makes a compound a question where a synonym rewrote on its own a word that, as written, is another leaf\'s name', () => {
    const extra = [
      { id: 23, parentId: null, name: { rus: 'Письменные принадлежности', kaz: 'Жазу керек-жарақтары' }, path: { rus: 'Канцелярские товары / Письменные принадлежности', kaz: 'Кеңсе тауарлары / Жазу керек-жарақтары' }, isLeaf: false },
      { id: 2301, parentId: 23, name: { rus: 'Маркеры', kaz: 'Маркерлер' }, path: { rus: 'Канцелярские товары / Письменные принадлежности / Маркеры', kaz: 'Кеңсе тауарлары / Жазу керек-жарақтары / Маркерлер' }, isLeaf: true },
      { id: 2302, parentId: 23, name: { rus: 'Текстовыделители', kaz: 'Мәтін бөлгіштер' }, path: { rus: 'Канцелярские товары / Письменные принадлежности / Текстовыделители', kaz: 'Кеңсе тауарлары / Жазу керек-жарақтары / Мәтін бөлгіштер' }, isLeaf: true },
      { id: 2303, parentId: 23, name: { rus: 'Карандаши', kaz: 'Қарындаштар' }, path: { rus: 'Канцелярские товары / Письменные принадлежности / Карандаши', kaz: 'Кеңсе тауарлары / Жазу керек-жарақтары / Қарындаштар' }, isLeaf: true },
      { id: 2304, parentId: 23, name: { rus: 'Клей канцелярский', kaz: 'Кеңсе желімі' }, path: { rus: 'Канцелярские товары / Письменные принадлежности / Клей канцелярский', kaz: 'Кеңсе тауарлары / Жазу керек-жарақтары / Кеңсе желімі' }, isLeaf: true },
    ];
    const pens = buildClassifierIndex(buildClassifierDirectories(extra));
    expect(classifyProduct(pens, { name: 'Маркер перманентный Edding 2 мм' })).toMatchObject({ leafId: 2301 });
    // `текстовыделители → маркеры` reads the compound as a marker, though `Текстовыделители` is the seller's own word's leaf.
    expect(classifyProduct(pens, { name: 'Маркер-текстовыделитель Stabilo Boss желтый 1-5 мм' })).toMatchObject({ confident: false, doubt: expect.stringContaining('"текстовыделитель"') as unknown });
    // A synonym of the whole compound (`клей-карандаш → клей канцелярский`) names the compound: `Карандаши` is no rival.
    expect(classifyProduct(pens, { name: 'Клей-карандаш Erich Krause 15 г' })).toMatchObject({ leafId: 2304, confident: true });
  });

  it('reads a well-known model line as the kind it is, so the exact narrower leaf wins over the generic one', () => {
    const extra = [
      { id: 18, parentId: null, name: { rus: 'Аудио', kaz: 'Аудио' }, path: { rus: 'Электроника / Аудио', kaz: 'Электроника / Аудио' }, isLeaf: false },
      { id: 1801, parentId: 18, name: { rus: 'Наушники', kaz: 'Құлаққаптар' }, path: { rus: 'Электроника / Аудио / Наушники', kaz: 'Электроника / Аудио / Құлаққаптар' }, isLeaf: true },
      { id: 1802, parentId: 18, name: { rus: 'Беспроводные наушники', kaz: 'Сымсыз құлаққаптар' }, path: { rus: 'Электроника / Аудио / Беспроводные наушники', kaz: 'Электроника / Аудио / Сымсыз құлаққаптар' }, isLeaf: true },
      { id: 1803, parentId: 18, name: { rus: 'Зарядные устройства', kaz: 'Зарядтағыштар' }, path: { rus: 'Электроника / Аудио / Зарядные устройства', kaz: 'Электроника / Аудио / Зарядтағыштар' }, isLeaf: true },
      { id: 1804, parentId: 18, name: { rus: 'Беспроводные зарядные устройства', kaz: 'Сымсыз зарядтағыштар' }, path: { rus: 'Электроника / Аудио / Беспроводные зарядные устройства', kaz: 'Электроника / Аудио / Сымсыз зарядтағыштар' }, isLeaf: true },
    ];
    const audio = buildClassifierIndex(buildClassifierDirectories(extra));
    expect(classifyProduct(audio, { name: 'Наушники Apple AirPods Pro 2' })).toMatchObject({ leafId: 1802, confident: true });
    expect(classifyProduct(audio, { name: 'Наушники Samsung Galaxy Buds2 Pro' })).toMatchObject({ leafId: 1802, confident: true });
    // The brand alone names no kind: Apple makes wired headphones too.
    expect(classifyProduct(audio, { name: 'Наушники Apple EarPods' })).toMatchObject({ leafId: 1801 });
    // A line the goods are for says nothing of their own kind: a charger for AirPods is no wireless charger.
    expect(classifyProduct(audio, { name: 'Зарядное устройство для AirPods' }).leafId).not.toBe(1804);
  });

  it('reads an adjective of the leaf\'s own noun, its last consonant changed, as a word the leaf explains', () => {
    const extra = [
      { id: 15, parentId: null, name: { rus: 'Мясо и птица', kaz: 'Ет және құс' }, path: { rus: 'Продукты / Мясо и птица', kaz: 'Азық / Ет және құс' }, isLeaf: false },
      { id: 1501, parentId: 15, name: { rus: 'Курица', kaz: 'Тауық' }, path: { rus: 'Продукты / Мясо и птица / Курица', kaz: 'Азық / Ет және құс / Тауық' }, isLeaf: true },
    ];
    const poultry = buildClassifierIndex(buildClassifierDirectories(extra));
    // `окорочка` is read `курица` (the synonyms): `куриные` is of `курица`, nothing more.
    expect(classifyProduct(poultry, { name: 'Окорочка куриные 1 кг' })).toMatchObject({ leafId: 1501, confident: true });
    // A word of another root is still a doubt.
    expect(classifyProduct(poultry, { name: 'Окорочка копчёные 1 кг' })).toMatchObject({ leafId: 1501, confident: false });
  });

  it('tells leaves apart by a letter after the head noun, in either script, where the directory names kinds by it', () => {
    const extra = [
      { id: 103, parentId: 1, name: { rus: 'Витамин D', kaz: 'D витамині' }, path: { rus: 'Аптека / Витамины / Витамин D', kaz: 'Дәріхана / Витаминдер / D витамині' }, isLeaf: true },
      { id: 104, parentId: 1, name: { rus: 'Витамины и БАДы', kaz: 'Витаминдер мен ББҚ' }, path: { rus: 'Аптека / Витамины / Витамины и БАДы', kaz: 'Дәріхана / Витаминдер / Витаминдер мен ББҚ' }, isLeaf: true },
    ];
    const vitamins = buildClassifierIndex(buildClassifierDirectories(extra));
    expect(classifyProduct(vitamins, { name: 'Витамин D3 Solgar 1000 МЕ' })).toMatchObject({ leafId: 103, confident: true });
    expect(classifyProduct(vitamins, { name: 'Витамин Д 500 МЕ 60 капсул' })).toMatchObject({ leafId: 103, confident: true });
    expect(classifyProduct(vitamins, { name: 'Витамин С 1000 мг' })).toMatchObject({ leafId: 102, confident: true });
  });

  it('meets a part of an `и` list leaf whole as a plain leaf, a part of codes as the goods of its neighbour', () => {
    const extra = [
      { id: 18, parentId: null, name: { rus: 'Электроника', kaz: 'Электроника' }, path: { rus: 'Электроника', kaz: 'Электроника' }, isLeaf: false },
      { id: 1801, parentId: 18, name: { rus: 'Аккумуляторы АА и ААА', kaz: 'АА және ААА аккумуляторлары' }, path: { rus: 'Электроника / Аккумуляторы АА и ААА', kaz: 'Электроника / АА және ААА аккумуляторлары' }, isLeaf: true },
      { id: 19, parentId: null, name: { rus: 'Автотовары', kaz: 'Автотауарлар' }, path: { rus: 'Автотовары', kaz: 'Автотауарлар' }, isLeaf: false },
      { id: 1901, parentId: 19, name: { rus: 'Аккумуляторы', kaz: 'Аккумуляторлар' }, path: { rus: 'Автотовары / Аккумуляторы', kaz: 'Автотауарлар / Аккумуляторлар' }, isLeaf: true },
    ];
    const batteries = buildClassifierIndex(buildClassifierDirectories(extra));
    // `ААА` is no goods alone: it is `Аккумуляторы ААА`, which the name says whole, in either script.
    expect(classifyProduct(batteries, { name: 'Аккумулятор ААА Robiton 4 шт' })).toMatchObject({ leafId: 1801, confident: true });
    expect(classifyProduct(batteries, { name: 'Аккумулятор AA Ni-MH 2700 мАч 2 шт' })).toMatchObject({ leafId: 1801, confident: true });
    // A bare type names neither part whole: the two leaves stay a question.
    expect(classifyProduct(batteries, { name: 'Аккумулятор 12V 60Ah' })).toMatchObject({ confident: false });
  });

  it('counts a word of the type the leaf explains as a word of the leaf: an adjective of its purpose tells it from the plain leaf', () => {
    const extra = [
      { id: 20, parentId: null, name: { rus: 'Сад', kaz: 'Бақ' }, path: { rus: 'Сад', kaz: 'Бақ' }, isLeaf: false },
      { id: 2001, parentId: 20, name: { rus: 'Лейки', kaz: 'Суғарғыштар' }, path: { rus: 'Сад / Лейки', kaz: 'Бақ / Суғарғыштар' }, isLeaf: true },
      { id: 21, parentId: null, name: { rus: 'Ванная', kaz: 'Жуынатын бөлме' }, path: { rus: 'Ванная', kaz: 'Жуынатын бөлме' }, isLeaf: false },
      { id: 2101, parentId: 21, name: { rus: 'Лейки для душа', kaz: 'Душқа арналған суғарғыштар' }, path: { rus: 'Ванная / Лейки для душа', kaz: 'Жуынатын бөлме / Душқа арналған суғарғыштар' }, isLeaf: true },
    ];
    const cans = buildClassifierIndex(buildClassifierDirectories(extra));
    // `душевая` says `для душа`, which the plain leaf does not explain: one leaf fits clearly.
    expect(classifyProduct(cans, { name: 'Лейка душевая Iddis с кнопкой' })).toMatchObject({ leafId: 2101, confident: true });
    expect(classifyProduct(cans, { name: 'Лейка садовая 10 л' })).toMatchObject({ leafId: 2001, confident: true });
  });

  it('reads a word cut short with a dot as the word of a leaf it opens', () => {
    const extra = [
      { id: 17, parentId: null, name: { rus: 'Свечи', kaz: 'Шамдар' }, path: { rus: 'Свечи', kaz: 'Шамдар' }, isLeaf: false },
      { id: 1701, parentId: 17, name: { rus: 'Свечи', kaz: 'Шамдар' }, path: { rus: 'Свечи / Свечи', kaz: 'Шамдар / Шамдар' }, isLeaf: true },
      { id: 1702, parentId: 17, name: { rus: 'Свечи зажигания', kaz: 'Оталу шамдары' }, path: { rus: 'Свечи / Свечи зажигания', kaz: 'Шамдар / Оталу шамдары' }, isLeaf: true },
    ];
    const candles = buildClassifierIndex(buildClassifierDirectories(extra));
    expect(classifyProduct(candles, { name: 'Свечи зажиг. NGK 4 шт' })).toMatchObject({ leafId: 1702, confident: true });
    // Without the dot the word is no cut: a word the leaves do not have, and a question.
    expect(classifyProduct(candles, { name: 'Свечи зажиг NGK 4 шт' })).toMatchObject({ confident: false });
  });

  it('never reads the head noun as cut: a whole word before a full stop is the type, no start of a compound leaf', () => {
    const extra = [
      { id: 11, parentId: null, name: { rus: 'Аксессуары', kaz: 'Аксессуарлар' }, path: { rus: 'Аксессуары', kaz: 'Аксессуарлар' }, isLeaf: false },
      { id: 1101, parentId: 11, name: { rus: 'Ключницы', kaz: 'Кілт қаптары' }, path: { rus: 'Аксессуары / Ключницы', kaz: 'Аксессуарлар / Кілт қаптары' }, isLeaf: true },
    ];
    const keys = buildClassifierIndex(buildClassifierDirectories(extra));
    expect(classifyProduct(keys, { name: 'Ключ. 10х12 мм' })).not.toMatchObject({ leafId: 1101, confident: true });
    expect(classifyProduct(keys, { name: 'Мясо. Говядина охлажденная 1 кг' })).toMatchObject({ leafId: 202 });
  });

  it('keys a leaf by a letter that names a kind, never by a one-letter preposition', () => {
    const extra = [
      { id: 18, parentId: null, name: { rus: 'Книги', kaz: 'Кітаптар' }, path: { rus: 'Книги', kaz: 'Кітаптар' }, isLeaf: false },
      { id: 1801, parentId: 18, name: { rus: 'Книги о здоровье', kaz: 'Денсаулық туралы кітаптар' }, path: { rus: 'Книги / Книги о здоровье', kaz: 'Кітаптар / Денсаулық туралы кітаптар' }, isLeaf: true },
      { id: 1802, parentId: 1, name: { rus: 'Витамины А и Е', kaz: 'А және Е витаминдері' }, path: { rus: 'Аптека / Витамины / Витамины А и Е', kaz: 'Дәріхана / Витаминдер / А және Е витаминдері' }, isLeaf: true },
    ];
    const books = buildClassifierIndex(buildClassifierDirectories(extra));
    expect(Object.hasOwn(books.byHeadStem, 'о')).toBe(false);
    // A letter before another letter or at the end names a kind, `а` of `Витамины А и Е` too.
    expect(books.byHeadStem.a?.map((position) => books.leaves[position]?.id)).toEqual([1802]);
    expect(books.byHeadStem.e?.map((position) => books.leaves[position]?.id)).toEqual([1802]);
  });

  it('reads an age the leaf\'s own name says against another the product says as other people', () => {
    const leaf = (id: number, parentId: number, rus: string, path: string): Category => ({ id, parentId, name: { rus, kaz: '' }, path: { rus: `${path} / ${rus}`, kaz: '' }, isLeaf: true });
    const extra: Category[] = [{ id: 18, parentId: null, name: { rus: 'Детские книги', kaz: '' }, path: { rus: 'Книги / Детские книги', kaz: '' }, isLeaf: false }, leaf(1801, 18, 'Книги для малышей', 'Книги / Детские книги')];
    const books = buildClassifierIndex(buildClassifierDirectories(extra));
    expect(classifyProduct(books, { name: 'Книга для малышей с картинками' })).toMatchObject({ leafId: 1801, confident: true });
    // Both say children: only the ages tell them apart.
    expect(classifyProduct(books, { name: 'Книга для подростков' })).toMatchObject({ leafId: 1801, confident: false, doubt: expect.stringContaining('other people') as unknown });
  });

  it('asks about a leaf whose path answers a gender the name says by another qualifier, where the section has that gender\'s goods', () => {
    const branch = (id: number, rus: string): Category => ({ id, parentId: null, name: { rus: rus.split(' / ').at(-1) ?? rus, kaz: '' }, path: { rus, kaz: '' }, isLeaf: false });
    const leaf = (id: number, parentId: number, rus: string, path: string): Category => ({ id, parentId, name: { rus, kaz: '' }, path: { rus: `${path} / ${rus}`, kaz: '' }, isLeaf: true });
    const vests = [branch(22, 'Одежда / Национальная одежда'), leaf(2201, 22, 'Жилеты', 'Одежда / Национальная одежда'), leaf(2202, 22, 'Чапаны', 'Одежда / Национальная одежда')];
    const womens = [branch(23, 'Одежда / Женская одежда'), leaf(2301, 23, 'Платья', 'Одежда / Женская одежда')];
    const clothes = buildClassifierIndex(buildClassifierDirectories([...vests, ...womens]));
    // No rival `Жилеты`: the name said women, the leaf answers `национальная`.
    expect(classifyProduct(clothes, { name: 'Жилет женский' })).toMatchObject({ leafId: 2201, confident: false, doubt: expect.stringContaining('"национальная"') as unknown });
    // A section with no women's goods has no other answer to give.
    const national = buildClassifierIndex(buildClassifierDirectories(vests));
    expect(classifyProduct(national, { name: 'Жилет женский' })).toMatchObject({ leafId: 2201, confident: true });
  });

  it('takes what a leaf\'s path says of its goods as what its name says: a kind the product does not say is a question where another leaf of the noun is not of it', () => {
    const branch = (id: number, rus: string): Category => ({ id, parentId: null, name: { rus: rus.split(' / ').at(-1) ?? rus, kaz: '' }, path: { rus, kaz: '' }, isLeaf: false });
    const leaf = (id: number, parentId: number, rus: string, path: string): Category => ({ id, parentId, name: { rus, kaz: '' }, path: { rus: `${path} / ${rus}`, kaz: '' }, isLeaf: true });
    const boots = [branch(21, 'Обувь / Детская обувь'), leaf(2101, 21, 'Резиновые сапоги', 'Обувь / Детская обувь'), leaf(2102, 4, 'Сапоги', 'Обувь / Женская обувь')];
    const vests = [branch(22, 'Одежда / Национальная одежда'), leaf(2201, 22, 'Жилеты', 'Одежда / Национальная одежда'), leaf(2202, 22, 'Чапаны', 'Одежда / Национальная одежда')];
    const womensVests = [branch(23, 'Одежда / Женская одежда'), leaf(2301, 23, 'Жилеты женские', 'Одежда / Женская одежда')];
    const wipes = [branch(24, 'Гигиена / Бумажная продукция'), leaf(2401, 24, 'Влажные салфетки', 'Гигиена / Бумажная продукция'), branch(25, 'Детские товары / Уход за малышом'), leaf(2501, 25, 'Влажные салфетки детские', 'Детские товары / Уход за малышом')];
    const both = buildClassifierIndex(buildClassifierDirectories([...boots, ...vests, ...womensVests, ...wipes]));
    // Children's goods are never the default where a leaf of the noun is for others: a question, the path's word named.
    expect(classifyProduct(both, { name: 'Сапоги резиновые' })).toMatchObject({ leafId: 2101, confident: false, doubt: expect.stringContaining('"детская"') as unknown });
    expect(classifyProduct(both, { name: 'Сапоги резиновые детские 25' })).toMatchObject({ leafId: 2101, confident: true });
    // A kind of the path's own section (`Национальная одежда`) against a leaf of the same name for others: a question too.
    expect(classifyProduct(both, { name: 'Жилет пуховый' })).toMatchObject({ confident: false });
    expect(classifyProduct(both, { name: 'Жилет национальный' })).toMatchObject({ leafId: 2201, confident: true });
    // No other leaf of the noun: the path's leaf is the only place for it.
    expect(classifyProduct(both, { name: 'Чапан мужской' })).toMatchObject({ leafId: 2202, confident: true });
    const alone = buildClassifierIndex(buildClassifierDirectories([...boots.slice(0, 2), ...vests]));
    expect(classifyProduct(alone, { name: 'Сапоги резиновые' })).toMatchObject({ leafId: 2101, confident: true });
    expect(classifyProduct(alone, { name: 'Жилет пуховый' })).toMatchObject({ leafId: 2201, confident: true });
    // An adjective that sorts the directory (`Бумажная продукция`) narrows no kind: children's wipes elsewhere change nothing.
    expect(classifyProduct(both, { name: 'Салфетки влажные 100 шт' })).toMatchObject({ leafId: 2401, confident: true });
  });

  it('excuses an ordinary material\'s noun only where the name says it after `из`: `Семена льна` are flax seeds, no garden seeds', () => {
    const branch = (id: number, rus: string): Category => ({ id, parentId: null, name: { rus: rus.split(' / ').at(-1) ?? rus, kaz: '' }, path: { rus, kaz: '' }, isLeaf: false });
    const leaf = (id: number, parentId: number, rus: string, path: string): Category => ({ id, parentId, name: { rus, kaz: '' }, path: { rus: `${path} / ${rus}`, kaz: '' }, isLeaf: true });
    const extra = [branch(26, 'Дом и сад / Сад и дача'), leaf(2601, 26, 'Семена', 'Дом и сад / Сад и дача'), branch(27, 'Одежда / Головные уборы'), leaf(2701, 27, 'Шапки', 'Одежда / Головные уборы')];
    const garden = buildClassifierIndex(buildClassifierDirectories(extra));
    expect(classifyProduct(garden, { name: 'Семена льна 200 г' })).toMatchObject({ leafId: 2601, confident: false, doubt: expect.stringContaining('"льна"') as unknown });
    expect(classifyProduct(garden, { name: 'Шапка из шерсти зимняя' })).toMatchObject({ leafId: 2701, confident: true });
    // Another form of the material's noun says the material anywhere (`Шапка фетр`).
    expect(classifyProduct(garden, { name: 'Шапка фетр' })).toMatchObject({ leafId: 2701, confident: true });
  });

  it('reads a purpose after a brand as the type\'s: `Молоко Nivea для тела` is no drinking milk, `Корм Whiskas для кошек` cat food', () => {
    const branch = (id: number, rus: string): Category => ({ id, parentId: null, name: { rus: rus.split(' / ').at(-1) ?? rus, kaz: '' }, path: { rus, kaz: '' }, isLeaf: false });
    const leaf = (id: number, parentId: number, rus: string, path: string): Category => ({ id, parentId, name: { rus, kaz: '' }, path: { rus: `${path} / ${rus}`, kaz: '' }, isLeaf: true });
    const food = [branch(28, 'Продукты / Молочные продукты'), leaf(2801, 28, 'Молоко', 'Продукты / Молочные продукты')];
    const pets = [branch(29, 'Зоотовары / Корма'), leaf(2901, 29, 'Корм для кошек', 'Зоотовары / Корма'), leaf(2902, 29, 'Корм для собак', 'Зоотовары / Корма')];
    const shop = buildClassifierIndex(buildClassifierDirectories([...food, ...pets]));
    expect(classifyProduct(shop, { name: 'Молоко Nivea для тела 250 мл' })).toMatchObject({ leafId: 2801, confident: false });
    expect(classifyProduct(shop, { name: 'Молоко Простоквашино 2,5% 1 л' })).toMatchObject({ leafId: 2801, confident: true });
    expect(classifyProduct(shop, { name: 'Корм Whiskas для кошек 85 г' })).toMatchObject({ leafId: 2901, confident: true });
  });

  it('leaves out the leaves and words a mapping excludes', () => {
    const options = { excludeLeafIds: new Set([801]) };
    expect(classifyProduct(index, { name: 'Казан алюминиевый 10 л' }, options).leafId).toBeUndefined();
    expect(classifyProduct(index, { name: 'Станки одноразовые 5 шт' }).leafId).toBe(1002);
    expect(classifyProduct(index, { name: 'Станки одноразовые 5 шт' }, { excludeWords: new Set(['станки']) }).leafId).toBeUndefined();
    // Left out where words are read: the name keeps its phrase breaks (the zinc stays in its own phrase).
    expect(classifyProduct(index, { name: 'Паяльная кислота, хлористый цинк' }, { excludeWords: new Set(['паяльная']) })).toMatchObject({ productType: 'кислота', leafId: undefined });
  });
});

describe('the classifier index', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  it('is cached beside the directory under a key that changes with the directory', async () => {
    dir = await mkdtemp(join(tmpdir(), 'classifier-index-'));
    const directories = buildClassifierDirectories();
    const first = await loadClassifierIndex({ stateDir: dir, directories });
    expect(await readdir(dir)).toEqual([`classifier-index-${first.directoryHash.slice(0, 16)}.json`]);
    expect(JSON.parse(await readFile(join(dir, `classifier-index-${first.directoryHash.slice(0, 16)}.json`), 'utf8'))).toEqual(JSON.parse(JSON.stringify(first)));
    expect(await loadClassifierIndex({ stateDir: dir, directories: structuredClone(directories) })).toEqual(first);
    const grown = buildClassifierDirectories([{ id: 803, parentId: 8, name: { rus: 'Сковороды', kaz: 'Табалар' }, path: null, isLeaf: true }]);
    const changed = await loadClassifierIndex({ stateDir: dir, directories: grown });
    expect(changed.directoryHash).not.toBe(first.directoryHash);
    expect(await readdir(dir)).toHaveLength(2);
    expect(classifyProduct(changed, { name: 'Сковорода 24 см' }).leafId).toBe(803);
    // The brands are read into the index too (a brand ends a type): new brands, a new key.
    expect(buildClassifierIndex({ ...directories, brands: [{ id: 1, name: 'Фудмастер', code: null }] }).directoryHash).not.toBe(first.directoryHash);
  });

  it('is built again when the cached file of its name holds other leaves than the directory (cut short, edited): never names left without their leaf', async () => {
    dir = await mkdtemp(join(tmpdir(), 'classifier-index-'));
    const directories = buildClassifierDirectories([{ id: 804, parentId: 8, name: { rus: 'Сотейники', kaz: 'Сотейниктер' }, path: null, isLeaf: true }]);
    const good = buildClassifierIndex(directories);
    const path = buildClassifierIndexPath(dir, hashCategories(directories));
    // Same version, same hash, every field of the right shape: only the leaves are not the directory's.
    await writeFile(path, JSON.stringify({ ...good, leaves: [] }));
    const loaded = await loadClassifierIndex({ stateDir: dir, directories });
    expect(loaded.leaves.map((leaf) => leaf.id)).toEqual(good.leaves.map((leaf) => leaf.id));
    expect(classifyProduct(loaded, { name: 'Сотейник 24 см' }).leafId).toBe(804);
    // The file is written again from the built index.
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(JSON.parse(JSON.stringify(good)));
  });
});
