/**
 * What a nail-supply and an electrical shop's lists (issue 33, probe 20) showed of the type reader: a shop's mark read as the
 * goods (`ПРОФ`, the Kazakh `жаңа`), a Cyrillic brand after English goods, a car part keyed
 * with the generator sets it shares its head with, and English goods with no Russian reading. Each rule has a case that fails
 * without it and a trap for what it must not do, on the marketplace sandbox directory.
 */
import { describe, expect, it } from 'vitest';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { extractProductType } from '../../../src/assistant/classify/extract-product-type.js';
import { readKnownBrands } from '../../../src/assistant/classify/known-brands.js';
import { readProductTypeKey } from '../../../src/assistant/review/read-product-type-key.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const index = buildClassifierIndex(buildSandboxDirectories('marketplace'));
const known = readKnownBrands(index, {});
const typeOf = (name: string): string => extractProductType(name, undefined, undefined, known).text;
const keyOf = (name: string): string => readProductTypeKey(name, undefined, known);
const classify = (name: string): ReturnType<typeof classifyProduct> => classifyProduct(index, { name });

describe('a supply shop’s mark for masters, and the Kazakh «new»', () => {
  it('is no type: the goods are read before or after it', () => {
    expect(typeOf('ПРОФ Пинцет Vivienne прямой')).toBe('пинцет');
    expect(keyOf('ПРОФ Пинцет Vivienne прямой')).toBe('пинцет');
    expect(typeOf('Жаңа Жылыжай поликарбонат')).toBe('жылыжай поликарбонат');
    expect(keyOf('Cuticle oil TNL ПРОФ')).toBe('cuticle oil');
    expect(classify('ПРОФ Пинцет Vivienne прямой')).toMatchObject({ path: expect.stringContaining('Пинцеты') as unknown });
  });

  it('leaves a name that is only the mark as written, and the goods’ own words (trap)', () => {
    expect(typeOf('ПРОФ')).toBe('проф');
    expect(typeOf('Жаңа')).toBe('жаңа');
    expect(typeOf('Профнастил С8 оцинкованный')).toBe('профнастил');
  });
});

describe('a Cyrillic brand after English goods', () => {
  it('is the brand, as before them', () => {
    expect(keyOf('Gel polish Дива #66')).toBe('gel polish');
    expect(classify('Gel polish Дива #66')).toMatchObject({ path: expect.stringContaining('Лаки для ногтей') as unknown });
  });

  it('never takes a Russian word of goods after them for a brand (trap)', () => {
    expect(keyOf('Ahmad Tea чай зелёный')).toBe('чай зеленый');
    expect(keyOf('Shampoo Кондиционер')).toBe('кондиционер');
  });
});

describe('two letters joined by a slash are never read as the vocabulary’s one hyphenated word (trap)', () => {
  it('leaves `З/П` (зубная паста to a seller, зип-пакеты to the vocabulary) and `Г/л` unread', () => {
    expect(classify('З/П COLGATE 100МЛ')).toMatchObject({ confident: false });
    expect(keyOf('Г/л Ириск 8')).not.toContain('пакет');
  });
});

describe('a car’s part keyed apart from the goods its head also names', () => {
  it('keeps the vehicle maker right after the head in the key', () => {
    expect(keyOf('Генератор ВАЗ 2110 14В 90А склад')).toBe('генератор ваз');
    expect(keyOf('Генератор Ресанта 3,2кВт с электростартером')).toBe('генератор');
  });

  it('keeps no maker the name does not put right after the head, nor a brand before no number (trap)', () => {
    expect(keyOf('Генератор 14В ВАЗ 2110')).toBe('генератор');
    expect(keyOf('Генератор Huter 3,2кВт')).toBe('генератор');
  });
});

describe('English importer goods read in the directory’s words', () => {
  it('reads goods whose one Russian word a leaf names', () => {
    const expected: [string, string][] = [
      ['Sunscreen SPF50 Missha', 'Солнцезащитные средства'],
      ['Toothpaste Mint 160g', 'Зубные пасты'],
      ['Adult Diapers M 10pcs', 'Подгузники для взрослых'],
      ['Diaper Pants XL', 'Трусики-подгузники'],
      ['Soy Sauce 500ml', 'Соевый соус'],
      ['Instant Noodles', 'Лапша быстрого приготовления'],
      ['Yarn Alize 100g', 'Пряжа'],
      ['Toner Cartridge HP 85A', 'Тонеры и чернила'],
    ];
    for (const [name, leaf] of expected) expect(classify(name), name).toMatchObject({ confident: true, path: expect.stringContaining(leaf) as unknown });
  });

  it('never reads a toner alone, or goods with a word the table does not know, as one leaf (trap)', () => {
    for (const name of ['Toner', 'Etude Mist Toner 100ml', 'Toner Pads', 'Vanilla Essence', 'Pet Diapers']) expect(classify(name), name).toMatchObject({ confident: false });
  });
});
