/**
 * Unseen trades through the review loop (issue 33, loop25, probe 25's CCTV list): a Latin abbreviation in capitals right after
 * the head, before an adjective of the goods (`Видеокамера AHD уличная`), is a standard the goods are of, no brand ending the
 * type; the protection rating `IP67` is no Latin word of goods (`IP-камеры`). On the marketplace sandbox directory.
 */
import { describe, expect, it } from 'vitest';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { extractProductType } from '../../../src/assistant/classify/extract-product-type.js';
import { readKnownBrands } from '../../../src/assistant/classify/known-brands.js';
import { readLatinKindWords } from '../../../src/assistant/classify/latin-kind-words.js';
import { tokenizeForMatch } from '../../../src/assistant/normalize-for-match.js';
import { readProductTypeKey } from '../../../src/assistant/review/read-product-type-key.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const index = buildClassifierIndex(buildSandboxDirectories('marketplace'));
const known = readKnownBrands(index, {});
const typeOf = (name: string): string => extractProductType(name, undefined, undefined, known).text;

describe('a Latin abbreviation in capitals right after the head, before an adjective of the goods', () => {
  it('leaves the adjective in the type: an outdoor CCTV camera is no bare camcorder for sure', () => {
    expect(typeOf('Видеокамера AHD уличная 4MP 3.6 мм')).toBe('видеокамера уличная');
    expect(typeOf('Кабель FTP уличный 305 м')).toBe('кабель уличный');
    expect(typeOf('Блок питания ATX модульный 550 Вт')).toBe('блок питания модульный');
    expect(classifyProduct(index, { name: 'Видеокамера AHD уличная 4MP 3.6 мм' }).confident).toBe(false);
  });

  it('trap: a brand written otherwise still ends the type, and a name in capitals says nothing by its case', () => {
    // A capitalised brand, one of five letters or more, one before a word in another case, and the whole name in capitals.
    expect(typeOf('Шампунь Kapous профессиональный 1 л')).toBe('шампунь');
    expect(typeOf('Кофе JARDIN молотый 250 г')).toBe('кофе');
    expect(typeOf('Чай TESS с лимоном 25 пак.')).toBe('чай');
    expect(typeOf('Кабель UTP Vention медный')).toBe('кабель');
    expect(typeOf('ВИДЕОКАМЕРА AHD УЛИЧНАЯ 4MP')).toBe('видеокамера');
  });
});

describe('the protection rating (`IP67`)', () => {
  it('is no Latin word of goods: it neither keys nor doubts', () => {
    const tokens = tokenizeForMatch('Камера AHD купольная 4MP IP67');
    expect(readLatinKindWords(index, tokens, [])).not.toContain('ip');
    expect(readProductTypeKey('Камера AHD купольная 4MP 2,8 мм IP67', undefined, known)).not.toMatch(/\bip\b/u);
    expect(readProductTypeKey('Светильник уличный IP 65 LED', undefined, known)).not.toMatch(/\bip\b/u);
  });

  it('trap: `IP` naming the goods stays their Latin word', () => {
    expect(readLatinKindWords(index, tokenizeForMatch('Камера IP купольная 2 Мп IP67'), [])).toContain('ip');
    expect(readProductTypeKey('IP камера уличная 4MP IP67', undefined, known)).toMatch(/\bip\b/u);
  });
});
