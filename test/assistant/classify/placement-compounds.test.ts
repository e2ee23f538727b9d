/**
 * The compound rule (an adjective opening a long word of the leaf's first four letters, `автомобильный` of `Автотовары`)
 * never takes one word of where goods stand for another (compound18): `настенные` and `настольные` share `наст`, yet a wall
 * clock is no table clock. The class is `readPlacementSpelling`'s, the label matcher's reader (lookalike18).
 */
import { describe, expect, it } from 'vitest';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import type { Category } from '../../../src/domain/index.js';
import { buildClassifierDirectories } from './classifier-directory.js';

/** A branch of leaves, each named by a placement word (`Настольные часы`, `Настольные лампы`). */
function buildPlacementBranch(leaves: readonly (readonly [number, string, string])[]): Category[] {
  const rus = 'Дом / Интерьер';
  const kaz = 'Үй / Интерьер';
  return [
    { id: 11, parentId: null, name: { rus: 'Интерьер', kaz: 'Интерьер' }, path: { rus, kaz }, isLeaf: false },
    ...leaves.map(([id, leafRus, leafKaz]) => ({ id, parentId: 11, name: { rus: leafRus, kaz: leafKaz }, path: { rus: `${rus} / ${leafRus}`, kaz: `${kaz} / ${leafKaz}` }, isLeaf: true })),
  ];
}

const index = buildClassifierIndex(buildClassifierDirectories(buildPlacementBranch([[1101, 'Настольные часы', 'Үстел сағаттары'], [1102, 'Настольные лампы', 'Үстел шамдары'], [1103, 'Часы', 'Сағаттар']])));
const wallIndex = buildClassifierIndex(buildClassifierDirectories(buildPlacementBranch([[1101, 'Часы настенные', 'Қабырға сағаттары'], [1102, 'Напольные лампы', 'Еден шамдары']])));

describe('a placement word explains no leaf of another placement word', () => {
  it.each(['Часы настенные', 'Настенные часы', 'Часы настенные кварцевые', 'Часы настеные'])('never reads %s as said by the table leaf', (name) => {
    const result = classifyProduct(index, { name });
    expect(result.confident, name).toBe(false);
    // The plain `Часы` leaf leaves `настенные` open; `Настольные часы` says another word, not the same goods' word.
    expect(result.doubt, name).not.toContain('Настольные часы');
  });

  it.each([
    ['Часы настольные', 'Настольные часы'],
    ['Лампа настольная', 'Настольные лампы'],
  ])('keeps %s sure of its own placement in another form (trap)', (name, leaf) => {
    expect(classifyProduct(index, { name })).toMatchObject({ confident: true, path: expect.stringContaining(leaf) as unknown });
  });

  it.each([
    ['Настенные часы', 'Часы настенные'],
    ['Лампа напольная', 'Напольные лампы'],
  ])('keeps %s sure of a leaf of the same placement word (trap)', (name, leaf) => {
    expect(classifyProduct(wallIndex, { name })).toMatchObject({ confident: true, path: expect.stringContaining(leaf) as unknown });
  });
});
