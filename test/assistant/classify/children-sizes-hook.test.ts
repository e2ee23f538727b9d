/**
 * A children's size read by the classifier (`children-sizes.ts`): an adult gendered leaf is never sure for a sized name that
 * says no people, on both sandbox directories; goods the directory does not split by people keep their leaf.
 */
import { describe, expect, it } from 'vitest';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { BOTH, findSure, indexes } from './find-sure-names.js';

describe('a children\'s size in the name', () => {
  it.each(BOTH)('keeps a sized garment out of the women\'s and men\'s leaves (%s)', (breadth) => {
    const adult = findSure(breadth, ['Платье в клетку (2-7) 10шт', 'Платье белое с кошкой (110-128) 8шт', 'Лосины короткие (белые, 150)', 'Платья Babydola 11508 (6-24) 8шт', 'Плащ светло-коричневый с капюшоном (7T)']).filter((line) => /Женская|Мужская/u.test(line));
    expect(adult).toEqual([]);
  });

  it('places a sized dress with the children\'s dresses', () => {
    expect(classifyProduct(indexes.marketplace, { name: 'Платье в клетку (2-7) 10шт' })).toMatchObject({ path: expect.stringContaining('Детская одежда') as unknown });
  });

  it.each(BOTH)('leaves an adult size, and a name that says an adult, where they were (%s)', (breadth) => {
    for (const name of ['Платье (48)', 'Платье женское (130)', 'Брюки 170-176']) {
      const result = classifyProduct(indexes[breadth], { name });
      expect(result.path ?? '').not.toContain('Детская');
    }
  });

  it.each(BOTH)('changes nothing for goods the directory keeps for nobody (%s)', (breadth) => {
    for (const name of ['Фильтр для воды (130)', 'Одеяло (110-140)', 'Домкрат подкатной 5т', 'Набор для творчества (4-7 лет)']) {
      const index = indexes[breadth];
      const sized = classifyProduct(index, { name });
      const bare = classifyProduct(index, { name: name.replace(/\s*\(?[\d-]+\s*(?:т|лет)?\)?$/u, '') });
      expect(sized.leafId).toBe(bare.leafId);
    }
  });
});
