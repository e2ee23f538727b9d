/**
 * What the case and script of a name say of its brand words (issue 33).
 *
 * A name whose long words are all capitalised (`Свечи Зажигания Ngk`) says nothing by its case:
 * its capitalised words are no brands, so a word that may make the goods another thing stays in
 * the product type (issue 33: a wrong leaf is the worst outcome). Latin words in a Cyrillic name
 * are brands by their script still.
 */
import { describe, expect, it } from 'vitest';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { extractProductType, findBrandLikeWords } from '../../../src/assistant/classify/extract-product-type.js';
import { readKnownBrands } from '../../../src/assistant/classify/known-brands.js';
import { buildClassifierDirectories } from './classifier-directory.js';

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

describe('a word in capitals', () => {
  it('is an abbreviation of a description, unless it is a vehicle maker a number follows and the directory names no goods by it: then it is a model the goods fit', () => {
    const filters = { id: 28, parentId: null, name: { rus: 'Фильтры', kaz: 'Сүзгілер' }, path: { rus: 'Автотовары / Фильтры', kaz: 'Автотауарлар / Сүзгілер' }, isLeaf: false };
    const gearbox = { id: 2801, parentId: 28, name: { rus: 'Фильтры АКПП', kaz: 'АКПП сүзгілері' }, path: { rus: 'Автотовары / Фильтры / Фильтры АКПП', kaz: 'Автотауарлар / Сүзгілер / АКПП сүзгілері' }, isLeaf: true };
    const known = readKnownBrands(buildClassifierIndex(buildClassifierDirectories([filters, gearbox])));
    expect(extractProductType('Ремень ГРМ Gates 5PK1100', undefined, undefined, known).text).toBe('ремень грм');
    expect(extractProductType('Стартер ВАЗ 2107 Denso 28100-01983', undefined, undefined, known).text).toBe('стартер');
    expect(extractProductType('Опора стойки передн. ВАЗ 2110 Lemforder 7955-438', undefined, undefined, known).text).toBe('опора стойки передн');
    // Only a vehicle maker (or a plant making their parts) is a model word: a material or kind code before a number stays.
    expect(extractProductType('Фара прав ДААЗ 2110', undefined, undefined, known).text).toBe('фара прав');
    expect(extractProductType('Перчатки ПВХ 10', undefined, undefined, known).text).toBe('перчатки пвх');
    expect(extractProductType('Светильник ЖКУ 250 Вт', undefined, undefined, known).text).toBe('светильник жку');
    // The directory names goods by `АКПП`: a description, whatever number follows.
    expect(extractProductType('Фильтр масляный АКПП 35330 Meyle', undefined, undefined, known).text).toBe('фильтр масляный акпп');
    // A name in capitals says nothing by its case; read without the directory, no word is a model.
    expect(extractProductType('ДИСК ОТРЕЗНОЙ 125 ММ', undefined, undefined, known).text).toBe('диск отрезной');
    expect(extractProductType('Стартер ВАЗ 2107 Denso').text).toBe('стартер ваз');
  });
});

describe('a Latin colour after a Cyrillic head', () => {
  it('is a brand word, not the goods colour', () => {
    expect(extractProductType('Энергетик Red Bull 0,5 л').text).toBe('энергетик');
    expect(extractProductType('Чай зелёный Greenfield 100 г').text).toBe('чай зеленый');
  });
});
