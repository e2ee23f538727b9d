/**
 * Names a rule of this session made sure and wrong (issue 33, review findings F1–F3): each must stay a question, or at
 * least never be sure in the leaf named, on both sandbox directories, as the pipeline's `lookup: category` classifies them.
 */
import { describe, expect, it } from 'vitest';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const indexes = {
  original: buildClassifierIndex(buildSandboxDirectories('original')),
  marketplace: buildClassifierIndex(buildSandboxDirectories('marketplace')),
};
type Breadth = keyof typeof indexes;
const BOTH = ['original', 'marketplace'] as const;

/** The names among `names` the directory places sure, with the leaf. */
function findSure(breadth: Breadth, names: readonly string[]): string[] {
  return names.flatMap((name) => {
    const result = classifyProduct(indexes[breadth], { name });
    return result.confident ? [`${name} → ${result.path ?? ''}`] : [];
  });
}

describe('a word in capitals before a number (F1)', () => {
  it.each(BOTH)('is a material or a kind, not a car model, unless it is a vehicle maker (%s)', (breadth) => {
    expect(findSure(breadth, ['Перчатки ХБ 10 пар', 'Перчатки ПВХ 10', 'Светильник ЖКУ 250', 'Светильник НПП 100', 'Светильник ДПО 36'])).toEqual([]);
  });

  it('while a vehicle maker before a number is still the model the goods fit', () => {
    expect(classifyProduct(indexes.marketplace, { name: 'Стартер ВАЗ 2107 Denso 28100-01983' })).toMatchObject({ confident: true, path: expect.stringContaining('Стартер') as unknown });
  });
});

describe('a position word (F2)', () => {
  it.each(BOTH)('stays a doubt in clothing, whose only leaf named by position is a kind of goods (%s)', (breadth) => {
    expect(findSure(breadth, ['Штаны нижние мужские', 'Платье нижнее', 'Юбка нижняя', 'Футболка нижняя мужская'])).toEqual([]);
  });
});

describe('the `-ья` plural (F3)', () => {
  it.each(BOTH)('is no plural of any masculine noun: `плат` (a shawl) is no dress (%s)', (breadth) => {
    expect(findSure(breadth, ['Плат', 'Плат женский 89х89', 'Плат шерстяной']).filter((line) => line.includes('Платья'))).toEqual([]);
  });

  it.each(BOTH)('is still the plural of a neuter `-о` noun and of the few masculine nouns that have one (%s)', (breadth) => {
    const chairs = classifyProduct(indexes[breadth], { name: 'Стул деревянный' });
    expect(chairs.path ?? '').toContain('Стулья');
  });
});
