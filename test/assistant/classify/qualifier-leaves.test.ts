/**
 * An adjective another leaf is named by (issue 33, probe 13 item 2): `садовый` of `Стол садовый` is explained for `Дом и сад /
 * Мебель / Столы` only by the section's name, while `Садовая мебель` says it beside the `Мебель` of the tables' branch. The
 * garden leaf may be the goods' leaf, so the plain one is no sure answer; a leaf whose own name or branch says the adjective is.
 */
import { describe, expect, it } from 'vitest';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const indexes = {
  original: buildClassifierIndex(buildSandboxDirectories('original')),
  marketplace: buildClassifierIndex(buildSandboxDirectories('marketplace')),
};
const BOTH = ['original', 'marketplace'] as const;

describe('an adjective only the leaf\'s section explains', () => {
  it.each(BOTH)('keeps the plain leaf from being sure where another leaf is named by it (%s)', (breadth) => {
    for (const name of ['Стол садовый 80х80', 'Стул садовый пластиковый']) {
      const result = classifyProduct(indexes[breadth], { name });
      expect(result.confident, name).toBe(false);
      expect(result.doubt).toContain('Садовая мебель');
    }
  });

  it.each(BOTH)('leaves sure a leaf whose own branch or name says it, and a name without it (%s, trap)', (breadth) => {
    expect(classifyProduct(indexes[breadth], { name: 'Шланг садовый 20 м' })).toMatchObject({ confident: true, path: expect.stringContaining('Шланги') as unknown });
    expect(classifyProduct(indexes[breadth], { name: 'Лампа настольная' })).toMatchObject({ confident: true, path: expect.stringContaining('Настольные лампы') as unknown });
  });
});
