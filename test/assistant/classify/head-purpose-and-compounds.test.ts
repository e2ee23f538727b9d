/**
 * Sure wrong picks on shops the tool was never tuned on (issue 33, probe 12 causes 1–3): a material leaf that drops the
 * purpose the product says, a seller's unhyphenated compound, and a Kazakh homonym of the name's head noun.
 */
import { describe, expect, it } from 'vitest';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import type { Category } from '../../../src/domain/index.js';
import { buildClassifierDirectories } from './classifier-directory.js';

const branch = (id: number, rus: string, kaz: string): Category => ({ id, parentId: null, name: { rus, kaz }, path: { rus, kaz }, isLeaf: false });
const leaf = (id: number, parentId: number, [rus, kaz]: readonly [string, string], [parentRus, parentKaz]: readonly [string, string]): Category => ({
  id,
  parentId,
  name: { rus, kaz },
  path: { rus: `${parentRus} / ${rus}`, kaz: `${parentKaz} / ${kaz}` },
  isLeaf: true,
});
const STORAGE = ['Хранение вещей', 'Заттарды сақтау'] as const;
const PACKAGING = ['Упаковка', 'Орам'] as const;
const KITCHEN = ['Кухонные принадлежности', 'Ас үй керек-жарақтары'] as const;
const SKATES = ['Скейтборды', 'Скейтбордтар'] as const;
const FIGHTS = ['Единоборства', 'Жекпе-жек'] as const;
const index = buildClassifierIndex(
  buildClassifierDirectories([
    branch(20, ...STORAGE),
    leaf(2001, 20, ['Коробки для хранения', 'Сақтау қораптары'], STORAGE),
    branch(21, ...PACKAGING),
    leaf(2101, 21, ['Коробки картонные', 'Картон қораптар'], PACKAGING),
    branch(22, ...KITCHEN),
    leaf(2201, 22, ['Ланч-боксы', 'Ланч-бокстар'], KITCHEN),
    branch(23, ...SKATES),
    leaf(2301, 23, ['Пенни-борды', 'Пенни-бордтар'], SKATES),
    branch(24, ...FIGHTS),
    leaf(2401, 24, ['Боксёрские груши', 'Бокс қаптары'], FIGHTS),
    leaf(2402, 24, ['Капы', 'Капалар'], FIGHTS),
  ]),
);
const classify = (name: string): ReturnType<typeof classifyProduct> => classifyProduct(index, { name });

describe('a name two leaves each explain in part (probe 12, cause 1)', () => {
  it('takes the leaf whose name says the purpose the product says, not the one of its material', () => {
    expect(classify('Коробка для хранения картонная 30x20 мятный')).toMatchObject({ leafId: 2001, confident: true });
  });

  it('still takes the material leaf where the product says no purpose', () => {
    expect(classify('Коробка картонная 40x30')).toMatchObject({ leafId: 2101, confident: true });
  });

  it('is never sure of the purpose leaf where the material comes first and the leaf does not explain it', () => {
    expect(classify('Коробка картонная для хранения')).not.toMatchObject({ leafId: 2101, confident: true });
    expect(classify('Коробка картонная для хранения').confident).toBe(false);
  });
});

describe('an unhyphenated compound (probe 12, cause 2)', () => {
  it.each([
    ['Ланчбокс 800 мл с приборами', 2201],
    ['Пенниборд 22 дюйма', 2301],
  ])('meets its hyphenated leaf: %s', (name, leafId) => {
    expect(classify(name)).toMatchObject({ leafId, confident: true });
  });

  it('is read only as the parts of a name the directory writes with a hyphen', () => {
    expect(classify('Ланчкоробка 800 мл').leafId).toBeUndefined();
  });
});

describe('a Kazakh homonym of the head noun (probe 12, cause 3)', () => {
  it('does not let the boxing bags of `Бокс қаптары` take a gum shield the Russian `Капы` names', () => {
    const result = classify('Капа боксёрская Everlast');
    expect(result.leafId).toBe(2402);
    expect(result).not.toMatchObject({ leafId: 2401, confident: true });
  });

  it('leaves the boxing bags to a name that says them in Russian', () => {
    expect(classify('Боксёрская груша 30 кг')).toMatchObject({ leafId: 2401, confident: true });
  });
});
