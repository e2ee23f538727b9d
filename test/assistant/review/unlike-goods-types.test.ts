/**
 * A type key that unlike goods only happen to share is no question (issue 33, probe 13 item 1): the classifier's proposals for
 * its rows spread over leaves of several categories, none holding half, so one answer would carry one leaf to all of them.
 *
 * Its guard (probe 14, `readRest`): a rest counts as goods of its own only when its first word starts the rest's product type;
 * a rest that says what the goods are for (`под телевизор`) names no goods of its own.
 */
import { describe, expect, it } from 'vitest';
import { readKnownBrands } from '../../../src/assistant/classify/known-brands.js';
import { getClassifierIndex } from '../../../src/assistant/classify/load-classifier-index.js';
import { createProductTypeCollector } from '../../../src/assistant/review/collect-product-types.js';
import { readProductTypeKey } from '../../../src/assistant/review/read-product-type-key.js';
import { createDirectoryIndex } from '../../../src/mapping/directory-index.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const directories = buildSandboxDirectories('marketplace');
const classifier = getClassifierIndex(directories, createDirectoryIndex(directories));

function collect(names: readonly string[]): ReturnType<ReturnType<typeof createProductTypeCollector>['finish']> {
  const collector = createProductTypeCollector({ classifier });
  names.forEach((name, i) => collector.add(name, i + 2));
  return collector.finish();
}

describe('a type of unlike goods', () => {
  it('is no question: its rows are untyped', () => {
    const names = ['Эксклюзив 2024 Полотенце махровое 70х140', 'Эксклюзив 2024 Прожектор светодиодный 100 Вт', 'Эксклюзив 2024 Табурет мягкий', 'Эксклюзив 2024 Глобус настольный 21 см', 'Эксклюзив 2024 Одеяло стеганое 2 сп'];
    expect(names.map((name) => readProductTypeKey(name))).toEqual(names.map(() => 'эксклюзив'));
    const { groups, untypedRows } = collect(names);
    expect(groups.map((group) => group.type)).toEqual([]);
    expect(untypedRows).toBe(names.length);
  });

  it('keeps a type of like goods one question, whatever their brands and sizes (trap)', () => {
    const names = ['Полотенце махровое 70х140', 'Полотенце махровое 50х90 белое', 'Полотенце махровое Cleanelly 30х50', 'Полотенце махровое 100х150 синее', 'Полотенце махровое Aisha 40х70'];
    const { groups, untypedRows } = collect(names);
    expect(groups.map((group) => [group.type, group.rows])).toEqual([['полотенце махровое', 5]]);
    expect(untypedRows).toBe(0);
    // A key the directory does not know over like goods is still one question: the rest of every name reads one kind.
    const towels = collect(['Эксклюзив 2024 Полотенце махровое 70х140', 'Эксклюзив 2024 Полотенце махровое 50х90', 'Эксклюзив 2024 Полотенце банное 100х150', 'Эксклюзив 2024 Полотенце махровое белое', 'Эксклюзив 2024 Полотенце кухонное вафельное']);
    expect(towels.groups.map((group) => [group.type, group.rows])).toEqual([['эксклюзив', 5]]);
  });

  it('reads a shop\'s note set before goods as a note: each row keys its own goods (`shop-notes.ts`)', () => {
    const names = ['Витрина Кухонная вытяжка Elikor 50', 'Витрина Мойка воздуха Boneco H300', 'Витрина Микроволновая печь Samsung 23 л', 'Витрина Вентилятор напольный Scarlett', 'Витрина Пылесос Samsung беспроводной', 'Витрина Посудомойка настольная Midea'];
    expect(names.map((name) => readProductTypeKey(name, undefined, readKnownBrands(classifier)))).toEqual(['кухонная вытяжка', 'мойка воздуха', 'микроволновая печь', 'вентилятор напольный', 'пылесос', 'посудомойка настольная']);
  });

  it('keeps the key one question where the rests are its own goods, or say what they are for or come with (trap)', () => {
    const cases = collect(['Витрина холодильная Бирюса 260', 'Витрина холодильная Polair 1.5 м', 'Витрина холодильная Бирюса 310 белая', 'Витрина холодильная Cryspi Gamma', 'Витрина холодильная Polair настольная']);
    expect(cases.groups.map((group) => [group.type, group.rows])).toEqual([['витрина холодильная', 5]]);
    const toilets = collect(['Унитаз Roca с бачком', 'Унитаз Jika с сиденьем', 'Унитаз Cersanit с микролифтом', 'Унитаз Santeri с бачком белый', 'Унитаз Della с сиденьем']);
    expect(toilets.groups.map((group) => [group.type, group.rows])).toEqual([['унитаз', 5]]);
  });
});

describe('the rest of a name read as goods of its own', () => {
  it('is not a rest that says what the goods are for: the key stays one question (trap: the rest must open its own product type)', () => {
    // The brand ends the key (`подставка`); each rest (`под телевизор`, `под зонты`, …) reads a leaf of another category.
    const names = ['Подставка Samsung под телевизор', 'Подставка Bosch под зонты', 'Подставка Tefal под горячее', 'Подставка Philips под цветы', 'Подставка Xiaomi под ноутбук', 'Подставка LG под телефон'];
    const { groups, untypedRows } = collect(names);
    expect(groups.map((group) => [group.type, group.rows])).toEqual([['подставка', 6]]);
    expect(untypedRows).toBe(0);
  });
});
