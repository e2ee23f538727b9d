import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { buildSandboxDirectories } from './measure-matching.js';

const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('the classifier\'s reading of a Russian-spelt label through a Kazakh name (issue 33, labels29)', () => {
  it('settles no question when the label gives the Kazakh word a Russian ending', () => {
    // Before: `Калпаки` (Russian plural of the loanword `калпак`, a felt hat) was a sure `Шляпы` through its Kazakh name
    // `Қалпақтар` (any hats): probe 25's fresh labels, a confident wrong pick (`Такии` as right).
    for (const [label, productNames] of [
      ['Калпаки', []],
      ['Калпаки', ['Калпак войлочный']],
    ] as const) {
      const match = marketplace.match(label, { productNames });
      expect(match.status, label).toBe('todo');
      expect(match.candidates[0]?.entry.name.rus, label).toBe('Шляпы');
    }
  });

  it('still settles one written as the Kazakh word or its stem (traps)', () => {
    for (const [label, name] of [
      // `Шапан` is the stem of the Kazakh name `Шапандар`.
      ['Шапан', 'Чапаны'],
      ['Национальная одежда/Шапан', 'Чапаны'],
      // The Kazakh singular, which is also the loanword's: the Kazakh reading stands.
      ['Калпак', 'Шляпы'],
    ] as const) {
      const match = marketplace.match(label, { productNames: [] });
      expect(match.status, label).not.toBe('todo');
      expect(match.best?.entry.name.rus, label).toBe(name);
    }
  });
});
