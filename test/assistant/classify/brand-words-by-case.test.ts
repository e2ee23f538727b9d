/**
 * What the case and script of a name say of its brand words (issue 33).
 *
 * A name whose long words are all capitalised (`Свечи Зажигания Ngk`) says nothing by its case:
 * its capitalised words are no brands, so a word that may make the goods another thing stays in
 * the product type (issue 33: a wrong leaf is the worst outcome). Latin words in a Cyrillic name
 * are brands by their script still.
 */
import { describe, expect, it } from 'vitest';
import { extractProductType, findBrandLikeWords } from '../../../src/assistant/classify/extract-product-type.js';

describe('names in Title Case', () => {
  it('keep their capitalised words in the product type', () => {
    expect(extractProductType('Свечи Зажигания Ngk Иридиевые 4 Шт').text).toBe('свечи зажигания');
    expect(extractProductType('Перчатки Нитриловые Смотровые Vileda').text).toBe('перчатки нитриловые смотровые');
    expect([...findBrandLikeWords('Перчатки Нитриловые Смотровые Vileda')]).toEqual(['vileda']);
  });

  it('keep a capitalised adjective or genitive right after the head, even as the only long word (a two-word Title Case label)', () => {
    expect(extractProductType('Свечи Ректальные').text).toBe('свечи ректальные');
    expect(extractProductType('Свечи Накаливания').text).toBe('свечи накаливания');
    expect(extractProductType('Ремни Безопасности').text).toBe('ремни безопасности');
    expect(extractProductType('Прокладки Двигателя').text).toBe('прокладки двигателя');
    expect([...findBrandLikeWords('Станки Бритвенные')]).toEqual([]);
    // Beside words in lower case the name is in sentence case, and a capitalised adjective may be (or open) a brand.
    expect(extractProductType('Фен компактный Свечной двор 1200 Вт').text).toBe('фен компактный');
    expect(extractProductType('Сгущёнка Алексеевское варёное 380 г').text).toBe('сгущенка');
    // A word ending as a surname does (`-ов`, `-ев`) stays a brand by its case, even alone.
    expect(extractProductType('Сгущенка Рогачев 380 г').text).toBe('сгущенка');
  });

  it('while a name in sentence case still ends its type at a capitalised word', () => {
    expect(extractProductType('Кефир Адал 2,5% 900 мл').text).toBe('кефир');
    expect(extractProductType('Лапша б/п Роллтон острая 90 г').text).toBe('лапша б п');
  });
});

describe('a Latin colour after a Cyrillic head', () => {
  it('is a brand word, not the goods colour', () => {
    expect(extractProductType('Энергетик Red Bull 0,5 л').text).toBe('энергетик');
    expect(extractProductType('Чай зелёный Greenfield 100 г').text).toBe('чай зеленый');
  });
});
