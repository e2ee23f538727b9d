/**
 * A word of the product type the proposed leaf does not explain, while another leaf of the same goods does, names that leaf
 * (issue 33, probe 18: a careless seller's `yes` wrote stationery pencil sharpeners for knife sharpeners, `Точилка для ножей`
 * against `Точилки`, beside `Кухонные принадлежности / Ножеточки`): the proposal is answered on its own row, never taken by a
 * group's `yes`. Real classifier on the sandbox's directories.
 */
import { describe, expect, it } from 'vitest';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { findSameGoodsWord } from '../../../src/assistant/classify/same-goods-word.js';
import { stemForIndex } from '../../../src/assistant/classify/stem-for-index.js';
import { readClassifierDoubt } from '../../../src/assistant/review/find-proposal-doubt.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const marketplace = buildClassifierIndex(buildSandboxDirectories('marketplace'));
const SAME_GOODS = 'a word the leaf does not explain names a leaf of the same goods';

/** The review's reading of the doubt the classifier writes for a name (`none` when it is sure), with the leaf. */
function readDoubt(name: string): { path: string; doubt: string; namesAnotherLeaf: boolean | undefined; heldBy: readonly string[] | undefined } {
  const result = classifyProduct(marketplace, { name });
  const read = result.doubt === undefined ? undefined : readClassifierDoubt(result.doubt);
  return { path: result.path ?? '', doubt: result.confident ? 'none' : (read?.name ?? `unknown: ${result.doubt ?? ''}`), namesAnotherLeaf: read?.namesAnotherLeaf, heldBy: result.heldBy };
}

/** The leaf of the marketplace directory at `path`. */
function leafAt(path: string): NonNullable<(typeof marketplace.leaves)[number]> {
  const leaf = marketplace.leaves.find((item) => item.path === path);
  if (leaf === undefined) throw new Error(`no leaf ${path}`);
  return leaf;
}

/** A word as the type writes it, with its stem. */
function word(text: string): { stem: string; word: string } {
  return { stem: stemForIndex(text), word: text };
}

/** Whether the leaf's own words say the stem: enough of `explainsByLeaf` for the reader's own tests. */
const saysStem = (words: ReadonlySet<string>, _heads: readonly string[], stem: string): boolean => words.has(stem);

describe('a word another leaf of the same goods explains', () => {
  it('names the leaf whose compound the purpose opens (`Точилка для ножей` beside `Ножеточки`): a doubt, no group yes', () => {
    const read = readDoubt('Точилка для ножей 3 в 1');
    expect(read).toMatchObject({ path: expect.stringContaining('Точилки') as unknown, doubt: SAME_GOODS, namesAnotherLeaf: true, heldBy: undefined });
    expect(classifyProduct(marketplace, { name: 'Точилка для ножей 3 в 1' }).doubt).toContain('Кухонные принадлежности / Ножеточки');
  });

  it('names the leaf whose name says the adjective beside the head (`Бульон кубик` under toy `Кубики`, beside `Бульонные кубики`)', () => {
    const result = classifyProduct(marketplace, { name: 'Бульон кубик Галина Бланка говядина 10г' });
    expect(readClassifierDoubt(result.doubt ?? '')?.name).toBe(SAME_GOODS);
    expect(result.doubt).toContain('Соусы и специи / Бульонные кубики');
  });

  it('is read from the directory: a leaf of the head that says the word, or a compound of the word and the head’s root', () => {
    const shelves = leafAt('Дом и сад / Мебель / Стеллажи и полки');
    expect(findSameGoodsWord(marketplace, shelves, [stemForIndex('полка')], [word('ванной')], [], saysStem)?.leaf.path).toBe('Дом и сад / Ванная комната / Полки для ванной');
    const sharpeners = leafAt('Канцелярские товары / Письменные принадлежности / Точилки');
    expect(findSameGoodsWord(marketplace, sharpeners, [stemForIndex('точилка')], [word('ножей')], [], saysStem)?.leaf.path).toBe('Дом и сад / Кухонные принадлежности / Ножеточки');
  });

  it('but not a word no leaf of the goods says, a compound of other goods, nor the proposed leaf itself (traps)', () => {
    const sharpeners = leafAt('Канцелярские товары / Письменные принадлежности / Точилки');
    // Pencils are what stationery sharpeners are for: no other leaf of sharpeners says them.
    expect(findSameGoodsWord(marketplace, sharpeners, [stemForIndex('точилка')], [word('карандашей')], [], saysStem)).toBeUndefined();
    // `Ножницы` opens with `нож` too, but ends in no root of the lamp: other goods.
    expect(findSameGoodsWord(marketplace, leafAt('Дом и сад / Освещение / Светодиодные лампы'), [stemForIndex('лампа')], [word('ножей')], [], saysStem)).toBeUndefined();
    // The leaf that already says the word is the proposal, no other leaf.
    expect(findSameGoodsWord(marketplace, leafAt('Дом и сад / Ванная комната / Полки для ванной'), [stemForIndex('полка')], [word('ванной')], [], saysStem)).toBeUndefined();
  });

  it('reads no level of the other leaf, nor a compound that only qualifies its goods (traps)', () => {
    // `и` of `Футболки и поло` opened `инфракрасный`, and `поло` is a homonym of `пол`; a branch (`Прогулки и поездки`) sorts
    // kinds its leaves need not be; `Горнолыжные костюмы` are suits.
    // `Тканевые маски` says `тканевая`, which `Маски для лица` does not: the proposal is the narrower kind, no doubt by `лица`.
    for (const name of ['Тканевая маска для лица', 'ТЁПЛЫЙ ПОЛ ИНФРАКРАСН. ТЕПЛОЛЮКС', 'Коляска прогулочная Adamex Lite графит', 'Лыжи горные Tisa 180 см', 'Плитка электрическая индукционная Tefal']) {
      expect([name, readDoubt(name).doubt]).not.toEqual([name, SAME_GOODS]);
    }
  });

  it('changes no sure pick and no other doubt: the pencil sharpener, the bare sharpener, the knife sharpener, the bathroom shelf (traps)', () => {
    expect(readDoubt('Точилка для карандашей')).toMatchObject({ path: expect.stringContaining('Точилки') as unknown, doubt: 'a weak match' });
    expect(readDoubt('Точилка').doubt).toBe('none');
    expect(readDoubt('Ножеточка').doubt).toBe('none');
    expect(readDoubt('Полка для ванной').doubt).toBe('none');
    expect(readDoubt('Лампа светодиодная автомобильная H4 LED').doubt).toBe('a word the leaf does not explain names goods of another section');
  });
});
