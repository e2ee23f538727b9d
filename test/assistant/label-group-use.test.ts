/**
 * A use after a preposition that the leaf's own group names, and the group of the other leaf its head names does not,
 * chooses the leaf (labels31, `create-qualifier-check.ts`); `против` opens a use as `от` does (`label-text.ts`, also in the
 * veto), a use opened by another preposition than the leaf's is no misspelling of its use, and a leaf
 * name with no use is met by the label's head alone (`score-by-name.ts`).
 */
import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { buildSandboxDirectories } from './measure-matching.js';

const matcher = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('a use the leaf group names', () => {
  it('takes `Фен для волос` for the hair dryers beside the building heat guns, surely', () => {
    const match = matcher.match('Фен для волос', { productNames: ['Фен 2200 Вт с диффузором'] });
    expect(match.status).toBe('confident');
    expect(match.best?.entry.path?.rus).toBe('Бытовая техника / Техника для красоты / Фены');
  });

  it('leaves a use no group of the head names a question (`Краска для стен`)', () => {
    expect(matcher.match('Краска для стен', { productNames: ['Краска для стен белая 10 л'] }).status).toBe('todo');
  });

  it('never reads a leaf adjective in the label use as a name inside it (`Шампуни для сухих волос` are no dry shampoo)', () => {
    const match = matcher.match('Шампуни для сухих волос', { productNames: ['Шампунь для сухих волос 400 мл'] });
    expect(match.status === 'todo' || match.best?.entry.name.rus === 'Шампуни').toBe(true);
  });

  it('reads `против` as `от` in the veto: `Средства против моли` are surely `Средства от моли`', () => {
    const labels = [['Средства против моли', 'Средство от моли Раптор'], ['Средство против накипи', 'Средство от накипи'], ['Средство против засора', 'Средство от засоров в трубах']] as const;
    for (const [label, product] of labels) {
      const match = matcher.match(label, { productNames: [product] });
      expect(match.status, label).not.toBe('todo');
      expect(match.best?.entry.name.rus, label).toMatch(/^Средства от /u);
    }
  });

  it('never takes a use against one thing for a use for another one letter off (`Средства от пота` are no `Средства для пола`)', () => {
    for (const label of ['Средства от пота', 'Средства против пота']) {
      const match = matcher.match(label, { productNames: ['Антиперспирант'] });
      expect(match.status === 'todo' || match.best?.entry.name.rus !== 'Средства для пола', label).toBe(true);
    }
  });

  it('keeps a leaf named with `против` its own name', () => {
    const match = matcher.match('Средства против выпадения волос', { productNames: [] });
    expect(match.best?.entry.name.rus).toBe('Средства против выпадения волос');
  });
});
