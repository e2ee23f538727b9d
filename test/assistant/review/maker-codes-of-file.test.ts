/**
 * A maker's code a catalogue writes right after the goods (issue 33, real lists; `maker-codes.ts`): Cyrillic
 * capitals (a code or a maker's name) the file writes after three different goods at least are read as a brand of the file (`collect-file-brands.ts`),
 * and the type reader drops them and reads on, so one kind's names meet in one type across codes. A standard, a material or a
 * kind's abbreviation (`ГОСТ`, `ПВХ`, `ИБП`) is never one, nor a code after one kind of goods only, nor one the file also writes
 * in lower case. The names are made up here, in a distributor's 1C style.
 */
import { describe, expect, it } from 'vitest';
import { getClassifierIndex } from '../../../src/assistant/classify/load-classifier-index.js';
import { readKnownBrands } from '../../../src/assistant/classify/known-brands.js';
import { readCodeAfterGoods } from '../../../src/assistant/classify/maker-codes.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { createFileBrandCollector } from '../../../src/assistant/review/collect-file-brands.js';
import { readProductTypeKey } from '../../../src/assistant/review/read-product-type-key.js';
import { createDirectoryIndex } from '../../../src/mapping/directory-index.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const directories = buildSandboxDirectories('marketplace');
const classifier = getClassifierIndex(directories, createDirectoryIndex(directories));

const readWords = (names: readonly string[]): string[] => {
  const collector = createFileBrandCollector(classifier);
  for (const name of names) collector.add(name);
  return collector.finish().map((brand) => brand.word);
};

const keyOf = (names: readonly string[], name: string): string => readProductTypeKey(name, undefined, readKnownBrands(classifier, { brandWords: new Set(readWords(names)) }));

// A distributor's names: the code `ЛК` after biscuits, marshmallow, kefir and gingerbread; `ПР` after biscuits and sour cream.
const CATALOGUE = [
  'Печенье ЛК сахарное к чаю 2 кг.',
  'Печенье ЛК сахарное топлёное молоко 2 кг.',
  'Печенье ПР сахарное к чаю 1,5 кг.',
  'Печенье сахарное к чаю 3 кг.',
  'Зефир ЛК бело-розовый 2 кг.',
  'Кефир ЛК 2,5% пэп 0,5 л.',
  'Пряники ЛК мятные 3 кг.',
  'Сметана ПР 20% пэп 0,25 кг.',
  'Молоко ЗОРЕНЬКА 2,5% пэп 0,9 л.',
  'Кефир ЗОРЕНЬКА 1% пэп 0,9 л.',
  'Сметана ЗОРЕНЬКА 15% пэп 0,4 кг.',
  'Творог ЗОРЕНЬКА рассыпчатый 5% 0,2 кг.',
  'Творог рассыпчатый 9% 0,2 кг.',
];

describe('a maker code the file writes right after unlike goods', () => {
  it('is a brand of the file, dropped from the type: one type across codes and without one', () => {
    expect(readWords(CATALOGUE)).toContain('лк');
    expect(keyOf(CATALOGUE, 'Печенье ЛК сахарное к чаю 2 кг.')).toBe('печенье сахарное к чаю');
    expect(keyOf(CATALOGUE, 'Печенье сахарное к чаю 3 кг.')).toBe('печенье сахарное к чаю');
    expect(keyOf(CATALOGUE, 'Пряники ЛК мятные 3 кг.')).toBe('пряники мятные');
    expect(keyOf(CATALOGUE, 'Кефир ЛК 2,5% пэп 0,5 л.')).toBe('кефир');
  });

  it("is a maker's name in capitals too, as long as it is written so after unlike goods", () => {
    expect(readWords(CATALOGUE)).toContain('зоренька');
    expect(keyOf(CATALOGUE, 'Творог ЗОРЕНЬКА рассыпчатый 5% 0,2 кг.')).toBe('творог рассыпчатый');
    expect(keyOf(CATALOGUE, 'Творог рассыпчатый 9% 0,2 кг.')).toBe('творог рассыпчатый');
    // An adjective in capitals after unlike goods says a kind of each: a word of the type.
    const work = ['Перчатки УТЕПЛЕННЫЕ х/б 10 пар', 'Сапоги УТЕПЛЕННЫЕ 42', 'Ботинки УТЕПЛЕННЫЕ кожаные', 'Рукавицы УТЕПЛЕННЫЕ брезент'];
    expect(readWords(work)).toEqual([]);
    expect(keyOf(work, 'Ботинки УТЕПЛЕННЫЕ кожаные')).toBe('ботинки утепленные кожаные');
  });

  it('is no code after fewer than three goods, and stays a word of the type', () => {
    expect(readWords(CATALOGUE)).not.toContain('пр');
    expect(keyOf(CATALOGUE, 'Печенье ПР сахарное к чаю 1,5 кг.')).toBe('печенье пр сахарное к чаю');
  });

  it('is never a standard, a material or a kind written so, whatever goods it follows', () => {
    const names = ['Перчатки ПВХ 10 пар', 'Сапоги ПВХ мужские', 'Фартук ПВХ 100 см', 'Лодка ПВХ надувная', 'Масло ГОСТ 72,5%', 'Сгущенка ГОСТ 8,5%', 'Тушенка ГОСТ ж-б', 'Батарея ИБП 12 В', 'Блок ИБП 600 ВА', 'Модуль ИБП сетевой'];
    expect(readWords(names)).toEqual([]);
    expect(keyOf(names, 'Сапоги ПВХ мужские')).toBe('сапоги пвх мужские');
  });

  it('is no code where the file also writes it in lower case, nor in a name written all in capitals', () => {
    expect(readWords([...CATALOGUE, 'Вафли с начинкой лк 1 кг'])).not.toContain('лк');
    expect(readCodeAfterGoods('ПЕЧЕНЬЕ ЛК САХАРНОЕ 2 КГ')).toBeUndefined();
  });

  it('is read only right after the first word: a word in capitals later in the name is a brand that ends the type', () => {
    expect(readCodeAfterGoods('Печенье ЛК сахарное 2 кг.')).toBe('лк');
    expect(readCodeAfterGoods('Бинокль охотничий ЮКОН прорезиненный')).toBeUndefined();
    expect(readCodeAfterGoods('Печенье Сладкое 2 кг.')).toBeUndefined();
  });
});

// review26's D-1: a trade's abbreviation of what goods belong to follows many goods as a maker's code does. Each file writes
// the word after three goods at least, so the file's reading takes it as a code; the classifier must still doubt it.
const TRADES: readonly { name: string; file: readonly string[] }[] = [
  { name: 'Защита ДВС стальная', file: ['Подушка ДВС передняя', 'Опора ДВС задняя', 'Прокладка ДВС клапанной крышки', 'Датчик ДВС температуры'] },
  { name: 'Хомут ШРУС металл', file: ['Пыльник ШРУС внутренний', 'Смазка ШРУС 100 г', 'Граната ШРУС наружная'] },
  { name: 'Кассета ХГЧ', file: ['Тест ХГЧ на беременность', 'Полоски ХГЧ 5 шт', 'Планшет ХГЧ струйный'] },
  { name: 'Светильник ДРЛ', file: ['Лампа ДРЛ 250 Вт', 'Дроссель ДРЛ 400', 'Патрон ДРЛ E40'] },
  { name: 'Удлинитель ПВС 5 м', file: ['Провод ПВС 3х1,5', 'Кабель ПВС 2х0,75', 'Шнур ПВС 2х1'] },
];

describe("a code the file reads after unlike goods never removes the classifier's doubt (review26 D-1)", () => {
  for (const { name, file } of TRADES) {
    it(`keeps "${name}" a question, grouped by its type without the code`, () => {
      const names = [name, ...file];
      const brandWords = new Set(readWords(names));
      const code = readCodeAfterGoods(name) ?? '';
      expect(brandWords).toContain(code);
      expect(keyOf(names, name).split(' ')).not.toContain(code);
      const classified = classifyProduct(classifier, { name }, { brandWords });
      expect(classified.confident).toBe(false);
      expect(classified.doubt).toContain(`"${code}"`);
      expect(classified.heldBy).toEqual([code]);
    });
  }

  it('is lifted by the seller: a code confirmed harmless (sheet Words) is no doubt', () => {
    const names = [...CATALOGUE];
    const brandWords = new Set(readWords(names));
    const asked = classifyProduct(classifier, { name: 'Кефир ЛК 2,5% пэп 0,5 л.' }, { brandWords });
    expect(asked.confident).toBe(false);
    expect(asked.heldBy).toEqual(['лк']);
    const lifted = classifyProduct(classifier, { name: 'Кефир ЛК 2,5% пэп 0,5 л.' }, { brandWords, neutralStems: new Set(['лк']) });
    expect(lifted.path).toBe(asked.path);
    expect(lifted.doubt ?? '').not.toContain('"лк"');
  });
});
