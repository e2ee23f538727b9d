/**
 * Trade words of household chemicals and toys the synonyms table gives the words of a leaf (issue 33, loop23: probe 23's
 * household-chemicals and toy shops wrote them, Russian and Kazakh, for goods the marketplace directory names otherwise).
 * Real classifier on the marketplace sandbox directory.
 */
import { describe, expect, it } from 'vitest';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { readPurposePreposition } from '../../../src/assistant/classify/extract-product-type.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const marketplace = buildClassifierIndex(buildSandboxDirectories('marketplace'));
const pick = (name: string): { leaf: string | undefined; confident: boolean } => {
  const result = classifyProduct(marketplace, { name });
  return { leaf: result.path?.split(' / ').at(-1), confident: result.confident };
};

describe('household-chemicals and toy trade words', () => {
  it('place a name written in them in the leaf of those goods, confidently', () => {
    const cases: [string, string][] = [
      ['Платочки бумажные Kleenex 4-сл', 'Носовые платки бумажные'],
      ['Средство для унитаза Domestos 450 мл', 'Средства для туалета'],
      ['Средство для смягчения воды Calgon 900 г', 'Смягчители воды'],
      ['Очиститель для посудомоечной машины Finish 250 мл', 'Средства для посудомоечных машин'],
      ['Моющее для пола Pronto 750 мл', 'Средства для пола'],
      ['Кір жұмсартқыш Lenor 1 л', 'Кондиционеры для белья'],
      ['Әйнек тазалағыш Mr. Muscle 750 мл', 'Средства для стёкол'],
      ['Еден жуғыш Mr. Proper 1 л', 'Средства для пола'],
      ['Ас үй тазалағыш Cif 500 мл', 'Средства для кухни'],
      ['Әмбебап тазалағыш Mr. Proper 2 кг', 'Универсальные чистящие средства'],
      ['Шампунь для ковров Vanish 500 мл', 'Средства для ковров'],
      ['Гель антисептический для рук Aura 100 мл', 'Антисептики для рук'],
      ['Очиститель накипи для чайников 100 г', 'Средства от накипи'],
      ['Полироль для мебели Tip Top 300 мл', 'Средства для мебели'],
      ['Плюшевый медведь 45 см', 'Мягкие игрушки'],
      ['Құрастырғыш Lego 120 деталей', 'Конструкторы'],
      ['Ойыншық тапанша Nerf', 'Игрушечное оружие'],
      ['Машина-трансформер Transformers 28 см', 'Трансформеры'],
      ['Симпл-димпл 15 см', 'Игрушки-антистресс'],
      ['Бояу кітабы Hatber 16 бет', 'Раскраски'],
    ];
    for (const [name, leaf] of cases) expect({ name, ...pick(name) }).toEqual({ name, leaf, confident: true });
  });

  it('are read with the purpose\'s own preposition (`по номерам`, `от комаров`), not only with `для`', () => {
    expect(pick('Раскраска по номерам на холсте Molly 40х50 см')).toEqual({ leaf: 'Картины по номерам', confident: true });
    expect(pick('Пластины от комаров Gardex 30 ночей')).toEqual({ leaf: 'Средства от комаров', confident: true });
    expect(pick('Раскраска Hatber 8 стр.')).toEqual({ leaf: 'Раскраски', confident: true });
  });

  it('are read with `для` where the name\'s own preposition finds none (`под телевизор` → `кронштейны для телевизора`)', () => {
    expect(pick('Кронштейн под телевизор настенный')).toEqual({ leaf: 'Кронштейны для ТВ', confident: true });
    expect(pick('Кронштейн на телевизор наклонный')).toEqual({ leaf: 'Кронштейны для ТВ', confident: true });
  });

  it('take the preposition right before the purpose\'s own words, not before an earlier word of the same spelling', () => {
    expect(readPurposePreposition({ tokens: ['средство', 'от', 'стирки', 'для', 'стирки', 'черного'], purpose: ['стирки', 'черного'] })).toBe('для');
    expect(readPurposePreposition({ tokens: ['подставка', 'ко', 'дню'], purpose: ['дню'] })).toBe('к');
    expect(readPurposePreposition({ tokens: ['dog', 'food', 'for', 'puppies'], purpose: ['puppies'] })).toBeUndefined();
  });

  it('propose the narrower leaf a compound says, without taking it (`Кукла-пупс` beside `Куклы`)', () => {
    expect(pick('Кукла-пупс Карапуз 35 см')).toEqual({ leaf: 'Пупсы', confident: false });
  });

  it('leave other goods of the same words where they were (traps)', () => {
    expect(pick('Сиденье для унитаза дюропласт')).toEqual({ leaf: 'Сиденья для унитаза', confident: true });
    expect(pick('Шампунь для волос Elseve 400 мл')).toEqual({ leaf: 'Шампуни', confident: true });
    expect(pick('Моющее средство для посуды 500 мл').leaf).not.toBe('Средства для пола');
    expect(pick('Кір жуғыш ұнтақ 3 кг').leaf).not.toBe('Кондиционеры для белья');
    expect(pick('Медведь плюшевый Тедди 45 см').leaf).not.toBe('Мягкие игрушки');
  });
});
