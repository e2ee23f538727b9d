import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { BRANCH_PART_DOUBT } from '../../src/assistant/category-label/branch-names.js';
import { buildSandboxDirectories } from './measure-matching.js';

const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('a label naming a part of a branch\'s list name, matched outside that branch (issue 33, labels29)', () => {
  it('is a question: the directory files those goods by kind in that branch too', () => {
    // Before: `Кепки` was a sure `Прочие аксессуары / Головные уборы` through the vocabulary's `кепки` → `головные уборы`
    // (probe 23's fresh labels: a confident wrong pick, `Бейсболки` of `Головные уборы и текстиль` as right).
    for (const label of ['Кепки', 'Головные уборы']) {
      const match = marketplace.match(label, { productNames: [] });
      expect(match.status, label).toBe('todo');
      expect(match.candidates[0]?.entry.name.rus, label).toBe('Головные уборы');
      expect(match.doubt, label).toBe(BRANCH_PART_DOUBT);
    }
  });

  it('keeps the classifier from settling the question a rewrite raised', () => {
    // The classifier reads `Кепки` by the same vocabulary, sure of the plain leaf: the doubt stays through the rewrite.
    const match = marketplace.match('Кепки', { productNames: ['Кепка летняя'] });
    expect(match.status).toBe('todo');
  });

  it('leaves leaves inside that branch, a branch naming its own leaf and whole names alone (traps)', () => {
    for (const [label, name] of [
      // Leaves of `Головные уборы и текстиль` itself.
      ['Бейсболки', 'Бейсболки'],
      ['Шляпы', 'Шляпы'],
      ['Панамы', 'Панамы'],
      // `Смартфоны` of `Смартфоны и гаджеты` stands inside the branch it names.
      ['Смартфоны', 'Смартфоны'],
    ] as const) {
      const match = marketplace.match(label, { productNames: [] });
      expect(match.status, label).not.toBe('todo');
      expect(match.best?.entry.name.rus, label).toBe(name);
    }
  });

  it('stays with the leaf it was raised about: a question whose first leaf stands inside the branch carries no such doubt (trap)', () => {
    // `Панамы` with its product name is a question whose first leaf is `Головные уборы и текстиль / Панамы`; the rewrite's
    // doubt was raised about the leaf outside the branch, and beside this one it would say the wrong thing.
    const match = marketplace.match('Панамы', { productNames: ['Панамы'] });
    expect(match.candidates[0]?.entry.name.rus).toBe('Панамы');
    expect(match.doubt).not.toBe(BRANCH_PART_DOUBT);
  });
});
