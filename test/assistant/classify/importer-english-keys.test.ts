/**
 * An importer of Korean and Japanese goods writes English names (issue 33, probe 19): the type key is the goods (`Etude Mascara
 * Volume` is a mascara of Etude), never the brand before them, a shop's prefix (`K-beauty`, `[JP]`), a mark, a flavour or scent
 * written in Russian after them, or a brand written in Cyrillic before them; where no goods are read the key is as before.
 */
import { describe, expect, it } from 'vitest';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { readEnglishProductWord } from '../../../src/assistant/classify/english-product-words.js';
import { extractProductType } from '../../../src/assistant/classify/extract-product-type.js';
import { readKnownBrands } from '../../../src/assistant/classify/known-brands.js';
import { readEnglishHeadWords } from '../../../src/assistant/classify/read-english-type.js';
import { translateEnglishType } from '../../../src/assistant/classify/translate-english-type.js';
import { readProductTypeKey } from '../../../src/assistant/review/read-product-type-key.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const index = buildClassifierIndex(buildSandboxDirectories('marketplace'));
const known = readKnownBrands(index, {});
const keyOf = (name: string): string => readProductTypeKey(name, undefined, known);
const typeOf = (name: string): string => extractProductType(name, undefined, undefined, known).text;

describe('a brand before an importer’s goods named in English', () => {
  it('is no word of the key: one key for the goods of every brand', () => {
    expect(keyOf('Etude Mascara Volume')).toBe('mascara volume');
    expect(keyOf('Clio Mascara Volume Корея')).toBe('mascara volume');
    expect(keyOf('Lion Mouthwash 750ml')).toBe('mouthwash');
    expect(keyOf('Kao Cucute Dish Wash')).toBe('dish wash');
    expect(keyOf('Merries Diapers S')).toBe('diapers');
    expect(keyOf('DHC Collagen 60 days')).toBe('collagen');
    expect(keyOf('Lion Top Laundry Gel 1.5L')).toBe('laundry gel');
    expect(keyOf('Skin1004 Eye Patch Gold 60 pcs')).toBe('eye patch');
    expect(new Set(['Petitfee Hydrogel Eye Patch 60 pcs', 'COSRX Hydrogel Eye Patch 60 pcs', 'K-79440 Anua Hydrogel Eye Patch 60шт'].map(keyOf))).toEqual(new Set(['hydrogel eye patch']));
  });

  it('written with a colon inside (`Ma:nyo`) is one word, no phrase of its own', () => {
    expect(keyOf('Ma:nyo Hand Cream')).toBe('hand cream');
    expect(typeOf('Пенка Ma:nyo для умывания')).toBe('пенка');
  });

  it('leaves the kind that tells twins apart, and ends at a flavour after the goods', () => {
    expect(keyOf('Etude Hand Cream Peach 80 g')).toBe('hand cream');
    expect(keyOf('Binggrae Banana Milk')).toBe('banana milk');
    expect(keyOf('Itoen Green Tea 500ml')).toBe('green tea');
    expect(keyOf('Holika Holika BB Cream SPF42')).toBe('bb cream');
    expect(keyOf('Missha BB Cream No.21')).toBe('bb cream');
    expect(keyOf('CC cream Abib')).toBe('cc cream');
    expect(keyOf('Eye Cream')).not.toBe(keyOf('Hand Cream'));
  });

  it('is kept before other goods, whose unknown word before the head may be their kind (traps)', () => {
    expect(typeOf('Gift Card 5000')).toBe('gift card');
    expect(readEnglishHeadWords(['ipl', 'hair', 'remover'], new Set())).toEqual(['ipl', 'hair', 'remover']);
  });
});

describe('a shop’s prefix or note on an importer’s goods', () => {
  it('is never the type, in front of the name or after it', () => {
    expect(keyOf('K-beauty Etude Peeling Gel')).toBe('peeling gel');
    expect(keyOf('[JP] Nori Sheets')).toBe('nori sheets');
    expect(keyOf('Attack Laundry Gel refill')).toBe('laundry gel');
    expect(keyOf('Ariel Japan Laundry Gel 1.5L')).toBe('laundry gel');
    expect(keyOf('DHC Vitamin C 90 дней (Япония)')).not.toMatch(/дней|япония/u);
    expect(keyOf('Предзаказ Lion Mouthwash')).toBe('mouthwash');
  });

  it('leaves a day count that is no course, and a name that is only a note (traps)', () => {
    expect(keyOf('Календарь на 365 дней')).toBe('календарь');
    expect(keyOf('Предзаказ')).toBe('предзаказ');
  });
});

describe('Russian words around goods named in English', () => {
  it('a Cyrillic brand before them and a flavour or scent after them are no type', () => {
    expect(keyOf('Косрикс Cushion No.23')).toBe('cushion');
    expect(keyOf('Ла Дор Shampoo Moisture 600ml')).toMatch(/^shampoo/u);
    expect(keyOf('Аттак Laundry Powder')).toBe('laundry powder');
    expect(keyOf('Sandokkaebi Fabric Softener зеленый чай 1.2L')).toBe('fabric softener');
    expect(keyOf('Charmy Magica Dish Wash цитрус 800 ml')).toBe('dish wash');
    expect(keyOf('Kimchi манго 400g')).toBe('kimchi');
  });

  it('stay the type where the Russian word names goods before them, or no Latin goods are read (traps)', () => {
    expect(typeOf('Крем Hand Cream 50 мл')).toBe('крем');
    expect(typeOf('Xiaomi Робот-пылесос S10')).toBe('робот пылесос');
    expect(typeOf('Fairy Лимон 1л')).toBe('лимон');
    expect(typeOf('Шампунь Head&Shoulders 400 мл')).toBe('шампунь');
  });
});

describe('goods known only to key a type by', () => {
  it('have no Russian reading, so no English type of them is read in Russian', () => {
    expect(readEnglishProductWord('toner')).toMatchObject({ role: 'goods', keyOnly: true, loose: true });
    expect(translateEnglishType(['hand', 'cream'])).toBeUndefined();
    expect(translateEnglishType(['toner', 'pads'])).toBeUndefined();
  });

  it('leave the words the table reads in Russian as they were (trap)', () => {
    expect(readEnglishProductWord('soap')).toMatchObject({ role: 'kind', russian: 'для мыла' });
    expect(readEnglishProductWord('sponge')).toMatchObject({ role: 'goods', russian: 'губка' });
  });
});

describe('Russian goods after a Latin brand that holds an English word (traps, 48,615 earlier names)', () => {
  it('stay the type: only a flavour, scent or colour after the goods is dropped, and a Russian noun of goods is no brand', () => {
    expect(typeOf('Ahmad Tea чай зелёный с жасмином 100 г')).toBe('чай зеленый');
    expect(typeOf('Sleepy Pants L ночные трусики 28шт')).toBe('ночные трусики');
    expect(typeOf('Микроволновка Candy чёрная 20 л')).toBe('микроволновка');
    expect(typeOf('1С:Бухгалтерия для Казахстана ПРОФ')).toBe('бухгалтерия');
  });
});
