/**
 * Names written in English (issue 33, probe 17: a gadget importer's sheet): a note of origin, copy, wholesale or stock is
 * never the type wherever it stands, and an English name is read as English: its head noun last, a capital no brand, a model
 * code's letters no word of the type. Russian names with a Latin brand or model keep their types (traps).
 */
import { describe, expect, it } from 'vitest';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { ENGLISH_PRODUCT_WORDS } from '../../../src/assistant/classify/english-product-words.js';
import { extractProductType } from '../../../src/assistant/classify/extract-product-type.js';
import { readKnownBrands } from '../../../src/assistant/classify/known-brands.js';
import { readEnglishHeadWords } from '../../../src/assistant/classify/read-english-type.js';
import { rewriteTypeInDirectoryWords, translateEnglishType } from '../../../src/assistant/classify/translate-english-type.js';
import { readProductTypeKey } from '../../../src/assistant/review/read-product-type-key.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const index = buildClassifierIndex(buildSandboxDirectories('marketplace'));
const known = readKnownBrands(index, {});
const typeOf = (name: string): string => extractProductType(name, undefined, undefined, known).text;
const keyOf = (name: string): string => readProductTypeKey(name, undefined, known);

describe('a note of origin, copy, wholesale or stock', () => {
  it('is never the type of a name in English, wherever it stands', () => {
    expect(typeOf('Humidifier Flame 300ml Китай')).toBe('humidifier flame');
    expect(typeOf('Wireless Mouse 2.4G Rechargeable (копия)')).toBe('wireless mouse');
    expect(typeOf('TRIMMER NOSE HAIR оптом')).toBe('trimmer nose hair');
    expect(typeOf('Selfie Stick Wired [in stock]')).toBe('selfie stick');
    expect(typeOf('Smart Watch X8 Pro Global Version')).toBe('smart watch');
    expect(typeOf('2024 New Desktop Phone Stand Foldable Китай')).toBe('desktop phone stand');
    expect(typeOf('Car Charger 2USB 3.1A (OEM) free shipping')).toBe('car charger');
  });

  it('never makes one type of unlike goods that carry it', () => {
    const names = ['Smart Watch for Men Military Китай', 'Wireless Charger 15W Magnetic Китай', 'CAR DVR MIRROR 10 INCH (копия)', 'Selfie Stick Wired (копия)', 'Fan Handheld USB оптом', 'Bathroom Scale Glass 180kg оптом'];
    const keys = names.map(keyOf);
    expect(new Set(keys).size).toBe(names.length);
    expect(keys.filter((key) => /китай|копия|оптом/u.test(key))).toEqual([]);
  });

  it('is also dropped from a Russian name’s type, which keeps its own words (trap)', () => {
    expect(typeOf('Чехол для iPhone 15 (копия)')).toBe('чехол');
    expect(typeOf('Наушники беспроводные TWS оптом')).toBe('наушники беспроводные');
    expect(typeOf('Чай черный Китай 100 г')).toBe('чай черный');
    // A name that is only a note names no goods: it stays as written (the review leaves such a type to the unlike-goods guard).
    expect(typeOf('Китай')).toBe('китай');
  });

  it('in capitals in front of the name is a note; written as a word of goods it is one (trap)', () => {
    expect(typeOf('HOT Electric Tire Pump for Car')).toBe('electric tire pump');
    expect(typeOf('TOP Video Doorbell Wireless 1080P')).toBe('video doorbell');
    expect(typeOf('Hot Air Brush 1000W')).toBe('hot air brush');
    expect(typeOf('crop top women')).toBe('crop top women');
  });
});

describe('a name in English', () => {
  it('is read to its head noun, which English puts last, never a lone first word', () => {
    expect(typeOf('Car Phone Holder Magnetic')).toBe('car phone holder');
    expect(typeOf('Gaming Mouse Pad RGB 80x30')).toBe('gaming mouse pad');
    expect(typeOf('Hair Dryer 1800W')).toBe('hair dryer');
    expect(typeOf('Hair Straightener Wireless Flat Iron')).toBe('hair straightener');
    expect(typeOf('Power Bank 20000mAh PD 22.5W')).toBe('power bank');
    expect(typeOf('Smart Plug WiFi 20A Tuya')).toBe('smart plug');
    expect(typeOf('Mini Fan USB Rechargeable')).toBe('mini fan usb');
    expect(typeOf('WiFi Repeater 1200Mbps')).toBe('wifi repeater');
  });

  it('ends its type at a model code, whose letters are no kind (`A9`, `EW05`, `HY300`)', () => {
    expect(typeOf('Mini Camera A9')).toBe('mini camera');
    expect(typeOf('Wireless Earbuds TWS EW05')).toBe('wireless earbuds');
    expect(typeOf('Mini Projector HY300 Android')).toBe('mini projector');
  });

  it('keeps a kind after the head, and an unknown word it cannot tell from a brand (a question, never a wrong answer)', () => {
    expect(typeOf('Smart Watch Kids GPS')).toBe('smart watch kids');
    expect(typeOf('Smart Door Lock Tuya')).toBe('smart door lock tuya');
    // A capitalised word the table does not know after a word it knows reads as a brand, as in any name (`Lip gloss Relouis`),
    // unless the type would then be kinds and features alone.
    expect(typeOf('Lip gloss Relouis 02')).toBe('lip gloss');
    expect(typeOf('Smart Thermostat Tuya')).toBe('smart thermostat tuya');
    expect(typeOf('Hot Air Brush 1000W')).toBe('hot air brush');
    expect(readEnglishHeadWords(['wireless', 'earbuds', 'noise'], new Set())).toEqual(['wireless', 'earbuds', 'noise']);
  });

  it('has a table whose every word says its Russian word and role', () => {
    for (const [word, entry] of ENGLISH_PRODUCT_WORDS) {
      expect(word, word).toMatch(/^[a-z]+$/u);
      // A word known only to key a type by has no Russian reading, and never gives one.
      if (entry.keyOnly === true) expect(entry.loose, word).toBe(true);
      else expect(entry.russian.length, word).toBeGreaterThan(1);
    }
  });
});

describe('a Russian name with a Latin brand or model (trap)', () => {
  it('keeps its type as before', () => {
    expect(keyOf('Наушники JBL Tune 510BT')).toBe('наушники');
    expect(keyOf('Кабель HDMI 2м')).toBe('кабель hdmi');
    expect(typeOf('Корм для кошек Whiskas 85 г')).toBe('корм');
    expect(typeOf('iPhone чехол силиконовый')).toBe('чехол силиконовый');
    expect(typeOf('Xiaomi Робот-пылесос S10')).toBe('робот пылесос');
  });
});

describe('an English type in the directory’s words', () => {
  const classify = (name: string): ReturnType<typeof classifyProduct> => classifyProduct(index, { name });

  it('reads the head noun first and the other nouns as its purpose, as a Russian name says them', () => {
    expect(translateEnglishType(['car', 'phone', 'holder'])).toEqual({ text: 'держатель автомобильный для телефон', exact: true });
    expect(translateEnglishType(['hair', 'dryer'])).toEqual({ text: 'фен для волос', exact: true });
    expect(translateEnglishType(['gaming', 'mouse', 'pad'])).toEqual({ text: 'коврик игровой для мышь', exact: true });
  });

  it('lets the classifier propose the leaf a Russian name of the goods reaches, sure only where the leaf explains every word', () => {
    expect(classify('Car Phone Holder Magnetic')).toMatchObject({ path: expect.stringContaining('Держатели для телефонов') as unknown });
    expect(classify('Hair Dryer 1800W')).toMatchObject({ path: expect.stringContaining('Фены') as unknown });
    expect(classify('Gaming Mouse Pad XXL')).toMatchObject({ path: expect.stringContaining('Коврики для мыши') as unknown });
    expect(classify('Smart Plug WiFi 20A Tuya')).toMatchObject({ confident: true, path: expect.stringContaining('Умные розетки') as unknown });
    expect(classify('Mini Projector HY300')).toMatchObject({ confident: true, path: expect.stringContaining('Проекторы') as unknown });
  });

  it('reads no type with a word the table does not know, and leaves Russian names and the shared vocabulary’s rewrites as they were (traps)', () => {
    expect(translateEnglishType(['walkie', 'talkie', 'baofeng'])).toBeUndefined();
    expect(translateEnglishType(['smart', 'mini'])).toBeUndefined();
    // `adapter` is a cable's переходник, a PC's адаптер or a charger's блок питания: the name must say which.
    expect(translateEnglishType(['adapter'])).toBeUndefined();
    expect(translateEnglishType(['наушники'])).toBeUndefined();
    const synonyms = (text: string): { text: string; exact: boolean } | undefined => (text === 'power bank' ? { text: 'внешние аккумуляторы', exact: true } : undefined);
    expect(rewriteTypeInDirectoryWords('power bank', ['power', 'bank'], synonyms)).toEqual({ text: 'внешние аккумуляторы', exact: true });
    expect(classify('Power Bank 20000mAh PD 22.5W')).toMatchObject({ confident: true, path: expect.stringContaining('Внешние аккумуляторы') as unknown });
    expect(classify('Наушники JBL Tune 510BT')).toMatchObject({ confident: false, path: expect.stringContaining('Наушники') as unknown });
  });
});

describe('a country, a sale or an expiry note after the goods', () => {
  it('is never the type, in an English name or a Russian one', () => {
    const names = ['Whey Protein 908g Chocolate Акция', 'Mass Gainer (Россия)', 'Zinc 50mg Германия', 'Omega 3 Fish Oil (срок 12.26)', 'Pulse Oximeter новинка', 'Fanta 0.5 л Казахстан', 'ПОВОДОК РК', 'Мандарины Турция'];
    const keys = names.map((name) => readProductTypeKey(name));
    for (const key of keys) expect(key.split(' ')).not.toEqual(expect.arrayContaining([expect.stringMatching(/^(?:акция|россия|германия|срок|новинка|казахстан|рк|турция)$/u)]));
    expect(keys.slice(5)).toEqual(['fanta', 'поводок', 'мандарины']);
  });

  it('leaves a name that is only a note, and a country in another case, as written', () => {
    expect(readProductTypeKey('Акция')).toBe('акция');
    expect(readProductTypeKey('Карта России настенная')).toBe('карта');
  });
});
