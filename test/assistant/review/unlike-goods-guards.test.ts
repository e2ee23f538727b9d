/**
 * The guards of the rule "a key is no question when the rests of its names open with goods spread over three categories or
 * more" (issue 33, probe 14, `collect-product-types.ts` `readRest`): a rest counts as goods of its own only when its first
 * word starts the rest's product type. A rest that says what the goods are for (`под телевизор` after a brand the key stops
 * at) names no goods of its own: stands for TVs, umbrellas and hot pans are one kind, one question.
 */
import { describe, expect, it } from 'vitest';
import { getClassifierIndex } from '../../../src/assistant/classify/load-classifier-index.js';
import { createProductTypeCollector } from '../../../src/assistant/review/collect-product-types.js';
import { createDirectoryIndex } from '../../../src/mapping/directory-index.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const directories = buildSandboxDirectories('marketplace');
const classifier = getClassifierIndex(directories, createDirectoryIndex(directories));

function collect(names: readonly string[]): ReturnType<ReturnType<typeof createProductTypeCollector>['finish']> {
  const collector = createProductTypeCollector({ classifier });
  names.forEach((name, i) => collector.add(name, i + 2));
  return collector.finish();
}

describe('the rest of a name read as goods of its own', () => {
  it('is not a rest that says what the goods are for: the key stays one question (trap: the rest must open its own product type)', () => {
    // The brand ends the key (`подставка`); each rest (`под телевизор`, `под зонты`, …) reads a leaf of another category.
    const names = ['Подставка Samsung под телевизор', 'Подставка Bosch под зонты', 'Подставка Tefal под горячее', 'Подставка Philips под цветы', 'Подставка Xiaomi под ноутбук', 'Подставка LG под телефон'];
    const { groups, untypedRows } = collect(names);
    expect(groups.map((group) => [group.type, group.rows])).toEqual([['подставка', 6]]);
    expect(untypedRows).toBe(0);
  });
});
