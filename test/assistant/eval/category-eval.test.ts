import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../../src/assistant/create-directory-matchers.js';
import { buildSandboxDirectories } from '../measure-matching.js';
import { formatFigures, measureBrands, measureCategories, OWN_EVAL_DIR, readEvalLabels, SHARED_EVAL_DIR, type EvalFigures } from './measure-eval.js';

// Our labels: a tuning half and a held-out half the matcher was not tuned on (see the README beside them).
const OWN_LABELS = readEvalLabels(join(OWN_EVAL_DIR, 'labels.csv'), 'label');
const OWN_BRANDS = readEvalLabels(join(OWN_EVAL_DIR, 'brands.csv'), 'brand');

function describeWrong(figures: EvalFigures): string[] {
  return figures.outcomes.filter((o) => o.wrongConfident).map((o) => `${o.item.label} → ${o.top ?? ''} (expected ${o.item.expected.join('|') || 'none'})`);
}

describe('matching quality on labelled seller texts', () => {
  for (const set of ['tuning', 'heldout', 'heldout2']) {
    it(`our ${set} labels: no confident wrong match, most right at the top`, () => {
      const categories = measureCategories(OWN_LABELS.filter((label) => label.set === set));
      const brands = measureBrands(OWN_BRANDS.filter((label) => label.set === set));
      if (brands.total === 0) expect(set).toBe("heldout2");
      console.log(formatFigures(`own categories (${set})`, categories));
      console.log(formatFigures(`own brands (${set})`, brands));
      expect(categories.total).toBeGreaterThanOrEqual(30);
      expect(describeWrong(categories)).toEqual([]);
      expect(describeWrong(brands)).toEqual([]);
      expect(categories.rightTop / categories.total).toBeGreaterThanOrEqual(0.85);
      expect(categories.rightConfident / categories.total).toBeGreaterThanOrEqual(0.6);
    });
  }

  it.runIf(SHARED_EVAL_DIR !== undefined)('the shared evaluation set: no confident wrong match', () => {
    const dir = SHARED_EVAL_DIR ?? '';
    const categories = measureCategories(readEvalLabels(join(dir, 'labels.csv'), 'label'));
    const brands = measureBrands(readEvalLabels(join(dir, 'brands.csv'), 'brand'));
    console.log(formatFigures('shared categories', categories));
    console.log(formatFigures('shared brands', brands));
    expect(describeWrong(categories)).toEqual([]);
    expect(describeWrong(brands)).toEqual([]);
    expect(categories.rightTop / categories.total).toBeGreaterThanOrEqual(0.85);
  });

  it('decides the same in a directory grown sevenfold (over 2,000 leaves): other leaves change no decision', () => {
    const directories = buildSandboxDirectories();
    const grown = structuredClone(directories);
    for (let copy = 1; copy < 7; copy++) {
      for (const category of directories.categories) {
        const id = category.id + copy * 1_000_000;
        grown.categories.push({
          ...category,
          id,
          name: { rus: `Позиция ${id}`, kaz: `Позиция ${id}` },
          path: { rus: `Витрина ${copy} / Раздел ${Math.floor(id / 100)} / Позиция ${id}`, kaz: `Витрина ${copy} / Бөлім ${Math.floor(id / 100)} / Позиция ${id}` },
        });
      }
    }
    const small = createDirectoryMatchers(directories).categoryMatcher();
    const large = createDirectoryMatchers(grown).categoryMatcher();
    const decide = (matcher: typeof small, label: (typeof OWN_LABELS)[number]): string => {
      const match = matcher.match(label.label, { productNames: [label.product] });
      return `${label.label}: ${match.status} ${match.best?.key ?? ''}`;
    };
    const started = performance.now();
    const decisions = OWN_LABELS.map((label) => decide(large, label));
    // Not a timing test: a loose bound that only a full comparison of every leaf for every word would break.
    expect(performance.now() - started).toBeLessThan(60_000);
    expect(decisions).toEqual(OWN_LABELS.map((label) => decide(small, label)));
  });
});
