/**
 * A top-level section whose sure leaves are scattered over it, none of them kin to the file's main
 * trade is no trade of the file (issue 33, probe 21): a bicycle shop's `Крылья Velo 700C`, `АКБ Inokim 36V` and `Тормозные
 * колодки KMC` sure in three car leaves made `Автотовары` one of its sections, so those rows were never asked. Its tricycles
 * in `Детские товары`, kin to its `Велосипеды и самокаты`, stay a section. Pure: the sure rows by leaf path.
 */
import { describe, expect, it } from 'vitest';
import { countByTopSection, readFileSections, readNoTradeSections, readOneLeafSections } from '../../../src/assistant/classify/file-sections.js';

const SPORT = 'Спорт и отдых';
const BIKE_SHOP = new Map<string, number>([
  [`${SPORT} / Велосипеды и самокаты / Электросамокаты`, 107],
  [`${SPORT} / Велосипеды и самокаты / Шлемы и защита`, 19],
  [`${SPORT} / Ролики и скейтборды / Роликовые коньки`, 32],
  [`${SPORT} / Ролики и скейтборды / Трюковые самокаты`, 30],
  [`${SPORT} / Фитнес: дополнительно / Спортивные бутылки`, 31],
  ['Детские товары / Прогулки и поездки / Велосипеды трёхколёсные', 29],
  ['Детские товары / Игрушки / Беговелы', 15],
  ['Автотовары / Кузов и оптика / Капоты и крылья', 26],
  ['Автотовары / Аксессуары для авто / Аккумуляторы', 7],
  ['Автотовары / Тормозная система / Тормозные колодки', 6],
  ['Хобби и музыкальные инструменты / Рукоделие / Спицы и крючки', 5],
]);

function readSections(sure: ReadonlyMap<string, number>, rows = 2000): string[] | undefined {
  return readFileSections(countByTopSection(sure), rows, readNoTradeSections(sure))?.sections.map((section) => section.path);
}

describe('a section of a few leaves unrelated to the file’s main trade', () => {
  it('is no section of the file: its sure picks are asked', () => {
    expect(readNoTradeSections(BIKE_SHOP)).toEqual(new Set(['Автотовары', 'Хобби и музыкальные инструменты']));
    expect(readSections(BIKE_SHOP)).toEqual([SPORT, 'Детские товары']);
    // Two of them in one group (`Кузов и оптика`) still scatter the five over four groups.
    // `дополнительно` of `Автохимия: дополнительно` and `Кемпинг: дополнительно` names no goods: no kinship.
    const more = new Map([...BIKE_SHOP, ['Автотовары / Кузов и оптика / Задние фонари', 1], ['Автотовары / Автохимия: дополнительно / Смазки', 3], [`${SPORT} / Кемпинг: дополнительно / Мультитулы`, 17]]);
    expect(readNoTradeSections(more).has('Автотовары')).toBe(true);
    // Read by one leaf alone, the car section's three leaves made it the file's third.
    expect(readFileSections(countByTopSection(BIKE_SHOP), 2000, readOneLeafSections(BIKE_SHOP))?.sections.map((section) => section.path)).toEqual([SPORT, 'Детские товары', 'Автотовары']);
  });
});

describe('traps: a second trade stays a section', () => {
  it('when its goods gather in a few groups, whatever its words', () => {
    const carToo = new Map([
      ...BIKE_SHOP,
      ['Автотовары / Кузов и оптика / Фары', 20],
      ['Автотовары / Кузов и оптика / Бамперы', 10],
      ['Автотовары / Тормозная система / Тормозные диски', 20],
      ['Автотовары / Тормозная система / Тормозная жидкость', 20],
    ]);
    expect(readSections(carToo)).toEqual([SPORT, 'Автотовары', 'Детские товары']);
  });

  it('when it reaches as many leaves as a trade does, scattered and unrelated as they are', () => {
    const importer = new Map<string, number>([
      ...Array.from({ length: 8 }, (_, at): [string, number] => [`Красота и здоровье / Уход за лицом / Лист ${at}`, 40]),
      ...Array.from({ length: 4 }, (_, at): [string, number] => [`Бытовая химия и гигиена / Стирка / Лист ${at}`, 40]),
      ...['Соусы и специи / Майонез', 'Снеки и орехи / Чипсы', 'Напитки / Холодный чай', 'Соусы и специи / Соевый соус', 'Крупы, макароны и мука / Лапша быстрого приготовления', 'Овощи, фрукты и зелень / Цитрусовые'].map((leaf): [string, number] => [`Продукты питания / ${leaf}`, 10]),
    ]);
    expect(readSections(importer)).toEqual(['Красота и здоровье', 'Бытовая химия и гигиена', 'Продукты питания']);
  });

  it('when a leaf of it is kin to another section’s leaves, not only the main one’s, or to a word of them in another derivation', () => {
    const gadget = new Map<string, number>([
      ...Array.from({ length: 10 }, (_, at): [string, number] => [`Электроника / Аудиотехника / Лист ${at}`, 20]),
      ['Бытовая техника / Техника для дома / Пылесосы', 20],
      ['Бытовая техника / Техника для кухни / Блендеры', 10],
      ['Автотовары / Инструменты и оборудование для авто / Автомобильные пылесосы', 18],
      ['Автотовары / Автоэлектроника / Видеорегистраторы', 5],
    ]);
    expect(readSections(gadget)).toEqual(['Электроника', 'Бытовая техника', 'Автотовары']);
    // `зарядные` and `зарядки`: one word.
    const chargers = new Map<string, number>([
      ...Array.from({ length: 10 }, (_, at): [string, number] => [`Электроника / Аудиотехника / Лист ${at}`, 20]),
      ['Электроника / Аксессуары для электроники / Беспроводные зарядки', 20],
      ['Бытовая техника / Техника для кухни / Блендеры', 30],
      ['Бытовая техника / Техника для кухни / Миксеры', 30],
      ['Автотовары / Автоэлектроника / Автомобильные зарядные устройства', 18],
      ['Автотовары / Кузов и оптика / Видеорегистраторы', 5],
    ]);
    expect(readSections(chargers)).toEqual(['Электроника', 'Бытовая техника', 'Автотовары']);
  });

  it('when its leaves are one kind of goods, in one group', () => {
    const beauty = new Map<string, number>([
      ...Array.from({ length: 8 }, (_, at): [string, number] => [`Красота и здоровье / Уход за лицом / Лист ${at}`, 30]),
      ['Бытовая химия и гигиена / Личная гигиена / Ежедневные прокладки', 15],
      ['Бытовая химия и гигиена / Личная гигиена / Тампоны', 6],
    ]);
    expect(readSections(beauty)).toEqual(['Красота и здоровье', 'Бытовая химия и гигиена']);
  });

  it('and a file of many trades is read as of none, as before', () => {
    const gifts = new Map<string, number>([
      ...['А / Б / В', 'Г / Д / Е', 'Ж / З / И'].flatMap((path): [string, number][] => [[path, 60], [`${path} 2`, 60]]),
      ['Спорт и отдых / Настольные игры / Шахматы', 12],
      ['Канцелярские товары / Письменные принадлежности / Ручки', 10],
      ['Продукты питания / Сладости / Конфеты', 20],
      ['Продукты питания / Напитки / Чай', 20],
    ]);
    expect(readFileSections(countByTopSection(gifts), 1000, readOneLeafSections(gifts))).toBeUndefined();
    expect(readNoTradeSections(gifts)).toEqual(readOneLeafSections(gifts));
  });

  it('when a leaf of it shares a word with the main trade’s leaves', () => {
    const kids = new Map<string, number>([
      ['Детские товары / Игрушки / Мягкие игрушки', 120],
      ['Детские товары / Школа и творчество / Тетради', 60],
      ['Детские товары / Игрушки / Конструкторы', 80],
      ['Канцелярские товары / Бумажная продукция для офиса / Тетради общие', 51],
      ['Канцелярские товары / Письменные принадлежности / Ручки', 100],
    ]);
    expect(readNoTradeSections(kids).size).toBe(0);
    expect(readSections(kids, 800)).toEqual(['Детские товары', 'Канцелярские товары']);
  });
});
