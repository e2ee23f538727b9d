/**
 * A colour in an oblique case after the purpose's noun says what the purpose's object is (`Средство для стирки черного`: for
 * black laundry), no colour of the goods (issue 33, loop23 on probe 23's household-chemicals list: the word ended the purpose,
 * and the name was a sure, wrong `Средства для стирки` beside `Средства для чёрного белья`). Real classifier on the
 * marketplace sandbox directory.
 */
import { describe, expect, it } from 'vitest';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { extractProductType } from '../../../src/assistant/classify/extract-product-type.js';
import { readProductTypeKey } from '../../../src/assistant/review/read-product-type-key.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const marketplace = buildClassifierIndex(buildSandboxDirectories('marketplace'));

describe('a colour after the purpose’s noun', () => {
  it('is a word of the purpose, so the leaf named for it keeps the plain leaf from being sure', () => {
    expect(extractProductType('Средство для стирки черного Perwoll 500 мл').purpose).toEqual(['стирки', 'черного']);
    const result = classifyProduct(marketplace, { name: 'Средство для стирки черного Perwoll 500 мл' });
    expect(result.confident).toBe(false);
    expect(result.doubt).toMatch(/^the leaf does not explain "черного", which a leaf of the same goods says \(.*Средства для чёрного белья\)$/u);
  });

  it('but first in the purpose, or in the nominative after it, stays a qualifier (traps)', () => {
    expect(extractProductType('Порошок стиральный для белого Tide 3 кг').purpose).toEqual([]);
    expect(classifyProduct(marketplace, { name: 'Порошок стиральный для белого Tide 3 кг' })).toMatchObject({ leafId: 150101, confident: true });
    expect(extractProductType('Средство для стирки черный флакон 1 л').purpose).toEqual(['стирки']);
  });

  it('with the object\'s noun after it is read with that noun, and the purpose stops there', () => {
    expect(extractProductType('Гель для стирки черного белья жидкий 1 л').purpose).toEqual(['стирки', 'черного', 'белья']);
  });

  it('but with a colour noun after it (`белого цвета`) is the goods\' colour, and the purpose ends before it (traps)', () => {
    const cases: [string, string[]][] = [
      ['Краска для стен белого цвета', ['стен']],
      ['Краска для стен белого цвета моющаяся', ['стен']],
      ['Затирка для швов плитки серого цвета', ['швов', 'плитки']],
      ['Эмаль для пола коричневого цвета ПФ-266', ['пола']],
      ['Чехол на руль черного окраса', ['руль']],
      ['Банка для чая черного жестяная', ['чая']],
    ];
    for (const [name, purpose] of cases) expect(extractProductType(name).purpose, name).toEqual(purpose);
    // The review's key joins them with their plain twin, so one answer serves both.
    expect(readProductTypeKey('Краска для стен белого цвета моющаяся')).toBe(readProductTypeKey('Краска для стен белая'));
    expect(readProductTypeKey('Краска для стен белого цвета моющаяся')).toBe('краска для стен');
    expect(classifyProduct(marketplace, { name: 'Затирка для швов плитки серого цвета' }).doubt ?? '').not.toMatch(/серого|цвета/u);
  });
});
