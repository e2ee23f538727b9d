/**
 * Names of an importer writing English and Russian (issue 33, probe 18): a best-seller mark is never the type wherever it stands
 * and in either alphabet; a lone Cyrillic brand in a name whose goods are named in Latin is a brand, no type; an English name's
 * type is its head noun (in the plural too) with the kinds that tell twins apart, a compound read as one word, and a word
 * naming two kinds of goods (`iron`) never sure alone.
 */
import { describe, expect, it } from 'vitest';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { isEnglishProductWord, readEnglishProductWord, readEnglishWords, readTwoKindsWord } from '../../../src/assistant/classify/english-product-words.js';
import { extractProductType } from '../../../src/assistant/classify/extract-product-type.js';
import { readKnownBrands } from '../../../src/assistant/classify/known-brands.js';
import { readEnglishCapitalWords, readEnglishHeadWords } from '../../../src/assistant/classify/read-english-type.js';
import { rewriteTypeInDirectoryWords, translateEnglishType } from '../../../src/assistant/classify/translate-english-type.js';
import { readProductTypeKey } from '../../../src/assistant/review/read-product-type-key.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const index = buildClassifierIndex(buildSandboxDirectories('marketplace'));
const known = readKnownBrands(index, {});
const typeOf = (name: string): string => extractProductType(name, undefined, undefined, known).text;
const keyOf = (name: string): string => readProductTypeKey(name, undefined, known);
const classify = (name: string): ReturnType<typeof classifyProduct> => classifyProduct(index, { name });

describe('a best-seller mark', () => {
  it('is never the type, after the goods as before them, in Russian and in English', () => {
    expect(typeOf('Night Light Motion Sensor Хит продаж')).toBe('night light motion sensor');
    expect(typeOf('Gift Card 5000 XJ-601 Хит продаж')).toBe('gift card');
    expect(typeOf('Android Car Radio 10" 2+32G Хит продаж')).toBe('android car radio');
    expect(typeOf('Vacuum Sealer Machine Food best seller')).toBe('vacuum sealer');
    expect(typeOf('Ароматическое саше для белья кокос *хит*')).toBe('ароматическое саше');
    expect(typeOf('Дастархан хит сезона')).toBe('дастархан');
    expect(typeOf('Овощечистка ХИТ ПРОДАЖ')).toBe('овощечистка');
  });

  it('never makes one key of unlike goods, nor one that merely holds the mark (`хит продаж usb`)', () => {
    const names = ['Jade Roller Rose Quartz Face Хит продаж', 'Press On Nails 24pcs Coffin Хит продаж', 'Car Floor Mats Universal Set 4 Хит продаж', 'Automatic Soap Dispenser Touchless USB Хит продаж', 'Electric Salt and Pepper Grinder Rechargeable USB Хит продаж'];
    const keys = names.map(keyOf);
    expect(new Set(keys).size).toBe(names.length);
    expect(keys.filter((key) => /хит|продаж/u.test(key))).toEqual([]);
  });

  it('is a name of its own where nothing else is written (trap: no goods to read)', () => {
    expect(typeOf('хит')).toBe('хит');
  });
});

describe('a lone Cyrillic brand in a name whose goods are named in Latin', () => {
  it('is a brand, never the type: the Latin words before it are', () => {
    expect(typeOf('Omega 3 Актив Triple Strength Германия')).toBe('omega');
    expect(typeOf('Collagen Актив Peptides caps 120')).toBe('collagen');
    expect(typeOf('L-Arginine Актив')).toBe('arginine');
    expect(typeOf('Isotonic Бомбар Lemon 0,5л РК')).toBe('isotonic');
    const keys = ['Omega 3 Актив Triple Strength', 'Collagen Актив Peptides', 'Mass Gainer Актив Chocolate', 'Pre-Workout Актив Total War'].map(keyOf);
    expect(new Set(keys).size).toBe(4);
    expect(keys.filter((key) => key.includes('актив'))).toEqual([]);
  });

  it('stays the type where it is a word of the directory, opens the name, or is written in lower case (traps)', () => {
    expect(typeOf('Xiaomi Робот-пылесос S10')).toBe('робот пылесос');
    expect(typeOf('Baseus Кабель USB 1м')).toBe('кабель');
    expect(typeOf('SB-8514 Бананка Coach синий')).toBe('бананка');
    expect(typeOf('NEW Маршрутизатор Keenetic hAP ac2')).toBe('маршрутизатор');
    expect(typeOf('iPhone чехол силиконовый')).toBe('чехол силиконовый');
    // One Latin word before it and none after: a brand before a Russian type (`повербанк` is the shared vocabulary's, not the directory's).
    expect(typeOf('Baseus Повербанк 20000')).toBe('повербанк');
    expect(typeOf('Fairy Лимон 1л')).toBe('лимон');
    // A word the directory's words open with (`Беговелы`) stays, though its stem differs by the fleeting vowel.
    expect(typeOf('"BB-17662 Беговел Hobby-bike 12"" розовый"')).toBe('беговел');
    // Without the directory no word is known to be none of its words: nothing is marked.
    expect(extractProductType('Collagen Актив Peptides').text).toBe('актив');
  });
});

describe('an English name’s head', () => {
  it('is read in the plural as in the singular, and a table word is no brand by its capital', () => {
    expect(readEnglishProductWord('containers')).toEqual(readEnglishProductWord('container'));
    expect(readEnglishProductWord('boxes')).toEqual(readEnglishProductWord('box'));
    expect(readEnglishProductWord('batteries')).toEqual(readEnglishProductWord('battery'));
    // A plural the table lists itself is its own word (string lights, no lamps); `glass` is no plural.
    expect(readEnglishProductWord('lights')?.russian).toBe('гирлянда');
    expect(readEnglishProductWord('glass')?.russian).toBe('стекло');
    expect(isEnglishProductWord('nail')).toBe(true);
    expect(typeOf('Food Storage Containers Airtight with Lids')).toBe('food storage containers');
    expect(typeOf('TOP Storage Box with Lid')).toBe('storage box');
    expect(typeOf('Hangers Velvet 10pcs')).toBe('hangers');
  });

  it('ends at an unknown word in capitals after the head (a brand: `QNT`), not before it', () => {
    expect(readEnglishCapitalWords('Protein Cookie QNT')).toEqual(new Set(['qnt']));
    expect(readEnglishCapitalWords('PROTEIN COOKIE QNT')).toEqual(new Set());
    expect(typeOf('Protein Cookie QNT')).toBe('protein cookie');
    expect(readEnglishHeadWords(['protein', 'cookie', 'qnt'], new Set(), new Set(['qnt']))).toEqual(['protein', 'cookie']);
    // The table's words in capitals stay (`USB`, `LED`), and one before the head is left to the type.
    expect(typeOf('Mini Fan USB Rechargeable')).toBe('mini fan usb');
    expect(readEnglishHeadWords(['ipl', 'hair', 'remover'], new Set(), new Set(['ipl']))).toEqual(['ipl', 'hair', 'remover']);
  });

  it('reads a compound as one word of the directory (`night light` is a night-light, `ring light` a ring lamp)', () => {
    expect(readEnglishWords(['night', 'light'])).toEqual([{ entry: readEnglishProductWord('night'), partOfCompound: true }, { entry: { role: 'goods', russian: 'ночник' }, compound: true }]);
    expect(translateEnglishType(['night', 'light', 'led'])).toEqual({ text: 'ночник светодиодный', exact: true });
    expect(translateEnglishType(['ring', 'light'])).toEqual({ text: 'кольцевая лампа', exact: true });
    expect(translateEnglishType(['led', 'strip', 'lights'])).toEqual({ text: 'светодиодная лента', exact: true });
    expect(translateEnglishType(['food', 'storage', 'containers'])).toEqual({ text: 'контейнер для еды', exact: true });
    expect(translateEnglishType(['protein', 'cookie'])).toEqual({ text: 'протеиновое печенье', exact: true });
  });

  it('lets the classifier reach the leaf of the goods, with the kind that tells twins apart', () => {
    expect(classify('Food Storage Containers Airtight with Lids')).toMatchObject({ path: expect.stringContaining('Контейнеры для еды') as unknown });
    expect(classify('ring light 18 inch')).toMatchObject({ confident: true, path: expect.stringContaining('Кольцевые лампы') as unknown });
    expect(classify('Night Light LED')).toMatchObject({ path: expect.stringContaining('Ночники') as unknown });
    expect(classify('Bluetooth Headphones')).toMatchObject({ confident: true, path: expect.stringContaining('Беспроводные наушники') as unknown });
    expect(classify('Protein Cookie QNT')).toMatchObject({ confident: true, path: expect.stringContaining('Протеиновое печенье') as unknown });
    expect(classify('Makeup Mirror LED')).toMatchObject({ path: expect.stringContaining('Зеркала косметические') as unknown });
    expect(classify('Garment Steamer Handheld')).toMatchObject({ confident: true, path: expect.stringContaining('Отпариватели') as unknown });
    expect(classify('Car Vacuum Cleaner Cordless 120W')).toMatchObject({ confident: true, path: expect.stringContaining('Автомобильные пылесосы') as unknown });
  });
});

describe('an English word naming two kinds of goods', () => {
  it('is never sure alone, by the table or the shared vocabulary (`irons` → утюги)', () => {
    expect(readTwoKindsWord('iron')).toBeDefined();
    expect(readTwoKindsWord('boxes')).toBeDefined();
    // The mineral is a mass noun, never written in the plural: `irons` are appliances (trap).
    expect(readTwoKindsWord('irons')).toBeUndefined();
    expect(rewriteTypeInDirectoryWords('iron', ['iron'], () => ({ text: 'утюги', exact: true }))).toBeUndefined();
    expect(classify('Iron Bisglycinate')).toMatchObject({ confident: false });
    expect(classify('Iron Bisglycinate (срок 12.26)')).toMatchObject({ confident: false });
  });

  it('is read where a compound says which (`steam iron`, `curling iron`), and a plain word stays read (traps)', () => {
    expect(classify('Steam Iron 2200W')).toMatchObject({ confident: true, path: expect.stringContaining('Утюги') as unknown });
    expect(classify('Curling Iron Automatic')).toMatchObject({ path: expect.stringContaining('Плойки') as unknown });
    expect(rewriteTypeInDirectoryWords('power bank', ['power', 'bank'], () => ({ text: 'внешние аккумуляторы', exact: true }))).toEqual({ text: 'внешние аккумуляторы', exact: true });
  });
});
