/**
 * A top-level section the sure rows reach through a few leaves (`FEWEST_TRADE_LEAVES`) none of which is kin to the file's main
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
    // Read by one leaf alone, the car section's three leaves made it the file's third.
    expect(readFileSections(countByTopSection(BIKE_SHOP), 2000, readOneLeafSections(BIKE_SHOP))?.sections.map((section) => section.path)).toEqual([SPORT, 'Детские товары', 'Автотовары']);
  });
});

describe('traps: a second trade stays a section', () => {
  it('when it has as many leaves as a trade has, whatever its words', () => {
    const carToo = new Map([...BIKE_SHOP, ['Автотовары / Кузов и оптика / Фары', 20], ['Автотовары / Автохимия / Смазки', 20]]);
    expect(readSections(carToo)).toEqual([SPORT, 'Автотовары', 'Детские товары']);
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
