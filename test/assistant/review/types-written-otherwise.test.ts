/**
 * The review asks a type its names write otherwise (a word cut with a dot, another form or order)
 * with the type of more rows, so that one answer settles both (issue 33, the review loop); a type
 * with a word more stays a question of its own.
 */
import { describe, expect, it } from 'vitest';
import { getClassifierIndex } from '../../../src/assistant/classify/load-classifier-index.js';
import { createProductTypeCollector } from '../../../src/assistant/review/collect-product-types.js';
import { findAnsweredType, indexAnsweredTypes } from '../../../src/assistant/review/classify-with-answers.js';
import { createDirectoryIndex } from '../../../src/mapping/directory-index.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const directories = buildSandboxDirectories('marketplace');
const classifier = getClassifierIndex(directories, createDirectoryIndex(directories));

function collect(names: readonly string[]) {
  const collector = createProductTypeCollector({ classifier });
  names.forEach((name, i) => collector.add(name, i + 2));
  return collector.finish().groups;
}

describe('types written otherwise', () => {
  it('are one question, under the type of more rows, with an example of each', () => {
    const names = ['Свеча ароматическая Home Story 1 шт', 'Свеча ароматическая Bartek 2 шт', 'Свеча аромат. «Свечной двор» 1 шт', 'Свечи ароматические Bartek 6 шт', 'Свеча ароматическая лаванда 6 шт'];
    const groups = collect(names);
    const main = groups.find((group) => group.type === 'свеча ароматическая');
    expect(main?.rows).toBe(4);
    expect(main?.openRows.length).toBe(4 - (main?.placedRows ?? 0));
    expect(main?.examples.some((example) => example.includes('аромат.'))).toBe(true);
    expect(groups.find((group) => group.type === 'свеча ароматическая лаванда')?.rows).toBe(1);
    expect(groups.map((group) => group.type).sort()).toEqual(['свеча ароматическая', 'свеча ароматическая лаванда']);
    // The answer given under the question's type settles every name it holds.
    const answered = indexAnsweredTypes([[main?.type ?? '', 60505]]);
    for (const name of names.slice(0, 4)) expect(findAnsweredType(answered, name)?.answer).toBe(60505);
    expect(findAnsweredType(answered, names[4] ?? '')).toBeUndefined();
  });

  it('keep a type alone where its names write it both cut and whole', () => {
    const groups = collect(['Свеча ароматическая Home Story 1 шт', 'Свеча ароматическая Bartek 2 шт', 'Свеча аромат. Bartek 1 шт', 'Свеча аромат Bartek 3 шт']);
    expect(groups.map((group) => [group.type, group.rows]).sort()).toEqual([
      ['свеча аромат', 2],
      ['свеча ароматическая', 2],
    ]);
  });
});

describe('a Kazakh type written with and without its Kazakh letters', () => {
  it('is one question under the spelling of more rows, and its answer settles both', () => {
    const names = ['Әйнек тазалағыш Mr Muscle 500 мл', 'Әйнек тазалағыш Clin 500 мл', 'Айнек тазалагыш Clin 750 мл', 'Қой еті сүйекті 1 кг', 'Кой ети суйекти 1 кг', 'Кой ети суйекти 2 кг'];
    const groups = collect(names);
    expect(groups.map((group) => [group.type, group.rows]).sort()).toEqual([
      ['кой ети суйекти', 3],
      ['әйнек тазалағыш', 3],
    ]);
    const answered = indexAnsweredTypes(groups.map((group, i) => [group.type, i + 1] as const));
    for (const name of names) expect(findAnsweredType(answered, name)).toBeDefined();
  });
});
