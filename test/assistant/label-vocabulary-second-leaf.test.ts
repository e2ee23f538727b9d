import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { SYNONYM_LEAF_DOUBT } from '../../src/assistant/category-label/with-synonyms.js';
import { buildSandboxDirectories } from './measure-matching.js';

const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('a label one leaf names and the vocabulary\'s rewrite names another (issue 33, labels30)', () => {
  it('is a question listing both', () => {
    // Before: `Трусы муж.` was the exact `Мужская одежда: дополнительно / Трусы мужские` (probe 24's fresh labels: a confident
    // wrong pick, both leaves right); the vocabulary reads `трусы` as a kind of `нижнее бельё`, `Мужская одежда / Нижнее бельё`.
    for (const productNames of [[], ['Трусы брифы мужские хлопок']]) {
      const match = marketplace.match('Трусы муж.', { productNames });
      expect(match.status, productNames.join()).toBe('todo');
      expect(match.candidates.slice(0, 2).map((candidate) => candidate.entry.path?.rus)).toEqual(['Одежда / Мужская одежда: дополнительно / Трусы мужские', 'Одежда / Мужская одежда / Нижнее бельё']);
      expect(match.doubt).toBe(SYNONYM_LEAF_DOUBT);
    }
  });

  it('leaves a rewrite that is only near a leaf, or names no one leaf, alone (traps)', () => {
    for (const [label, name] of [
      // `шапки`, `шляпы` are `головные уборы`, but the rewrite keeps a word `Прочие аксессуары / Головные уборы` does not say.
      ['Шапка вязаная', 'Шапки вязаные'],
      ['Шляпы летние', 'Шляпы'],
      // `нижнее белье` for nobody in particular is no one leaf's name: women's and men's underwear share it.
      ['Бюстгальтеры', 'Бюстгальтеры'],
      // A leaf's whole name, word for word, is that leaf, though the vocabulary reads its goods as a kind of a broader leaf
      // (`бра` → `светильники`, `консилеры` → `тональные средства`, `трусы` → `нижнее бельё`; review30).
      ['Бра', 'Бра'],
      ['Консилеры', 'Консилеры'],
      ['Трусы мужские', 'Трусы мужские'],
      ['Одежда/Трусы мужские', 'Трусы мужские'],
      ['Освещение > Бра', 'Бра'],
      ['12.04 Консилеры', 'Консилеры'],
    ] as const) {
      const match = marketplace.match(label, { productNames: [] });
      expect(match.status, label).not.toBe('todo');
      expect(match.best?.entry.name.rus, label).toBe(name);
    }
  });
});
