/**
 * What probe 24's computer, camping and underwear shops wrote that the type reader read as goods (issue 33, loop24): shop notes
 * in front of the goods (`последний`, Kazakh `сапалы`, `үлкен`, `түсі`, `жиынтық`), a part the goods lack (`без кулера`), the
 * trade's abbreviations after the maker and model (`MSI GeForce RTX 4070 Ventus VGA`), and trade words of the synonyms table.
 * Real classifier on the marketplace sandbox directory.
 */
import { describe, expect, it } from 'vitest';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { extractProductType } from '../../../src/assistant/classify/extract-product-type.js';
import { readKnownBrands } from '../../../src/assistant/classify/known-brands.js';
import { getClassifierIndex } from '../../../src/assistant/classify/load-classifier-index.js';
import { readProductTypeKey } from '../../../src/assistant/review/read-product-type-key.js';
import { rewriteWithSynonyms } from '../../../src/assistant/category-synonyms.js';
import { createDirectoryIndex } from '../../../src/mapping/directory-index.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const directories = buildSandboxDirectories('marketplace');
const marketplace = getClassifierIndex(directories, createDirectoryIndex(directories));
const known = readKnownBrands(marketplace, {});
const key = (name: string): string => readProductTypeKey(name, undefined, known);
const pick = (name: string): { leaf: string | undefined; confident: boolean } => {
  const result = classifyProduct(marketplace, { name });
  return { leaf: result.path?.split(' / ').at(-1), confident: result.confident };
};

describe('shop notes in front of the goods', () => {
  it('are no type: the goods after them are (`последний`, Kazakh quality, size, colour and set words)', () => {
    expect(key('последний Монитор игровой 27" Samsung')).toBe('монитор игровой');
    expect(key('последний Ugreen Кабель HDMI 2.1 5 м')).toBe('кабель hdmi');
    expect(key('түсі Мышка игровая бесшумная Bluetooth Xiaomi')).toBe('мышка игровая бесшумная');
    expect(key('сапалы Система жидкостного охлаждения 120mm Noctua')).toBe('система жидкостного охлаждения');
    expect(key('үлкен Палатка трекинговая 3 мест. SOL')).toBe('палатка трекинговая');
    expect(key('кішкентай Zalman S2 Корпус mATX')).toBe('корпус');
    expect(key('жиынтық Палатка трекинговая 4-х местная Coleman')).toBe('палатка трекинговая');
  });

  it('take their noun with them (`последний экземпляр`), and the colour `түсі` announces', () => {
    expect(key('Последний экземпляр Монитор Samsung 27')).toBe('монитор');
    expect(key('Монитор Samsung 27 последний экземпляр')).toBe('монитор');
    expect(key('түсі қара Фонарь налобный 300 лм')).toBe('фонарь налобный');
  });

  it('trap: a title opened by such a word keeps it (`Последний звонок`, `Кішкентай ханзада`): unsure, the words stay', () => {
    expect(key('Последний звонок Лента выпускника атласная')).toBe('последний звонок');
    expect(key('Кішкентай ханзада кітап')).toMatch(/^кішкентай ханзада/u);
    expect(key('Последний из могикан Фенимор Купер')).toMatch(/^последний/u);
  });

  it('leave the goods where they stand after them, and a set before its own preposition', () => {
    expect(extractProductType('Фонарь түсі қара 300 лм').words[0]).toBe('фонарь');
    expect(extractProductType('Жиынтық для пикника 4 персоны').words[0]).toBe('жиынтық');
  });
});

describe('a part the goods lack (`без …`) before any Russian word of goods', () => {
  it('is never their type', () => {
    expect(key('CPU AMD Ryzen 5 5600 без кулера tray')).not.toBe('кулера');
    expect(key('CPU без кулера INTEL CORE I7-13700K BOX')).toBe('cpu');
    expect(key('Intel Core i5 12400F без кулера')).not.toBe('кулера');
  });

  it('after the goods is read as before (`без сахара` tells sugar-free goods apart)', () => {
    expect(key('Процессор Intel Core i5 без кулера')).toBe('процессор');
    expect(key('Шоколад без сахара Победа 100 г')).toBe('шоколад без сахара');
  });
});

describe('the computer trade\'s abbreviations', () => {
  it('are the type, after the maker\'s and model\'s words too', () => {
    expect(key('MSI GeForce RTX 4070 Ventus VGA 12 ГБ')).toBe('vga');
    expect(key('VGA ASUS Dual RTX 4060 8GB GDDR6')).toBe('vga');
    expect(key('Crucial P3 SSD M.2 2 ТБ')).toBe('ssd');
    expect(key('DeepCool PF PSU арт. 67338 600W')).toBe('psu');
    expect(pick('Gigabyte RX 7600 VGA 8GB GDDR6')).toEqual({ leaf: 'Видеокарты', confident: true });
    expect(pick('KINGSTON NV2 SSD M.2 NVMe PCIe 4.0 64 GB')).toEqual({ leaf: 'SSD-накопители', confident: true });
    expect(pick('CPU AMD Ryzen 5 5600 без кулера tray')).toEqual({ leaf: 'Процессоры', confident: true });
  });

  it('never take a name whose head names goods already, and `MB` (a megabyte) is none', () => {
    expect(key('Gaming Mouse Pad VGA')).not.toBe('vga');
    expect(key('MB ASUS PRIME B660M-A AM4')).not.toBe('mb');
  });
});

describe('a trade abbreviation that is no goods of the name (review24b)', () => {
  it('is left out after a measure, beside a port, after a preposition, before more goods, beside other goods or a processor', () => {
    const open = (name: string): boolean => !pick(name).confident;
    expect(open('MacBook Air 13 M2 8GB 256GB SSD')).toBe(true);
    expect(open('Xbox Series S 512GB SSD')).toBe(true);
    expect(open('Philips 223V5LSB 21.5 VGA')).toBe(true);
    expect(key('AOC 22B2H 21.5 IPS HDMI VGA')).not.toBe('vga');
    expect(key('Lenovo ThinkVision T24i VGA HDMI DP')).not.toBe('vga hdmi');
    expect(key('Dell P2219H Monitor HDMI VGA')).not.toBe('vga');
    expect(key('Synology DS224+ NAS without HDD')).not.toBe('hdd');
    expect(open('Салазки для SSD 2.5 в 3.5')).toBe(true);
    expect(key('Kingston SSD Heatsink M.2')).not.toBe('ssd');
    expect(key('Orico 2.5 HDD Enclosure USB 3.0')).not.toBe('hdd');
    expect(open('Gaming PC Ryzen 5 RTX 4060 16GB SSD 1TB')).toBe(true);
  });

  it('stays the goods before a form factor, a socket, a unit or a colour (traps)', () => {
    expect(pick('Crucial P3 1TB SSD M.2')).toEqual({ leaf: 'SSD-накопители', confident: true });
    expect(pick('INTEL CORE I3-12100 CPU LGA1700 красный')).toEqual({ leaf: 'Процессоры', confident: true });
    expect(key('APC Back-UPS 650VA')).toBe('ups');
    expect(key('Netac N600S SSD M.2 64 GB бордовый')).toBe('ssd');
  });
});

describe('measures and code labels of the computer trade (`850 ВА`, `5400об`, `мод. 95428`)', () => {
  it('are no words of the type', () => {
    expect(key('UPS Eaton 850 ВА')).toBe('ups');
    expect(key('HDD темно-синий 5400об 1TB WD Blue')).not.toBe('об');
    expect(key('SSD M.2 Apacer мод. 95428 32Gb')).toBe('ssd');
  });
});

describe('colours no ending tells (`песочный`, `пудровый`, `хаки`, `камуфляж`, `темно-синий`)', () => {
  it('are qualifiers, never the type of goods named in Latin', () => {
    expect(key('VGA 4GB GDDR6 MSI GeForce RTX 4070 Ventus песочный')).toBe('vga');
    expect(key('PSU 850 Вт Chieftec пудровый уценка')).toBe('psu');
    expect(key('Термос хаки 1 л Stanley')).toBe('термос хаки');
    expect(extractProductType('HDD темно-синий 1TB WD Blue').words[0]).toBe('hdd');
  });

  it('leave the goods they stand before (`Графит порошок`) and a Russian head after them', () => {
    expect(key('Костюм камуфляж Huntsman 52')).toBe('костюм камуфляж');
    expect(extractProductType('Пудровая пудра 10 г').words).toContain('пудра');
  });
});

describe('trade words of the synonyms table', () => {
  it('place the goods in the leaf the directory names otherwise', () => {
    const cases: [string, string][] = [
      ['Свитч TP-Link 16-port', 'Коммутаторы'],
      ['Жедел жады DDR5 16GB 5600 ADATA XPG', 'Оперативная память'],
      ['СЖО Thermalright ARGB 360mm', 'Кулеры и системы охлаждения'],
      ['Ультрабук Acer Aspire 7 Ryzen 5', 'Ноутбуки'],
      ['Охлаждающая подставка KS-is до 17.3"', 'Подставки для ноутбуков'],
      ['Гермобаул Tramp 80 л', 'Гермомешки'],
      ['Термосумка 45 л Следопыт', 'Сумки-холодильники'],
      ['Репеллент от комаров 75 мл Gardex', 'Средства от комаров'],
      ['Камера для ПК Logitech C270 1080p', 'Веб-камеры'],
      ['Термоинтерфейс Thermal Grizzly Kryonaut 1 г', 'Термопаста'],
      ['ОЗУ DDR4 8GB 3200 Kingston Fury Beast', 'Оперативная память'],
      ['Маршрутизатор Keenetic Giga AC1200', 'Wi-Fi роутеры'],
    ];
    for (const [name, leaf] of cases) expect({ name, ...pick(name) }).toEqual({ name, leaf, confident: true });
  });

  it('rewrite the words the label round asked for (mend24b)', () => {
    const cases: [string, string][] = [
      ['Машинки для стрижки', 'триммеры'], ['Охлаждение процессора', 'кулеры и системы охлаждения'], ['LED лампочки', 'светодиодные лампы'],
      ['Hiking backpacks', 'туристические рюкзаки'], ['Чулки', 'колготки'], ['Гель-лак', 'лаки для ногтей'], ['Лаки гель', 'лаки для ногтей'],
      ['ОЗУ', 'оперативная память'], ['UPS', 'источники бесперебойного питания'], ['Гардины', 'шторы'], ['Кесе', 'пиалы'], ['Касешки', 'пиалы'], ['Клеенки', 'скатерти'],
    ];
    for (const [label, leaf] of cases) expect({ label, text: rewriteWithSynonyms(label)?.text }).toEqual({ label, text: leaf });
  });

  it('propose a game call\'s leaf for `манок`, never semolina\'s', () => {
    expect(pick('Манок на рябчика 4шт Buck Gardner').leaf).toBe('Манки и приманки для охоты');
  });
});
