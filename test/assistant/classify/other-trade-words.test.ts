/**
 * Words that say the goods are another trade's than the leaf their head noun names (issue 33, probe 16: a baby store's, a
 * workwear store's names taken sure in a same-named leaf of another section). Each rule: the name it holds open, and the
 * names it must leave as they were.
 */
import { describe, expect, it } from 'vitest';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { readClassifierDoubt } from '../../../src/assistant/review/find-proposal-doubt.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const marketplace = buildClassifierIndex(buildSandboxDirectories('marketplace'));

describe('a `в …` place that is another section\'s goods', () => {
  it('keeps a leaf that does not explain it from being sure, where that section sorts goods made for it', () => {
    // `Детские кроватки` are what `кроватку` is, and `Бортики в кроватку` are made for it: a cot bumper, no car bumper.
    expect(classifyProduct(marketplace, { name: 'Бампер в кроватку (мягкий)' })).toMatchObject({ confident: false, doubt: expect.stringContaining('Бортики в кроватку') as unknown });
    // The review reads it as a place naming another section: never one line of a group's `yes`.
    expect(readClassifierDoubt(classifyProduct(marketplace, { name: 'Бампер в кроватку' }).doubt ?? '')?.namesAnotherLeaf).toBe(true);
  });

  it('leaves a place only other goods are named by, or one the leaf explains, as it was (traps)', () => {
    // `машину` names washing machines, and nothing is sorted as made for them: it only says where a dash cam goes.
    expect(classifyProduct(marketplace, { name: 'Видеорегистратор в машину' })).toMatchObject({ confident: true });
    expect(classifyProduct(marketplace, { name: 'Бортики в кроватку' })).toMatchObject({ confident: true, path: expect.stringContaining('Бортики в кроватку') as unknown });
    // A children's leaf already says whose the goods are.
    expect(classifyProduct(marketplace, { name: 'КПБ ДЕТСКОЕ В КРОВАТКУ БЯЗЬ' })).toMatchObject({ confident: true });
  });
});

describe('a Latin `baby` in the name', () => {
  // review5 F1: read as `детский`, a brand's or a line's `baby` made adult clothing and perfume sure children's goods
  // (`sure-wrong-traps.test.ts`). It only keeps a plain leaf from being sure where a children's leaf of its noun is ranked.
  it('keeps the garden pots\' twin from being sure for a baby brand\'s potty, the children\'s leaf beside it', () => {
    const result = classifyProduct(marketplace, { name: 'Горшок Happy Baby' });
    expect(result).toMatchObject({ confident: false, doubt: expect.stringContaining('Детские товары') as unknown });
    expect(readClassifierDoubt(result.doubt ?? '')?.namesAnotherLeaf).toBe(true);
    expect(result.alternatives.map((item) => item.path)).toContain('Детские товары / Гигиена и уход за малышом / Горшки');
  });

  it('is no who-for word: never a children\'s leaf, never against the name\'s own word, nothing where no children\'s leaf is near (traps)', () => {
    expect(classifyProduct(marketplace, { name: 'Пижама женская Sweet Baby' })).toMatchObject({ confident: true, path: 'Одежда / Женская одежда / Пижамы' });
    expect(classifyProduct(marketplace, { name: 'Платье Baby Doll' })).toMatchObject({ path: 'Одежда / Женская одежда / Платья' });
    for (const name of ['Помада Baby Pink', 'Горшок керамический']) expect(classifyProduct(marketplace, { name }), name).toMatchObject({ confident: true });
    expect(classifyProduct(marketplace, { name: 'Фен Babyliss 2000 Вт' }).doubt ?? '').not.toContain('baby');
  });
});

describe('children\'s goods against a kind the name does not say', () => {
  it('keep the plain leaf first: a plain stroller is no twin stroller because wheelchairs are strollers too', () => {
    // `Инвалидные коляски` lowered the plain `Коляски` (under `Товары для малышей`) below `Коляски для двойни`.
    for (const name of ['Коляска прогулочная Yoya', 'Коляска Cybex Vista черная']) expect(classifyProduct(marketplace, { name }).path).toBe('Детские товары / Товары для малышей / Коляски');
  });

  it('still stand below a leaf of the whole noun that is for nobody in particular (trap)', () => {
    expect(classifyProduct(marketplace, { name: 'Горшок керамический' }).alternatives[0]).toMatchObject({ path: expect.stringContaining('Детские товары') as unknown });
    expect(classifyProduct(marketplace, { name: 'Коляска 2 в 1 Anex' })).toMatchObject({ confident: true, path: expect.stringContaining('Коляски 2 в 1') as unknown });
  });
});

describe('a `с …` word that is another section\'s goods', () => {
  it('keeps the leaf from being sure where that section has a leaf of the same head', () => {
    // `Комод пеленальный` was held by its adjective; `с пеленальником` was dropped as a composition and the chest was sure.
    for (const name of ['КОМОД С ПЕЛЕНАЛЬНИКОМ', 'Комод с пеленальным столиком']) expect(classifyProduct(marketplace, { name })).toMatchObject({ confident: false, doubt: expect.stringContaining('Детские комоды') as unknown });
    // The review reads it as an aside naming another leaf: never one line of a group's `yes`.
    expect(readClassifierDoubt(classifyProduct(marketplace, { name: 'КОМОД С ПЕЛЕНАЛЬНИКОМ' }).doubt ?? '')?.namesAnotherLeaf).toBe(true);
  });

  it('leaves a word no such section\'s leaf is, or a name without the phrase, as it was (traps)', () => {
    for (const name of ['Комод с ящиками', 'Стул с подлокотниками', 'Комод белый']) expect(classifyProduct(marketplace, { name })).toMatchObject({ confident: true });
  });
});

describe('a leaf the best one is a said kind of', () => {
  it('is no rival of it: `2в1` makes a stroller sure in `Коляски 2 в 1` once plain `Коляски` stand near it', () => {
    for (const name of ['Коляска универсальная 2в1 Riko', 'арт.31319 КОЛЯСКА УНИВЕРСАЛЬНАЯ 2В1 HAPPY BABY']) expect(classifyProduct(marketplace, { name })).toMatchObject({ confident: true, path: expect.stringContaining('Коляски 2 в 1') as unknown });
  });

  it('while a leaf of another kind near the best one still is (trap)', () => {
    expect(classifyProduct(marketplace, { name: 'Коляска универсальная Riko' }).confident).toBe(false);
  });
});

describe('a word the best leaf leaves unexplained that names a kind of its goods', () => {
  it('proposes that kind in its place, open: a careless `yes` takes disposable cups as disposable tableware', () => {
    // `Тарелка одноразовая` is not: `Посуда и кухня` above `Тарелки` lists goods, like `Сумки и рюкзаки` (review5 F2).
    for (const name of ['Стакан одноразовый пластиковый 350мл белый уп. 100']) {
      const result = classifyProduct(marketplace, { name });
      expect(result).toMatchObject({ confident: false, path: expect.stringContaining('Одноразовая посуда') as unknown });
      expect(readClassifierDoubt(result.doubt ?? '')?.namesAnotherLeaf).toBe(true);
    }
  });

  it('leaves a word no such kind is named by, or a name without it, as it was (traps)', () => {
    expect(classifyProduct(marketplace, { name: 'Комод пеленальный' })).toMatchObject({ confident: false, heldBy: ['пеленальный'], path: expect.stringContaining('Комоды') as unknown });
    expect(classifyProduct(marketplace, { name: 'Стакан пластиковый' })).toMatchObject({ confident: true, path: expect.stringContaining('Стаканы') as unknown });
    // A kind that misses the product's purpose is other goods (`classify-product.test.ts`: `Пеленки впитывающие для собак`).
    expect(classifyProduct(marketplace, { name: 'Пеленки впитывающие для собак 60х60' }).path ?? '').not.toContain('Гигиена');
  });
});
