/**
 * What the goods are for or against, which the proposed leaf is not (issue 33, probe 17: a pet shop's and a party shop's twins
 * of people's goods): the leaf's own name is for other goods (`Шлейки для кошек` for `Шлейка для собак`), the name says a
 * recipient the directory sorts goods for elsewhere (`Товары для собак`, read from the directory), a pest only a leaf of
 * another branch is named against (`Средства от блох`), or a held word another section's kind of the goods says
 * (`Одноразовая посуда` for `Тарелки одноразовые`). Each is a doubt naming another leaf: never sure, never a line a group's
 * one `yes` takes. Real classifier on the sandbox's directories.
 */
import { describe, expect, it } from 'vitest';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { readClassifierDoubt } from '../../../src/assistant/review/find-proposal-doubt.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const marketplace = buildClassifierIndex(buildSandboxDirectories('marketplace'));

/** The review's reading of the doubt the classifier writes for a name (`none` when it is sure), with the leaf. */
function readDoubt(name: string): { path: string; doubt: string; namesAnotherLeaf: boolean | undefined; heldBy: readonly string[] | undefined } {
  const result = classifyProduct(marketplace, { name });
  const read = result.doubt === undefined ? undefined : readClassifierDoubt(result.doubt);
  return { path: result.path ?? '', doubt: result.confident ? 'none' : (read?.name ?? `unknown: ${result.doubt ?? ''}`), namesAnotherLeaf: read?.namesAnotherLeaf, heldBy: result.heldBy };
}

describe("a leaf whose own name is for other goods than the name's", () => {
  it.each([
    ['Шлейка для собак светоотражающая L', 'Шлейки для кошек'],
    ['Насос для шаров ручной', 'Насосы для мячей'],
    ['Тумба под аквариум', 'Тумбы под ТВ'],
  ])('%s against %s: another leaf, not a weak match', (name, leaf) => {
    expect(readDoubt(name)).toMatchObject({ path: expect.stringContaining(leaf) as unknown, doubt: "the leaf's name is for other goods than the name", namesAnotherLeaf: true });
  });

  it('but a purpose cut short that opens the leaf\'s own (`д/кош` of `для кошек`) is no other goods (trap)', () => {
    expect(readDoubt('Корм сух. д/кош Whiskas 1 кг').doubt).not.toBe("the leaf's name is for other goods than the name");
  });
});

describe('a recipient the directory sorts goods for elsewhere', () => {
  it.each([
    ['Сухой шампунь для животных 200 мл', 'Сухие шампуни', 'people’s dry shampoo'],
    ['КАНАТ Д/СОБАК С МЯЧОМ', 'Автотовары', 'a car part'],
    ['Влажный корм д/с Зоогурман 350г', 'для кошек', 'cat food, the dogs written `д/с`'],
  ])('%s → %s (%s) is a question naming another leaf', (name, leaf) => {
    expect(readDoubt(name)).toMatchObject({ path: expect.stringContaining(leaf) as unknown, doubt: 'the name says another recipient than the leaf', namesAnotherLeaf: true });
  });

  it('but not a leaf of goods for all animals, nor one of the recipient itself (traps)', () => {
    expect(readDoubt('Миска для собак 0.5 л').doubt).not.toBe('the name says another recipient than the leaf');
    expect(readDoubt('Ошейник для собак кожаный').doubt).not.toBe('the name says another recipient than the leaf');
    // `Товары для малышей` is for people, whom the demographic words read: a children's book leaf explains them its own way.
    for (const name of ['Пеленки для собак', 'Соска для малышей', 'Книжка для малышей с окошками Умка']) expect(readDoubt(name).doubt).toBe('none');
  });

});

describe('a pest only a leaf of another branch is named against', () => {
  it('keeps a flea collar out of plain collars', () => {
    expect(readDoubt('Ошейник от блох и клещей для собак Bolfo 65см')).toMatchObject({ path: expect.stringContaining('Ошейники') as unknown, doubt: 'the name says a pest another leaf is for', namesAnotherLeaf: true });
  });

  it('but not goods of the branch whose own leaf is named against it (traps)', () => {
    expect(readDoubt('Фумигатор от комаров').doubt).not.toBe('the name says a pest another leaf is for');
    expect(readDoubt('Шампунь от блох для собак').doubt).not.toBe('the name says a pest another leaf is for');
  });
});

describe("a held word another section's kind of the goods says", () => {
  it.each([
    ['Тарелки одноразовые бумажные 18 см', 'Тарелки'],
    ['Стаканы бумажные 200мл', 'Стаканы'],
  ])('%s is no harmless word under %s', (name, leaf) => {
    expect(readDoubt(name)).toMatchObject({ path: expect.stringContaining(leaf) as unknown, doubt: "a held word says another section's kind of the goods", namesAnotherLeaf: true, heldBy: undefined });
  });

  it('while a held word that names the kind outright still proposes it, and one no other section says stays harmless (traps)', () => {
    expect(readDoubt('Стакан одноразовый').path).toContain('Одноразовая посуда');
    const toy = readDoubt('Мягкая игрушка медведь Тедди');
    expect(toy).toMatchObject({ doubt: 'words the leaf does not explain', heldBy: ['медведь'] });
  });
});
